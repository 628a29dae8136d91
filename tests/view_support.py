"""What the large view's option tests give ``start_view`` in place of a player side."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from audiopoker.narration.amounts import Amounts
from audiopoker.output.backends import ConsoleBackend
from audiopoker.output.message import Message
from audiopoker.ui.state import TableState
from audiopoker.view import view_options
from audiopoker.view.sample_table import NAMES


@dataclass
class FakeRouter:
    """The router's console (the full-screen layout draws through it)."""

    console: ConsoleBackend | None = None


@dataclass
class FakeSide:
    """What start_view uses of a player side; ``told`` keeps what it said."""

    lang: str = "es"
    router: FakeRouter = field(default_factory=FakeRouter)
    view_prefs: dict[str, str] = field(default_factory=dict)
    told: list[Message] = field(default_factory=list)
    state: TableState = field(default_factory=lambda: TableState(NAMES, (200,) * 6, 0))
    pre_actions: None = None
    listeners: list[object] = field(default_factory=list)
    amounts: Amounts = field(default_factory=Amounts)  # the unit the player hears

    def __post_init__(self) -> None:
        self.listeners = [self.state, "narration"]

    def tell(self, message: Message) -> None:
        self.told.append(message)


def options(*argv: str) -> argparse.Namespace:
    """The view's options as typed."""
    parser = argparse.ArgumentParser()
    view_options.add_view_arguments(parser)
    return parser.parse_args(argv)
