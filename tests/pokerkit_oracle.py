"""pokerkit 0.7.7 as a differential oracle: one No-Limit Hold'em hand with preset cards,
seen through our table seat numbers.

pokerkit numbers its players from the first seat left of the button (the small blind) to the
button; heads-up it puts the big blind first and the button last (it swaps the blinds
itself). That is exactly our dealing order, so pokerkit player ``i`` is the ``i``-th seat of
``HandStarted.seats_in_hand`` and both engines deal the same preset deck in the same order:
hole cards one at a time in two passes, then burn, flop, burn, turn, burn, river.

Only the betting, the pots and the payouts are automated; pokerkit never draws a card
itself, so the two engines always see the same cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from pokerkit import Automation, Mode, NoLimitTexasHoldem, State

from audiopoker.cards import Card
from audiopoker.engine.events import Event, PotAwarded

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@dataclass(frozen=True, slots=True)
class OracleDecision:
    """What pokerkit lets the seat to act do, in our terms (street totals, table seats)."""

    seat: int
    to_call: int  # chips to add to check (0) or call, capped by the stack
    can_raise: bool
    min_raise_to: int | None  # None when raising is not allowed
    max_raise_to: int | None
    pot: int  # every chip in the middle and in front of the players
    bet_open: bool  # somebody has chips in front of them this street (a raise, not a bet)


class PokerkitHand:
    """One hand in pokerkit, driven with the same cards and actions as our engine.

    ``seats`` names our table seat for each pokerkit player (dealing order); ``stacks`` are
    their stacks in that order. With ``big_blind_ante`` the big blind posts ``ante`` alone
    (pokerkit's non-uniform ante, untrimmed); otherwise every player posts ``ante`` and
    pokerkit trims an ante nobody else could match, as uncalled.
    """

    def __init__(
        self,
        *,
        seats: Sequence[int],
        stacks: Sequence[int],
        small_blind: int,
        big_blind: int,
        deck: Sequence[Card],
        ante: int = 0,
        big_blind_ante: bool = False,
    ) -> None:
        if len(seats) != len(stacks) or len(seats) < 2:
            raise ValueError("need one stack per seat and at least two players")
        self.seats = tuple(seats)
        self._index_of = {seat: index for index, seat in enumerate(self.seats)}
        count = len(seats)
        antes: int | dict[int, int] = ante
        if big_blind_ante and ante:
            antes = {1: ante}  # pokerkit's "normal" big blind index; it swaps heads-up
        self.state: State = NoLimitTexasHoldem.create_state(
            _AUTOMATIONS,
            not big_blind_ante,
            antes,
            (small_blind, big_blind),
            big_blind,
            tuple(stacks),
            count,
            mode=Mode.TOURNAMENT,  # one runout; an all-in's hands are always shown
        )
        self._cards: Iterator[Card] = iter(deck)
        for _ in range(2):
            for index in range(count):
                self._consume(partial(self.state.deal_hole, player_index=index))
        self._deal_streets()

    # -- reading -----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the chips have been pulled: the hand is finished."""
        return not self.state.status

    @property
    def actor(self) -> int | None:
        """Our seat number of the player to act, or None."""
        index = self.state.actor_index
        return None if index is None else self.seats[index]

    @property
    def pot(self) -> int:
        """Every chip in the middle and in front of the players."""
        return int(self.state.total_pot_amount)

    @property
    def stacks(self) -> dict[int, int]:
        """Current stacks by our seat number."""
        return {seat: int(self.state.stacks[i]) for i, seat in enumerate(self.seats)}

    @property
    def board(self) -> tuple[str, ...]:
        """The board dealt so far, as short card strings."""
        return tuple(repr(cards[0]) for cards in self.state.board_cards)

    @property
    def street_index(self) -> int | None:
        """0 preflop .. 3 river while betting; None before dealing and after the hand."""
        index = self.state.street_index
        return None if index is None else int(index)

    @property
    def highest_bet(self) -> int:
        """The largest street total in front of any player."""
        return int(max(self.state.bets))

    @property
    def total_pushed(self) -> int:
        """Chips paid out of the pots (uncalled bets are not pushed: they are returned)."""
        return int(self.state.total_pushed_amount)

    def decision(self) -> OracleDecision | None:
        """The pending decision, or None when nobody is to act."""
        state = self.state
        index = state.actor_index
        if index is None:
            return None
        to_call = state.checking_or_calling_amount
        assert to_call is not None
        can_raise = state.can_complete_bet_or_raise_to()
        return OracleDecision(
            seat=self.seats[index],
            to_call=int(to_call),
            can_raise=can_raise,
            min_raise_to=_int_or_none(state.min_completion_betting_or_raising_to_amount)
            if can_raise
            else None,
            max_raise_to=_int_or_none(state.max_completion_betting_or_raising_to_amount)
            if can_raise
            else None,
            pot=self.pot,
            bet_open=max(state.bets) > 0,
        )

    def would_allow_raise_to(self, amount: int) -> bool:
        """Whether pokerkit would accept a raise to ``amount`` now (changing nothing)."""
        return bool(self.state.can_complete_bet_or_raise_to(amount))

    # -- acting ------------------------------------------------------------------------

    def fold(self) -> None:
        """The actor folds."""
        self.state.fold()
        self._deal_streets()

    def check_or_call(self) -> None:
        """The actor checks or calls (an all-in call when short)."""
        self.state.check_or_call()
        self._deal_streets()

    def raise_to(self, amount: int) -> None:
        """The actor bets or raises to ``amount`` (a street total)."""
        self.state.complete_bet_or_raise_to(amount)
        self._deal_streets()

    # -- dealing -----------------------------------------------------------------------

    def _deal_streets(self) -> None:
        """Burn and deal from the preset deck whenever pokerkit waits for cards."""
        state = self.state
        while state.status:
            if state.card_burning_status:
                self._consume(state.burn_card)
            elif state.board_dealing_count:
                for _ in range(state.board_dealing_count):
                    self._consume(state.deal_board)
            else:
                break

    def _consume(self, deal: Callable[[str], object]) -> None:
        # pokerkit only warns (UserWarning) when a card is not in its deck: a repeated card
        # is accepted, which is why our engine, not pokerkit, is the judge of the deck.
        deal(str(next(self._cards)))


def _int_or_none(value: int | None) -> int | None:
    return None if value is None else int(value)


def paid_as_pokerkit_would(stacks: tuple[int, ...], events: tuple[Event, ...]) -> tuple[int, ...]:
    """Our final stacks with the pots paid by pokerkit's odd-chip convention.

    We split every pot on its own and give its odd chips one each to the first winners left
    of the button. pokerkit mucks the losing hands first, merges neighbouring pots that the
    same surviving players contest, and gives a pot's whole remainder to its first winner
    left of the button. Same pots, same winners: only odd chips can move.
    """
    pots = [e for e in events if isinstance(e, PotAwarded) and not e.uncontested]
    if not pots:
        return stacks
    adjusted = list(stacks)
    for pot in pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            adjusted[seat] -= share
    survivors = {seat for pot in pots for seat in pot.winners}
    merged: list[tuple[int, frozenset[int], tuple[int, ...]]] = []
    for pot in pots:
        contenders = frozenset(pot.eligible) & survivors
        if merged and merged[-1][1] == contenders:
            amount, _, winners = merged.pop()
            merged.append((amount + pot.amount, contenders, winners))
        else:
            merged.append((pot.amount, contenders, pot.winners))
    for amount, _, winners in merged:
        share, odd = divmod(amount, len(winners))
        for seat in winners:
            adjusted[seat] += share
        adjusted[winners[0]] += odd
    return tuple(adjusted)
