"""The keymap: which key does what, loaded from ``keymap.toml``.

The default keys are the command registry's (audiopoker.ui.registry); ``keymap.toml``
documents them (shipped in the package, kept identical to the copy at the repository root
and to the registry by tests). A user file, from the user config
directory or ``--keymap FILE``, changes single bindings: each action it names gets the keys it
gives, every other action keeps its default. A file with an unknown section or action, a bad
key name, a wrong value or a key with two meanings in one context is refused as a whole,
with a problem that names its line; the defaults are used instead.

A context is what the player is doing (at the table, typing an amount, answering a question,
at the saved-game offer): its sections are layered (CONTEXTS), the first that binds a key
wins. A key bound in two layers of one context is a clash, except where the design lets the
upper layer take it (the amount entry takes Home and End; a question's cancel takes Escape
and N); a destructive answer (``discard``) may take no key that means anything at the table.

>>> keymap = default_keymap()
>>> keymap.action_for(Mode.GAME, "C"), keymap.action_for(Mode.AMOUNT, "enter")
('check_call', 'amount_confirm')
>>> keymap.keys_for(Mode.GAME, "help")
('h', '?')
"""

from __future__ import annotations

import enum
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Final

from prompt_toolkit.keys import KEY_ALIASES, Keys

from audiopoker.ui.registry import COMMANDS
from audiopoker.ui.registry import Mode as Mode  # the keymap's sections, re-exported
from audiopoker.ui.registry import actions as registry_actions

KEYMAP_FILE_NAME: Final = "keymap.toml"


# Every action, by section, in the order help lists them (from the command registry).
ACTIONS: Final[Mapping[Mode, tuple[str, ...]]] = registry_actions()

# Digits type the amount in the amount entry; they are not rebindable there.
AMOUNT_DIGITS: Final = tuple("0123456789")

# Confirm-section actions of older keymaps: a question is now confirmed by its own key.
RETIRED_ACTIONS: Final[Mapping[Mode, frozenset[str]]] = {Mode.CONFIRM: frozenset({"yes", "no"})}

# Defaults that changed, as older keymaps wrote them: a user file that still repeats one is
# read as the default wherever its keys now have another default meaning (O opens the
# options, Enter chooses in a list), so a copy of an older keymap.toml still loads.
FORMER_DEFAULTS: Final[Mapping[tuple[Mode, str], tuple[str, ...]]] = {
    (Mode.GAME, "all_in_warning"): ("o",),
    (Mode.LIST, "list_leave"): ("c-m", "escape"),
}

# Keys some terminals send for another: Enter as a line feed (Control+J). Where the keymap
# binds the sent key itself, that binding wins; else it means what the key pressed means.
SENT_FOR: Final[Mapping[str, str]] = {"c-j": "c-m"}

# The pseudo-action of the digits in the amount entry (they type the amount).
DIGIT_ACTION: Final = "amount_digit"

# Game keys that may close a question: the asked action's own key confirms it, the others
# cancel it and act on nothing.
QUESTION_KEYS: Final = frozenset({"check_call", "raise", "all_in", "fold", "quit"})


@dataclass(frozen=True, slots=True)
class Context:
    """What the player is doing, and the keymap sections its keys come from.

    ``layers``: (section, actions or None for all), the first binding a key wins.
    ``digits``: digits type an amount above every layer. ``takes``: lower-layer actions whose
    keys an upper layer may take by design. ``guarded``: destructive actions that may share
    a key with no lower-layer action at all (a key pressed by reflex must not destroy).
    """

    name: str
    layers: tuple[tuple[Mode, frozenset[str] | None], ...]
    digits: bool = False
    takes: frozenset[str] = frozenset()
    guarded: frozenset[str] = frozenset()


def _game_actions(*without: str) -> frozenset[str]:
    return frozenset(action for action in ACTIONS[Mode.GAME] if action not in without)


