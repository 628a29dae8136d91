"""Helpers for the narration tests: seeded games driven by random legal actions, scripted
hands on preset decks (built by engine_helpers), and transcripts (one line per message:
``[kind] text``)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from engine_helpers import start

from audiopoker.engine.actions import Action, LegalActions
from audiopoker.engine.events import Event
from audiopoker.engine.hand import Hand
from audiopoker.engine.table import Table, TableConfig
from audiopoker.narration import Language, Narrator
from audiopoker.output.message import Message, Verbosity


def random_action(legal: LegalActions, rng: random.Random) -> Action:
    """A legal action, weighted so that hands often reach a showdown."""
    roll = rng.random()
    if legal.can_call and roll < 0.15:
        return Action.fold()
    if legal.raise_kind is not None and roll > 0.75:
        if rng.random() < 0.2:
            to = legal.max_raise_to
        else:
            to = rng.randint(legal.min_raise_to, legal.max_raise_to)
        return Action(legal.raise_kind, to)
    return Action.check() if legal.can_check else Action.call()


def play_hand(hand: Hand, events: Sequence[Event], rng: random.Random) -> list[Event]:
    """Play ``hand`` to its end with random legal actions; every event, in order."""
    log = list(events)
    while not hand.is_over:
        seat = hand.actor
        assert seat is not None
        log.extend(hand.act(seat, random_action(hand.legal_actions(), rng)))
    return log


def play_game(
    seed: int,
    names: Sequence[str],
    stacks: int | Sequence[int],
    config: TableConfig,
    max_hands: int = 1000,
) -> list[Event]:
    """A whole seeded game (until it ends or ``max_hands``): every event, in order."""
    rng = random.Random(seed)
    table = Table(names, stacks, config, rng)
    log: list[Event] = []
    while not table.is_over and table.hand_number < max_hands:
        hand, events = table.start_hand()
        log.extend(play_hand(hand, events, rng))
        log.extend(table.finish_hand(hand))
    return log


def run_script(hand: Hand, events: Sequence[Event], script: Iterable[Action]) -> list[Event]:
    """Apply the actions in order (each by the seat to act) and return the whole log."""
    log = list(events)
    for action in script:
        seat = hand.actor
        assert seat is not None, "the script has more actions than the hand"
        log.extend(hand.act(seat, action))
    assert hand.is_over, "the script ended before the hand"
    return log


def narrate_all(
    events: Iterable[Event],
    names: Sequence[str],
    lang: Language,
    listener: int | None,
    verbosity: Verbosity = Verbosity.NORMAL,
    reveal: bool = False,
) -> list[Message]:
    """Every message a listener hears for ``events``."""
    narrator = Narrator(names, lang, verbosity, listener, reveal_hole_cards=reveal)
    return [message for event in events for message in narrator.narrate(event)]


def transcript(messages: Iterable[Message]) -> str:
    """One ``[kind] text`` line per message."""
    return "".join(f"[{message.kind}] {message.text}\n" for message in messages)


# ---------------------------------------------------------------- RULES.md scenarios


def scripted_hand(
    stacks: Sequence[int],
    button: int,
    small_blind_seat: int | None,
    big_blind_seat: int,
    blinds: tuple[int, int],
    holes: Mapping[int, str],
    board: str,
    script: Sequence[Action],
    ante: int = 0,
    big_blind_ante: bool = False,
) -> list[Event]:
    """Play one hand from a preset deck and a script of actions; every event."""
    hand = start(
        stacks,
        button=button,
        small_blind_seat=small_blind_seat,
        big_blind_seat=big_blind_seat,
        blinds=blinds,
        holes=holes,
        board=board,
        ante=ante,
        big_blind_ante=big_blind_ante,
    )
    return run_script(hand, hand.events, script)


CALL, CHECK, FOLD = Action.call(), Action.check(), Action.fold()


def _raise(to: int) -> Action:
    return Action.raise_to(to)


def _bet(to: int) -> Action:
    return Action.bet(to)


# Each scenario: (names, events, listener seat or None, reveal every hole card?)
Scenario = tuple[tuple[str, ...], list[Event], int | None, bool]


def seed000_side_pots() -> Scenario:
    """Seed 000: A all-in 100, B all-in 300, C calls 300: main 300 (A, B, C), side 400
    (B, C); A > B > C, so A wins the main pot and B the side pot."""
    names = ("A", "B", "C")
    events = scripted_hand(
        (100, 300, 500), 2, 0, 1, (5, 10),
        {0: "As Ad", 1: "Ks Kh", 2: "Qs Qh"}, "2c 7d 9h Js 3s",
        [CALL, _raise(100), _raise(300), CALL],
    )  # fmt: skip
    return names, events, 1, False


def seed001_returned_bet() -> Scenario:
    """Seed 001: A 20 all-in, B 50 all-in, C 80: 30 returned to C; main 60 (A), side 60
    (C, who beats B)."""
    names = ("A", "B", "C")
    events = scripted_hand(
        (20, 50, 200), 2, 0, 1, (1, 2),
        {0: "As Ad", 1: "Qs Qh", 2: "Ks Kh"}, "2c 7d 9h Js 3s",
        [_raise(80), CALL, CALL],
    )  # fmt: skip
    return names, events, 2, False


def seed002_side_pots() -> Scenario:
    """Seed 002: Ana 1000, Beto 3000, Carla 5000 on 9c 6d 2s 4h Jc: Ana 3000, Beto 4000,
    Carla 2000."""
    names = ("Ana", "Beto", "Carla")
    events = scripted_hand(
        (1000, 3000, 5000), 2, 0, 1, (100, 200),
        {0: "As Ad", 1: "Ks Kh", 2: "Qs Qh"}, "9c 6d 2s 4h Jc",
        [CALL, _raise(1000), _raise(3000), CALL],
    )  # fmt: skip
    return names, events, 0, False


def seed002_kicker_hand() -> Scenario:
    """Seed 002's six-player hand: Fabio (A-K) beats Carla (A-9) by the king kicker on
    A 7 2 5 J; told to Fabio."""
    names = ("Ana", "Beto", "Carla", "Diego", "Elena", "Fabio")
    events = scripted_hand(
        (10000,) * 6, 0, 1, 2, (100, 200),
        {2: "Ah 9c", 5: "Ad Kc"}, "As 7c 2d 5h Jd",
        [FOLD, FOLD, _raise(500), FOLD, FOLD, CALL,  # preflop
         CHECK, _bet(600), CALL,  # flop
         CHECK, CHECK,  # turn
         _bet(1000), CALL],  # river
    )  # fmt: skip
    return names, events, 5, False


def seed002_king_queen_kicker() -> Scenario:
    """Seed 002: K-Q beats K-J on K 8 4 3 2 (the queen kicker); heads-up, checked down."""
    names = ("Ana", "Beto")
    events = scripted_hand(
        (200, 200), 0, 0, 1, (1, 2),
        {0: "Kh Qc", 1: "Ks Jd"}, "Kd 8c 4s 3h 2d",
        [CALL, CHECK] + [CHECK] * 6,
    )  # fmt: skip
    return names, events, None, True


def seed001_board_straight_split() -> Scenario:
    """Seed 001: on A K Q J 10 the twos and the nines both play the board and split."""
    names = ("Ana", "Beto")
    events = scripted_hand(
        (200, 200), 0, 0, 1, (1, 2),
        {0: "2h 2s", 1: "9d 9c"}, "Ac Kd Qh Js Tc",
        [CALL, CHECK] + [CHECK] * 6,
    )  # fmt: skip
    return names, events, 1, False


def seed002_two_pair_board_split() -> Scenario:
    """Seed 002: on Q Q J J A, K-3 and 2-4 both play the board; the small blind folded, so
    the 5-chip pot splits 3/2 and the odd chip goes to the first winner left of the button."""
    names = ("Ana", "Beto", "Carla")
    events = scripted_hand(
        (200, 200, 200), 0, 1, 2, (1, 2),
        {0: "Ks 3d", 2: "2c 4h"}, "Qs Qd Jc Jh Ac",
        [CALL, FOLD, CHECK] + [CHECK] * 6,
    )  # fmt: skip
    return names, events, 0, False


def seed001_short_all_in() -> Scenario:
    """Seed 001: bet 10, call 10, all-in 15 (short: no reopening), another all-in to 20:
    the earlier caller (the listener, in the big blind) may now raise to at least 30."""
    names = ("Ana", "Beto", "Carla", "Diego", "Elena")
    events = scripted_hand(
        (200, 200, 200, 17, 22), 0, 1, 2, (1, 2),
        {0: "9s 9h", 1: "Tc Td", 2: "Kc Qc", 3: "As 4s", 4: "8d 8c"},
        "Ah 7c 2d 5h Jd",
        [CALL, CALL, CALL, CALL, CHECK,  # preflop: everyone limps
         _bet(10), CALL, _raise(15), _raise(20), CALL, CALL, CALL,  # flop
         CHECK, CHECK, CHECK,  # turn
         CHECK, CHECK, CHECK],  # river
    )  # fmt: skip
    return names, events, 2, False


def short_blind_and_antes() -> Scenario:
    """A short big blind posts its whole stack (all in); antes of 1 each, one of them
    short; everyone else still faces the full big blind."""
    names = ("Ana", "Beto", "Carla", "Diego")
    events = scripted_hand(
        (100, 100, 2, 100), 0, 1, 2, (2, 4),
        {0: "Js Jh", 1: "7c 6c", 2: "Ad Qd", 3: "3s 3h"}, "Kc 9d 4h 2s Th",
        [CALL, FOLD, CALL, CHECK, CHECK, CHECK, CHECK, CHECK, CHECK],
        ante=1,
    )  # fmt: skip
    return names, events, 3, False


def big_blind_ante() -> Scenario:
    """The big blind pays the ante for the table; the button raises and takes it down."""
    names = ("Ana", "Beto", "Carla")
    events = scripted_hand(
        (300, 300, 300), 0, 1, 2, (10, 20),
        {0: "Ac Kc"}, "2c 3d 4h 5s 7c",
        [_raise(60), FOLD, FOLD],
        ante=20,
        big_blind_ante=True,
    )  # fmt: skip
    return names, events, 2, False


SCENARIOS = {
    "seed000_side_pots": seed000_side_pots,
    "seed001_returned_bet": seed001_returned_bet,
    "seed001_board_straight_split": seed001_board_straight_split,
    "seed001_short_all_in": seed001_short_all_in,
    "seed002_side_pots": seed002_side_pots,
    "seed002_kicker_hand": seed002_kicker_hand,
    "seed002_king_queen_kicker": seed002_king_queen_kicker,
    "seed002_two_pair_board_split": seed002_two_pair_board_split,
    "short_blind_and_antes": short_blind_and_antes,
    "big_blind_ante": big_blind_ante,
}
