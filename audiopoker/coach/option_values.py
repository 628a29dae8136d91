"""A value for every option at one decision, in chips, and its grade (issue 26, points 2, 5).

Values count what the player wins from now on (folding is 0; chips already in are lost
either way), with ``share`` the player's equity against the opponents' ranges as they are:

- check: ``R x share x pot + later``, the showdown value kept; ``R`` is how much of it is
  realised: all of it in position, ``OUT_OF_POSITION`` of it out of position (bets to come
  can fold the best hand out) before the river; ``later`` (below) what bets on the
  streets left win with the chips behind; checked to the last street's raiser, what its
  bet pays a hand ahead (``raiser_bets``);
- call: ``R x share x (pot + to call) - to call + later`` (nothing left to realise on the
  river or all in: ``R`` is 1 there);
- bet or raise to ``to``: each opponent goes on with the top ``1 / (1 + size)`` of its
  range by board strength (``size``: what it must add against the pot after the player's
  call, as ``coach.action_ranges`` reads calls); the rest folds. With ``F`` the chance
  that everyone folds, ``e`` the equity against the ranges that go on (Monte Carlo,
  ``bots.equity``) and ``final`` the pot once they have called:
  ``F x pot + (1 - F) x (R x e x final - chips added + later)``. Nothing caps the folds
  and the calling range tightens as the size grows, so an overbet meets the range that
  calls it: against the hands that go on, a bigger bet only multiplies the equity by
  ``(1 + 2 size) / (1 + size)``, never by more than 2.
  ``later`` credits what a line that leaves chips behind still wins on the ``n`` streets
  left (2 after the flop, 1 after the turn), a bet's when called, a check's or a call's
  too (with ``share`` for ``e``): the player goes on betting the same share ``f`` of the
  pot each street, enough to put the chips behind in by the river but at most the pot,
  and the callers go on with ``1 / (1 + f)`` each street (as above), so each street
  multiplies the equity's worth by ``(1 + 2f) / (1 + f)``, as this street's bet does:
  ``later = LATER x e x final x (((1 + 2f) / (1 + f)) ** n - 1)``. A draw gets its share
  too (it bets on when it gets there). ``LATER`` discounts what the model leaves out (the
  range that goes on narrows, cards to come help it, opponents bet too, a hand behind
  pays). A caller left with little behind its call before the river counts the rest as
  called too (it goes in later): all of it with nothing left, none from ``COMMITS`` of
  the pot up (``committed``), so a bet that all but commits the stacks meets nearly the
  range a shove meets.
  All in leaves nothing behind. Deep, a pot-sized bet then beats a shove: pot-sized bets
  on three streets into ranges that go on ``1 / (1 + f)`` multiply the equity by 3.4,
  one shove by less than 2. With a stack about 1.5 pots or less the credit is small and
  the shove (valued whole, nothing left to realise) stays best for strong hands.
  A raise that leaves a bettor chips behind meets its strongest value hands (``RERAISE``
  of its ``floor``, the value share) all in: the player then calls for its share against
  them or gives up the raise (see ``going_on``).
  Before the flop a ``bet_model`` may value bets instead (the hard level's own).

Grades measure the loss against the best option, in big blinds and as a share of the
pot (``grade``): a loss counts only when it is large in both, since a few big blinds are
noise in a big pot (the Monte Carlo's error is about 2 percent of the pot) and a tenth
of a small pot is a real error. A check is measured against the best option that is not
a bluff (a bet that wins less than its share against the hands that call): a check-down
is never a mistake for want of a bluff.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from audiopoker.bots.action_ranges import raiser_behind
from audiopoker.bots.base import bet_to, pot_fraction_to
from audiopoker.bots.equity import Combo, equity, ids
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.view import PlayerView

SIZES: Final = (1 / 3, 2 / 3, 1.0)  # bets and raises valued, as shares of the pot
OUT_OF_POSITION: Final = 0.9  # the share of showdown value realised out of position
VALUE_DEALS: Final = 1500  # Monte Carlo deals per bet size (about 1.3 points of error)
MIN_GOING_ON: Final = 6  # combos: a range that goes on keeps at least a few
RERAISE: Final = 1 / 3  # of a bettor's value hands, the strongest: they re-raise all in
LATER: Final = 0.35  # of the later streets' modelled value credited (see the docstring)
COMMITS: Final = 0.5  # pots behind a call from which a caller counts none of it (committed)
STREETS_LEFT: Final = {Street.FLOP: 2, Street.TURN: 1}  # betting rounds after this one
# How often the last street's raiser bets when checked to (players continue after a raise
# about two times in three), and its bet as a share of the pot (half to two thirds).
RAISER_BETS: Final = 0.65
RAISER_BET: Final = 0.6


class Grade(enum.Enum):
    """How an option compares with the best one (see ``grade``)."""

    BEST = "best"
    CORRECT = "correct"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# (big blinds, share of the pot): a loss below either bound stays in the grade below it.
# BEST: within the Monte Carlo's noise. CORRECT: under half a big blind or 8 percent of
# the pot. INACCURACY: under 1 big blind or 15 percent. MISTAKE: under 2 big blinds (the
# review's threshold, PokerSnowie's blunder) or 30 percent. BLUNDER: 2 big blinds or more
# and at least 30 percent of the pot.
GRADE_BOUNDS: Final = (
    (Grade.BEST, 0.1, 0.02),
    (Grade.CORRECT, 0.5, 0.08),
    (Grade.INACCURACY, 1.0, 0.15),
    (Grade.MISTAKE, 2.0, 0.30),
)
AGREES: Final = (Grade.BEST, Grade.CORRECT)  # what the values may grade the coach's answer


def grade(loss_bb: float, pot_bb: float) -> Grade:
    """The grade of an option that loses ``loss_bb`` big blinds against the best one in a
    pot of ``pot_bb`` big blinds.

    >>> grade(0.0, 7), grade(0.3, 7), grade(0.9, 7), grade(1.5, 7), grade(30, 7)
    (<Grade.BEST: 'best'>, <Grade.CORRECT: 'correct'>, <Grade.INACCURACY: 'inaccuracy'>, \
<Grade.MISTAKE: 'mistake'>, <Grade.BLUNDER: 'blunder'>)
    >>> grade(3.0, 100)  # 3 big blinds in a 100 big blind pot: within the noise
    <Grade.CORRECT: 'correct'>
    """
    share = loss_bb / max(pot_bb, 1.0)
    for name, bb, of_pot in GRADE_BOUNDS:
        if loss_bb < bb or share < of_pot:
            return name
    return Grade.BLUNDER


@dataclass(frozen=True, slots=True)
class Opponent:
    """One opponent as a bet meets it: ``combos`` strongest first on this board (before
    the flop, by the starting-hand order), ``floor`` the share that never folds."""

    seat: int
    combos: tuple[Combo, ...]
    floor: float = 0.0


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One option: ``action`` (a bet or raise as its street total), ``value`` in chips,
    ``all_in`` when it puts every chip in, ``bluff`` when it wins less than its share
    against the hands that go on (valued for its folds)."""

    action: Action
    value: float
    all_in: bool = False
    bluff: bool = False


