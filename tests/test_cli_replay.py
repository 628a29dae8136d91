"""``audiopoker replay`` of a hand history cut in its last hand (a crash while the game
wrote it) tells the complete hands and then refuses the broken one by its number, in the
player's language (``--lang``, else the system's). Real processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_audiopoker
from persistence_support import history_files, play_saved_game

HANDS = 3


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game's history of three hands."""
    folder = tmp_path_factory.mktemp("game")
    play_saved_game(folder, HANDS)
    (path,) = history_files(folder)
    return path


def cut_in_last_hand(history: Path, folder: Path) -> Path:
    """The history cut in the middle of its last hand's actions."""
    text = history.read_text(encoding="utf-8")
    last = text.rindex(f"[{HANDS}]")
    actions = text.index('"d dh', last)
    cut = folder / "cut.phhs"
    cut.write_text(text[: actions + 6], encoding="utf-8")
    return cut


def replay(
    arguments: list[str], folder: Path, lang_env: str = "en_US.UTF-8"
) -> tuple[int, str, str]:
    done = run_audiopoker(["replay", *arguments], folder, env={"LANG": lang_env})
    return done.returncode, done.stdout, done.stderr


REFUSAL = {
    "es": "la mano 3 no se puede contar: el archivo se corta a mitad de la mano",
    "en": "hand 3 cannot be told: the file ends in the middle of it",
}
END_OF_HAND = {"es": "Fin de la mano {n}.", "en": "End of hand {n}."}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_complete_hands_are_told_then_the_cut_one_refused(
    lang: str, history: Path, tmp_path: Path
) -> None:
    cut = cut_in_last_hand(history, tmp_path)
    transcript = tmp_path / "t.jsonl"
    arguments = [str(cut), "--lang", lang, "--output", "silent", "--transcript", str(transcript)]
    code, _, stderr = replay(arguments, tmp_path)
    assert code == 2
    assert stderr.splitlines() == [f"audiopoker replay: {cut}: {REFUSAL[lang]}"]
    texts = [json.loads(line)["text"] for line in transcript.read_text("utf-8").splitlines()]
    ends = [text for text in texts if text.startswith(END_OF_HAND[lang][:8])]
    assert ends == [END_OF_HAND[lang].format(n=1), END_OF_HAND[lang].format(n=2)]
    assert texts[-1] == f"audiopoker replay: {cut}: {REFUSAL[lang]}"  # heard as well


def test_the_system_language_is_used_without_lang(history: Path, tmp_path: Path) -> None:
    cut = cut_in_last_hand(history, tmp_path)
    code, _, stderr = replay([str(cut), "--output", "silent"], tmp_path, "es_ES.UTF-8")
    assert code == 2
    assert stderr.splitlines() == [f"audiopoker replay: {cut}: {REFUSAL['es']}"]
    code, _, stderr = replay([str(tmp_path / "nowhere.phhs")], tmp_path, "es_ES.UTF-8")
    assert code == 2
    assert stderr.splitlines() == [
        f"audiopoker replay: {tmp_path / 'nowhere.phhs'}: no se puede leer: ese archivo no existe"
    ]


def test_json_gives_the_complete_hands(history: Path, tmp_path: Path) -> None:
    cut = cut_in_last_hand(history, tmp_path)
    code, stdout, stderr = replay([str(cut), "--json", "--lang", "es"], tmp_path)
    assert code == 2
    assert [hand["complete"] for hand in json.loads(stdout)] == [True, True]
    assert stderr.splitlines() == [f"audiopoker replay: {cut}: {REFUSAL['es']}"]


def test_the_cut_hand_asked_for_alone_is_refused_the_others_told(
    history: Path, tmp_path: Path
) -> None:
    cut = cut_in_last_hand(history, tmp_path)
    code, _, stderr = replay([str(cut), "--hand", "3", "--lang", "es"], tmp_path)
    assert (code, stderr.splitlines()) == (2, [f"audiopoker replay: {cut}: {REFUSAL['es']}"])
    code, stdout, _ = replay([str(cut), "--hand", "2", "--json"], tmp_path)
    assert code == 0 and json.loads(stdout)["complete"]


def test_a_whole_history_is_told_whole(history: Path, tmp_path: Path) -> None:
    code, stdout, stderr = replay([str(history), "--json"], tmp_path)
    assert (code, stderr) == (0, "")
    assert len(json.loads(stdout)) == HANDS
