"""Tournament levels and places paid: the default structure, the player's own levels in
TOML (read, and refused in one line naming the level and what to write instead, in
English and Spanish, with no game started), ``--payouts``, and how tied players share
prizes."""

from __future__ import annotations

from pathlib import Path

import pytest

from audiopoker.cli import build_parser, main
from audiopoker.commands.play import settings_from_args
from audiopoker.tournament.options import tournament_from_args
from audiopoker.tournament.schedule import (
    DEFAULT_LEVELS,
    Level,
    Problem,
    Tournament,
    TournamentError,
    levels_of,
    parse_levels,
    parse_payouts,
    prize_shares,
)
from audiopoker.tournament.tournament_talk import TournamentText

# --- the default structure ----------------------------------------------------------------


def test_the_default_structure_starts_at_the_house_blinds_and_only_rises() -> None:
    first = DEFAULT_LEVELS[0]
    assert (first.small_blind, first.big_blind, first.ante) == (1, 2, 0)
    assert all(level.hands == 10 and level.minutes is None for level in DEFAULT_LEVELS)
    bigs = [level.big_blind for level in DEFAULT_LEVELS]
    assert bigs == sorted(bigs) and len(set(bigs)) == len(bigs)
    assert all(level.small_blind <= level.big_blind for level in DEFAULT_LEVELS)
    # No ante at first; from level 4 every player antes, never more than a fifth of the big
    # blind (seed 002: the ante comes at the higher levels).
    assert [level.ante for level in DEFAULT_LEVELS[:3]] == [0, 0, 0]
    assert all(0 < level.ante * 5 <= level.big_blind for level in DEFAULT_LEVELS[3:])
    # The default levels pass the checks a file's levels pass.
    assert levels_of([level.to_json() for level in DEFAULT_LEVELS]) == DEFAULT_LEVELS


# --- the player's own levels ----------------------------------------------------------------

GOOD = """# A quick practice game.
hands = 6

[[level]]
small_blind = 1
big_blind = 2

[[level]]
small_blind = 2
big_blind = 4
ante = 1
minutes = 7.5

[[level]]
small_blind = 5
big_blind = 10
hands = 3
"""


def test_a_levels_file_is_read() -> None:
    assert parse_levels(GOOD) == (
        Level(1, 2, 0, hands=6),
        Level(2, 4, 1, minutes=7.5),
        Level(5, 10, 0, hands=3),
    )


def test_a_length_for_every_level_may_be_minutes() -> None:
    levels = parse_levels("minutes = 10\n[[level]]\nsmall_blind = 0\nbig_blind = 1\n")
    assert levels == (Level(0, 1, 0, minutes=10.0),)


LEVEL = "[[level]]\nsmall_blind = 1\nbig_blind = 2\nhands = 5\n"

