"""A blunder's hand replayed up to the decision (``audiopoker stats --blunders`` in a
terminal): the game's hand history read (``commands.replay.read_hands``), the hand played
through our engine (``engine.phh_replay``) and cut just before the player's action, so the
engine's state there gives the options the player had.

The player is found in the history by their cards (the decision keeps them), else by name;
the decision, as the ``ordinal``-th of the player's actions of its street and kind. The
narration is the table's Narrator heard from the player's seat: the player's own cards are
told, the others' stay secret, as they were at the table.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
from pathlib import Path
from typing import Final

from audiopoker.cards import parse_cards
from audiopoker.commands.replay import read_hands
from audiopoker.engine.actions import LegalActions
from audiopoker.engine.events import ActionRequired, ActionTaken
from audiopoker.engine.phh import HandHistory, PhhError
from audiopoker.engine.phh_replay import Replay, replay
from audiopoker.narration import Language, Narrator
from audiopoker.output.message import Message, Verbosity
from audiopoker.persistence.blunder_hands import BlunderHand
from audiopoker.persistence.store import HISTORY_DIR

log = logging.getLogger(__name__)

MAX_HISTORY_BYTES: Final = 64 * 1024 * 1024  # a game's history far beyond any real one


class Problem(enum.Enum):
    """Why a blunder's hand cannot be replayed (``stats.review.<value>`` says it)."""

    NO_HISTORY = "no_history"  # the game kept no history file
    GONE = "gone"  # the file is not there any more
    UNREADABLE = "unreadable"  # the file cannot be read (or is not UTF-8 text)
    BROKEN = "broken"  # the hand is missing from it, or our rules refuse it
    NOT_FOUND = "not_found"  # the hand holds no such decision of the player


@dataclasses.dataclass(frozen=True, slots=True)
class Spot:
    """The hand replayed up to the decision: the player (PHH player index, which is the
    replay's seat) is to act in ``result.hand`` with ``legal``."""

    result: Replay
    me: int
    names: tuple[str, ...]
    legal: LegalActions

    @property
    def players_in(self) -> int:
        """Players still in the hand at the decision."""
        folded = {
            event.seat
            for event in self.result.events
            if isinstance(event, ActionTaken) and event.kind.value == "fold"
        }
        return len(self.names) - len(folded)


def history_path(name: str, folder: Path) -> Path:
    """Where a game's history file is: the ``games`` row keeps its name, in the data
    folder's histories (an absolute path is taken as it is)."""
    path = Path(name)
    return path if path.is_absolute() else folder / HISTORY_DIR / name


def find_spot(hand: BlunderHand, folder: Path) -> Spot | Problem:
    """The blunder's hand replayed up to the decision, or why it cannot be."""
    if not hand.history_file:
        return Problem.NO_HISTORY
    path = history_path(hand.history_file, folder)
    try:
        if path.stat().st_size > MAX_HISTORY_BYTES:
            return Problem.UNREADABLE
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return Problem.GONE
    except (OSError, UnicodeDecodeError) as error:
        log.warning("hand history %s unreadable: %s", path, error)
        return Problem.UNREADABLE
    number = hand.blunder.hand_number
    try:
        histories = read_hands(text, str(number)).histories
        history = histories[0][1] if histories else None
        if history is None:
            return Problem.BROKEN
        full = replay(history)
    except PhhError as error:
        log.warning("hand %s of %s refused: %s", number, path, error)
        return Problem.BROKEN
    return _cut(history, full, hand)


def _player(history: HandHistory, full: Replay, hand: BlunderHand) -> int | None:
    """The player's PHH index: by the decision's cards, else by the game's player name."""
    hole = set(parse_cards(hand.blunder.record.hole)) if hand.blunder.record.hole else set()
    for player in range(history.player_count):
        if hole and set(full.known_hole(player)) == hole:
            return player
    names = history.players or ()
    if hand.player_name is not None and names.count(hand.player_name) == 1:
        return names.index(hand.player_name)
    return None


def _cut(history: HandHistory, full: Replay, hand: BlunderHand) -> Spot | Problem:
    me = _player(history, full, hand)
    if me is None:
        return Problem.NOT_FOUND
    record, seen = hand.blunder.record, 0
    for index, step in enumerate(full.steps):
        for event in step.events:
            if not (
                isinstance(event, ActionTaken)
                and event.seat == me
                and event.street.name.lower() == record.street
                and event.kind.value == record.action
            ):
                continue
            if seen < hand.ordinal:
                seen += 1
                continue
            before = dataclasses.replace(history, actions=history.actions[:index])
            try:
                result = replay(before)
            except PhhError:  # the same actions replayed whole a moment ago
                return Problem.BROKEN
            if result.hand.actor != me:
                return Problem.NOT_FOUND
            names = tuple(history.player_name(p) for p in range(history.player_count))
            return Spot(result, me, names, result.hand.legal_actions())
    return Problem.NOT_FOUND


def narration(spot: Spot, lang: Language, verbosity: Verbosity) -> list[Message]:
    """The hand up to the decision as the player heard it at the table: the Narrator from
    the player's seat (the others' cards secret), nobody's turn announced."""
    narrator = Narrator(
        list(spot.names), lang, verbosity, listener_seat=spot.me, reveal_hole_cards=False
    )
    messages: list[Message] = []
    for event in spot.result.events:
        if not isinstance(event, ActionRequired):
            messages += narrator.narrate(event)
    return messages
