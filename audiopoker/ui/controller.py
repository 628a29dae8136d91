"""The key loop's brain: one method per key action, in any state of the game.

The prompt_toolkit app (audiopoker.ui.app) only turns key presses into ``key(name)`` calls;
everything a key does is here, so tests can drive it directly too. The controller reads
the table from a TableState snapshot, sends the player's actions through the HumanSeat
and speaks through the output router. It runs on the key loop's thread only; the game runs
on another, and the seat and the snapshot are the only things they share.

Query keys answer with ``interrupt=True`` (they cut off speech at once); the engine's
LegalActions, never the controller, says what the player may do.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Protocol

from audiopoker.engine.actions import Action, LegalActions
from audiopoker.errors import ErrorReason, IllegalActionError
from audiopoker.output.message import THEIR_TURN, YOUR_TURN, Message, Verbosity
from audiopoker.tournament.tournament_talk import TournamentText
from audiopoker.ui.amount import DECIMAL_MARKS, AmountEntry
from audiopoker.ui.amount_keys import AmountKeys
from audiopoker.ui.answers import Answers, Words
from audiopoker.ui.browse import HelpContext, Item, ListKeys, command_items, context_of
from audiopoker.ui.chat_keys import ChatLine
from audiopoker.ui.coach_keys import CoachKeys, CoachService
from audiopoker.ui.help_list import help_entries, not_here
from audiopoker.ui.keymap import AMOUNT_DIGITS, Keymap, Mode
from audiopoker.ui.options_menu import Parts, Setting, settings, step_pace
from audiopoker.ui.pre_actions import PreActions, PreKey
from audiopoker.ui.questions import Ask, QuestionKeys
from audiopoker.ui.record_keys import RecordKeys
from audiopoker.ui.record_texts import RecordText
from audiopoker.ui.registry import Facts, bind, commands
from audiopoker.ui.seat import HumanSeat
from audiopoker.ui.sound_keys import SoundControl, SoundKeys
from audiopoker.ui.speaker import Speaker
from audiopoker.ui.state import TableSnapshot, TableState
from audiopoker.ui.ui_text import UiText


class Output(Speaker, Protocol):
    """The output router's face towards the keys: a Speaker that also changes verbosity."""

    @property
    def verbosity(self) -> Verbosity:
        """The verbosity level now."""
        ...

    def cycle_verbosity(self) -> Verbosity:
        """Move to the next verbosity level and return it."""
        ...

    def history_view(self) -> object:
        """Switch the history between the table's messages and the player's answers."""
        ...


