"""The coach's error rate over sessions and the blunders, in words, for ``audiopoker stats``
(issue 26, point 6). Sentences from the ``commands`` catalogs (``stats.coach.*``,
``stats.blunder*``), whole in each language and vocabulary; cards in words as at the table.

The error rate is the big blinds lost per 100 decisions against the coach's choice, said
for the last game, the last 7 and 30 days, then by street and by kind over the 30 days,
each with how many decisions it rests on and how far it can be trusted.
"""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path
from typing import Final

from audiopoker import i18n
from audiopoker.cards import parse_cards
from audiopoker.narration.language import Language
from audiopoker.narration.words import amount, card_list
from audiopoker.persistence.decisions import (
    BLUNDER_BB,
    Blunder,
    DecisionRecord,
    ErrorRate,
    RateLine,
    blunders,
    error_rate,
    last_game,
)
from audiopoker.persistence.stats import StatsDB

LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
WINDOWS: Final = (("week", 7), ("month", 30))  # the windows said after the last game


@dataclasses.dataclass(frozen=True, slots=True)
class ErrorRates:
    """The error rate of the last game and of each window of days."""

    session: ErrorRate | None
    week: ErrorRate
    month: ErrorRate

    def as_json(self) -> dict[str, object]:
        """The numbers, with the rates and bands worked out."""

        def numbers(rate: ErrorRate | None) -> dict[str, object] | None:
            if rate is None:
                return None
            lines = {"by_street": rate.by_street, "by_kind": rate.by_kind}
            return {
                "decisions": rate.decisions,
                "bb_lost": round(rate.loss, 3),
                "bb_per_100": round(rate.per_100, 2),
                "mistakes": rate.mistakes,
                "mistake_share": round(rate.mistake_share, 4),
                "blunders": rate.blunders,
                "band": rate.band,
                **{
                    name: [
                        {
                            "key": line.key,
                            "decisions": line.decisions,
                            "bb_lost": round(line.loss, 3),
                            "bb_per_100": round(line.per_100, 2),
                            "mistakes": line.mistakes,
                        }
                        for line in group
                    ]
                    for name, group in lines.items()
                },
            }

        return {
            "last_game": numbers(self.session),
            "last_7_days": numbers(self.week),
            "last_30_days": numbers(self.month),
        }


def read_rates(stats: StatsDB, now: datetime.datetime) -> ErrorRates | None:
    """The error rates as of ``now``; None when no decision was ever kept."""
    game = last_game(stats)
    if game is None:
        return None
    since = {
        name: (now - datetime.timedelta(days=days)).replace(microsecond=0).isoformat()
        for name, days in WINDOWS
    }
    return ErrorRates(
        session=error_rate(stats, game_id=game),
        week=error_rate(stats, since=since["week"]),
        month=error_rate(stats, since=since["month"]),
    )


def read_blunders(stats: StatsDB) -> list[Blunder]:
    """The decisions that cost ``BLUNDER_BB`` or more, newest first."""
    return blunders(stats, BLUNDER_BB)


def whole(value: float) -> int:
    """A number said whole (the coach says big blinds whole, too)."""
    return round(value)


class DecisionText:
    """The sentences of the error rate and the blunders in one language."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang
        self.catalog = i18n.get_catalog(lang, "commands", LOCALE_DIR)

    def _(self, key: str, /, **fields: object) -> str:
        return self.catalog.text(key, **fields)

    def _n(self, key: str, count: int, /, **fields: object) -> str:
        return self.catalog.plural(key, count, **fields)

    def rate_lines(self, rates: ErrorRates | None) -> list[str]:
        """The error rate's lines: a heading, the last game and the windows (each with its
        band), then the 30 days by street and by kind; one line when nothing was kept."""
        if rates is None:
            return [self._("stats.coach.none")]
        lines = [self._("stats.coach.title")]
        windows = (("session", rates.session), ("week", rates.week), ("month", rates.month))
        for name, rate in windows:
            if rate is None or not rate.decisions:
                lines.append(self._(f"stats.coach.{name}.none"))
                continue
            said = self._n(f"stats.coach.{name}", rate.decisions, **self._numbers(rate))
            lines.append(f"{said} {self._(f'stats.coach.band.{rate.band}')}")
        month = rates.month
        if month.decisions:
            lines.append(self._("stats.coach.by_street"))
            for line in month.by_street:
                key = f"stats.coach.street.{line.key}"
                lines.append(self._n(key, line.decisions, **self._numbers(line)))
        if month.by_kind:
            lines.append(self._("stats.coach.by_kind"))
            for line in month.by_kind:
                key = f"stats.coach.kind.{line.key}"
                lines.append(self._n(key, line.decisions, loss=whole(line.loss)))
        return lines

    @staticmethod
    def _numbers(rate: ErrorRate | RateLine) -> dict[str, object]:
        return {"rate": whole(rate.per_100), "share": whole(100 * rate.mistake_share)}

    def blunder_lines(self, found: list[Blunder]) -> list[str]:
        """A heading and one line per blunder, newest first; one line when there is none."""
        least = amount(int(BLUNDER_BB))
        if not found:
            return [self._("stats.blunders.none", least=least)]
        lines = [self._n("stats.blunders.title", len(found), least=least)]
        return lines + [self.blunder_line(blunder) for blunder in found]

    def blunder_line(self, blunder: Blunder) -> str:
        """'2025-01-02, hand 14, on the flop with ace of spades and king of spades and ...
        on the board: you called; the coach suggested: fold. It cost you 3 big blinds.'"""
        r = blunder.record
        board = parse_cards(r.board) if r.board else ()
        return self._n(
            f"stats.blunder.{r.street}",
            whole(r.loss),
            date=blunder.played_at[:10],
            hand=blunder.hand_number,
            hole=card_list(parse_cards(r.hole), self.lang) if r.hole else "",
            board=card_list(board, self.lang),
            did=self._action("did", r.action, r.amount),
            coach=self._action("coach", r.suggested, r.suggested_amount),
        )

    def _action(self, who: str, action: str, chips: int | None) -> str:
        fields = {"amount": amount(chips)} if chips is not None else {}
        return self._(f"stats.blunder.{who}.{action}", **fields)


def blunder_json(blunder: Blunder) -> dict[str, object]:
    """One blunder as ``stats --blunders --json`` prints it."""
    record: DecisionRecord = blunder.record
    return {
        "played_at": blunder.played_at,
        "game_id": blunder.game_id,
        "hand": blunder.hand_number,
        **dataclasses.asdict(record),
        "kind": record.kind,
    }
