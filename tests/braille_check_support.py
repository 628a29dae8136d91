"""Holding a real braille display against what the game sent it, over a whole game.

:func:`watch` notes, on the game's own BrlAPI backend, every message the speech queue sends
to the display (table messages and answers), every message taken back and every pan key
that reached the game; :func:`sample` reads the display's text row (BRLTTY's ``tt`` pane,
brltty_support) all along. :func:`check_display` then checks the pager's promises on what
the display really showed, :func:`check_speech` the recorder's side of the same turns.

Times are the game's own (when it sent, when a pan reached it) and the samples' (read
between ``start`` and ``end``), with slack for the display's delay: a loaded machine makes
the display later, which the slack absorbs, never earlier.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field

import pytest
from brltty_support import CELLS, Display
from speechd_support import Utterance

from audiopoker.output.braille import BrlapiBackend
from audiopoker.output.braille_display import HOLD_SECONDS, MINIMUM_SECONDS, Pan, segments

LATENCY = 0.5  # seconds from a write to BrlAPI to the pane showing it: generous
SLACK = 1.5  # seconds beyond a rule's time before a waiting message is late
AT_ONCE = 1.0  # seconds within which "at once" is on the display (a key's answer, a pan)
SAMPLE_EVERY = 0.03  # seconds between two readings of the display
SUITS = {"es": set("pcdt"), "en": set("shdc")}  # docs/style.md, "Cards on braille"
CARD = re.compile(r"(?<![\w])(?:10|[2-9AKQJ])([a-z])(?![\w])")


@dataclass(frozen=True)
class Sent:
    """One message sent to braille (a table message, or an answer to a key)."""

    time: float
    text: str
    answer: bool


@dataclass(frozen=True)
class Sample:
    """The display's text row, read between ``start`` and ``end``."""

    start: float
    end: float
    text: str


@dataclass
class Log:
    """What the game sent to the display and when, what the display showed, the keys."""

    sent: list[Sent] = field(default_factory=list)
    withdrawn: list[tuple[float, str]] = field(default_factory=list)
    pans: list[float] = field(default_factory=list)  # when each pan key reached the game
    done_pans: list[float] = field(default_factory=list)  # Right past the end, nothing waiting
    samples: list[Sample] = field(default_factory=list)
    answer_keys: list[tuple[float, str]] = field(default_factory=list)
    actions: list[tuple[float, str, bool]] = field(default_factory=list)  # key, prompt, hasty
    pans_past_end: list[float] = field(default_factory=list)  # pan to the newest, seconds
    stops: list[float] = field(default_factory=list)  # last pan to the newest, seconds
    panning_from: float = float("inf")  # when the hold was stretched
    panning_hold: float = HOLD_SECONDS  # ... to this
    problems: list[str] = field(default_factory=list)  # from the helper threads


def watch(brl: BrlapiBackend, log: Log, monkeypatch: pytest.MonkeyPatch) -> None:
    """Note every message the speech queue sends to the display, every one taken back and
    every pan key the game gets, and which pans told the pager the player is done (Right
    past the end with nothing waiting: the next message then shows at once). The calls
    themselves go on unchanged."""
    braille, withdraw, pager = brl.braille, brl.withdraw, brl.pager
    pan = pager.pan

    def sent(text: str, interrupt: bool = False) -> None:
        moment = time.time()
        braille(text, interrupt)
        log.sent.append(Sent(moment, text, interrupt))

    def taken_back(text: str) -> None:
        moment = time.time()
        withdraw(text)
        log.withdrawn.append((moment, text))

    def panned(direction: Pan) -> str | None:
        index, count = pager.position  # called with the backend's lock held
        done = direction is Pan.RIGHT and index + 1 >= count and pager.waiting is None
        line = pan(direction)
        moment = time.time()
        if done:
            log.done_pans.append(moment)
        log.pans.append(moment)
        return line

    monkeypatch.setattr(brl, "braille", sent)
    monkeypatch.setattr(brl, "withdraw", taken_back)
    monkeypatch.setattr(pager, "pan", panned)


def sample(display: Display, log: Log, stop: threading.Event) -> None:
    """Read the display's text row until ``stop``."""
    while not stop.is_set():
        start = time.time()
        text = display.text()
        log.samples.append(Sample(start, time.time(), text))
        stop.wait(SAMPLE_EVERY)


def last_before(times: list[float], moment: float) -> float:
    return max((t for t in times if t <= moment), default=float("-inf"))


def any_between(times: list[float], start: float, end: float) -> bool:
    return any(start < t <= end for t in times)


@dataclass(frozen=True)
class Seen:
    """A sample read as a message: its index in ``Log.sent``."""

    sample: Sample
    index: int
    answer: bool


