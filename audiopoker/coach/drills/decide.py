"""The odds drill's last step (issue 26, point 6): once the number is answered, "so, call
or fold?". The call buys one card, so the chance that counts is the next card's: the outs
over the unseen cards, against the share of the final pot the call costs. A call is right
when the chance is at least the price; when both round to the same whole percentage either
answer is right (the player hears the two numbers as equal).

>>> from audiopoker.cards import parse_cards
>>> from audiopoker.coach.drills.odds import Ask, Draw, OddsQuestion, outs_for
>>> hole, board = parse_cards("Ah Kh"), parse_cards("7h 2h Jc")
>>> outs = outs_for(hole, board, Draw.FLUSH.target)
>>> spot = OddsQuestion(1, Draw.FLUSH, hole, board, 80, 20, Ask.POT_ODDS, outs, (0, 0))
>>> decision = odds_decision(spot)
>>> decision.need, decision.have, decision.right.name
(20, 19, 'FOLD')
>>> decision.judge(Choice.FOLD), decision.judge(Choice.CALL)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from audiopoker.coach.drills.drill_base import Choice, whole_percent
from audiopoker.coach.drills.odds import OddsQuestion


@dataclass(frozen=True, slots=True)
class Decision:
    """Call or fold by the numbers: the exact price and chance, as percentages."""

    price: float  # the share of the final pot the call costs
    chance: float  # the chance the next card makes the hand

    @property
    def need(self) -> int:
        """The price as said."""
        return whole_percent(self.price)

    @property
    def have(self) -> int:
        """The chance as said."""
        return whole_percent(self.chance)

    @property
    def even(self) -> bool:
        """True when both are said as the same number: either answer is right."""
        return self.need == self.have

    @property
    def right(self) -> Choice:
        """The better answer: call when the chance pays the price."""
        return Choice.CALL if self.chance >= self.price else Choice.FOLD

    def judge(self, choice: Choice) -> bool:
        """Right when ``choice`` is the better answer, or the numbers said are equal."""
        return choice is self.right or self.even


def odds_decision(question: OddsQuestion) -> Decision:
    """The call-or-fold decision of an odds question's spot."""
    price = 100 * question.call / (question.pot + question.call)
    chance = 100 * len(question.outs) / question.unseen_count
    return Decision(price, chance)
