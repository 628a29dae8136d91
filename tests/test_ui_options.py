"""The options (O): the settings under one key, said as a list. Each item says its value; Enter
changes it, says it again and keeps the preference; Escape leaves. Through the real key
loop on a pipe input, in both languages, and through a real session for what is saved."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_persistence_prefs import SETTINGS, game, saved_prefs, wait
from test_ui_sound_keys import FakeSound
from ui_harness import DOWN, END, ENTER, ESCAPE, LEFT, Table, driven, make_table, to_option

from audiopoker.i18n import DEFAULT_WORDS, current_words, set_words
from audiopoker.narration.language import Language
from audiopoker.output.backends import RecordingBackend
from audiopoker.output.message import Verbosity
from audiopoker.ui.coach_keys import CoachService
from audiopoker.ui.options_menu import PACE_STEPS, next_pace

LANGS = ["en", "es"]

# What each item says first at a table with sound, a seat and a coach (pace 1 s).
FIRST = {
    "en": {
        "verbosity": "How much is said: normal.",
        "pace": "Bots wait 1 second.",
        "sound": "Sound cues: on.",
        "volume": "Sound volume 50 percent.",
        "all_in_warning": "Warning before all in: on. A asks first.",
        "review": "The coach's review after each hand: off.",
        "amounts": "Amounts: in chips.",
    },
    "es": {
        "verbosity": "Cuánto se dice: lo normal.",
        "pace": "Los bots esperan 1 segundo.",
        "sound": "Sonidos: activados.",
        "volume": "Volumen de los sonidos: 50 por ciento.",
        "all_in_warning": "Aviso antes de jugar el resto: activado. A pregunta antes.",
        "review": "La revisión del entrenador tras cada mano: desactivada.",
        "amounts": "Cantidades: en fichas.",
        "words": "Palabras del juego: seguir, ver e irse, como en la sala.",
    },
}


@pytest.fixture(autouse=True)
def room_words() -> Iterator[None]:
    """Every test starts and ends in the default Spanish words (the options change them)."""
    set_words(DEFAULT_WORDS)
    yield
    set_words(DEFAULT_WORDS)


def full_table(lang: str) -> tuple[Table, FakeSound, list[str]]:
    """A table with sound, a seat and a coach; the list records each preference kept."""
    table = make_table(lang=lang)
    sound = FakeSound()
    table.controller.sound.sound = sound
    table.controller.coach.service = CoachService(0, random.Random(1), table.controller.text.lang)
    kept: list[str] = []
    table.controller.questions.on_change = lambda: kept.append("kept")
    return table, sound, kept


@pytest.mark.parametrize("lang", LANGS)
def test_o_says_every_setting_with_its_value_and_escape_leaves(lang: str) -> None:
    table, _, _ = full_table(lang)
    names = [setting.name for setting in table.controller.settings()]
    assert names == list(FIRST[lang])  # the words only in Spanish
    with driven(table) as keys:
        keys.press("o")
        first, title = table.output.messages[:2]
        assert first.text == FIRST[lang]["verbosity"] and first.interrupt
        count = {"en": f"Options: {len(names)} settings.", "es": f"Opciones: {len(names)} ajustes."}
        assert title.text.startswith(count[lang]) and not title.interrupt
        heard = [first.text]
        for _ in names[1:]:
            keys.press(DOWN)
            heard.append(table.output.last.text)
        keys.press(ESCAPE)
        closed = table.output.last.text
    end = {"en": " End of the list.", "es": " Final de la lista."}[lang]
    assert heard == [*list(FIRST[lang].values())[:-1], list(FIRST[lang].values())[-1] + end]
    assert closed == {"en": "List closed.", "es": "Lista cerrada."}[lang]
    assert {m.kind for m in table.output.messages} == {"options"}
    assert table.output.unremembered == table.output.messages  # not news: not in the history


@pytest.mark.parametrize(
    ("lang", "verbose", "brief"),
    [
        ("en", "How much is said: verbose, with whose turn it is, and stacks and pot after each"
         " action.", "How much is said: brief, only what matters."),
        ("es", "Cuánto se dice: detallado, con de quién es el turno, y fichas y bote tras cada"
         " jugada.", "Cuánto se dice: breve, solo lo importante."),
    ],
)  # fmt: skip
def test_enter_changes_the_verbosity_and_says_it(lang: str, verbose: str, brief: str) -> None:
    table, _, _ = full_table(lang)
    with driven(table) as keys:
        keys.press("o")
        keys.press(ENTER)
        assert table.output.last.text == verbose
        assert table.output.verbosity is Verbosity.VERBOSE
        keys.press(ENTER)
        assert table.output.last.text == brief
        keys.press(DOWN)
        keys.press("\x1b[A")  # Up: the changed item says its value now
        assert table.output.last.text.endswith(brief)
    assert table.output.verbosity is Verbosity.BRIEF


@pytest.mark.parametrize("lang", LANGS)
def test_enter_moves_the_pace_one_step_and_after_the_slowest_to_the_fastest(lang: str) -> None:
    table, _, _ = full_table(lang)
    table.pace.append(PACE_STEPS[-2])
    with driven(table) as keys:
        to_option(keys, table.controller, "pace")
        keys.press(ENTER)
        slowest = table.output.last.text
        keys.press(ENTER)
        fastest = table.output.last.text
    assert table.pace[-2:] == [PACE_STEPS[-1], 0.0]
    assert slowest == {"en": "Bots wait 5 seconds.", "es": "Los bots esperan 5 segundos."}[lang]
    assert fastest == table.controller.text.pace(0.0)
    assert [next_pace(step) for step in (0.0, 1.0, 5.0)] == [0.25, 1.5, 0.0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sound_and_its_volume_change_and_are_said(lang: str) -> None:
    table, sound, kept = full_table(lang)
    sound.volume = 1.0
    with driven(table) as keys:
        to_option(keys, table.controller, "sound")
        keys.press(ENTER)
        assert sound.muted
        off = table.output.last.text
        keys.press(DOWN)
        keys.press(ENTER)  # the loudest already: back to the quietest, and on again
        quietest = table.output.last.text
        keys.press(ENTER)
        louder = table.output.last.text
    assert (
        off
        == {"en": "Sound cues: off; speech goes on.", "es": "Sonidos: silenciados; la voz sigue."}[
            lang
        ]
    )
    assert quietest == table.controller.text.sound_volume(10, False) and not sound.muted
    assert louder == table.controller.text.sound_volume(20, False)
    assert kept == ["kept"] * 3  # each change kept, as with 8, 9 and 0


@pytest.mark.parametrize(
    ("lang", "on"),
    [
        ("en", "The coach's review after each hand: on, when a decision cost you chips."),
        ("es", "La revisión del entrenador tras cada mano: activada, cuando una decisión te"
         " costó fichas."),
    ],
)  # fmt: skip
def test_the_review_after_each_hand_is_turned_on_and_kept(lang: str, on: str) -> None:
    table, _, kept = full_table(lang)
    service = table.controller.coach.service
    assert service is not None and not service.speak_review
    with driven(table) as keys:
        to_option(keys, table.controller, "review")
        keys.press(ENTER)
    assert table.output.last.text == on and service.speak_review
    assert kept == ["kept"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_all_in_warning_is_changed_and_kept(lang: str) -> None:
    table, _, kept = full_table(lang)
    with driven(table) as keys:
        to_option(keys, table.controller, "all_in_warning")
        keys.press(ENTER)
    assert not table.controller.questions.all_in_warning and kept == ["kept"]
    assert table.output.last.text == table.controller.text.all_in_warning(False, "A")


def test_the_spanish_words_change_for_the_next_sentence_and_are_kept() -> None:
    table, _, kept = full_table("es")
    controller = table.controller
    before = controller.text.action_description("fold")
    with driven(table) as keys:
        to_option(keys, controller, "words")
        keys.press(ENTER)
        said = table.output.last.text
        keys.press(ESCAPE)
        keys.press("h")  # the next sentences: help's betting lines in poker Spanish
    assert said == "Palabras del juego: pagar, pasar y retirarse, como en las reglas."
    assert current_words() == "poker" and kept == ["kept"]
    assert before == "irte: abandonar la mano"
    assert controller.text.action_description("fold") == "retirarte: abandonar la mano"
    off_turn = "C: prepara pasar o pagar para tu turno; otra vez, pagar cualquier apuesta;"
    assert any(line.startswith(off_turn) for line in controller.help_lines())


def test_english_has_no_words_to_choose() -> None:
    table, _, _ = full_table("en")
    assert "words" not in [setting.name for setting in table.controller.settings()]


@pytest.mark.parametrize("lang", LANGS)
def test_a_watcher_and_a_silent_table_get_only_what_they_have(lang: str) -> None:
    watcher = make_table(lang=lang, me=None)  # no seat, no sound, no coach
    names = [setting.name for setting in watcher.controller.settings()]
    assert names == ["verbosity", "pace", "amounts", *(["words"] if lang == "es" else [])]


def test_any_other_key_closes_the_options_and_acts() -> None:
    table, _, _ = full_table("en")
    with driven(table) as keys:
        keys.press("o")
        keys.press(END)
        keys.press("s")
        assert table.output.last.text == "You have 199 chips, and 1 bet this round."
        keys.press(LEFT)  # the list is closed: Left walks the message history again
    assert table.output.calls == ["previous"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_change_in_a_real_session_is_saved_with_the_game(lang: Language, tmp_path: Path) -> None:
    """The options in a real session: the review, and in Spanish the words, are saved at
    once with the game's preferences; the next table sentence uses the new words."""
    settings = dataclasses.replace(SETTINGS, lang=lang)
    try:
        with game(tmp_path, settings) as (session, pipe, chips, _):
            assert wait(lambda: chips.asked > chips.taken)
            names = [setting.name for setting in session.controller.settings()]
            down = "\x1b[B" * names.index("review")
            pipe.send_text("o" + down + "\r\x1b")  # O, Down to the review, Enter, Escape
            assert wait(lambda: saved_prefs(tmp_path).get("review") is True)
            if lang == "es":
                pipe.send_text("o" + "\x1b[F" + "\r\x1b")  # End: the words, last
                assert wait(lambda: saved_prefs(tmp_path).get("words") == "poker")
                backend = session.router.backend
                assert isinstance(backend, RecordingBackend)
                heard = len(backend.spoken)
                pipe.send_text("c")  # the table tells the player's action in poker Spanish
                assert wait(lambda: any(line.startswith(("Pagas", "Pasas"))
                                        for line in backend.spoken[heard:]))  # fmt: skip
    finally:
        set_words(DEFAULT_WORDS)


