"""Duplicate-poker simulation: bots play the same deals from every seat.

A lineup names one bot spec per seat. Every deal (a seeded deck and a button position)
is played once per rotation of the lineup, so each lineup position holds every seat's
cards once; card luck cancels out and only decisions differ. Bots' random generators are
reseeded for every spot from (deal, seat, history), so two bots that would choose alike
do choose alike, and the luck of their dice cancels too. Every hand starts with full
stacks (a cash game), so results are in big blinds per 100 hands. Each lineup position
also counts how it played before the flop: the share of its hands where it put chips in
voluntarily (VPIP: a call, bet or raise; posting a blind does not count) and where it
raised (PFR).

Work is split into units (one rotation, a block of consecutive deals); each unit builds
fresh bots that keep their seats for the whole block, so opponent models learn as they
would at a real table. Results do not depend on how many processes run the units.

One seed is one sample of deals: ``run_seeds`` plays the same lineup on several seeds and
pools them, each (seed, deal) one more duplicate unit of the interval.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

from audiopoker.bots.base import Bot, start_hand, tell
from audiopoker.bots.levels import LevelMaker, factory
from audiopoker.cards import FULL_DECK, Card
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.events import ActionTaken, Event, HandEnded
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import ShownHand, build_view, shown_hands_of
from audiopoker.errors import PokerError

SHOWN_KEPT = 60  # shown hands a view carries (the most recent)


class BotFailure(RuntimeError):
    """A bot sent an action the engine refused."""


@dataclass(frozen=True, slots=True)
class Settings:
    """One simulation: the lineup (a spec per seat), deals, seed and table stakes;
    ``more_levels``: the specs a layer above adds (``coach``), as ``bots.levels`` takes
    them (picklable: a plain dict of classes or module-level functions)."""

    lineup: tuple[str, ...]
    deals: int
    seed: int
    stack: int = 200
    small_blind: int = 1
    big_blind: int = 2
    block: int = 250  # deals per unit of work
    time_budget: float | None = None  # None: iteration caps only (reproducible)
    more_levels: Mapping[str, LevelMaker] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.lineup)


@dataclass(slots=True)
class UnitResult:
    """What one unit played: per deal, the net chips of each lineup position; per
    position, its decision times in seconds and its counts of hands dealt, hands played
    voluntarily before the flop (VPIP) and hands raised before the flop (PFR)."""

    rotation: int
    first_deal: int
    nets: list[list[int]] = field(default_factory=list)
    times: list[list[float]] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    vpip: list[int] = field(default_factory=list)
    pfr: list[int] = field(default_factory=list)
    seed: int = 0  # the seed of its deals: deal numbers repeat from seed to seed


def expand_lineup(specs: Sequence[str], players: int) -> tuple[str, ...]:
    """Seat specs for ``players`` seats: ``name*N`` repeats a spec, and the list is cycled.

    >>> expand_lineup(["hard", "honest*2"], 6)
    ('hard', 'honest', 'honest', 'hard', 'honest', 'honest')
    """
    seats: list[str] = []
    for spec in specs or ["normal"]:
        name, star, count = spec.rpartition("*")
        if star and count.isdigit():
            seats.extend([name] * int(count))
        else:
            seats.append(spec)
    return tuple(seats[i % len(seats)] for i in range(players))


def deal_deck(seed: int, deal: int) -> tuple[Card, ...]:
    """The seeded deck of one deal (the same for every rotation)."""
    deck = list(FULL_DECK)
    random.Random(f"audiopoker-duplicate:{seed}:{deal}").shuffle(deck)
    return tuple(deck)


def blind_seats(players: int, button: int) -> tuple[int, int]:
    """(small blind, big blind) seats; heads-up the button posts the small blind."""
    if players == 2:
        return button, 1 - button
    return (button + 1) % players, (button + 2) % players


def play_unit(settings: Settings, rotation: int, first_deal: int, count: int) -> UnitResult:
    """Play deals ``first_deal``.. with the lineup rotated by ``rotation`` seats."""
    players = settings.players
    position_of = [(seat + rotation) % players for seat in range(players)]
    bots: list[Bot] = []
    rngs: list[random.Random] = []
    for seat in range(players):
        spec = settings.lineup[position_of[seat]]
        make = factory(spec, settings.time_budget, settings.more_levels)
        rngs.append(random.Random(f"audiopoker-bot:{settings.seed}:{rotation}:{seat}"))
        bots.append(make(rngs[seat]))
    result = UnitResult(
        rotation,
        first_deal,
        times=[[] for _ in range(players)],
        dealt=[0] * players,
        vpip=[0] * players,
        pfr=[0] * players,
        seed=settings.seed,
    )
    shown: list[ShownHand] = []
    for deal in range(first_deal, first_deal + count):
        button = deal % players
        small, big = blind_seats(players, button)
        for seat, bot in enumerate(bots):
            start_hand(bot, seat)
        hand, events = Hand.start(
            stacks=[settings.stack] * players,
            button=button,
            small_blind_seat=small,
            big_blind_seat=big,
            small_blind=settings.small_blind,
            big_blind=settings.big_blind,
            deck=deal_deck(settings.seed, deal),
            hand_number=deal + 1,
        )
        _tell_all(bots, events)
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None
            log = hand.events
            view = build_view(actor, log, shown[-SHOWN_KEPT:])
            # Common random numbers: the same spot (deal, seat, history) in every rotation
            # draws the same random numbers, so equal choices cancel out exactly.
            rngs[actor].seed(f"audiopoker-spot:{settings.seed}:{deal}:{actor}:{len(log)}")
            started = time.perf_counter()
            action = bots[actor].decide(view)
            result.times[position_of[actor]].append(time.perf_counter() - started)
            try:
                events = hand.act(actor, action)
            except PokerError as error:
                spec = settings.lineup[position_of[actor]]
                raise BotFailure(f"bot {spec} sent {action} in deal {deal}: {error}") from error
            _tell_all(bots, events)
        ended = next(e for e in reversed(hand.events) if isinstance(e, HandEnded))
        nets = [0] * players
        for seat in range(players):
            nets[position_of[seat]] = ended.net[seat]
        result.nets.append(nets)
        _count_preflop(result, hand.events, position_of)
        shown.extend(shown_hands_of(hand.events))
    return result


def _count_preflop(result: UnitResult, events: Sequence[Event], position_of: list[int]) -> None:
    """Add one hand's dealt, VPIP and PFR counts (every seat is dealt in: full stacks)."""
    voluntary: set[int] = set()
    raised: set[int] = set()
    for event in events:
        if isinstance(event, ActionTaken) and event.street is Street.PREFLOP:
            if event.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
                voluntary.add(event.seat)
            if event.kind in (ActionKind.BET, ActionKind.RAISE):
                raised.add(event.seat)
    for seat, position in enumerate(position_of):
        result.dealt[position] += 1
        result.vpip[position] += seat in voluntary
        result.pfr[position] += seat in raised


