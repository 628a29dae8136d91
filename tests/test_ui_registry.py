"""One command registry (audiopoker/ui/registry.py): the keymap's actions and defaults,
keymap.toml, the controller's handlers, help's lines and README's key table all come from
it and agree with it; at least six letters are free and answer "does nothing"; a player's
older keymap still loads."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from ui_harness import ENTER, driven, make_table

from audiopoker.ui.keymap import (
    ACTIONS,
    Mode,
    apply_overrides,
    default_bindings,
    default_keymap,
    default_keymap_text,
    load_keymap,
    parse_keymap,
)
from audiopoker.ui.registry import COMMANDS, FREE_LETTERS, NOT_LISTED, bind, command, commands
from audiopoker.ui.ui_text import UiText

ROOT = Path(__file__).resolve().parents[1]
LANGS = ["en", "es"]


def key_table_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("key_table", ROOT / "scripts" / "key_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_keymap_toml_lists_every_command_with_the_registrys_keys() -> None:
    bindings, _ = parse_keymap(default_keymap_text(), "keymap.toml")
    assert bindings == default_bindings()
    assert {mode: tuple(actions) for mode, actions in bindings.items()} == dict(ACTIONS)
    assert (ROOT / "keymap.toml").read_text("utf-8") == default_keymap_text()


def test_readme_holds_the_key_table_the_registry_prints() -> None:
    script = key_table_script()
    readme = (ROOT / "README.md").read_text("utf-8")
    assert script.readme_table(readme) == script.key_table(), (
        "run: python scripts/key_table.py --write"
    )
    table = script.key_table()
    for cmd in commands(Mode.GAME):  # every command has its row
        assert f"| {UiText('en').action_description(cmd.name)}" in table, cmd.name


def test_the_readme_table_changes_with_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    script = key_table_script()
    before = script.key_table()
    monkeypatch.setattr(script, "COMMANDS", COMMANDS[:-1])  # the last list key dropped
    assert script.key_table() != before


@pytest.mark.parametrize("lang", LANGS)
def test_every_handler_is_the_controllers_and_dispatch_comes_from_the_registry(
    lang: str,
) -> None:
    controller = make_table(lang=lang).controller
    for mode in (Mode.GAME, Mode.AMOUNT):
        for cmd in commands(mode):
            assert callable(bind(controller, cmd)), cmd.name
    assert set(controller._methods) == set(ACTIONS[Mode.GAME])
    assert set(controller._amount_methods) == set(ACTIONS[Mode.AMOUNT])
    for cmd in commands(Mode.CONFIRM) + commands(Mode.LIST):
        assert cmd.handler is None  # their own keys: a question, the offer, a list


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_has_a_name_and_a_description_in_both_languages(lang: str) -> None:
    text = UiText("es" if lang == "es" else "en")
    names = [text.command_name(cmd.name) for cmd in commands(Mode.GAME)]
    assert len(set(names)) == len(names)  # typing a name finds one command by it
    for cmd in COMMANDS:
        assert text.action_description(cmd.name), cmd.name
    assert text.command_name("lesson") == {"en": "lesson", "es": "lección"}[lang]


def test_at_least_six_letters_are_free_and_the_seed_keeps_its_own() -> None:
    assert set("ijuwyz") <= set(FREE_LETTERS) and len(FREE_LETTERS) >= 6
    keymap = default_keymap()
    for letter in FREE_LETTERS:
        assert keymap.action_for(Mode.GAME, letter) is None
    seed_004 = "crafsvdegt1234567"  # seed 004's keys: C R A F S V D E G T, 1 to 7
    assert all(keymap.action_for(Mode.GAME, key) is not None for key in seed_004)
    # Control, Alt and function keys only as aliases: a command whose keys are all such is
    # also in help's command list (F2's chat mute), or another key does it (Q Q quits).
    for cmd in commands(Mode.GAME):
        combos = [
            key
            for key in cmd.keys
            if key.startswith(("c-", "s-", "m-")) or (key[0] == "f" and key[1:].isdigit())
        ]
        if cmd.keys and len(combos) == len(cmd.keys):
            assert cmd.name not in NOT_LISTED or cmd.name == "quit_now", cmd.name


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "{} does nothing. H lists the keys."),
        ("es", "{} no hace nada. H enumera las teclas."),
    ],
)
def test_the_free_letters_say_they_do_nothing(lang: str, said: str) -> None:
    table = make_table(lang=lang)
    with driven(table) as keys:
        for letter in FREE_LETTERS:
            keys.press(letter)
            assert table.output.last.text == said.format(letter.upper())
    assert table.take_decision() is None and table.output.calls == []


# An older default keymap, as a player may have copied it whole: every letter bound, the
# all-in warning on O, Enter closing a list.
OLD_KEYMAP = """
[game]
check_call = "c"
all_in_warning = "o"
lesson = "i"
verbosity = "w"
replay_hand = "u"
review = "y"
game_stats = "j"
level = "z"
chat_mute = "f2"

[list]
list_previous = ["up", "left"]
list_leave = ["enter", "escape"]
"""


def test_an_older_keymap_still_loads_and_keeps_its_letters(tmp_path: Path) -> None:
    old = tmp_path / "keymap.toml"
    old.write_text(OLD_KEYMAP, "utf-8")
    keymap, problems = load_keymap([old])
    assert problems == []
    for letter, action in zip("iwuyjz", ("lesson", "verbosity", "replay_hand", "review",
                                          "game_stats", "level"), strict=True):  # fmt: skip
        assert keymap.action_for(Mode.GAME, letter) == action
    # Its lines that repeat a default since changed are read as the default now.
    assert keymap.action_for(Mode.GAME, "o") == "options"
    assert keymap.keys_for(Mode.GAME, "all_in_warning") == ()
    assert keymap.keys_for(Mode.LIST, "list_leave") == ("escape",)
    assert keymap.action_for(Mode.LIST, "enter") == "list_choose"


@pytest.mark.parametrize(
    ("lang", "verbose", "brief"),
    [("en", "How much is said: verbose", "Brief: only what matters."),
     ("es", "Cuánto se dice: detallado", "Breve: solo lo importante.")],
)  # fmt: skip
def test_an_older_keymaps_letters_work_in_the_game(lang: str, verbose: str, brief: str) -> None:
    keymap = apply_overrides(default_keymap(), OLD_KEYMAP, "old.toml")
    table = make_table(lang=lang, keymap=keymap)
    with driven(table) as keys:
        keys.press("o")  # the options, where the all-in warning is now
        keys.press(ENTER)  # Enter changes the first, how much is said; the list stays
        assert table.output.last.text.startswith(verbose)
        keys.press("w")  # W, as the old file says: verbosity, said the key's way
        assert table.output.last.text == brief


def test_a_user_file_that_moves_options_frees_o_for_the_old_warning() -> None:
    text = '[game]\noptions = "f3"\nall_in_warning = "o"\n'
    keymap = apply_overrides(default_keymap(), text, "mine")
    assert keymap.action_for(Mode.GAME, "o") == "all_in_warning"
    assert keymap.action_for(Mode.GAME, "f3") == "options"


def test_the_registry_names_each_command_once() -> None:
    seen = [(cmd.mode, cmd.name) for cmd in COMMANDS]
    assert len(seen) == len(set(seen))
    assert command("level").keys == () and command("options").keys == ("o",)
