"""What every part of the narration shares: the table context folded from the events seen
so far (names, button and positions, the listener's cards, the board, the pot, the hands
shown) and the small helpers that pick a sentence from the catalog for a seat."""

from __future__ import annotations

from collections.abc import Sequence

from audiopoker.cards import Card
from audiopoker.engine.events import (
    BetReturned,
    HandShown,
    HandStarted,
    PotAwarded,
)
from audiopoker.narration.amounts import Amounts
from audiopoker.narration.catalog import Catalog, get_catalog
from audiopoker.narration.fold_summary import FoldSummary
from audiopoker.narration.language import Language
from audiopoker.narration.positions import Position, seat_positions
from audiopoker.output.message import Message, Verbosity


class TableTalk:
    """The listener, language, verbosity and this hand's context; sentences for a seat."""

    def __init__(
        self,
        names: Sequence[str],
        lang: Language,
        verbosity: Verbosity = Verbosity.NORMAL,
        listener_seat: int | None = None,
        announce_best_hand: bool = True,
        reveal_hole_cards: bool = False,
        hand_limit: int | None = None,
        amounts: Amounts | None = None,
    ) -> None:
        self.names = tuple(names)
        # Chips or big blinds (shared with the player's other words; see amounts.py).
        self.amounts = amounts if amounts is not None else Amounts()
        self.hand_limit = hand_limit
        self.lang: Language = lang
        self.verbosity = verbosity
        self.listener_seat = listener_seat
        self.announce_best_hand = announce_best_hand
        self.reveal_hole_cards = reveal_hole_cards
        self._catalog: Catalog = get_catalog(lang)
        self._places: dict[int, int] = {}  # finishing places told by PlayerEliminated
        self._reset_hand(None)

    # ------------------------------------------------------------------ table context

    def _reset_hand(self, event: HandStarted | None) -> None:
        self.hand: HandStarted | None = event
        self.positions: dict[int, Position] = seat_positions(event) if event else {}
        self.hole_cards: tuple[Card, ...] = ()
        self.board: tuple[Card, ...] = ()
        self.pot = 0
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self.contributed: dict[int, int] = {}  # chips each seat put in this hand
        self.dead = 0  # a big-blind ante: in the main pot, no seat's contribution
        self.shown: dict[int, HandShown] = {}
        self._pot_count: int | None = None  # decided at the first PotAwarded
        # Pots won by one player, held while more pots may follow: one winner of several
        # pots is told in one sentence.
        self._held_pots: list[PotAwarded] = []
        self._last_why: list[str] = []
        # The winners and the beaten players of the last why told.
        self._why_told: tuple[frozenset[int], set[int]] = (frozenset(), set())
        self._cards_face_up = False  # betting is over: the cards run out face up
        self.revealed: dict[int, tuple[Card, ...]] = {}  # hands turned up before the river
        self._ahead_said = ""  # the runout's last 'who is ahead'
        # After the listener folded at brief: the rest of the hand, for one sentence at its
        # end (audiopoker.narration.fold_summary); None otherwise.
        self._folded_summary: FoldSummary | None = None
        self._best_said: list[str] = []
        # Chips given back to the only player left: told with the pot in one sentence.
        self._held_return: BetReturned | None = None
        self._end_stacks: tuple[int, ...] | None = None  # from HandEnded, for tied places
        self._tie_told: set[int] = set()  # seats whose tied elimination was already said

    @property
    def listener_in_hand(self) -> bool:
        """The listener was dealt in and has not folded."""
        seat = self.listener_seat
        return (
            seat is not None
            and self.hand is not None
            and seat in self.hand.seats_in_hand
            and seat not in self.folded
        )

    # ------------------------------------------------------------------ helpers

    def _put_in(self, seat: int, chips: int) -> None:
        """``chips`` more from ``seat`` into this hand's pots."""
        self.contributed[seat] = self.contributed.get(seat, 0) + chips

    def _text(self, key: str, **fields: object) -> str:
        return self._catalog.text(key, **fields)

    def _amount(self, chips: int) -> str:
        """An amount in the unit the listener chose ("4" or "2 big blinds")."""
        return self.amounts.say(chips, self.lang)

    def _who(self, seat: int) -> str:
        return "you" if seat == self.listener_seat else "other"

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat + 1)

    def _seat_text(self, key: str, seat: int, **fields: object) -> str:
        """``key.you`` for the listener, ``key.other`` with ``{name}`` for anyone else."""
        if seat == self.listener_seat:
            return self._text(f"{key}.you", **fields)
        return self._text(f"{key}.other", name=self._name(seat), **fields)

    def _seat_chips(self, key: str, seat: int, chips: int, **fields: object) -> str:
        """A sentence counting ``chips`` for a seat (``key.you`` / ``key.other``), in the
        unit chosen (``Amounts.counted``)."""
        if seat == self.listener_seat:
            return self.amounts.counted(self._catalog, f"{key}.you", chips, **fields)
        catalog, name = self._catalog, self._name(seat)
        return self.amounts.counted(catalog, f"{key}.other", chips, name=name, **fields)

    def _names_list(self, seats: Sequence[int]) -> str:
        """Players joined with "and"; the listener as "you", last (entre Beto y tú)."""
        others = [self._name(seat) for seat in seats if seat != self.listener_seat]
        if self.listener_seat in seats:
            others.append(self._text("names.you"))
        return self._catalog.join(others)

    def _message(
        self,
        kind: str,
        sentences: Sequence[str],
        level: Verbosity = Verbosity.BRIEF,
        braille: str | None = None,
        true_while: str = "",
    ) -> list[Message]:
        if not sentences or self.verbosity < level:
            return []
        text = " ".join(sentences)
        return [Message(kind, text, braille=braille, min_verbosity=level, true_while=true_while)]