CONTEXTS: Final[tuple[Context, ...]] = (
    Context("game", ((Mode.GAME, None),)),
    Context(
        "amount",
        ((Mode.AMOUNT, None), (Mode.GAME, None)),
        digits=True,
        # Home and End choose the smallest and largest amount, Escape cancels (X still stops
        # speech), Enter bets the amount (the chat waits); digits type the amount instead of
        # naming cards or moving the volume.
        takes=frozenset(
            {"history_first", "history_last", "stop_speech", "volume_up", "volume_down", "mute"}
            | {"chat"}
            | {f"card_{number}" for number in range(1, 8)}
        ),
    ),
    Context(
        "question",
        ((Mode.CONFIRM, frozenset({"cancel"})), (Mode.GAME, None)),
        # Escape and N, pressed by reflex, cancel a question (X still stops speech; B and the
        # arrows still walk the players and the messages).
        takes=frozenset({"stop_speech", "next_player"}),
    ),
    Context(
        "start",
        ((Mode.CONFIRM, None), (Mode.GAME, None)),
        # At the saved-game offer only Control+C (quit_now) keeps its table meaning; any
        # other key says the offer again, so resume and cancel may reuse table keys, but
        # discard may not: it must be a key nobody presses by reflex.
        takes=_game_actions("quit_now"),
        guarded=frozenset({"discard"}),
    ),
    Context(
        "list",
        ((Mode.LIST, None), (Mode.GAME, None)),
        # While help, the lesson, the last hand or the options are open, the arrows, Home
        # and End walk it, Enter chooses (runs a command found in help, changes an option,
        # else closes) and Escape closes it (Enter, the chat key, waits for the table); any
        # other key closes it and keeps its table meaning (in help, letters type a name).
        takes=frozenset(
            {"history_back", "history_forward", "history_first", "history_last", "stop_speech"}
            | {"chat"}
        ),
    ),
)


def context(name: str) -> Context:
    """The context called ``name`` (see CONTEXTS)."""
    for item in CONTEXTS:
        if item.name == name:
            return item
    raise KeyError(name)


# Named keys a keymap may use besides single characters (prompt_toolkit's names).
_NAMED_KEYS: Final = frozenset(
    {key.value for key in Keys if not key.value.startswith("<")} | set(KEY_ALIASES) | {"space"}
)


class ProblemKind(enum.Enum):
    """Why a keymap file was refused."""

    UNREADABLE = "unreadable"  # details: error
    SYNTAX = "syntax"  # details: error
    UNKNOWN_SECTION = "unknown_section"
    UNKNOWN_ACTION = "unknown_action"
    BAD_VALUE = "bad_value"  # not a key name string or a list of them
    BAD_KEY = "bad_key"
    CLASH = "clash"  # key bound to action and other (in ``context`` when across sections)
    REFLEX = "reflex"  # a destructive action on a key that means ``other`` at the table
    RETIRED = "retired"  # an action of older keymaps (confirm yes/no)


@dataclass(frozen=True, slots=True)
class KeymapProblem:
    """One reason a keymap file was refused. ``line`` is 1-based, None when unknown."""

    source: str
    line: int | None
    kind: ProblemKind
    section: str | None = None
    action: str | None = None
    key: str | None = None
    other: str | None = None  # the action that already has ``key``
    error: str | None = None
    context: str | None = None  # where the two meanings meet, for a clash across sections


