"""The saved-game offer says what the save is (cash game or tournament, seats, chips, next
hand); options typed for another game are named, with what each key does with them, and
never dropped in silence (``--resume`` says they are not used); quitting a saved game says
it is kept and how to come back."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import pytest
from persistence_support import finish, play_saved_game, save_path, start_game
from session_harness import running
from test_persistence_start import DELETE, choose

from audiopoker.cli import build_parser
from audiopoker.commands.new_game import options_against, typed_table_options
from audiopoker.persistence import SavedGame, Store
from audiopoker.tournament.director import Director
from audiopoker.tournament.schedule import Tournament
from audiopoker.ui.session import Settings
from audiopoker.ui.startup import saved_settings

TYPED = ("--tournament", "--players 4")
OFFER = {
    "en": "A saved game is waiting: a cash game of 3 players; you have {chips} chips, and hand "
    "3 is next. The options you typed, --tournament and --players 4, are for a new game and "
    "are not used if you resume. Enter resumes the saved game; Delete puts it aside and "
    "starts a new game with what you typed.",
    "es": "Hay una partida guardada: una partida de cash de 3 jugadores; tienes {chips} fichas "
    "y la siguiente es la mano 3. Las opciones que escribiste, --tournament y --players 4, "
    "son para una partida nueva y no se usan si la continúas. Intro continúa la guardada; "
    "Suprimir la aparta y empieza una nueva con lo que escribiste.",
}
AGAIN = {
    "en": "Press Enter to resume the saved game as it was, or Delete to put it aside and "
    "start a new game with what you typed.",
    "es": "Pulsa Intro para continuar la partida guardada como estaba, o Suprimir para "
    "apartarla y empezar una nueva con lo que escribiste.",
}
ONE = {  # one option: said in the singular
    "en": "The option you typed, --bots hard, is for a new game and is not used if you "
    "resume. Enter resumes",
    "es": "La opción que escribiste, --bots hard, es para una partida nueva y no se usa si "
    "la continúas. Intro continúa",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_options_for_another_game_are_named_and_delete_starts_it(tmp_path: Path, lang: str) -> None:
    saved = play_saved_game(tmp_path, hands=2)
    result, spoken = choose(tmp_path, keys="x" + DELETE, lang=lang, options=TYPED)
    assert result is None  # a new game, with the options typed
    assert spoken[:2] == [OFFER[lang].format(chips=saved.table.stacks[0]), AGAIN[lang]]
    assert not save_path(tmp_path).exists()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_one_option_is_named_in_the_singular(tmp_path: Path, lang: str) -> None:
    play_saved_game(tmp_path, hands=2)
    result, spoken = choose(tmp_path, keys="\r", lang=lang, options=("--bots hard",))
    assert isinstance(result, tuple) and ONE[lang] in spoken[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_enter_resumes_the_save_as_it_was_despite_the_options(tmp_path: Path, lang: str) -> None:
    saved = play_saved_game(tmp_path, hands=2)
    result, spoken = choose(tmp_path, keys="\r", lang=lang, options=TYPED)
    assert isinstance(result, tuple) and result[0] == saved
    assert result[1].players == 3
    assert spoken == [OFFER[lang].format(chips=saved.table.stacks[0])]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "The saved game goes on as it was: the options you typed, --tournament and "
            "--players 4, are for a new game and are not used.",
        ),
        (
            "es",
            "La partida guardada sigue como estaba: las opciones que escribiste, --tournament "
            "y --players 4, son para una partida nueva y no se usan.",
        ),
    ],
)
def test_resume_says_the_options_it_does_not_use(tmp_path: Path, lang: str, said: str) -> None:
    saved = play_saved_game(tmp_path, hands=2)
    result, spoken = choose(tmp_path, resume=True, lang=lang, options=TYPED)
    assert isinstance(result, tuple) and result[0] == saved
    assert spoken == [said]


# -- which typed options the save does not follow ----------------------------------------


def against(saved: SavedGame, *arguments: str) -> list[str]:
    args = build_parser().parse_args(["play", *arguments])
    settings = saved_settings(saved, "en")
    return options_against(saved, settings, args, typed_table_options(arguments), "en")


def test_only_options_that_differ_from_the_save_are_named(tmp_path: Path) -> None:
    saved = play_saved_game(tmp_path, hands=1)  # 3 players, 100 chips, easy bots, seed 3
    # The same table typed again: nothing to say; the pace and language are not the table.
    same = ("--players", "3", "--chips", "100", "--bots", "easy", "--seed", "3")
    assert against(saved, *same, "--lang", "es", "--bot-delay", "0") == []
    assert against(saved) == []  # nothing typed: the defaults are not options typed
    assert against(saved, "--tourn", "--play=3", "--chips", "500", "--bots", "hard") == [
        "--tournament",
        "--chips 500",
        "--bots hard",
    ]
    assert against(saved, "--payouts", "70,30", "--blinds", "5/10") == [
        "--payouts 70,30",
        "--blinds 5/10",
    ]


def test_a_tournament_save_follows_tournament_options_that_match_it(tmp_path: Path) -> None:
    cash = play_saved_game(tmp_path, hands=1)
    state = Director(Tournament(payouts=(70, 30))).state()
    saved = dataclasses.replace(cash, extra={**cash.extra, "tournament": state})
    assert against(saved, "--tournament", "--payouts", "70,30") == []
    assert against(saved, "--payouts", "50,30,20", "--level-each-hand") == [
        "--payouts 50,30,20",
        "--level-each-hand",
    ]


def test_the_offer_tells_a_tournament_save(tmp_path: Path) -> None:
    cash = play_saved_game(tmp_path, hands=1)
    state = Director(Tournament()).state()
    saved = dataclasses.replace(cash, extra={**cash.extra, "tournament": state})
    save_path(tmp_path).write_bytes(saved.to_json())
    for lang, start in (
        ("en", "A saved game is waiting: a tournament of 3 players;"),
        ("es", "Hay una partida guardada: un torneo de 3 jugadores;"),
    ):
        result, spoken = choose(tmp_path, keys="\r", lang=lang)
        assert isinstance(result, tuple) and spoken[0].startswith(start)


# -- quitting a saved game ---------------------------------------------------------------

KEPT = {
    "en": (
        "The game is saved: start audiopoker again to resume it from the start of hand 1.",
        "Goodbye.",
    ),
    "es": (
        "La partida queda guardada: abre audiopoker otra vez para continuarla desde el "
        "principio de la mano 1.",
        "Adiós.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_quitting_a_saved_game_says_it_is_kept_and_how_to_come_back(
    tmp_path: Path, lang: str
) -> None:
    settings = Settings(
        players=3, seed=2, bot_delay=0, bot_time_budget=None, lang="es" if lang == "es" else "en"
    )
    store = Store(tmp_path)
    store.open()
    try:
        with running(settings, store=store) as game:
            assert game.wait(game.my_turn)
            game.pipe.send_text("qq")
            assert game.wait(lambda: game.finished, 10)
            spoken = game.spoken()
        assert tuple(spoken[-2:]) == KEPT[lang]
        assert store.load().saved is not None  # what was said is so
    finally:
        store.close()


def test_quitting_a_game_that_is_not_saved_only_says_goodbye() -> None:
    settings = Settings(players=3, seed=2, bot_delay=0, bot_time_budget=None)
    with running(settings) as game:  # in memory: nothing is kept
        assert game.wait(game.my_turn)
        game.pipe.send_text("qq")
        assert game.wait(lambda: game.finished, 10)
        spoken = game.spoken()
    assert spoken[-1] == "Goodbye." and not any("saved" in line for line in spoken[-3:])


def test_typed_options_ignore_values_and_other_options() -> None:
    typed = typed_table_options(["play", "--name", "--x", "--rem", "5", "--", "--players"])
    assert typed == ["--name"]


def test_the_real_program_names_the_options_typed_on_its_command_line(tmp_path: Path) -> None:
    play_saved_game(tmp_path, hands=2)  # 3 players, 100 chips, easy bots
    transcript = tmp_path / "said.jsonl"
    # start_game types --players 3 --chips 300 --bots easy --lang en, among others.
    process = start_game(tmp_path, "--tournament", "--transcript", str(transcript))
    try:
        deadline = time.monotonic() + 60
        while not (transcript.exists() and transcript.read_text("utf-8").strip()):
            assert time.monotonic() < deadline and process.poll() is None, "no offer"
            time.sleep(0.05)
        assert process.stdin is not None
        process.stdin.write(b"\x03")  # Control+C: quit, the save as it was
        process.stdin.flush()
        code, err = finish(process, timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            finish(process)
    assert code == 0, err
    first = json.loads(transcript.read_text("utf-8").splitlines()[0])["text"]
    assert "The options you typed, --chips 300 and --tournament, are for a new game" in first
    assert save_path(tmp_path).exists()
