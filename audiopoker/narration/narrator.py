"""Events to sentences for one listener: a pure function of (event, listener, language,
verbosity), plus the table context folded from the events seen so far (names, button and
positions, the listener's own cards, the board, the pot, the hands shown).

Deliberately silent events (at normal verbosity): another seat's ``HoleCardsDealt`` (it is
secret; ``reveal_hole_cards`` speaks it for watch and replay), ``CardBurned`` and another
seat's ``ActionRequired`` (both spoken at verbose), and an ``AntePosted`` for a full regular
ante (``HandStarted`` already says that every player antes; short, all-in and big-blind
antes are spoken).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindKind,
    BlindPosted,
    BlindsChanged,
    CardBurned,
    Event,
    GameEnded,
    GameEndReason,
    HandEnded,
    HandRevealed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PotAwarded,
    StreetDealt,
)
from audiopoker.errors import ErrorReason
from audiopoker.evaluator import best_hand
from audiopoker.narration.choices import choices_text
from audiopoker.narration.fold_summary import FOLDED_AWAY, FoldSummary
from audiopoker.narration.positions import Position, positions_sentence
from audiopoker.narration.pot_talk import PotTalk
from audiopoker.narration.reckoning import finishing_places
from audiopoker.narration.words import (
    amount,
    card_list,
    describe_hand,
    hand_so_far,
    ordinal,
)
from audiopoker.output.message import YOUR_TURN, Message, Verbosity

_STREET_KEYS = {Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}
# The hand's opening names the button and the blind lines name the blinds: saying the
# listener's position too would tell them twice.
POSITIONS_SAID_ELSEWHERE = frozenset(
    {Position.BUTTON, Position.BUTTON_SMALL_BLIND, Position.SMALL_BLIND, Position.BIG_BLIND}
)


def event_kind(event: Event) -> str:
    """The snake_case name of an event's class: ``ActionTaken`` -> ``action_taken``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()


