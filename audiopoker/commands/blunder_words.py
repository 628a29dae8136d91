"""The words of the blunder review (``audiopoker stats --blunders`` in a terminal), from
the ``commands`` catalogs (``stats.review.*``, and ``stats.blunder.did/coach.*`` shared
with the printed list), whole sentences in each language and vocabulary. The coach's
reason is said in the coach's own words (``coach.reason.*`` and ``coach.kind.*``): the
reason kept with the decision, without the numbers of the moment, which are not kept.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Final

from audiopoker import i18n
from audiopoker.cards import parse_cards
from audiopoker.coach.advice import KINDS, Reason
from audiopoker.coach.advice_words import catalog as coach_catalog
from audiopoker.commands.blunder_spot import Problem
from audiopoker.commands.decision_words import LOCALE_DIR, whole
from audiopoker.engine.actions import LegalActions
from audiopoker.narration.explain import count_word
from audiopoker.narration.language import Language
from audiopoker.narration.words import amount, card_list
from audiopoker.persistence.blunder_hands import BlunderHand
from audiopoker.persistence.decisions import BLUNDER_BB, DecisionRecord, mistake_kind

# The kinds of mistake the review names (``stats.review.kind.*``).
NAMED_KINDS: Final = frozenset(
    {"calls_too_wide", "folds_too_often", "bets_into_strength", "missed_value", "wrong_size"}
)


class ReviewText:
    """The review's sentences in one language."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang
        self.catalog = i18n.get_catalog(lang, "commands", LOCALE_DIR)

    def _(self, key: str, /, **fields: object) -> str:
        return self.catalog.text(key, **fields)

    # --- the list ---------------------------------------------------------------------
    def title(self, count: int) -> str:
        """'Your blunders: 3 decisions that cost 2 big blinds or more, newest first.'"""
        least = amount(int(BLUNDER_BB))
        return self.catalog.plural("stats.review.title", count, least=least)

    def walk(self, previous: str, next: str, choose: str, leave: str) -> str:
        """'Up arrow and Down arrow walk them; Enter replays ...; Escape or Q leaves.'"""
        return self._("stats.review.walk", previous=previous, next=next, choose=choose, leave=leave)

    def date(self, played_at: str, today: datetime.date) -> str:
        """'3 May' ('3 de mayo'), with the year when it is not this year's."""
        try:
            day = datetime.date.fromisoformat(played_at[:10])
        except ValueError:
            return played_at[:10]
        month = self._(f"stats.review.month.{day.month}")
        if day.year == today.year:
            return self._("stats.review.date", day=day.day, month=month)
        return self._("stats.review.date.year", day=day.day, month=month, year=day.year)

    def item(self, hand: BlunderHand, today: datetime.date) -> tuple[str, str]:
        """'Hand 12 of 3 May: on the turn with ... on the board, you called; it cost 6 big
        blinds.', and the same with the cards as letters for braille."""
        blunder = hand.blunder
        r = blunder.record
        said: list[str] = []
        for brief in (False, True):
            hole = parse_cards(r.hole) if r.hole else ()
            board = parse_cards(r.board) if r.board else ()
            said.append(
                self.catalog.plural(
                    f"stats.review.item.{r.street}",
                    whole(r.loss),
                    hand=blunder.hand_number,
                    date=self.date(blunder.played_at, today),
                    hole=card_list(hole, self.lang, brief),
                    board=card_list(board, self.lang, brief),
                    did=self.did(r),
                )
            )
        return said[0], said[1]

    def did(self, record: DecisionRecord) -> str:
        """'you called', 'you raised to 40'."""
        return self._action("did", record.action, record.amount)

    def _action(self, who: str, action: str, chips: int | None) -> str:
        fields = {"amount": amount(chips)} if chips is not None else {}
        return self._(f"stats.blunder.{who}.{action}", **fields)

    def problem(self, problem: Problem, hand: BlunderHand) -> str:
        """Why this hand cannot be replayed, in one sentence."""
        name = hand.history_file or ""
        return self._(f"stats.review.{problem.value}", hand=hand.blunder.hand_number, file=name)

    # --- asked again --------------------------------------------------------------------
    def options(self, legal: LegalActions) -> list[str]:
        """The actions the player had, as the review's keys answer them: check or call,
        bet or raise when it was open, fold."""
        first = "check" if legal.can_check else "call"
        middle = [legal.raise_kind.value] if legal.raise_kind is not None else []
        return [first, *middle, "fold"]

    def choices(self, keys: Sequence[tuple[str, str]]) -> str:
        """'C call, R raise, F fold' from (action, key said) pairs."""
        return ", ".join(self._(f"stats.review.key.{action}", key=key) for action, key in keys)

    def ask(self, legal: LegalActions, choices: str) -> str:
        """'Your move: 10 to call, with 38 in the pot. C call, R raise, F fold.'"""
        if legal.can_check:
            return self._("stats.review.ask.check", pot=amount(legal.pot), choices=choices)
        return self._(
            "stats.review.ask.call",
            to_call=amount(legal.to_call),
            pot=amount(legal.pot),
            choices=choices,
        )

    def cannot_raise(self, choices: str) -> str:
        """'You could not bet or raise there. C call, F fold.'"""
        return self._("stats.review.cannot_raise", choices=choices)

    # --- the answer judged ----------------------------------------------------------------
    def told(self, record: DecisionRecord, now: str, players: int) -> list[str]:
        """What the player did then, the coach's choice and why, the kind of mistake, and
        whether ``now`` (the action answered) agrees with the coach."""
        lines = [self._("stats.review.then", did=self.did(record))]
        coach = self._action("coach", record.suggested, record.suggested_amount)
        reason = self.reason(record.reason, players)
        if reason is None:
            lines.append(self._("stats.review.coach.plain", coach=coach))
        else:
            lines += [self._("stats.review.coach", coach=coach, reason=reason[0]), reason[1]]
        if record.kind in NAMED_KINDS:  # agreed or other: no kind worth naming
            lines.append(self._(f"stats.review.kind.{record.kind}"))
        agreed = mistake_kind(now, record.suggested) == "agreed"
        verdict = "agree" if agreed else "disagree"
        lines.append(self._(f"stats.review.{verdict}", now=self._(f"stats.review.now.{now}")))
        return lines

    def reason(self, key: str, players: int) -> tuple[str, str] | None:
        """The coach's reason as a clause and its kind as a sentence ('your chance is below
        the price', 'The reason is pot odds: ...'); None for a reason this version does not
        know."""
        try:
            reason = Reason(key)
        except ValueError:
            return None
        words = coach_catalog(self.lang)
        clause = words.text(f"coach.reason.{key}", players=count_word(players, self.lang))
        return clause, words.text(f"coach.kind.{KINDS[reason].value}")

    def back(self, keys: str) -> str:
        """'Enter or Escape goes back to the list.'"""
        return self._("stats.review.back", keys=keys)

    def unknown(self, key: str, what: str) -> str:
        """'X does nothing here.' and what the keys do."""
        return self._("stats.review.unknown", key=key, what=what)

    def closed(self) -> str:
        """'Blunders closed.'"""
        return self._("stats.review.closed")
