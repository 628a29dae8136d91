"""Opponents' ranges read from the action (issue 26, point 1): one reader for the hard
bot, the coach (its ``AdvisingBot`` is a hard bot) and the coach's review.

The normal bot's ``RangeEstimator`` (``bots.ranges``) reads every opener as the top fifth
or so, keeps the strongest share after a bet (so bets hold no bluffs) and never narrows a
check. This reads the action as a strong player does:

- Before the flop, by seat and depth: an open from the seat's place (the more players
  behind it, the tighter: at six-handed about 15 percent under the gun, 27 on the cutoff,
  45 on the button, 40 from the small blind, 80 for a heads-up button), a short stack's
  shove from the push/fold chart; a 3-bet and a 4-bet as shares of the raise they answer;
  a call of a raise below the hands that would re-raise (a few traps kept) and wider from
  the big blind, tighter as the raise grows; the big blind's check capped (it could have
  raised: few premium hands). A player yet to act after a raise holds what continues.
- After the flop, action by action: a check caps the range (the hands that would have bet
  are gone, ``SLOW_PLAYS`` of them kept, ``SLOW_PLAYS_AHEAD`` with players still to act
  after the check; not a check to the last street's raiser, which
  strong hands make too, to let it bet), a bet or raise is polarised by its size
  (``bots.bettor_range.polarised``: value and bluffs), a call keeps the middle, less of it
  as the bet grows (calling a pot-size bet keeps half, a third of the pot three quarters),
  without most of the hands that would have raised.

Measured reads (``bots.ranges.Read``, from the hard bot's model) widen or narrow this:
a player who opens twice as often as an unknown one opens wider from every seat, one who
bets often bluffs more, one who rarely folds calls with more.

>>> from audiopoker.bots.preflop import preflop_table
>>> [round(open_width(b, 6), 2) for b in (5, 4, 3, 2, 1)] + [open_width(1, 2)]
[0.15, 0.19, 0.27, 0.45, 0.4, 0.8]
>>> round(open_width(8, 9), 2)  # under the gun at nine-handed: tighter still
0.1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from audiopoker.bots.bettor_range import polarised
from audiopoker.bots.equity import Combo, ids, live
from audiopoker.bots.preflop import PreflopTable
from audiopoker.bots.pushfold import chart
from audiopoker.bots.ranges import (
    AGGRESSIVE,
    DEFAULT_READ,
    RangeEstimator,
    Read,
    by_board,
    preflop_window,
)
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.engine.events import ActionTaken, HandStarted
from audiopoker.engine.view import PlayerView

ISOLATE: Final = 0.6  # a raise over limpers: this share of the seat's open
BIG_BLIND_RAISE: Final = 0.12  # the big blind raises a limped pot with the top of this
BASE_OPEN: Final = 0.21  # the hard read of an unknown player (no widening)
BASE_RERAISE: Final = 0.07
BASE_KEEP_BET: Final = 0.51
BASE_KEEP_RAISE: Final = 0.12
NEVER_BETS: Final = 0.25  # the hard read's keep_bet of a player who never bets
PASSIVE_KEEP_BET: Final = 0.40  # below this a player's checks start to say less
BASE_KEEP_CALL: Final = 0.69
BASE_VPIP: Final = 0.60
THREE_BET: Final = 0.30  # a 3-bet: this share of the open it answers
FOUR_BET: Final = 0.35  # a 4-bet: this share of the 3-bet it answers
CALL_FACTOR: Final = {"big_blind": 1.4, "small_blind": 0.6, "other": 0.75}
STANDARD_OPEN_BB: Final = 2.5
LIMP_CALL: Final = 0.6  # a limper calls a standard raise with this share of its limps
TRAPS: Final = 0.25  # of the hands that would have raised, the share that just calls
SHORT_BB: Final = 15.0  # an all-in raise this deep or shorter is a push/fold shove
CAP_TOP: Final = 0.30  # after the flop, the share of a range that bets when it can
SLOW_PLAYS: Final = 0.20  # ... of which a check that closes the street keeps this share
SLOW_PLAYS_AHEAD: Final = 0.50  # ... and a check with players still to act after it this
RAISE_TOP: Final = 0.05  # the share of a range that raises a bet rather than call it
RAISE_VALUE: Final = 0.6  # a raise's value part against a bet's of the same size
MIN_COMBOS: Final = 6
# the coach's chart opens first in with these shares (``coach.preflop_chart``), and
# others are read to open as much: by players behind, at any table but heads-up
HEADS_UP_OPEN: Final = 0.80
OPEN_BY_BEHIND: Final = {1: 0.40, 2: 0.45, 3: 0.27, 4: 0.19, 5: 0.15, 6: 0.13, 7: 0.11, 8: 0.10}
OPEN_FEWEST: Final = 0.09  # nine players behind


def open_share(players: int, behind: int) -> float:
    """The share of hands the chart opens first in from this seat."""
    if players == 2:
        return HEADS_UP_OPEN
    return OPEN_BY_BEHIND.get(behind, OPEN_FEWEST)


def open_width(behind: int, players: int) -> float:
    """The share of hands a seat opens first in with ``behind`` players still to act, at
    a table of ``players`` dealt in: the chart the coach itself opens by (one table for
    what the player is told to open and what others are read to open)."""
    if players != 2 and behind <= 0:
        return BIG_BLIND_RAISE
    return open_share(players, behind)


def widen(base: float, factor: float) -> float:
    """``base`` made ``factor`` times looser, staying a share (1 - (1 - base) ** factor).

    >>> round(widen(0.45, 1.0), 2), round(widen(0.45, 2.0), 2), round(widen(0.15, 0.5), 3)
    (0.45, 0.7, 0.078)
    """
    kept: float = (1.0 - min(max(base, 0.0), 0.999)) ** factor
    return 1.0 - kept


def _ratio(measured: float, base: float) -> float:
    return min(max(measured / base, 0.5), 3.0)


def looseness(measured: float, base: float) -> float:
    """The factor for ``widen`` that makes a ``base`` share the ``measured`` one: a
    player measured at 42 percent of opens where an unknown one is read at 21 opens
    wider from every seat, and one who opens everything opens nearly everything from
    every seat.

    >>> [round(widen(0.15, looseness(m, 0.21)), 2) for m in (0.21, 0.42, 1.0)]
    [0.15, 0.31, 0.96]
    """
    share = min(max(measured, 0.01), 0.99)
    return min(max(math.log(1.0 - share) / math.log(1.0 - base), 0.3), 25.0)


def thin(ranked: Sequence[Combo], share: float) -> list[Combo]:
    """About ``share`` of ``ranked``, evenly spread over it (its strength mix kept).

    >>> len(thin([(0, 1)] * 10, 0.2)), thin([(i, i) for i in range(10)], 0.2)
    (2, [(4, 4), (9, 9)])
    """
    kept: list[Combo] = []
    for index, combo in enumerate(ranked):
        if int((index + 1) * share) > int(index * share):
            kept.append(combo)
    return kept


@dataclass(frozen=True, slots=True)
class Window:
    """A preflop range as a window of the 169-hand order: the top ``high`` share, of
    which the top ``low`` share is mostly gone (``traps`` of it kept)."""

    low: float = 0.0
    high: float = 1.0
    traps: float = 1.0

    def narrowed(self, other: Window) -> Window:
        """Both windows at once (a later action within an earlier one)."""
        high = min(self.high, other.high)
        low = min(max(self.low, other.low), high)
        traps = other.traps if other.low >= self.low else self.traps
        return Window(low, high, traps)


@dataclass(frozen=True, slots=True)
class Narrowing:
    """One action after the flop that shaped a range: ``kind`` CHECK (capped), BET or
    RAISE (polarised, ``value`` and ``bluffs`` combos), CALL (the middle). ``size``: the
    bet made or called against the pot before it."""

    street: Street
    kind: ActionKind
    size: float = 0.0
    value: int = 0
    bluffs: int = 0


@dataclass(frozen=True, slots=True)
class ActionRange:
    """One opponent's range read from the action: ``combos`` (live), the preflop
    ``window``, ``start`` how many live combos the window held, ``steps`` what shaped it
    after the flop."""

    combos: tuple[Combo, ...]
    window: Window
    start: int
    steps: tuple[Narrowing, ...] = field(default=())

    @property
    def keep(self) -> float:
        """The share of the preflop range still held."""
        return len(self.combos) / self.start if self.start else 1.0


# -- before the flop ---------------------------------------------------------------------


def _preflop_order(view: PlayerView) -> tuple[int, ...]:
    order = view.seats_in_hand
    if view.big_blind_seat in order:
        start = (order.index(view.big_blind_seat) + 1) % len(order)
        order = order[start:] + order[:start]
    return order


def _seat_kind(view: PlayerView, seat: int) -> str:
    if seat == view.big_blind_seat:
        return "big_blind"
    return "small_blind" if seat == view.small_blind_seat else "other"


def _depth_bb(action: ActionTaken, big_blind: int) -> float:
    return (action.to + action.stack) / max(big_blind, 1)


class _Preflop:
    """Walks the preflop actions, keeping each raiser's width, to read one seat."""

    def __init__(self, view: PlayerView, read_of: dict[int, Read]) -> None:
        self.view = view
        self.read_of = read_of
        self.order = _preflop_order(view)
        self.players = len(view.seats_in_hand)

    def read(self, seat: int) -> Read:
        return self.read_of.get(seat, DEFAULT_READ)

    def window(self, seat: int) -> Window:
        """``seat``'s preflop window from its actions (and, yet to act after a raise, what
        continues)."""
        view = self.view
        bb = view.big_blind
        window = Window()
        raises = 0
        widths: list[float] = []  # each raise's width, in order
        last_to = bb
        limpers = 0
        limped = False  # this seat called the big blind before anyone raised
        acted = False
        for action in view.actions(Street.PREFLOP):
            mine = action.seat == seat
            if action.kind in AGGRESSIVE:
                width = self._raise_width(action, raises, widths, limpers)
                if mine:
                    window = window.narrowed(Window(0.0, width))
                widths.append(width)
                raises += 1
                last_to = action.to
            elif action.kind is ActionKind.CALL:
                if mine and limped and raises:
                    window = self._limp_called(window, action.to)
                elif mine:
                    window = window.narrowed(self._call(action, raises, widths, last_to))
                if raises == 0:
                    limpers += 1
                    limped = limped or mine
            elif action.kind is ActionKind.CHECK and mine:  # the big blind's option
                window = window.narrowed(Window(BIG_BLIND_RAISE, 1.0, TRAPS))
            acted = acted or mine
        if not acted and raises and view.street is Street.PREFLOP:
            # yet to act after a raise: it goes on with what calls it or raises again
            facing = self._call_high(seat, raises, widths, last_to)
            window = Window(0.0, facing)
        return window

    def _raise_width(
        self, action: ActionTaken, raises: int, widths: list[float], limpers: int
    ) -> float:
        view = self.view
        read = self.read(action.seat)
        depth = _depth_bb(action, view.big_blind)
        behind = len(self.order) - self.order.index(action.seat) - 1
        if raises == 0:
            if action.all_in and depth <= SHORT_BB:
                share = chart().push_share(depth)
                base = share if self.players == 2 else share / max(behind, 1) ** 0.75
            else:
                base = open_width(behind, self.players)
                if limpers:
                    base = min(base * ISOLATE, base)
            return widen(base, looseness(read.open, BASE_OPEN))
        loose = looseness(read.reraise, BASE_RERAISE)
        if raises == 1:
            return widen(min(max(THREE_BET * widths[-1], 0.025), 0.16), loose)
        return widen(min(max(FOUR_BET * widths[-1], 0.015), 0.06), loose)

    def _call_high(self, seat: int, raises: int, widths: list[float], last_to: int) -> float:
        """The top of what ``seat`` goes on with against the last of ``raises`` raises: at
        least the share by which it is measured playing more hands than an unknown
        player (one who plays every hand calls with any)."""
        vpip = self.read(seat).vpip
        return max(self._sized_call(seat, raises, widths, last_to), excess(vpip, BASE_VPIP))

    def _sized_call(self, seat: int, raises: int, widths: list[float], last_to: int) -> float:
        view = self.view
        raised_bb = last_to / max(view.big_blind, 1)
        if raises == 1:
            if raised_bb > SHORT_BB * 0.9 or last_to >= _stack_at_start(view, seat):
                return chart().call_share(min(raised_bb, SHORT_BB))  # a shove
            factor = CALL_FACTOR[_seat_kind(view, seat)]
            if self.players == 2:
                factor = CALL_FACTOR["big_blind"] * 1.3
            sized = min(max((STANDARD_OPEN_BB / max(raised_bb, 1.0)) ** 0.5, 0.6), 1.3)
            loose = looseness(self.read(seat).vpip, BASE_VPIP)
            return min(widen(widths[-1] * factor * sized, loose), 0.9)
        return min(max(widths[-1] * 2.0, 0.04), 0.5)

    def _limp_called(self, limp: Window, raised_to: int) -> Window:
        """A limper that calls a raise keeps the better part of its limps, less of them as
        the raise grows (a limp range is below the opens: the call-of-an-open window would
        leave it a sliver, "between 14 and 15 percent")."""
        raised_bb = raised_to / max(self.view.big_blind, 1)
        keep = min(max(LIMP_CALL * (STANDARD_OPEN_BB / max(raised_bb, 1.0)) ** 0.5, 0.25), 0.8)
        return Window(limp.low, limp.low + (limp.high - limp.low) * keep, limp.traps)

    def _call(self, action: ActionTaken, raises: int, widths: list[float], last_to: int) -> Window:
        seat = action.seat
        if raises == 0:  # a limp (or the small blind completing): strong hands raise
            opens = open_width(len(self.order) - self.order.index(seat) - 1, self.players)
            loose = looseness(self.read(seat).vpip, BASE_VPIP)
            return Window(opens * 0.5, widen(min(opens * 1.8 + 0.1, 0.85), loose), traps(loose))
        high = self._call_high(seat, raises, widths, last_to)
        would_raise = THREE_BET * widths[-1] if raises == 1 else FOUR_BET * widths[-1]
        # the re-raises' value half is gone (traps kept); their bluffs are hands that call
        low, top = min(would_raise * 0.5, high * 0.5), max(high, would_raise + 0.02)
        return Window(low, top, traps(looseness(self.read(seat).vpip, BASE_VPIP)))


