"""The coach at the table: K on the player's turn, Y for the review of the last hand.

``CoachService`` follows the game as a listener (on the conductor's thread). It keeps the
player's coach for the whole game, its opponent model fed every event the player's seat may
see (as a bot's is). At each of the player's turns it builds the player's view from those
events and starts the advice on a worker thread at once: the game waits for the player,
so K usually finds it ready. When the player acts, the action and the coach's suggestion
are valued (``coach.review``) before the model hears of the action; when the hand is
settled its review is kept, and said as table messages when the review setting is on
(bots wait for them as for any table message). The advice is computed once per decision,
in order, so the coach's generator is used the same way whatever keys are pressed: with
``--seed`` the answers and the reviews are reproducible.

``CoachKeys`` answers the keys on the key loop's thread. K on the player's turn: the first
answer (price, chance, suggestion); K again for the same decision: the detail (hand, outs,
opponents, ranges, every option's value) and, after the flop, behind it a list of what each
opponent's range holds on this board, one line per opponent (``coach.range_words``): the
arrows walk it, Escape or any other key leaves it (``ui.browse``); again: the first answer;
a new decision starts over. Off the turn: who is to act. An answer still being computed is
dropped if another key was pressed meanwhile or the turn went by: the newer answer is the
one the player asked for. Y: the review of the last hand ended. It sees the controller as a
``CoachHost``, only what it uses of it: the controller imports this module, and this module
nothing of the controller's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Final, Protocol

from audiopoker.bots.equity import ids
from audiopoker.coach.advice import COACH_DEALS, Advice, Coach, estimate_seats
from audiopoker.coach.advice_words import catalog as coach_catalog
from audiopoker.coach.advice_words import detail_answer, first_answer, idle_answer
from audiopoker.coach.option_values import OptionValues, spot_rng
from audiopoker.coach.range_classes import RangeClasses, count_classes
from audiopoker.coach.range_words import board_line, board_title
from audiopoker.coach.review import (
    REVIEW_THRESHOLD_BB,
    Decision,
    HandReview,
    review_decision,
    values_at,
)
from audiopoker.coach.review_words import nothing_yet, review_sentences, watching
from audiopoker.engine.actions import Action, ActionKind, LegalActions, Street
from audiopoker.engine.events import ActionRequired, ActionTaken, Event, HandEnded, HandStarted
from audiopoker.engine.table import Table
from audiopoker.engine.view import PlayerView, ShownHand, build_view, shown_hands_of
from audiopoker.i18n import Language
from audiopoker.narration.amounts import Amounts
from audiopoker.output.message import Message
from audiopoker.persistence.decisions import GRADE_NAMES, DecisionRecord
from audiopoker.ui.browse import ListKeys
from audiopoker.ui.key_host import KeyHost

log = logging.getLogger(__name__)

COACH_BUDGET: Final = 0.15  # seconds per advice in live play (issue 13: p95 under 150 ms)
TURN_WAIT: Final = 0.2  # seconds K waits for a turn the conductor is announcing right now
REVIEW_KIND: Final = "review"  # the table messages of the review
BOARD_KIND: Final = "coach"  # the list of what each range holds on the board


@dataclass(slots=True)
class Turn:
    """One decision of the player: its choices, the view, and the advice once started."""

    legal: LegalActions
    view: PlayerView
    advice: Future[Advice] | None = field(default=None)


class CoachService:
    """The player's coach during a game (see the module docstring).

    ``seat``: the player's. ``rng``: the coach's generator (drawn from the game's seed).
    ``send``: where the review's table messages go (None: never said unasked).
    ``speak_review``: say the review at the end of each hand (a preference). ``budget``:
    seconds per advice, None for the iteration caps only (reproducible). ``eager``: start
    the advice as soon as the turn comes (False: at the first K or when the player acts).
    """

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        lang: Language,
        *,
        send: Callable[[Message], None] | None = None,
        speak_review: bool = False,
        budget: float | None = None,
        deals: int = COACH_DEALS,
        threshold: float = REVIEW_THRESHOLD_BB,
        eager: bool = True,
    ) -> None:
        self.seat = seat
        self.lang = lang
        self.coach = Coach(rng, deals=deals)
        self.speak_review = speak_review
        self.amounts = Amounts()  # the side gives its own: the review in the player's unit
        self.budget = budget
        self.threshold = threshold
        self.eager = eager
        self._send = send
        self._lock = threading.Lock()  # the coach and its model: one user at a time
        self._changed = threading.Condition()  # guards _turn and each turn's future
        self._turn: Turn | None = None
        self._events: list[Event] = []  # this hand's events the player may see
        self._shown: list[ShownHand] = []  # hands shown in earlier hands (for views)
        self._decisions: list[Decision] = []
        self._hand = 0
        self.last_review: HandReview | None = None  # the last hand ended
        # Where each finished hand's decisions are kept (the recorder's record_decisions,
        # for the error rate over sessions); None: not kept.
        self.keep: Callable[[int, Sequence[DecisionRecord]], None] | None = None

    # --- the conductor's thread ---------------------------------------------------------
    def on_event(self, event: Event) -> None:
        """Follow the game: views, the model, the player's decisions."""
        if not event.visible_to(self.seat):
            return
        if isinstance(event, HandStarted):
            self._events, self._decisions, self._hand = [], [], event.hand_number
        self._events.append(event)
        if isinstance(event, ActionTaken) and event.seat == self.seat:
            self._decided(event)  # valued with the reads of the moment it was made
        with self._lock:
            self.coach.model.observe(event)
        if isinstance(event, ActionRequired) and event.seat == self.seat:
            self._new_turn(event.legal)
        elif isinstance(event, HandEnded):
            self._shown.extend(shown_hands_of(self._events))

    def on_hand_finished(self, table: Table) -> None:
        """The hand is settled (the conductor, after its last events): ``finish_hand``."""
        self.finish_hand()

    def finish_hand(self) -> None:
        """Keep the hand's review; say it when the setting is on and there is something
        to review (table messages: bots wait until they are heard)."""
        review = HandReview(self._hand, tuple(self._decisions), self.threshold)
        self.last_review = review
        graded = [d for d in review.decisions if d.graded]  # after the flop: review_decision
        if self.keep is not None and graded:
            try:
                self.keep(review.hand_number, [decision_record(d) for d in graded])
            except Exception:  # the statistics miss this hand's decisions; the game goes on
                log.exception("the decisions of hand %s were not kept", review.hand_number)
        if self.speak_review and self._send is not None and review.decisions:
            for sentence in review_sentences(review, self.lang, self.amounts):
                self._send(Message(REVIEW_KIND, sentence))

    def _new_turn(self, legal: LegalActions) -> None:
        turn = Turn(legal, build_view(self.seat, self._events, self._shown))
        with self._changed:
            self._turn = turn
            self._changed.notify_all()
        if self.eager:
            self.start(turn)

    def _decided(self, event: ActionTaken) -> None:
        turn = self._turn
        if turn is None or turn.view.hand_number != self._hand:
            return
        try:
            advice = self.start(turn).result()
        except Exception:  # the game goes on; the review only misses this decision
            log.exception("the coach failed at hand %s", self._hand)
            return
        aggressive = event.kind in (ActionKind.BET, ActionKind.RAISE)
        action = Action(event.kind, event.to if aggressive else None)
        with self._lock:
            decision = review_decision(self.coach.bot, turn.view, advice, action, event.all_in)
        self._decisions.append(decision)

    # --- the advice, on a worker thread ------------------------------------------------
    def start(self, turn: Turn) -> Future[Advice]:
        """The advice for ``turn``: started now if it was not yet (once per turn)."""
        with self._changed:
            if turn.advice is not None:
                return turn.advice
            future: Future[Advice] = Future()
            turn.advice = future
        thread = threading.Thread(
            target=self._advise, args=(turn.view, future), name="audiopoker-coach", daemon=True
        )
        thread.start()
        return future

    def _advise(self, view: PlayerView, future: Future[Advice]) -> None:
        try:
            with self._lock:
                deadline = None if self.budget is None else time.perf_counter() + self.budget
                advice = self.coach.advise(view, deadline)
        except BaseException as error:  # handed to whoever waits for it
            future.set_exception(error)
        else:
            future.set_result(advice)

    def values_for(self, legal: LegalActions, advice: Advice) -> OptionValues | None:
        """Every option of the pending decision ``legal`` valued and graded (K twice), or
        None when that turn is gone. Drawn from a generator of the spot's own, so asking
        changes nothing the review will say."""
        with self._changed:
            turn = self._turn
        if turn is None or turn.legal is not legal:
            return None
        if turn.view.street is Street.PREFLOP:
            # One street's values before the flop would call a flat call of ace-king a
            # blunder: the preflop answer rests on the chart and its reason instead.
            return None
        with self._lock:
            return values_at(self.coach.bot, turn.view, advice, rng=spot_rng(turn.view))

    def board_ranges(self, legal: LegalActions) -> list[tuple[int, RangeClasses]] | None:
        """After the flop, what each opponent still in holds on this board (by table seat),
        counted over the very combos the advice for ``legal`` assumed (the estimator's
        cache for this decision point, with the same reads); None before the flop or when
        that turn is gone."""
        with self._changed:
            turn = self._turn
        if turn is None or turn.legal is not legal or not turn.view.board:
            return None
        view, bot = turn.view, self.coach.bot
        board = ids(view.board)
        with self._lock:
            return [
                (seat, count_classes(bot.ranges.range_of(view, seat, bot.read(view, seat)), board))
                for seat in estimate_seats(view)
            ]

    def advice_for(self, legal: LegalActions, wait: float = TURN_WAIT) -> Future[Advice] | None:
        """The advice for the player's pending decision ``legal`` (the seat's), started
        if need be; None when the conductor has not announced that turn."""
        with self._changed:
            ready = self._changed.wait_for(
                lambda: self._turn is not None and self._turn.legal is legal, wait
            )
            turn = self._turn
        if turn is None or not (ready or turn.legal == legal):  # asked again after a refusal
            return None
        return self.start(turn)


def decision_record(decision: Decision) -> DecisionRecord:
    """``decision`` as the statistics keep it: streets, actions and cards as words of
    notation, the loss in big blinds (``Decision.cost``), and the coach's grade when the
    decision carries one."""
    advice = decision.advice
    suggested = advice.as_action()
    grade = getattr(decision, "grade", None)  # the coach's own grade, once it gives one
    grade = getattr(grade, "value", grade)
    return DecisionRecord(
        street=advice.street.name.lower(),
        action=decision.action.kind.value,
        amount=decision.action.to,
        suggested=suggested.kind.value,
        suggested_amount=suggested.to,
        reason=advice.reason.value,
        loss=round(decision.cost, 3),
        big_blind=decision.big_blind,
        hole=" ".join(str(card) for card in advice.hole),
        board=" ".join(str(card) for card in advice.board),
        grade=grade if isinstance(grade, str) and grade in GRADE_NAMES else None,
    )


class CoachHost(KeyHost, Protocol):
    """What the coach's keys use of the controller (``audiopoker.ui.controller``)."""

    @property
    def lists(self) -> ListKeys:
        """The open list's keys (the board's ranges are walked as a list)."""
        ...

    @property
    def presses(self) -> int:
        """Keys handled so far: an answer still computing yields to a newer key."""
        ...

    def say(self, text: str) -> None:
        """Say one answer."""
        ...

    def say_many(self, texts: Sequence[str], kind: str) -> None:
        """Several answers: the first interrupts, the rest queue behind it."""
        ...


class CoachKeys:
    """K and Y for one controller; ``service`` None (watching, or a test without one):
    K says who is to act and Y that there is nothing to review."""

    def __init__(self, controller: CoachHost, service: CoachService | None = None) -> None:
        self.c = controller
        self.service = service
        self._first_said: LegalActions | None = None  # the decision K answered first

    @property
    def lang(self) -> Language:
        return self.c.text.lang

    def coach(self) -> None:
        """K: the coach's answer for this decision, or who is to act."""
        legal = self.c.seat.pending if self.c.seat is not None else None
        future = None
        if legal is not None and self.service is not None:
            future = self.service.advice_for(legal)
        if legal is None or future is None:
            self.c.say(self.idle())
            return
        detail = self._first_said is legal
        pressed = self.c.presses

        def deliver() -> None:
            seat = self.c.seat
            if self.c.presses != pressed or seat is None or seat.pending is not legal:
                return  # the player moved on: the newer key's answer stands
            try:
                advice = future.result()
            except Exception:
                log.exception("the coach failed")
                return
            if detail:
                self._first_said = None
                names = [s.name for s in self.c.state.snapshot().seats]
                values = self.service.values_for(legal, advice) if self.service else None
                amounts = self.c.text.amounts
                self.c.say(detail_answer(advice, self.lang, names, values, amounts))
                self._board_list(legal, names)
            else:
                self._first_said = legal
                self.c.say(first_answer(advice, self.lang, self.c.text.amounts))

        when_done(future, deliver)

    def _board_list(self, legal: LegalActions, names: Sequence[str]) -> None:
        """Behind the detail, after the flop: a line per opponent of what its range holds
        on this board, as a list the arrows walk (its first line follows the detail)."""
        found = self.service.board_ranges(legal) if self.service is not None else None
        if not found:
            return
        lines = [
            board_line(_name(seat, names, self.lang), classes, self.lang) for seat, classes in found
        ]
        title = board_title(len(lines), self.lang)
        self.c.lists.open_texts(BOARD_KIND, title, lines, behind=True)

    def idle(self) -> str:
        """Off the player's turn: who is to act, or why nothing is to decide."""
        snap = self.c.state.snapshot()
        me = snap.my_seat
        if snap.hand_running and me is not None and (not me.in_hand or me.folded):
            return idle_answer(self.lang, in_hand=False)
        if snap.hand_running and snap.actor is not None and snap.actor != snap.me:
            return idle_answer(self.lang, snap.seats[snap.actor].name)
        running = snap.hand_running and snap.game_over is None
        return idle_answer(self.lang, running=running)

    def review(self) -> None:
        """Y: the review of the last hand ended, a sentence per costly decision."""
        if self.c.seat is None:
            self.c.say(watching(self.lang))
            return
        review = self.service.last_review if self.service is not None else None
        if review is None:
            self.c.say(nothing_yet(self.lang))
            return
        self.c.say_many(review_sentences(review, self.lang, self.c.text.amounts), "answer")


def _name(seat: int, names: Sequence[str], lang: Language) -> str:
    """The player's name at ``seat``, or 'Seat 3' as the detail says it."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return coach_catalog(lang).text("coach.seat", number=seat + 1)


def when_done(future: Future[Advice], deliver: Callable[[], None]) -> None:
    """Run ``deliver`` once ``future`` is done, on the key loop's thread: now when it is
    done already; else when the worker finishes (the loop stays free for other keys).
    Outside a key loop (a direct call) it waits here."""
    if future.done():
        deliver()
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        future.exception()  # waits; the error, if any, is told by ``deliver``
        deliver()
        return

    def back_to_the_loop(_: object) -> None:
        with contextlib.suppress(RuntimeError):  # the key loop has closed: nobody to tell
            loop.call_soon_threadsafe(deliver)

    future.add_done_callback(back_to_the_loop)
