"""Replay a PHH history through our engine. The engine decides what is legal: every
player action goes to ``Hand.act``, and a refusal becomes a :class:`PhhError` naming the
action.

PHH player i sits in table seat i. With three or more players the last player holds the
button, p1 posts the small blind and p2 the big blind; heads-up p1 is the big blind and
p2 the button (who posts the small blind). The deck is stacked in the engine's dealing
order from the cards the history names; unknown cards (``??``) are filled with unused
ones. A player who mucks at showdown with unknown cards gets the weakest unused cards,
so cards-speak gives the pot to the hands that were shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from audiopoker.cards import FULL_DECK, Card
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.dealing import preset_deck
from audiopoker.engine.events import ActionTaken, Event, PotAwarded
from audiopoker.engine.hand import Hand
from audiopoker.engine.phh import ActionType, HandHistory, PhhAction, PhhError, PhhProblem
from audiopoker.errors import PokerError
from audiopoker.evaluator import strength

BOARD_SIZE: Final = 5


@dataclass(frozen=True, slots=True)
class Seating:
    """How a history's forced bets map onto our table (PHH player i = seat i)."""

    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: bool


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One history action and the events our engine emitted for it."""

    action: PhhAction
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """A history replayed through the engine. ``start_events`` are the blinds, antes and
    deal; ``steps`` follow the history's actions one to one."""

    history: HandHistory
    seating: Seating
    cards: DeckPlan
    hand: Hand
    start_events: tuple[Event, ...]
    steps: tuple[ReplayStep, ...]

    def known_hole(self, player: int) -> tuple[Card | None, ...]:
        """The player's hole cards as the history names them (None where unknown: the
        engine holds stand-in cards there, which nobody should be told)."""
        return self.cards.known_holes[player]

    def mucked(self, player: int) -> bool:
        """True when the history has this player muck at showdown."""
        return player in self.cards.muckers

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole event log, in order."""
        return self.start_events + tuple(event for step in self.steps for event in step.events)

    @property
    def complete(self) -> bool:
        """True when the history reaches the end of the hand."""
        return self.hand.is_over

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Stacks in PHH player order (chips behind, when the history stops mid-hand)."""
        return tuple(self.hand.stacks[: self.history.player_count])


def seating(history: HandHistory) -> Seating:
    """Map the forced bets onto seats, refusing what our rules do not play (straddles,
    antes other than uniform or big-blind, a minimum bet other than the big blind)."""
    count = history.player_count
    blinds = list(history.blinds_or_straddles)
    antes = list(history.antes)
    if count == 2:  # heads-up arrays are written as if p1 were the small blind
        blinds.reverse()
        antes.reverse()
    posted = [player for player, amount in enumerate(blinds) if amount > 0]
    small: int | None
    if count == 2 and posted == [0, 1] and blinds[1] <= blinds[0]:
        small, big = 1, 0
    elif count > 2 and posted == [0, 1] and blinds[0] <= blinds[1]:
        small, big = 0, 1
    elif posted == [0] or (count > 2 and posted == [1]):  # no small blind (a dead one)
        small, big = None, posted[0]
    else:
        raise PhhError(PhhProblem.UNSUPPORTED_FORCED_BETS, name="blinds_or_straddles")
    if history.min_bet != blinds[big]:
        raise PhhError(PhhProblem.UNSUPPORTED_FORCED_BETS, name="min_bet")
    if len(set(antes)) == 1:
        ante, big_blind_ante = antes[0], False
    elif [player for player, amount in enumerate(antes) if amount > 0] == [big]:
        ante, big_blind_ante = antes[big], True
    else:
        raise PhhError(PhhProblem.UNSUPPORTED_FORCED_BETS, name="antes")
    return Seating(
        button=count - 1,
        small_blind_seat=small,
        big_blind_seat=big,
        small_blind=blinds[small] if small is not None else 0,
        big_blind=blinds[big],
        ante=ante,
        big_blind_ante=big_blind_ante,
    )


