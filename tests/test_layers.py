"""The layer map, checked by reading the imports (ast), not by importing the game.

Every import counts, at module level, inside functions and under ``if TYPE_CHECKING:``:
a circle or an arrow up through a deferred import or a type is still a circle or an arrow
up, only hidden. The reader, the order (DESIGN.md's map) and the drawn map are
``scripts/layer_map.py``'s; CONTRIBUTING.md's map is that script's output.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("layer_map", ROOT / "scripts" / "layer_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


layers = _load_script()
GRAPH: dict[str, set[str]] = layers.module_graph()

# A module of every way to import, read as the package's `audiopoker.ui.sample` would be.
SAMPLE = """
from __future__ import annotations
from typing import TYPE_CHECKING
import audiopoker.errors
from audiopoker import i18n
from . import keymap
from ..engine.actions import Action
if TYPE_CHECKING:
    from audiopoker.ui.controller import Controller
def later() -> None:
    from audiopoker.narration.language import resolve_language
try:
    import audiopoker.cards as cards
except ImportError:
    pass
import prompt_toolkit
"""


def test_the_reader_sees_every_kind_of_import() -> None:
    # Guards against checks that pass because the reader found nothing.
    known = set(GRAPH)
    found = layers.imported(SAMPLE, "audiopoker.ui.sample", False, known)
    assert found == {
        "audiopoker.errors",
        "audiopoker.i18n",
        "audiopoker.ui.keymap",
        "audiopoker.engine.actions",
        "audiopoker.ui.controller",  # under TYPE_CHECKING
        "audiopoker.narration.language",  # inside a function
        "audiopoker.cards",  # under try
    }
    assert "audiopoker.errors" in GRAPH["audiopoker.cards"]
    assert "audiopoker.engine.hand" in GRAPH["audiopoker.engine.replay"]


def test_the_errors_module_imports_nothing_of_audiopoker() -> None:
    assert GRAPH["audiopoker.errors"] == set()


def test_no_circle_of_modules_or_of_layers() -> None:
    assert layers.circles(GRAPH) == []
    assert layers.circles(layers.layer_graph(GRAPH)) == []


def test_a_circle_is_found_however_it_is_hidden() -> None:
    # The circle that was: bots.levels imported coach.bot inside make_bot.
    tied = dict(GRAPH)
    tied["audiopoker.bots.levels"] = GRAPH["audiopoker.bots.levels"] | {"audiopoker.coach.bot"}
    assert ["audiopoker.bots.levels", "audiopoker.coach.advice", "audiopoker.coach.bot"] in (
        layers.circles(tied)
    )
    assert layers.circles({"a": {"a"}}) == [["a"]]


def test_every_layer_stands_on_the_order() -> None:
    assert layers.unplaced(GRAPH) == []
    assert set(layers.WHAT) == set(layers.TIER)


def test_no_import_goes_up_the_order() -> None:
    assert layers.upward(GRAPH) == []


def test_an_import_going_up_is_caught() -> None:
    up = dict(GRAPH)
    up["audiopoker.argtypes"] = GRAPH["audiopoker.argtypes"] | {"audiopoker.narration.language"}
    up["audiopoker.engine.hand"] = GRAPH["audiopoker.engine.hand"] | {"audiopoker.ui.state"}
    assert layers.upward(up) == [
        ("audiopoker.argtypes", "audiopoker.narration.language"),
        ("audiopoker.engine.hand", "audiopoker.ui.state"),
    ]


def test_the_engine_and_the_cards_stand_below_every_listener_and_seat() -> None:
    order = layers.TIER
    for below in ("errors.py", "cards.py", "evaluator.py"):
        assert order[below] < order["engine/"], below
    for above in ("output/", "narration/", "bots/", "coach/", "audio/", "persistence/"):
        assert order["engine/"] < order[above] < order["game.py"], above
    assert order["net/"] < order["ui/"] < order["commands/"] == order["cli.py"]


def test_the_network_layer_imports_nothing_of_the_player_side_or_the_commands() -> None:
    """The table server and client sit below the player's side and the commands."""
    net = [name for name in GRAPH if layers.layer_of(name) == "net/"]
    assert net
    for name in net:
        reached = {layers.layer_of(target) for target in GRAPH[name]}
        assert reached.isdisjoint({"ui/", "commands/", "cli.py"}), name


def test_contributing_shows_the_map_the_imports_draw() -> None:
    text = layers.CONTRIBUTING.read_text(encoding="utf-8")
    drawn = layers.layer_map(GRAPH)
    assert "| 1 | `errors.py` |" in drawn and "`ui/`" in drawn
    assert layers.contributing_map(text) == drawn, "run: python scripts/layer_map.py --write"


def test_no_two_modules_share_a_name_but_a_subcommand_and_what_it_fronts() -> None:
    """CONTRIBUTING's rule for module names: one file name, one module; a subcommand in
    commands/ may share its name with the one module it fronts."""
    by_name: dict[str, list[str]] = {}
    package = ROOT / "audiopoker"
    for path in sorted(package.rglob("*.py")):
        if path.name != "__init__.py":
            by_name.setdefault(path.name, []).append(str(path.relative_to(package)))
    shared = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    for name, paths in shared.items():
        fronted = [path for path in paths if not path.startswith("commands/")]
        assert len(paths) == 2 and len(fronted) == 1, f"{name} is the name of {paths}"
