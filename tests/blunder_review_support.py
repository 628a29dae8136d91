"""A statistics database and hand histories with known blunders, for the blunder review's
tests (``audiopoker stats --blunders`` in a terminal)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from ui_harness import KeyDriver, RecordingOutput

from audiopoker.cards import parse_cards
from audiopoker.commands.blunder_review import BlunderKeys
from audiopoker.commands.blunder_words import ReviewText
from audiopoker.engine.actions import Action
from audiopoker.engine.events import Event
from audiopoker.engine.hand import Hand
from audiopoker.engine.phh import history_from_events
from audiopoker.persistence.blunder_hands import BlunderHand, blunder_hands
from audiopoker.persistence.decisions import DecisionRecord, record_decisions
from audiopoker.persistence.history import section
from audiopoker.persistence.stats import DB_NAME, StatsDB
from audiopoker.persistence.store import HISTORY_DIR
from audiopoker.ui.keymap import default_keymap
from audiopoker.ui.ui_text import UiText

NAMES = ("Player", "Ana", "Beto")
# Seat 0 (the small blind) gets As Kh, seat 1 Kd 7s, seat 2 Qc 2c; flop 9h Ts 4c, turn 8d,
# river 6s (dealt from the front: two passes of hole cards from seat 0, then burn and deal).
DECK = parse_cards("As Kd Qc Kh 7s 2c 3d 9h Ts 4c 5h 8d Jc 6s 2d 3c 4d 5c 6d 7d 8c 9c Tc Td")
TODAY = datetime.date(2025, 5, 20)
HAND = 12  # the hand of the replayable blunder
GONE_HAND = 3  # the hand whose history file is gone


def played_hand() -> list[Event]:
    """Hand 12: everyone limps; on the flop Ana bets 4 and both call; on the turn Ana bets
    10, Beto folds and the player calls 10 with ace high (the blunder); the river is dealt."""
    hand, started = Hand.start(
        stacks=(200, 200, 200), button=2, small_blind_seat=0, big_blind_seat=1,
        small_blind=1, big_blind=2, deck=DECK, hand_number=HAND,
    )  # fmt: skip
    events = list(started)
    plays = [
        (2, Action.call()), (0, Action.call()), (1, Action.check()),
        (0, Action.check()), (1, Action.bet(4)), (2, Action.call()), (0, Action.call()),
        (0, Action.check()), (1, Action.bet(10)), (2, Action.fold()), (0, Action.call()),
        (0, Action.check()), (1, Action.check()),
    ]  # fmt: skip
    for seat, action in plays:
        events += hand.act(seat, action)
    return events


# The turn call that cost 6 big blinds: the coach would have folded.
TURN_CALL = DecisionRecord(
    "turn", "call", None, "fold", None, "price_too_high", 6.2, 2, "As Kh", "9h Ts 4c 8d"
)
# An earlier check on the same turn... of the flop, kept but cheap (not a blunder).
FLOP_CALL = DecisionRecord(
    "flop", "call", None, "call", None, "price_right", 0.0, 2, "As Kh", "9h Ts 4c"
)
# A blunder in a game whose history file is gone.
GONE_BET = DecisionRecord(
    "river", "bet", 30, "check", None, "check_showdown", 3.0, 2, "7c 2d", "Ah Kh Qh 3s 9d"
)


@dataclass
class Review:
    keys: BlunderKeys
    output: RecordingOutput
    finished: list[bool] = field(default_factory=list)

    def since(self, start: int) -> list[str]:
        return self.output.texts[start:]


def write_blunders(folder: Path, history: bool = True) -> list[BlunderHand]:
    """Game g2 (newest): hand 12's turn call, its history in the data folder's histories;
    game g1 (older): a river bet in hand 3, its history file gone."""
    histories = folder / HISTORY_DIR
    histories.mkdir(parents=True, exist_ok=True)
    if history:
        written = history_from_events(played_hand(), NAMES, hand=HAND)
        (histories / "g2.phhs").write_bytes(section(written, HAND, first=True))
    stats = StatsDB(folder / DB_NAME)
    try:
        for game, started in (("g1", "2024-11-02T09:00:00"), ("g2", "2025-05-03T21:00:00")):
            stats.start_game(
                game, started, player_name="Player", players=3, chips=200, blinds=(1, 2),
                ante=0, bots="easy", history_file=f"{game}.phhs",
            )  # fmt: skip
        record_decisions(stats, "g1", GONE_HAND, "2024-11-02T09:30:00", [GONE_BET])
        record_decisions(stats, "g2", HAND, "2025-05-03T21:10:00", [FLOP_CALL, TURN_CALL])
        return blunder_hands(stats)
    finally:
        stats.close()


def make_review(folder: Path, lang: str = "en", history: bool = True) -> Review:
    hands = write_blunders(folder, history)
    output = RecordingOutput()
    review: Review
    keys = BlunderKeys(
        hands=hands, output=output, text=UiText(lang), words=ReviewText(lang),  # type: ignore[arg-type]
        keymap=default_keymap(), folder=folder, on_finish=lambda: review.finished.append(True),
        today=TODAY,
    )  # fmt: skip
    review = Review(keys, output)
    keys.start()
    return review


@contextmanager
def driven(review: Review) -> Iterator[KeyDriver]:
    with create_pipe_input() as pipe:
        driver = KeyDriver(review.keys, review.keys.keymap, pipe)  # type: ignore[arg-type]
        try:
            yield driver
        finally:
            driver.close()