def excess(measured: float, base: float) -> float:
    """0..1: how far ``measured`` goes from an unknown player's ``base`` toward all.

    >>> excess(0.6, 0.6), excess(1.0, 0.6), round(excess(0.8, 0.6), 2), excess(0.3, 0.6)
    (0.0, 1.0, 0.5, 0.0)
    """
    return min(max((measured - base) / (1.0 - base), 0.0), 1.0)


def traps(loose: float) -> float:
    """Of the hands that would have raised, the share a player who plays ``loose`` times
    as many hands as an unknown one just calls with: ``TRAPS``, more for a loose player
    (one who plays nearly every hand calls with its strong ones too).

    >>> traps(1.0), traps(0.5), round(traps(5.0), 2)
    (0.25, 0.25, 0.85)
    """
    return 1.0 - (1.0 - TRAPS) / max(loose, 1.0)


def _stack_at_start(view: PlayerView, seat: int) -> int:
    started = next(e for e in view.history if isinstance(e, HandStarted))
    return started.stacks[seat]


def measured_window(window: Window, view: PlayerView, seat: int, read: Read) -> Window:
    """``window`` moved toward the window of ``seat``'s measured frequencies alone
    (``bots.ranges.preflop_window``: an opener holds the top share it opens, a caller
    the hands it plays) as far as it is measured playing more hands than an unknown
    player: not at all for one read as unknown, all the way for one twice as loose
    (a player who plays nearly every hand plays them from every seat, whatever the
    size: its position and the raise tell little)."""
    loose = max(excess(read.open, BASE_OPEN), excess(read.vpip, BASE_VPIP))
    weight = min(2.0 * loose, 1.0)
    if weight <= 0.0:
        return window
    low, high = preflop_window(view, seat, read)
    high = window.high + weight * max(high - window.high, 0.0)
    low = window.low - weight * max(window.low - low, 0.0)
    return Window(min(low, high), high, window.traps)