REFUSED = [
    ("hands = 5\n[[level]\n", Problem.SYNTAX, {"line": 2}),
    ("hands = 5\n", Problem.NO_LEVELS, {}),
    ("level = 3\n", Problem.NOT_TABLES, {}),
    ("blinds = 3\n" + LEVEL, Problem.UNKNOWN_TOP, {"key": "blinds"}),
    (LEVEL + LEVEL + "[[level]]\nbigblind = 4\n", Problem.UNKNOWN_KEY, {"level": 3}),
    (LEVEL + "[[level]]\nsmall_blind = 2\nhands = 5\n", Problem.MISSING,
     {"level": 2, "key": "big_blind"}),
    (LEVEL + "[[level]]\nsmall_blind = 2\nbig_blind = 4.5\nhands = 5\n", Problem.NOT_WHOLE,
     {"level": 2, "key": "big_blind", "value": "4.5"}),
    ("[[level]]\nsmall_blind = 1\nbig_blind = 0\nhands = 5\n", Problem.OUT_OF_RANGE,
     {"level": 1, "key": "big_blind", "value": 0}),
    ("[[level]]\nsmall_blind = 1\nbig_blind = 2\nminutes = 0\n", Problem.OUT_OF_RANGE,
     {"level": 1, "key": "minutes"}),
    ('[[level]]\nsmall_blind = 1\nbig_blind = 2\nminutes = "ten"\n', Problem.NOT_A_NUMBER,
     {"level": 1, "value": "'ten'"}),
    (LEVEL + LEVEL + "[[level]]\nsmall_blind = 5\nbig_blind = 4\nhands = 5\n",
     Problem.SMALL_ABOVE_BIG, {"level": 3, "small": 5, "big": 4}),
    ("[[level]]\nsmall_blind = 1\nbig_blind = 2\nhands = 5\nminutes = 3\n",
     Problem.BOTH_LENGTHS, {"level": 1}),
    ("hands = 5\nminutes = 3\n" + LEVEL, Problem.BOTH_LENGTHS, {}),
    ("[[level]]\nsmall_blind = 1\nbig_blind = 2\n", Problem.NO_LENGTH, {"level": 1}),
    ("[[level]]\nsmall_blind = 2\nbig_blind = 4\nhands = 5\n" + LEVEL, Problem.BLINDS_FALL,
     {"level": 2, "big": 2, "previous": 4}),
    ("hands = 0\n" + LEVEL, Problem.OUT_OF_RANGE, {"key": "hands"}),
    ("hands = true\n" + LEVEL, Problem.NOT_WHOLE, {"key": "hands", "value": "true"}),
    ("hands = 5\n" + "[[level]]\nsmall_blind = 1\nbig_blind = 2\n" * 101, Problem.TOO_MANY,
     {"count": 101}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "problem", "details"), REFUSED)
def test_a_bad_levels_file_is_refused_with_its_problem(
    text: str, problem: Problem, details: dict[str, object]
) -> None:
    with pytest.raises(TournamentError) as raised:
        parse_levels(text)
    assert raised.value.problem is problem
    for name, value in details.items():
        assert raised.value.details[name] == value
    if "level" not in details:
        assert "level" not in raised.value.details
    for lang in ("en", "es"):  # every refusal has its sentence in both languages
        sentence = TournamentText(lang).problem(raised.value)
        assert "{" not in sentence and sentence == sentence.strip()
        if "level" in details:
            assert str(details["level"]) in sentence


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "audiopoker play: error: argument --levels: {file}: level 3: the small blind 5 "
               "is more than the big blind 4; make it at most 4"),
        ("es", "audiopoker play: no se puede empezar: la opción --levels {file}: nivel 3: la "
               "ciega pequeña, 5, es mayor que la grande, 4; ponla en 4 como mucho"),
    ],
)  # fmt: skip
def test_the_command_line_refuses_a_bad_file_in_one_line_and_starts_nothing(
    lang: str, line: str, tmp_path: Path, private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "levels.toml"
    path.write_text(LEVEL + LEVEL + "[[level]]\nsmall_blind = 5\nbig_blind = 4\nhands = 5\n")
    with pytest.raises(SystemExit) as raised:
        main(["--levels", str(path), "--lang", lang, "--output", "silent", "--no-sound"])
    assert raised.value.code == 2
    assert capsys.readouterr().err.splitlines() == [line.format(file=path)]
    assert list(private_data_dir.iterdir()) == []  # no game was saved or recorded


@pytest.mark.parametrize(
    ("lang", "made", "expected"),
    [
        ("en", None, "no such file: {file}; name a TOML file of levels, such as levels.toml"),
        ("es", None, "no existe el archivo {file}; indica un archivo TOML de niveles, como "
                     "niveles.toml"),
        ("en", b"\xff\xfe[[level]]", "{file} is not UTF-8 text; save it as UTF-8"),
        ("en", b"hands = 5\n", "{file}: no levels: for each level write a [[level]] line, "
                               "then small_blind, big_blind, and hands or minutes"),
        ("es", b"[[level]]\nsmall_blind = 1\nbig_blind = 2\n",
         "{file}: el nivel 1 no da ni hands ni minutes: añade hands = 10 o minutes = 10, o da "
         "uno de ellos al principio para todos los niveles"),
    ],
)  # fmt: skip
def test_files_that_cannot_be_used_say_why(
    lang: str, made: bytes | None, expected: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = tmp_path / "mine.toml"
    if made is not None:
        path.write_bytes(made)
    with pytest.raises(SystemExit) as raised:
        main(["watch", "--levels", str(path), "--lang", lang])
    assert raised.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    frame = "argument --levels: " if lang == "en" else "la opción --levels "
    assert line.endswith(frame + expected.format(file=path)), line


# --- places paid ----------------------------------------------------------------------------


def test_payouts_are_read() -> None:
    assert parse_payouts("100") == (100,)
    assert parse_payouts("50, 30,20") == (50, 30, 20)
    assert parse_payouts("40,40,20") == (40, 40, 20)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("50;30;20", Problem.PAYOUTS_FORMAT),
        ("", Problem.PAYOUTS_FORMAT),
        ("50,30,0,20", Problem.PAYOUTS_FORMAT),
        ("50,30", Problem.PAYOUTS_SUM),
        ("30,50,20", Problem.PAYOUTS_RISING),
        (",".join(["9"] * 11 + ["1"]), Problem.PAYOUTS_TOO_MANY),
    ],
)
def test_bad_payouts_are_refused(text: str, problem: Problem) -> None:
    with pytest.raises(TournamentError) as raised:
        parse_payouts(text)
    assert raised.value.problem is problem


