"""The keymap: the shipped defaults, single-key overrides, and refused files that name the
line and leave the defaults in force; plus the ui catalogs and the spoken key names."""

from __future__ import annotations

from pathlib import Path

import pytest

from audiopoker.narration.catalog import catalog_problems
from audiopoker.ui.keymap import (
    ACTIONS,
    Keymap,
    KeymapError,
    KeymapProblem,
    Mode,
    ProblemKind,
    apply_overrides,
    default_keymap,
    default_keymap_text,
    load_keymap,
    normalize_key,
)
from audiopoker.ui.ui_text import UI_DOMAIN, UI_LOCALE_DIR, UiText

ROOT = Path(__file__).resolve().parents[1]

# Seed 004's keys, which the defaults must keep.
SEED_004 = {
    "check_call": "c",
    "raise": "r",
    "all_in": "a",
    "fold": "f",
    "chips": "s",
    "to_call": "v",
    "cards": "d",
    "board": "e",
    "best_hand": "g",
    "turn": "t",
    **{f"card_{n}": str(n) for n in range(1, 8)},
}


def test_the_root_keymap_is_the_one_shipped_in_the_package() -> None:
    assert (ROOT / "keymap.toml").read_text("utf-8") == default_keymap_text()


def test_defaults_keep_the_seed_004_keys_and_leave_only_rare_commands_keyless() -> None:
    keymap = default_keymap()
    keyless = {
        (mode, action)
        for mode, actions in ACTIONS.items()
        for action in actions
        if not keymap.keys_for(mode, action)
    }
    rare = ("all_in_warning", "lesson", "verbosity", "replay_hand", "review", "game_stats")
    assert keyless == {(Mode.GAME, action) for action in (*rare, "level")}
    assert keymap.action_for(Mode.GAME, "o") == "options"
    assert keymap.action_for(Mode.LIST, "enter") == "list_choose"
    for action, key in SEED_004.items():
        assert keymap.keys_for(Mode.GAME, action)[0] == key
    assert keymap.action_for(Mode.GAME, "q") == "quit"
    assert keymap.action_for(Mode.CONFIRM, "y") == "resume"
    assert keymap.action_for(Mode.CONFIRM, "escape") == "cancel"
    assert keymap.action_for(Mode.CONFIRM, "delete") == "discard"
    assert keymap.action_for(Mode.AMOUNT, "pageup") == "amount_up_half_pot"


def test_no_key_does_two_things_in_one_mode() -> None:
    keymap = default_keymap()
    for mode in Mode:
        keys = [key for _, bound in keymap.items(mode) for key in bound]
        assert len(keys) == len(set(keys)), mode


def test_letters_match_in_either_case() -> None:
    keymap = default_keymap()
    assert keymap.action_for(Mode.GAME, "C") == keymap.action_for(Mode.GAME, "c") == "check_call"


@pytest.mark.parametrize(
    ("name", "canonical"),
    [("Enter", "c-m"), ("space", " "), ("PageUp", "pageup"), ("C", "c"), ("c-c", "c-c"),
     ("f5", "f5"), ("backspace", "c-h"), ("+", "+")],
)  # fmt: skip
def test_key_names_normalize(name: str, canonical: str) -> None:
    assert normalize_key(name) == canonical


@pytest.mark.parametrize("name", ["ctrl+c", "pgup", "", "up arrow", "<any>"])
def test_bad_key_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        normalize_key(name)


def test_an_override_changes_single_keys() -> None:
    keymap = apply_overrides(default_keymap(), '[game]\nfold = "f3"\nhelp = ["f1"]\n', "mine")
    assert keymap.action_for(Mode.GAME, "f3") == "fold"
    assert keymap.action_for(Mode.GAME, "f") is None
    assert keymap.keys_for(Mode.GAME, "help") == ("f1",)
    assert keymap.action_for(Mode.GAME, "c") == "check_call"  # everything else kept
    assert keymap.source == "mine"


def test_moving_a_key_to_an_action_freed_by_the_same_file_is_fine() -> None:
    text = '[game]\nfold = "p"\npot = "f3"\n'
    keymap = apply_overrides(default_keymap(), text, "mine")
    assert keymap.action_for(Mode.GAME, "p") == "fold"
    assert keymap.action_for(Mode.GAME, "f3") == "pot"


def test_the_same_key_in_two_sections_that_never_meet_is_not_a_clash() -> None:
    # The saved-game offer comes before the table: C may resume there and check here.
    keymap = apply_overrides(default_keymap(), '[confirm]\nresume = "c"\n', "mine")
    assert keymap.action_for(Mode.CONFIRM, "c") == "resume"
    assert keymap.action_for(Mode.GAME, "c") == "check_call"