@dataclass
class Report:
    checked: int = 0  # table messages sent to braille
    shown: int = 0  # of them, shown on the display
    max_behind: int = 0  # messages waiting behind the one shown, at most
    max_sent_behind: int = 0  # messages sent after the one shown, at most (all but one passed)
    max_wait: float = 0.0  # seconds the newest waited, at most, with no pan or answer near
    answers: list[float] = field(default_factory=list)  # key to display, seconds
    cards: int = 0  # cards on the display (in different texts shown)
    problems: list[str] = field(default_factory=list)

    @property
    def passed_over(self) -> int:
        """Table messages replaced while they waited (never shown; in the history)."""
        return self.checked - self.shown


class DisplayCheck:
    """The pager's promises (audiopoker.output.braille_display.Pager) on the samples."""

    def __init__(self, log: Log, lang: str) -> None:
        self.log, self.lang = log, lang
        self.report = Report()
        self.table = [i for i, sent in enumerate(log.sent) if not sent.answer]
        self.answer_times = [sent.time for sent in log.sent if sent.answer]
        self.first_seen: dict[int, float] = {}

    def run(self) -> Report:
        seen = self.read()
        self.report.checked = len(self.table)
        highest = -1
        previous: Seen | None = None
        for item in seen:
            if not item.answer:
                if item.index < highest:
                    newer = self.log.sent[highest]
                    self.problem(
                        f"an older message came back: {item.sample.text!r} at "
                        f"{item.sample.start:.3f} (sent {item.index}: "
                        f"{self.log.sent[item.index].text!r}) after {highest}: {newer.text!r}"
                    )
                if item.index not in self.first_seen:
                    self.first_seen[item.index] = item.sample.end
                    self.shown_after_newer(item, previous)
                highest = max(highest, item.index)
                self.late(item)
                # The same words sent again ("Te vas." in the next hand) leave the display as
                # it was: nothing replaced what the player read.
                if (
                    previous is not None
                    and previous.sample.text != item.sample.text
                    and not previous.answer
                    and item.index > previous.index
                ):
                    self.replaced_while_reading(previous, item)
            previous = item
        self.report.shown = len(self.first_seen)
        self.cards(seen)
        self.answers(seen)
        return self.report

    def problem(self, text: str) -> None:
        self.report.problems.append(text)

    def read(self) -> list[Seen]:
        """Each sample as the newest message sent by then that it is a segment of; a sample
        that shows nothing sent (after the first that does) is a problem."""
        lines = [segments(sent.text, CELLS) for sent in self.log.sent]
        seen: list[Seen] = []
        shown: set[int] = set()

        def could_show(i: int, text: str) -> bool:
            # A message first shows at its first segment; a later one is reached by panning
            # it. So a later segment shared with a newer message (every hand's "...fichas que
            # nadie igualó y se lleva el") is the message already shown, not the newer one.
            return text == lines[i][0] or (i in shown and text in lines[i])

        # A blank row is the tt driver caught redrawing: the game never sends one.
        for item in (sample for sample in self.log.samples if sample.text):
            match = next(
                (
                    i
                    for i in range(len(self.log.sent) - 1, -1, -1)
                    if self.log.sent[i].time <= item.end and could_show(i, item.text)
                ),
                None,
            )
            if match is not None:
                shown.add(match)
                seen.append(Seen(item, match, self.log.sent[match].answer))
            elif seen:
                self.problem(f"shown but never sent: {item.text!r}")
        return seen

    def shown_after_newer(self, item: Seen, previous: Seen | None) -> None:
        """A message that first shows now was the newest when it was put up: one sent
        before the sample before this one (with the display's delay) would make it two
        behind."""
        before = (previous or item).sample.start - LATENCY
        newer = [i for i in self.table if i > item.index and self.log.sent[i].time < before]
        if newer:
            self.report.max_behind = 2
            self.problem(
                f"{self.log.sent[item.index].text!r} showed after a newer one was sent: "
                f"{self.log.sent[newer[0]].text!r}"
            )

    def late(self, item: Seen) -> None:
        """A newer message waits: it shows by the time the rules allow (the shown one's
        minimum, the hold after a pan or an answer), with slack."""
        at, sent = item.sample, self.log.sent
        withdrawn = [t for t, _ in self.log.withdrawn]
        owed = [
            i
            for i in self.table
            if i > item.index
            and sent[i].time <= at.start - LATENCY
            and sent[i].text != sent[item.index].text  # said again: already shown
            and not any_between(withdrawn, sent[i].time, at.start)  # no longer true
        ]
        if not owed:
            return
        newest = owed[-1]
        self.report.max_behind = max(self.report.max_behind, 1)
        self.report.max_sent_behind = max(self.report.max_sent_behind, len(owed))
        hold = self.log.panning_hold if at.start >= self.log.panning_from else HOLD_SECONDS
        busy = (*self.log.pans, *self.answer_times)
        due = max(
            sent[newest].time,
            self.first_seen[item.index] + MINIMUM_SECONDS,
            last_before([*busy], at.start) + hold,
        )
        if at.start > due + SLACK:
            self.problem(
                f"{sent[newest].text!r} still waited {at.start - due:.1f} s past its time "
                f"behind {at.text!r}"
            )
        if not any_between([*busy], sent[newest].time - hold, at.start):
            self.report.max_wait = max(self.report.max_wait, at.start - sent[newest].time)

    def replaced_while_reading(self, previous: Seen, item: Seen) -> None:
        """A newer table message replaced the one shown: before the hold after the player's
        last pan is over, only their own pan (past the end) may do that, or the message
        read being taken back (a prompt whose turn ended, even before the pan), or a pan
        that said the player is done with it: those end the reading."""
        panned = last_before(self.log.pans, previous.sample.start)
        read = self.log.sent[previous.index].text
        # Taken back once this sending of it was made, before or after the pan: a prompt
        # heard to its end is taken back when the turn ends, and a pan on a message taken
        # back does not make it true again (the pager shows the next one at once).
        since = self.log.sent[previous.index].time
        taken_back = any(
            since <= t <= item.sample.end for t, text in self.log.withdrawn if text == read
        )
        done = panned in self.log.done_pans
        if item.sample.end >= panned + HOLD_SECONDS or taken_back or done:
            return
        window = (previous.sample.start - LATENCY, item.sample.end + LATENCY)
        if not any_between(self.log.pans, *window):
            self.problem(f"{item.sample.text!r} replaced the message the player read")

    def cards(self, seen: list[Seen]) -> None:
        """Every card shown has the suit letters of the player's language."""
        for text in dict.fromkeys(item.sample.text for item in seen):
            for suit in CARD.findall(text):
                self.report.cards += 1
                if suit not in SUITS[self.lang]:
                    self.problem(f"a card in another language's suits: {text!r}")

    def answers(self, seen: list[Seen]) -> None:
        """Each query key's answer is on the display at once."""
        for pressed, key in self.log.answer_keys:
            index = next(
                (i for i, s in enumerate(self.log.sent) if s.answer and s.time >= pressed), None
            )
            first = next((x.sample for x in seen if x.index == index), None)
            if first is None or first.end - pressed > AT_ONCE:
                self.problem(f"the answer to {key!r} did not show at once")
            else:
                self.report.answers.append(first.end - pressed)


