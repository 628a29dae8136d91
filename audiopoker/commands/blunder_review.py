"""Every blunder, browsable, replayed by ear (issue 26, point 6): ``audiopoker stats
--blunders`` in a terminal.

The list opens with its newest blunder at once ("Hand 12 of 3 May: on the turn with ...,
you called; it cost 6 big blinds."), then what it is and its keys. The list's keys walk it
(Up and Down, Home and End; edges said as in every list). Enter replays that hand by ear up
to the decision (the table's narration from the player's seat, through the same output
router the game uses) and asks again: "Your move: 10 to call, with 38 in the pot. C call, R
raise, F fold." (only what the player could do there, by the game's own keys). The answer
cuts what is left of the replay and is judged: what the player did then, the coach's choice
and why, the kind of mistake, and whether the new answer agrees with the coach. Escape or
Q goes back to the list (and from the list leaves); Control+C leaves at once. A hand whose
history is gone or broken is said so in one sentence, and the list stays where it was.

Keys come from the keymap: [list] for walking, Enter and Escape; [game] for check or call,
bet or raise, fold, repeat (M says the question or the judgement again), stop speech,
quit and quit at once.
"""

from __future__ import annotations

import contextlib
import datetime
import enum
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from prompt_toolkit.application import Application

from audiopoker.commands.blunder_spot import Problem, Spot, find_spot, narration
from audiopoker.commands.blunder_words import ReviewText
from audiopoker.narration.language import Language
from audiopoker.output.message import Message, Verbosity
from audiopoker.output.router import Router
from audiopoker.persistence.blunder_hands import BlunderHand
from audiopoker.ui.app import build_app
from audiopoker.ui.browse import Browser, Edge, Step
from audiopoker.ui.keymap import Keymap, Mode, load_keymap, user_keymap_path
from audiopoker.ui.speaker import Speaker
from audiopoker.ui.ui_text import UiText

FINAL_WORDS_WAIT = 120.0  # seconds the last words may take to be said before exiting


class Stage(enum.Enum):
    """Where the review is."""

    LIST = "list"  # walking the blunders
    ASKED = "asked"  # a hand replayed, the decision asked again
    TOLD = "told"  # the answer judged; Enter or Escape goes back to the list
    OVER = "over"  # left: the key loop ends


