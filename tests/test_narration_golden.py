"""Golden transcripts: a fixed seeded game and every RULES.md example, narrated in each
language and compared exactly with the files in tests/golden/.

After an intended change of wording, regenerate them and read the diff:

    AUDIOPOKER_REGENERATE_GOLDEN=1 python -m pytest tests/test_narration_golden.py
"""

from __future__ import annotations

import io
import os
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from narration_support import SCENARIOS, narrate_all, play_game, transcript

from audiopoker.cli import main
from audiopoker.engine.events import (
    BetReturned,
    Event,
    GameEnded,
    HandEnded,
    HandStarted,
    PlayerEliminated,
    PotAwarded,
)
from audiopoker.engine.table import TableConfig
from audiopoker.i18n import DEFAULT_WORDS, set_words
from audiopoker.narration import LANGUAGES

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("AUDIOPOKER_REGENERATE_GOLDEN") == "1"
GAME_NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")


def seeded_game() -> list[Event]:
    """Five players with 30 chips, blinds 1/2, random legal actions from seed 9, played to
    the end: splits, odd chips, side pots, short all-ins, eliminations, heads-up."""
    return play_game(9, GAME_NAMES, 30, TableConfig())


SHOWDOWNS = [
    ("Ac Kd Qh Js Tc", ["2h 2s", "9d 9c"]),
    ("Kd 8c 4s 3h 2d", ["Kh Qc", "Ks Jd"]),
    ("Qs Qd Jc Jh Ac", ["Ks 3d", "2c 4h"]),
    ("As 7c 2d 5h Jd", ["Ah 9c", "Ad Kc"]),
    ("9c 6d 2s 4h Jc", ["As Ad", "Ks Kh", "Qs Qh"]),
    ("Jd Td Qs 2d 4c", ["Ah Kh", "8d 9d"]),
    ("Ah 9h 6h 2c 3d", ["Kh 4h", "Qh 8h"]),
    ("8h 8d 8s 6c 2d", ["6h 5c", "2c 2h"]),
]


SPANISH_LETTERS = str.maketrans("chs", "tcp")


def showdown_outputs(lang: str) -> str:
    """`audiopoker showdown` on the seed examples: the text, then the JSON."""
    out = io.StringIO()
    for board, hands in SHOWDOWNS:
        if lang == "es":  # typed as a Spanish player types them: picas, corazones, tréboles
            board, hands = (
                board.translate(SPANISH_LETTERS),
                [h.translate(SPANISH_LETTERS) for h in hands],
            )
        # Said to the console, which prints into ``out``: no voice is probed.
        args = ["showdown", "--board", board, "--lang", lang, "--output", "console"]
        for hand in hands:
            args += ["--hand", hand]
        for extra in ([], ["--json"]):
            out.write(f"$ audiopoker {' '.join(args + extra)}\n")
            with redirect_stdout(out):
                assert main(args + extra) == 0
    return out.getvalue()


def render(name: str, lang: str) -> str:
    if name == "game_seed9_poker":  # the other Spanish vocabulary (--words poker)
        set_words("poker")
        try:
            return render("game_seed9", lang)
        finally:
            set_words(DEFAULT_WORDS)
    if name == "game_seed9":
        # told to Diego, who plays every hand and wins the game
        return transcript(narrate_all(seeded_game(), GAME_NAMES, lang, 3))  # type: ignore[arg-type]
    if name == "showdown_command":
        return showdown_outputs(lang)
    names, events, listener, reveal = SCENARIOS[name]()
    return transcript(narrate_all(events, names, lang, listener, reveal=reveal))  # type: ignore[arg-type]


CASES = [
    (name, lang)
    for name in ["game_seed9", "showdown_command", *sorted(SCENARIOS)]
    for lang in LANGUAGES
] + [("game_seed9_poker", "es")]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_golden_transcript(name: str, lang: str) -> None:
    path = GOLDEN / f"{name}.{lang}.txt"
    text = render(name, lang)
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path.name}: run with AUDIOPOKER_REGENERATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_the_seeded_game_covers_the_interesting_events() -> None:
    """The golden game is worth its lines: it has what a transcript must get right."""
    events = seeded_game()
    pots = [event for event in events if isinstance(event, PotAwarded)]
    assert any(len(pot.winners) > 1 and pot.odd_chip_seats for pot in pots)
    assert any(pot.pot_index > 0 and len(pot.eligible) > 1 for pot in pots)
    assert any(pot.uncontested for pot in pots)
    assert any(isinstance(event, BetReturned) for event in events)
    assert any(isinstance(event, PlayerEliminated) for event in events)
    assert any(isinstance(e, HandStarted) and e.small_blind is None for e in events)
    assert any(isinstance(e, HandStarted) and len(e.seats_in_hand) == 2 for e in events)
    assert isinstance(events[-1], GameEnded)


def test_the_scenarios_are_the_rules_examples() -> None:
    """The numbers RULES.md gives for its examples, read from the narrated events."""

    def pots(name: str) -> list[tuple[int, tuple[int, ...]]]:
        _, events, _, _ = SCENARIOS[name]()
        return [(e.amount, e.winners) for e in events if isinstance(e, PotAwarded)]

    def final(name: str) -> tuple[int, ...]:
        _, events, _, _ = SCENARIOS[name]()
        (end,) = [e for e in events if isinstance(e, HandEnded)]
        return end.stacks

    assert pots("seed000_side_pots") == [(300, (0,)), (400, (1,))]
    assert pots("seed001_returned_bet") == [(60, (0,)), (60, (2,))]
    _, events, _, _ = SCENARIOS["seed001_returned_bet"]()
    assert [(e.seat, e.amount) for e in events if isinstance(e, BetReturned)] == [(2, 30)]
    assert final("seed002_side_pots") == (3000, 4000, 2000)
    assert pots("seed002_kicker_hand") == [(4300, (5,))]
    assert pots("seed002_king_queen_kicker") == [(4, (0,))]
    # splits list the winners from the first left of the button (the odd chip's order)
    assert pots("seed001_board_straight_split") == [(4, (1, 0))]
    assert pots("seed002_two_pair_board_split") == [(5, (2, 0))]