@dataclass(frozen=True, slots=True)
class OptionValues:
    """Every option valued at one decision; ``pot`` and ``big_blind`` in chips."""

    options: tuple[OptionValue, ...]
    pot: int
    big_blind: int

    @property
    def best(self) -> OptionValue:
        """The option worth most (the first of equals)."""
        return max(self.options, key=lambda o: o.value)

    def of(self, action: Action) -> OptionValue | None:
        """The option that is ``action`` (a check and a call as their kind)."""
        for option in self.options:
            if option.action.kind is action.kind and (option.action.to or 0) == (action.to or 0):
                return option
        return None

    def measured_against(self, option: OptionValue) -> OptionValue:
        """The option ``option`` is measured against: the best, or for a check the best
        that is not a bluff."""
        pool = self.options
        if option.action.kind is ActionKind.CHECK:
            pool = tuple(o for o in self.options if not o.bluff)
        return max(pool, key=lambda o: o.value)

    def reference(self, option: OptionValue) -> float:
        """The value ``option`` is measured against (``measured_against``)."""
        return self.measured_against(option).value

    def loss_bb(self, option: OptionValue) -> float:
        """Big blinds ``option`` gives up (0 for the best)."""
        return max(self.reference(option) - option.value, 0.0) / max(self.big_blind, 1)

    def grade(self, option: OptionValue) -> Grade:
        """``option``'s grade (see ``grade``)."""
        return grade(self.loss_bb(option), self.pot / max(self.big_blind, 1))

    def agreed(self, action: Action) -> Action:
        """``action`` when these values grade it best or correct, else the option they
        measure it against (the best; for a check the best that is not a bluff): a first
        answer never says what its own values grade an inaccuracy or worse."""
        chosen = self.of(action)
        if chosen is None or self.grade(chosen) in AGREES:
            return action
        return self.measured_against(chosen).action


