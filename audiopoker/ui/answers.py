"""The answers to the query keys, as pure functions of a table snapshot.

Nothing here speaks or touches the game: the controller asks for a sentence and sends it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from audiopoker.cards import Card
from audiopoker.engine.actions import LegalActions
from audiopoker.engine.events import ActionTaken
from audiopoker.errors import PokerError
from audiopoker.narration.positions import Position, position_name, seat_positions
from audiopoker.ui.state import TableSnapshot
from audiopoker.ui.ui_text import UiText

# The positions N and B have always said with the UI's own words ("the button").
_SAID_AS_STATUS = {
    Position.BUTTON: "button",
    Position.SMALL_BLIND: "small_blind",
    Position.BIG_BLIND: "big_blind",
}


class Words(Protocol):
    """How cards, hands and actions are said (the narration layer)."""

    def card(self, card: Card, brief: bool = False) -> str:
        """A card in full words (brief: its letters, for braille)."""
        ...

    def best_hand(self, hole: Sequence[Card], board: Sequence[Card]) -> str:
        """The best hand of two hole cards and 0 to 5 board cards, described."""
        ...

    def action(self, event: ActionTaken) -> str:
        """One action as narration says it."""
        ...

    def your_turn(self, legal: LegalActions) -> str:
        """The your-turn prompt as narration says it (to call, the pot, the choices)."""
        ...

    def error(self, error: PokerError) -> str:
        """A refusal from the engine (its reason and numbers), in words."""
        ...


class Answers:
    """Sentences answering the query keys in the player's language."""

    def __init__(self, text: UiText, words: Words) -> None:
        self.text = text
        self.words = words

    def chips(self, snap: TableSnapshot) -> str:
        """S: the player's chips, and what is in front of them this round."""
        me = snap.my_seat
        if me is None:
            return self.text.watching()
        if snap.hand_running and me.committed:
            return self.text.chips_in_front(me.stack, me.committed)
        return self.text.chips(me.stack)

    def to_call(self, snap: TableSnapshot, legal: LegalActions | None) -> str:
        """V: the engine's amount to call on the player's turn; otherwise the gap to the
        highest bet as it stands, or why there is nothing to call."""
        me = snap.my_seat
        t = self.text
        if me is None:
            return t.watching()
        if legal is not None:
            amount, all_in = legal.to_call, legal.call_is_all_in
        elif not snap.hand_running:
            return t.no_hand()
        elif me.out:
            return t.you_are_out()
        elif not me.in_hand:
            return t.not_in_hand()
        elif me.folded:
            return t.you_folded()
        elif me.all_in:
            return t.all_in_already()
        else:
            owed = max(0, snap.highest_bet - me.committed)
            amount, all_in = min(owed, me.stack), owed >= me.stack > 0
        if amount == 0:
            return t.nothing_to_call()
        return t.to_call_all_in(amount) if all_in else t.to_call(amount)

    def cards(self, snap: TableSnapshot, brief: bool = False) -> str:
        """D: the player's two cards (also after folding them); brief for braille."""
        me = snap.my_seat
        if me is None:
            return self.text.watching()
        if len(snap.my_cards) != 2:
            return self.text.no_cards()
        names = [self.words.card(card, brief) for card in snap.my_cards]
        if me.folded:
            return self.text.your_folded_cards(names, brief)
        return self.text.your_cards(names, brief)

    def board(self, snap: TableSnapshot, brief: bool = False) -> str:
        """E: the cards on the table; brief for braille."""
        if not snap.board:
            return self.text.board_empty()
        return self.text.board([self.words.card(card, brief) for card in snap.board], brief)

    def best_hand(self, snap: TableSnapshot) -> str:
        """G: the player's best hand with the board so far."""
        if snap.me is None:
            return self.text.watching()
        if len(snap.my_cards) != 2:
            return self.text.no_cards()
        return self.text.best_hand(self.words.best_hand(snap.my_cards, snap.board))

    def card(self, snap: TableSnapshot, number: int, brief: bool = False) -> str:
        """1 to 7: the player's two cards, then the board's, one at a time; brief for
        braille."""
        if number <= 2:
            if snap.me is None:
                return self.text.watching()
            if len(snap.my_cards) < number:
                return self.text.no_cards()
            return self.text.card(self.words.card(snap.my_cards[number - 1], brief))
        if number - 3 < len(snap.board):
            return self.text.card(self.words.card(snap.board[number - 3], brief))
        return self.text.card_not_dealt(
            "flop" if number <= 5 else "turn" if number == 6 else "river"
        )

    def turn(self, snap: TableSnapshot, legal: LegalActions | None) -> str:
        """T: whose turn it is (on the player's own turn, QuestionKeys.turn says the whole
        prompt instead)."""
        if legal is not None or (snap.actor is not None and snap.actor == snap.me):
            return self.text.your_turn()
        if snap.game_over is not None:
            return self.text.game_over()
        if not snap.hand_running:
            return self.text.no_hand()
        if snap.actor is None:
            return self.text.nobody_to_act()
        return self.text.whose_turn(snap.seats[snap.actor].name)

    def pot(self, snap: TableSnapshot) -> str:
        """P: the pot, as main and side pots when someone is all in."""
        if snap.pot <= 0:
            return self.text.pot_empty()
        pots = side_pots(snap)
        if len(pots) == 1:
            return self.text.pot(snap.pot)
        # With an all-in, a bet nobody has called yet is not a side pot (it may go back).
        live = uncalled_bet(snap)
        if live is None:
            return self.text.pots(pots[0], pots[1:])
        seat, chips = live
        pots[-1] -= chips
        pots = [pot for pot in pots if pot > 0]
        name = None if seat == snap.me else snap.seats[seat].name
        uncalled = self.text.uncalled(chips, name)
        if len(pots) == 1:
            return self.text.pot_uncalled(pots[0], uncalled)
        return self.text.pots(pots[0], pots[1:], uncalled)

    def player(self, snap: TableSnapshot, index: int) -> str:
        """N and B: one seat's number, name, chips and status."""
        seat = snap.seats[index]
        t = self.text
        running = snap.hand_running
        mine = index == snap.me

        def personal(key: str, **values: object) -> str:
            """A status said of the player in the second person (te toca, apostaste)."""
            return t.status(f"{key}.you" if mine else key, **values)

        parts: list[str] = []
        if seat.out:
            parts.append(t.status("out_place", place=seat.place) if seat.place else t.status("out"))
        elif running and not seat.in_hand:
            parts.append(personal("waiting"))
        elif running and seat.folded:
            parts.append(personal("folded"))
        elif running and seat.all_in:
            parts.append(personal("all_in"))
        else:
            parts.append(t.status("playing" if running else "seated"))
        if not seat.out:
            parts += self._position(snap, index)
            if running and seat.committed:
                parts.append(personal("bet", amount=t.amount(seat.committed)))
            if running and snap.actor == index:
                parts.append(personal("to_act"))
            if seat.shown:
                cards = t.join([self.words.card(c) for c in seat.shown])
                parts.append(personal("shown", cards=cards))
        if mine:
            return t.player_you(index + 1, seat.stack, parts)
        return t.player(index + 1, seat.name, seat.stack, parts)

    def _position(self, snap: TableSnapshot, index: int) -> list[str]:
        """A seat's position this hand as the narration's rules give it (dead buttons and
        missing small blinds too); between hands, only who had the button."""
        t = self.text
        started = snap.hand_start
        if not snap.hand_running or started is None:
            return [t.status("button")] if index == snap.button else []
        position = seat_positions(started).get(index)
        if position is None:  # not dealt in
            return []
        if position is Position.BUTTON_SMALL_BLIND:
            return [t.status("button"), t.status("small_blind")]
        said = _SAID_AS_STATUS.get(position)
        return [t.status(said) if said else position_name(position, t.lang)]

    def last_action(self, snap: TableSnapshot) -> str:
        """L: the last action at the table, in narration's words."""
        if snap.last_action is None:
            return self.text.no_last_action()
        return self.words.action(snap.last_action)


