"""The game between hands: seats, stacks, the button and blinds, eliminations, the end.

The first button is drawn with the table's seeded ``random.Random``; after that the big
blind keeps its rotation (RULES.md, dead button): it goes to the next player with chips
left of the previous big blind, the small blind sits where the previous big blind was
(dead when that player is out) and the button where the previous small blind was (maybe
an empty seat). Heads-up the button posts the small blind; when the game goes from three
players to two the big blind still moves on, so nobody posts it twice in a row.

>>> import random
>>> table = Table(["Ana", "Beto", "Carla"], 200, TableConfig(), random.Random(7))
>>> hand, events = table.start_hand()
>>> (hand.button, hand.small_blind_seat, hand.big_blind_seat) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from audiopoker.cards import FULL_DECK, Card
from audiopoker.engine.events import (
    BlindsChanged,
    Event,
    GameEnded,
    GameEndReason,
    PlayerEliminated,
)
from audiopoker.engine.hand import Hand
from audiopoker.errors import ConfigError, ErrorReason, HandStateError

MIN_PLAYERS = 2
MAX_PLAYERS = 10


@dataclass(frozen=True, slots=True)
class TableConfig:
    """The agreed settings (RULES.md defaults: blinds 1/2, no ante, no hand limit).

    ``ante`` is each player's ante; with ``big_blind_ante`` it is the one amount the big
    blind posts for the whole table instead. ``hand_limit`` ends the game after that many
    hands: the largest stack wins and equal stacks tie.
    """

    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    big_blind_ante: bool = False
    hand_limit: int | None = None

    def __post_init__(self) -> None:
        if self.big_blind < 1:
            raise ConfigError(ErrorReason.BAD_SETTING, name="big_blind", value=self.big_blind)
        if not 0 <= self.small_blind <= self.big_blind:
            raise ConfigError(ErrorReason.BAD_SETTING, name="small_blind", value=self.small_blind)
        if self.ante < 0:
            raise ConfigError(ErrorReason.BAD_SETTING, name="ante", value=self.ante)
        if self.hand_limit is not None and self.hand_limit < 1:
            raise ConfigError(ErrorReason.BAD_SETTING, name="hand_limit", value=self.hand_limit)


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table between hands, as plain values (for saving a game and resuming it).

    ``last`` is (button, small blind position, big blind) of the last hand, None before
    the first; ``places`` holds each eliminated seat's finishing place.
    """

    stacks: tuple[int, ...]
    places: tuple[int | None, ...]
    hand_number: int
    first_button: int
    last: tuple[int, int, int] | None