class KeymapError(Exception):
    """A keymap file was refused; ``problems`` says where and why."""

    def __init__(self, problems: list[KeymapProblem]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{p.source}:{p.line}: {p.kind.value}" for p in problems))


def normalize_key(name: str) -> str:
    """The canonical form of a key name: prompt_toolkit's value, letters lower case.

    Raises ValueError for a name prompt_toolkit does not know.

    >>> normalize_key("Enter"), normalize_key("C"), normalize_key("space"), normalize_key("?")
    ('c-m', 'c', ' ', '?')
    """
    if len(name) == 1:
        return name.lower() if name.isalpha() else name
    lowered = name.strip().lower()
    if lowered not in _NAMED_KEYS:
        raise ValueError(name)
    if lowered == "space":
        return " "
    return KEY_ALIASES.get(lowered, lowered)


@dataclass(frozen=True)
class Keymap:
    """Bindings per mode: action -> keys (canonical names, in file order)."""

    bindings: Mapping[Mode, Mapping[str, tuple[str, ...]]]
    source: str = "default"
    _by_key: dict[Mode, dict[str, str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key = {
            mode: {key: action for action, keys in actions.items() for key in keys}
            for mode, actions in self.bindings.items()
        }
        object.__setattr__(self, "_by_key", by_key)

    def keys_for(self, mode: Mode, action: str) -> tuple[str, ...]:
        """The keys bound to ``action`` in ``mode`` (possibly none)."""
        return tuple(self.bindings.get(mode, {}).get(action, ()))

    def action_for(self, mode: Mode, key: str) -> str | None:
        """The action bound to ``key`` in ``mode``, or None. A line feed is Enter unless
        the keymap binds Control+J itself (SENT_FOR).

        >>> default_keymap().action_for(Mode.LIST, "c-j")
        'list_choose'
        """
        try:
            canonical = normalize_key(key)
        except ValueError:
            return None
        bound = self._by_key.get(mode, {})
        if canonical in SENT_FOR and not any(canonical in keys for keys in self._by_key.values()):
            canonical = SENT_FOR[canonical]
        return bound.get(canonical)

    def items(self, mode: Mode) -> list[tuple[str, tuple[str, ...]]]:
        """(action, keys) for every action of ``mode``, in help order."""
        actions = self.bindings.get(mode, {})
        return [(action, tuple(actions.get(action, ()))) for action in ACTIONS[mode]]


def _line_of(text: str, section: str, action: str | None) -> int | None:
    """The 1-based line defining ``action`` in ``[section]`` (or the section header)."""
    current = None
    header = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")
    for number, line in enumerate(text.splitlines(), start=1):
        match = header.match(line)
        if match:
            current = match.group(1).strip().strip('"')
            if action is None and current == section:
                return number
            continue
        if action is not None and current == section:
            key_match = re.match(r'^\s*"?([A-Za-z0-9_\-]+)"?\s*=', line)
            if key_match and key_match.group(1) == action:
                return number
    return None


def parse_keymap(
    text: str, source: str
) -> tuple[dict[Mode, dict[str, tuple[str, ...]]], dict[tuple[Mode, str], int | None]]:
    """Parse keymap text into bindings and the line of each binding.

    Raises KeymapError listing every problem found (not only the first).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        line = int(match.group(1)) if match else None
        problem = KeymapProblem(source, line, ProblemKind.SYNTAX, error=str(error))
        raise KeymapError([problem]) from error
    problems: list[KeymapProblem] = []
    bindings: dict[Mode, dict[str, tuple[str, ...]]] = {}
    lines: dict[tuple[Mode, str], int | None] = {}
    for section, entries in data.items():
        try:
            mode = Mode(section)
        except ValueError:
            problems.append(
                KeymapProblem(
                    source, _line_of(text, section, None), ProblemKind.UNKNOWN_SECTION, section
                )
            )
            continue
        if not isinstance(entries, dict):
            problems.append(KeymapProblem(source, None, ProblemKind.UNKNOWN_SECTION, section))
            continue
        section_bindings = bindings.setdefault(mode, {})
        for action, value in entries.items():
            line = _line_of(text, section, action)
            lines[mode, action] = line
            if action in RETIRED_ACTIONS.get(mode, ()):
                problems.append(KeymapProblem(source, line, ProblemKind.RETIRED, section, action))
                continue
            if action not in ACTIONS[mode]:
                problems.append(
                    KeymapProblem(source, line, ProblemKind.UNKNOWN_ACTION, section, action)
                )
                continue
            names = [value] if isinstance(value, str) else value
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                problems.append(KeymapProblem(source, line, ProblemKind.BAD_VALUE, section, action))
                continue
            keys: list[str] = []
            for name in names:
                try:
                    keys.append(normalize_key(name))
                except ValueError:
                    problems.append(
                        KeymapProblem(source, line, ProblemKind.BAD_KEY, section, action, key=name)
                    )
            section_bindings[action] = tuple(dict.fromkeys(keys))
    if problems:
        raise KeymapError(problems)
    return bindings, lines


Binding = tuple[Mode, str]  # (section, action)


def _blame(
    upper: Binding,
    lower: Binding,
    lines: Mapping[Binding, int | None],
    changed: set[Binding] | None,
) -> tuple[Binding, Binding]:
    """(blamed, kept) of two bindings on one key: the user's line is blamed (when both are
    the user's, the later one); in the defaults, the lower one."""
    if changed is None or (upper in changed) == (lower in changed):
        if changed is not None and (lines.get(upper) or 0) > (lines.get(lower) or 0):
            return upper, lower
        return lower, upper
    return (upper, lower) if upper in changed else (lower, upper)


def _problem(
    source: str,
    lines: Mapping[Binding, int | None],
    kind: ProblemKind,
    key: str,
    blamed: Binding,
    kept: Binding,
    where: Context | None = None,
) -> KeymapProblem:
    mode, action = blamed
    line = lines.get(blamed)
    return KeymapProblem(
        source,
        line,
        kind,
        mode.value,
        action,
        key=key,
        other=kept[1],
        context=where.name if where is not None else None,
    )


def _clashes(
    bindings: Mapping[Mode, Mapping[str, tuple[str, ...]]],
    lines: Mapping[Binding, int | None],
    source: str,
    changed: set[Binding] | None = None,
) -> list[KeymapProblem]:
    """Keys with two meanings: in one section, or across the layers of a context (see
    CONTEXTS). With ``changed``, blame the changed line."""
    problems: list[KeymapProblem] = []
    seen: set[tuple[str, Binding, Binding]] = set()

    def add(kind: ProblemKind, key: str, a: Binding, b: Binding, where: Context | None) -> None:
        blamed, kept = _blame(a, b, lines, changed)
        if kind is ProblemKind.REFLEX:
            blamed, kept = a, b  # always the destructive action's line
        if (key, blamed, kept) not in seen:
            seen.add((key, blamed, kept))
            problems.append(_problem(source, lines, kind, key, blamed, kept, where))

    for mode in Mode:
        owner: dict[str, str] = {}
        for action in ACTIONS[mode]:
            for key in bindings.get(mode, {}).get(action, ()):
                other = owner.setdefault(key, action)
                if other != action:
                    add(ProblemKind.CLASH, key, (mode, other), (mode, action), None)
    for where in CONTEXTS:
        owners: dict[str, Binding] = {}
        if where.digits:
            owners = {digit: (Mode.AMOUNT, DIGIT_ACTION) for digit in AMOUNT_DIGITS}
        for mode, only in where.layers:
            for action in ACTIONS[mode]:
                if only is not None and action not in only:
                    continue
                for key in bindings.get(mode, {}).get(action, ()):
                    upper = owners.setdefault(key, (mode, action))
                    if upper[0] is mode and upper[1] != DIGIT_ACTION:
                        continue  # one section: told above
                    if upper[1] in where.guarded:
                        add(ProblemKind.REFLEX, key, upper, (mode, action), where)
                    elif action not in where.takes and upper != (mode, action):
                        add(ProblemKind.CLASH, key, upper, (mode, action), where)
    return problems


def meaning(keymap: Keymap, where: Context, key: str) -> Binding | None:
    """What ``key`` does in ``where``: (section, action) of the first layer binding it, with
    (AMOUNT, DIGIT_ACTION) for a digit in the amount entry; None when it does nothing."""
    try:
        canonical = normalize_key(key)
    except ValueError:
        return None
    if where.digits and canonical in AMOUNT_DIGITS:
        return Mode.AMOUNT, DIGIT_ACTION
    for mode, only in where.layers:
        action = keymap.action_for(mode, canonical)
        if action is not None and (only is None or action in only):
            return mode, action
    return None


def default_keymap_text() -> str:
    """The text of the keymap shipped in the package."""
    return resources.files("audiopoker.ui").joinpath(KEYMAP_FILE_NAME).read_text("utf-8")


def default_bindings() -> dict[Mode, dict[str, tuple[str, ...]]]:
    """The registry's default keys, canonical, for every action (none: the command list)."""
    bindings: dict[Mode, dict[str, tuple[str, ...]]] = {mode: {} for mode in Mode}
    for command in COMMANDS:
        keys = tuple(normalize_key(key) for key in command.keys)
        bindings[command.mode][command.name] = keys
    return bindings


def default_keymap() -> Keymap:
    """The default keymap. It is checked by the tests, so a problem here is a bug."""
    bindings = default_bindings()
    clashes = _clashes(bindings, {}, "default")
    if clashes:
        raise KeymapError(clashes)
    return Keymap(bindings, "default")


def _former_defaults(base: Keymap, overrides: dict[Mode, dict[str, tuple[str, ...]]]) -> None:
    """Read a line repeating a former default (FORMER_DEFAULTS) as the default where its
    keys now belong to another action by default that the file leaves alone."""
    for (mode, action), former in FORMER_DEFAULTS.items():
        keys = overrides.get(mode, {}).get(action)
        if keys is None:
            continue
        merged = {**base.bindings.get(mode, {}), **overrides.get(mode, {})}
        taken = {key for other, bound in merged.items() if other != action for key in bound}
        kept = tuple(key for key in keys if not (key in former and key in taken))
        if kept != keys:
            overrides[mode][action] = kept or base.keys_for(mode, action)


def apply_overrides(base: Keymap, text: str, source: str) -> Keymap:
    """``base`` with the bindings of a user file replacing single actions.

    Raises KeymapError when the file is malformed or creates a clash.
    """
    overrides, lines = parse_keymap(text, source)
    _former_defaults(base, overrides)
    merged = {mode: dict(actions) for mode, actions in base.bindings.items()}
    changed: set[tuple[Mode, str]] = set()
    for mode, actions in overrides.items():
        for action, keys in actions.items():
            merged.setdefault(mode, {})[action] = keys
            changed.add((mode, action))
    clashes = _clashes(merged, lines, source, changed)
    if clashes:
        raise KeymapError(clashes)
    return Keymap(merged, source)


def load_keymap(paths: list[Path]) -> tuple[Keymap, list[KeymapProblem]]:
    """The default keymap with each existing user file in ``paths`` applied in turn.

    A refused file is skipped (its problems are returned for the player to hear); the
    keymap built so far stays in force. A missing file is not a problem.
    """
    keymap = default_keymap()
    problems: list[KeymapProblem] = []
    for path in paths:
        try:
            text = path.read_text("utf-8")
        except FileNotFoundError:
            continue
        except (OSError, UnicodeDecodeError) as error:
            problems.append(
                KeymapProblem(str(path), None, ProblemKind.UNREADABLE, error=str(error))
            )
            continue
        try:
            keymap = apply_overrides(keymap, text, str(path))
        except KeymapError as error:
            problems.extend(error.problems)
    return keymap, problems


def user_keymap_path() -> Path:
    """Where a player's own keymap lives (the user config directory)."""
    import platformdirs

    return Path(platformdirs.user_config_dir("audiopoker", appauthor=False)) / KEYMAP_FILE_NAME
