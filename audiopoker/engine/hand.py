"""One hand of No-Limit Hold'em as a state machine (RULES.md is the specification).

``Hand.start`` posts antes and blinds, deals from a preset deck and asks the first seat to
act; every ``act`` returns the frozen events it caused, ending with ``ActionRequired`` for
the next seat or, once betting is over, the runout, the showdown, the pots and
``HandEnded``. An illegal action raises a :class:`PokerError` and changes nothing.

Internally everything is plain ints and lists indexed by table seat: this is the hot path
of every simulation and benchmark. Frozen events and ``LegalActions`` are built only once
per decision.

>>> from audiopoker.cards import FULL_DECK
>>> hand, events = Hand.start(stacks=[200, 200, 200], button=0, small_blind_seat=1,
...     big_blind_seat=2, small_blind=1, big_blind=2, deck=FULL_DECK)
>>> legal = hand.legal_actions()
>>> (legal.seat, legal.to_call, legal.min_raise_to, legal.max_raise_to)
(0, 2, 4, 200)
>>> _ = hand.act(0, Action.fold()); _ = hand.act(1, Action.fold())
>>> hand.is_over, hand.stacks
(True, (200, 199, 201))
"""

from __future__ import annotations

from collections.abc import Sequence

from audiopoker.cards import Card
from audiopoker.engine.actions import Action, ActionKind, LegalActions, Street
from audiopoker.engine.betting import (
    check_antes,
    check_setup,
    covering_blind,
    decide,
    raise_total,
)
from audiopoker.engine.dealing import dealing_order
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindKind,
    BlindPosted,
    CardBurned,
    Event,
    HandEnded,
    HandRevealed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.pots import award_pots, uncalled_bet
from audiopoker.errors import (
    ErrorReason,
    HandStateError,
    IllegalActionError,
    NotYourTurnError,
)
from audiopoker.evaluator import HandValue, best_hand_unchecked

_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_STREET_CARDS = ((Street.FLOP, 3), (Street.TURN, 1), (Street.RIVER, 1))