def window_combos(table: PreflopTable, window: Window, dead: Sequence[int]) -> list[Combo]:
    """The live combos of ``window``: all of the top ``high`` share but its top ``low``
    share, of which ``traps`` are kept (evenly over it)."""
    top = sorted(live(table.top(window.high), dead), key=table.combo_percentile)
    strong = [c for c in top if table.combo_percentile(c) <= window.low]
    rest = top[len(strong) :]
    return [*thin(strong, window.traps), *rest] if window.traps < 1.0 else top


# -- after the flop ----------------------------------------------------------------------


def capped(
    combos: Sequence[Combo],
    board: Sequence[int],
    read: Read = DEFAULT_READ,
    closes: bool = True,
) -> list[Combo]:
    """A range that checked: its top ``CAP_TOP`` on ``board`` mostly gone (``SLOW_PLAYS``
    of it kept), the rest whole; less of it gone for a player whose checks say less
    (``check_says``), and when the check does not close the street (``closes``): with
    players still to act, strong hands check often to let them bet (``SLOW_PLAYS_AHEAD``
    kept), so a player who checked and then called a bet there still holds top pairs."""
    ranked = by_board(combos, board)
    top = round(len(ranked) * CAP_TOP)
    slow = 1.0 - (1.0 - (SLOW_PLAYS if closes else SLOW_PLAYS_AHEAD)) * check_says(read)
    kept = [*thin(ranked[:top], slow), *ranked[top:]]
    return kept if len(kept) >= MIN_COMBOS else list(ranked)


