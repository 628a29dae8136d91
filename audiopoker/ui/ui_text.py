"""Every sentence the key loop says, from the ``ui`` gettext domain.

The catalogs are ``audiopoker/ui/locale/{en,es}/LC_MESSAGES/ui.po``, loaded by the
narration layer's catalog loader; keys are stable ids (``ui.chips``), plurals go through
the catalog so Spanish agrees. Cards and hands are named by the narration layer and passed
in as finished words; key names come from here, in the player's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from audiopoker.i18n import DEFAULT_LANGUAGE, MissingMessageError
from audiopoker.narration.amounts import Amounts
from audiopoker.narration.catalog import Catalog, get_catalog
from audiopoker.narration.language import Language
from audiopoker.output.message import Verbosity
from audiopoker.ui.keymap import Keymap, KeymapProblem, Mode, ProblemKind

UI_DOMAIN: Final = "ui"
UI_LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"

# Named keys and the catalog key of their spoken name.
_KEY_NAMES: Final = {
    " ": "space",
    "c-m": "enter",
    "c-j": "enter",  # some terminals send Enter as a line feed (Control+J)
    "c-i": "tab",
    "c-h": "backspace",
    "escape": "escape",
    "up": "up",
    "down": "down",
    "left": "left",
    "right": "right",
    "home": "home",
    "end": "end",
    "pageup": "pageup",
    "pagedown": "pagedown",
    "insert": "insert",
    "delete": "delete",
    "+": "plus",
    "-": "minus",
    "=": "equals",
    "?": "question",
    ",": "comma",
    ".": "period",
    "/": "slash",
    "*": "asterisk",
}

LESSON_LINES: Final = 14
# The lesson's lines on the English words, said in every other language (catalog keys).
ENGLISH_LINES: Final = ("lesson.english.actions", "lesson.english.others")
# The lesson's glossary (catalog keys ``ui.glossary.*``), in the order a hand meets them.
GLOSSARY: Final = (
    "button",
    "blinds",
    "ante",
    "big_blind_ante",
    "under_the_gun",
    "lojack",
    "hijack",
    "cutoff",
    "check",
    "call",
    "bet",
    "raise",
    "fold",
    "all_in",
    "pot",
    "main_pot",
    "side_pot",
    "split_pot",
    "board",
    "flop",
    "turn",
    "river",
    "showdown",
    "kicker",
)


class UiText:
    """The UI's sentences in one language."""

    def __init__(self, lang: Language = "en", amounts: Amounts | None = None) -> None:
        self.lang: Language = lang
        self.catalog: Catalog = get_catalog(lang, UI_DOMAIN, UI_LOCALE_DIR)
        # Chips or big blinds: the side shares one with the narration (narration/amounts).
        self.amounts = amounts if amounts is not None else Amounts()

    def _(self, key: str, /, **fields: object) -> str:
        return self.catalog.text("ui." + key, **fields)

    def _n(self, key: str, count: int, /, **fields: object) -> str:
        return self.catalog.plural("ui." + key, count, **fields)

    def _chips(self, key: str, chips: int, /, **fields: object) -> str:
        """A sentence counting chips (``_n``), in big blinds when chosen (its ``.bb`` twin)."""
        return self.amounts.counted(self.catalog, "ui." + key, chips, **fields)

    def amount(self, chips: int) -> str:
        """An amount in the unit chosen: "4" / "2 big blinds"."""
        return self.amounts.say(chips, self.lang)

    def join(self, items: Sequence[str], conjunction: str = "and") -> str:
        """'a, b and c' ('a, b y c') in the player's language."""
        return self.catalog.join(items, conjunction)

    def _cards(self, cards: Sequence[str], brief: bool) -> str:
        return " ".join(cards) if brief else self.join(cards)

    def number(self, value: float) -> str:
        """A decimal number as the language writes it (1.5, 1,5)."""
        shown = f"{value:g}"
        return shown.replace(".", ",") if self.lang == "es" else shown

    # --- keys, help and lesson ----------------------------------------------------------
    def key_name(self, key: str) -> str:
        """A key as the player says it: 'C', 'Escape', 'Up arrow', 'Control+C'."""
        if key in _KEY_NAMES:
            return self._("key." + _KEY_NAMES[key])
        if key.startswith("c-") and len(key) > 2:
            return self._("key.control", key=self.key_name(key[2:]))
        if key.startswith("s-") and len(key) > 2:
            return self._("key.shift", key=self.key_name(key[2:]))
        if len(key) > 1 and key[0] == "f" and key[1:].isdigit():
            return key.upper()
        return key.upper() if key.isalpha() else key

    def keys_or(self, names: Sequence[str]) -> str:
        """Several keys for one action: 'H or question mark'."""
        return self.join(names, "or")

    def no_key(self) -> str:
        """'no key'"""
        return self._("key.none")

    def key_label(self, keymap: Keymap, action: str, mode: Mode = Mode.GAME) -> str:
        """The spoken name of the (first) key ``keymap`` binds to ``action`` in ``mode``."""
        keys = keymap.keys_for(mode, action)
        return self.key_name(keys[0]) if keys else self.no_key()

    def action_description(self, action: str) -> str:
        """What a keymap action does, for help."""
        if action.startswith("card_"):
            number = int(action.removeprefix("card_"))
            if number <= 2:
                return self._("action.card_hole", number=number)
            return self._("action.card_board", number=number - 2)
        return self._("action." + action)

    def help_line(self, keys: str, description: str) -> str:
        """'{keys}: {description}.'"""
        return self._("help.line", keys=keys, description=description)

    def command_name(self, action: str) -> str:
        """A command's spoken name, what typing in help finds it by ('lesson'); a card's is
        its description."""
        if action.startswith("card_"):
            return self.action_description(action)
        return self._("name." + action)

    def help_line_typed(self, action: str, description: str | None = None) -> str:
        """The help line of a command with no key: 'Type lesson: a short lesson: …'
        (``description``: another than the action's own, as a drill says it)."""
        said = self.action_description(action) if description is None else description
        return self._("help.line_typed", name=self.command_name(action), description=said)

    def reach(self, keymap: Keymap, action: str) -> str:
        """How to run ``action``, inside a sentence ('Press {key} for the level'): its key,
        or 'H and type level' when it has none."""
        if keymap.keys_for(Mode.GAME, action):
            return self.key_label(keymap, action)
        help_key = self.key_label(keymap, "help")
        return self._("reach.typed", help=help_key, name=self.command_name(action))

    def option(self, key: str) -> str:
        """A ``ui.options.*`` sentence: an item of the options (O) and its value."""
        return self._("options." + key)

    def all_in_warning(self, on: bool, key: str) -> str:
        """'Warning before all in: on. A asks first.' ({key}: the all-in key)"""
        return self._("all_in_warning.on" if on else "all_in_warning.off", key=key)

    def help_amount_intro(self) -> str:
        """'While you type a raise amount, digits type the total, and:'"""
        return self._("help.amount_intro")

    def help_confirm_intro(self) -> str:
        """'When the game asks a question:'"""
        return self._("help.confirm_intro")

    def browse(self, key: str, /, **fields: object) -> str:
        """A ``ui.browse.*`` sentence: the words of a browsed list (help, lesson, last hand)."""
        return self._("browse." + key, **fields)

    def browse_count(self, key: str, count: int, /, **fields: object) -> str:
        """A ``ui.browse.*`` sentence with a plural chosen by ``count``."""
        return self._n("browse." + key, count, **fields)

    def lesson(self) -> list[str]:
        """The short spoken lesson: the hands from best to worst, the betting, then a
        glossary of every word the game uses. In any language but English the glossary
        opens with two lines giving the English words a player meets at other tables (in
        Spanish beside the room's words: seguir is call, irse is fold), said once there so
        the rest of the lesson can speak the player's own words."""
        lines = [self._(f"lesson.{number}") for number in range(1, LESSON_LINES + 1)]
        english = [] if self.lang == DEFAULT_LANGUAGE else [self._(k) for k in ENGLISH_LINES]
        glossary = (self._("glossary." + term) for term in GLOSSARY)
        return [*lines, self._("glossary.title"), *english, *glossary]

    def welcome(self, bots: int, chips: int, small: int, big: int, help_key: str) -> str:
        """You play against {count} bots. Everyone starts with {chips} chips; blinds {small..."""
        return self._n("welcome", bots, chips=chips, small=small, big=big, help=help_key)

    def welcome_watch(self, players: int, help_key: str) -> str:
        """'You are watching {count} bots play. Press {help} to hear the keys.'"""
        return self._n("welcome_watch", players, help=help_key)

    def keymap_problem(self, problem: KeymapProblem) -> str:
        """Why a keymap file was refused, naming the file and line."""
        if problem.line is None:
            where = self._("keymap.where_file", source=problem.source)
        else:
            where = self._("keymap.where", source=problem.source, line=problem.line)
        key = problem.key
        action, other = problem.action, problem.other
        kind = problem.kind.value
        if problem.kind in (ProblemKind.CLASH, ProblemKind.REFLEX):
            # Said as the player knows them: the key's name and what each action does.
            key = self.key_name(key) if key else key
            action, other = self._described(action), self._described(other)
            if problem.context is not None and problem.kind is ProblemKind.CLASH:
                kind = "clash_in"
        details = {
            "section": problem.section,
            "action": action,
            "key": key,
            "other": other,
            "context": self._described(problem.context, "context."),
        }
        reason = self._("keymap." + kind, **{k: v for k, v in details.items() if v is not None})
        return self._("keymap.problem", where=where, reason=reason)

    def _described(self, name: str | None, prefix: str = "") -> str | None:
        """An action's (or a context's) spoken description; the name itself if unknown."""
        if name is None:
            return None
        try:
            return self._(prefix + name) if prefix else self.action_description(name)
        except MissingMessageError:
            return name

    def default_name(self) -> str:
        """The player's name when --name is not given."""
        return self._("default_name")

    # --- answers to query keys ----------------------------------------------------------
    def chips(self, chips: int) -> str:
        """'You have {count} chips.'"""
        return self._chips("chips", chips)

    def chips_in_front(self, chips: int, committed: int) -> str:
        """'You have {count} chips, and {committed} bet this round.'"""
        return self._chips("chips_in_front", chips, committed=self.amount(committed))

    def to_call(self, amount: int) -> str:
        """'{count} chips to call.'"""
        return self._chips("to_call", amount)

    def to_call_all_in(self, amount: int) -> str:
        """'Calling puts you all in: {count} chips.'"""
        return self._chips("to_call_all_in", amount)

    def nothing_to_call(self) -> str:
        """'Nothing to call: you can check.'"""
        return self._("nothing_to_call")

    def no_hand(self) -> str:
        """'No hand is being played.'"""
        return self._("no_hand")

    def watching(self) -> str:
        """'You are watching: you have no seat.'"""
        return self._("watching")

    def you_folded(self) -> str:
        """'You folded this hand.'"""
        return self._("you_folded")

    def you_are_out(self) -> str:
        """'You are out of the game.'"""
        return self._("you_are_out")

    def not_in_hand(self) -> str:
        """'You are not in this hand.'"""
        return self._("not_in_hand")

    def all_in_already(self) -> str:
        """'You are all in: nothing more to bet.'"""
        return self._("all_in_already")

    def your_cards(self, cards: Sequence[str], brief: bool = False) -> str:
        """'Your cards: {cards}.' (brief, for braille: the cards' letters one after another)"""
        return self._("your_cards", cards=self._cards(cards, brief))

    def your_folded_cards(self, cards: Sequence[str], brief: bool = False) -> str:
        """'You folded {cards}.' (brief, for braille: the cards' letters one after another)"""
        return self._("your_folded_cards", cards=self._cards(cards, brief))

    def no_cards(self) -> str:
        """'You have no cards.'"""
        return self._("no_cards")

    def board(self, cards: Sequence[str], brief: bool = False) -> str:
        """'The board: {cards}.' (brief, for braille: the cards' letters one after another)"""
        return self._("board", cards=self._cards(cards, brief))

    def board_empty(self) -> str:
        """'No cards on the table yet.'"""
        return self._("board_empty")

    def best_hand(self, hand: str) -> str:
        """'Your best hand: {hand}.'"""
        return self._("best_hand", hand=hand)

    def your_turn(self) -> str:
        """'Your turn.'"""
        return self._("your_turn")

    def whose_turn(self, name: str) -> str:
        """'{name}'s turn.'"""
        return self._("whose_turn", name=name)

    def nobody_to_act(self) -> str:
        """'Nobody is to act: cards are being dealt.'"""
        return self._("nobody_to_act")

    def card(self, name: str) -> str:
        """'{card}.'"""
        return self._("card", card=name)

    def card_not_dealt(self, street: str) -> str:
        """'The flop is not dealt yet.' (street: flop, turn or river)"""
        return self._("card_not_dealt." + street)

    def pot(self, amount: int) -> str:
        """'Pot: {count} chips.'"""
        return self._chips("pot", amount)

    def pot_empty(self) -> str:
        """'The pot is empty.'"""
        return self._("pot_empty")

    def pots(self, main: int, sides: Sequence[int], uncalled: str | None = None) -> str:
        """'Pots: main pot 60 and side pot 20.' / '... side pot 1 with 20 and side pot 2
        with 10.'; with ``uncalled`` (see :meth:`uncalled`) after a semicolon."""
        parts = [self._("pots.main", amount=self.amount(main))]
        if len(sides) == 1:  # no number: "side pot 1: 20" read two numbers in a row
            parts.append(self._("pots.side_only", amount=self.amount(sides[0])))
        else:
            parts += [
                self._("pots.side", number=index, amount=self.amount(amount))
                for index, amount in enumerate(sides, start=1)
            ]
        if uncalled is not None:
            return self._("pots.uncalled", list=self.join(parts), uncalled=uncalled)
        return self._("pots", list=self.join(parts))

    def pot_uncalled(self, amount: int, uncalled: str) -> str:
        """'Pot: 15; 8 chips bet by Beto that nobody has called yet.'"""
        return self._("pot.uncalled", amount=self.amount(amount), uncalled=uncalled)

    def uncalled(self, amount: int, name: str | None) -> str:
        """'8 chips bet by Beto that nobody has called yet' (name None: the player)."""
        if name is None:
            return self._chips("uncalled.you", amount)
        return self._chips("uncalled", amount, name=name)

    def player(self, seat: int, name: str, stack: int, status: Sequence[str]) -> str:
        """'Seat {seat}, {name}: {count} chips, {status}.'"""
        return self._chips("player", stack, seat=seat, name=name, status=", ".join(status))

    def player_you(self, seat: int, stack: int, status: Sequence[str]) -> str:
        """'Seat {seat}, you: {count} chips, {status}.'"""
        return self._chips("player.you", stack, seat=seat, status=", ".join(status))

    def status(self, key: str, **values: object) -> str:
        """One part of a player's status (folded, all_in, button, bet, ...); the ``.you``
        keys say it of the player (Spanish: 'apostaste', 'te toca')."""
        return self._("status." + key, **values)

    def no_last_action(self) -> str:
        """'Nobody has acted yet this hand.'"""
        return self._("no_last_action")

    def verbosity(self, level: Verbosity) -> str:
        """The new verbosity level, said when the player changes it."""
        """"""
        return self._("verbosity." + level.name.lower())

    def pace(self, seconds: float) -> str:
        """'Bots play as fast as speech allows.' / 'Bots wait {seconds} seconds.'"""
        if seconds <= 0:
            return self._("pace.fast")
        return self._n("pace.seconds", 1 if seconds == 1 else 2, seconds=self.number(seconds))

    def pace_limit(self, seconds: float) -> str:
        """'That is the limit. {pace}'"""
        return self._("pace.limit", pace=self.pace(seconds))

    # --- sound keys ---------------------------------------------------------------------
    def sound_volume(self, percent: int, muted: bool) -> str:
        """'Sound volume {percent} percent.' (and that it is still muted)."""
        return self._("sound.volume_muted" if muted else "sound.volume", percent=percent)

    def sound_volume_limit(self, percent: int, muted: bool) -> str:
        """'That is the limit. Sound volume {percent} percent.'"""
        return self._("sound.limit", volume=self.sound_volume(percent, muted))

    def sound_muted(self) -> str:
        """'Sound muted; speech goes on.'"""
        return self._("sound.muted")

    def sound_unmuted(self, percent: int) -> str:
        """'Sound on, volume {percent} percent.'"""
        return self._("sound.unmuted", percent=percent)

    def sound_disabled(self) -> str:
        """'Sound cues are off in this game.' (--no-sound)"""
        return self._("sound.disabled")

    def sound_failed(self) -> str:
        """'No sound device.' (0 and 9 once the device failed: short, said on each press)"""
        return self._("sound.failed")

    def sound_unmuted_no_device(self) -> str:
        """'Sound on; no sound device.' (8 once the device failed)"""
        return self._("sound.unmuted_no_device")

    def sound_went_off(self) -> str:
        """'Sound cues are off: no sound device works here. The game goes on in words.'"""
        return self._("sound.went_off")

    def unknown_key(self, key: str, help_key: str) -> str:
        """'{key} does nothing. {help} lists the keys.'"""
        return self._("unknown_key", key=key, help=help_key)

    def chat_solo(self, key: str, help_key: str) -> str:
        """'{key} does nothing here: chat works at a network table only. {help} lists the
        keys.' (Enter or F2 at a local table)"""
        return self._("chat.solo", key=key, help=help_key)

    # --- actions out of turn and refused ------------------------------------------------
    def not_your_turn(self, name: str) -> str:
        """'Not your turn: {name} is to act.'"""
        return self._("not_your_turn", name=name)

    def not_your_turn_dealing(self) -> str:
        """'Not your turn: wait for the cards.'"""
        return self._("not_your_turn_dealing")

    def not_your_turn_between_hands(self) -> str:
        """'Not your turn: the next hand is about to start.'"""
        return self._("not_your_turn_between_hands")

    def watching_no_action(self) -> str:
        """'You are watching: the bots play.'"""
        return self._("watching_no_action")

    def game_over(self) -> str:
        """'The game is over.'"""
        return self._("game_over")

    def cannot_raise(self, to_call: int, call: str, fold: str) -> str:
        """'You cannot raise now. {call} calls {count} chips; {fold} folds.'"""
        return self._chips("cannot_raise", to_call, call=call, fold=fold)

    def cannot_raise_all_in_call(self, to_call: int, call: str, fold: str) -> str:
        """You cannot raise: calling puts you all in with {count} chips. {call} calls; {fol..."""
        return self._chips("cannot_raise_all_in_call", to_call, call=call, fold=fold)

    def cannot_all_in(self, to_call: int, call: str, fold: str) -> str:
        """All in is not possible now: raising is closed. {call} calls {count} chips; {fold..."""
        return self._chips("cannot_all_in", to_call, call=call, fold=fold)

    def goodbye(self) -> str:
        """'Goodbye.'"""
        return self._("goodbye")

    def closing_place(self, place: int, players: int, tied_with: Sequence[str] = ()) -> str:
        """The player is out: 'You finish in place 5 of 6' (tied with whom, if anyone)."""
        if tied_with:
            names = self.join(tied_with)
            return self._("closing.place.tied", place=place, players=players, names=names)
        return self._("closing.place", place=place, players=players)

    def closing_left(self, left: Sequence[tuple[str, int]]) -> str:
        """'Still playing: Ana with 300 chips and Beto with 150 chips.'"""
        items = [self._chips("closing.left.item", chips, name=name) for name, chips in left]
        return self._("closing.left", players=self.join(items))

    def play_again(self) -> str:
        """How to play again once the game is over for the player (a new process)."""
        return self._("closing.play_again")

    def game_stopped(self, error: str) -> str:
        """'The game stopped because of an error in audiopoker: {error}'"""
        return self._("game_stopped", error=error)

    # --- amount entry -------------------------------------------------------------------
    def amount_open(self, bet: bool, minimum: int, maximum: int, confirm: str, cancel: str) -> str:
        """You can only go all in, to {maximum}. {confirm} confirms, {cancel} cancels...."""
        low, high = self._range(minimum, maximum)
        fields = {"minimum": low, "maximum": high, "confirm": confirm, "cancel": cancel}
        if minimum == maximum:
            return self._("amount.only_all_in", **fields)
        return self._("amount.open_bet" if bet else "amount.open_raise", **fields)

    def amount_value(self, amount: int, minimum: int, maximum: int) -> str:
        """'{amount}, all in.' / '{amount}, the minimum.'"""
        said = self.amount(amount)
        if amount == maximum:
            return self._("amount.all_in", amount=said)
        if amount == minimum:
            return self._("amount.minimum", amount=said)
        return self._("amount.value", amount=said)

    def amount_typed(self, digits: str) -> str:
        """What is typed so far, a decimal mark as the language writes it ("2.5" / "2,5"),
        and a mark just typed said as a word ("2 point" / "2 coma"); 'Empty.'"""
        if not digits:
            return self._("amount.empty_typed")
        mark = "," if self.lang == "es" else "."
        shown = digits.replace(",", mark).replace(".", mark)
        if shown.endswith(mark):
            return self._("amount.typed_mark", digits=shown[:-1])
        return shown

    def amount_out_of_range(self, amount: int, minimum: int, maximum: int, cancel: str) -> str:
        """'{amount} is more than you have.' / '... is below the minimum.', then 'Type from
        {minimum} to {maximum}, or {cancel} to cancel.'"""
        key = "amount.too_high" if amount > maximum else "amount.too_low"
        low, high = self._range(minimum, maximum)
        return self._(key, amount=self.amount(amount), minimum=low, maximum=high, cancel=cancel)

    def amount_empty(self, minimum: int, maximum: int) -> str:
        """'Type an amount first, from {minimum} to {maximum}.'"""
        low, high = self._range(minimum, maximum)
        return self._("amount.empty", minimum=low, maximum=high)

    def amount_no_mark(self, big_blinds: bool) -> str:
        """A decimal mark the entry does not take: 'Amounts are in chips: type whole
        numbers.' / 'One decimal mark is enough: type the digits after it.'"""
        return self._("amount.second_mark" if big_blinds else "amount.whole_chips")

    def _range(self, minimum: int, maximum: int) -> tuple[str, str]:
        """A range's ends as said: the unit, in big blinds, once at the end ("from 2 to
        100 big blinds")."""
        return self.amounts.figure(minimum, self.lang), self.amount(maximum)

    def amount_cancelled(self) -> str:
        """'Raise cancelled; nothing was bet.'"""
        return self._("amount.cancelled")

    def amount_pending(self, confirm: str, cancel: str) -> str:
        """'You are choosing an amount: {confirm} bets it, {cancel} cancels.'"""
        return self._("amount.pending", confirm=confirm, cancel=cancel)

    def amount_turn_gone(self) -> str:
        """'The amount entry closed: it is no longer your turn.'"""
        return self._("amount.turn_gone")