def _tell_all(bots: Sequence[Bot], events: Sequence[Event]) -> None:
    for event in events:
        for seat, bot in enumerate(bots):
            tell(bot, seat, event)


def units(settings: Settings) -> Iterator[tuple[int, int, int]]:
    """(rotation, first deal, deal count) of every unit of work."""
    for first in range(0, settings.deals, settings.block):
        for rotation in range(settings.players):
            yield rotation, first, min(settings.block, settings.deals - first)


@dataclass(frozen=True, slots=True)
class BotReport:
    """One bot spec's results over all its seats."""

    bot: str
    seats: int
    hands: int
    bb_per_100: float
    ci95: float  # half-width of the 95 % confidence interval, in bb/100
    decisions: int
    median_ms: float
    p95_ms: float
    vpip: float  # share of its hands played voluntarily before the flop (0..1)
    pfr: float  # share of its hands raised before the flop (0..1)


def run(
    settings: Settings,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[BotReport]:
    """Play every unit (in ``jobs`` processes) and report per bot spec."""
    work = [(settings, *unit) for unit in units(settings)]
    return summarize(settings, _play(work, jobs, progress))


def run_seeds(
    settings: Settings,
    seeds: Sequence[int],
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[BotReport], dict[int, list[BotReport]]]:
    """Play ``settings`` once per seed (``settings.seed`` aside; every unit of every seed in
    one pool of ``jobs`` processes) and report per bot spec: pooled over the seeds, whose
    deals are all samples of the same duplicate unit, and seed by seed."""
    per_seed = {seed: replace(settings, seed=seed) for seed in dict.fromkeys(seeds)}
    work = [(one, *unit) for one in per_seed.values() for unit in units(one)]
    results = _play(work, jobs, progress)
    pooled = summarize(settings, results)
    each = {
        seed: summarize(one, [r for r in results if r.seed == seed])
        for seed, one in per_seed.items()
    }
    return pooled, each


def _play(
    work: Sequence[tuple[Settings, int, int, int]],
    jobs: int,
    progress: Callable[[int, int], None] | None,
) -> list[UnitResult]:
    """Every unit of ``work`` played, in ``jobs`` processes."""
    results: list[UnitResult] = []
    if jobs <= 1:
        for done, unit in enumerate(work, 1):
            results.append(play_unit(*unit))
            if progress:
                progress(done, len(work))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_unit, *unit) for unit in work]
            for done, future in enumerate(futures, 1):
                results.append(future.result())
                if progress:
                    progress(done, len(work))
    return results


