"""What the truth checker keeps: its report (hands, sentences, findings) and, for one hand,
what the event log has said so far."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from audiopoker.engine.events import HandStarted, PlayerEliminated, PotAwarded
from audiopoker.evaluator import HandValue


@dataclass
class Report:
    hands: int = 0
    sentences: int = 0
    checked: int = 0
    unchecked: Counter[str] = field(default_factory=Counter)
    findings: list[str] = field(default_factory=list)

    def merge(self, other: Report) -> None:
        self.hands += other.hands
        self.sentences += other.sentences
        self.checked += other.checked
        self.unchecked.update(other.unchecked)
        self.findings.extend(other.findings)

    @property
    def unchecked_share(self) -> float:
        return sum(self.unchecked.values()) / max(self.sentences, 1)


def sentences_of(text: str) -> list[str]:
    """Split a message into sentences (a name or a capital opens the next one)."""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡])", text.strip())
    return [part for part in parts if part]


@dataclass
class _Hand:
    """What the event log says so far in one hand."""

    start: HandStarted | None = None
    street_total: dict[int, int] = field(default_factory=dict)
    acted: dict[int, int] = field(default_factory=dict)  # seat -> order of its last action
    last_full: int = -1  # order of the last full bet or raise of the street
    order: int = 0
    folded: set[int] = field(default_factory=set)
    all_in: set[int] = field(default_factory=set)
    holes: dict[int, tuple] = field(default_factory=dict)
    board: tuple = ()
    revealed: set[int] = field(default_factory=set)  # turned up before the river
    values: dict[int, HandValue] = field(default_factory=dict)
    returned: dict[int, int] = field(default_factory=dict)
    pots: list[PotAwarded] = field(default_factory=list)
    eliminated: list[PlayerEliminated] = field(default_factory=list)
