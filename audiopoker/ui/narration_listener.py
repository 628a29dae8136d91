"""The narration layer at the table: a listener that speaks every event through the router,
and the words the query keys need (cards, the best hand, the last action)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Protocol

from audiopoker.cards import Card
from audiopoker.engine.actions import LegalActions
from audiopoker.engine.events import ActionRequired, ActionTaken, Event
from audiopoker.errors import PokerError
from audiopoker.evaluator import evaluate
from audiopoker.narration import Narrator, card_name, describe_error, describe_hand, rank_name
from audiopoker.narration.amounts import Amounts
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language
from audiopoker.narration.words import rank_gender
from audiopoker.output.message import YOUR_TURN, Message, Verbosity


class Sender(Protocol):
    """Where messages go (audiopoker.output.router.Router)."""

    def send(self, message: Message) -> object:
        """Route one message."""
        ...


class Narration:
    """Narrates the game for one listener (the player's seat, or None when watching).

    As a Listener it sends each event's sentences to ``output``; as the key loop's Words
    it names cards and hands and repeats the last action as it was said.
    """

    def __init__(
        self,
        lang: Language,
        names: Sequence[str],
        me: int | None,
        output: Sender | None = None,
        verbosity: Verbosity = Verbosity.NORMAL,
        reveal_hole_cards: bool = False,
        hand_limit: int | None = None,
        amounts: Amounts | None = None,
    ) -> None:
        self.lang: Language = lang
        self.amounts = amounts if amounts is not None else Amounts()
        self.names = tuple(names)
        self.me = me
        self.output = output
        self.narrator = Narrator(
            names,
            lang,
            verbosity,
            me,
            reveal_hole_cards=reveal_hole_cards,
            hand_limit=hand_limit,
            amounts=self.amounts,
        )
        self._lock = threading.Lock()
        self._said: tuple[ActionTaken, str] | None = None
        self._silenced = False
        # Whether the player's turn is played by what they armed (PreActions.claim): its
        # prompt is then left out, the action that plays it is what they hear.
        self.claims: Callable[[LegalActions], bool] | None = None

    def set_verbosity(self, level: Verbosity) -> None:
        """Narrate from now on at ``level`` (the verbosity key)."""
        self.narrator.verbosity = level

    def rename(self, seat: int, name: str) -> None:
        """Someone else plays ``seat`` from now on (a network table's seat changing hands)."""
        with self._lock:
            names = list(self.names)
            names[seat] = name
            self.names = tuple(names)
            self.narrator.names = self.names

    # --- Listener -----------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        """Narrate one event (called from the conductor's thread)."""
        with self._lock:  # sent under the lock, so ``silence`` waits for an event in flight
            if self._silenced:
                return
            messages = self.narrator.narrate(event)
            if self._played_as_armed(event):
                messages = [m for m in messages if m.kind != YOUR_TURN]
            if isinstance(event, ActionTaken) and messages:
                self._said = (event, " ".join(message.text for message in messages))
            if self.output is not None:
                for message in messages:
                    self.output.send(message)

    def _played_as_armed(self, event: Event) -> bool:
        if not isinstance(event, ActionRequired) or event.seat != self.me:
            return False
        return self.claims is not None and self.claims(event.legal)

    def learn(self, event: Event) -> None:
        """Follow one event without a word (a network seat's catch-up on coming back): the
        hand's seats, pot and stacks are known, so what follows is said as at a table
        heard from its start ("End of hand 3. You now have 95 chips, 5 fewer.")."""
        with self._lock:
            self.narrator.narrate(event)

    def silence(self) -> None:
        """Say nothing more about the game (the player quit: "Goodbye" is the last word)."""
        with self._lock:
            self._silenced = True

    # --- Words --------------------------------------------------------------------------
    def card(self, card: Card, brief: bool = False) -> str:
        """'ace of spades' / 'as de picas'; brief (braille): 'As'."""
        return card_name(card, self.lang, brief)

    def best_hand(self, hole: Sequence[Card], board: Sequence[Card]) -> str:
        """The best hand so far: with a board, the best five described with what decides
        it; before the flop, a pocket pair or the high card."""
        cards = tuple(hole) + tuple(board)
        if len(cards) >= 5:
            return describe_hand(evaluate(cards), self.lang)
        catalog = get_catalog(self.lang)
        high, low = sorted((card.rank for card in hole), reverse=True)
        if high == low:
            return catalog.text("hand.pair.main", ranks=rank_name(high, self.lang, plural=True))
        return catalog.text(
            f"hand.high_card.{rank_gender(high, self.lang)}", rank=rank_name(high, self.lang)
        )

    def action(self, event: ActionTaken) -> str:
        """The action as it was said at the table (narrated afresh if it was not said)."""
        with self._lock:
            said = self._said
        if said is not None and said[0] is event:
            return said[1]
        fresh = Narrator(self.names, self.lang, Verbosity.NORMAL, self.me, amounts=self.amounts)
        return " ".join(message.text for message in fresh.narrate(event))

    def your_turn(self, legal: LegalActions) -> str:
        """The your-turn prompt as the table says it (at least at normal verbosity, so the
        choices are always in it): for T and after a cancelled entry or question."""
        level = max(Verbosity.NORMAL, self.narrator.verbosity)
        fresh = Narrator(self.names, self.lang, level, self.me, amounts=self.amounts)
        return " ".join(message.text for message in fresh.your_turn_messages(legal))

    def error(self, error: PokerError) -> str:
        """A refusal from the engine, in words."""
        return describe_error(error, self.lang, self.names)