def realised(view: PlayerView, closes: bool = False) -> float:
    """The share of showdown value the player keeps: all of it in position, when the
    action ``closes`` the betting on the river, or with nobody left to bet."""
    active = view.active
    last = view.seat == active[-1] if active else True
    behind = [s for s in view.opponents if s not in view.all_in]
    if last or not behind or (closes and view.street is Street.RIVER):
        return 1.0
    return OUT_OF_POSITION


def spot_rng(view: PlayerView) -> random.Random:
    """The decision's own generator: the values of one spot are drawn the same whoever asks
    (the first answer, K twice, the bluff check), so asking changes nothing the review
    says, and never from the coach's own generator."""
    return random.Random(view.hand_number * 1009 + len(view.history))


def option_values(
    view: PlayerView,
    opponents: Sequence[Opponent],
    share: float,
    rng: random.Random,
    *,
    extra: Sequence[Action] = (),
    bet_model: Callable[[Action], float] | None = None,
    deals: int = VALUE_DEALS,
    deadline: float | None = None,
) -> OptionValues:
    """Every legal option at ``view`` valued (see the module docstring): fold when there
    is a bet, check or call, bets or raises of a third, two thirds and the whole pot and
    all in, and each action of ``extra`` (the player's own size, the coach's). ``share``:
    the equity against ``opponents`` as they are. ``bet_model``: before the flop, values
    bets in place of the folds-and-calls model. Reproducible for a seeded ``rng`` without a
    ``deadline``."""
    legal = view.legal
    pot = legal.pot
    options: list[OptionValue] = []
    if legal.to_call > 0 or any(a.kind is ActionKind.FOLD for a in extra):
        options.append(OptionValue(Action.fold(), 0.0))
    if legal.can_check:
        options.append(OptionValue(Action.check(), passive_value(view, share)))
    else:
        value = passive_value(view, share)
        options.append(OptionValue(Action.call(), value, legal.call_is_all_in))
    if legal.raise_kind is None:
        return OptionValues(tuple(options), pot, view.big_blind)
    sizes = [bet_to(legal, pot_fraction_to(legal, f)) for f in SIZES]
    sizes.append(Action(legal.raise_kind, legal.max_raise_to))
    sizes.extend(a for a in extra if a.kind in (ActionKind.BET, ActionKind.RAISE))
    seen: set[int] = set()
    for action in sorted(sizes, key=lambda a: a.to or 0):
        if action.to is None or action.to in seen or action.kind is not legal.raise_kind:
            continue
        seen.add(action.to)
        all_in = action.to >= legal.max_raise_to
        if bet_model is not None and view.street is Street.PREFLOP:
            options.append(OptionValue(action, bet_model(action), all_in))
            continue
        value, bluff = bet_value(view, opponents, action, rng, deals, deadline)
        options.append(OptionValue(action, value, all_in, bluff))
    return OptionValues(tuple(options), pot, view.big_blind)