def check_says(read: Read) -> float:
    """0..1: how much a check caps this player's range. Fully for one who bets as an
    unknown player does; nothing for one who never bets (a station checks the nuts) or
    who bets nearly everything (its bets and checks do not follow its cards).

    >>> [round(check_says(Read(keep_bet=k)), 2) for k in (0.25, 0.325, 0.45, 0.51, 0.75, 1.0)]
    [0.0, 0.5, 1.0, 1.0, 0.51, 0.0]
    """
    keep = read.keep_bet
    if keep < PASSIVE_KEEP_BET:
        return max((keep - NEVER_BETS) / (PASSIVE_KEEP_BET - NEVER_BETS), 0.0)
    if keep > BASE_KEEP_BET:
        return max((1.0 - keep) / (1.0 - BASE_KEEP_BET), 0.0)
    return 1.0


def measured_floor(read: Read, kind: ActionKind) -> float:
    """The least share of its range a bet or raise holds: none for a player read as an
    unknown one, all of it for one measured betting (raising) everything.

    >>> bet, raise_ = ActionKind.BET, ActionKind.RAISE
    >>> measured_floor(Read(), bet), measured_floor(Read(keep_bet=1.0), bet)
    (0.0, 1.0)
    >>> measured_floor(Read(), raise_), measured_floor(Read(keep_raise=1.0), raise_)
    (0.0, 1.0)
    """
    if kind is ActionKind.RAISE:
        return 0.0 if read.keep_raise is None else excess(read.keep_raise, BASE_KEEP_RAISE)
    return excess(read.keep_bet, BASE_KEEP_BET)


