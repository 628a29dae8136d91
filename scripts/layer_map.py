#!/usr/bin/env python3
"""The layer map, read from the imports (ast: nothing of the game is imported or run).

A folder of ``audiopoker/`` is a layer, and so is each module beside the folders. Every
import counts: at module level, inside functions and under ``if TYPE_CHECKING:`` (a type
named from a layer above ties the lower module to it as much as a call does). ``ORDER``
is DESIGN.md's map, bottom first; ``tests/test_layers.py`` holds the code to it (no circle,
no import going up) and CONTRIBUTING.md's map to this script's output.

    python scripts/layer_map.py            # print the map (Markdown)
    python scripts/layer_map.py --write    # put it into CONTRIBUTING.md

A module loaded by name (``importlib.import_module``) is not an import the map sees.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[1]
PACKAGE: Final = ROOT / "audiopoker"
CONTRIBUTING: Final = ROOT / "CONTRIBUTING.md"
BEGIN: Final = "<!-- layer map: python scripts/layer_map.py --write -->"
END: Final = "<!-- end of the layer map -->"

# DESIGN.md's map, bottom first: a layer may import its own step and the steps below.
# table_setup.py builds a table for ui/ and net/, so it sits below both; logfile.py is
# wiring for the command line, beside cli.py.
ORDER: Final[tuple[tuple[str, ...], ...]] = (
    ("__init__.py", "errors.py", "i18n.py", "argtypes.py"),
    ("cards.py", "evaluator.py", "evaluator_pure.py"),
    ("engine/",),
    ("showdown.py",),
    ("output/",),
    ("narration/",),
    ("bots/",),
    ("coach/",),
    ("audio/", "persistence/"),
    ("game.py",),
    ("tournament/",),
    ("table_setup.py",),
    ("net/",),
    ("room/",),
    ("ui/",),
    ("view/",),
    ("commands/", "cli.py", "logfile.py", "__main__.py"),
)
WHAT: Final[Mapping[str, str]] = {
    "__init__.py": "the version",
    "errors.py": "the error hierarchy",
    "i18n.py": "catalogs and languages",
    "argtypes.py": "option types and errors",
    "cards.py": "cards, value types",
    "evaluator.py": "best five of seven",
    "evaluator_pure.py": "the same in pure Python",
    "engine/": "the rules, pure",
    "showdown.py": "who wins and why",
    "output/": "router, speech, braille",
    "narration/": "events into sentences",
    "bots/": "bots, levels, equity",
    "coach/": "advice, review, drills",
    "audio/": "sound cues",
    "persistence/": "saves, histories, stats",
    "game.py": "the conductor",
    "tournament/": "levels, director, prizes",
    "table_setup.py": "one table for play and host",
    "net/": "server, client, wire",
    "room/": "the room: accounts, its database, its tables",
    "ui/": "the player's side",
    "view/": "the large view (low vision)",
    "commands/": "one module per subcommand",
    "cli.py": "wires the commands",
    "logfile.py": "where the log goes",
    "__main__.py": "python -m audiopoker",
}
TIER: Final[Mapping[str, int]] = {
    layer: tier for tier, layers in enumerate(ORDER) for layer in layers
}
_RANK: Final[Mapping[str, int]] = {
    layer: rank for rank, layer in enumerate(layer for layers in ORDER for layer in layers)
}


def module_name(path: Path, package: Path = PACKAGE) -> str:
    """``audiopoker/engine/hand.py`` -> ``audiopoker.engine.hand`` (a package: its folder)."""
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(path, package): path for path in sorted(package.rglob("*.py"))}


def imported(source: str, name: str, is_package: bool, known: Collection[str]) -> set[str]:
    """The modules of ``known`` that the module ``name`` (its ``source``) imports anywhere:
    at module level, in functions, under ``TYPE_CHECKING``; relative imports resolved."""
    here = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from package import submodule` imports the submodule itself.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:  # `import a.b.c` of a name that is no module: its package
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target:
                found.add(target)
    return found - {name}


def module_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    found = modules(package)
    return {
        name: imported(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", found)
        for name, path in found.items()
    }


def layer_of(module: str) -> str:
    """The layer a module stands in: its folder (``engine/``) or itself (``cards.py``)."""
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__.py"
    return f"{parts[1]}/" if len(parts) > 2 or _is_folder(parts[1]) else f"{parts[1]}.py"


def _is_folder(name: str) -> bool:
    return (PACKAGE / name).is_dir()


def layer_graph(graph: Mapping[str, Iterable[str]]) -> dict[str, set[str]]:
    """Each layer and the other layers it imports."""
    layers: dict[str, set[str]] = {}
    for module, targets in graph.items():
        mine = layer_of(module)
        layers.setdefault(mine, set()).update(layer_of(t) for t in targets)
    return {layer: targets - {layer} for layer, targets in layers.items()}


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The circles of ``graph``: each group of nodes that reach one another (Tarjan's
    strongly connected components of two or more, and a node importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = [stack.pop()]
            while group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for node in sorted(graph):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


def upward(graph: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    """Every import (module, module) that goes up ``ORDER``: to a higher tier."""
    return sorted(
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if TIER[layer_of(target)] > TIER[layer_of(module)]
    )


def unplaced(graph: Mapping[str, Iterable[str]]) -> list[str]:
    """The layers that ``ORDER`` does not place (a new folder or module to put on it)."""
    return sorted({layer_of(module) for module in graph} - TIER.keys())


def floors(layers: Mapping[str, Iterable[str]]) -> dict[str, int]:
    """Each layer's floor: 1 for one that imports no other, else one above the highest
    it imports. A circle of layers has no floors: ValueError names it."""
    tied = circles(layers)
    if tied:
        raise ValueError(f"layers in a circle: {tied}")
    found: dict[str, int] = {}

    def floor(layer: str) -> int:
        if layer not in found:
            found[layer] = 1 + max((floor(t) for t in layers.get(layer, ())), default=0)
        return found[layer]

    for layer in layers:
        floor(layer)
    return found


def layer_map(graph: Mapping[str, Iterable[str]]) -> str:
    """The map as a Markdown table: bottom first, each layer's floor, what it is, and the
    layers it imports (in the same order); then ``ORDER``, the steps imports go down."""
    layers = layer_graph(graph)
    floor = floors(layers)
    placed = sorted(layers, key=lambda layer: (floor[layer], _RANK.get(layer, len(_RANK)), layer))
    position = {layer: index for index, layer in enumerate(placed)}
    lines = ["| Floor | Layer | What | Imports |", "| ---: | --- | --- | --- |"]
    for layer in placed:
        targets = sorted(layers[layer], key=position.__getitem__)
        imports = ", ".join(f"`{t}`" for t in targets) or "nothing of audiopoker"
        lines.append(f"| {floor[layer]} | `{layer}` | {WHAT.get(layer, '')} | {imports} |")
    steps = " < ".join(", ".join(f"`{layer}`" for layer in step) for step in ORDER)
    lines += ["", f"The order, bottom first (`<` between steps): {steps}."]
    return "\n".join(lines) + "\n"


def contributing_map(text: str) -> str:
    """The map as CONTRIBUTING.md's ``text`` holds it (between the two markers)."""
    start = text.index(BEGIN) + len(BEGIN) + 1
    return text[start : text.index(END, start)]


def main(argv: list[str]) -> int:
    drawn = layer_map(module_graph())
    if argv == ["--write"]:
        text = CONTRIBUTING.read_text(encoding="utf-8")
        old = contributing_map(text)
        start = text.index(BEGIN) + len(BEGIN) + 1
        CONTRIBUTING.write_text(text[:start] + drawn + text[start + len(old) :], "utf-8")
    elif argv:
        print(__doc__, file=sys.stderr)
        return 2
    else:
        print(drawn, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
