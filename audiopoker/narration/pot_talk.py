"""The showdown and the pots in words: hands shown and turned up, the chips nobody called,
who wins each pot and why (every tied and every beaten player named), one sentence for one
winner of several pots."""

from __future__ import annotations

from audiopoker.engine.events import (
    BetReturned,
    HandRevealed,
    HandShown,
    PotAwarded,
)
from audiopoker.evaluator import HandValue
from audiopoker.narration.explain import count_word, every_beaten, reason_sentences
from audiopoker.narration.reckoning import pot_count, pot_levels
from audiopoker.narration.table_context import TableTalk
from audiopoker.narration.words import (
    card_list,
    describe_hand,
    hand_so_far,
    rank_list,
)
from audiopoker.output.message import Message, Verbosity
from audiopoker.showdown import decide, plays_the_board, significance

_SIDE_POT_ORDINALS = 9  # ten players make at most nine side pots


class PotTalk(TableTalk):
    """The narration of the end of a hand's betting: uncalled chips, hands, pots."""

    def _bet_returned(self, event: BetReturned) -> list[Message]:
        self.pot -= event.amount
        self._put_in(event.seat, -event.amount)
        hand = self.hand
        if hand is not None and all(
            seat in self.folded for seat in hand.seats_in_hand if seat != event.seat
        ):
            # Everyone else folded: the pot follows, and both are said in one sentence.
            self._held_return = event
            return []
        return self._returned_message(event)

    def _returned_message(self, event: BetReturned) -> list[Message]:
        text = self._seat_chips("returned", event.seat, event.amount)
        return self._message("bet_returned", [text])

    def _flush_return(self) -> list[Message]:
        """The held returned chips, said on their own (no uncontested pot followed)."""
        held, self._held_return = self._held_return, None
        return self._returned_message(held) if held is not None else []

    # ------------------------------------------------------------------ showdown

    def _hand_revealed(self, event: HandRevealed) -> list[Message]:
        self._cards_face_up = True
        self.revealed[event.seat] = tuple(event.cards)
        # What the hand makes so far is said as it turns up, not only at the showdown.
        hand = hand_so_far(event.cards, self.board, self.lang)
        text = self._seat_text(
            "revealed", event.seat, cards=card_list(event.cards, self.lang), hand=hand
        )
        brief = self._seat_text(
            "revealed", event.seat, cards=card_list(event.cards, self.lang, brief=True), hand=hand
        )
        return self._message("hand_revealed", [text], braille=brief)

    def _hand_shown(self, event: HandShown) -> list[Message]:
        self.shown[event.seat] = event
        hand = describe_hand(event.value, self.lang)
        shows = self._seat_text(
            "shown", event.seat, cards=card_list(event.cards, self.lang), hand=hand
        )
        brief = self._seat_text(
            "shown", event.seat, cards=card_list(event.cards, self.lang, brief=True), hand=hand
        )
        ranks = rank_list(significance(event.value), self.lang)
        if self._plays_board(event):
            best = self._seat_text("shown.board", event.seat, ranks=ranks)
        else:
            best = self._text("shown.best", ranks=ranks)
        if self.verbosity <= Verbosity.BRIEF:  # brief: the cards and the hand, not the five
            return self._message("hand_shown", [shows], braille=brief)
        messages = self._message("hand_shown", [shows, best], braille=f"{brief} {best}")
        if event.hole_cards_used and not self._plays_board(event):
            key = "shown.uses_one" if event.hole_cards_used == 1 else "shown.uses_both"
            messages += self._message(
                "hand_shown", [self._seat_text(key, event.seat)], Verbosity.VERBOSE
            )
        return messages

    def _plays_board(self, shown: HandShown) -> bool:
        return shown.hole_cards_used == 0 or plays_the_board(shown.value, self.board)

    def _pot_name(self, index: int) -> str | None:
        """ "Main pot", then "Side pot" (one side pot) or "First side pot", "Second side pot"
        (several); None for a single pot. Ordinals, not "Side pot 1, 400", so two numbers
        are never read one after the other.

        The pots are the live seats' contribution levels (as the engine builds them)."""
        if self._pot_count is None:
            self._pot_count = max(self._pot_count_now(), index + 1)
        if self._pot_count < 2:
            return None
        if index == 0:
            return self._text("pot.main")
        if self._pot_count == 2:
            return self._text("pot.side.only")
        if index <= _SIDE_POT_ORDINALS:
            return self._text(f"pot.side.{index}")
        return self._text("pot.side", number=index)

    def _dealt_in(self) -> tuple[int, ...]:
        return tuple(self.hand.seats_in_hand) if self.hand is not None else ()

    def _pot_count_now(self) -> int:
        return pot_count(self.contributed, self.folded, self.dead, self._dealt_in())

    def _pot_awarded(self, event: PotAwarded) -> list[Message]:
        pot = self._pot_name(event.pot_index)
        total = self._amount(event.amount)
        held = self._held_return
        if held is not None and event.uncontested and event.winners == (held.seat,):
            # Everyone else folded: the chips nobody called and the pot, in one sentence;
            # no "pot of 0" when the returned chips were all there was (a dead small blind).
            self._held_return = None
            if event.amount == 0:
                text = self._seat_chips("pot.returned_only", held.seat, held.amount)
            elif self.verbosity <= Verbosity.BRIEF:  # brief: who wins how much
                text = self._seat_text("pot.uncontested", held.seat, amount=total)
            else:
                key = "pot.uncontested.returned"
                text = self._seat_chips(key, held.seat, held.amount, amount=total)
            return self._message("pot_awarded", [text])
        messages = self._flush_return()
        if len(event.winners) == 1:
            self._held_pots.append(event)
            if self._wins_the_next_pot(event):
                # The same winner's pots are told in one sentence with the last of them;
                # why this pot was won is told now, with the pot whose players it names.
                return messages + self._why_messages(event)
            return messages + self._flush_pots()
        return messages + self._award_messages(event, pot, total)

    def _wins_the_next_pot(self, event: PotAwarded) -> bool:
        """The only winner of a pot also wins the next one when it put in more than this
        pot's cap: the next pot's players are some of this one's, all beaten by it."""
        levels = pot_levels(self.contributed, self.folded, self.dead, self._dealt_in())
        index = event.pot_index
        seat = event.winners[0]
        return index + 1 < len(levels) and self.contributed.get(seat, 0) > levels[index]

    def _flush_pots(self) -> list[Message]:
        """The held pots of one winner: one pot as usual, several in one sentence ("Ana
        wins all three pots with …: 40, 20 and 8.")."""
        held, self._held_pots = self._held_pots, []
        if len(held) == 1:
            event = held[0]
            return self._award_messages(
                event, self._pot_name(event.pot_index), self._amount(event.amount)
            )
        seat = held[0].winners[0]
        values = [self._won_with(event) for event in held]
        size = "two" if len(held) == 2 else "many"
        fields: dict[str, object] = {
            "amounts": self._catalog.join([self._amount(event.amount) for event in held]),
            "count": count_word(len(held), self.lang),
        }
        first = values[0]
        if first is not None and all(value == first for value in values):
            hand = describe_hand(first, self.lang, article=True)
            text = self._seat_text(f"pots.one_winner.hand.{size}", seat, hand=hand, **fields)
        else:
            text = self._seat_text(f"pots.one_winner.{size}", seat, **fields)
        # Why each held pot was won was told with it (a side pot decided the same way, by
        # some of the same players, says nothing new); the last one's is told here.
        return self._message("pot_awarded", [text]) + self._why_messages(held[-1])

    def _won_with(self, event: PotAwarded) -> HandValue | None:
        """The hand that won a one-winner pot; None when no hand won it (the others
        folded, or only the winner could win it)."""
        seat = event.winners[0]
        value = event.winning_value
        if value is None and seat in self.shown:
            value = self.shown[seat].value
        if event.uncontested or len(event.eligible) == 1:
            return None
        return value

    def _award_messages(self, event: PotAwarded, pot: str | None, total: str) -> list[Message]:
        """One pot's sentences: who wins it (how much, with what, shares and odd chips)
        and why."""
        sentences: list[str] = []
        if len(event.winners) == 1:
            seat = event.winners[0]
            value = event.winning_value
            if value is None and seat in self.shown:
                value = self.shown[seat].value
            # A pot only one player could win was not won by a hand (others folded there).
            if event.uncontested or value is None or len(event.eligible) == 1:
                if pot is None:
                    sentences.append(self._seat_text("pot.uncontested", seat, amount=total))
                else:
                    sentences.append(
                        self._seat_text("pot.named.uncontested", seat, pot=pot, amount=total)
                    )
            else:
                hand = describe_hand(value, self.lang, article=True)
                if pot is None:
                    sentences.append(self._seat_text("pot.win", seat, amount=total, hand=hand))
                else:
                    sentences.append(
                        self._seat_text("pot.named.win", seat, pot=pot, amount=total, hand=hand)
                    )
        else:
            sentences.append(self._split_sentence(event, pot, total))
            sentences += self._odd_chip_sentences(event)
        return self._message("pot_awarded", sentences) + self._why_messages(event)

    def _why_messages(self, event: PotAwarded) -> list[Message]:
        messages: list[Message] = []
        if not event.uncontested:
            why = self._why(event)
            # A side pot won by the same players over players already named as beaten (or
            # decided in the same words) is not told twice.
            winners = frozenset(event.winners)
            losers = {seat for seat in event.eligible if seat in self.shown} - winners
            told_winners, told_losers = self._why_told
            repeated = winners == told_winners and losers <= told_losers
            if why and not repeated and not set(why) <= set(self._last_why):
                messages += self._message("pot_awarded", why, Verbosity.NORMAL)
                self._last_why = why
                self._why_told = (winners, losers)
        return messages

    def _split_sentence(self, event: PotAwarded, pot: str | None, total: str) -> str:
        names = self._names_list(event.winners)
        fields: dict[str, object] = {"amount": total, "names": names}
        if pot is not None:
            fields["pot"] = pot
        if len(set(event.shares)) == 1:
            key = "pot.named.split" if pot is not None else "pot.split"
            return self._text(key, share=self._amount(event.shares[0]), **fields)
        shares = [
            self._text("share.item.you", amount=self._amount(share))
            if seat == self.listener_seat
            else self._text("share.item", amount=self._amount(share), name=self._name(seat))
            for seat, share in zip(event.winners, event.shares, strict=True)
        ]
        key = "pot.named.split.uneven" if pot is not None else "pot.split.uneven"
        return self._text(key, shares=self._catalog.join(shares), **fields)

    def _odd_chip_sentences(self, event: PotAwarded) -> list[str]:
        seats = event.odd_chip_seats
        if not seats:
            return []
        if tuple(seats) == (self.listener_seat,):
            return [self._text("pot.odd_chip.you")]
        names = self._catalog.join([self._name(seat) for seat in seats])
        return [self._catalog.plural("pot.odd_chip", len(seats), names=names)]

    def _why(self, event: PotAwarded) -> list[str]:
        seats = [seat for seat in event.eligible if seat in self.shown]
        if len(seats) < 2:
            return []
        shown = [self.shown[seat] for seat in seats]
        values = [entry.value for entry in shown]
        winners, reason = decide(values, [self._plays_board(entry) for entry in shown])
        if {seats[index] for index in winners} != set(event.winners):
            return []  # the engine knows better (it never disagrees in practice)
        you = seats.index(self.listener_seat) if self.listener_seat in seats else None
        names = [self._name(seat) for seat in seats]
        sentences = reason_sentences(reason, values, names, self.lang, you, len(winners))
        return sentences + every_beaten(reason, values, winners, names, self.lang, you)
