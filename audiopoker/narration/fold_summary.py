"""Fast fold: at brief verbosity, once the listener folded, the rest of the hand is one
message at its end — who won what (with which hand, when hands decided it) and the hands
shown — instead of the streets, the all-ins, the showdown and the pots told one by one
(issue 27, point 1). The sound cues still play: they follow the events, not these words.

``FoldSummary`` collects what the sentence needs from the events after the fold; the
narrator drops the messages those events would have made (``FOLDED_AWAY``) and says the
summary before the hand's end ("Beto wins 40 with a pair of kings. Carla showed ace high."
"You still have 180 chips.").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from audiopoker.engine.events import Event, HandShown, PotAwarded
from audiopoker.evaluator import HandValue
from audiopoker.narration.amounts import Amounts
from audiopoker.narration.catalog import Catalog
from audiopoker.narration.language import Language
from audiopoker.narration.words import describe_hand

# What the events after the listener's fold would say, left out for the summary; what
# concerns the game (an elimination, new blinds, the game's end) is still said.
FOLDED_AWAY: Final = frozenset(
    {
        "street_dealt",
        "action_taken",
        "action_required",
        "card_burned",
        "hand_revealed",
        "hand_shown",
        "bet_returned",
        "pot_awarded",
        "best_hand",
    }
)


@dataclass
class FoldSummary:
    """What happened after the listener folded, for one sentence at the hand's end."""

    won: dict[int, int] = field(default_factory=dict)  # seat: chips won, in winning order
    hands: dict[int, HandValue] = field(default_factory=dict)  # seat: the hand that won
    shown: dict[int, HandValue] = field(default_factory=dict)  # seat: the hand it showed

    def note(self, event: Event) -> None:
        """Follow one event of the rest of the hand."""
        if isinstance(event, HandShown):
            self.shown[event.seat] = event.value
        elif isinstance(event, PotAwarded):
            contested = not event.uncontested and len(event.eligible) > 1
            for seat, share in zip(event.winners, event.shares, strict=True):
                self.won[seat] = self.won.get(seat, 0) + share
                value = event.winning_value or self.shown.get(seat)
                if contested and value is not None and seat not in self.hands:
                    self.hands[seat] = value

    def sentence(
        self, catalog: Catalog, lang: Language, names: tuple[str, ...], amounts: Amounts
    ) -> str | None:
        """The summary, or None when nothing was won (no pot was paid: never expected)."""
        clauses: list[str] = []
        for seat, chips in self.won.items():
            value = self.hands.get(seat)
            fields: dict[str, object] = {"name": names[seat], "amount": amounts.say(chips, lang)}
            if value is None:
                clauses.append(catalog.text("fold_summary.win", **fields))
            else:
                hand = describe_hand(value, lang, article=True)
                clauses.append(catalog.text("fold_summary.win.hand", hand=hand, **fields))
        for seat, value in self.shown.items():
            if seat not in self.won:
                hand = describe_hand(value, lang, article=True)
                clauses.append(catalog.text("fold_summary.shown", name=names[seat], hand=hand))
        if not clauses:
            return None
        # A sentence each: hands are named with commas ("a pair of twos, ace kicker"), so
        # a list of them joined by commas would not be heard apart.
        return " ".join(catalog.text("fold_summary", clause=clause) for clause in clauses)