class BlunderKeys:
    """Every key of the blunder review."""

    def __init__(
        self,
        *,
        hands: Sequence[BlunderHand],
        output: Speaker,
        text: UiText,
        words: ReviewText,
        keymap: Keymap,
        folder: Path,
        on_finish: Callable[[], None],
        verbosity: Verbosity = Verbosity.NORMAL,
        today: datetime.date | None = None,
    ) -> None:
        self.hands = Browser(list(hands))
        self.output = output
        self.text = text
        self.words = words
        self.keymap = keymap
        self.folder = folder
        self.verbosity = verbosity
        self.today = today if today is not None else datetime.date.today()
        self._on_finish = on_finish
        self.stage = Stage.LIST
        self.spot: Spot | None = None
        self.question = ""
        self.told: list[str] = []

    # --- keys and their names -----------------------------------------------------------
    def _label(self, mode: Mode, action: str) -> str:
        return self.text.key_label(self.keymap, action, mode)

    def _keys_said(self, *pairs: tuple[Mode, str]) -> str:
        keys = [key for mode, action in pairs for key in self.keymap.keys_for(mode, action)]
        if not keys:
            return self.text.no_key()
        return self.text.keys_or([self.text.key_name(key) for key in dict.fromkeys(keys)])

    def walk_words(self) -> str:
        """'Up arrow and Down arrow walk them; Enter replays ...; Escape or Q leaves.'"""
        return self.words.walk(
            self._label(Mode.LIST, "list_previous"),
            self._label(Mode.LIST, "list_next"),
            self._label(Mode.LIST, "list_choose"),
            self._keys_said((Mode.LIST, "list_leave"), (Mode.GAME, "quit")),
        )

    def back_words(self) -> str:
        """'Enter, Escape or Q goes back to the list.'"""
        pairs = ((Mode.LIST, "list_choose"), (Mode.LIST, "list_leave"), (Mode.GAME, "quit"))
        return self.words.back(self._keys_said(*pairs))

    # --- speaking -----------------------------------------------------------------------
    def _answer(self, kind: str, lines: Sequence[str], braille: str | None = None) -> None:
        """Lines said at once, the first cutting what is being said; kept out of the
        history (the list's items are not news)."""
        for index, line in enumerate(lines):
            shown = braille if index == 0 else None
            message = Message(kind, line, interrupt=index == 0, answer=True, braille=shown)
            self.output.send(message, remember=False)

    def item(self, hand: BlunderHand) -> tuple[str, str]:
        """A blunder's line and its braille form."""
        return self.words.item(hand, self.today)

    # --- the list -----------------------------------------------------------------------
    def start(self) -> None:
        """The newest blunder at once, then what the list is and its keys."""
        said, braille = self.item(self.hands.current)
        title = f"{self.words.title(len(self.hands))} {self.walk_words()}"
        self._answer("blunder", [said], braille)
        self.output.send(Message("blunder", title, answer=True, braille=braille), remember=False)

    def _say_step(self, step: Step[BlunderHand]) -> None:
        if step.item is None:
            edge = step.edge.value if step.edge is not None else Edge.TOP.value
            self._answer("blunder", [self.text.browse(edge)])
            return
        said, braille = self.item(step.item)
        if step.edge is not None:
            said = self.text.browse("at_" + step.edge.value, item=said)
            braille = self.text.browse("at_" + step.edge.value, item=braille)
        self._answer("blunder", [said], braille)

    def back_to_list(self) -> None:
        """Escape or Q from a replayed hand: the list again, on the same blunder."""
        self.output.silence()
        self.stage, self.spot, self.told = Stage.LIST, None, []
        said, braille = self.item(self.hands.current)
        self._answer("blunder", [said], braille)

    def replay(self) -> None:
        """Enter: the hand up to the decision, then the question; or why it cannot be."""
        hand = self.hands.current
        found = find_spot(hand, self.folder)
        if isinstance(found, Problem):
            self._answer("error", [self.words.problem(found, hand)])
            return
        self.output.silence()
        self.stage, self.spot = Stage.ASKED, found
        self.question = self.words.ask(found.legal, self.choices())
        for message in narration(found, self.words.lang, self.verbosity):
            self.output.send(message)
        self.output.send(Message("your_turn", self.question))

    def choices(self) -> str:
        """'C call, R raise, F fold': what the player could do there, by its keys."""
        assert self.spot is not None
        actions = self.words.options(self.spot.legal)
        keys = ("check_call", "raise", "fold") if len(actions) == 3 else ("check_call", "fold")
        pairs = [(a, self._label(Mode.GAME, k)) for a, k in zip(actions, keys, strict=True)]
        return self.words.choices(pairs)

    def answer(self, action: str) -> None:
        """The decision answered again: judged against the coach, said at once."""
        assert self.spot is not None
        record = self.hands.current.blunder.record
        self.told = [*self.words.told(record, action, self.spot.players_in), self.back_words()]
        self.stage = Stage.TOLD
        self.output.silence()  # what the replay still had to say is moot now
        self._answer("blunder_answer", self.told)

    def leave(self) -> None:
        """Escape or Q from the list, Control+C anywhere: the review ends."""
        if self.stage is Stage.OVER:
            return
        self.stage = Stage.OVER
        self.output.silence()
        self._answer("blunder", [self.words.closed()])
        self._on_finish()

    # --- dispatch -----------------------------------------------------------------------
    def key(self, name: str) -> None:
        """One key press, by prompt_toolkit key name."""
        if self.stage is Stage.OVER:
            return
        listed = self.keymap.action_for(Mode.LIST, name)
        action = self.keymap.action_for(Mode.GAME, name)
        if action == "quit_now":
            self.leave()
        elif self.stage is Stage.LIST:
            self._list_key(name, listed, action)
        elif listed == "list_leave" or action == "quit":
            self.back_to_list()
        elif self.stage is Stage.ASKED:
            self._asked_key(name, action)
        elif listed == "list_choose":
            self.back_to_list()
        elif action == "repeat":
            self._answer("blunder_answer", self.told)
        elif action == "stop_speech":
            self.output.silence()
        else:
            self._answer("error", [self.words.unknown(self.text.key_name(name), self.back_words())])

    def _list_key(self, name: str, listed: str | None, action: str | None) -> None:
        moves = {
            "list_previous": self.hands.previous,
            "list_next": self.hands.next,
            "list_first": self.hands.first,
            "list_last": self.hands.last,
        }
        if listed in moves:
            self._say_step(moves[listed]())
        elif listed == "list_choose":
            self.replay()
        elif listed == "list_leave" or action == "quit":
            self.leave()
        elif action == "stop_speech":
            self.output.silence()
        else:
            self._answer("error", [self.words.unknown(self.text.key_name(name), self.walk_words())])

    def _asked_key(self, name: str, action: str | None) -> None:
        assert self.spot is not None
        legal = self.spot.legal
        if action == "check_call":
            self.answer("check" if legal.can_check else "call")
        elif action == "raise" and legal.raise_kind is not None:
            self.answer(legal.raise_kind.value)
        elif action == "raise":
            self._answer("error", [self.words.cannot_raise(self.choices())])
        elif action == "fold":
            self.answer("fold")
        elif action == "repeat":
            self._answer("your_turn", [self.question])
        elif action == "stop_speech":
            self.output.silence()
        else:
            self._answer("error", [self.words.unknown(self.text.key_name(name), self.question)])


def review(
    hands: Sequence[BlunderHand], router: Router, lang: Language, folder: Path
) -> int:  # fmt: skip
    """Run the review on the terminal's keys until the player leaves."""
    keymap, problems = load_keymap([user_keymap_path()])
    text = UiText(lang)
    for problem in problems:
        router.send(Message("error", text.keymap_problem(problem)))
    running: list[Application[None]] = []

    def finished() -> None:
        for app in running:
            if app.is_running and not app.is_done:
                app.exit()

    keys = BlunderKeys(
        hands=hands, output=router, text=text, words=ReviewText(lang), keymap=keymap,
        folder=folder, on_finish=finished, verbosity=router.verbosity,
    )  # fmt: skip
    app = build_app(keys, keymap)
    running.append(app)
    keys.start()
    # Control+C outside the loop, or the input closed: the review ends as on Control+C.
    with contextlib.suppress(KeyboardInterrupt, EOFError):
        app.run(handle_sigint=False)
    keys.leave()  # said once: nothing more when the player already left
    router.wait_until_quiet(timeout=FINAL_WORDS_WAIT)
    return 0


def interactive(args_json: bool, output: str) -> bool:
    """True when ``stats --blunders`` should open the review: keys and a screen (both a
    terminal), not ``--json`` and an output that says something (not ``silent``)."""
    if args_json or output == "silent":
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or replaced streams
        return False