class Table:
    """A game: seats with names and stacks (0 = eliminated), the button, the hands.

    Drive it with ``start_hand`` / ``Hand.act`` / ``finish_hand`` until ``is_over``.
    Seats are numbered 0.. in clockwise order.
    """

    def __init__(
        self,
        names: Sequence[str],
        stacks: int | Sequence[int],
        config: TableConfig,
        rng: random.Random,
        button: int | None = None,
    ) -> None:
        count = len(names)
        if count < MIN_PLAYERS:
            raise ConfigError(ErrorReason.NOT_ENOUGH_PLAYERS, players=count, minimum=MIN_PLAYERS)
        if count > MAX_PLAYERS:
            raise ConfigError(ErrorReason.TOO_MANY_PLAYERS, players=count, maximum=MAX_PLAYERS)
        chips = [stacks] * count if isinstance(stacks, int) else list(stacks)
        if len(chips) != count or any(stack < 1 for stack in chips):
            raise ConfigError(ErrorReason.BAD_SETTING, name="stacks", value=tuple(chips))
        if button is not None and not 0 <= button < count:
            raise ConfigError(ErrorReason.BAD_SETTING, name="button", value=button)
        self.names: tuple[str, ...] = tuple(names)
        self.config = config
        self.rng = rng
        self._stacks = chips
        self._places: list[int | None] = [None] * count
        self._first_button = rng.randrange(count) if button is None else button
        # (button, small blind position, big blind) of the last hand; None before the first
        self._last: tuple[int, int, int] | None = None
        self._hand: Hand | None = None
        self.hand_number = 0
        self.result: GameEnded | None = None

    # -- reading -----------------------------------------------------------------------

    @property
    def stacks(self) -> tuple[int, ...]:
        """Every seat's chips between hands (0 = eliminated)."""
        return tuple(self._stacks)

    @property
    def is_over(self) -> bool:
        """True once ``GameEnded`` was emitted."""
        return self.result is not None

    @property
    def seats_left(self) -> tuple[int, ...]:
        """Seats still holding chips."""
        return tuple(seat for seat, stack in enumerate(self._stacks) if stack > 0)

    @property
    def places(self) -> tuple[int | None, ...]:
        """Each seat's finishing place, None while it is still playing."""
        return tuple(self._places)

    @property
    def button(self) -> int | None:
        """The button of the current or last hand (None before the first hand)."""
        return None if self._last is None else self._last[0]

    @property
    def hand(self) -> Hand | None:
        """The hand started and not yet finished, if any."""
        return self._hand

    # -- playing -----------------------------------------------------------------------

    def start_hand(self, deck: Sequence[Card] | None = None) -> tuple[Hand, tuple[Event, ...]]:
        """Move the button and blinds, shuffle (unless ``deck`` is given) and start a hand."""
        if self.result is not None:
            raise HandStateError(ErrorReason.GAME_OVER)
        if self._hand is not None:
            raise HandStateError(ErrorReason.HAND_IN_PROGRESS, hand_number=self.hand_number)
        button, small, big = self._next_positions()
        if deck is None:
            shuffled = list(FULL_DECK)
            self.rng.shuffle(shuffled)
            deck = shuffled
        config = self.config
        hand, events = Hand.start(
            stacks=self._stacks,
            button=button,
            small_blind_seat=small,
            big_blind_seat=big,
            small_blind=config.small_blind,
            big_blind=config.big_blind,
            ante=config.ante,
            big_blind_ante=config.big_blind_ante,
            deck=deck,
            hand_number=self.hand_number + 1,
        )
        # A dead small blind still holds its position: the last big blind's seat.
        if small is not None:
            self._last = (button, small, big)
        else:
            assert self._last is not None  # only later hands have a dead small blind
            self._last = (button, self._last[2], big)
        self.hand_number += 1
        self._hand = hand
        return hand, events

    def finish_hand(self, hand: Hand) -> tuple[Event, ...]:
        """Settle a finished hand: new stacks, eliminations with places, maybe GameEnded."""
        if hand is not self._hand:
            raise HandStateError(ErrorReason.NO_HAND_IN_PROGRESS)
        if not hand.is_over:
            raise HandStateError(ErrorReason.HAND_IN_PROGRESS, hand_number=self.hand_number)
        before = self._stacks
        self._stacks = list(hand.stacks)
        self._hand = None
        out = [seat for seat, stack in enumerate(self._stacks) if before[seat] and not stack]
        remaining = len(self.seats_left)
        events: list[Event] = []
        # Several out in one hand: more chips at the start of the hand finishes higher.
        ranked = sorted(out, key=lambda seat: (before[seat], -seat))
        for seat in ranked:
            place = remaining + 1 + sum(1 for other in out if before[other] > before[seat])
            self._places[seat] = place
            events.append(PlayerEliminated(seat, place))
        if remaining <= 1:
            events.append(self._end(GameEndReason.LAST_PLAYER_STANDING))
        elif self.config.hand_limit is not None and self.hand_number >= self.config.hand_limit:
            events.append(self._end(GameEndReason.HAND_LIMIT))
        return tuple(events)

    def change_blinds(self, small_blind: int, big_blind: int, ante: int = 0) -> BlindsChanged:
        """New blinds and ante from the next hand on (a tournament's next level). Between
        hands only; amounts TableConfig refuses raise ConfigError and change nothing."""
        if self._hand is not None:
            raise HandStateError(ErrorReason.HAND_IN_PROGRESS, hand_number=self.hand_number)
        self.config = replace(self.config, small_blind=small_blind, big_blind=big_blind, ante=ante)
        return BlindsChanged(small_blind, big_blind, ante)

    # -- saving and resuming -----------------------------------------------------------

    def snapshot(self) -> TableSnapshot:
        """The table between hands as plain values (with ``rng.getstate()`` beside it,
        ``restore`` continues the game exactly: same button, blinds and decks)."""
        if self._hand is not None:
            raise HandStateError(ErrorReason.HAND_IN_PROGRESS, hand_number=self.hand_number)
        if self.result is not None:
            raise HandStateError(ErrorReason.GAME_OVER)
        return TableSnapshot(
            stacks=tuple(self._stacks),
            places=tuple(self._places),
            hand_number=self.hand_number,
            first_button=self._first_button,
            last=self._last,
        )

    @classmethod
    def restore(
        cls,
        names: Sequence[str],
        snapshot: TableSnapshot,
        config: TableConfig,
        rng: random.Random,
    ) -> Table:
        """A table continuing from ``snapshot``; ``rng`` must hold the saved state. Refuses
        (ConfigError) a snapshot that cannot be a game between hands: wrong lengths, fewer
        than two seats with chips, a place missing or given wrongly, a button or blind
        outside the table, or the hand limit already reached."""
        count = len(names)
        stacks, places, last = snapshot.stacks, snapshot.places, snapshot.last
        limit = config.hand_limit
        if (
            len(stacks) != count
            or len(places) != count
            or any(stack < 0 for stack in stacks)
            or sum(1 for stack in stacks if stack > 0) < MIN_PLAYERS
            or any(
                (place is None) != (stack > 0) for stack, place in zip(stacks, places, strict=False)
            )
            or snapshot.hand_number < 0
            or (limit is not None and snapshot.hand_number >= limit)
            or not 0 <= snapshot.first_button < count
            or (last is None) != (snapshot.hand_number == 0)
            or (last is not None and (len(last) != 3 or not all(0 <= s < count for s in last)))
        ):
            raise ConfigError(ErrorReason.BAD_SETTING, name="snapshot", value=snapshot)
        table = cls(names, [max(stack, 1) for stack in stacks], config, rng, snapshot.first_button)
        table._stacks = list(stacks)
        table._places = list(places)
        table._last = None if last is None else (last[0], last[1], last[2])
        table.hand_number = snapshot.hand_number
        return table

    def _next_positions(self) -> tuple[int, int | None, int]:
        """(button, small blind seat or None when dead, big blind seat) for the next hand."""
        alive = self.seats_left
        count = len(self._stacks)
        stacks = self._stacks

        def next_alive(seat: int) -> int:
            for step in range(1, count + 1):
                candidate = (seat + step) % count
                if stacks[candidate] > 0:
                    return candidate
            raise AssertionError("no seat has chips")  # pragma: no cover

        if self._last is None:
            button = self._first_button
            if stacks[button] <= 0:
                button = next_alive(button)
            if len(alive) == 2:  # heads-up the button posts the small blind
                return button, button, next_alive(button)
            small = next_alive(button)
            return button, small, next_alive(small)
        _, last_small, last_big = self._last
        big = next_alive(last_big)  # the big blind keeps its rotation
        if len(alive) == 2:
            other = next_alive(big)
            return other, other, big
        # Dead button: the small blind where the last big blind sat, the button where the
        # last small blind sat (either may be an empty seat).
        return last_small, last_big if stacks[last_big] > 0 else None, big

    def _end(self, reason: GameEndReason) -> GameEnded:
        stacks = self._stacks
        alive = sorted(self.seats_left, key=lambda seat: (-stacks[seat], seat))
        for seat in alive:
            self._places[seat] = 1 + sum(1 for other in alive if stacks[other] > stacks[seat])
        top = stacks[alive[0]]
        winners = tuple(seat for seat in alive if stacks[seat] == top)
        out = sorted(
            (seat for seat in range(len(stacks)) if seat not in alive),
            key=lambda seat: (self._places[seat] or 0, seat),
        )
        self.result = GameEnded(reason, winners, tuple(alive) + tuple(out), tuple(stacks))
        return self.result