@pytest.mark.parametrize(
    ("text", "line", "kind", "detail"),
    [
        ('[game]\nfold = "z"\nflop = "x"\n', 3, ProblemKind.UNKNOWN_ACTION, {"action": "flop"}),
        ('[game]\n\nfold = "ctrl+f"\n', 3, ProblemKind.BAD_KEY, {"key": "ctrl+f"}),
        ('[game]\nfold = 7\n', 2, ProblemKind.BAD_VALUE, {"action": "fold"}),
        ('# mine\n[game]\nfold = "c"\n', 3, ProblemKind.CLASH,
         {"action": "fold", "key": "c", "other": "check_call"}),
        ('[game]\nfold = "x"\nchips = "x"\n', 3, ProblemKind.CLASH,
         {"action": "chips", "key": "x", "other": "fold"}),
        ('[table]\nfold = "z"\n', 1, ProblemKind.UNKNOWN_SECTION, {"section": "table"}),
        ('[game]\nfold = "z\n', 2, ProblemKind.SYNTAX, {}),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_naming_the_line(
    text: str, line: int, kind: ProblemKind, detail: dict[str, str]
) -> None:
    with pytest.raises(KeymapError) as raised:
        apply_overrides(default_keymap(), text, "mine.toml")
    problem = raised.value.problems[0]
    assert (problem.source, problem.line, problem.kind) == ("mine.toml", line, kind)
    for field, value in detail.items():
        assert getattr(problem, field) == value


def test_load_keymap_uses_the_defaults_when_a_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "keymap.toml"
    bad.write_text('[game]\nfold = "z"\nshout = "y"\n', "utf-8")
    keymap, problems = load_keymap([tmp_path / "missing.toml", bad])
    assert keymap == default_keymap()
    assert [(p.line, p.kind, p.action) for p in problems] == [
        (3, ProblemKind.UNKNOWN_ACTION, "shout")
    ]


def test_load_keymap_applies_a_good_file(tmp_path: Path) -> None:
    good = tmp_path / "keymap.toml"
    good.write_text('[game]\nstop_speech = ["space"]\n', "utf-8")
    keymap, problems = load_keymap([good])
    assert problems == []
    assert keymap.action_for(Mode.GAME, " ") == "stop_speech"
    assert keymap.action_for(Mode.GAME, "x") is None


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "Keymap mine.toml, line 3: unknown action shout. The default keys are used."),
    ("es", "Mapa de teclas mine.toml, línea 3: acción desconocida shout. "
           "Se usan las teclas predeterminadas."),
])  # fmt: skip
def test_keymap_problems_are_said_in_the_players_language(lang: str, sentence: str) -> None:
    text = UiText("es" if lang == "es" else "en")
    problem = KeymapProblem("mine.toml", 3, ProblemKind.UNKNOWN_ACTION, "game", "shout")
    assert text.keymap_problem(problem) == sentence


@pytest.mark.parametrize("kind", list(ProblemKind))
def test_every_problem_kind_has_a_sentence(kind: ProblemKind) -> None:
    problem = KeymapProblem("f.toml", 2, kind, "s", "a", key="c-m", other="o", error="e")
    for lang in ("en", "es"):
        text = UiText(lang)  # type: ignore[arg-type]
        sentence = text.keymap_problem(problem)
        assert "f.toml" in sentence and "2" in sentence and "{" not in sentence


def test_a_clash_says_the_key_as_the_player_knows_it() -> None:
    problem = KeymapProblem("f.toml", 4, ProblemKind.CLASH, "game", "fold", "c-m", "pot")
    assert UiText("en").keymap_problem(problem) == (
        'Keymap f.toml, line 4: Enter already means "the pot and the side pots", so it cannot'
        ' also mean "fold: give up the hand". The default keys are used.'
    )


def test_ui_catalogs_are_complete_in_both_languages() -> None:
    assert catalog_problems(UI_DOMAIN, UI_LOCALE_DIR) == []


@pytest.mark.parametrize(("key", "en", "es"), [
    ("c", "C", "C"), ("c-m", "Enter", "Intro"), ("escape", "Escape", "Escape"),
    ("up", "Up arrow", "Flecha arriba"), ("pageup", "Page Up", "Retroceder página"),
    ("c-c", "Control+C", "Control más C"), (" ", "Space", "Espacio"), ("?", "question mark",
    "signo de interrogación"), ("f5", "F5", "F5"), ("7", "7", "7"),
])  # fmt: skip
def test_key_names_are_spoken_words(key: str, en: str, es: str) -> None:
    assert UiText("en").key_name(key) == en
    assert UiText("es").key_name(key) == es


def test_every_action_has_a_help_description_in_both_languages() -> None:
    for lang in ("en", "es"):
        text = UiText(lang)  # type: ignore[arg-type]
        descriptions = [
            text.action_description(action) for actions in ACTIONS.values() for action in actions
        ]
        assert all(descriptions) and not any("{" in d for d in descriptions)


def test_keymap_equality_is_by_bindings() -> None:
    assert default_keymap() == Keymap(default_keymap().bindings, "default")
