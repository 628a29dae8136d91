"""`audiopoker replay`: narration as the table tells it, JSON, stopping where the history
stops, one-line refusals in the player's language."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from phh_support import DEAL3, SHORT, phh

from audiopoker.commands import replay as replay_command

# ---------------------------------------------------------------- the command


def _replay_command(*arguments: str) -> int:
    """`audiopoker replay ...` through its own parser (the other subcommands stay out)."""
    parser = argparse.ArgumentParser(prog="audiopoker")
    replay_command.register(parser.add_subparsers())
    args = parser.parse_args(["replay", *arguments])
    code: int = args.func(args)
    return code


def _run(tmp_path: Path, text: str, *options: str) -> int:
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    return _replay_command(str(path), *options)


HAND = phh(
    [
        "d dh p1 AsKs",
        "d dh p2 ????",
        "d dh p3 7h2c",
        "p3 cbr 6",
        "p1 cbr 200",
        "p2 f",
        "p3 cc",
        "p1 sm AsKs",
        "p3 sm 7h2c",
        "d db Ah7d2d",
        "d db 3h",
        "d db 9c",
    ],
    players=["Ana", "Beto", "Carla"],
)


def test_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, HAND, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finishing_stacks"] == [0, 198, 402]
    assert out["players"] == ["Ana", "Beto", "Carla"]
    assert out["board"] == ["Ah", "7d", "2d", "3h", "9c"]
    assert out["pots"] == [{"amount": 402, "winners": [2], "shares": [402]}]
    assert out["complete"] is True


CONSOLE = ("--output", "console")  # the router prints each message; no voice in tests
SUITS = ("clubs", "diamonds", "hearts", "spades", "tréboles", "diamantes", "corazones", "picas")


@pytest.mark.parametrize(
    ("lang", "expected", "last"),
    [
        (
            "en",
            [
                "Hand 1. Carla has the button.",
                "Ana posts the small blind, 1.",
                "Ana's cards: ace of spades and king of spades.",
                "Beto's cards: not in the history.",
                "Carla raises to 6.",
                "Ana raises to 200 and is all in.",
                "Beto folds.",
                "Carla calls 194, 200 in all, and is all in.",
                "Flop: ace of hearts, seven of diamonds and two of diamonds.",
                "River: nine of clubs.",
                "Carla wins the pot of 402 with two pair, sevens and twos, ace kicker.",
                "Two pair beats a pair.",
            ],
            "End of hand 1.",
        ),
        (
            "es",
            [
                "Mano 1. Carla tiene el botón.",
                "Cartas de Ana: as de picas y rey de picas.",
                "Cartas de Beto: no constan en la historia.",
                "Ana sube a 200 y juega el resto.",
                "Beto se va.",
                "Carla se lleva el bote de 402 con doble pareja de sietes y doses, kicker as.",
            ],
            "Fin de la mano 1.",
        ),
    ],
)
def test_replay_narrates_the_hand_as_the_table_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, expected: list[str], last: str
) -> None:
    assert _run(tmp_path, HAND, "--lang", lang, *CONSOLE) == 0
    lines = capsys.readouterr().out.splitlines()
    for sentence in expected:
        assert sentence in lines
    assert [line for line in lines if line in expected] == expected  # in the order played
    assert lines[-1] == last
    # Carla's showdown: her cards, her hand and her best five, in one sentence.
    shows = next(line for line in lines if line.startswith(("Carla shows", "Carla muestra")))
    assert ("seven of hearts and two of clubs: two pair" in shows) or (
        "siete de corazones y dos de tréboles: doble pareja" in shows
    )
    # Beto's cards are unknown: the engine's stand-ins are never told.
    assert not any("Beto" in line and any(suit in line for suit in SUITS) for line in lines)
    # Nobody thinks in a replay: no "Beto's turn." before each action.
    assert not any(line.endswith("'s turn.") or line.startswith("Turno de") for line in lines)


def test_replay_says_a_muck_and_never_the_stand_in_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = ["d dh p1 7h4d", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc"]
    actions += ["d db KcQd9h", "p1 cc", "p2 cc", "d db 5s", "p1 cc", "p2 cc", "d db 3c"]
    actions += ["p1 cc", "p2 cc", "p1 sm 7h4d", "p2 sm"]
    assert _run(tmp_path, phh(actions, players=["Ana", "Beto", "Carla"]), *CONSOLE) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines.count("Beto throws the cards away without showing them.") == 1
    assert "Ana wins the pot of 4 with king high, queen kicker." in lines
    assert not any(line.startswith("Beto shows") for line in lines)
    assert not any("Beto" in line and any(suit in line for suit in SUITS) for line in lines)


def test_replay_stops_where_the_history_stops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The turn is checked through, so the engine deals a river the history never names.
    actions = ["d dh p1 7h4d", "d dh p2 QsJs", "d dh p3 8c8d", "p3 f", "p1 cc", "p2 cc"]
    actions += ["d db KcQd9h", "p1 cc", "p2 cc", "d db 5s", "p1 cc", "p2 cc"]
    assert _run(tmp_path, phh(actions), *CONSOLE, "--lang", "es") == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Turn: cinco de picas." in lines
    assert not any(line.startswith("River") for line in lines)
    assert lines[-1] == "La historia termina aquí, antes del final de la mano."


def test_replay_tells_no_winner_decided_by_cards_the_history_never_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Beto's cards are unknown and the history ends without a show: the engine's stand-ins
    # would decide the pot, so the telling stops at Beto's show.
    actions = ["d dh p1 7h4d", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc"]
    actions += ["d db KcQd9h", "p1 cc", "p2 cc", "d db 5s", "p1 cc", "p2 cc", "d db 3c"]
    actions += ["p1 cc", "p2 cc"]
    assert _run(tmp_path, phh(actions, players=["Ana", "Beto", "Carla"]), *CONSOLE) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == [
        "The history does not say which cards Beto shows.",
        "The history stops here, before the end of the hand.",
    ]
    assert not any("wins" in line for line in lines)


def test_replay_goes_through_the_output_router(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    transcript = tmp_path / "replay.jsonl"
    options = ("--output", "silent", "--transcript", str(transcript), "--verbosity", "brief")
    assert _run(tmp_path, HAND, *options) == 0
    assert capsys.readouterr().out == ""  # silent: no console echo
    records = [json.loads(line) for line in transcript.read_text("utf-8").splitlines()]
    said = [record["text"] for record in records if record["speech"]]
    assert "Carla wins the pot of 402 with two pair, sevens and twos, ace kicker." in said
    assert "Carla's turn." not in said  # a verbose-only sentence, dropped at brief
    assert {"hole_cards_dealt", "action_taken", "hand_shown", "pot_awarded"} <= {
        record["kind"] for record in records
    }


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        (phh([*DEAL3, "p1 f"]), ["actions[3]", "'p1 f'", "not this player's turn"]),
        (phh([*DEAL3, "p3 cbr 3"]), ["actions[3]", "'p3 cbr 3'", "below the minimum", "4"]),
        (
            phh(
                [*SHORT, "p1 cbr 10", "p2 cc", "p3 cbr 15", "p1 cbr 30"],
                starting_stacks=[200, 200, 17],
            ),
            ["actions[10]", "'p1 cbr 30'", "did not reopen"],
        ),
        (phh(["d dh p1 AsKs", "d dh p2 AsQc"]), ["actions[1]", "'d dh p2 AsQc'", "As", "twice"]),
        ("variant = 'NT'\nantes = [0,\n", ["bad TOML"]),
        (phh(DEAL3, variant="FT"), ["'FT'", "not supported"]),
    ],
)
def test_replay_refuses_with_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, needles: list[str]
) -> None:
    assert _run(tmp_path, text) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("audiopoker replay: ")
    for needle in needles:
        assert needle in lines[0]
    assert "Traceback" not in captured.err


def test_replay_refuses_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, phh([*DEAL3, "p1 f"]), "--lang", "es") == 2
    assert "no es el turno de este jugador" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            phh([*DEAL3, "p3 cbr 3"]),
            "actions[3] 'p3 cbr 3': por debajo del mínimo (jugador p3, mínimo 4, máximo 200, "
            "pedido 3)",
        ),
        ("variant = 'NT'\nantes = [0,\n", "TOML no válido: "),
        (phh(DEAL3, variant="FT"), "la variante 'FT' no está soportada (solo NT, Texas hold'em"),
        (phh(["d dh p1 AsKs", "d dh p2 AsQc"]), "la carta As aparece dos veces"),
    ],
)
def test_replay_refusals_come_in_spanish_from_the_catalog(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: str
) -> None:
    assert _run(tmp_path, text, "--lang", "es") == 2
    (said,) = capsys.readouterr().err.splitlines()
    assert said.startswith("audiopoker replay: ") and line in said


def test_an_unreadable_file_is_refused_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.phh"
    path.write_bytes("variant = 'NT' # año".encode("latin-1"))
    assert _replay_command(str(path), "--lang", "es") == 2
    assert capsys.readouterr().err.endswith(": el archivo no es texto UTF-8\n")
    assert _replay_command(str(tmp_path / "nowhere.phh"), "--lang", "es") == 2
    assert ": no se puede leer: " in capsys.readouterr().err


def test_replay_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _replay_command(str(tmp_path / "nowhere.phh")) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