class Narrator(PotTalk):
    """Turns events into messages for the player in ``listener_seat`` (None: a spectator).

    ``names`` holds every table seat's name. ``announce_best_hand`` speaks the listener's
    best hand after each street. ``reveal_hole_cards`` speaks every seat's cards (for
    watching bots or replaying a history). ``hand_limit`` (a ``--hands`` game; settable
    later as an attribute) makes each hand's opening say "Hand 9 of 10" and the last one
    "Last hand".
    """

    # Each event's handler, by method name (the constructor is TableTalk's).
    _HANDLERS: ClassVar[dict[type[Event], str]] = {
        HandStarted: "_hand_started",
        AntePosted: "_ante_posted",
        BlindPosted: "_blind_posted",
        HoleCardsDealt: "_hole_cards_dealt",
        CardBurned: "_card_burned",
        StreetDealt: "_street_dealt",
        ActionRequired: "_action_required",
        ActionTaken: "_action_taken",
        BetReturned: "_bet_returned",
        HandRevealed: "_hand_revealed",
        HandShown: "_hand_shown",
        PotAwarded: "_pot_awarded",
        HandEnded: "_hand_ended",
        PlayerEliminated: "_player_eliminated",
        BlindsChanged: "_blinds_changed",
        GameEnded: "_game_ended",
    }

    # ------------------------------------------------------------------ entry point

    def narrate(self, event: Event) -> list[Message]:
        """The messages for one event, in order (possibly none)."""
        self.amounts.follow(event)
        messages: list[Message] = []
        held = self._held_pots
        if held and not (isinstance(event, PotAwarded) and event.winners == held[0].winners):
            messages = self._flush_pots()
        name = self._HANDLERS.get(type(event))
        if name is not None:
            handler: Callable[[Any], list[Message]] = getattr(self, name)
            messages += handler(event)
        return self._fast_fold(event, messages)

    def _fast_fold(self, event: Event, messages: list[Message]) -> list[Message]:
        """At brief verbosity, after the listener folded: the rest of the hand in one
        sentence at its end (``fold_summary``); the table context still follows every
        event (its handlers ran), only their words are left out."""
        summary = self._folded_summary
        if summary is None or self.verbosity > Verbosity.BRIEF:
            self._folded_summary = None
            if (
                isinstance(event, ActionTaken)
                and event.kind is ActionKind.FOLD
                and event.seat == self.listener_seat
                and self.verbosity <= Verbosity.BRIEF
            ):
                self._folded_summary = FoldSummary()
            return messages
        summary.note(event)
        kept = [message for message in messages if message.kind not in FOLDED_AWAY]
        if isinstance(event, HandEnded):
            self._folded_summary = None
            text = summary.sentence(self._catalog, self.lang, tuple(self.names), self.amounts)
            if text is not None:
                kept = [Message("fold_summary", text), *kept]
        return kept

    # ------------------------------------------------------------------ hand start

    def _hand_started(self, event: HandStarted) -> list[Message]:
        self._reset_hand(event)
        button_seated = event.button in event.seats_in_hand
        limit = self.hand_limit
        key = "hand.started" if limit is None else "hand.started.limit"
        fields: dict[str, object] = {"number": event.hand_number}
        if limit is not None:
            fields["limit"] = limit
        if not button_seated:
            opening = self._text(f"{key}.dead", **fields)
        else:
            opening = self._seat_text(key, event.button, **fields)
        sentences = [opening]
        if limit is not None and event.hand_number >= limit:
            sentences.append(self._text("hand.last"))
        if event.small_blind is None:
            sentences.append(self._text("hand.no_small_blind"))
        if event.ante and event.big_blind_ante:
            sentences.append(self._text("hand.big_blind_ante"))
        elif event.ante:
            sentences.append(self._text("hand.antes", amount=self._amount(event.ante)))
        messages = self._message("hand_started", sentences)
        position = (
            self.positions.get(self.listener_seat) if self.listener_seat is not None else None
        )
        if position is not None and position not in POSITIONS_SAID_ELSEWHERE:
            # Said with what it means ("the cutoff: the seat just before the button"), the
            # same every hand, so U's retelling of a hand matches what was said at the table.
            key = f"position.you.{position.value}"
            if position is Position.CUTOFF and not button_seated:
                # The button is on an empty seat: the cutoff acts last after the flop.
                key += ".dead_button"
            messages += self._message("hand_started", [self._text(key)], Verbosity.NORMAL)
        if self.listener_seat is None:  # watching: every seat's position, not just one
            seats = positions_sentence(event, self.names, self.lang)
            if seats is not None:
                messages += self._message("hand_started", [seats], Verbosity.NORMAL)
        # The chips, once a hand: here, before the blinds (not again when the hand ends).
        messages += self._message(
            "hand_started", [self._stacks_sentence(event.stacks)], Verbosity.VERBOSE
        )
        return messages

    def _stacks_sentence(self, stacks: Sequence[int]) -> str:
        """ "Chips: Ana with 200, Beto with 180 and you with 220." (the dealt-in seats)."""
        seats = self.hand.seats_in_hand if self.hand is not None else range(len(stacks))
        items = [
            self._text("stack.item.you", amount=self._amount(stacks[seat]))
            if seat == self.listener_seat
            else self._text(
                "stack.item.other", name=self._name(seat), amount=self._amount(stacks[seat])
            )
            for seat in seats
        ]
        return self._text("hand.stacks", stacks=self._catalog.join(items))

    def _ante_posted(self, event: AntePosted) -> list[Message]:
        self.pot += event.amount
        if not (self.hand is not None and self.hand.big_blind_ante):
            self._put_in(event.seat, event.amount)
        else:
            self.dead += event.amount  # a big blind ante is dead money
        if event.all_in:
            self.all_in.add(event.seat)
        fields = {"amount": self._amount(event.amount)}
        hand = self.hand
        if event.all_in:
            text, level = self._seat_text("ante.all_in", event.seat, **fields), Verbosity.BRIEF
        elif hand is not None and hand.big_blind_ante:
            text, level = self._seat_text("ante.big_blind", event.seat, **fields), Verbosity.NORMAL
        elif hand is not None and event.amount < hand.ante:
            text, level = self._seat_text("ante", event.seat, **fields), Verbosity.NORMAL
        else:  # a full regular ante: HandStarted said it for everyone
            text, level = self._seat_text("ante", event.seat, **fields), Verbosity.VERBOSE
        return self._message("ante_posted", [text], level)

    def _blind_posted(self, event: BlindPosted) -> list[Message]:
        self.pot += event.amount
        self._put_in(event.seat, event.amount)
        if event.all_in:
            self.all_in.add(event.seat)
        kind = "small" if event.kind is BlindKind.SMALL else "big"
        suffix = ".all_in" if event.all_in else ""
        text = self._seat_text(
            f"blind.{kind}{suffix}", event.seat, amount=self._amount(event.amount)
        )
        # Brief keeps the listener's own blinds and the all-in ones; the others are routine.
        mine = event.seat == self.listener_seat
        level = Verbosity.BRIEF if mine or event.all_in else Verbosity.NORMAL
        return self._message("blind_posted", [text], level)

    def _hole_cards_dealt(self, event: HoleCardsDealt) -> list[Message]:
        mine = event.seat == self.listener_seat
        if mine:
            self.hole_cards = tuple(event.cards)
        elif not self.reveal_hole_cards:
            return []  # secret: other seats' cards are never spoken
        text = self._seat_text("hole_cards", event.seat, cards=card_list(event.cards, self.lang))
        brief = self._seat_text(
            "hole_cards", event.seat, cards=card_list(event.cards, self.lang, brief=True)
        )
        return self._message("hole_cards_dealt", [text], braille=brief)

    def _card_burned(self, event: CardBurned) -> list[Message]:
        return self._message("card_burned", [self._text("burn")], Verbosity.VERBOSE)

    # ------------------------------------------------------------------ streets and turns

    def _street_dealt(self, event: StreetDealt) -> list[Message]:
        self.board = tuple(event.board)
        key = f"street.{_STREET_KEYS.get(event.street, 'flop')}"
        text = self._text(key, cards=card_list(event.cards, self.lang))
        brief = self._text(key, cards=card_list(event.cards, self.lang, brief=True))
        messages = self._message("street_dealt", [text], braille=brief)
        # Verbose adds the pot, not the board again (E says the board at any time).
        messages += self._message(
            "street_dealt",
            [self._text("street.pot", pot=self._amount(self.pot))],
            Verbosity.VERBOSE,
        )
        if self.announce_best_hand and self.listener_in_hand and len(self.hole_cards) == 2:
            best = self.best_hand_messages()
            said = [message.text for message in best]
            # When nobody can bet any more, a hand the new card did not change is not news.
            idle = self._cards_face_up or self.listener_seat in self.all_in
            if not (idle and said == self._best_said):
                messages += best
            self._best_said = said
        if len(self.revealed) > 1 and event.street is not Street.RIVER:
            # Said again only when the leader or their hand changed (not a kicker alone).
            ahead, key = self._ahead()
            if key != self._ahead_said:
                messages += self._message("street_dealt", [ahead], Verbosity.NORMAL)
            self._ahead_said = key
        return messages

    def _ahead(self) -> tuple[str, str]:
        """Who holds the best hand so far in an all-in runout (every live hand face up):
        'Ana is ahead with a flush, ace high.' (the listener's own hand was just said), and
        what it says leaving kickers out (to tell whether it is news)."""
        values = {seat: best_hand(cards, self.board)[0] for seat, cards in self.revealed.items()}
        top = max(value.strength for value in values.values())
        leaders = [seat for seat in sorted(values) if values[seat].strength == top]
        hand = hand_so_far(self.revealed[leaders[0]], self.board, self.lang, article=True)
        key = f"{leaders} {describe_hand(values[leaders[0]], self.lang, kicker=False)}"
        if len(leaders) > 1:
            names = self._names_list(leaders)
            return self._text("runout.ahead.tied", names=names, hand=hand), key
        return self._seat_text("runout.ahead", leaders[0], hand=hand), key

    def best_hand_messages(self) -> list[Message]:
        """The listener's best hand with the board so far (kind ``best_hand``); nothing
        before the flop or without cards. The UI's "best hand" key can use it too."""
        if len(self.hole_cards) != 2 or len(self.board) < 3:
            return []
        value, used = best_hand(self.hole_cards, self.board)
        key = "best_hand.you.board" if used == 0 else "best_hand.you"
        text = self._text(key, hand=describe_hand(value, self.lang, article=True))
        return self._message("best_hand", [text])

    def _action_required(self, event: ActionRequired) -> list[Message]:
        if event.seat != self.listener_seat:
            # Said before every bot action it doubled the words at normal verbosity; the
            # turn key still answers at any level.
            text = self._text("turn.other", name=self._name(event.seat))
            messages = self._message("action_required", [text], Verbosity.VERBOSE)
            if event.legal.raise_block is ErrorReason.RAISE_NOT_REOPENED:
                # Who may only call or fold after a short all-in, by name, when the engine
                # says so (a player whose last action was followed by a full raise may not).
                note = self._text("turn.not_reopened.other", name=self._name(event.seat))
                messages += self._message("action_required", [note], Verbosity.NORMAL)
            return messages
        return self.your_turn_messages(event.legal)

    def your_turn_messages(self, legal: LegalActions) -> list[Message]:
        """The listener's turn (kind ``your_turn``): what calling costs, the pot, and the
        legal choices with the bet or raise range (its minimum is the minimum raise)."""
        pot, cost = self._amount(legal.pot), self._amount(legal.to_call)
        choices = choices_text(self._catalog, legal, self.amounts)
        if self.verbosity <= Verbosity.BRIEF:  # brief: what calling costs and the choices
            if legal.can_call and not legal.can_check:
                key = (
                    "your_turn.brief.call_all_in"
                    if legal.call_is_all_in
                    else "your_turn.brief.call"
                )
                opening = self._text(key, amount=cost)
            else:
                opening = self._text("your_turn.brief.free")
            choice = self._text("your_turn.choices", choices=choices)
            return self._message("your_turn", [opening, choice], true_while=YOUR_TURN)
        if legal.can_check or not legal.can_call:
            opening = self._text("your_turn.free", pot=pot)
        elif legal.call_is_all_in:
            opening = self._text("your_turn.call_all_in", amount=cost, pot=pot)
        else:
            opening = self._text("your_turn.call", amount=cost, pot=pot)
        sentences = [opening]
        if legal.raise_block is ErrorReason.RAISE_NOT_REOPENED:
            sentences.append(self._text("turn.not_reopened.you"))
        sentences.append(self._text("your_turn.choices", choices=choices))
        if self.verbosity >= Verbosity.VERBOSE:
            sentences.append(self.amounts.counted(self._catalog, "your_turn.stack", legal.stack))
        # The prompt is true while the turn lasts: the router drops it when the turn ends.
        return self._message("your_turn", sentences, true_while=YOUR_TURN)

    # ------------------------------------------------------------------ actions

    def _action_taken(self, event: ActionTaken) -> list[Message]:
        self.pot = event.pot
        self._put_in(event.seat, event.amount)
        if event.kind is ActionKind.FOLD:
            self.folded.add(event.seat)
        if event.all_in:
            self.all_in.add(event.seat)
        key = f"action.{event.kind.value}"
        if event.all_in and event.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
            key += ".all_in"
        # One convention for amounts, as at a table and in hand histories: a call is the
        # chips added ("Carla calls 4"), with the round's total once when she already had
        # chips in ("Carla calls 4, 5 in all"); a bet or raise is its total ("raises to 8").
        # Brief leaves the total out.
        figure = event.amount if event.kind is ActionKind.CALL else event.to
        topped = event.kind is ActionKind.CALL and event.to > event.amount
        if topped and self.verbosity >= Verbosity.NORMAL:
            key += ".topped"
        sentences = [
            self._seat_text(
                key, event.seat, amount=self._amount(figure), total=self._amount(event.to)
            )
        ]
        if event.kind in (ActionKind.BET, ActionKind.RAISE):
            sentences += self._raise_level(event)
        messages = self._message("action_taken", sentences)
        if event.kind in (ActionKind.FOLD, ActionKind.CHECK):
            return messages  # no chips moved: the stack and the pot are as they were
        details = [
            self._seat_chips("action.stack", event.seat, event.stack, pot=self._amount(event.pot))
        ]
        return messages + self._message("action_taken", details, Verbosity.VERBOSE)

    def _raise_level(self, event: ActionTaken) -> list[str]:
        """A bet or raise all in for less than a full one says so (the engine's flag). Who
        may then only call or fold is said at each one's turn, from the engine's reason."""
        if event.full_raise:
            return []
        return [self._text(f"action.short_all_in.{event.kind.value}")]

    # ------------------------------------------------------------------ between hands

    def _hand_ended(self, event: HandEnded) -> list[Message]:
        flushed = self._flush_return()
        self._end_stacks = event.stacks
        ending = self._text("hand_ended", number=event.hand_number)
        sentences: list[str] = []
        seat = self.listener_seat
        hand = self.hand
        # The stack first, then the change: "You win 3" right after "You win the pot of 5"
        # would sound like a contradiction. With no chips left, "You are out of chips" follows.
        if (
            seat is not None
            and hand is not None
            and seat in hand.seats_in_hand
            and event.stacks[seat]
        ):
            net, stack = event.net[seat], event.stacks[seat]
            key = "won" if net > 0 else "lost" if net < 0 else "even"
            sentences.append(
                self.amounts.counted(
                    self._catalog, f"hand_ended.{key}", stack, change=self._amount(abs(net))
                )
            )
        # Brief keeps the listener's own result; the chips of everyone are said once a
        # hand, when the next one starts.
        if self.verbosity <= Verbosity.BRIEF:
            return flushed + self._message("hand_ended", sentences)
        return flushed + self._message("hand_ended", [ending, *sentences], Verbosity.NORMAL)

    def _player_eliminated(self, event: PlayerEliminated) -> list[Message]:
        self._places[event.seat] = event.place
        if event.seat in self._tie_told:
            return []  # said with the player it ties with
        place = ordinal(event.place, self.lang)
        tied = self._tied_out(event.seat)
        if len(tied) < 2:
            text = self._seat_text("eliminated", event.seat, place=place)
            return self._message("player_eliminated", [text])
        self._tie_told.update(tied)
        if self.listener_seat in tied:
            others = [self._name(seat) for seat in tied if seat != self.listener_seat]
            text = self._text("eliminated.tied.you", names=self._catalog.join(others), place=place)
        else:
            text = self._text("eliminated.tied.other", names=self._names_list(tied), place=place)
        return self._message("player_eliminated", [text])

    def _tied_out(self, seat: int) -> list[int]:
        """The seats out in this hand with the same place as ``seat``: the engine ranks
        players out together by their chips at the start of the hand, equal chips tie."""
        hand, after = self.hand, self._end_stacks
        if hand is None or after is None or seat >= len(after):
            return [seat]
        before = hand.stacks
        return [
            other
            for other in hand.seats_in_hand
            if other < len(after) and after[other] == 0 and before[other] == before[seat]
        ]

    def _blinds_changed(self, event: BlindsChanged) -> list[Message]:
        fields = {
            "small": self.amounts.chips(event.small_blind_amount, self.lang),
            "big": self.amounts.chips(event.big_blind_amount, self.lang),
        }
        if event.ante:
            text = self._text(
                "blinds_changed.ante", ante=self.amounts.chips(event.ante, self.lang), **fields
            )
        else:
            text = self._text("blinds_changed", **fields)
        return self._message("blinds_changed", [text])

    def _game_ended(self, event: GameEnded) -> list[Message]:
        # The winner's stack is said in chips in either unit: its sentence says "chips".
        winners = event.winners
        sentences: list[str] = []
        if len(winners) > 1:
            sentences.append(
                self._text(
                    "game.limit.tie",
                    names=self._names_list(winners),
                    stack=amount(event.stacks[winners[0]]),  # "... with 400 chips each"
                )
            )
        elif winners:
            key = "game.limit" if event.reason is GameEndReason.HAND_LIMIT else "game.won"
            sentences.append(
                self._seat_text(key, winners[0], stack=amount(event.stacks[winners[0]]))
            )
        places = finishing_places(event.standings, event.stacks, self._places)
        standings = [
            self._seat_text(
                "standing.item" if event.stacks[seat] else "standing.item.out",
                seat,
                place=ordinal(places[seat], self.lang),
                stack=self._amount(event.stacks[seat]),
            )
            for seat in event.standings
        ]
        if standings:
            joined = standings[0]
            for item in standings[1:]:
                joined = self._text("list.semicolon", first=joined, next=item)
            sentences.append(self._text("game.standings", standings=joined))
        return self._message("game_ended", sentences)
