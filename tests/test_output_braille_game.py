"""The braille and speech proof over a whole game (issue 23): the real game (Session, its
router built by the factory as ``audiopoker play`` builds it) plays 20 hands against two
bots, speaking through a real Speech Dispatcher at 5 ms a character (the shared recorder)
and showing every message on a real BRLTTY ``tt`` display in tmux (brltty_support), in
Spanish and in English. A scripted player acts at each of its turns (every other one while
its prompt is still being said) and asks for its cards and the pot in a few hands; from hand
11 on it also pans the display Left and Right now and then while messages come.

The display's text row is sampled all along and held against what the game sent to braille
and when, and when each pan key reached it (braille_check_support):

- only what was sent shows; the table's messages never go back to an older one, and none
  shows after a newer one was sent: the display is never more than one message behind
  (only the newest waits; speech at this pace outruns the display's 1.5 s minimum, so most
  messages are replaced while they wait, as the pager does: the history keeps them);
- the newest shows once the one shown has stayed its minimum, once the player stopped
  panning for the hold, or at once when they pan past the end; while they pan their message
  stays (the hold is stretched to 6 s in the panning hands and 4 s are required, so a slow
  machine cannot make that red); the last message ("Goodbye") shows in the end;
- an answer to a key shows at once, and cards show in the language's suit letters;
- on the speech side, a prompt still being said when the game took the player's action is
  cut there and never started again, and their own action is said next (nothing before it;
  the seconds are printed). The player acts a tenth of a second into the prompt's voice; a
  key the game took only once the voice had finished (a loaded machine) is counted, and the
  prompt must then have ended before the game acted.

The numbers are printed (run with -s). About 70 s a language on a 2-core machine.
"""

from __future__ import annotations

import dataclasses
import io
import json
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from braille_check_support import (
    AT_ONCE,
    SLACK,
    Log,
    Sent,
    check_display,
    check_speech,
    sample,
    wall,
    watch,
)
from brltty_support import CELLS, Display, brltty_display, brltty_marks
from session_harness import Running, running
from speechd_support import TimedRecorder, timed_recorder

from audiopoker.output.backends import PairBackend
from audiopoker.output.braille import BrlapiBackend
from audiopoker.output.braille_display import HOLD_SECONDS, segments
from audiopoker.output.factory import build_router
from audiopoker.output.router import Router
from audiopoker.ui.session import Settings

pytestmark = [
    *brltty_marks(),
    # The Speech Dispatcher client's reader thread ends with SystemExit when it is closed.
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]

MS_PER_CHAR = 5
HANDS = 20
PANS_FROM = 11  # the hand from which the player pans now and then
ANSWERS_IN = (2, 5, 8)  # hands in which the player asks for its cards, then the pot
HOLD_WHILE_PANNING = 6.0  # the pager's hold in the panning hands (HOLD_SECONDS required)
# Seconds from an action key to the player's own action being said, at most: far below the
# 3.6 to 4.6 s a prompt said to its end first took (issue 23), far above the 20 to 350 ms
# measured idle and under CI's load (the number is printed: a timing goal, not a test).
OWN_ACTION_WITHIN = 2.0
INTO_PROMPT = 0.1  # seconds into the prompt's voice when a hasty player acts
GAME_DEADLINE = 240.0


# --- the player ---------------------------------------------------------------------------


def prompt_of(game: Running, turn: int, log: Log) -> Sent:
    """The ``turn``-th turn prompt (from 0), once it was sent to speech and braille."""

    def started() -> Sent | None:
        prompts = [r for r in game.records() if r["kind"] == "your_turn" and not r["answer"]]
        if len(prompts) <= turn:
            return None
        record = prompts[turn]
        sent = wall(record) - 0.01
        return next((s for s in log.sent if s.text == record["text"] and s.time >= sent), None)

    found = poll(started, "the turn prompt on its way")
    assert isinstance(found, Sent)
    return found


def poll(check: Callable[[], object], what: str, seconds: float = 30.0) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def said_from(recorder: TimedRecorder, text: str, since: float) -> float | None:
    """When the voice began ``text`` (sent at ``since`` or later), once it has."""
    return next(
        (u.start for u in recorder.utterances() if u.text == text and u.start >= since), None
    )


def said_whole(recorder: TimedRecorder, text: str, since: float) -> bool:
    return any(u.text == text and u.start >= since and u.end for u in recorder.utterances())


def ask(game: Running, log: Log, key: str) -> None:
    """A query key; its answer is checked against the display afterwards."""
    log.answer_keys.append((time.time(), key))
    game.pipe.send_text(key)
    time.sleep(0.5)


