"""Levels, personalities, names, specs, opponent modelling and time budgets."""

from __future__ import annotations

import os
import random
import sys
import time

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the support module is a sibling helper, not a test module
    sys.path.insert(0, _HERE)

from bots_support import fast_bot, play, random_hand  # noqa: E402

from audiopoker.bots import LEVELS, Bot, bot_names, factory, make_bot, roster  # noqa: E402
from audiopoker.bots.base import pot_fraction_to  # noqa: E402
from audiopoker.bots.easy import EasyBot  # noqa: E402
from audiopoker.bots.hard import BET_SIZES, HardBot  # noqa: E402
from audiopoker.bots.model import OpponentModel, SeatStats  # noqa: E402
from audiopoker.bots.normal import NormalBot  # noqa: E402
from audiopoker.bots.reference import CallingStation, HonestBot, RandomBot  # noqa: E402
from audiopoker.bots.style import STYLES  # noqa: E402
from audiopoker.cards import FULL_DECK, parse_cards  # noqa: E402
from audiopoker.engine.actions import Action, ActionKind, Street  # noqa: E402
from audiopoker.engine.hand import Hand  # noqa: E402
from audiopoker.engine.view import PlayerView, view_for  # noqa: E402


def test_names_suit_the_language() -> None:
    assert bot_names("es", 6) == ("Ana", "Beto", "Carla", "Diego", "Elena", "Fabio")
    assert bot_names("en", 6) == ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")
    assert bot_names("es_ES", 1) == ("Ana",)
    assert bot_names("fr", 1) == ("Alice",)
    many = bot_names("es", 30)
    assert len(set(many)) == 30 and many[12] == "Ana 2"


def test_roster_deals_personalities_and_levels() -> None:
    for level in LEVELS:
        bots = roster(level, 5, "es", random.Random(1))
        assert [name for name, _ in bots] == list(bot_names("es", 5))
        styles = {bot.style.key for _, bot in bots if isinstance(bot, EasyBot | NormalBot)}
        assert len(styles) == 3
        assert all(getattr(bot, "level", None) == level for _, bot in bots)
        assert all(isinstance(bot, Bot) for _, bot in bots)


def test_factory_specs() -> None:
    rng = random.Random(2)
    assert isinstance(factory("hard")(rng), HardBot)
    assert isinstance(factory("station")(rng), CallingStation)
    assert isinstance(factory("honest")(rng), HonestBot)
    assert isinstance(factory("random")(rng), RandomBot)
    outside = factory("audiopoker.bots.reference:CallingStation")(rng)
    assert isinstance(outside, CallingStation)
    with pytest.raises(ValueError):
        factory("grandmaster")
    with pytest.raises(ModuleNotFoundError):
        factory("no_such_module_here:make")
    with pytest.raises(ValueError):
        make_bot("grandmaster", rng)


def _decisions(kind: str, hands: int, seed: int) -> list[tuple[int, str, int | None]]:
    rng = random.Random(seed)
    made = []
    for number in range(1, hands):
        hand = random_hand(rng, number)
        bots = {seat: fast_bot(kind, random.Random(seed + seat)) for seat in hand.seats_in_hand}
        for view, action in play(hand, bots):
            made.append((view.seat, action.kind.value, action.to))
    return made


@pytest.mark.parametrize("kind", ["easy", "normal", "hard", "random", "honest"])
def test_same_seed_same_decisions(kind: str) -> None:
    assert _decisions(kind, 25, 5) == _decisions(kind, 25, 5)


def test_a_different_seed_changes_decisions() -> None:
    assert _decisions("random", 25, 5) != _decisions("random", 25, 6)


def _preflop_rates(kind: str, style: str, deals: int = 300) -> tuple[float, float]:
    """(share of hands played, share raised) of one bot in seat 3 at a six-seat table of
    calling stations, over many deals."""
    rng = random.Random(9)
    played = raised = 0
    for number in range(deals):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand, _ = Hand.start(
            stacks=[200] * 6,
            button=number % 6,
            small_blind_seat=(number + 1) % 6,
            big_blind_seat=(number + 2) % 6,
            small_blind=1,
            big_blind=2,
            deck=deck,
            hand_number=number + 1,
        )
        bot = make_bot(kind, random.Random(number), STYLES[style])
        while hand.street is Street.PREFLOP and not hand.is_over:
            seat = hand.actor
            assert seat is not None
            if seat == 3:
                action = bot.decide(view_for(hand, seat))
                played += action.kind in (ActionKind.CALL, ActionKind.RAISE, ActionKind.BET)
                raised += action.kind in (ActionKind.RAISE, ActionKind.BET)
                break
            hand.act(seat, CallingStation(rng).decide(view_for(hand, seat)))
    return played / deals, raised / deals


def test_personalities_and_levels_differ_preflop() -> None:
    easy_played, easy_raised = _preflop_rates("easy", "loose-passive")
    normal_played, normal_raised = _preflop_rates("normal", "tight-aggressive")
    tight_played, _ = _preflop_rates("normal", "tight-passive")
    loose_played, _ = _preflop_rates("normal", "loose-aggressive")
    assert easy_played > normal_played + 0.1  # the beginner plays far too many hands
    assert easy_raised < normal_raised  # ... and rarely raises
    assert tight_played < loose_played


