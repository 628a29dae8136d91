"""Speech, braille, console and transcript: every message the player gets goes through here.

The game wiring calls :func:`build_router` (or :func:`router_from_args` after
:func:`add_output_arguments`) and sends :class:`Message` objects to the :class:`Router`.
"""

from audiopoker.output.backends import (
    Adjustable,
    Attempt,
    Backend,
    ConsoleBackend,
    PairBackend,
    RecordingBackend,
    SilentBackend,
)
from audiopoker.output.factory import (
    OUTPUT_CHOICES,
    Selection,
    add_output_arguments,
    build_router,
    router_for,
    router_from_args,
    select_backend,
)
from audiopoker.output.message import Message, Verbosity
from audiopoker.output.message_history import History
from audiopoker.output.router import Routed, Router, RoutingPolicy
from audiopoker.output.transcript import TranscriptWriter, read_transcript

__all__ = [
    "OUTPUT_CHOICES",
    "Adjustable",
    "Attempt",
    "Backend",
    "ConsoleBackend",
    "History",
    "Message",
    "PairBackend",
    "RecordingBackend",
    "Routed",
    "Router",
    "RoutingPolicy",
    "Selection",
    "SilentBackend",
    "TranscriptWriter",
    "Verbosity",
    "add_output_arguments",
    "build_router",
    "read_transcript",
    "router_for",
    "router_from_args",
    "select_backend",
]
