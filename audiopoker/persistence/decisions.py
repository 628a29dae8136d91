"""The coach's review of every decision, kept in the statistics database (the ``decisions``
table of migration 5): what the player did, what the coach suggested, the kind of mistake
and the big blinds it cost; and what ``audiopoker stats`` reads back: the error rate over
a game or since a moment, by street and by kind, and the blunders.

The rows come from the coach (``ui.coach_keys`` turns each ``coach.review.Decision`` into a
``DecisionRecord``: this layer knows nothing of the coach) and are written by the recorder
after the hand's own row, each hand's decisions in one transaction.

>>> from audiopoker.persistence.stats import StatsDB
>>> stats = StatsDB(None)
>>> stats.start_game("g", "2025-01-02T10:00:00", player_name="Ana", players=2, chips=100,
...     blinds=(1, 2), ante=0, bots="easy", history_file=None)
>>> fold = DecisionRecord("flop", "call", None, "fold", None, "price_too_high", 3.0, 2,
...     "7c 2d", "Ah Kh Qh")
>>> record_decisions(stats, "g", 1, "2025-01-02T10:01:00", [fold])
>>> rate = error_rate(stats, game_id="g")
>>> rate.decisions, rate.per_100, rate.mistakes, [k.key for k in rate.by_kind]
(1, 300.0, 1, ['calls_too_wide'])
>>> [(b.hand_number, b.loss) for b in blunders(stats)]
[(1, 3.0)]
>>> stats.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.persistence.stats import StatsDB

STREETS: Final = ("preflop", "flop", "turn", "river")
AGGRESSIVE: Final = frozenset({"bet", "raise"})
PASSIVE: Final = frozenset({"check", "call"})
# The grades, best first, each below its bound in big blinds lost (a blunder at or above
# the last); a mistake or a blunder counts in the share of mistakes.
GRADES: Final = (("best", 0.05), ("correct", 0.25), ("inaccuracy", 1.0), ("mistake", 2.0))
BLUNDER: Final = "blunder"
GRADE_NAMES: Final = frozenset({grade for grade, _ in GRADES} | {BLUNDER})
MISTAKE_BB: Final = 1.0  # big blinds lost from which a decision is a mistake
BLUNDER_BB: Final = 2.0  # and a blunder (PokerSnowie's line)
ROUGH_BELOW: Final = 50  # decisions under which a rate is a rough figure
FIRM_FROM: Final = 300  # decisions from which it is a firm one
# The kinds of decision, by what the player did against what the coach suggested.
KINDS: Final = (
    "calls_too_wide",  # called where folding was better
    "folds_too_often",  # folded where calling, checking or raising was better
    "bets_into_strength",  # bet or raised where the coach would fold, check or call
    "missed_value",  # checked or called where betting or raising was better
    "wrong_size",  # bet or raised another amount than the coach
    "agreed",  # the coach's own choice
    "other",
)


def grade_of(loss: float) -> str:
    """The grade of a decision that gave up ``loss`` big blinds.

    >>> [grade_of(x) for x in (0.0, 0.1, 0.5, 1.5, 2.0)]
    ['best', 'correct', 'inaccuracy', 'mistake', 'blunder']
    """
    for grade, below in GRADES:
        if loss < below:
            return grade
    return BLUNDER


def mistake_kind(action: str, suggested: str, same_amount: bool = True) -> str:
    """The kind of a decision: what the player did against the coach's suggestion.

    >>> mistake_kind("call", "fold"), mistake_kind("fold", "call"), mistake_kind("bet", "check")
    ('calls_too_wide', 'folds_too_often', 'bets_into_strength')
    >>> mistake_kind("check", "bet"), mistake_kind("raise", "raise", False)
    ('missed_value', 'wrong_size')
    """
    if action == suggested:
        return "agreed" if same_amount or action not in AGGRESSIVE else "wrong_size"
    if action == "fold":
        return "folds_too_often"
    if action == "call" and suggested == "fold":
        return "calls_too_wide"
    if action in AGGRESSIVE:
        return "wrong_size" if suggested in AGGRESSIVE else "bets_into_strength"
    if action in PASSIVE and suggested in AGGRESSIVE:
        return "missed_value"
    return "other"


@dataclass(frozen=True, slots=True)
class DecisionRecord:
    """One decision as it is kept: the street, the player's action and the coach's
    suggestion (a bet or raise with its street total), the coach's reason key, the big
    blinds lost, the big blind, and the player's cards and the board in notation."""

    street: str
    action: str
    amount: int | None
    suggested: str
    suggested_amount: int | None
    reason: str
    loss: float
    big_blind: int
    hole: str
    board: str
    grade: str | None = None  # the coach's own grade, when it gives one

    @property
    def kind(self) -> str:
        """The kind of decision (``mistake_kind``)."""
        return mistake_kind(self.action, self.suggested, self.amount == self.suggested_amount)

    @property
    def graded(self) -> str:
        """The coach's grade, or one from the loss."""
        return self.grade if self.grade is not None else grade_of(self.loss)