def test_the_model_measures_a_calling_station_and_a_folder() -> None:
    rng = random.Random(12)
    hard = HardBot(random.Random(1))
    hard.preflop_iterations = hard.postflop_iterations = 50
    bots: dict[int, Bot] = {0: hard, 1: CallingStation(rng), 2: fast_bot("honest", rng)}
    for seat in (3, 4, 5):
        bots[seat] = fast_bot("normal", rng)
    for number in range(1, 150):
        hand = rotating_hand(rng, 6, number)
        for _ in play(hand, bots):
            pass
    station, honest = hard.model.of(1), hard.model.of(2)
    assert station.hands >= 148
    assert station.vpip_rate > 0.85 and station.pfr_rate < 0.05
    assert station.fold_to_bet_rate < 0.1 and station.aggression_rate < 0.1
    assert honest.vpip_rate < station.vpip_rate
    assert honest.fold_to_bet_rate > station.fold_to_bet_rate + 0.2
    read = hard.read(hand_view_dummy(), 1)
    assert read.keep_call > 0.9 and read.vpip > 0.85


def rotating_hand(rng: random.Random, seats: int, number: int) -> Hand:
    """Hand ``number`` of a full 200-chip, 1/2 table whose button moves a seat each hand."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hand, _ = Hand.start(
        stacks=[200] * seats,
        button=number % seats,
        small_blind_seat=(number + 1) % seats,
        big_blind_seat=(number + 2) % seats,
        small_blind=1,
        big_blind=2,
        deck=deck,
        hand_number=number,
    )
    return hand


def hand_view_dummy() -> PlayerView:
    """Any view (``read`` only uses the seat's statistics)."""
    hand = random_hand(random.Random(1))
    assert hand.actor is not None
    return view_for(hand, hand.actor)


def test_the_model_learns_from_views_without_observe() -> None:
    rng = random.Random(13)
    model = OpponentModel()
    for number in range(1, 60):
        hand = rotating_hand(rng, 3, number)
        station = CallingStation(rng)
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            view = view_for(hand, seat)
            if seat == 0:
                model.sync(view)
            hand.act(seat, station.decide(view))
    # hands 1..58 are counted (59 is still open); seat 1 only checks when it is the big
    # blind (hand numbers 2, 5, 8, ...), and calls in every other hand
    assert model.of(1).hands == 58
    assert model.of(1).vpip == sum(1 for number in range(1, 59) if number % 3 != 2)
    assert model.of(1).pfr == 0


def test_time_budget_bounds_a_decision() -> None:
    rng = random.Random(14)
    bot = make_bot("hard", random.Random(1), time_budget=0.01)
    assert isinstance(bot, NormalBot)
    bot.postflop_iterations = bot.preflop_iterations = 10**9
    slowest = 0.0
    for number in range(1, 25):
        hand = random_hand(rng, number)
        bots: dict[int, Bot] = {seat: fast_bot("station", rng) for seat in hand.seats_in_hand}
        bots[hand.seats_in_hand[0]] = bot
        started = time.perf_counter()
        for view, _ in play(hand, bots):
            if view.seat == hand.seats_in_hand[0]:
                slowest = max(slowest, time.perf_counter() - started)
            started = time.perf_counter()
    assert slowest < 0.5  # would run for ever without the deadline


def _river_spot(hero: str, villain: str, board: str) -> tuple[Hand, int]:
    """Heads-up, checked down to the river; the big blind (seat 1) acts first there."""
    hole_hero, hole_villain = parse_cards(hero), parse_cards(villain)
    flop, turn, river = parse_cards(board)[:3], parse_cards(board)[3:4], parse_cards(board)[4:]
    used = {*hole_hero, *hole_villain, *flop, *turn, *river}
    spare = [c for c in FULL_DECK if c not in used]
    # heads-up the big blind is dealt first: BB, button, BB, button, burn, flop, ...
    deck = [hole_hero[0], hole_villain[0], hole_hero[1], hole_villain[1], spare[0], *flop]
    deck += [spare[1], *turn, spare[2], *river, *spare[3:]]
    hand, _ = Hand.start(
        stacks=[200, 200], button=0, small_blind_seat=0, big_blind_seat=1,
        small_blind=1, big_blind=2, deck=deck,
    )  # fmt: skip
    hand.act(0, Action.call())
    hand.act(1, Action.check())
    for _ in range(2):  # flop and turn checked through
        hand.act(1, Action.check())
        hand.act(0, Action.check())
    return hand, 1


def _hard_against(stats: SeatStats) -> HardBot:
    bot = HardBot(random.Random(1))
    bot.model.stats[0] = stats
    return bot


STATION_STATS = SeatStats(hands=300, vpip=300, faced_bet=150, folded_to_bet=0, passive=400)
FOLDER_STATS = SeatStats(hands=300, vpip=60, pfr=30, faced_bet=150, folded_to_bet=110, passive=200)


def test_hard_bets_big_for_value_and_never_bluffs_a_calling_station() -> None:
    hand, seat = _river_spot("As Ks", "7h 2c", "Qs Js Ts 4d 3c")
    view = view_for(hand, seat)
    action = _hard_against(STATION_STATS).decide(view)
    assert action.kind is ActionKind.BET
    assert action.to == pot_fraction_to(view.legal, max(BET_SIZES))
    hand, seat = _river_spot("7h 2c", "As Ks", "Qs Js Ts 4d 3c")
    bot_views = [_hard_against(STATION_STATS) for _ in range(30)]
    bluffs = sum(b.decide(view_for(hand, seat)).kind is ActionKind.BET for b in bot_views)
    assert bluffs == 0


def test_hard_bluffs_players_who_fold() -> None:
    hand, seat = _river_spot("7h 2c", "As Ks", "Qs Js Ts 4d 3c")
    bots = [_hard_against(FOLDER_STATS) for _ in range(40)]
    for index, bot in enumerate(bots):
        bot.rng.seed(index)
    bluffs = sum(b.decide(view_for(hand, seat)).kind is ActionKind.BET for b in bots)
    assert bluffs >= 10
