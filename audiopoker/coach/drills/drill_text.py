"""Every sentence of the drills, from the ``drill`` catalogs
(``audiopoker/coach/locale/{en,es}/LC_MESSAGES/drill.po``).

Cards, hands, ranks and the showdown's reasons come from the narration, in the words the
table uses; this module adds the questions, the verdicts, the odds and the outs in words,
the score and the statistics. A question is a list of parts (each one message, so the
arrows walk them), each with its braille form (cards as letters).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from audiopoker.cards import Card
from audiopoker.coach.drills.decide import Decision
from audiopoker.coach.drills.drill_base import Choice, DrillKind, Score, whole_percent
from audiopoker.coach.drills.mistakes import MistakeQuestion, Shape
from audiopoker.coach.drills.odds import (
    TOLERANCE,
    Ask,
    GroupKind,
    OddsQuestion,
    OutGroup,
    group_outs,
    unseen,
)
from audiopoker.coach.drills.rankings import Level, RankingQuestion
from audiopoker.coach.drills.showdowns import ShowdownQuestion
from audiopoker.evaluator import Category
from audiopoker.i18n import Catalog, Language, get_catalog
from audiopoker.narration.catalog import get_catalog as narration_catalog
from audiopoker.narration.explain import count_word, hand_lines, player_names, verdict_line
from audiopoker.narration.words import (
    card_list,
    card_name,
    describe_hand,
    rank_gender,
    rank_list,
    rank_name,
)
from audiopoker.showdown import ReasonKind

DRILL_DOMAIN: Final = "drill"
DRILL_LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
RECENT_DAYS: Final = 7  # the statistics compare the last week with what came before

# (speech, braille) of one message.
Part = tuple[str, str]


class DrillText:
    """The drills' sentences in one language."""

    def __init__(self, lang: Language = "en") -> None:
        self.lang: Language = lang
        self.catalog: Catalog = get_catalog(lang, DRILL_DOMAIN, DRILL_LOCALE_DIR)
        self.table = narration_catalog(lang)

    def _(self, key: str, /, **fields: object) -> str:
        return self.catalog.text(key, **fields)

    def _n(self, key: str, count: int, /, **fields: object) -> str:
        return self.catalog.plural(key, count, **fields)

    def _cards(self, cards: Sequence[Card], key: str, /, **fields: object) -> Part:
        """One sentence with ``{cards}``, in words and in letters."""
        return (
            self._(key, cards=card_list(cards, self.lang), **fields),
            self._(key, cards=card_list(cards, self.lang, brief=True), **fields),
        )

    # --- the round --------------------------------------------------------------------
    def name(self, kind: DrillKind) -> str:
        """'Showdown drill' / 'Práctica de mostrar las cartas'."""
        return self._(f"drill.name.{kind.value}")

    def welcome(self, kind: DrillKind, count: int, keys: dict[str, str]) -> str:
        """What the drill is, how to answer, and the help key. ``keys``: the spoken names
        of the split, confirm, next and help keys."""
        return self._n(f"drill.welcome.{kind.value}", count, points=TOLERANCE, **keys)

    def header(self, number: int, count: int) -> str:
        """'Question 3 of 10.'"""
        return self._("drill.question.number", number=number, count=count)

    def right(self, score: Score) -> str:
        """'Right. 7 of 9, streak 3.'"""
        return self._("drill.right", right=score.right, asked=score.asked, streak=score.streak)

    def wrong(self, score: Score) -> str:
        """'Wrong. 6 of 9.'"""
        return self._("drill.wrong", right=score.right, asked=score.asked)

    def next_prompt(self, key: str, last: bool) -> str:
        """'Press Enter for the next question.' (for your score, after the last)."""
        return self._("drill.next.last" if last else "drill.next", next=key)

    def summary(
        self, score: Score, count: int, saved: bool, decisions: Score | None = None
    ) -> list[str]:
        """The end of the round: right answers, share and best streak; the odds drill's
        call-or-fold decisions (``decisions``, when any); that it is kept."""
        fields = {
            "right": score.right,
            "asked": score.asked,
            "count": count,
            "percent": score.percent,
            "streak": score.best_streak,
        }
        if not score.asked:
            return [self._("drill.summary.none")]
        key = "drill.summary" if score.asked >= count else "drill.summary.partial"
        lines = [self._(key, **fields)]
        if decisions is not None and decisions.asked:
            lines.append(
                self._("drill.decide.summary", right=decisions.right, asked=decisions.asked)
            )
        if saved:
            lines.append(self._("drill.saved"))
        return lines

    def cannot_save(self, fault: str) -> str:
        """'This drill is not kept in your statistics. {fault}' (``fault``: what went wrong
        and what to do, in words; never the system's own text)."""
        return self._("drill.cannot_save", fault=fault)

    def stats_too_new(self) -> str:
        """'Your statistics were written by a newer version of audiopoker: ...'"""
        return self._("drill.cannot_save.too_new")

    # --- showdown ---------------------------------------------------------------------
    def showdown_question(self, question: ShowdownQuestion, count: int, split: str) -> list[Part]:
        """The board, each player's cards, and the question."""
        header = self.header(question.number, count)
        board, board_brief = self._cards(question.board, "drill.question.board")
        parts: list[Part] = [(f"{header} {board}", f"{header} {board_brief}")]
        names = player_names(len(question.hands), self.lang)
        parts += [
            self._cards(hand, "drill.question.player", name=name)
            for name, hand in zip(names, question.hands, strict=True)
        ]
        size = "three" if len(question.hands) == 3 else "two"
        ask = self._(f"drill.showdown.ask.{size}", split=split)
        return [*parts, (ask, ask)]

    def showdown_why(self, question: ShowdownQuestion) -> list[str]:
        """The showdown explainer's sentences: who wins and why, then each hand."""
        return [verdict_line(question.result, self.lang), *hand_lines(question.result, self.lang)]

    # --- ranking ----------------------------------------------------------------------
    def ranking_question(self, question: RankingQuestion, count: int, split: str) -> list[Part]:
        """Both hands, then the question."""
        header = self.header(question.number, count)
        first, first_brief = self._cards(question.hands[0], "drill.question.hand", number=1)
        second = self._cards(question.hands[1], "drill.question.hand", number=2)
        ask = self._("drill.ranking.ask", split=split)
        return [(f"{header} {first}", f"{header} {first_brief}"), second, (ask, ask)]

    def ranking_why(self, question: RankingQuestion) -> list[str]:
        """Which hand ranks higher, with both hands named, then why in one sentence."""
        reason = question.reason
        values = question.values
        if reason.kind is ReasonKind.SPLIT:
            hand = describe_hand(values[0], self.lang, article=True)
            return [self._("drill.ranking.tie", hand=hand), self._("drill.why.tie")]
        assert reason.loser is not None
        winner, loser = values[reason.winner], values[reason.loser]
        verdict = self._(
            "drill.ranking.higher",
            number=reason.winner + 1,
            winner_hand=describe_hand(winner, self.lang, article=True),
            loser_hand=describe_hand(loser, self.lang, article=True),
        )
        levels = question.levels
        if levels[reason.winner] is Level.ROYAL_FLUSH:
            why = self._("drill.rule.royal_flush")
        elif reason.kind is ReasonKind.HIGHER_CATEGORY:
            why = self.table.text(f"why.category.{winner.category.key}.{loser.category.key}")
        elif reason.kind is ReasonKind.HIGHER_RANK:
            why = self._(f"drill.rule.{winner.category.key}")
        else:
            why = self._side_card(question)
        return [verdict, why]

    def _side_card(self, question: RankingQuestion) -> str:
        """'Both have a pair of eights; the kicker decides: ace against king.'"""
        reason = question.reason
        assert reason.winner_card is not None and reason.loser_card is not None
        hand = describe_hand(question.values[reason.winner], self.lang, article=True, kicker=False)
        cards = {
            "winner_card": rank_name(reason.winner_card, self.lang),
            "loser_card": rank_name(reason.loser_card, self.lang),
        }
        if reason.kind is ReasonKind.NEXT_CARD:
            if reason.shared:
                shared = rank_list(reason.shared, self.lang)
                hand = self.table.text("hand.with_cards", hand=hand, cards=shared)
            return self._("drill.why.next_card", hand=hand, **cards)
        if reason.shared:
            shared = rank_list(reason.shared, self.lang)
            hand = self.table.plural(
                "hand.with_kickers", len(reason.shared), hand=hand, cards=shared
            )
            return self._("drill.why.kicker.next", hand=hand, **cards)
        return self._("drill.why.kicker", hand=hand, **cards)

    # --- odds -------------------------------------------------------------------------
    def target(self, category: Category) -> str:
        """'a flush or better'"""
        return self._(f"drill.target.{category.key}")

    def odds_question(self, question: OddsQuestion, count: int, confirm: str) -> list[Part]:
        """Your cards, the board, the pot and the bet, then what is asked."""
        header = self.header(question.number, count)
        cards, cards_brief = self._cards(question.hole, "drill.odds.cards")
        street = "flop" if len(question.board) == 3 else "turn"
        board = self._cards(question.board, f"drill.odds.board.{street}")
        pot = self._("drill.odds.pot", call=question.call, pot=question.pot)
        ask = self._(
            f"drill.odds.ask.{question.ask.value}",
            target=self.target(question.target),
            confirm=confirm,
        )
        return [(f"{header} {cards}", f"{header} {cards_brief}"), board, (pot, pot), (ask, ask)]

    def odds_why(self, question: OddsQuestion, given: int) -> list[str]:
        """What was typed against the answer, then the numbers and the outs in words."""
        lines = [self._("drill.odds.given", given=given, percent=question.said)]
        if question.ask is Ask.POT_ODDS:
            total = question.pot + question.call
            lines.append(
                self._(
                    "drill.odds.why.pot_odds",
                    call=question.call,
                    pot=question.pot,
                    total=total,
                    percent=question.said,
                )
            )
            return lines
        outs = len(question.outs)
        lines.append(self._n("drill.odds.outs", outs, cards=self.outs_words(question)))
        if question.ask is Ask.NEXT_CARD:
            lines.append(
                self._(
                    "drill.odds.why.next_card",
                    outs=outs,
                    unseen=question.unseen_count,
                    percent=question.said,
                )
            )
            lines.append(self._("drill.odds.estimate.two", estimate=question.estimate))
        else:
            lines.append(self._("drill.odds.why.river", percent=question.said))
            key = "drill.odds.estimate.four_less" if outs > 8 else "drill.odds.estimate.four"
            lines.append(self._(key, estimate=question.estimate))
        return lines

    def outs_words(self, question: OddsQuestion) -> str:
        """'the nine hearts and the three other tens'"""
        groups = group_outs(question.outs, unseen(question.hole, question.board))
        return self.table.join([self._group(group) for group in groups])

    def _group(self, group: OutGroup) -> str:
        first = group.cards[0]
        count = count_word(len(group.cards), self.lang)
        if group.kind is GroupKind.SUIT:
            return self._(f"drill.outs.suit.{first.suit.name.lower()}", count=count)
        gender = rank_gender(first.rank, self.lang)
        if group.kind is GroupKind.CARD:
            return self._(f"drill.outs.card.{gender}", card=card_name(first, self.lang))
        ranks = rank_name(first.rank, self.lang, plural=True)
        return self._(f"drill.outs.{group.kind.value}.{gender}", count=count, ranks=ranks)

    # --- the odds drill's decision --------------------------------------------------------
    def decide_ask(self, call: str, fold: str) -> str:
        """'So, call or fold? C calls, F folds.'"""
        return self._("drill.decide.ask", call=call, fold=fold)

    def decide_refuse(self, call: str, fold: str) -> str:
        """'Answer call or fold first: C calls, F folds.'"""
        return self._("drill.decide.refuse", call=call, fold=fold)

    def decided(self, decision: Decision, choice: Choice) -> list[str]:
        """Right or wrong with the better answer, then why in numbers."""
        right = decision.right.name.lower()
        if decision.even:
            verdict = self._("drill.decide.even")
        elif decision.judge(choice):
            verdict = self._(f"drill.decide.right.{right}")
        else:
            verdict = self._(f"drill.decide.wrong.{right}")
        why = "even" if decision.even else right
        numbers = {"need": decision.need, "have": decision.have}
        return [verdict, self._(f"drill.decide.why.{why}", **numbers)]

    # --- the drill from your mistakes -------------------------------------------------
    def kind_name(self, kind: str) -> str:
        """'calling too wide'"""
        return self._(f"drill.mistakes.kind.{kind}")

    def mistakes_welcome(self, count: int, kind: str, keys: dict[str, str]) -> str:
        """What the drill trains and how to answer (``keys``: next and help)."""
        return self._n("drill.welcome.mistakes", count, kind=self.kind_name(kind), **keys)

    def mistakes_none(self, coach: str, costly: bool = False) -> str:
        """Nothing to drill: no decision kept (or none that cost), and what to do."""
        return self._(
            "drill.mistakes.none_costly" if costly else "drill.mistakes.none", coach=coach
        )

    def mistakes_cannot_read(self, fault: str) -> str:
        """The decisions cannot be read: nothing to drill, and why in words."""
        return self._("drill.mistakes.cannot_read", fault=fault)

    def mistakes_question(
        self, question: MistakeQuestion, count: int, keys: dict[str, str]
    ) -> list[Part]:
        """Where the cards come from and your cards, the board, the bet or check, and
        what to choose (``keys``: the spoken call, fold, bet_key and check keys)."""
        header = self.header(question.number, count)
        origin = question.origin
        if origin is None:
            source = self._("drill.mistakes.fresh")
        else:
            loss = round(origin.loss)
            source = self._n(
                "drill.mistakes.origin",
                loss,
                hand=origin.hand_number,
                date=origin.played_at[:10],
                loss=loss,
            )
        cards, cards_brief = self._cards(question.hole, "drill.odds.cards")
        street = {3: "flop", 4: "turn"}.get(len(question.board), "river")
        board = self._cards(question.board, f"drill.mistakes.board.{street}")
        shape = question.shape.value
        spot = self._(f"drill.mistakes.{shape}", bet=question.bet, pot=question.pot)
        ask = self._(f"drill.mistakes.ask.{shape}", bet=question.bet, **keys)
        first = f"{header} {source} {cards}", f"{header} {source} {cards_brief}"
        return [first, board, (spot, spot), (ask, ask)]

    def mistakes_refuse(self, question: MistakeQuestion, key: str, keys: dict[str, str]) -> str:
        """A key that answers nothing here: which keys do."""
        return self._(f"drill.mistakes.refuse.{question.shape.value}", key=key, **keys)

    def mistakes_why(self, question: MistakeQuestion) -> list[str]:
        """The coach's choice, the numbers behind it and the rule that decides."""
        right = question.right
        coach = self._(f"drill.mistakes.coach.{right.name.lower()}", bet=question.bet)
        numbers = {
            "bet": question.bet,
            "pot": question.pot,
            "total": question.pot + question.bet,
            "share": question.share,
            "have": whole_percent(question.chance),
            "need": whole_percent(question.price),
        }
        why = self._(f"drill.mistakes.why.{question.shape.value}", **numbers)
        if question.even:
            rule = "call_even" if question.shape is Shape.FACING_BET else "bet_even"
        else:
            rule = right.name.lower()
        return [coach, why, self._(f"drill.mistakes.so.{rule}")]

    # --- statistics -------------------------------------------------------------------
    def stats_title(self) -> str:
        """'Drills:'"""
        return self._("drill.stats.title")

    def stats_line(
        self, kind: DrillKind, sessions: int, answers: int, right: int, best: int
    ) -> str:
        """'Odds drill: 3 sessions; questions answered: 30; right: 70 percent; best streak: 6.'"""
        percent = whole_percent(100 * right / answers) if answers else 0
        return self._n(
            "drill.stats.line",
            sessions,
            name=self.name(kind),
            answers=answers,
            percent=percent,
            streak=best,
        )

    def stats_trend(self, recent: tuple[int, int], before: tuple[int, int]) -> str | None:
        """The last RECENT_DAYS days against the days before, as (right, answers) each;
        None when one of the two has no answers."""
        if not recent[1] or not before[1]:
            return None
        now = whole_percent(100 * recent[0] / recent[1])
        then = whole_percent(100 * before[0] / before[1])
        fields = {"days": RECENT_DAYS, "recent": now, "before": then}
        if now == then:
            return self._("drill.stats.trend.same", **fields)
        key = "drill.stats.trend.up" if now > then else "drill.stats.trend.down"
        return self._n(key, abs(now - then), **fields)

    def stats_none_recent(self) -> str:
        """'Nothing in the last 7 days.'"""
        return self._("drill.stats.none_recent", days=RECENT_DAYS)

    # --- keys ---------------------------------------------------------------------------
    def ask_quit(self, key: str) -> str:
        """'Press Q again to end the drill.'"""
        return self._("drill.ask.quit", key=key)

    def quit_cancelled(self, key: str | None = None) -> str:
        """'The drill goes on.' (and the key pressed did nothing)."""
        if key is None:
            return self._("drill.ask.cancelled")
        return self._("drill.ask.interrupted", key=key)

    def no_choice(self, kind: DrillKind, number: int, hands: int, split: str) -> str:
        """A number key that names no hand: which keys answer."""
        if kind is DrillKind.RANKING:
            return self._("drill.refuse.no_hand", number=number, split=split)
        size = "three" if hands == 3 else "two"
        return self._(f"drill.refuse.no_player.{size}", number=number, split=split)

    def wait_for_next(self, key: str, last: bool) -> str:
        """An answer key after the answer was told: press next."""
        return self._("drill.refuse.wait.last" if last else "drill.refuse.wait", next=key)

    def typed_empty(self, confirm: str) -> str:
        """'Type a percentage first, from 0 to 100, then Enter.'"""
        return self._("drill.type.empty", confirm=confirm)

    def typed_too_long(self, confirm: str, delete: str) -> str:
        """'At most three digits: Enter answers, Backspace deletes.'"""
        return self._("drill.type.too_long", confirm=confirm, delete=delete)

    def typed_too_high(self, value: int) -> str:
        """'140 is more than 100: type a percentage from 0 to 100.'"""
        return self._("drill.type.too_high", value=value)

    def help_title(self, count: int) -> str:
        """'Drill keys: {count} lines.'"""
        return self._n("drill.help.title", count)

    def help_action(self, action: str) -> str:
        """What a drill key does, for help."""
        return self._(f"drill.help.{action}")

    def lesson_title(self, count: int) -> str:
        """'The hands, from best to worst: {count} lines.'"""
        return self._n("drill.lesson.title", count)