def record_decisions(
    stats: StatsDB, game_id: str, hand_number: int, played_at: str,
    records: Sequence[DecisionRecord],
) -> None:  # fmt: skip
    """Keep one hand's decisions, in one transaction (recording the hand again replaces
    them)."""
    statements: list[tuple[str, tuple[object, ...]]] = [
        ("DELETE FROM decisions WHERE game_id = ? AND hand_number = ?", (game_id, hand_number))
    ]
    for number, r in enumerate(records, 1):
        statements.append(
            (
                "INSERT INTO decisions (game_id, hand_number, number, played_at, street,"
                " action, amount, suggested, suggested_amount, reason, kind, grade, loss,"
                " big_blind, hole, board) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " ?)",
                (game_id, hand_number, number, played_at, r.street, r.action, r.amount,
                 r.suggested, r.suggested_amount, r.reason, r.kind, r.graded, r.loss,
                 r.big_blind, r.hole, r.board),
            )
        )  # fmt: skip
    stats._write(statements)


class _Rates:
    """The two rates of some decisions, from their count, loss and mistakes."""

    __slots__ = ()
    decisions: int
    loss: float
    mistakes: int

    @property
    def per_100(self) -> float:
        """Big blinds lost per 100 decisions (0 without any)."""
        return 100 * self.loss / self.decisions if self.decisions else 0.0

    @property
    def mistake_share(self) -> float:
        """The share of decisions that were mistakes or blunders."""
        return self.mistakes / self.decisions if self.decisions else 0.0


@dataclass(frozen=True, slots=True)
class RateLine(_Rates):
    """Decisions of one street or kind: how many, the big blinds lost, the mistakes."""

    key: str
    decisions: int
    loss: float
    mistakes: int


@dataclass(frozen=True, slots=True)
class ErrorRate(_Rates):
    """The error rate over some decisions, with the same by street (in street order) and
    by kind (the kinds that cost something, costliest first)."""

    decisions: int
    loss: float
    mistakes: int
    blunders: int
    by_street: tuple[RateLine, ...]
    by_kind: tuple[RateLine, ...]

    @property
    def band(self) -> str:
        """How far the rate can be trusted: rough, fair or firm, by how many decisions."""
        if self.decisions < ROUGH_BELOW:
            return "rough"
        return "fair" if self.decisions < FIRM_FROM else "firm"


def error_rate(
    stats: StatsDB, *, since: str | None = None, game_id: str | None = None
) -> ErrorRate:
    """The error rate over the decisions made at ``since`` (ISO 8601 local time, as
    written) or later, or in one game, or all of them."""
    clauses, values = [], []
    if since is not None:
        clauses.append("played_at >= ?")
        values.append(since)
    if game_id is not None:
        clauses.append("game_id = ?")
        values.append(game_id)
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    mistake = "grade IN ('mistake', 'blunder')"
    with stats.lock:
        total = stats.db.execute(
            f"SELECT COUNT(*), COALESCE(SUM(loss), 0), COALESCE(SUM({mistake}), 0),"
            f" COALESCE(SUM(grade = 'blunder'), 0) FROM decisions {where}",
            values,
        ).fetchone()
        streets = stats.db.execute(
            f"SELECT street, COUNT(*), SUM(loss), SUM({mistake}) FROM decisions {where}"
            " GROUP BY street",
            values,
        ).fetchall()
        kinds = stats.db.execute(
            f"SELECT kind, COUNT(*), SUM(loss), SUM({mistake}) FROM decisions {where}"
            f" {'AND' if where else 'WHERE'} kind != 'agreed' AND loss > 0 GROUP BY kind",
            values,
        ).fetchall()

    def line(row: Sequence[object]) -> RateLine:
        key, count, loss, mistakes = row
        return RateLine(str(key), int(str(count)), float(str(loss)), int(str(mistakes)))

    order = {street: index for index, street in enumerate(STREETS)}
    by_street = sorted((line(r) for r in streets), key=lambda s: order.get(s.key, len(order)))
    by_kind = sorted((line(r) for r in kinds), key=lambda k: (-k.loss, k.key))
    return ErrorRate(
        int(total[0]), float(total[1]), int(total[2]), int(total[3]),
        tuple(by_street), tuple(by_kind),
    )  # fmt: skip


def last_game(stats: StatsDB) -> str | None:
    """The game of the newest decision kept (the last session); None without any."""
    with stats.lock:
        row = stats.db.execute(
            "SELECT game_id FROM decisions ORDER BY played_at DESC, rowid DESC LIMIT 1"
        ).fetchone()
    return None if row is None else str(row[0])


@dataclass(frozen=True, slots=True)
class Blunder:
    """One costly decision as kept, with when and in which hand it was made."""

    played_at: str
    game_id: str
    hand_number: int
    record: DecisionRecord

    @property
    def loss(self) -> float:
        """Big blinds lost."""
        return self.record.loss


def blunders(stats: StatsDB, at_least: float = BLUNDER_BB, limit: int = 100) -> list[Blunder]:
    """The decisions that cost ``at_least`` big blinds or more, newest first."""
    with stats.lock:
        rows = stats.db.execute(
            "SELECT played_at, game_id, hand_number, street, action, amount, suggested,"
            " suggested_amount, reason, loss, big_blind, hole, board, grade FROM decisions"
            " WHERE loss >= ? ORDER BY played_at DESC, game_id DESC, hand_number DESC,"
            " number DESC LIMIT ?",
            (at_least, limit),
        ).fetchall()
    return [
        Blunder(
            str(row[0]), str(row[1]), int(row[2]),
            DecisionRecord(
                str(row[3]), str(row[4]), row[5], str(row[6]), row[7], str(row[8]),
                float(row[9]), int(row[10]), str(row[11]), str(row[12]), str(row[13]),
            ),
        )
        for row in rows
    ]  # fmt: skip