def check_display(log: Log, lang: str) -> Report:
    """The display's promises held against the samples (see :class:`DisplayCheck`)."""
    return DisplayCheck(log, lang).run()


def wall(record: dict[str, object]) -> float:
    return float(str(record["wall"]))


@dataclass
class OwnActions:
    """The hasty keys: seconds from each key that cut its prompt to the player's own action
    being said, and how many keys reached the game only after the voice had said the prompt
    to its end (a loaded machine: the game could not cut what was already heard)."""

    cut: list[float] = field(default_factory=list)
    late: int = 0


# The game sends the cut and writes the player's action in one step; the voice may finish a
# word in between (the speech server's own latency, not the game's).
CUT_SLACK = 0.05


def check_speech(log: Log, records: list[dict[str, object]], said: list[Utterance]) -> OwnActions:
    """A prompt still being said when the game took the player's action was cut there and
    never started again, and the player's own action was said next."""
    turns = [wall(r) for r in records if r["kind"] == "your_turn" and not r["answer"]]
    own = OwnActions()
    for pressed, prompt, hasty in log.actions:
        being_said = [u for u in said if u.text == prompt and u.start <= pressed]
        if not hasty or not being_said:
            continue
        ended = being_said[-1].end
        if ended is not None and ended <= pressed:
            continue  # the voice had finished it: no prompt to cut
        mine = next(r for r in records if not r["answer"] and wall(r) >= pressed)
        if ended is not None:
            taken = wall(mine)
            assert ended <= taken + CUT_SLACK, (
                f"the prompt was said to its end {ended - taken:.3f} s after the game took "
                f"the action: {prompt!r}"
            )
            own.late += 1
            continue
        next_turn = min((t for t in turns if t > pressed), default=float("inf"))
        again = [u for u in said if u.text == prompt and pressed < u.start < next_turn]
        assert again == [], f"the stale prompt started again: {prompt!r}"
        heard = next(u for u in said if u.text == mine["text"] and u.start >= pressed)
        between = [u.text for u in said if pressed < u.start < heard.start]
        assert between == [], f"said before the player's own action {mine['text']!r}: {between}"
        own.cut.append(heard.start - pressed)
    return own