def passive_value(view: PlayerView, share: float) -> float:
    """The check's value when the player may check, else the call's (see the module
    docstring): the showdown value kept, less what a call costs."""
    legal = view.legal
    mine = view.stacks[view.seat] - legal.to_call
    behind = min(mine, max((view.stacks[s] for s in view.opponents), default=0))
    credit = later(share, legal.pot + legal.to_call, behind, STREETS_LEFT.get(view.street, 0))
    if legal.can_check:
        return realised(view) * share * legal.pot + credit + raiser_bets(view, share)
    closes = legal.call_is_all_in or view.street is Street.RIVER
    rate = 1.0 if legal.call_is_all_in else realised(view, closes)
    return rate * share * (legal.pot + legal.to_call) - legal.to_call + credit


def checked_to_raiser(view: PlayerView) -> bool:
    """The player may check to the last street's raiser, still to act after it on this
    street: the raiser bets into a check often (strong hands check to it)."""
    if not view.legal.can_check or view.street is Street.PREFLOP:
        return False
    raiser = raiser_behind(view, view.seat, view.street, view.actions(view.street))
    return raiser is not None and raiser not in view.all_in  # all in, it bets no more


def raiser_bets(view: PlayerView, share: float) -> float:
    """What a check to the raiser (``checked_to_raiser``) wins from its bet: it bets
    ``RAISER_BET`` of the pot ``RAISER_BETS`` of the time, and a hand ahead (``share``
    above one half) calls and wins it that often more than it loses it; a hand behind
    folds and gives up nothing more (its showdown value is ``realised``)."""
    if not checked_to_raiser(view):
        return 0.0
    return RAISER_BETS * RAISER_BET * view.legal.pot * max(2.0 * share - 1.0, 0.0)


def going_on(opponent: Opponent, size: float) -> float:
    """The share of ``opponent``'s range that goes on against a bet of ``size`` times the
    pot: ``1 / (1 + size)``, a bettor's too. A bettor's value hands (``floor``) no longer
    all call a raise: the strongest re-raise all in (``bet_value``), the weakest fold, since
    a raise over a bet is strong (with all of them calling, a raise with an overpair into
    a pot bet on J-T-9 beat the call by 4 big blinds, top pair on the river raised a half
    pot bet; a strong player grades both raises wrong).

    >>> [round(going_on(Opponent(1, ()), s), 2) for s in (1 / 3, 1.0, 13.0)]
    [0.75, 0.5, 0.07]
    >>> round(going_on(Opponent(1, (), floor=0.7), 1.0), 2)
    0.5
    """
    del opponent  # every range goes on alike; a bettor's strongest re-raise instead
    return 1.0 / (1.0 + max(size, 0.0))


