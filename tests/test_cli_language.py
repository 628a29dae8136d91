"""Command-line errors in the player's language: the one-line option errors of ``play`` and
``watch`` follow ``--lang``, else the system language; ``speech-test`` speaks the system
language unless ``--lang`` says otherwise."""

from __future__ import annotations

import pytest

from audiopoker.cli import main

PLAY = "audiopoker play: no se puede empezar: la opción"


def error_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as raised:
        raise SystemExit(main(argv))
    assert raised.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--players", "11"], f"{PLAY} --players debe ser un número entero de 2 a 10, no '11'"),
        (["--players", "six"], f"{PLAY} --players debe ser un número entero de 2 a 10, no 'six'"),
        (
            ["--blinds", "2/1"],
            f"{PLAY} --blinds debe ser PEQUEÑA/GRANDE, como 1/2: la ciega pequeña de 0 a la "
            "grande, y la grande de 1 a 1000000; no '2/1'",
        ),
        (["--bot-delay", "11"],
         f"{PLAY} --bot-delay debe ser un número de segundos de 0 a 10, no '11'"),
        (["--name", "  "], f"{PLAY} --name debe tener de 1 a 30 caracteres, no '  '"),
        (["--bots", "genius"], f"{PLAY} --bots no admite 'genius': elige entre 'easy', 'normal', "
         "'hard', 'random', 'station', 'honest', 'maniac', 'minraiser', 'folder', 'coach'"),
        (["--players"], f"{PLAY} --players necesita un valor"),
        (["--rate", "5"], f"{PLAY} --rate debe ser un número entero de 50 a 500, no '5'"),
        (["--chips", "1"], f"{PLAY} --chips debe ser al menos la ciega grande (2), no 1"),
        (["--keymap", "/nonexistent/keys.toml"],
         f"{PLAY} --keymap nombra un archivo que no existe: /nonexistent/keys.toml"),
        (["watch", "--hands", "0"], "audiopoker watch: no se puede empezar: la opción --hands "
         "debe ser un número entero de 1 a 1000000, no '0'"),
        (["--foo", "1"], "audiopoker: no se puede empezar: opciones desconocidas: --foo 1"),
    ],
)  # fmt: skip
def test_lang_es_says_the_error_in_spanish(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert error_line([*argv, "--lang", "es"], capsys) == line


def test_lang_equals_es_and_lang_before_the_option_work_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = f"{PLAY} --players debe ser un número entero de 2 a 10, no '1'"
    assert error_line(["--lang=es", "--players", "1"], capsys) == expected
    assert error_line(["play", "--lang", "es", "--players", "1"], capsys) == expected


def test_without_lang_the_system_language_is_used(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    line = error_line(["--chips", "0"], capsys)
    assert line == f"{PLAY} --chips debe ser un número entero de 1 a 1000000, no '0'"
    # --lang wins over the system; an unknown --lang is said in the system's language.
    english = error_line(["--chips", "0", "--lang", "en"], capsys)
    assert english == (
        "audiopoker play: error: argument --chips: must be a whole number from 1 to 1000000, "
        "not '0'"
    )
    assert error_line(["--lang", "fr"], capsys).startswith(f"{PLAY} --lang no admite 'fr'")


def test_english_lines_keep_their_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert error_line(["--players", "1"], capsys) == (
        "audiopoker play: error: argument --players: must be a whole number from 2 to 10, not '1'"
    )
    assert error_line(["--chips", "1"], capsys) == (
        "audiopoker play: error: argument --chips: must be at least the big blind (2), not 1"
    )


def test_speech_test_speaks_the_system_language_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["speech-test", "--output", "silent"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["Voz activa: silencio", "Braille: ninguno"]
    assert main(["speech-test", "--output", "silent", "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["Active speech: silence", "Braille: none"]
