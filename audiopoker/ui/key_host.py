"""What every part of the controller's keys reads of it (the questions, the coach's keys,
the raise amount): its words, the player's seat and the table. Each part's own host
protocol adds what only it uses."""

from __future__ import annotations

from typing import Protocol

from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.state import TableState
from audiopoker.ui.ui_text import UiText


class KeyHost(Protocol):
    """The controller as its key parts see it (``audiopoker.ui.controller``)."""

    @property
    def text(self) -> UiText: ...
    @property
    def seat(self) -> HumanSeat | None: ...
    @property
    def state(self) -> TableState: ...
