"""The blunders with what it takes to replay each one's hand (``audiopoker stats
--blunders`` in a terminal): the game's hand history file and the player's name, kept in
the ``games`` row, and where the decision stands among the player's own in that hand.

A decision's ``number`` counts only the decisions the coach kept (before the flop none,
since issue 26's graded review), so the hand history cannot be walked by it; the decision
is found there as the ``ordinal``-th of the player's actions of its street and kind.

>>> from audiopoker.persistence.decisions import DecisionRecord, record_decisions
>>> from audiopoker.persistence.stats import StatsDB
>>> stats = StatsDB(None)
>>> stats.start_game("g", "2025-01-02T10:00:00", player_name="Ana", players=2, chips=100,
...     blinds=(1, 2), ante=0, bots="easy", history_file="g.phhs")
>>> call = DecisionRecord("flop", "call", None, "fold", None, "price_too_high", 3.0, 2,
...     "7c 2d", "Ah Kh Qh")
>>> record_decisions(stats, "g", 4, "2025-01-02T10:01:00", [call, call])
>>> [(b.blunder.hand_number, b.history_file, b.player_name, b.ordinal)
...  for b in blunder_hands(stats)]
[(4, 'g.phhs', 'Ana', 1), (4, 'g.phhs', 'Ana', 0)]
>>> stats.close()
"""

from __future__ import annotations

from dataclasses import dataclass

from audiopoker.persistence.decisions import BLUNDER_BB, Blunder, DecisionRecord
from audiopoker.persistence.stats import StatsDB


@dataclass(frozen=True, slots=True)
class BlunderHand:
    """One blunder, the history file of its game (as the ``games`` row names it; None when
    the game kept none), the player's name there, and how many of the player's decisions of
    the same street and action the coach kept before it in that hand."""

    blunder: Blunder
    history_file: str | None
    player_name: str | None
    ordinal: int


def blunder_hands(
    stats: StatsDB, at_least: float = BLUNDER_BB, limit: int = 100
) -> list[BlunderHand]:
    """The decisions that cost ``at_least`` big blinds or more, newest first (the order of
    ``persistence.decisions.blunders``), each with its hand's whereabouts."""
    with stats.lock:
        rows = stats.db.execute(
            "SELECT d.played_at, d.game_id, d.hand_number, d.street, d.action, d.amount,"
            " d.suggested, d.suggested_amount, d.reason, d.loss, d.big_blind, d.hole, d.board,"
            " d.grade, g.history_file, g.player_name,"
            " (SELECT COUNT(*) FROM decisions e WHERE e.game_id = d.game_id"
            "  AND e.hand_number = d.hand_number AND e.street = d.street"
            "  AND e.action = d.action AND e.number < d.number)"
            " FROM decisions d LEFT JOIN games g ON g.id = d.game_id WHERE d.loss >= ?"
            " ORDER BY d.played_at DESC, d.game_id DESC, d.hand_number DESC, d.number DESC"
            " LIMIT ?",
            (at_least, limit),
        ).fetchall()
    return [
        BlunderHand(
            Blunder(
                str(row[0]), str(row[1]), int(row[2]),
                DecisionRecord(
                    str(row[3]), str(row[4]), row[5], str(row[6]), row[7], str(row[8]),
                    float(row[9]), int(row[10]), str(row[11]), str(row[12]), str(row[13]),
                ),
            ),
            None if row[14] is None else str(row[14]),
            None if row[15] is None else str(row[15]),
            int(row[16]),
        )
        for row in rows
    ]  # fmt: skip