def uncalled_bet(snap: TableSnapshot) -> tuple[int, int] | None:
    """The seat and the chips it put in beyond what anyone else has put in this hand:
    a bet nobody has called yet (still to be matched, or given back). None when the two
    largest contributions are equal."""
    ranked = sorted(range(len(snap.seats)), key=lambda index: -snap.seats[index].contributed)
    if len(ranked) < 2:
        return None
    top, second = snap.seats[ranked[0]].contributed, snap.seats[ranked[1]].contributed
    return (ranked[0], top - second) if top > second else None


def side_pots(snap: TableSnapshot) -> list[int]:
    """The pot as main and side pots (main first), for the pot key.

    Each live all-in player's total caps a pot (folded chips count in the levels they
    reach); everything above the highest all-in level, bets still being matched included,
    is the last pot. Without an all-in there is one pot. The engine pays the pots; this
    only tells the player how they stand.
    """
    levels = sorted({s.contributed for s in snap.seats if s.in_hand and s.all_in and not s.folded})
    if not levels:
        return [snap.pot]
    pots: list[int] = []
    floor = 0
    for level in levels:
        pots.append(sum(min(s.contributed, level) - min(s.contributed, floor) for s in snap.seats))
        floor = level
    rest = snap.pot - sum(pots)
    if rest > 0:
        pots.append(rest)
    return [amount for amount in pots if amount > 0]
