"""Every sentence about a tournament, from the ``tournament`` gettext domain
(``audiopoker/tournament/locale/{en,es}/LC_MESSAGES/tournament.po``), and the listener
that says them at the table.

What the player hears: at the start, what a sit-and-go is, which places are paid, and the
level; at the start of a level's last hand, "Blinds go up to 2 and 4 next hand." (the
narration says "New blinds: 2 and 4." when they change, from the engine's BlindsChanged);
the level and the next change on request (the level key) and, with ``--level-each-hand``,
at every hand's start; when the player goes out, whether the place is paid; at the end,
after the final standings, the prizes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, Protocol

from audiopoker.engine.events import Event, GameEnded, HandStarted, PlayerEliminated
from audiopoker.i18n import Catalog, Language, get_catalog
from audiopoker.narration.catalog import get_catalog as narration_catalog
from audiopoker.narration.words import amount, ordinal
from audiopoker.output.message import Message
from audiopoker.persistence.stats import TournamentSummary
from audiopoker.tournament.director import BlindsRising, Director, LevelStatus
from audiopoker.tournament.schedule import Level, Problem, TournamentError, prize_shares

TOURNAMENT_DOMAIN: Final = "tournament"
TOURNAMENT_LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def percent(share: float) -> str:
    """A share of the prize pool as whole digits (ties may split a prize unevenly: the
    nearest whole percent is what a voice can say plainly)."""
    return str(math.floor(share + 0.5))


class TournamentText:
    """The tournament's sentences in one language."""

    def __init__(self, lang: Language = "en") -> None:
        self.lang: Language = lang
        self.catalog: Catalog = get_catalog(lang, TOURNAMENT_DOMAIN, TOURNAMENT_LOCALE_DIR)

    def _(self, key: str, /, **fields: object) -> str:
        return self.catalog.text(key, **fields)

    def _n(self, key: str, count: int, /, **fields: object) -> str:
        return self.catalog.plural(key, count, **fields)

    def join(self, items: Sequence[str]) -> str:
        """'a, b and c' / 'a, b y c' (the narration's list patterns)."""
        return narration_catalog(self.lang).join(items)

    # --- the level ----------------------------------------------------------------------
    def blinds_rising(self, small: int, big: int, ante: int) -> str:
        """'Blinds go up to 2 and 4 next hand.'"""
        fields = {"small": amount(small), "big": amount(big), "ante": amount(ante)}
        return self._("rising.ante" if ante else "rising", **fields)

    def status(self, status: LevelStatus) -> list[str]:
        """The level now, then when the blinds change and to what."""
        level = status.level
        now = "level.now.ante" if level.ante else "level.now"
        sentences = [
            self._(
                now,
                number=status.number,
                count=status.count,
                small=amount(level.small_blind),
                big=amount(level.big_blind),
                ante=amount(level.ante),
            )
        ]
        coming = status.coming
        if coming is None:
            sentences.append(self._("level.last"))
        elif status.next_hand:
            sentences.append(self.blinds_rising(coming.small_blind, coming.big_blind, coming.ante))
        else:
            sentences.append(self._next(status, coming))
        return sentences

    def _next(self, status: LevelStatus, coming: Level) -> str:
        fields = {
            "small": amount(coming.small_blind),
            "big": amount(coming.big_blind),
            "ante": amount(coming.ante),
        }
        suffix = ".ante" if coming.ante else ""
        if status.minutes_left is not None:
            return self._n(f"level.next.minutes{suffix}", status.minutes_left, **fields)
        return self._n(f"level.next.hands{suffix}", status.hands_left or 0, **fields)

    def cash_game(self, started: HandStarted | None) -> str:
        """The level key in a cash game: the blinds never change."""
        if started is None:
            return self._("cash")
        fields = {
            "small": amount(started.small_blind_amount),
            "big": amount(started.big_blind_amount),
            "ante": amount(started.ante),
        }
        return self._("cash.blinds.ante" if started.ante else "cash.blinds", **fields)

    # --- the start ----------------------------------------------------------------------
    def welcome(self, payouts: Sequence[int], key: str) -> list[str]:
        """What a sit-and-go is, how the level is asked for, and which places are paid."""
        sentences = [self._("welcome", key=key)]
        if payouts:
            shares = [
                self._("paid.item", place=ordinal(place, self.lang), percent=share)
                for place, share in enumerate(payouts, start=1)
            ]
            sentences.append(self._n("paid", len(payouts), shares=self.join(shares)))
        else:
            sentences.append(self._("ranked"))
        return sentences

    # --- the end ------------------------------------------------------------------------
    def prizes(self, shares: Sequence[tuple[str | None, float]]) -> str:
        """'Prizes: Ana 50 percent, Beto 30 percent and you 20 percent.' (a None name is
        the player), in finishing order."""
        items = [
            self._("prize.you", percent=percent(share))
            if name is None
            else self._("prize.other", name=name, percent=percent(share))
            for name, share in shares
        ]
        return self._("prizes", prizes=self.join(items))

    def out(self, share: float, paid: int) -> str:
        """The player is out: whether that place is paid."""
        if share > 0:
            return self._("out.paid", percent=percent(share))
        return self._n("out.unpaid", paid)

    # --- refusals -----------------------------------------------------------------------
    def problem(self, error: TournamentError) -> str:
        """Why a levels file or the payouts are refused, with what to write instead."""
        details = error.details
        variant = ""
        if error.problem is Problem.OUT_OF_RANGE and details.get("key") == "minutes":
            variant = ".minutes"
        if "level" not in details and error.problem in _LEVEL_OR_TOP:
            variant += ".top"
        return self._(f"problem.{error.problem.value}{variant}", **details)

    def levels_file(self, file: str, problem: str) -> str:
        """'levels.toml: level 3: ...'"""
        return self._("levels.where", file=file, problem=problem)

    def unreadable_file(self, key: str, file: str, **fields: object) -> str:
        """A levels file that cannot be read (``key``: levels.no_file, levels.folder,
        levels.unreadable, levels.not_utf8), with what to name instead."""
        return self._(key, file=file, **fields)

    def refusal(self, key: str, **fields: object) -> str:
        """An option refused with the tournament (``key``: payouts.players, blinds_given)."""
        return self._(key, **fields)

    # --- audiopoker stats ---------------------------------------------------------------
    def summary(self, summary: TournamentSummary) -> list[str]:
        """The tournaments' lines of ``audiopoker stats`` (none when none was played)."""
        if not summary.played:
            return []
        lines = [
            self._n("stats.played", summary.played, finished=summary.finished, won=summary.won),
            self._n("stats.hands", summary.hands, won=summary.hands_won),
        ]
        if summary.places:
            places = [ordinal(place, self.lang) for place in summary.places]
            lines.append(self._("stats.places", places=self.join(places)))
        if summary.paying:
            lines.append(self._("stats.money", paid=summary.paying, count=summary.in_the_money))
        return lines


