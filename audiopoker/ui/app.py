"""The prompt_toolkit application: raw single-key input, nothing drawn.

The screen stays append-only: the app's layout is an empty line and its renderer writes to
a DummyOutput, so prompt_toolkit never moves the cursor or redraws; every word the player
gets goes through the output router (console lines, speech, braille). prompt_toolkit does
the part it is good at: raw mode, decoding escape sequences into key names, and Escape
timing.

Each binding is one line that hands the key's name to the controller.
"""

from __future__ import annotations

from typing import Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import DummyOutput, Output

from audiopoker.ui.amount import DECIMAL_MARKS
from audiopoker.ui.keymap import AMOUNT_DIGITS, Keymap, Mode


class KeyHandler(Protocol):
    """What the key loop hands each key to: the game's Controller, or a drill's."""

    def key(self, name: str) -> None:
        """One key press, by prompt_toolkit key name."""
        ...


# Seconds to wait after a lone Escape byte before taking it as the Escape key (prompt_toolkit
# waits half a second by default: too slow for a key pressed hundreds of times a game).
ESCAPE_TIMEOUT = 0.05


def _bound_keys(keymap: Keymap) -> list[str]:
    """Every key any mode uses, letters in both cases (Shift and Caps Lock still work)."""
    keys: dict[str, None] = dict.fromkeys((*AMOUNT_DIGITS, *DECIMAL_MARKS))
    for mode in Mode:
        for _action, names in keymap.items(mode):
            for name in names:
                keys[name] = None
                if len(name) == 1 and name.isalpha():
                    keys[name.upper()] = None
    return list(keys)


def _key_name(event: KeyPressEvent, typing: bool = False) -> str:
    """The key's name, letters in lower case (a key means the same with Shift); while a
    line is being typed (``typing``), letters as typed: "H", "Ñ"."""
    key = event.key_sequence[0].key
    name = key.value if isinstance(key, Keys) else key
    if len(name) == 1 and name.isalpha() and not typing:
        return name.lower()
    return name


def build_key_bindings(controller: KeyHandler, keymap: Keymap) -> KeyBindings:
    """One binding per key of the keymap, each calling ``controller.key``; any other key
    is passed on too, so the controller can say that it does nothing. A handler whose
    ``typing`` is True (the game's chat line is open) gets letters with their case."""

    def handle(event: KeyPressEvent) -> None:
        controller.key(_key_name(event, bool(getattr(controller, "typing", False))))

    bindings = KeyBindings()
    for name in _bound_keys(keymap):
        bindings.add(name, eager=True)(handle)
    bindings.add(Keys.Any)(handle)
    # Terminal reports that are not key presses are dropped silently.
    for ignored in (Keys.CPRResponse, Keys.Vt100MouseEvent, Keys.BracketedPaste):
        bindings.add(ignored)(lambda event: None)
    return bindings


def build_app(
    controller: KeyHandler,
    keymap: Keymap,
    input: Input | None = None,
    output: Output | None = None,
) -> Application[None]:
    """The key loop. ``input`` defaults to the terminal; tests pass create_pipe_input().
    ``output`` defaults to a DummyOutput: nothing is ever drawn."""
    app: Application[None] = Application(
        layout=Layout(Window(FormattedTextControl(""), height=0)),
        key_bindings=build_key_bindings(controller, keymap),
        full_screen=False,
        input=input,
        output=output if output is not None else DummyOutput(),
        erase_when_done=False,
        mouse_support=False,
    )
    app.ttimeoutlen = ESCAPE_TIMEOUT
    return app