def replay(history: HandHistory) -> Replay:
    """Play the history through our engine, numbering the hand as the history does (1
    when it does not). Raises :class:`PhhError` at the first action the engine or the
    notation refuses."""
    seats = seating(history)
    plan = stacked_deck(history)
    try:
        hand, start_events = Hand.start(
            stacks=history.starting_stacks,
            button=seats.button,
            small_blind_seat=seats.small_blind_seat,
            big_blind_seat=seats.big_blind_seat,
            small_blind=seats.small_blind,
            big_blind=seats.big_blind,
            ante=seats.ante,
            big_blind_ante=seats.big_blind_ante,
            deck=plan.deck,
            hand_number=history.hand_number or 1,
        )
    except PokerError as error:
        raise PhhError(PhhProblem.BAD_SETUP, cause=error) from None
    steps: list[ReplayStep] = []
    board_seen = 0  # board cards the history has dealt so far
    folded: set[int] = set()
    for action in history.actions:
        events: tuple[Event, ...] = ()
        if action.type is ActionType.DEAL_BOARD:
            board_seen += len(action.cards)
            if len(hand.board) < board_seen:
                raise _refuse(action, PhhProblem.BOARD_TOO_EARLY)
        elif action.type is ActionType.SHOW_MUCK:
            if hand.actor is not None:
                raise _refuse(action, PhhProblem.SHOW_TOO_EARLY)
            if action.player in folded:
                raise _refuse(action, PhhProblem.SHOW_BY_FOLDED)
        elif action.type in _BETTING:
            assert action.player is not None
            if board_seen < len(hand.board) and hand.actor is not None:
                street = Street(len(hand.board) - 2).name.lower()
                raise _refuse(action, PhhProblem.BOARD_NOT_DEALT, street=street)
            try:
                events = hand.act(action.player, _engine_action(hand, action))
            except PokerError as error:
                raise PhhError(
                    PhhProblem.ILLEGAL_ACTION, index=action.index, text=action.text, cause=error
                ) from None
            folded.update(
                event.seat
                for event in events
                if isinstance(event, ActionTaken) and event.kind is ActionKind.FOLD
            )
        steps.append(ReplayStep(action, events))
    result = Replay(history, seats, plan, hand, tuple(start_events), tuple(steps))
    _check_mucks(result, plan.muckers)
    return result


_BETTING: Final = (ActionType.FOLD, ActionType.CHECK_CALL, ActionType.BET_RAISE)


def _refuse(action: PhhAction, problem: PhhProblem, **details: Any) -> PhhError:
    return PhhError(problem, index=action.index, text=action.text, **details)


def _engine_action(hand: Hand, action: PhhAction) -> Action:
    """The engine request for a PHH betting action. ``cc`` and ``cbr`` do not say check
    or call, bet or raise: the seat's legal actions do. When it is not this player's turn
    any request will do, the engine refuses it."""
    if action.type is ActionType.FOLD:
        return Action.fold()
    legal = hand.legal_actions() if hand.actor == action.player else None
    if action.type is ActionType.CHECK_CALL:
        return Action.check() if legal is not None and legal.can_check else Action.call()
    assert action.amount is not None
    if legal is None:
        return Action.raise_to(action.amount)
    kind = legal.raise_kind
    if kind is None:  # raising is closed here: ask anyway so the engine says why
        kind = ActionKind.BET if legal.can_check and legal.committed == 0 else ActionKind.RAISE
    return Action(kind, action.amount)


def _check_mucks(result: Replay, muckers: Mapping[int, PhhAction]) -> None:
    """Cards speak in our rules; refuse a history whose mucked hand our engine would pay."""
    for event in result.events:
        if isinstance(event, PotAwarded) and not event.uncontested:
            for seat in event.winners:
                if seat in muckers:
                    raise _refuse(muckers[seat], PhhProblem.MUCKED_WINNER)


# ---------------------------------------------------------------- the deck


@dataclass(frozen=True, slots=True)
class DeckPlan:
    """The preset deck for a history, and what the history really tells about the cards.

    ``deck`` is a full deck in the engine's dealing order (two passes of hole cards from
    p1, then burn, flop, burn, turn, burn, river, then the rest). ``known_holes`` holds
    each player's hole cards as the history names them (dealt or shown), None where
    unknown. ``muckers`` maps the players who muck at showdown to their muck action.
    """

    deck: tuple[Card, ...]
    known_holes: tuple[tuple[Card | None, ...], ...]
    muckers: Mapping[int, PhhAction]