def bet_value(
    view: PlayerView,
    opponents: Sequence[Opponent],
    action: Action,
    rng: random.Random,
    deals: int = VALUE_DEALS,
    deadline: float | None = None,
) -> tuple[float, bool]:
    """A bet or raise to ``action.to`` in chips, and whether it is a bluff (wins less than
    an even share against the ranges that go on). A raise that leaves a bettor chips behind
    meets its strongest value hands all in (``reraised``)."""
    legal = view.legal
    assert action.to is not None
    added = action.to - legal.committed
    after_call = legal.pot + legal.to_call
    everyone_folds = 1.0
    called_chips = 0.0
    ranges: list[list[Combo]] = []
    shove: tuple[int, list[Combo]] | None = None
    shoves = 0.0  # the chance the bettor re-raises all in
    shoving = action.to >= legal.max_raise_to  # the player all in: nothing to re-raise
    callers_behind: list[int] = []  # each caller's chips left once it has called
    streets = STREETS_LEFT.get(view.street, 0)
    for opponent in opponents:
        seat = opponent.seat
        call = min(action.to - view.committed[seat], view.stacks[seat])
        if call <= 0:  # all in already: it goes on whole
            ranges.append(list(opponent.combos))
            everyone_folds = 0.0
            continue
        left = min(view.stacks[seat] - call, legal.max_raise_to - action.to)
        # A caller with little behind counts what goes in later (see ``committed``).
        counted = call + committed(left, legal.pot + added + call) * left if streets else call
        keep = going_on(opponent, counted / max(after_call, 1))
        count = max(round(len(opponent.combos) * keep), min(len(opponent.combos), MIN_GOING_ON))
        going = list(opponent.combos[:count])
        top = round(len(opponent.combos) * opponent.floor * RERAISE)
        if shove is None and 0 < top < count and view.stacks[seat] > call and not shoving:
            shove, going = (seat, going[:top]), going[top:]
            shoves = top / len(opponent.combos)
            keep = max(keep - shoves, 0.0) / (1.0 - shoves)  # given it did not re-raise
        ranges.append(going)
        callers_behind.append(view.stacks[seat] - call)
        everyone_folds *= 1.0 - keep
        called_chips += keep * call
    someone_calls = 1.0 - everyone_folds
    if not ranges or someone_calls <= 0.0:
        return float(legal.pot), True
    won = equity(ids(view.hole_cards), ids(view.board), ranges, rng, deals, deadline).value
    final = legal.pot + added + called_chips / someone_calls
    rate = 1.0 if shoving else realised(view)
    behind = min(legal.max_raise_to - action.to, max(callers_behind, default=0))
    credit = later(won, final, behind, streets)
    value = everyone_folds * legal.pot + someone_calls * (rate * won * final - added + credit)
    if shove is not None:
        value = shoves * reraised(view, action, shove, rng, deals, deadline) + (1 - shoves) * value
    return value, won < 1.0 / (len(ranges) + 1)


def committed(left: float, pot: float) -> float:
    """How much of the ``left`` chips a caller keeps behind its call into a ``pot`` it
    counts as called already (before the river): all of them with nothing behind, none
    from ``COMMITS`` pots up, a straight line between.

    >>> committed(0, 60), round(committed(10, 60), 2), committed(30, 60), committed(175, 60)
    (1.0, 0.67, 0.0, 0.0)
    """
    return max(1.0 - max(left, 0.0) / max(COMMITS * pot, 1.0), 0.0)


def later(won: float, pot: float, behind: float, streets: int) -> float:
    """What the player still wins, on average, on the ``streets`` left with ``behind``
    chips each behind a called pot of ``pot`` and equity ``won`` against the callers (see
    the module docstring: each street multiplies the equity as a bet of ``f`` does).

    >>> round(later(0.9, 60, 175, 2), 1)  # a set, 100 big blinds deep, called on the flop
    20.7
    >>> round(later(0.9, 60, 10, 2), 1), later(0.9, 60, 0, 2), later(0.9, 60, 175, 0)
    (2.8, 0.0, 0.0)
    >>> round(later(0.35, 96, 153, 2), 1)  # a draw: it wins when it gets there
    9.5
    """
    if streets <= 0 or behind <= 0 or pot <= 0 or won <= 0:
        return 0.0
    share = min((math.pow(1.0 + 2.0 * behind / pot, 1.0 / streets) - 1.0) / 2.0, 1.0)
    grows = math.pow((1.0 + 2.0 * share) / (1.0 + share), streets)
    return LATER * won * pot * (grows - 1.0)


def reraised(
    view: PlayerView,
    action: Action,
    shove: tuple[int, list[Combo]],
    rng: random.Random,
    deals: int,
    deadline: float | None,
) -> float:
    """The raise to ``action.to`` when the bettor at ``shove[0]`` re-raises all in with the
    hands ``shove[1]``: the better of folding (the raise is lost) and calling for the
    player's share of the pot against those hands (the others fold)."""
    legal = view.legal
    assert action.to is not None
    seat, combos = shove
    theirs = view.committed[seat] + view.stacks[seat]
    mine = min(theirs, legal.max_raise_to)
    pot = legal.pot + (mine - legal.committed) + (min(theirs, mine) - view.committed[seat])
    won = equity(ids(view.hole_cards), ids(view.board), [combos], rng, deals, deadline).value
    return max(won * pot - (mine - legal.committed), -(action.to - legal.committed))
