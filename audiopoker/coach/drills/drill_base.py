"""What every drill shares: the kinds, the score, a question's protocol and the round.

A round is ``count`` questions drawn from one ``random.Random(seed)``: the same seed asks
the same questions in the same order. No words here; :mod:`.texts` says everything.

>>> score = Score().after(True).after(True).after(False).after(True)
>>> score.asked, score.right, score.streak, score.best_streak, score.percent
(4, 3, 1, 2, 75)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

# The answer key of a split (showdown) or a tie (ranking): "nobody wins alone".
SPLIT: Final = 0


class DrillKind(enum.Enum):
    """The three drills of issue 13, and the one from the player's own mistakes (26)."""

    SHOWDOWN = "showdown"  # who wins on this board?
    ODDS = "odds"  # pot odds and the chance to hit outs, typed; then call or fold
    RANKING = "ranking"  # which of two five-card hands ranks higher?
    MISTAKES = "mistakes"  # spots of the player's costliest kind of mistake

    @property
    def typed(self) -> bool:
        """True when the answer is typed (a percentage) rather than chosen by one key."""
        return self is DrillKind.ODDS


def whole_percent(value: float) -> int:
    """A percentage as the whole number said (halves round up, unlike ``round``).

    >>> whole_percent(12.5), whole_percent(33.33), whole_percent(66.67)
    (13, 33, 67)
    """
    return int(value + 0.5)


class Choice(enum.IntEnum):
    """A decision answered by the game's betting keys (the keymap's check_call, fold and
    raise), as the number a question judges."""

    CALL = 1
    FOLD = 2
    BET = 3
    CHECK = 4


@dataclass(frozen=True, slots=True)
class Score:
    """Answers so far: how many, how many right, the run of right answers now and the
    longest run."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0

    def after(self, correct: bool) -> Score:
        """The score once one more answer was judged."""
        streak = self.streak + 1 if correct else 0
        return Score(
            self.asked + 1, self.right + int(correct), streak, max(self.best_streak, streak)
        )

    @property
    def percent(self) -> int:
        """The share of right answers, as a whole percentage (0 before any answer)."""
        return whole_percent(100 * self.right / self.asked) if self.asked else 0


class Question(Protocol):
    """One question of a drill. ``number`` counts from 1 in its round."""

    @property
    def number(self) -> int:
        """Which question of the round this is."""
        ...

    def judge(self, answer: int) -> bool:
        """Whether ``answer`` (a key's number, SPLIT, or a typed percentage) is right."""
        ...

    def notation(self) -> str:
        """The question in card notation, for the statistics ("board ...; hands ...")."""
        ...

    def expected(self) -> str:
        """The right answer in notation, for the statistics."""
        ...


@dataclass(frozen=True, slots=True)
class Verdict:
    """One judged answer: the question, what the player gave, whether it was right and
    the score after it."""

    question: Question
    given: int
    correct: bool
    score: Score


# Makes question ``number`` of a round from the round's random source.
Maker = Callable[[random.Random, int], Question]


class Round:
    """``count`` questions from ``maker``, asked one at a time, and the score.

    ``current`` is the question waiting for its answer (None once answered, until
    :meth:`advance`, and after the last one).
    """

    def __init__(self, kind: DrillKind, maker: Maker, count: int, seed: int) -> None:
        if count < 1:
            raise ValueError("a round needs at least one question")
        self.kind = kind
        self.count = count
        self.seed = seed
        self.score = Score()
        self._maker = maker
        self._random = random.Random(seed)
        self.current: Question | None = None
        self.last: Verdict | None = None
        self.decisions = Score()  # the odds drill's "so, call or fold?", scored apart
        self.advance()

    @property
    def finished(self) -> bool:
        """True once every question was answered."""
        return self.score.asked >= self.count

    def advance(self) -> Question | None:
        """The next question (None after the last)."""
        number = self.score.asked + 1
        self.current = self._maker(self._random, number) if number <= self.count else None
        return self.current

    def answer(self, given: int) -> Verdict:
        """Judge ``given`` for the current question; the question is then answered."""
        question = self.current
        if question is None:
            raise RuntimeError("no question is waiting for an answer")
        correct = question.judge(given)
        self.score = self.score.after(correct)
        self.current = None
        self.last = Verdict(question, given, correct, self.score)
        return self.last

    def decided(self, correct: bool) -> Score:
        """Count one call-or-fold decision that follows an answer (the odds drill)."""
        self.decisions = self.decisions.after(correct)
        return self.decisions