# Problems said with "level N: ..." when about a level, else about the file's top.
_LEVEL_OR_TOP: Final = frozenset(
    {Problem.NOT_WHOLE, Problem.NOT_A_NUMBER, Problem.OUT_OF_RANGE, Problem.BOTH_LENGTHS}
)


class Places(Protocol):
    """What the prizes need of a table: each seat's finishing place (None: still in)."""

    @property
    def places(self) -> tuple[int | None, ...]: ...


class TournamentTalk:
    """The listener that says the tournament's news at the table: ``send`` routes one
    message (the output router's send). ``names`` are the seats' names, ``me`` the
    player's seat (None when watching)."""

    def __init__(
        self,
        text: TournamentText,
        director: Director,
        names: Sequence[str],
        me: int | None,
        send: Callable[[Message], object],
    ) -> None:
        self.text = text
        self.director = director
        self.names = tuple(names)
        self.me = me
        self._send = send
        self._rising: BlindsRising | None = None
        self._out = False  # the player went out in this hand
        self._ended = False  # the tournament ended with this hand

    def level_answer(self) -> list[str]:
        """The level key's answer."""
        return self.text.status(self.director.status())

    def on_event(self, event: Event) -> None:
        """Held until the hand's opening was said: the announcement of a level's last hand
        (BlindsRising comes before HandStarted), or the level at every hand's start."""
        if isinstance(event, BlindsRising):
            self._rising = event
        elif isinstance(event, HandStarted):
            rising, self._rising = self._rising, None
            if rising is not None:
                text = self.text.blinds_rising(
                    rising.small_blind_amount, rising.big_blind_amount, rising.ante
                )
                self._send(Message("blinds_rising", text))
            elif self.director.tournament.each_hand:
                self._send(Message("level", " ".join(self.level_answer())))
        elif isinstance(event, PlayerEliminated) and event.seat == self.me:
            self._out = True
        elif isinstance(event, GameEnded):
            self._ended = True

    def on_hand_finished(self, table: Places) -> None:
        """After the hand's eliminations and the final standings were said (every place is
        known then, ties too): the prizes at the end, or whether the player's place is paid."""
        payouts = self.director.tournament.payouts
        out, ended = self._out, self._ended
        self._out = self._ended = False
        if not payouts or not (out or ended):
            return
        places = {seat: place for seat, place in enumerate(table.places) if place is not None}
        shares = prize_shares(places, payouts)
        if ended:
            order = sorted(places, key=lambda seat: (places[seat], seat))
            paid = [
                (None if seat == self.me else self.names[seat], shares[seat])
                for seat in order
                if shares[seat] > 0
            ]
            self._send(Message("prizes", self.text.prizes(paid)))
        elif self.me is not None:
            self._send(Message("prize", self.text.out(shares[self.me], len(payouts))))