def play(game: Running, recorder: TimedRecorder, log: Log) -> int:
    """Act at every turn until the game ends; the number of turns played."""
    turn = 0
    asked: set[int] = set()
    deadline = time.monotonic() + GAME_DEADLINE
    while time.monotonic() < deadline:
        poll(lambda: game.my_turn() or game.finished, "the player's turn or the end", 60)
        if game.finished:
            return turn
        prompt = prompt_of(game, turn, log)
        snap = game.session.state.snapshot()
        legal = snap.actor_legal
        assert legal is not None and legal.seat == 0
        asking = snap.hand_number in ANSWERS_IN and snap.hand_number not in asked
        hasty = turn % 2 == 0 and not asking
        if hasty:
            voiced = partial(said_from, recorder, prompt.text, prompt.time - 0.5)
            began = poll(voiced, "the prompt's voice")
            assert isinstance(began, float)
            time.sleep(max(0.0, began + INTO_PROMPT - time.time()))
        else:
            heard = partial(said_whole, recorder, prompt.text, prompt.time - 0.5)
            poll(heard, "the prompt said to its end")
        if asking:
            asked.add(snap.hand_number)
            ask(game, log, "d")
            ask(game, log, "p")
        # Check, or call the big blind; fold to a raise: 20 hands stay short.
        key = "c" if legal.can_check or legal.to_call <= snap.big_blind else "f"
        log.actions.append((time.time(), prompt.text, hasty))
        assert game.play_turn([key]), "the game ended in the middle of a turn"
        turn += 1
    raise AssertionError("the game did not end in time")


# --- the player's pans ----------------------------------------------------------------------


class Panner:
    """From hand PANS_FROM on, pans now and then, each time once a message waits behind the
    one shown: a reader who pans Left twice and stops (the newest shows once the hold is
    over), and, twice as often, one who pans Left and then Right past the end (the newest
    shows at once)."""

    def __init__(self, game: Running, brl: BrlapiBackend, display: Display, log: Log) -> None:
        self.game, self.brl, self.display, self.log = game, brl, display, log
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="panner", daemon=True)

    def _run(self) -> None:
        try:
            self._pan_now_and_then()
        except Exception as error:
            self.log.problems.append(f"the panner failed: {error!r}")

    def _pan_now_and_then(self) -> None:
        while self.game.session.state.snapshot().hand_number < PANS_FROM:
            if self.stop.wait(0.05):
                return
        self.brl.pager.hold = self.log.panning_hold = HOLD_WHILE_PANNING
        self.log.panning_from = time.time()
        burst = 0
        while not self.stop.wait(0.8 + (burst % 2) * 0.6):
            burst += 1
            self.pan("Left")
            if not self._something_waits():
                continue
            if burst % 3 == 1:
                self.stop.wait(0.7)
                self.pan("Left")  # and then nothing: the newest shows after the hold
                self._stop_panning()
            else:
                self.stop.wait(0.3)
                self._pan_past_the_end()

    def pan(self, key: str) -> None:
        count = len(self.log.pans)
        self.display.press(key)
        poll(lambda: len(self.log.pans) > count, f"{key} to reach the game", 10.0)

    def _something_waits(self) -> bool:
        deadline = time.monotonic() + 5.0
        while not self.stop.is_set() and time.monotonic() < deadline:
            if self.brl.pager.waiting is not None:
                return True
            time.sleep(0.02)
        return False

    def _stop_panning(self) -> None:
        """Note how long after the last pan the display moved on, unless the message read
        was taken back (a prompt whose turn ended: the waiting one shows at once)."""
        pager = self.brl.pager
        reading, line, last = pager.text, pager.line, self.log.pans[-1]
        moved = self._moved(len(self.log.samples), line, HOLD_WHILE_PANNING + SLACK + 5.0)
        if moved is None:
            if not self.stop.is_set() and pager.waiting is not None:
                self.log.problems.append(f"{pager.waiting!r} never showed after the pans")
            return
        taken_back = [t for t, text in self.log.withdrawn if text == reading and t > last]
        if not any(t <= moved for t in taken_back):
            self.log.stops.append(moved - last)

    def _pan_past_the_end(self) -> None:
        """Right until the pan brings the newest (noted: how soon the display moved);
        never past the end with nothing waiting (that tells the pager the player is done,
        and the next message then shows at once)."""
        pager = self.brl.pager
        for _ in range(8):  # a message has at most a few segments
            text, line, (index, count) = pager.text, pager.line, pager.position
            if index + 1 >= count and pager.waiting is None:
                return
            start = len(self.log.samples)
            self.pan("Right")
            if pager.text != text:
                moved = self._moved(start, line, 10.0)
                if self.stop.is_set():
                    return  # the game is over
                assert moved is not None, "the newest did not show on a pan past the end"
                self.log.pans_past_end.append(moved - self.log.pans[-1])
                return

    def _moved(self, start: int, line: str, seconds: float) -> float | None:
        """When the display first showed something else than ``line`` after sample
        ``start`` (None: not within ``seconds``, or the panner was stopped)."""
        deadline = time.monotonic() + seconds
        while not self.stop.is_set() and time.monotonic() < deadline:
            later = self.log.samples[start:]
            moved = next((s.end for s in later if s.text not in ("", line)), None)
            if moved is not None:
                return moved
            time.sleep(0.02)
        return None


