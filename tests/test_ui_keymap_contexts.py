"""Every key means one thing wherever the player is: the default keymap walked context by
context and key by key (both languages: no language adds or changes a key), no destructive
answer one reflex key away (through the real key loop), and user keymaps that give a key
two meanings across sections refused with the line and the clash in words."""

from __future__ import annotations

import pytest
from ui_harness import driven, make_table

from audiopoker.engine.actions import Action
from audiopoker.ui.keymap import (
    AMOUNT_DIGITS,
    CONTEXTS,
    QUESTION_KEYS,
    KeymapError,
    Mode,
    ProblemKind,
    apply_overrides,
    default_keymap,
    meaning,
)
from audiopoker.ui.ui_text import UiText

LANGS = ["en", "es"]
# Keys a player presses without thinking: to stop or skip speech, to say no or yes in
# either language, to hear something.
REFLEX = ["escape", "c-m", " ", "n", "y", "s", "x"]


def every_key() -> list[str]:
    keymap = default_keymap()
    keys = {key for mode in Mode for _, bound in keymap.items(mode) for key in bound}
    return sorted(keys | set(AMOUNT_DIGITS))


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_has_one_meaning_in_every_context(lang: str) -> None:
    keymap = make_table(lang=lang).controller.keymap
    assert keymap == default_keymap()  # the same keys in every language
    for where in CONTEXTS:
        for key in every_key():
            holders = [
                (mode, action)
                for mode, only in where.layers
                for action, bound in keymap.items(mode)
                if key in bound and (only is None or action in only)
            ]
            if where.digits and key in AMOUNT_DIGITS:
                holders.insert(0, (Mode.AMOUNT, "amount_digit"))
            # Below the meaning that wins, only what the design lets it take.
            hidden = [action for _, action in holders[1:] if action not in where.takes]
            assert hidden == [], (where.name, key, holders)
            if holders:
                assert meaning(keymap, where, key) == holders[0]


def test_no_reflex_key_confirms_or_discards() -> None:
    keymap = default_keymap()
    queries = [a for a, _ in keymap.items(Mode.GAME) if a not in QUESTION_KEYS | {"quit_now"}]
    reflex = set(REFLEX) | {key for action in queries for key in keymap.keys_for(Mode.GAME, action)}
    question, start = (next(c for c in CONTEXTS if c.name == n) for n in ("question", "start"))
    for key in reflex:
        found = meaning(keymap, question, key)
        assert found is None or found[1] not in QUESTION_KEYS, key
        assert meaning(keymap, start, key) != (Mode.CONFIRM, "discard"), key
    assert meaning(keymap, start, "delete") == (Mode.CONFIRM, "discard")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ask", ["f", "a", "q"])
def test_no_key_but_the_questions_own_does_anything_while_it_waits(lang: str, ask: str) -> None:
    """Each question, then every key of the keymap in turn (but the question's own and
    Control+C): nothing is bet, folded or quit; a closed question is asked again."""
    table = make_table(lang=lang)
    table.act(2, Action.call())
    table.act(0, Action.call())
    table.act(1, Action.check())  # the flop, first to act: checking is free
    controller = table.controller
    keymap = controller.keymap
    own = set(keymap.keys_for(Mode.GAME, {"f": "fold", "a": "all_in", "q": "quit"}[ask]))
    names = {"escape": "\x1b", "c-m": "\r", "up": "\x1b[A", "down": "\x1b[B", "left": "\x1b[D",
             "right": "\x1b[C", "home": "\x1b[H", "end": "\x1b[F", "pageup": "\x1b[5~",
             "pagedown": "\x1b[6~", "c-h": "\x7f", "c-i": "\t", "delete": "\x1b[3~",
             "f2": "\x1bOQ"}  # fmt: skip
    unnamed = [k for k in every_key() if len(k) > 1 and k not in names and k != "c-c"]
    assert unnamed == [], "each key needs its bytes here, or its name is typed letter by letter"
    with driven(table) as keys:
        for key in every_key():
            if key in own or key == "c-c":
                continue
            if controller.mode is not Mode.CONFIRM:
                keys.press(ask)
            assert controller.mode is Mode.CONFIRM
            keys.press(names.get(key, key))
            while controller.mode not in (Mode.GAME, Mode.CONFIRM):  # a list opened (H, O)
                keys.press("\x1b")
            assert controller.questions.all_in_warning, key  # no default key turns it off
            assert table.take_decision() is None, key
            assert table.quits == [], key


@pytest.mark.parametrize(
    ("text", "line", "en", "es"),
    [
        (
            '[confirm]\nyes = "c"\n',
            2,
            "there is no yes key any more: a question is confirmed by pressing its own key again",
            "ya no existe la tecla yes: una pregunta se confirma pulsando otra vez su propia tecla",
        ),
        (
            '[confirm]\ncancel = ["c", "escape"]\n',
            2,
            'while a question waits, C already means "check, or call what you owe", so it'
            ' cannot also mean "close a question, changing nothing"',
            'mientras espera una pregunta, C ya significa "seguir, o ver si no debes nada",'
            ' así que no puede significar también "cerrar una pregunta sin cambiar nada"',
        ),
        (
            '# mine\n[amount]\namount_up = "5"\n',
            3,
            'while you type an amount, 5 already means "a digit of the amount", so it cannot'
            ' also mean "one big blind more"',
            'mientras escribes una cantidad, 5 ya significa "una cifra de la cantidad", así que'
            ' no puede significar también "una ciega grande más"',
        ),
        (
            '[confirm]\ndiscard = "s"\n',
            2,
            'S means "your chips" at the table, a key pressed by reflex, so it cannot mean "at'
            ' the start, put the saved game aside and start a new one": that needs a key of its'
            " own",
            'S significa "tus fichas" en la mesa, una tecla que se pulsa por reflejo, así que no'
            ' puede significar "al empezar, apartar la partida guardada y empezar una nueva":'
            " eso necesita una tecla propia",
        ),
    ],
)
def test_a_cross_section_clash_is_refused_in_words(text: str, line: int, en: str, es: str) -> None:
    with pytest.raises(KeymapError) as raised:
        apply_overrides(default_keymap(), text, "mine.toml")
    (problem,) = raised.value.problems
    assert problem.line == line
    said_en = UiText("en").keymap_problem(problem)
    said_es = UiText("es").keymap_problem(problem)
    assert said_en == f"Keymap mine.toml, line {line}: {en}. The default keys are used."
    assert said_es == (
        f"Mapa de teclas mine.toml, línea {line}: {es}. Se usan las teclas predeterminadas."
    )
    if problem.kind is not ProblemKind.RETIRED:  # no identifier: no "check_call", no "[confirm]"
        assert not any(mark in said_en + said_es for mark in ("_", "[", "discard", "cancel"))


def test_a_same_section_clash_names_both_actions_in_words() -> None:
    with pytest.raises(KeymapError) as raised:
        apply_overrides(default_keymap(), '[game]\nfold = "c"\n', "mine.toml")
    (problem,) = raised.value.problems
    assert UiText("es").keymap_problem(problem) == (
        'Mapa de teclas mine.toml, línea 2: C ya significa "seguir, o ver si no debes nada",'
        ' así que no puede significar también "irte: abandonar la mano". Se usan las teclas'
        " predeterminadas."
    )