def summarize(settings: Settings, results: Sequence[UnitResult]) -> list[BotReport]:
    """Per spec: bb/100 with a 95 % interval over deals (each deal's rotations summed,
    the duplicate unit; units of several seeds pool, a deal per seed and deal number),
    decision times, VPIP and PFR. Sums only, so the order the units come in does not
    matter."""
    lineup = settings.lineup
    players = settings.players
    by_deal: dict[tuple[int, int], list[int]] = {}
    times: list[list[float]] = [[] for _ in range(players)]
    dealt, vpip, pfr = [0] * players, [0] * players, [0] * players
    for unit in results:
        for offset, nets in enumerate(unit.nets):
            totals = by_deal.setdefault((unit.seed, unit.first_deal + offset), [0] * players)
            for position, net in enumerate(nets):
                totals[position] += net
        for position, seconds in enumerate(unit.times):
            times[position].extend(seconds)
            dealt[position] += unit.dealt[position]
            vpip[position] += unit.vpip[position]
            pfr[position] += unit.pfr[position]
    reports = []
    for spec in dict.fromkeys(lineup):
        positions = [p for p, s in enumerate(lineup) if s == spec]
        per_deal = len(positions) * players  # seat-hands per deal for this spec
        samples = [
            sum(totals[p] for p in positions) / per_deal / settings.big_blind * 100
            for totals in by_deal.values()
        ]
        spread = statistics.stdev(samples) if len(samples) > 1 else math.inf
        spec_times = sorted(t for p in positions for t in times[p])
        spec_dealt = max(1, sum(dealt[p] for p in positions))
        reports.append(
            BotReport(
                bot=spec,
                seats=len(positions),
                hands=per_deal * len(samples),
                bb_per_100=statistics.fmean(samples) if samples else 0.0,
                ci95=1.96 * spread / math.sqrt(len(samples)) if samples else math.inf,
                decisions=len(spec_times),
                median_ms=1000 * _quantile(spec_times, 0.5),
                p95_ms=1000 * _quantile(spec_times, 0.95),
                vpip=sum(vpip[p] for p in positions) / spec_dealt,
                pfr=sum(pfr[p] for p in positions) / spec_dealt,
            )
        )
    return reports


def _quantile(ordered: Sequence[float], q: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