# --- the test -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def display() -> Iterator[Display]:
    with brltty_display() as shown:
        yield shown


@pytest.fixture
def recorder() -> Iterator[TimedRecorder]:
    with timed_recorder(MS_PER_CHAR) as started:
        yield started


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_whole_game_on_the_real_display_and_voice(
    display: Display,
    recorder: TimedRecorder,
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    for name, value in {**display.brlapi_env, **recorder.env}.items():
        monkeypatch.setenv(name, value)

    def make_router(transcript: io.StringIO) -> Router:
        return build_router(
            "screenreader",
            transcript,
            lang,
            echo=False,
            stream=io.StringIO(),
            screen_reader="speech-dispatcher",
        )

    # No reminders: the player acts within a second anyway.
    settings = Settings(players=3, seed=7, lang=lang, bot_delay=0.0, remind=0, hands=HANDS)
    log = Log()
    stop = threading.Event()
    began = time.monotonic()
    with running(settings, make_router=make_router) as game:
        backend = game.router.backend
        assert isinstance(backend, PairBackend), game.router.backend.name
        brl = backend.braille_backend
        assert isinstance(brl, BrlapiBackend), brl.name
        watch(brl, log, monkeypatch)
        sampler = threading.Thread(target=sample, args=(display, log, stop), daemon=True)
        sampler.start()
        panner = Panner(game, brl, display, log)
        panner.thread.start()
        try:
            turns = play(game, recorder, log)
            poll(lambda: game.finished, "the end of the game", 60)
            panner.stop.set()
            panner.thread.join(10)
            last = segments(log.sent[-1].text, CELLS)[0]  # "Goodbye", once its time comes
            deadline = time.monotonic() + HOLD_WHILE_PANNING + SLACK + 5
            while log.samples[-1].text != last and time.monotonic() < deadline:
                time.sleep(0.05)
            pager = brl.pager
            at_end = f"shown {pager.line!r}, waiting {pager.waiting!r}, due {pager.due()}"
        finally:
            panner.stop.set()
            stop.set()
            panner.thread.join(10)
            sampler.join(10)
        records = game.records()
        hands = game.chips.hands
    seconds = time.monotonic() - began
    kept = tmp_path / f"braille-{lang}.json"  # what was sent and shown, for a failure
    kept.write_text(json.dumps(dataclasses.asdict(log), ensure_ascii=False), encoding="utf-8")
    report = check_display(log, lang)
    own = check_speech(log, records, recorder.utterances())
    hasty = len(own.cut)
    print(
        f"\n{lang}: {hands} hands, {turns} turns ({hasty} cut mid-prompt, {own.late} keys the "
        f"game took once the prompt was said) in {seconds:.0f} s; "
        f"{len(log.samples)} samples; {report.checked} table messages checked, "
        f"{report.shown} shown, {report.passed_over} passed over; max behind "
        f"{report.max_behind} (sent after the one shown: {report.max_sent_behind} at most); "
        f"newest waited at most {report.max_wait:.2f} s without pans; {len(log.pans)} pans "
        f"({len(log.done_pans)} past the end with nothing waiting); the newest in "
        f"{max(log.pans_past_end, default=0):.2f} s at most after {len(log.pans_past_end)} "
        f"pans past the end, {min(log.stops, default=0):.1f}-{max(log.stops, default=0):.1f} s "
        f"after {len(log.stops)} stops; answers in {max(report.answers, default=0):.2f} s at "
        f"most; {report.cards} cards shown; own action said {max(own.cut, default=0) * 1000:.0f} "
        "ms after the key at most"
    )
    assert not log.problems, log.problems
    assert log.samples[-1].text == last, f"the last message never showed: {at_end}"
    assert not report.problems, (report.problems[:10], str(kept))
    assert hands == HANDS
    assert report.checked > 100 and report.shown > 15 and report.cards > 0
    assert len(report.answers) == len(log.answer_keys) >= 4
    assert len(log.pans) >= 6 and log.pans_past_end
    assert max(log.pans_past_end) <= AT_ONCE
    assert log.stops and all(
        HOLD_SECONDS <= moved <= HOLD_WHILE_PANNING + SLACK for moved in log.stops
    ), log.stops
    assert hasty >= 5
    assert max(own.cut) <= OWN_ACTION_WITHIN