def stacked_deck(history: HandHistory) -> DeckPlan:
    """Plan the deck that deals exactly the cards the history names (see :class:`DeckPlan`).

    Card bookkeeping is checked here: duplicates, a player dealt twice or not at all
    before the betting, shown cards that differ from the dealt ones.
    """
    count = history.player_count
    hole: list[list[Card | None] | None] = [None] * count
    board: list[Card | None] = []
    seen: set[Card] = set()
    muckers: dict[int, PhhAction] = {}
    betting = False

    def claim(action: PhhAction, cards: Sequence[Card | None]) -> None:
        for card in cards:
            if card is None:
                continue
            if card in seen:
                raise _refuse(action, PhhProblem.DUPLICATE_CARD, card=str(card))
            seen.add(card)

    for action in history.actions:
        player = action.player
        if action.type is ActionType.DEAL_HOLE:
            assert player is not None
            if betting:
                raise _refuse(action, PhhProblem.DEAL_AFTER_BETTING)
            if hole[player] is not None:
                raise _refuse(action, PhhProblem.DEALT_TWICE)
            claim(action, action.cards)
            hole[player] = list(action.cards)
        elif action.type is ActionType.DEAL_BOARD:
            claim(action, action.cards)
            board.extend(action.cards)
            if len(board) > BOARD_SIZE:
                raise _refuse(action, PhhProblem.TOO_MANY_BOARD_CARDS)
        elif action.type in _BETTING or action.type is ActionType.SHOW_MUCK:
            betting = True
            missing = next((p for p in range(count) if hole[p] is None), None)
            if missing is not None:
                raise _refuse(action, PhhProblem.NOT_DEALT, player=f"p{missing + 1}")
            if action.type is ActionType.SHOW_MUCK:
                assert player is not None
                dealt = hole[player]
                assert dealt is not None
                _reveal(action, dealt, claim)
                if action.is_muck or (action.show_dealt and None in dealt):
                    muckers[player] = action
    missing = next((p for p in range(count) if hole[p] is None), None)
    if missing is not None:
        raise PhhError(PhhProblem.NOT_DEALT, player=f"p{missing + 1}")

    known = tuple(tuple(dealt or ()) for dealt in hole)
    spare = [card for card in FULL_DECK if card not in seen]
    board += [None] * (BOARD_SIZE - len(board))
    full_board = [card if card is not None else spare.pop(0) for card in board]
    for player in muckers:
        dealt = hole[player]
        assert dealt is not None
        if None in dealt:
            _weakest_fill(dealt, full_board, spare)
    holes = [[card if card is not None else spare.pop(0) for card in dealt or ()] for dealt in hole]
    deck = preset_deck(range(count), dict(enumerate(holes)), full_board)  # player i = seat i
    return DeckPlan(tuple(deck), known, muckers)


def _reveal(
    action: PhhAction,
    dealt: list[Card | None],
    claim: Callable[[PhhAction, Sequence[Card | None]], None],
) -> None:
    """Fold shown cards into the dealt ones: a known card must match, an unknown one is
    learned (and claimed, so it cannot appear twice)."""
    for card in action.cards:
        if card is None or card in dealt:
            continue
        if None not in dealt:
            raise _refuse(
                action,
                PhhProblem.SHOWN_CARDS_DIFFER,
                dealt=_text(dealt),
                shown=_text(action.cards),
            )
        claim(action, (card,))
        dealt[dealt.index(None)] = card


def _weakest_fill(dealt: list[Card | None], board: list[Card], spare: list[Card]) -> None:
    """Fill a mucker's unknown cards with the unused cards that make the weakest hand."""
    unknown = [position for position, card in enumerate(dealt) if card is None]
    known = [card for card in dealt if card is not None]
    best: tuple[Card, ...] | None = None
    best_strength = 0
    for fill in combinations(spare, len(unknown)):
        value = strength([*known, *fill, *board])
        if best is None or value < best_strength:
            best, best_strength = fill, value
    assert best is not None
    for position, card in zip(unknown, best, strict=True):
        dealt[position] = card
        spare.remove(card)


def _text(cards: Sequence[Card | None]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)