def rare_raises(read: Read) -> float:
    """0..1: how much narrower a raise is for a player measured raising fewer bets than an
    unknown one (one who raises one bet in twenty raises with the top of its range).

    >>> rare_raises(Read()), rare_raises(Read(keep_raise=0.5)), rare_raises(Read(keep_raise=0.06))
    (1.0, 1.0, 0.5)
    """
    if read.keep_raise is None:
        return 1.0
    return min(max(read.keep_raise / BASE_KEEP_RAISE, 0.0), 1.0)


def called(combos: Sequence[Combo], board: Sequence[int], size: float, read: Read) -> list[Combo]:
    """A range that called a bet of ``size`` times the pot: the part that goes on (as
    much as makes the bet's bluffs break even, ``1 / (1 + size)``, more for a player who
    rarely folds), without most of the hands that would have raised."""
    ranked = by_board(combos, board)
    goes_on = 1.0 / (1.0 + max(size, 0.0)) * _ratio(read.keep_call, BASE_KEEP_CALL) ** 0.5
    # a player measured calling more than an unknown one keeps at least that much more
    goes_on = max(goes_on, excess(read.keep_call, BASE_KEEP_CALL))
    count = max(round(len(ranked) * min(max(goes_on, 0.2), 0.95)), min(len(ranked), MIN_COMBOS))
    top = round(len(ranked) * RAISE_TOP)
    kept = [*thin(ranked[:top], TRAPS), *ranked[top:count]]
    return kept if len(kept) >= MIN_COMBOS else ranked[:count]