NO_DEVICE = {
    "en": (
        "Sound cues: no sound device; the game goes on in words.",
        "Sound cues cannot be turned on: there is no sound device.",
        "Sound volume: no sound device.",
        "The volume cannot change: there is no sound device.",
    ),
    "es": (
        "Sonidos: no hay dispositivo de sonido; la partida sigue en palabras.",
        "Los sonidos no se pueden activar: no hay dispositivo de sonido.",
        "Volumen de los sonidos: no hay dispositivo de sonido.",
        "El volumen no puede cambiar: no hay dispositivo de sonido.",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_with_no_sound_device_the_sound_items_say_so_and_enter_says_why_not(lang: str) -> None:
    """A game started with no sound device (or whose device failed): the options do not
    claim the cues are on, and Enter changes nothing, saying why."""
    table, sound, _ = full_table(lang)
    sound.working = False
    sound_said, sound_refused, volume_said, volume_refused = NO_DEVICE[lang]
    with driven(table) as keys:
        to_option(keys, table.controller, "sound")
        assert table.output.last.text == sound_said
        keys.press(ENTER)
        assert table.output.last.text == sound_refused
        keys.press(DOWN)
        assert table.output.last.text == volume_said
        keys.press(ENTER)
        assert table.output.last.text == volume_refused
    assert not sound.muted and sound.volume == 0.5  # nothing changed
    assert FIRST[lang]["sound"] not in table.output.texts