@pytest.mark.parametrize(
    ("argv", "option", "said"),
    [
        (["--payouts", "50,30"], "--payouts", "the shares add up to 80, not 100"),
        (["--payouts", "50,30,20", "--players", "2"], "--payouts",
         "3 places paid but 2 players: pay at most 2 places"),
        (["--tournament", "--blinds", "5/10"], "--blinds",
         "in a tournament the levels set the blinds and the ante"),
        (["--level-each-hand", "--ante", "1"], "--ante", "leave out --blinds and --ante"),
        (["--tournament", "--chips", "1"], "--chips", "at least the big blind (2)"),
        (["watch", "--payouts", "60,40", "--levels", "/nonexistent/levels.toml"], "--levels",
         "no such file"),
    ],
)  # fmt: skip
def test_options_that_cannot_make_a_tournament_are_refused(
    argv: list[str], option: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        raise SystemExit(main([*argv, "--output", "silent", "--no-sound"]))
    assert raised.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert f"argument {option}: " in line and said in line, line


def test_the_spanish_refusal_of_payouts() -> None:
    error = TournamentError(Problem.PAYOUTS_SUM, total=90)
    assert TournamentText("es").problem(error) == (
        "las partes suman 90, no 100: haz que sumen 100, como 50,30,20"
    )


def test_the_options_make_a_tournament_and_cash_stays_the_default(tmp_path: Path) -> None:
    parser = build_parser()
    cash = parser.parse_args(["play"])
    assert tournament_from_args(cash, "en") == (None, None)
    settings = settings_from_args(cash, "en")
    assert (settings.small_blind, settings.big_blind, settings.ante) == (1, 2, 0)
    plain = parser.parse_args(["play", "--tournament"])
    assert tournament_from_args(plain, "en") == (Tournament(), None)
    path = tmp_path / "levels.toml"
    path.write_text(GOOD, "utf-8")
    args = parser.parse_args(
        ["watch", "--levels", str(path), "--payouts", "70,30", "--level-each-hand"]
    )
    tournament, refusal = tournament_from_args(args, "es")
    assert refusal is None and tournament is not None
    assert tournament.levels == parse_levels(GOOD)
    assert tournament.payouts == (70, 30) and tournament.each_hand


# --- prizes ---------------------------------------------------------------------------------


def test_prizes_follow_the_places_and_tied_players_share() -> None:
    assert prize_shares({3: 1, 0: 2, 1: 3, 2: 4}, (50, 30, 20)) == {
        3: 50.0,
        0: 30.0,
        1: 20.0,
        2: 0.0,
    }
    # Two out in the same hand with the same chips tie for third: they share third and fourth.
    assert prize_shares({0: 1, 1: 2, 2: 3, 3: 3}, (40, 30, 20, 10)) == {
        0: 40.0,
        1: 30.0,
        2: 15.0,
        3: 15.0,
    }
    assert prize_shares({0: 1, 1: 2}, ()) == {0: 0.0, 1: 0.0}  # just ranked
