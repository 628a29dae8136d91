"""Hypothesis properties of the engine: chips are conserved, every hand ends, no illegal
action is ever accepted (and a refusal changes nothing), event logs replay to the same
state, and the table's big blind keeps its rotation.

Every decision is also checked against a small rules model fed only by the public
events (bet level, last full increment, the level each seat last acted at), so the legal
actions are not just compared with themselves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine_helpers import of_type, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audiopoker.cards import FULL_DECK, Card
from audiopoker.engine.actions import Action, ActionKind, LegalActions
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.hand import Hand
from audiopoker.engine.replay import replay
from audiopoker.engine.table import Table, TableConfig
from audiopoker.errors import IllegalActionError

# Passive requests weigh more, so hands also reach the later streets.
_KIND_MIX = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.CALL,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
    ActionKind.RAISE,
)
MAX_STEPS = 400  # attempted actions; a hand played this way ends long before


@dataclass(frozen=True)
class Setup:
    stacks: tuple[int, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    blinds: tuple[int, int]
    ante: int
    big_blind_ante: bool
    deck: tuple[Card, ...]

    def start(self) -> Hand:
        hand, _ = Hand.start(
            stacks=self.stacks,
            button=self.button,
            small_blind_seat=self.small_blind_seat,
            big_blind_seat=self.big_blind_seat,
            small_blind=self.blinds[0],
            big_blind=self.blinds[1],
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
            deck=self.deck,
        )
        return hand


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    seats = draw(st.integers(2, 10))
    # Short and medium stacks make all-ins, short all-in raises and side pots common.
    stack = st.one_of(st.just(0), st.integers(1, 12), st.integers(10, 60), st.integers(1, 400))
    stacks = draw(st.lists(stack, min_size=seats, max_size=seats))
    if sum(1 for amount in stacks if amount) < 2:
        stacks[0], stacks[-1] = stacks[0] or 50, stacks[-1] or 7
    button = draw(st.integers(0, seats - 1))  # may be an empty seat: a dead button
    order = [(button + step) % seats for step in range(1, seats + 1)]
    order = [seat for seat in order if stacks[seat]]
    if len(order) == 2:
        small, big = order[1], order[0]
    else:
        small, big = order[0], order[1]
        if draw(st.booleans()) and draw(st.booleans()):
            small = None  # a dead small blind
    big_blind = draw(st.sampled_from((2, 2, 5, 10)))
    small_blind = draw(st.integers(0, big_blind))
    ante = draw(st.sampled_from((0, 0, 0, 1, 3)))
    return Setup(
        stacks=tuple(stacks),
        button=button,
        small_blind_seat=small,
        big_blind_seat=big,
        blinds=(small_blind, big_blind),
        ante=ante,
        big_blind_ante=ante > 0 and draw(st.booleans()),
        deck=tuple(draw(st.permutations(FULL_DECK))),
    )


def is_legal(legal: LegalActions, action: Action) -> bool:
    """The rules as LegalActions states them."""
    if action.kind is ActionKind.FOLD:
        return True
    if action.kind is ActionKind.CHECK:
        return legal.can_check
    if action.kind is ActionKind.CALL:
        return legal.to_call > 0
    return (
        action.kind is legal.raise_kind
        and action.to is not None
        and legal.min_raise_to <= action.to <= legal.max_raise_to
    )


@dataclass
class RulesModel:
    """The betting rules, rebuilt from public events only."""

    big_blind: int = 0
    stacks: list[int] = field(default_factory=list)
    committed: list[int] = field(default_factory=list)
    live: set[int] = field(default_factory=set)
    level: int = 0
    full: int = 0
    acted: dict[int, int] = field(default_factory=dict)

    def feed(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self.big_blind = self.level = self.full = event.big_blind_amount
            self.stacks = list(event.stacks)
            self.committed = [0] * len(event.stacks)
            self.live = set(event.seats_in_hand)
        elif isinstance(event, AntePosted):
            self.stacks[event.seat] -= event.amount
        elif isinstance(event, BlindPosted):
            self.stacks[event.seat] -= event.amount
            self.committed[event.seat] += event.amount
        elif isinstance(event, StreetDealt):
            self.committed = [0] * len(self.committed)
            self.level, self.full, self.acted = 0, self.big_blind, {}
        elif isinstance(event, ActionTaken):
            self.stacks[event.seat] = event.stack
            self.committed[event.seat] = event.to
            if event.kind is ActionKind.FOLD:
                self.live.discard(event.seat)
            if event.kind in (ActionKind.BET, ActionKind.RAISE):
                increment = event.to - self.level
                assert event.full_raise == (increment >= self.full)
                self.full = max(self.full, increment)
                self.level = event.to
            if event.kind is not ActionKind.FOLD:
                self.acted[event.seat] = self.level

    def expected(self, seat: int) -> LegalActions:
        stack, paid = self.stacks[seat], self.committed[seat]
        others = [other for other in self.live if other != seat]
        target = self.level
        if not any(self.stacks[other] for other in others):
            target = min(
                target, max(self.committed[o] for o in range(len(self.stacks)) if o != seat)
            )
        owed = max(0, target - paid)
        pot = 0  # compared separately (chips conservation)
        may_raise = (
            stack > owed
            and any(self.stacks[o] + self.committed[o] > self.level for o in others)
            and (seat not in self.acted or self.level - self.acted[seat] >= self.full)
        )
        if not may_raise:
            return LegalActions(
                seat, owed == 0, min(owed, stack), 0 < owed >= stack, None, 0, 0, stack, paid, pot
            )
        kind = ActionKind.BET if self.level == 0 else ActionKind.RAISE
        high = paid + stack
        low = min(self.level + self.full, high)
        return LegalActions(seat, owed == 0, owed, False, kind, low, high, stack, paid, pot)


def requests(data: st.DataObject, legal: LegalActions) -> Action:
    """Any request at all: legal ones often, illegal ones (wrong kind, bad amounts) too."""
    kind = data.draw(st.sampled_from(_KIND_MIX))
    if kind not in (ActionKind.BET, ActionKind.RAISE):
        return Action(kind)
    low, high = legal.min_raise_to, legal.max_raise_to
    amount = data.draw(
        st.one_of(
            st.sampled_from([low, high, high, low - 1, high + 1, 0, -5]),
            st.integers(min(low, high), max(low, high)),
            st.none(),
        )
    )
    return Action(kind, amount)


def with_pot(legal: LegalActions) -> LegalActions:
    """``legal`` with pot 0, to compare with the rules model (which does not count it)."""
    fields = [getattr(legal, name) for name in LegalActions.__slots__]
    fields[LegalActions.__slots__.index("pot")] = 0
    return LegalActions(*fields)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), data=st.data())
def test_random_requests_keep_every_rule(setup: Setup, data: st.DataObject) -> None:
    hand = setup.start()
    total = sum(setup.stacks)
    model = RulesModel()
    fed = 0

    def check_events() -> None:
        nonlocal fed
        for event in hand.events[fed:]:
            if isinstance(event, ActionRequired):
                assert with_pot(event.legal) == model.expected(event.seat)
                assert event.legal.pot == hand.pot
            else:
                model.feed(event)
        fed = len(hand.events)

    check_events()
    for _ in range(MAX_STEPS):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        action = requests(data, legal)
        before = snapshot(hand)
        try:
            hand.act(legal.seat, action)
        except IllegalActionError:
            assert not is_legal(legal, action), action
            assert snapshot(hand) == before  # a refusal changes nothing
            continue
        assert is_legal(legal, action), (legal, action)
        assert sum(hand.stacks) + hand.pot == total  # chips are conserved
        assert min(hand.stacks) >= 0
        check_events()
    assert hand.is_over, "the hand did not end"
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded) and sum(hand.stacks) == total and sum(ended.net) == 0
    put_in = sum(e.amount for e in hand.events if isinstance(e, AntePosted | BlindPosted))
    put_in += sum(e.amount for e in of_type(hand.events, ActionTaken))
    paid = sum(e.amount for e in of_type(hand.events, PotAwarded))
    returned = sum(e.amount for e in of_type(hand.events, BetReturned))
    assert paid + returned == put_in  # every chip put in is paid out or returned
    assert replay(hand.events).events == hand.events  # the log replays to the same hand


@settings(max_examples=60, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32), cut=st.integers(0, 30))
def test_a_log_cut_anywhere_replays_to_the_same_state(setup: Setup, seed: int, cut: int) -> None:
    hand = setup.start()
    rng = random.Random(seed)
    for _ in range(cut):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        options = [Action.fold(), Action.call() if legal.to_call else Action.check()]
        if legal.raise_kind is not None:
            options.append(
                Action(legal.raise_kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
            )
        hand.act(legal.seat, rng.choice(options))
    copy = replay(hand.events)
    assert snapshot(copy) == snapshot(hand)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    stack=st.sampled_from((6, 20, 60)),
    limit=st.integers(1, 60),
)
def test_a_random_game_keeps_the_chips_and_the_big_blind_rotation(
    players: int, seed: int, stack: int, limit: int
) -> None:
    rng = random.Random(seed)
    names = [f"P{seat}" for seat in range(players)]
    table = Table(names, stack, TableConfig(hand_limit=limit), random.Random(seed))
    total = stack * players
    previous_big: int | None = None
    while not table.is_over:
        before = table.stacks
        hand, events = table.start_hand()
        first = events[0]
        assert isinstance(first, HandStarted)
        assert before[first.big_blind] > 0
        if first.small_blind is not None:
            assert before[first.small_blind] > 0
        if len(table.seats_left) == 2:
            assert first.small_blind == first.button
        if previous_big is not None:
            expected = next(
                seat
                for seat in ((previous_big + step) % players for step in range(1, players + 1))
                if before[seat] > 0
            )
            assert first.big_blind == expected  # nobody skips or repeats the big blind
        previous_big = first.big_blind
        while not hand.is_over:
            legal = hand.legal_actions()
            roll = rng.random()
            if roll < 0.2 and legal.to_call:
                action = Action.fold()
            elif roll > 0.8 and legal.raise_kind is not None:
                action = Action(
                    legal.raise_kind, rng.choice((legal.min_raise_to, legal.max_raise_to))
                )
            else:
                action = Action.call() if legal.to_call else Action.check()
            hand.act(legal.seat, action)
        table.finish_hand(hand)
        assert sum(table.stacks) == total
    assert table.result is not None and table.hand_number <= limit
    assert set(table.result.standings) == set(range(players))
    assert all(place is not None for place in table.places)
