"""Helpers for the bot tests: random tables (uneven and short stacks, so side pots and
all-ins are common) and fast bots (small Monte Carlo caps, so thousands of spots run in
seconds)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from audiopoker.bots.base import Bot, start_hand, tell
from audiopoker.bots.easy import EasyBot
from audiopoker.bots.levels import make_bot
from audiopoker.bots.normal import NormalBot
from audiopoker.bots.reference import HonestBot
from audiopoker.bots.style import STYLES
from audiopoker.cards import FULL_DECK
from audiopoker.engine.actions import Action
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import PlayerView, view_for

KINDS = ("easy", "normal", "hard", "random", "station", "honest", "maniac", "minraiser", "folder")


def fast_bot(kind: str, rng: random.Random) -> Bot:
    """A bot of ``kind`` with a random personality and tiny Monte Carlo caps."""
    style = rng.choice(list(STYLES.values()))
    bot = make_bot(kind, random.Random(rng.getrandbits(32)), style)
    if isinstance(bot, NormalBot):  # HardBot too
        bot.preflop_iterations = 40
        bot.postflop_iterations = 60
    elif isinstance(bot, (EasyBot, HonestBot)):
        bot.iterations = 40
    return bot


def random_hand(rng: random.Random, hand_number: int = 1) -> Hand:
    """A fresh hand: 2 to 10 seats (some empty), random stacks from 1 chip to 150 big
    blinds, a random button, a shuffled deck."""
    seats = rng.randint(2, 10)
    stacks = [0] * seats
    occupied = rng.sample(range(seats), rng.randint(2, seats))
    for seat in occupied:
        stacks[seat] = rng.choice([rng.randint(1, 12), rng.randint(10, 60), rng.randint(50, 300)])
    order = sorted(occupied)
    button = rng.choice(order)
    after = order[order.index(button) + 1 :] + order[: order.index(button) + 1]
    if len(order) == 2:
        small, big = button, after[0]
    else:
        small, big = after[0], after[1]
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hand, _ = Hand.start(
        stacks=stacks,
        button=button,
        small_blind_seat=small,
        big_blind_seat=big,
        small_blind=1,
        big_blind=2,
        deck=deck,
        hand_number=hand_number,
    )
    return hand


def play(hand: Hand, bots: dict[int, Bot]) -> Iterator[tuple[PlayerView, Action]]:
    """Play ``hand`` to the end with ``bots`` (by seat), yielding each view and the action
    chosen for it before the engine applies it. Bots hear every event their seat may see."""
    for seat, bot in bots.items():
        start_hand(bot, seat)
    told = 0
    while not hand.is_over:
        for event in hand.events[told:]:
            for seat, bot in bots.items():
                tell(bot, seat, event)
        told = len(hand.events)
        seat = hand.actor
        assert seat is not None
        view = view_for(hand, seat)
        action = bots[seat].decide(view)
        yield view, action
        hand.act(seat, action)


def heads_up_hand(number: int, chips: int, rng: random.Random) -> Hand:
    """Hand ``number`` (0-based) of a heads-up 1/2 match with ``chips`` each: the button
    (the small blind) alternates, the deck is shuffled by ``rng``."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    button = number % 2
    hand, _ = Hand.start(
        stacks=[chips, chips],
        button=button,
        small_blind_seat=button,
        big_blind_seat=1 - button,
        small_blind=1,
        big_blind=2,
        deck=deck,
        hand_number=number + 1,
    )
    return hand