def postflop(
    combos: list[Combo], view: PlayerView, seat: int, read: Read
) -> tuple[list[Combo], tuple[Narrowing, ...]]:
    """``combos`` narrowed by ``seat``'s actions on each street after the flop so far."""
    board = ids(view.board)
    steps: list[Narrowing] = []
    sizes = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
    for street, seen in sizes.items():
        if street > view.street:
            break
        shown = board[:seen]
        actions = view.actions(street)
        raises_later = {i for i, a in enumerate(actions) if a.seat == seat and a.kind in AGGRESSIVE}
        high = 0
        put_in: dict[int, int] = {}
        for index, action in enumerate(actions):
            before = action.pot - action.amount
            if action.seat == seat and action.kind is ActionKind.CHECK:
                trap = any(i > index for i in raises_later)  # a check-raise
                if not trap and raiser_behind(view, seat, street, actions[:index]) is None:
                    # a check closes the street when the street ended on it
                    closes = index == len(actions) - 1 and street < view.street
                    combos = capped(combos, shown, read, closes)
                    steps.append(Narrowing(street, ActionKind.CHECK))
            elif action.seat == seat and action.kind in AGGRESSIVE:
                after_call = before + high - put_in.get(seat, 0)
                size = (action.to - high) / max(after_call, 1)
                rare = rare_raises(read) if action.kind is ActionKind.RAISE else 1.0
                bet = polarised(
                    combos,
                    shown,
                    size,
                    (RAISE_VALUE if action.kind is ActionKind.RAISE else 1.0) * rare,
                    _ratio(read.keep_bet, BASE_KEEP_BET) * rare,
                    measured_floor(read, action.kind),
                )
                combos = list(bet.combos)
                steps.append(Narrowing(street, action.kind, size, bet.value, bet.bluffs))
            elif action.seat == seat and action.kind is ActionKind.CALL:
                size = action.amount / max(before - action.amount, 1)
                combos = called(combos, shown, size, read)
                steps.append(Narrowing(street, ActionKind.CALL, size))
            put_in[action.seat] = action.to
            high = max(high, action.to)
    return combos, tuple(steps)


def raiser_behind(
    view: PlayerView, seat: int, street: Street, before: Sequence[ActionTaken]
) -> int | None:
    """The last street's raiser when ``seat`` checks to it on ``street`` after ``before``
    (the street's actions so far): still in the hand, another seat, not acted yet on this
    street. Strong hands check there too, to let the raiser bet. None otherwise."""
    earlier = [a for a in view.actions(Street(street - 1)) if a.kind in AGGRESSIVE]
    if not earlier or earlier[-1].seat == seat or earlier[-1].seat in view.folded:
        return None
    raiser = earlier[-1].seat
    return raiser if all(a.seat != raiser for a in before) else None


# -- the estimator -------------------------------------------------------------------------


class ActionRanges(RangeEstimator):
    """The hard level's ranges (so the coach's): ``range_of`` as the bot asks for them,
    ``read_range`` with what shaped them; ``read_of`` the raisers' reads, set by
    ``HardBot.range_of``. Cached per hand and decision point."""

    def __init__(self, table: PreflopTable) -> None:
        super().__init__(table)
        self._reads: dict[tuple[object, ...], ActionRange] = {}
        self._read_hand = -1
        self.read_of: dict[int, Read] = {}

    def range_of(self, view: PlayerView, seat: int, read: Read = DEFAULT_READ) -> list[Combo]:
        """``seat``'s likely combos, avoiding the viewer's cards and the board."""
        return list(self.read_range(view, seat, read).combos)

    def read_range(self, view: PlayerView, seat: int, read: Read = DEFAULT_READ) -> ActionRange:
        """``seat``'s range and what shaped it. ``read`` is ``seat``'s; the other seats'
        reads (for the raises a call answers) come from ``read_of`` when set."""
        if view.hand_number != self._read_hand:
            self._reads.clear()
            self._read_hand = view.hand_number
        key = (seat, read, view.seat, len(view.history), view.board)
        cached = self._reads.get(key)
        if cached is not None:
            return cached
        reads = {**self.read_of, seat: read}
        window = measured_window(_Preflop(view, reads).window(seat), view, seat, read)
        dead = (*ids(view.hole_cards), *ids(view.board))
        start = window_combos(self.table, window, dead)
        combos, steps = postflop(start, view, seat, read) if view.board else (start, ())
        result = ActionRange(tuple(combos), window, len(start), steps)
        self._reads[key] = result
        return result
