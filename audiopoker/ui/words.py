"""The narration layer as the key loop needs it: card and hand names, an action's sentence,
and the narrate function for the game's events."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from audiopoker.cards import Card
from audiopoker.engine.events import ActionRequired, ActionTaken, Event
from audiopoker.evaluator import evaluate
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language
from audiopoker.narration.words import card_name, describe_hand, rank_name
from audiopoker.output.message import Message, Verbosity
from audiopoker.output.router import Router


class NarrationWords:
    """Cards, hands and actions in the player's language (audiopoker.ui.answers.Words)."""

    def __init__(
        self,
        lang: Language,
        names: Sequence[str],
        me: int | None,
        verbosity: Callable[[], Verbosity],
    ) -> None:
        self.lang: Language = lang
        self.names = tuple(names)
        self.me = me
        self._verbosity = verbosity
        self._narrate: Callable[[Event], Sequence[Message]] | None = None

    def card(self, card: Card) -> str:
        """'ace of spades' / 'as de picas'."""
        return card_name(card, self.lang)

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
        return catalog.text("hand.high_card", rank=rank_name(high, self.lang))

    def action(self, event: ActionTaken) -> str:
        """The action as the narration says it at the table."""
        if self._narrate is None:
            self._narrate = make_narrate(self.lang, self.names, self.me, None)
        messages = self._narrate(event)
        return " ".join(message.text for message in messages[:1])


def make_narrate(
    lang: Language, names: Sequence[str], me: int | None, router: Router | None
) -> Callable[[Event], Sequence[Message]]:
    """The narration function for the game's events."""
    try:
        module = importlib.import_module("audiopoker.narration.narrator")
    except ImportError:
        return _stand_in_narrate(names, me)
    narrator = module.Narrator(names, lang, Verbosity.VERBOSE, me)
    narrate: Callable[[Event], Sequence[Message]] = narrator.narrate
    return narrate


def _stand_in_narrate(names: Sequence[str], me: int | None) -> Callable[[Event], list[Message]]:
    """STAND-IN until audiopoker.narration.narrator lands: plain English event names."""

    def narrate(event: Event) -> list[Message]:
        if isinstance(event, ActionRequired):
            if event.seat == me:
                return [Message("your_turn", f"Your turn. {event.legal.to_call} to call.")]
            return []
        if not event.visible_to(me):
            return []
        if isinstance(event, ActionTaken):
            text = f"{names[event.seat]} {event.kind.value} {event.amount or ''}".strip() + "."
            return [Message("action_taken", text)]
        return [Message(type(event).__name__.lower(), repr(event))]

    return narrate