class Controller:
    """Every key's behaviour. ``seat`` is None when watching (no human seat)."""

    def __init__(
        self,
        *,
        state: TableState,
        seat: HumanSeat | None,
        output: Output,
        words: Words,
        text: UiText,
        keymap: Keymap,
        on_quit: Callable[[], None],
        get_pace: Callable[[], float] | None = None,
        set_pace: Callable[[float], None] | None = None,
        on_verbosity: Callable[[Verbosity], None] | None = None,
        sound: SoundControl | None = None,
        records: RecordKeys | None = None,
        all_in_warning: bool = True,
        level: Callable[[], Sequence[str]] | None = None,
        coach: CoachService | None = None,
        chat: ChatLine | None = None,
        farewell: Callable[[], Sequence[str]] = lambda: (),
        pre_actions: PreActions | None = None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.output = output
        self.words = words
        self.text = text
        self.answers = Answers(text, words)
        self.keymap = keymap
        self._on_quit = on_quit
        self._get_pace = get_pace
        self._set_pace = set_pace
        self._on_verbosity = on_verbosity
        self._level = level  # a tournament's level and next change; None: a cash game
        self._farewell = farewell  # said before goodbye on quitting: the game is saved
        self.sound = SoundKeys(sound, text)  # None: --no-sound
        # The last hand and this game's numbers (None: nothing recorded, e.g. in tests).
        self.records = records or RecordKeys(None, RecordText(text.lang), state.snapshot().me)
        self.mode = Mode.GAME
        self.lists = ListKeys(output, text, self.keymap, self._where)  # help, lesson, hand
        self.questions = QuestionKeys(self, all_in_warning)  # fold, all in, quit: asked first
        self.coach = CoachKeys(self, coach)  # K and Y: the coach and the hand review
        self.chat = chat  # the chat line of a network table; None: a local game
        self.pre_actions = pre_actions  # C and F off the turn arm what the turn will play
        self.presses = 0  # keys handled: an answer still being computed yields to a newer one
        self.amounts = AmountKeys(self)  # the raise amount, typed or stepped (after R)
        self.player_cursor: int | None = None
        self.quitting = False
        # Every command's handler, from the registry (audiopoker.ui.registry).
        self._methods = {c.name: bind(self, c) for c in commands(Mode.GAME)}
        self._amount_methods = {c.name: bind(self, c) for c in commands(Mode.AMOUNT)}

    @property
    def amount(self) -> AmountEntry | None:
        """The raise amount being entered, if any."""
        return self.amounts.entry

    # --- speaking -----------------------------------------------------------------------
    def say(
        self,
        text: str,
        kind: str = "answer",
        interrupt: bool = True,
        braille: str | None = None,
        true_while: str = "",
    ) -> None:
        """Send one answer: it interrupts current speech, or (``interrupt`` False) follows
        the answer before it; ``braille`` is its shorter form for the display (cards as
        letters); ``true_while`` the state it describes (it dies with it). A refusal (kind
        ``error``) also plays the error cue."""
        message = Message(
            kind, text, interrupt=interrupt, braille=braille, answer=True, true_while=true_while
        )
        self.output.send(message)
        if kind == "error":
            self.sound.error()

    def say_many(self, texts: Sequence[str], kind: str) -> None:
        """Several messages: the first interrupts, the rest queue behind it."""
        for index, text in enumerate(texts):
            self.say(text, kind, interrupt=index == 0)

    def key_label(self, action: str, mode: Mode = Mode.GAME) -> str:
        """The spoken name of the (first) key bound to ``action``."""
        return self.text.key_label(self.keymap, action, mode)

    # --- dispatch -----------------------------------------------------------------------
    def key(self, name: str) -> None:
        """One key press, by prompt_toolkit key name: resolve it by mode and act."""
        self.presses += 1
        if self.chat is not None and self.chat.typing and self.chat.key(name):
            return  # the open chat line takes every key (Control+C goes on and quits)
        if self.lists.key(name):
            return  # a key of the open list; any other closes it and acts as usual
        if self.mode is Mode.AMOUNT:
            if name in AMOUNT_DIGITS or name in DECIMAL_MARKS:
                self.amounts.digit(name)
                return
            action = self.keymap.action_for(Mode.AMOUNT, name)
            if action is not None:
                self._amount_methods[action]()
                return
        elif self.mode is Mode.CONFIRM and self.questions.key(name):
            return  # the question's key; any other answers and the question keeps waiting
        action = self.keymap.action_for(Mode.GAME, name)
        if action is None:
            self.say(self.text.unknown_key(self.text.key_name(name), self.key_label("help")))
            return
        self._methods[action]()

    # --- helpers reading the table ------------------------------------------------------
    def _snap(self) -> TableSnapshot:
        return self.state.snapshot()

    def _legal(self) -> LegalActions | None:
        return self.seat.pending if self.seat is not None else None

    def _name(self, seat: int) -> str:
        return self._snap().seats[seat].name

    def _where(self) -> HelpContext:
        return context_of(self.mode, self.seat is None, self._legal() is not None)

    def _cannot_act(self) -> None:
        """Why an action key does nothing now."""
        snap = self._snap()
        if self.seat is None:
            self.say(self.text.watching_no_action(), "error")
        elif snap.game_over is not None:
            self.say(self.text.game_over(), "error")
        elif snap.seats[self.seat.seat].out:
            self.say(self.text.you_are_out(), "error")
        elif not snap.hand_running:
            self.say(self.text.not_your_turn_between_hands(), "error")
        elif snap.actor is not None and snap.actor != self.seat.seat:
            name = snap.seats[snap.actor].name
            self.say(self.text.not_your_turn(name), "error", true_while=THEIR_TURN)
        else:
            self.say(self.text.not_your_turn_dealing(), "error")

    def _submit(self, action: Action) -> None:
        if not self.submit(action):
            self._cannot_act()

    def submit(self, action: Action) -> bool:
        """Hand the player's action to the seat; when it is taken, the turn is over at
        once: its prompt, reminder, amount prompt or question stop being said, so the
        player's own action is the next thing heard. False when it is not their turn."""
        assert self.seat is not None
        if not self.seat.submit(action):
            return False
        self.output.expire(YOUR_TURN, acted=True)
        return True

    def _decision(self) -> LegalActions | None:
        """The player's choices when a betting key may act now; else say why it may not
        (an amount is being entered, or it is not the player's turn) and return None."""
        if self.mode is Mode.AMOUNT:
            self.amounts.say_pending()
            return None
        legal = self._legal()
        if legal is None:
            self._cannot_act()
        return legal

    def _call_fold_keys(self) -> tuple[str, str]:
        return self.key_label("check_call"), self.key_label("fold")

    # --- actions ------------------------------------------------------------------------
    def _arm(self, key: PreKey) -> bool:
        """C or F off the player's turn, in a hand they are in: arm (or step up, or cancel)
        what their turn will play, and say it. False when it is not for arming (their turn,
        an amount being typed, nothing to arm: the key then says why it does nothing)."""
        pre = self.pre_actions
        if pre is None or self.mode is not Mode.GAME or self._legal() is not None:
            return False
        line = pre.press(key, self.key_label(key.value))
        if line is None:
            return False
        self.say(line)
        return True

    def check_call(self) -> None:
        """C: check when free, else call (all in when the call takes every chip); off the
        turn, arm a check or a call (``PreActions``)."""
        if self._arm(PreKey.CALL):
            return
        legal = self._decision()
        if legal is not None:
            self._submit(Action.check() if legal.can_check else Action.call())

    def raise_(self) -> None:
        """R: open the amount entry, or say why raising is not possible."""
        legal = self._decision()
        if legal is None:
            return
        if legal.raise_kind is None:
            call, fold = self._call_fold_keys()
            block = legal.raise_block
            if block in (ErrorReason.NO_OPPONENT_CAN_CALL, ErrorReason.RAISE_NOT_REOPENED):
                # The engine's own reason: "No puedes subir: todos los demás están all-in".
                self.say(self.words.error(IllegalActionError(block)), "error")
            elif legal.call_is_all_in:
                self.say(self.text.cannot_raise_all_in_call(legal.to_call, call, fold), "error")
            else:
                self.say(self.text.cannot_raise(legal.to_call, call, fold), "error")
            return
        self.amounts.open(legal)

    def all_in(self) -> None:
        """A: every chip in, where the rules allow it."""
        legal = self._decision()
        if legal is None:
            return
        action = legal.all_in()
        if action is None:
            self.say(self.text.cannot_all_in(legal.to_call, *self._call_fold_keys()), "error")
        elif self.questions.all_in_warning:
            self.questions.ask(Ask.ALL_IN)
        else:
            self._submit(action)

    def fold(self) -> None:
        """F: fold; when a check is free, ask first; off the turn, arm check or fold."""
        if self._arm(PreKey.FOLD):
            return
        legal = self._decision()
        if legal is None:
            return
        if legal.can_check:
            self.questions.ask(Ask.FOLD)
        else:
            self._submit(Action.fold())

    # --- queries: each answers at once, from the snapshot -------------------------------
    def chips(self) -> None:
        """S: the player's chips (and what is in front of them this round)."""
        self.say(self.answers.chips(self._snap()))

    def to_call(self) -> None:
        """V: what the player must add to call."""
        self.say(self.answers.to_call(self._snap(), self._legal()))

    def cards(self) -> None:
        """D: the player's two cards."""
        snap = self._snap()
        self.say(self.answers.cards(snap), braille=self.answers.cards(snap, brief=True))

    def board(self) -> None:
        """E: the board."""
        snap = self._snap()
        self.say(self.answers.board(snap), braille=self.answers.board(snap, brief=True))

    def best_hand(self) -> None:
        """G: the player's best hand with the board so far."""
        self.say(self.answers.best_hand(self._snap()))

    def card(self, number: int) -> None:
        """1 to 7: the player's cards, then the board, one at a time."""
        snap = self._snap()
        brief = self.answers.card(snap, number, brief=True)
        self.say(self.answers.card(snap, number), braille=brief)

    def turn(self) -> None:
        """T: whose turn it is, and what is armed for the player's; on the player's turn,
        the whole prompt again."""
        armed = self.pre_actions.shown() if self.pre_actions is not None else None
        self.say(self.questions.turn() if armed is None else f"{self.questions.turn()} {armed}")

    def pot(self) -> None:
        """P: the pot, split into main and side pots when someone is all in."""
        self.say(self.answers.pot(self._snap()))

    def _move_player(self, step: int) -> None:
        snap = self._snap()
        start = self.player_cursor
        if start is None:
            start = snap.me if snap.me is not None else (-1 if step > 0 else 0)
        self.player_cursor = (start + step) % len(snap.seats)
        self.say(self.answers.player(snap, self.player_cursor))

    def next_player(self) -> None:
        """N: the next seat clockwise."""
        self._move_player(1)

    def previous_player(self) -> None:
        """B: the previous seat."""
        self._move_player(-1)

    def last_action(self) -> None:
        """L: the last action at the table, as narration said it."""
        self.say(self.answers.last_action(self._snap()))

    # --- messages, help and settings ----------------------------------------------------
    def repeat(self) -> None:
        """M: the last message again."""
        self.output.repeat_last()

    def history_back(self) -> None:
        """Left: the previous message."""
        self.output.history_previous()

    def history_forward(self) -> None:
        """Right: the next message."""
        self.output.history_next()

    def history_first(self) -> None:
        """Home: the start of this hand; pressed again, the oldest message."""
        self.output.history_first()

    def history_last(self) -> None:
        """End: the newest message."""
        self.output.history_last()

    def history_view(self) -> None:
        """Tab: the arrows walk the player's answers, or the table's messages again."""
        self.output.history_view()

    def facts(self) -> Facts:
        """What this table offers, for the commands' ``Needs``."""
        seat, network, tournament = self.seat, self.chat, self._level
        sound, pace = self.sound.sound is not None, self._pace_parts() is not None
        return Facts(seat is not None, network is not None, tournament is not None, sound, pace)

    def _help(self) -> list[Item]:
        entries = help_entries(self.text, self.keymap, self._where(), self.facts())
        return command_items(entries, self._methods)

    def help_lines(self) -> list[str]:
        """Every command of this table, the keys of the player's state now first."""
        return [item.message.text for item in self._help()]

    def help(self) -> None:
        """H: the keys as a list, walked with the arrows, where letters find a command by
        its name and Enter runs it (audiopoker.ui.browse)."""
        items = self._help()
        title = self.text.browse_count("help", len(items))
        self.output.expire(YOUR_TURN)  # a list open: leaving it says T repeats the choices
        elsewhere = functools.partial(not_here, self.text, self.facts())  # why not here
        self.lists.open("help", title, items, typing=True, elsewhere=elsewhere)

    def lesson(self) -> None:
        """The short lesson and the glossary, as a list."""
        self.output.expire(YOUR_TURN)
        self.lists.lesson()

    def settings(self) -> list[Setting]:
        """The options of this table, in their order (audiopoker.ui.options_menu)."""
        parts = Parts(
            verbosity=(lambda: self.output.verbosity, self._next_verbosity),
            keep=self.prefs_changed,
            all_in_key=self.key_label("all_in"),
            pace=self._pace_parts(),
            sound=self.sound.sound,
            warning=self.questions if self.seat is not None else None,
            review=self.coach.service,
        )
        return settings(self.text, parts)

    def options(self) -> None:
        """O: the settings as a list; Enter changes the one the cursor is on, which is said
        and kept."""
        found = [Item(Message("options", s.said()), change=s.change) for s in self.settings()]
        self.output.expire(YOUR_TURN)
        self.lists.open("options", self.text.browse_count("options", len(found)), found)

    def prefs_changed(self) -> None:
        """Keep the preferences now (the side's keeper, which it hands the questions: the
        all-in warning was the first preference a key changed)."""
        if self.questions.on_change is not None:
            self.questions.on_change()

    def all_in_warning(self) -> None:
        """The warning before all in: on or off (also in the options)."""
        self.say(self.questions.toggle_all_in_warning())

    def stop_speech(self) -> None:
        """X or Escape: silence."""
        self.output.silence()

    def _next_verbosity(self) -> Verbosity:
        level = self.output.cycle_verbosity()
        if self._on_verbosity is not None:
            self._on_verbosity(level)  # the narration follows, and the preference is kept
        return level

    def verbosity(self) -> None:
        """Brief, normal, verbose (also in the options)."""
        self.say(self.text.verbosity(self._next_verbosity()))

    def _pace(self, step: int) -> None:
        self.say(step_pace(self.text, self._pace_parts(), step))

    def _pace_parts(self) -> tuple[Callable[[], float], Callable[[float], None]] | None:
        get, put = self._get_pace, self._set_pace
        return (get, put) if get is not None and put is not None else None

    def faster(self) -> None:
        """Plus: bots wait less."""
        self._pace(-1)

    def slower(self) -> None:
        """Minus: bots wait more."""
        self._pace(1)

    def volume_up(self) -> None:
        """0: sound cues louder; says the new volume."""
        self.say(self.sound.volume_up())
        self.prefs_changed()

    def volume_down(self) -> None:
        """9: sound cues quieter; says the new volume."""
        self.say(self.sound.volume_down())
        self.prefs_changed()

    def mute(self) -> None:
        """8: sound cues off or back on; says which."""
        self.say(self.sound.mute())
        self.prefs_changed()

    def replay_hand(self) -> None:
        """U: the last hand as a list, one action per item, its showdown last."""
        self.output.expire(YOUR_TURN)
        self.lists.replay(self.records.last_hand())

    def game_stats(self) -> None:
        """J: this game's numbers."""
        self.say_many(self.records.numbers(), "answer")

    def level(self) -> None:
        """Z: the tournament's level and the next change; in a cash game, that the blinds
        stay as they are."""
        if self._level is not None:
            self.say_many(self._level(), "answer")
        else:
            self.say(TournamentText(self.text.lang).cash_game(self._snap().hand_start))

    @property
    def typing(self) -> bool:
        """True while the chat line is open: the key loop then passes letters as typed."""
        return self.chat is not None and self.chat.typing

    def chat_open(self) -> None:
        """Enter: open the chat line (audiopoker.ui.chat_keys); at a local game, say that
        chat needs a network table."""
        if self.chat is None:
            self.say(self.text.chat_solo(self.key_label("chat"), self.key_label("help")))
        else:
            self.chat.open()

    def chat_mute(self) -> None:
        """F2: others' chat lines off, or back on."""
        if self.chat is None:
            self.say(self.text.chat_solo(self.key_label("chat_mute"), self.key_label("help")))
        else:
            self.chat.toggle_mute(self.key_label("chat_mute"))

    def quit(self) -> None:
        """Q: ask (Q again quits)."""
        self.questions.ask(Ask.QUIT)

    def quit_now(self) -> None:
        """Control+C (or Q twice): quit at once."""
        if self.quitting:
            return
        self.quitting = True
        self.amounts.entry = None
        self.mode = Mode.GAME
        self._on_quit()  # the game falls silent first, so "Goodbye" is the last word
        self.say_many([*self._farewell(), self.text.goodbye()], "answer")