class Hand:
    """One hand, from the blinds to the last chip paid. See the module docstring.

    Seats are table seat numbers; per-seat tuples cover every table seat (0 chips and no
    cards for seats not in the hand).
    """

    __slots__ = (
        "_acted",
        "_active_count",
        "_actor",
        "_aggressor",
        "_board",
        "_committed",
        "_dead",
        "_deck",
        "_full_raise",
        "_holes",
        "_legal",
        "_level",
        "_live",
        "_live_count",
        "_log",
        "_next_card",
        "_over",
        "_pot",
        "_raise_block",
        "_stacks",
        "_start_stacks",
        "_street",
        "_totals",
        "big_blind",
        "big_blind_ante",
        "big_blind_seat",
        "button",
        "hand_number",
        "seats_in_hand",
        "small_blind",
        "small_blind_seat",
    )

    def __init__(
        self,
        *,
        stacks: Sequence[int],
        button: int,
        small_blind_seat: int | None,
        big_blind_seat: int,
        small_blind: int,
        big_blind: int,
        deck: Sequence[Card],
        antes: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: bool = False,
        hand_number: int = 1,
    ) -> None:
        """Set up and start the hand; prefer :meth:`start`, which also returns the events.

        ``antes`` gives each table seat's ante; when empty it comes from ``ante``: every
        seat posts it, or with ``big_blind_ante`` the big blind alone posts it for the
        table. A big-blind ante is dead money in the main pot (every live hand may win
        it); other antes count in the contribution levels of the side pots.
        """
        deck = tuple(deck)
        check_setup(stacks, button, small_blind_seat, big_blind_seat, small_blind, big_blind, deck)
        check_antes(len(stacks), antes, ante)
        count = len(stacks)
        in_hand = [stack > 0 for stack in stacks]
        players = sum(in_hand)

        self.button = button
        self.small_blind_seat = small_blind_seat
        self.big_blind_seat = big_blind_seat
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.big_blind_ante = big_blind_ante
        self.hand_number = hand_number
        self.seats_in_hand = dealing_order(stacks, button, big_blind_seat)
        self._stacks = list(stacks)
        self._start_stacks = tuple(stacks)
        self._committed = [0] * count
        self._totals = [0] * count  # chips in the pot per seat (bets and ordinary antes)
        self._dead = 0  # the big-blind ante
        self._pot = 0
        self._live = in_hand
        self._live_count = players
        self._active_count = players  # live seats with chips behind
        self._acted = [-1] * count  # the bet level a seat last acted at; -1: not yet
        self._level = 0
        self._full_raise = big_blind
        self._street = Street.PREFLOP
        self._board: list[Card] = []
        self._holes: list[tuple[Card, Card] | None] = [None] * count
        self._deck = deck
        self._next_card = 0
        self._actor: int | None = None
        self._legal: LegalActions | None = None
        self._raise_block: ErrorReason | None = None
        self._aggressor: int | None = None
        self._over = False
        self._log: list[Event] = [
            HandStarted(
                hand_number=hand_number,
                button=button,
                small_blind=small_blind_seat,
                big_blind=big_blind_seat,
                seats_in_hand=self.seats_in_hand,
                stacks=self._start_stacks,
                small_blind_amount=small_blind,
                big_blind_amount=big_blind,
                ante=ante,
                big_blind_ante=big_blind_ante,
            )
        ]
        if not antes and ante:
            antes = [0] * count
            for seat in self.seats_in_hand:
                if not big_blind_ante or seat == big_blind_seat:
                    antes[seat] = ante
        self._post_forced_bets(antes, small_blind_seat)
        self._deal_hole_cards()
        self._begin_round(big_blind_seat + 1)

    @classmethod
    def start(
        cls,
        *,
        stacks: Sequence[int],
        button: int,
        small_blind_seat: int | None,
        big_blind_seat: int,
        small_blind: int,
        big_blind: int,
        deck: Sequence[Card],
        antes: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: bool = False,
        hand_number: int = 1,
    ) -> tuple[Hand, tuple[Event, ...]]:
        """Start a hand: post antes and blinds, deal, and ask the first seat to act.

        ``stacks`` has one entry per table seat (0 = not in this hand). ``deck`` is dealt
        from the front: hole cards one at a time in two passes from the first seat left of
        the button (heads-up the big blind first), then burn, flop, burn, turn, burn,
        river. Returns the hand and the events so far.
        """
        hand = cls(
            stacks=stacks,
            button=button,
            small_blind_seat=small_blind_seat,
            big_blind_seat=big_blind_seat,
            small_blind=small_blind,
            big_blind=big_blind,
            deck=deck,
            antes=antes,
            ante=ante,
            big_blind_ante=big_blind_ante,
            hand_number=hand_number,
        )
        return hand, tuple(hand._log)

    # -- reading -----------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """The seat to act, or None when no decision is pending."""
        return self._actor

    @property
    def is_over(self) -> bool:
        """True once the pots are paid (``HandEnded`` was emitted)."""
        return self._over

    @property
    def street(self) -> Street:
        """The current (or last) betting round."""
        return self._street

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple(self._board)

    @property
    def pot(self) -> int:
        """Every chip in the middle and in front of the players."""
        return self._pot

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind, per table seat."""
        return tuple(self._stacks)

    @property
    def committed(self) -> tuple[int, ...]:
        """Chips in front of each table seat this street."""
        return tuple(self._committed)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in the pot this hand (ordinary antes included, the
        big-blind ante not: see ``dead_money``)."""
        return tuple(self._totals)

    @property
    def dead_money(self) -> int:
        """The big-blind ante: dead money in the main pot."""
        return self._dead

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats still holding cards (not folded), in seat order."""
        return tuple(seat for seat, live in enumerate(self._live) if live)

    @property
    def all_in_seats(self) -> tuple[int, ...]:
        """Live seats with no chips behind."""
        return tuple(s for s, live in enumerate(self._live) if live and not self._stacks[s])

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole event log so far."""
        return tuple(self._log)

    def hole_cards(self, seat: int) -> tuple[Card, Card]:
        """The two cards dealt to ``seat`` (the caller decides who may see them)."""
        cards = self._holes[seat] if 0 <= seat < len(self._holes) else None
        if cards is None:
            raise HandStateError(ErrorReason.NO_HAND_IN_PROGRESS, seat=seat)
        return cards

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do, with the amounts."""
        if self._legal is None:
            raise HandStateError(ErrorReason.HAND_OVER)
        return self._legal

    # -- acting ------------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply ``seat``'s action; return the events it caused.

        Raises :class:`NotYourTurnError`, :class:`IllegalActionError` (with the reason and
        the amounts) or :class:`HandStateError`; a refused action changes nothing.
        """
        legal = self._legal
        if legal is None:
            raise HandStateError(ErrorReason.HAND_OVER, seat=seat)
        if seat != legal.seat:
            raise NotYourTurnError(ErrorReason.NOT_YOUR_TURN, seat=seat, actor=legal.seat)
        kind = action.kind
        log = self._log
        mark = len(log)
        stacks = self._stacks
        committed = self._committed
        full = False
        if kind is _FOLD:
            amount = 0
        elif kind is _CHECK:
            if legal.to_call:
                raise IllegalActionError(ErrorReason.CANNOT_CHECK, seat=seat, to_call=legal.to_call)
            amount = 0
        elif kind is _CALL:
            if not legal.to_call:
                raise IllegalActionError(ErrorReason.NOTHING_TO_CALL, seat=seat)
            amount = legal.to_call
        else:
            amount = raise_total(legal, self._raise_block, action) - committed[seat]
        if amount:
            stacks[seat] -= amount
            committed[seat] += amount
            self._totals[seat] += amount
            self._pot += amount
        if kind is _FOLD:
            self._live[seat] = False
            self._live_count -= 1
            self._active_count -= 1
        else:
            if kind is _BET or kind is _RAISE:
                to = committed[seat]
                increment = to - self._level
                full = increment >= self._full_raise
                if full:
                    self._full_raise = increment
                self._level = to
                self._aggressor = seat
            self._acted[seat] = self._level
            if not stacks[seat]:
                self._active_count -= 1
        log.append(
            ActionTaken(
                seat,
                kind,
                amount,
                committed[seat],
                kind is not _FOLD and not stacks[seat],
                stacks[seat],
                self._pot,
                self._street,
                full,
            )
        )
        self._actor = self._legal = None
        if self._live_count == 1:
            self._win_uncontested()
        else:
            # The next seat to act, inlined (_needs_action) on this hot path.
            count = len(stacks)
            live, acted = self._live, self._acted
            level = self._level
            single = self._active_count == 1
            for step in range(1, count + 1):
                nxt = (seat + step) % count
                if (
                    live[nxt]
                    and stacks[nxt]
                    and (
                        acted[nxt] < 0 or committed[nxt] < (self._target(nxt) if single else level)
                    )
                ):
                    self._ask(nxt)
                    break
            else:
                self._end_round()
        return tuple(log[mark:])

    # -- betting rounds ----------------------------------------------------------------

    def _post_forced_bets(self, antes: Sequence[int], small_blind_seat: int | None) -> None:
        stacks, log = self._stacks, self._log
        for seat in self.seats_in_hand if antes else ():
            amount = min(antes[seat], stacks[seat])
            if amount <= 0:
                continue
            stacks[seat] -= amount
            self._pot += amount
            if self.big_blind_ante:
                self._dead += amount
            else:
                self._totals[seat] += amount
            if not stacks[seat]:
                self._active_count -= 1
            log.append(AntePosted(seat, amount, not stacks[seat]))
        for poster, blind, kind in (
            (small_blind_seat, self.small_blind, BlindKind.SMALL),
            (self.big_blind_seat, self.big_blind, BlindKind.BIG),
        ):
            if poster is None or not stacks[poster] or blind <= 0:
                continue
            seat = poster
            amount = min(blind, stacks[seat])
            stacks[seat] -= amount
            self._committed[seat] += amount
            self._totals[seat] += amount
            self._pot += amount
            if not stacks[seat]:
                self._active_count -= 1
            log.append(BlindPosted(seat, kind, amount, not stacks[seat]))
        # A short big blind still leaves everyone facing the full big blind.
        self._level = self.big_blind

    def _deal_hole_cards(self) -> None:
        order = self.seats_in_hand
        deck = self._deck
        players = len(order)
        for index, seat in enumerate(order):
            cards = (deck[index], deck[players + index])
            self._holes[seat] = cards
            self._log.append(HoleCardsDealt(seat, cards))
        self._next_card = 2 * players

    def _begin_round(self, first: int) -> None:
        """Find the first seat to act from ``first`` clockwise, or end the round at once
        when nobody can bet: no chips behind, or one seat with chips that owes nothing."""
        active = self._active_count
        if self._street is Street.PREFLOP:
            covering = covering_blind(self._stacks, self._committed, self._live)
            if covering is not None:  # nothing to decide: treat it as having acted
                self._acted[covering] = self._level
        if active == 1:
            seat = next(s for s in range(len(self._live)) if self._live[s] and self._stacks[s])
            if self._committed[seat] >= self._max_other_committed(seat):
                active = 0
        if active:
            count = len(self._stacks)
            for step in range(count):
                seat = (first + step) % count
                if self._needs_action(seat):
                    self._ask(seat)
                    return
        self._end_round()

    def _needs_action(self, seat: int) -> bool:
        if not self._live[seat] or not self._stacks[seat]:
            return False
        if self._acted[seat] < 0:
            return True
        return self._committed[seat] < self._target(seat)

    def _target(self, seat: int) -> int:
        """The street total ``seat`` must reach to call. With nobody else holding chips
        behind, matching the largest other contribution is enough (a short big blind's
        nominal level could only be returned)."""
        level = self._level
        if self._active_count == 1:
            other = self._max_other_committed(seat)
            if other < level:
                return other
        return level

    def _max_other_committed(self, seat: int) -> int:
        committed = self._committed
        return max(amount for other, amount in enumerate(committed) if other != seat)

    def _ask(self, seat: int) -> None:
        """Make ``seat`` the actor: work out its legal actions and emit ActionRequired."""
        legal, self._raise_block = decide(
            seat=seat,
            stacks=self._stacks,
            committed=self._committed,
            live=self._live,
            acted=self._acted,
            level=self._level,
            target=self._target(seat),
            full_raise=self._full_raise,
            pot=self._pot,
        )
        self._actor = seat
        self._legal = legal
        self._log.append(ActionRequired(seat, legal))

    def _end_round(self) -> None:
        if self._street is Street.RIVER or self._active_count <= 1:
            self._showdown()
            return
        count = len(self._stacks)
        self._committed = [0] * count
        self._acted = [-1] * count
        self._level = 0
        self._full_raise = self.big_blind
        self._aggressor = None
        self._deal_street()
        self._begin_round(self.button + 1)

    def _deal_street(self) -> None:
        street, size = _STREET_CARDS[len(self._board) and len(self._board) - 2]
        start = self._next_card + 1  # the burn card is skipped, never shown
        cards = self._deck[start : start + size]
        self._next_card = start + size
        self._board.extend(cards)
        self._street = street
        self._log.append(CardBurned(street))
        self._log.append(StreetDealt(street, cards, tuple(self._board)))

    # -- the end of the hand -----------------------------------------------------------

    def _return_uncalled(self) -> None:
        returned = uncalled_bet(self._totals)
        if returned is None:
            return
        seat, amount = returned
        self._stacks[seat] += amount
        self._totals[seat] -= amount
        self._committed[seat] = max(0, self._committed[seat] - amount)
        self._pot -= amount
        self._log.append(BetReturned(seat, amount))

    def _win_uncontested(self) -> None:
        self._return_uncalled()
        winner = self._live.index(True)
        amount = self._pot
        self._stacks[winner] += amount
        self._log.append(PotAwarded(0, amount, (winner,), (winner,), (amount,), (), True, None))
        self._finish()

    def _showdown(self) -> None:
        self._return_uncalled()
        count = len(self._stacks)
        live = self._live
        everyone_shows = any(live[s] and not self._stacks[s] for s in range(count))
        first = self.button + 1
        if not everyone_shows and self._aggressor is not None:
            first = self._aggressor  # the last river bettor or raiser shows first
        order = [s for s in ((first + step) % count for step in range(count)) if live[s]]
        log = self._log
        holes = self._holes
        if len(self._board) < 5:  # all-in: hands face up at once, then the board completes
            for seat in order:
                cards = holes[seat]
                assert cards is not None
                log.append(HandRevealed(seat, cards))
            while len(self._board) < 5:
                self._deal_street()
        values: dict[int, HandValue] = {}
        board = self._board
        for seat in order:
            cards = holes[seat]
            assert cards is not None
            value, used = best_hand_unchecked(cards, board)  # dealt cards are distinct
            values[seat] = value
            log.append(HandShown(seat, cards, value, used))
        for award in award_pots(self._totals, live, self._dead, values, self.button):
            for seat, share in zip(award.winners, award.shares, strict=True):
                self._stacks[seat] += share
            log.append(award)
        self._finish()

    def _finish(self) -> None:
        self._pot = 0
        self._over = True
        stacks = tuple(self._stacks)
        net = tuple(
            after - before for after, before in zip(stacks, self._start_stacks, strict=True)
        )
        self._log.append(HandEnded(self.hand_number, stacks, net))
