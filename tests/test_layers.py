"""The layer map, checked by reading the imports (ast), not by importing anything.

Arrows point down only: errors below everything, cards and the evaluator below the engine,
the engine below every listener and seat, and no module-level import cycle anywhere.
Imports inside functions and under ``if TYPE_CHECKING:`` are not module-level: they do not
run when the module loads, so they are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

# This checkout's package, read as text: whichever copy is installed does not matter.
PACKAGE = Path(__file__).resolve().parents[1] / "audiopoker"
# The layers above the engine (DESIGN.md's map): the engine imports none of them.
ABOVE_ENGINE = (
    "ui",
    "output",
    "narration",
    "bots",
    "coach",
    "tournament",
    "game",
    "audio",
    "persistence",
    "commands",
    "cli",
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports that run when the module loads (including under try and plain if)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            found += _top_level(node.body) + _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            found += _top_level(node.body) + _top_level(node.orelse)
            for handler in node.handlers:
                found += _top_level(handler.body)
            found += _top_level(node.finalbody)
    return found


def imports_of(name: str) -> set[str]:
    """The audiopoker modules ``name`` imports at module level."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _top_level(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from package import submodule` imports the submodule itself.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        found |= {target for target in targets if target in MODULES}
    return found - {name}


GRAPH = {name: imports_of(name) for name in MODULES}


def _layer(name: str) -> str:
    return name.split(".")[1] if "." in name else ""


def test_the_errors_module_imports_nothing_of_audiopoker() -> None:
    assert GRAPH["audiopoker.errors"] == set()


def test_cards_and_the_evaluator_import_no_engine_and_nothing_above() -> None:
    for name in ("audiopoker.cards", "audiopoker.evaluator", "audiopoker.evaluator_pure"):
        assert {_layer(target) for target in GRAPH[name]} <= {
            "errors",
            "cards",
            "evaluator_pure",
        }, name


def test_the_engine_imports_no_higher_layer() -> None:
    engine = [name for name in GRAPH if _layer(name) == "engine"]
    assert engine
    for name in engine:
        assert not {_layer(target) for target in GRAPH[name]} & set(ABOVE_ENGINE), name


def test_the_network_layer_imports_no_command() -> None:
    """The table server and client sit below the commands that start them."""
    net = [name for name in GRAPH if _layer(name) == "net"]
    assert net
    for name in net:
        assert {_layer(target) for target in GRAPH[name]}.isdisjoint({"commands", "cli"}), name


def test_no_import_cycle_among_audiopoker_modules() -> None:
    # Depth-first search; a grey node met again closes a cycle.
    state: dict[str, str] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(name: str) -> None:
        state[name] = "grey"
        stack.append(name)
        for target in sorted(GRAPH[name]):
            if state.get(target) == "grey":
                cycles.append([*stack[stack.index(target) :], target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[name] = "black"

    for name in sorted(GRAPH):
        if name not in state:
            visit(name)
    assert cycles == []


def test_the_checker_sees_imports() -> None:
    # Guards against a checker that passes because it found nothing.
    assert "audiopoker.errors" in GRAPH["audiopoker.cards"]
    assert "audiopoker.engine.hand" in GRAPH["audiopoker.engine.replay"]
