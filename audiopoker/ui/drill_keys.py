"""The keys of a drill (``audiopoker drill``): answer by one key or type a percentage, then
hear right or wrong, the score and why; the game's keys for everything else.

The question is said as table messages (one per part: the board, each hand, what is
asked), so a query key cuts in and the part it cut is said again after it; M says the
whole question again. An answer silences what is left of the question and is said at once
(the verdict and the score, then why); the next question waits for Enter or Space, so a
key pressed twice by reflex never answers a question not yet heard, and the player hears
the why to its end. Q asks first (Q again ends the drill; N or Escape go on, and so does
an answer key, which then answers nothing), Control+C ends it at once; either way the
score so far is said, and every answer given is already kept.

Keys come from the keymap: [game] for repeat, the message history, help, the lesson, stop
speech and quit; [amount] for Enter and Backspace; [confirm] for the quit question's
cancel. The digits answer (0 is a split or a tie) or type the percentage.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Final

from audiopoker.coach.drills.decide import odds_decision
from audiopoker.coach.drills.drill_base import SPLIT, Choice, DrillKind, Question, Round, Verdict
from audiopoker.coach.drills.drill_text import DrillText, Part
from audiopoker.coach.drills.mistakes import MistakeQuestion
from audiopoker.coach.drills.odds import OddsQuestion
from audiopoker.coach.drills.rankings import RankingQuestion
from audiopoker.coach.drills.showdowns import ShowdownQuestion
from audiopoker.output.message import DRILL_QUESTION, Message
from audiopoker.ui.browse import HelpContext, Item, ListKeys
from audiopoker.ui.keymap import AMOUNT_DIGITS, Keymap, Mode
from audiopoker.ui.speaker import Speaker
from audiopoker.ui.ui_text import UiText

SPACE: Final = " "
MAX_DIGITS: Final = 3  # 100 at most
LESSON_HANDS: Final = slice(1, 10)  # the lesson's lines from the straight flush to high card
# The game's commands a drill answers to; every other key "does nothing".
GAME_ACTIONS: Final = (
    "repeat",
    "history_back",
    "history_forward",
    "history_first",
    "history_last",
    "help",
    "lesson",
    "stop_speech",
    "quit",
    "quit_now",
)


# The game's commands a drill gives its own meaning, and says in its own words.
DRILL_WORDS: Final = frozenset({"repeat", "lesson", "quit", "quit_now"})
# The game's betting keys answer a decision: the keymap's action for each choice.
CHOICE_ACTIONS: Final = {
    Choice.CALL: "check_call",
    Choice.FOLD: "fold",
    Choice.BET: "raise",
    Choice.CHECK: "check_call",
}
CALL_OR_FOLD: Final = (Choice.CALL, Choice.FOLD)


class Stage(enum.Enum):
    """Where the round is."""

    ASKED = "asked"  # a question waits for its answer
    DECIDE = "decide"  # odds: the number was told; "so, call or fold?" waits
    TOLD = "told"  # the answer was told; next waits for Enter or Space
    OVER = "over"  # the summary was said: the key loop ends


# Keeps one answer (returns a sentence to say when it could not be kept, else None).
Recorder = Callable[[Verdict], str | None]


class DrillKeys:
    """Every key of one round of a drill."""

    def __init__(
        self,
        *,
        round: Round,
        output: Speaker,
        text: UiText,
        words: DrillText,
        keymap: Keymap,
        on_finish: Callable[[], None],
        record: Recorder | None = None,
        saved: bool = False,
    ) -> None:
        self.round = round
        self.kind = round.kind
        self.output = output
        self.text = text
        self.words = words
        self.keymap = keymap
        self._on_finish = on_finish
        self._record = record
        self.saved = saved  # the round is being kept in the statistics
        self.stage = Stage.ASKED
        self.typed = ""
        self.asking_quit = False
        self.lists = ListKeys(output, text, keymap, lambda: HelpContext.WATCHING)
        self.question_parts: list[Part] = []
        self.told: list[str] = []
        self._methods: dict[str, Callable[[], object]] = {
            "repeat": self.repeat,
            "history_back": lambda: self.output.history_previous(),
            "history_forward": lambda: self.output.history_next(),
            "history_first": lambda: self.output.history_first(),
            "history_last": lambda: self.output.history_last(),
            "help": self.help,
            "lesson": self.lesson,
            "stop_speech": lambda: self.output.silence(),
            "quit": self.ask_quit,
            "quit_now": self.quit_now,
        }

    # --- keys and their names -----------------------------------------------------------
    def _keys(self, mode: Mode, action: str) -> tuple[str, ...]:
        return self.keymap.keys_for(mode, action)

    def label(self, mode: Mode, action: str) -> str:
        """The spoken name of the first key of ``action``."""
        return self.text.key_label(self.keymap, action, mode)

    @property
    def confirm_keys(self) -> tuple[str, ...]:
        """Enter (the amount entry's confirm key): answers a typed percentage."""
        return self._keys(Mode.AMOUNT, "amount_confirm")

    @property
    def next_keys(self) -> tuple[str, ...]:
        """Enter and Space: the next question, once the answer was told."""
        return (*self.confirm_keys, SPACE)

    @property
    def delete_keys(self) -> tuple[str, ...]:
        """Backspace: deletes the last digit typed."""
        return self._keys(Mode.AMOUNT, "amount_delete")

    def _answer_key(self, name: str) -> bool:
        """True for the keys that answer, type or go on (never quietly dropped)."""
        return name in AMOUNT_DIGITS or name in self.next_keys or name in self.delete_keys

    def key_words(self) -> dict[str, str]:
        """The spoken names of the drill's own keys, for the welcome."""
        return {
            "split": self.text.key_name(str(SPLIT)),
            "call": self.choice_label(Choice.CALL),
            "fold": self.choice_label(Choice.FOLD),
            "confirm": self.label(Mode.AMOUNT, "amount_confirm"),
            "next": self.label(Mode.AMOUNT, "amount_confirm"),
            "help": self.label(Mode.GAME, "help"),
        }

    def choice_label(self, choice: Choice) -> str:
        """The spoken name of the key that answers ``choice`` (C, F, R by default)."""
        return self.label(Mode.GAME, CHOICE_ACTIONS[choice])

    def choice_words(self) -> dict[str, str]:
        """The spoken choice keys, as the sentences name them."""
        return {
            "call": self.choice_label(Choice.CALL),
            "fold": self.choice_label(Choice.FOLD),
            "bet_key": self.choice_label(Choice.BET),
            "check": self.choice_label(Choice.CHECK),
        }

    def choices(self) -> tuple[Choice, ...]:
        """The choices the round waits for now (none while a number or Enter is awaited)."""
        question = self.round.current
        if self.stage is Stage.DECIDE:
            return CALL_OR_FOLD
        if self.stage is Stage.ASKED and isinstance(question, MistakeQuestion):
            return question.options
        return ()

    def choice_of(self, name: str, among: Sequence[Choice]) -> Choice | None:
        """The choice among ``among`` that key ``name`` answers, if any."""
        action = self.keymap.action_for(Mode.GAME, name)
        return next((c for c in among if CHOICE_ACTIONS[c] == action), None)

    def _choice_key(self, name: str) -> bool:
        """True for a key that answers some decision (C, F, R)."""
        return self.choice_of(name, tuple(Choice)) is not None

    # --- speaking -----------------------------------------------------------------------
    def _table(
        self, kind: str, parts: Sequence[Part], remember: bool = True, true_while: str = ""
    ) -> None:
        for text, braille in parts:
            message = Message(kind, text, braille=braille, true_while=true_while)
            self.output.send(message, remember=remember)

    def _answer(self, kind: str, lines: Sequence[str], remember: bool = True) -> None:
        """Lines said at once, the first cutting what is being said."""
        for index, line in enumerate(lines):
            message = Message(kind, line, interrupt=index == 0, answer=True)
            self.output.send(message, remember=remember)

    def say(self, line: str, kind: str = "answer") -> None:
        """One answer to a key (a refusal is kind ``error``)."""
        self._answer(kind, [line])

    # --- the round ----------------------------------------------------------------------
    def start(self) -> None:
        """The welcome, then the first question."""
        question = self.round.current
        if isinstance(question, MistakeQuestion):
            welcome = self.words.mistakes_welcome(self.round.count, question.kind, self.key_words())
        else:
            welcome = self.words.welcome(self.kind, self.round.count, self.key_words())
        self.output.send(Message("welcome", welcome))
        self._ask()

    def _ask(self) -> None:
        question = self.round.current
        assert question is not None
        self.stage, self.typed = Stage.ASKED, ""
        self.question_parts = self.parts(question)
        self._table("drill_question", self.question_parts, true_while=DRILL_QUESTION)

    def parts(self, question: Question) -> list[Part]:
        """The question's messages."""
        count, split = self.round.count, self.text.key_name(str(SPLIT))
        if isinstance(question, ShowdownQuestion):
            return self.words.showdown_question(question, count, split)
        if isinstance(question, RankingQuestion):
            return self.words.ranking_question(question, count, split)
        if isinstance(question, MistakeQuestion):
            return self.words.mistakes_question(question, count, self.choice_words())
        assert isinstance(question, OddsQuestion)
        return self.words.odds_question(question, count, self.label(Mode.AMOUNT, "amount_confirm"))

    def why(self, verdict: Verdict) -> list[str]:
        """Why the answer is what it is (the explainer's sentences, the numbers)."""
        question = verdict.question
        if isinstance(question, ShowdownQuestion):
            return self.words.showdown_why(question)
        if isinstance(question, RankingQuestion):
            return self.words.ranking_why(question)
        if isinstance(question, MistakeQuestion):
            return self.words.mistakes_why(question)
        assert isinstance(question, OddsQuestion)
        return self.words.odds_why(question, verdict.given)

    def answer(self, given: int) -> None:
        """Judge ``given``; say right or wrong with the score, why, and how to go on."""
        verdict = self.round.answer(given)
        score = verdict.score
        judged = self.words.right(score) if verdict.correct else self.words.wrong(score)
        self.told = [judged, *self.why(verdict)]
        if self._record is not None:
            problem = self._record(verdict)
            if problem is not None:
                self.told.append(problem)
                self.saved = False
        self.typed = ""
        if isinstance(verdict.question, OddsQuestion):
            # The number leads to the decision: "so, call or fold?" (issue 26).
            call, fold = self.choice_label(Choice.CALL), self.choice_label(Choice.FOLD)
            self.told.append(self.words.decide_ask(call, fold))
            self.stage = Stage.DECIDE
        else:
            self._next_prompt()
        # The question is answered: no longer true, so braille never goes back to it (first:
        # a question cut now is then taken back from the display too), and what it still
        # had to say is moot.
        self.output.expire(DRILL_QUESTION)
        self.output.silence()
        self._answer("drill_answer", self.told)

    def _next_prompt(self) -> None:
        last = self.round.finished
        self.told.append(self.words.next_prompt(self.label(Mode.AMOUNT, "amount_confirm"), last))
        self.stage = Stage.TOLD

    def decide(self, choice: Choice) -> None:
        """C or F after an odds answer: right or wrong, why in numbers, how to go on."""
        verdict = self.round.last
        assert verdict is not None and isinstance(verdict.question, OddsQuestion)
        decision = odds_decision(verdict.question)
        self.round.decided(decision.judge(choice))
        self.told = self.words.decided(decision, choice)
        self._next_prompt()
        self.output.silence()
        self._answer("drill_answer", self.told)

    def go_on(self) -> None:
        """Enter or Space after an answer: the next question, or the summary."""
        self.output.silence()
        if self.round.advance() is None:
            self.finish()
        else:
            self._ask()

    def finish(self) -> None:
        """The summary and goodbye; the key loop ends."""
        if self.stage is Stage.OVER:
            return
        self.stage = Stage.OVER
        round = self.round
        lines = self.words.summary(round.score, round.count, self.saved, round.decisions)
        self._answer("drill_summary", [*lines, self.text.goodbye()])
        self._on_finish()

    # --- dispatch -----------------------------------------------------------------------
    def key(self, name: str) -> None:
        """One key press, by prompt_toolkit key name."""
        if self.stage is Stage.OVER:
            return
        if self.lists.key(name):
            return  # a key of the open list; any other closes it and acts as usual
        if self.asking_quit and self._quit_question(name):
            return
        if self.choices() and self._choose_decision(name):
            return
        if self._answer_key(name) or (self.stage is Stage.TOLD and self._choice_key(name)):
            self._answer_or_type(name)
            return
        action = self.keymap.action_for(Mode.GAME, name)
        if action not in GAME_ACTIONS:
            help_key = self.label(Mode.GAME, "help")
            self.say(self.text.unknown_key(self.text.key_name(name), help_key))
            return
        self._methods[action]()

    def _choose_decision(self, name: str) -> bool:
        """A key while a decision waits: a choice key answers it; any other key that is
        not one of the game's commands says which keys answer. False: a game command."""
        among = self.choices()
        choice = self.choice_of(name, among)
        if choice is not None:
            if self.stage is Stage.DECIDE:
                self.decide(choice)
            else:
                self.answer(int(choice))
            return True
        if self.keymap.action_for(Mode.GAME, name) in GAME_ACTIONS and not self._answer_key(name):
            return False
        if self.stage is Stage.DECIDE:
            call, fold = self.choice_label(Choice.CALL), self.choice_label(Choice.FOLD)
            self.say(self.words.decide_refuse(call, fold), "error")
        else:
            question = self.round.current
            assert isinstance(question, MistakeQuestion)
            key = self.text.key_name(name)
            self.say(self.words.mistakes_refuse(question, key, self.choice_words()), "error")
        return True

    def _answer_or_type(self, name: str) -> None:
        if self.stage is Stage.TOLD:
            if name in self.next_keys:
                self.go_on()
            else:
                key = self.label(Mode.AMOUNT, "amount_confirm")
                self.say(self.words.wait_for_next(key, self.round.finished), "error")
        elif self.kind.typed:
            self._type(name)
        else:
            self._choose(name)

    def _choose(self, name: str) -> None:
        """A digit names the winner (0: a split or a tie); other keys say the question."""
        question = self.round.current
        assert question is not None
        hands = len(question.hands) if isinstance(question, ShowdownQuestion) else 2
        if name not in AMOUNT_DIGITS:
            self.say(self.question_parts[-1][0], "error")  # what answers it
        elif int(name) == SPLIT or int(name) <= hands:
            self.answer(int(name))
        else:
            split = self.text.key_name(str(SPLIT))
            self.say(self.words.no_choice(self.kind, int(name), hands, split), "error")

    def _type(self, name: str) -> None:
        """Digits type the percentage (each said), Backspace deletes, Enter answers."""
        confirm = self.label(Mode.AMOUNT, "amount_confirm")
        if name in AMOUNT_DIGITS:
            if len(self.typed) >= MAX_DIGITS:
                delete = self.label(Mode.AMOUNT, "amount_delete")
                self.say(self.words.typed_too_long(confirm, delete), "error")
                return
            self.typed = (self.typed + name).lstrip("0") or "0"
            self.say(self.typed)
        elif name in self.delete_keys:
            self.typed = self.typed[:-1]
            self.say(self.text.amount_typed(self.typed))
        elif name == SPACE:
            self.say(self.question_parts[-1][0], "error")
        elif not self.typed:
            self.say(self.words.typed_empty(confirm), "error")
        elif int(self.typed) > 100:
            value, self.typed = int(self.typed), ""  # empty again: a second Enter answers nothing
            self.say(self.words.typed_too_high(value), "error")
        else:
            self.answer(int(self.typed))

    # --- the game's keys ------------------------------------------------------------------
    def repeat(self) -> None:
        """M: the whole question again; once answered, the answer again."""
        if self.stage is Stage.ASKED:
            self.output.silence()
            self._table("drill_question", self.question_parts, remember=False)
        elif self.told:
            self._answer("drill_answer", self.told, remember=False)
        else:
            self.output.repeat_last()

    def _keys_said(self, keys: Sequence[str]) -> str:
        """'Enter or Space'"""
        return self.text.keys_or([self.text.key_name(key) for key in keys])

    def _own_keys(self) -> list[tuple[str, str]]:
        """(keys said, the drill's words for them) of the drill's own keys."""
        if self.kind.typed:
            return [
                (self.words.help_action("digit_keys"), "digits"),
                (self._keys_said(self.delete_keys), "delete"),
                (self._keys_said(self.confirm_keys), "confirm"),
                *self._choice_help(CALL_OR_FOLD),
                (self._keys_said([SPACE]), "next"),
            ]
        question = self.round.current
        if self.kind is DrillKind.MISTAKES and isinstance(question, MistakeQuestion):
            return [*self._choice_help(question.options), (self._keys_said(self.next_keys), "next")]
        answers = ("1", "2", "3") if self.kind is DrillKind.SHOWDOWN else ("1", "2")
        return [
            (self._keys_said(answers), f"answer_{self.kind.value}"),
            (self._keys_said([str(SPLIT)]), f"split_{self.kind.value}"),
            (self._keys_said(self.next_keys), "next"),
        ]

    def _choice_help(self, choices: Sequence[Choice]) -> list[tuple[str, str]]:
        """(keys said, the drill's words) of each choice's keys."""
        keys = [(self._keys(Mode.GAME, CHOICE_ACTIONS[c]), c.name.lower()) for c in choices]
        return [(self._keys_said(said), words) for said, words in keys]

    def _help(self) -> list[Item]:
        """The drill's keys first, then the game's commands it answers to, each with its
        handler: typing a name in help finds one, Enter runs it (so a command with no key,
        such as the lesson, is reached)."""
        action = self.words.help_action
        own = self._own_keys()
        items = [Item(Message("help", self.text.help_line(k, action(w)))) for k, w in own]
        for name in GAME_ACTIONS:
            keys = self._keys(Mode.GAME, name)
            # The drill says its own words for the keys it gives another meaning.
            said = action(name) if name in DRILL_WORDS else self.text.action_description(name)
            listed = name != "quit_now"  # Control+C: Q asks first
            if keys:
                line = self.text.help_line(self._keys_said(keys), said)
            elif listed:
                line = self.text.help_line_typed(name, said)
            else:
                continue
            run = self._methods[name] if listed else None
            named = self.text.command_name(name)
            items.append(Item(Message("help", line), run, name=named, description=said))
        return items

    def help_lines(self) -> list[str]:
        """The drill's keys, one line each: its own first, then the game's it answers to."""
        return [item.message.text for item in self._help()]

    def help(self) -> None:
        """H: the keys, as a list walked with the arrows; letters find a command."""
        items = self._help()
        self.lists.open("help", self.words.help_title(len(items)), items, typing=True)

    def lesson(self) -> None:
        """The hands from best to worst, as a list (the game's lesson's lines)."""
        lines = self.text.lesson()[LESSON_HANDS]
        self.lists.open_texts("lesson", self.words.lesson_title(len(lines)), lines)

    def ask_quit(self) -> None:
        """Q: ask first (Q again ends the drill)."""
        self.asking_quit = True
        self.say(self.words.ask_quit(self.label(Mode.GAME, "quit")), "question")

    def _quit_question(self, name: str) -> bool:
        """A key while "Press Q again" waits: True when it was the question's (ended the
        drill, or went on); False to answer it as usual."""
        action = self.keymap.action_for(Mode.GAME, name)
        if action == "quit":
            self.asking_quit = False
            self.quit_now()
        elif self.keymap.action_for(Mode.CONFIRM, name) == "cancel":
            self.asking_quit = False
            self.say(self.words.quit_cancelled())
        elif self._answer_key(name) or self._choice_key(name):
            # A reflex key closes the question and answers nothing.
            self.asking_quit = False
            self.say(self.words.quit_cancelled(self.text.key_name(name)), "error")
        else:
            return False
        return True

    def quit_now(self) -> None:
        """Control+C, Q twice or the input closed: the score so far and goodbye (nothing
        once the round is over)."""
        self.asking_quit = False
        if self.stage is not Stage.OVER:
            self.output.silence()
            self.finish()
