"""A blunder's hand found and cut at its decision (``commands.blunder_spot``), and
``audiopoker stats --blunders`` opening the review only in a terminal: with ``--json``, a
pipe or ``--output silent`` it prints the list as before."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from blunder_review_support import DECK, HAND, write_blunders

from audiopoker.cli import main
from audiopoker.commands import blunder_review, stats
from audiopoker.commands.blunder_spot import Problem, Spot, find_spot, narration
from audiopoker.engine.actions import Action
from audiopoker.engine.hand import Hand
from audiopoker.engine.phh import history_from_events
from audiopoker.output.message import Verbosity
from audiopoker.output.router import Router
from audiopoker.persistence.blunder_hands import BlunderHand, blunder_hands
from audiopoker.persistence.decisions import DecisionRecord, record_decisions
from audiopoker.persistence.history import section
from audiopoker.persistence.stats import DB_NAME, StatsDB
from audiopoker.persistence.store import HISTORY_DIR


def twice_called(folder: Path, player_name: str = "Player") -> list[BlunderHand]:
    """Hand 12 where the player calls twice on the flop (Beto's raise to 12, then Ana's to
    30): the second call is the blunder, the first a cheap decision kept before it."""
    hand, started = Hand.start(
        stacks=(200, 200, 200), button=2, small_blind_seat=0, big_blind_seat=1,
        small_blind=1, big_blind=2, deck=DECK, hand_number=HAND,
    )  # fmt: skip
    events = list(started)
    plays = [
        (2, Action.call()), (0, Action.call()), (1, Action.check()),
        (0, Action.check()), (1, Action.bet(4)), (2, Action.raise_to(12)), (0, Action.call()),
        (1, Action.raise_to(30)), (2, Action.call()), (0, Action.call()),
    ]  # fmt: skip
    for seat, action in plays:
        events += hand.act(seat, action)
    (folder / HISTORY_DIR).mkdir(parents=True, exist_ok=True)
    written = history_from_events(events, ("Nick", "Ana", "Beto"), hand=HAND)
    (folder / HISTORY_DIR / "g.phhs").write_bytes(section(written, HAND, first=True))
    call = DecisionRecord("flop", "call", None, "fold", None, "price_too_high", 0.5, 2,
                          "As Kh", "9h Ts 4c")  # fmt: skip
    costly = DecisionRecord("flop", "call", None, "fold", None, "price_too_high", 4.0, 2,
                            "As Kh", "9h Ts 4c")  # fmt: skip
    db = StatsDB(folder / DB_NAME)
    try:
        db.start_game(
            "g", "2025-05-03T21:00:00", player_name=player_name, players=3, chips=200,
            blinds=(1, 2), ante=0, bots="easy", history_file="g.phhs",
        )  # fmt: skip
        record_decisions(db, "g", HAND, "2025-05-03T21:10:00", [call, costly])
        return blunder_hands(db)
    finally:
        db.close()


def test_the_second_call_of_a_street_is_found_by_its_place(private_data_dir: Path) -> None:
    (hand,) = twice_called(private_data_dir, player_name="Somebody else")
    assert hand.ordinal == 1
    spot = find_spot(hand, private_data_dir)
    assert isinstance(spot, Spot)
    # Found by the cards kept with the decision, though the game's name is another.
    assert spot.me == 0 and spot.names[0] == "Nick"
    assert (spot.legal.to_call, spot.legal.pot, spot.players_in) == (18, 78, 3)
    said = [message.text for message in narration(spot, "en", Verbosity.NORMAL)]
    assert said[-3:] == ["You call 12.", "Ana raises to 30.", "Beto calls 18, 30 in all."]


def test_a_decision_the_history_does_not_hold_and_a_game_without_history(
    private_data_dir: Path,
) -> None:
    (hand,) = twice_called(private_data_dir)
    record = dataclasses.replace(hand.blunder.record, action="raise", amount=30)
    raised = dataclasses.replace(hand, blunder=dataclasses.replace(hand.blunder, record=record))
    raised = dataclasses.replace(raised, ordinal=0)
    assert find_spot(raised, private_data_dir) is Problem.NOT_FOUND
    third = BlunderHand(hand.blunder, hand.history_file, hand.player_name, 2)
    assert find_spot(third, private_data_dir) is Problem.NOT_FOUND
    kept_none = BlunderHand(hand.blunder, None, hand.player_name, 1)
    assert find_spot(kept_none, private_data_dir) is Problem.NO_HISTORY
    (private_data_dir / HISTORY_DIR / "g.phhs").write_bytes(b"\xff\xfe[12]")
    assert find_spot(hand, private_data_dir) is Problem.UNREADABLE


def test_interactive_only_in_a_terminal_without_json_or_silence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Tty:
        def isatty(self) -> bool:
            return True

    assert not blunder_review.interactive(False, "auto")  # pytest's streams: no terminal
    monkeypatch.setattr("sys.stdin", Tty())
    monkeypatch.setattr("sys.stdout", Tty())
    assert blunder_review.interactive(False, "auto")
    assert not blunder_review.interactive(True, "auto")
    assert not blunder_review.interactive(False, "silent")


def test_stats_blunders_opens_the_review_in_a_terminal(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_blunders(private_data_dir)
    opened: list[tuple[list[int], str]] = []

    def review(hands: Sequence[BlunderHand], router: Router, lang: str, folder: Path) -> int:
        opened.append(([hand.blunder.hand_number for hand in hands], lang))
        return 0

    monkeypatch.setattr(stats, "interactive", lambda json, output: not json)
    monkeypatch.setattr(stats, "review", review)
    assert main(["stats", "--blunders", "--output", "silent", "--lang", "es"]) == 0
    assert opened == [([12, 3], "es")] and capsys.readouterr().out == ""
    assert main(["stats", "--blunders", "--json"]) == 0  # printed as before
    assert [blunder["hand"] for blunder in json.loads(capsys.readouterr().out)] == [12, 3]
    assert len(opened) == 1


def test_stats_blunders_in_a_terminal_with_none_says_so(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(stats, "interactive", lambda json, output: True)
    monkeypatch.setattr(stats, "review", lambda *args: pytest.fail("nothing to review"))
    assert main(["stats", "--blunders", "--output", "silent", "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "No decision has cost you 2 big blinds or more yet."
    ]


def test_the_arguments_are_those_of_stats() -> None:
    parser = argparse.ArgumentParser()
    stats.register(parser.add_subparsers())
    args = parser.parse_args(["stats", "--blunders"])
    assert (args.blunders, args.json, args.output) == (True, False, "auto")
