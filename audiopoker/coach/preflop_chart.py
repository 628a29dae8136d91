"""The coach before the flop (``audiopoker hint`` with no board): charts by seat and depth.

Ranges are shares of the 169 starting-hand classes in the order of ``bots.preflop``
(``percentile`` against two hands, as ``preflop_table().top`` keeps them), so the chart
agrees with the bots' and the in-game coach's ranking of hands. A hand plays a line when
its class is within the line's share.

- First in (everyone folded, or only calls of the big blind before you): raise or fold.
  Opens by how many players act after you: heads-up the button opens 80 percent, the small
  blind 40, the button 45, the cutoff 27, the hijack 19, under the gun at six 15, tighter
  with more players behind. Each call of the big blind before you narrows it by a quarter.
  The big blind with only calls before it checks or raises.
- Facing a raise: re-raise the best 4 to 10 percent by seat (the blinds most), call the
  next few percent (the button most, the small blind none: re-raise or fold), the big
  blind defends wide facing a small raise (60 percent of hands against a min-raise, fewer
  as the raise grows, more for each caller: the price falls). Each caller before you
  narrows the other seats' calls. A pair the chart would fold calls for a set when the
  stacks hold 20 times the call (a set wins a stack).
  The suited ace-five and ace-four re-raise as bluffs when deep (``BLUFF_RERAISES``). On
  the button or the cutoff behind a caller, deep, a suited connector calls (``connects``).
- Facing a re-raise: raise again with the best 2.5 percent, call the next 5 (7 on the
  button or the cutoff), fold the rest.
- Short (12 big blinds or less): all in or fold. The small blind against the big blind
  alone (and the heads-up button) shoves and the big blind calls that shove as the
  heads-up Nash chart says (``bots.pushfold``); other seats shove the small blind's share
  narrowed by 30 percent for each further player behind, and call a shove with the big
  blind's share narrowed by 20 percent for each player still to act or already in.

>>> hint = advise_preflop(PreflopSpot("JTs", Position.BUTTON, 6))
>>> hint.action, hint.amount, round(hint.raise_share, 2), round(hint.rank, 2)
('raise', 5, 0.45, 0.14)
>>> advise_preflop(PreflopSpot("72o", Position.UNDER_THE_GUN, 6)).action
'fold'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from audiopoker.bots.action_ranges import open_share
from audiopoker.bots.preflop import RANGE_OPPONENTS, preflop_table
from audiopoker.bots.pushfold import MAX_STACK, chart
from audiopoker.engine.events import HandStarted
from audiopoker.narration.positions import Position, seat_positions

Facing = Literal["none", "raise", "3bet"]
Action = Literal["fold", "check", "call", "raise"]
# Which line of the chart decided: an open, a raise over calls of the big blind, the big
# blind's check or raise, push/fold first in, against a raise (or its exceptions: a pair's
# call for a set, a suited connector's call, a suited wheel ace's bluff), re-shove or fold,
# a call of a shove, against a re-raise.
Line = Literal[
    "open",
    "limpers",
    "big_blind",
    "push",
    "raise",
    "set",
    "suited",
    "bluff",
    "reshove",
    "shove",
    "three_bet",
]

SHORT_BB: Final = 12.0  # at this depth or less: all in or fold
DEFAULT_STACK_BB: Final = 100
LIMPER_NARROWING: Final = 0.75
BIG_BLIND_RAISE: Final = 0.12  # the big blind raises over calls of the big blind
# Against a raise, by the players after you: the blinds last (0 big blind, 1 small blind).
RERAISE_BY_BEHIND: Final = {0: 0.10, 1: 0.09, 2: 0.08, 3: 0.06, 4: 0.05}
RERAISE_FEWEST: Final = 0.04
CALL_BY_BEHIND: Final = {1: 0.0, 2: 0.10, 3: 0.06}
CALL_FEWEST: Final = 0.04
CALLER_NARROWING: Final = 0.85
BIG_BLIND_DEFENCE: Final = 1.2  # defends 1.2 / (raise in big blinds) of hands, re-raises in
BIG_BLIND_CALLERS: Final = 0.25  # each caller of the raise widens it: the price falls
HEADS_UP_DEFENCE: Final = 2.0
HEADS_UP_RERAISE: Final = 0.14
FOUR_BET: Final = 0.025
CALL_THREE_BET: Final = 0.05
CALL_THREE_BET_LATE: Final = 0.07
PUSH_NARROWING: Final = 0.70
SHOVE_CALL_NARROWING: Final = 0.80
RESHOVE: Final = 0.75  # re-shove over a raise: this part of the big blind's calling share
OPEN_SIZE: Final = 2.5  # big blinds, plus one per call of the big blind
SMALL_BLIND_OPEN: Final = 3.0
RERAISE_IN_POSITION: Final = 3.0  # times the raise, plus one raise per caller
RERAISE_OUT_OF_POSITION: Final = 4.0
FOUR_BET_SIZE: Final = 2.3
DEFAULT_RAISE: Final = 2.5  # the raise assumed when --to-call is not given (big blinds)
DEFAULT_THREE_BET: Final = 9.0
SET_VALUE: Final = 20  # a pair calls one raise for a set when the stacks hold 20 calls
# Re-raised as bluffs against one raise when deep, where the chart would call or fold: the
# ace blocks the raiser's aces and ace-king, and a suited wheel ace makes flushes and
# straights when called (a linear re-raise range holds no bluffs at all).
BLUFF_RERAISES: Final = frozenset({"A5s", "A4s"})
COMMIT: Final = 0.4  # a raise that takes this share of the stack goes all in instead


@dataclass(frozen=True, slots=True)
class PreflopSpot:
    """A spot before the flop: the hand's class ('JTs', '77', 'T8o'), the seat, how many
    are dealt in, what was bet before (``facing``; ``callers``: calls of the big blind
    first in, calls of the raise facing one), chips (``stack`` at the start of the hand,
    blinds included: None is 100 big blinds), and ``to_call`` and ``pot`` (None: what the
    chart assumes: a raise to 2.5 big blinds, a re-raise to 9). ``paid``: the chips this
    seat already put in before the flop, its blind or its own raise (None: its blind, or
    facing a re-raise the chart's open), so that the bet faced is ``to_call + paid``."""

    hand: str
    position: Position
    players: int
    facing: Facing = "none"
    callers: int = 0
    stack: int | None = None
    small_blind: int = 1
    big_blind: int = 2
    to_call: int | None = None
    pot: int | None = None
    paid: int | None = None


@dataclass(frozen=True, slots=True)
class PreflopHint:
    """The chart's answer: the ``action`` and ``amount`` (a raise's total, a call's chips,
    0 for a check or fold), whether it is ``all_in``, which ``line`` of the chart decided,
    the shares it raises and calls with there, where the hand ranks (``rank``: the share
    of hands at least as good), the depth in big blinds, the chips to call, the pot and,
    for a call, the share of the pot the price needs (``need``)."""

    spot: PreflopSpot  # the bet ``faced``: its total, your chips already in counted
    action: Action
    amount: int
    all_in: bool
    line: Line
    raise_share: float
    call_share: float
    rank: float
    stack_bb: float
    to_call: int
    pot: int
    faced: int
    need: float = 0.0


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a spot cannot be: a ``key`` and the numbers its sentence says."""

    key: str
    fields: dict[str, int]


def table_positions(players: int) -> tuple[Position, ...]:
    """The seats of a table of ``players``, in the order they act before the flop.

    >>> [p.value for p in table_positions(2)]
    ['button_small_blind', 'big_blind']
    >>> [p.value for p in table_positions(6)]
    ['under_the_gun', 'hijack', 'cutoff', 'button', 'small_blind', 'big_blind']
    """
    big = 1 if players == 2 else 2
    seats = (*range(1, players), 0)  # dealt from the left of the button (seat 0)
    event = HandStarted(1, 0, 1 if players > 2 else 0, big, seats, (100,) * players, 1, 2, 0, False)
    positions = seat_positions(event)
    start = seats.index(big) + 1
    order = seats[start:] + seats[:start]
    return tuple(positions[seat] for seat in order)


def posted(position: Position, spot: PreflopSpot) -> int:
    """The blind this seat put in before acting."""
    if position is Position.BIG_BLIND:
        return spot.big_blind
    if position in (Position.SMALL_BLIND, Position.BUTTON_SMALL_BLIND):
        return spot.small_blind
    return 0


def problem(spot: PreflopSpot) -> Problem | None:
    """Why ``spot`` cannot be, or None."""
    seats = table_positions(spot.players)
    if spot.position not in seats:
        return Problem("seat", {"players": spot.players})
    index = seats.index(spot.position)
    stack = _stack(spot)
    if stack < spot.big_blind:
        return Problem("stack", {"stack": stack, "big_blind": spot.big_blind})
    if spot.facing == "raise" and index == 0:
        return Problem("first", {})
    before = index if spot.facing != "3bet" else spot.players - 1
    room = max(before - (0 if spot.facing == "none" else 1), 0)
    if spot.facing == "none" and spot.position is Position.BIG_BLIND:
        room = spot.players - 1
    if spot.callers > room:
        return Problem("callers", {"callers": spot.callers, "room": room})
    if spot.facing == "none" and spot.position is Position.BIG_BLIND and spot.callers == 0:
        return Problem("walk", {})
    paid = spot.paid if spot.paid is not None else posted(spot.position, spot)
    if spot.to_call is not None:
        if spot.facing == "none" and spot.to_call != spot.big_blind - paid:
            return Problem("to_call_none", {"to_call": spot.to_call, "owe": spot.big_blind - paid})
        least = 2 * spot.big_blind - paid
        if spot.facing != "none" and spot.to_call < least:
            return Problem("to_call_raise", {"to_call": spot.to_call, "owe": least})
    return None


def advise_preflop(spot: PreflopSpot) -> PreflopHint:
    """The chart's advice for ``spot``; ValueError when ``problem`` says it cannot be."""
    wrong = problem(spot)
    if wrong is not None:
        raise ValueError(f"the spot cannot be: {wrong.key}")
    seats = table_positions(spot.players)
    behind = len(seats) - 1 - seats.index(spot.position)
    stack = _stack(spot)
    stack_bb = stack / spot.big_blind
    to_call, pot = _price(spot)
    rank = preflop_table().percentile(spot.hand, RANGE_OPPONENTS)
    chips = _Chips(spot, stack, to_call, pot)
    if spot.facing != "none" and to_call >= stack - chips.paid:
        return chips.call_shove(behind, rank, stack_bb)
    if spot.facing == "none":
        if stack_bb <= SHORT_BB:
            return chips.push(behind, rank, stack_bb)
        return chips.first_in(behind, rank, stack_bb)
    if stack_bb <= SHORT_BB:
        share = (
            RESHOVE * chart().call_share(stack_bb) * SHOVE_CALL_NARROWING ** (behind + spot.callers)
        )
        rank = chart().push_percentile(spot.hand, stack_bb)  # a shove, called or not
        return chips.choose("reshove", rank, share, 0.0, stack_bb, stack)
    if spot.facing == "3bet":
        late = spot.position in (Position.BUTTON, Position.CUTOFF)
        call = CALL_THREE_BET_LATE if late else CALL_THREE_BET
        if spot.players == 2:
            return chips.choose("three_bet", rank, 2 * FOUR_BET, 2 * call, stack_bb)
        return chips.choose(
            "three_bet", rank, FOUR_BET, call * CALLER_NARROWING**spot.callers, stack_bb
        )
    return chips.against_raise(behind, rank, stack_bb)


def _stack(spot: PreflopSpot) -> int:
    return spot.stack if spot.stack is not None else DEFAULT_STACK_BB * spot.big_blind


def _price(spot: PreflopSpot) -> tuple[int, int]:
    """The chips to call and the pot (the bet to call in it), as given or as assumed."""
    paid = spot.paid if spot.paid is not None else posted(spot.position, spot)
    blinds = spot.small_blind + spot.big_blind
    if spot.facing == "none":
        to_call = spot.big_blind - paid
        pot = blinds + spot.callers * spot.big_blind
    else:
        if spot.facing == "raise":
            default = round(DEFAULT_RAISE * spot.big_blind)
        else:
            default = round(DEFAULT_THREE_BET * spot.big_blind)
            if spot.paid is None:  # your open, as the chart makes it
                paid = max(paid, round(OPEN_SIZE * spot.big_blind))
        to_call = spot.to_call if spot.to_call is not None else default - paid
        faced = to_call + paid
        if spot.players == 2:  # the raiser is the other blind
            pot = faced + paid
        elif spot.facing == "raise":  # your blind is one of the two
            pot = faced * (1 + spot.callers) + blinds
        else:  # your open, and the blinds but the one you posted
            pot = faced * (1 + spot.callers) + paid + blinds - posted(spot.position, spot)
    if spot.pot is not None:
        pot = spot.pot
    return to_call, max(pot, to_call)


def connects(hand: str) -> bool:
    """A suited hand whose ranks are one or two apart, the lower a five or better ('J9s',
    '65s', not 'J7s' or '43s'): it makes flushes and straights that win big pots.

    >>> [connects(h) for h in ("J9s", "65s", "T9o", "J7s", "43s", "88")]
    [True, True, False, False, False, False]
    """
    if len(hand) != 3 or not hand.endswith("s"):
        return False
    order = "23456789TJQKA"
    high, low = (order.index(char) for char in hand[:2])
    return high - low <= 2 and low >= order.index("5")


class _Chips:
    """The sizes and the answer, once the line and its shares are known."""

    def __init__(self, spot: PreflopSpot, stack: int, to_call: int, pot: int) -> None:
        self.spot = spot
        self.stack = stack
        self.to_call = to_call
        self.pot = pot
        self.paid = spot.paid if spot.paid is not None else posted(spot.position, spot)
        if spot.facing == "3bet" and spot.to_call is None and spot.paid is None:
            self.paid = max(self.paid, round(OPEN_SIZE * spot.big_blind))

    def first_in(self, behind: int, rank: float, stack_bb: float) -> PreflopHint:
        """Open (or, in the big blind over calls, raise) or fold (check)."""
        spot = self.spot
        bb = spot.big_blind
        if spot.position is Position.BIG_BLIND:
            size = round((OPEN_SIZE + 1.0 + spot.callers) * bb)
            return self.choose("big_blind", rank, BIG_BLIND_RAISE, 0.0, stack_bb, size)
        share = open_share(spot.players, behind) * LIMPER_NARROWING**spot.callers
        base = SMALL_BLIND_OPEN if spot.position is Position.SMALL_BLIND else OPEN_SIZE
        size = round((base + spot.callers) * bb)
        line: Line = "limpers" if spot.callers else "open"
        return self.choose(line, rank, share, 0.0, stack_bb, size)

    def push(self, behind: int, rank: float, stack_bb: float) -> PreflopHint:
        """All in or fold, first in, short."""
        spot = self.spot
        if spot.position is Position.BIG_BLIND:
            return self.first_in(behind, rank, stack_bb)  # a raise over calls: the stack
        pushes = chart()
        share = pushes.push_share(stack_bb) * PUSH_NARROWING ** (behind - 1 + spot.callers)
        if behind == 1 and spot.callers == 0:  # the small blind against the big blind alone
            share = pushes.push_share(stack_bb)
            shove = pushes.push_probability(spot.hand, stack_bb) >= 0.5
            return self._answer("push", "raise" if shove else "fold", share, 0.0, rank, stack_bb)
        # The shove's own order: what a hand wins when called (``push_percentile``).
        rank = pushes.push_percentile(spot.hand, stack_bb)
        return self.choose("push", rank, share, 0.0, stack_bb, self.stack)

    def against_raise(self, behind: int, rank: float, stack_bb: float) -> PreflopHint:
        """Re-raise, call or fold against one raise."""
        spot = self.spot
        faced = (self.to_call + self.paid) / spot.big_blind
        if spot.players == 2:
            reraise = HEADS_UP_RERAISE
            call = max(min(HEADS_UP_DEFENCE / faced, 0.85) - reraise, 0.0)
        elif spot.position is Position.BIG_BLIND:
            reraise = RERAISE_BY_BEHIND[0]
            widened = BIG_BLIND_DEFENCE / faced * (1.0 + BIG_BLIND_CALLERS * spot.callers)
            call = max(min(widened, 0.6) - reraise, 0.0)
        else:
            reraise = RERAISE_BY_BEHIND.get(behind, RERAISE_FEWEST)
            call = CALL_BY_BEHIND.get(behind, CALL_FEWEST) * CALLER_NARROWING**spot.callers
        hint = self.choose("raise", rank, reraise, call, stack_bb)
        deep = self.stack - self.paid >= SET_VALUE * self.to_call
        if hint.action != "raise" and spot.hand in BLUFF_RERAISES and deep:
            return self._answer("bluff", "raise", reraise, call, rank, stack_bb)
        late = spot.position in (Position.BUTTON, Position.CUTOFF)
        if hint.action == "fold" and late and spot.callers and deep and connects(spot.hand):
            return self._answer("suited", "call", reraise, call, rank, stack_bb)
        if hint.action == "fold" and len(spot.hand) == 2 and deep:
            return self._answer("set", "call", reraise, call, rank, stack_bb)
        return hint

    def call_shove(self, behind: int, rank: float, stack_bb: float) -> PreflopHint:
        """Call or fold when calling takes every chip."""
        spot = self.spot
        pushes = chart()
        effective = min(stack_bb, 20.0)
        share = pushes.call_share(effective) * SHOVE_CALL_NARROWING ** (behind + spot.callers)
        if stack_bb > 20.0:
            share *= (20.0 / stack_bb) ** 1.5
        share = max(share, FOUR_BET)
        heads_up_blinds = spot.position is Position.BIG_BLIND and spot.callers == 0
        if heads_up_blinds and (spot.players == 2 or behind == 0) and stack_bb <= SHORT_BB:
            calls = pushes.call_probability(spot.hand, stack_bb) >= 0.5
            share = pushes.call_share(stack_bb)
            return self._answer("shove", "call" if calls else "fold", 0.0, share, rank, stack_bb)
        if stack_bb <= MAX_STACK:  # the call's own order: against the hands that shove
            rank = pushes.call_percentile(spot.hand, stack_bb)
        return self._answer(
            "shove", "call" if rank <= share else "fold", 0.0, share, rank, stack_bb
        )

    def choose(
        self,
        line: Line,
        rank: float,
        raise_share: float,
        call_share: float,
        stack_bb: float,
        size: int | None = None,
    ) -> PreflopHint:
        """Raise within ``raise_share``, call within the next ``call_share``, else fold
        (check in the big blind when it costs nothing)."""
        if rank <= raise_share:
            return self._answer(line, "raise", raise_share, call_share, rank, stack_bb, size)
        if rank <= raise_share + call_share:
            return self._answer(line, "call", raise_share, call_share, rank, stack_bb)
        return self._answer(line, "fold", raise_share, call_share, rank, stack_bb)

    def _answer(
        self,
        line: Line,
        action: Action,
        raise_share: float,
        call_share: float,
        rank: float,
        stack_bb: float,
        size: int | None = None,
    ) -> PreflopHint:
        spot = self.spot
        amount = 0
        all_in = False
        need = 0.0
        if action == "fold" and self.to_call == 0:
            action = "check"
        if action == "call":
            amount = min(self.to_call, self.stack - self.paid)
            all_in = amount >= self.stack - self.paid
            need = amount / (self.pot + amount)
        elif action == "raise":
            amount = size if size is not None else self._reraise_size()
            if amount >= COMMIT * self.stack or line in ("push", "reshove"):
                amount = self.stack
            amount = min(amount, self.stack)
            all_in = amount >= self.stack
        return PreflopHint(
            spot,
            action,
            amount,
            all_in,
            line,
            raise_share,
            call_share,
            rank,
            stack_bb,
            self.to_call,
            self.pot,
            self.to_call + self.paid,
            need,
        )

    def _reraise_size(self) -> int:
        spot = self.spot
        faced = self.to_call + self.paid
        if spot.facing == "3bet":
            return round(FOUR_BET_SIZE * faced)
        blinds = (Position.SMALL_BLIND, Position.BIG_BLIND)
        times = RERAISE_OUT_OF_POSITION if spot.position in blinds else RERAISE_IN_POSITION
        return round((times + spot.callers) * faced)
