"""`audiopoker replay FILE.phh [--json] [--lang en|es]`: replay a PHH hand history through
our engine, and narrate it or print the result as JSON.

A file of several hands (``.phhs``, a table ``[N]`` per hand, as the game writes its hand
histories) is replayed hand after hand (``--json``: a list), or only hand ``--hand N``.

The narration is the table's: the same Narrator a watcher hears, sent through the same
output router (speech, braille, console echo, ``--transcript``; the output options of
``play`` apply).

A history our rules refuse (an action out of turn, a raise below the minimum, a duplicate
card, bad TOML, another variant) is reported on ONE line on stderr, naming the action and
the reason, with exit code 2, in the language of ``--lang`` (default: the system's). In a
file of several hands, the hands before a broken one (one cut short by a crash while the
game wrote it, or one our rules refuse) are told first, then the broken one is refused by
its number.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from audiopoker import i18n
from audiopoker.argtypes import EXIT_REFUSED, reason, refuse
from audiopoker.commands.words_choice import add_words_argument, choose_words, prefs_file
from audiopoker.engine.events import (
    ActionRequired,
    HandRevealed,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)
from audiopoker.engine.phh import (
    ActionType,
    HandHistory,
    PhhError,
    PhhProblem,
    from_mapping,
    loads,
)
from audiopoker.engine.phh_replay import Replay, replay
from audiopoker.errors import PokerError
from audiopoker.i18n import Catalog, MissingMessageError
from audiopoker.narration import LANGUAGES, Language, Narrator, get_catalog
from audiopoker.narration.language import resolve_language
from audiopoker.output.factory import add_output_arguments, router_from_args
from audiopoker.output.message import Message, Verbosity

SPEECH_WAIT: Final = 600.0  # seconds a voice may take to finish the hand before we close it


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay",
        help="replay a PHH hand history through the engine",
        description="Replay a PHH (Poker Hand History) file, variant NT, through our rules.",
    )
    parser.add_argument("file", type=Path, metavar="FILE.phh")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="narration language: es or en (default: the system's)"
    )
    add_words_argument(parser)
    parser.add_argument(
        "--hand",
        metavar="N",
        help="in a file of several hands (.phhs, like the game's hand histories), replay only "
        "the hand in table [N] (default: every hand, in order)",
    )
    add_output_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay ``args.file``; print narration or JSON. Returns the exit code.

    A file of several hands whose hand N is broken (cut short by a crash, or refused by
    our rules) has the hands before it told, and then hand N refused by its number."""
    lang: Language = resolve_language(args.lang)
    choose_words(args.words, prefs_file())  # before any sentence: the player's words
    try:
        text = args.file.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return refuse("replay", f"{args.file}: {_io_reason(error, lang)}")
    try:
        hands = read_hands(text, args.hand)
    except PhhError as error:
        return refuse("replay", f"{args.file}: {describe_broken(error, lang)}")
    results: list[Replay] = []
    broken = hands.broken
    for name, history in hands.histories:
        try:
            results.append(replay(history))
        except PhhError as error:
            if name:
                error.details["hand"] = name
            broken = error
            break
    refusal = None if broken is None else f"{args.file}: {describe_broken(broken, lang)}"
    if args.json:
        if results:
            shown: Any = [to_json(result) for result in results]
            print(json.dumps(shown if hands.several else shown[0], ensure_ascii=False))
    elif results or refusal is None:
        _tell(results, args, lang, refusal)
        return 0 if refusal is None else EXIT_REFUSED
    return 0 if refusal is None else refuse("replay", refusal)


@dataclass(frozen=True, slots=True)
class Hands:
    """The hands of a PHH document that can be read, each with its table's name ("" for a
    lone hand), in order; ``broken``: the first that cannot (``details["hand"]`` names its
    table), after which nothing is read. ``several``: a ``.phhs`` of several hands."""

    histories: list[tuple[str, HandHistory]]
    several: bool
    broken: PhhError | None = None


def read_hands(text: str, hand: str | None = None) -> Hands:
    """The hands of a PHH document: one hand, or a ``.phhs`` of several (all of them, or
    the one in table ``[hand]``). A ``.phhs`` cut short (its TOML ends mid-hand, as after
    a crash) is read table by table. Raises PhhError when no hand can be told: a lone hand
    refused, or the hand asked for missing or broken."""
    try:
        return Hands([("", loads(text))], False)
    except PhhError as error:
        several = error.problem is PhhProblem.MISSING_FIELD and error.details.get("name") == (
            "variant"
        )
        if not several and not (error.problem is PhhProblem.BAD_TOML and _has_tables(text)):
            raise
        first_error = error
    sections = _sections(text)
    if not sections:
        raise first_error
    if hand is not None:
        for name, read in sections:
            if name == hand:
                if isinstance(read, PhhError):
                    raise read
                return Hands([(name, read)], False)
        raise PhhError(PhhProblem.MISSING_FIELD, name=f"[{hand}]")
    histories: list[tuple[str, HandHistory]] = []
    for name, read in sections:
        if isinstance(read, PhhError):
            return Hands(histories, True, read)
        histories.append((name, read))
    return Hands(histories, True)


def read_histories(text: str, hand: str | None = None) -> tuple[list[HandHistory], bool]:
    """The hands of a PHH document and whether there are several; PhhError when any
    cannot be read (``read_hands`` keeps the good ones of a broken file)."""
    hands = read_hands(text, hand)
    if hands.broken is not None:
        raise hands.broken
    return [history for _, history in hands.histories], hands.several


def _has_tables(text: str) -> bool:
    return any(line.startswith("[") for line in text.splitlines())


def _sections(text: str) -> list[tuple[str, HandHistory | PhhError]]:
    """Each top-level table of a ``.phhs`` with its hand, or why it cannot be read. A
    document that is whole TOML is read as one; one that is not (cut mid-hand) is read
    table by table, so the tables before the cut are still good."""
    try:
        raw: dict[str, Any] | None = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raw = None
    pieces: list[tuple[str, Any]] = []
    if raw is not None:
        pieces = list(raw.items())
    else:
        tables = _split_tables(text)
        for index, (name, body) in enumerate(tables):
            try:
                pieces.append((name, tomllib.loads(body)))
            except tomllib.TOMLDecodeError as error:
                # The last table is where a crash cuts a history written hand by hand.
                refused = PhhError(PhhProblem.BAD_TOML, message=str(error))
                refused.details["cut"] = index == len(tables) - 1
                pieces.append((name, refused))
    sections: list[tuple[str, HandHistory | PhhError]] = []
    for name, section in pieces:
        try:
            if isinstance(section, PhhError):
                raise section
            if not isinstance(section, dict):
                raise PhhError(PhhProblem.BAD_FIELD, name=name, value=section, expected="a hand")
            sections.append((name, from_mapping(section)))
        except PhhError as error:
            error.details["hand"] = name
            sections.append((name, error))
    return sections


def _split_tables(text: str) -> list[tuple[str, str]]:
    """(table name, body) of each ``[name]`` line at the start of a line, in order; a
    header cut short (``[3``) still names its table."""
    tables: list[tuple[str, list[str]]] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("["):
            name = line.strip().lstrip("[").rstrip("]").strip().strip('"')
            tables.append((name, []))
        elif tables:
            tables[-1][1].append(line)
    return [(name, "".join(body)) for name, body in tables]


def _io_reason(error: OSError | UnicodeDecodeError, lang: str) -> str:
    catalog = _catalog(lang)
    if isinstance(error, UnicodeDecodeError):
        return catalog.text("phh.file.not_utf8")
    return catalog.text("phh.file.unreadable", reason=reason(error, i18n.language_or_default(lang)))


def to_json(result: Replay) -> dict[str, Any]:
    """The replay's outcome: stacks in PHH player order, board, pots (winners are player
    indices, 0-based), and whether the history reaches the end of the hand."""
    history = result.history
    pots = [
        {"amount": event.amount, "winners": list(event.winners), "shares": list(event.shares)}
        for event in result.events
        if isinstance(event, PotAwarded)
    ]
    return {
        "variant": history.variant,
        "players": [history.player_name(player) for player in range(history.player_count)],
        "starting_stacks": list(history.starting_stacks),
        "finishing_stacks": list(result.finishing_stacks),
        "board": [str(card) for card in result.hand.board],
        "pots": pots,
        "complete": result.complete,
    }


# ---------------------------------------------------------------- narration


def narrate(
    result: Replay, lang: Language = "en", verbosity: Verbosity = Verbosity.NORMAL
) -> list[Message]:
    """The hand as a watcher at the table hears it: the table's Narrator with no listening
    seat, every hole card the history names said as it is dealt.

    The engine holds stand-in cards where the history names none (``??``); those are never
    told. A hand dealt unknown cards is said to be so; a hand the history mucks is said to
    be thrown away, once, and stays out of the showdown's explanation. A board card the
    history never deals, or a hand shown down that it never names, ends the telling:
    whatever followed would be made up.
    """
    history = result.history
    names = [history.player_name(player) for player in range(history.player_count)]
    board = [
        card
        for action in history.actions
        if action.type is ActionType.DEAL_BOARD
        for card in action.cards
    ]
    narrator = Narrator(names, lang, verbosity, listener_seat=None, reveal_hole_cards=True)
    catalog = get_catalog(lang)
    mucked: set[int] = set()  # seats whose muck was told (revealed, then shown)
    messages: list[Message] = []
    finished = result.complete
    for event in result.events:
        if isinstance(event, ActionRequired):
            continue  # nobody is asked anything in a replay: "Beto's turn" would be chatter
        if isinstance(event, StreetDealt) and (
            len(event.board) > len(board) or None in board[: len(event.board)]
        ):
            finished = False  # the engine dealt a stand-in: the history stops before this
            break
        if isinstance(event, HoleCardsDealt) and None in result.known_hole(event.seat):
            text = catalog.text("replay.hole_cards_unknown", name=names[event.seat])
            messages.append(Message("hole_cards_dealt", text))
        elif isinstance(event, HandRevealed | HandShown) and result.mucked(event.seat):
            if event.seat not in mucked:
                mucked.add(event.seat)
                text = catalog.text("replay.mucks", name=names[event.seat])
                messages.append(Message("hand_shown", text))
        elif isinstance(event, HandRevealed | HandShown) and None in result.known_hole(event.seat):
            # Stand-ins would decide the pot from here: the history does not say who won.
            text = catalog.text("replay.cards_unknown", name=names[event.seat])
            messages.append(Message("hand_shown", text))
            finished = False
            break
        else:
            messages += narrator.narrate(event)
    if not finished:
        messages.append(Message("replay_unfinished", catalog.text("replay.unfinished")))
    return messages


def _tell(
    results: list[Replay], args: argparse.Namespace, lang: Language, refusal: str | None = None
) -> None:
    """Send the narration through the output router, as at the table, and let it be heard
    before the voice closes. ``refusal`` (a broken hand after these) is said last, and
    printed on stderr unless the console echo prints it already."""
    router = router_from_args(args, lang)
    try:
        for result in results:
            for message in narrate(result, lang, router.verbosity):
                router.send(message)
        if refusal is not None:
            router.send(Message("error", f"audiopoker replay: {refusal}"))
            if not router.policy.echo:
                print(f"audiopoker replay: {refusal}", file=sys.stderr)
    finally:
        router.wait_until_quiet(timeout=SPEECH_WAIT)
        router.close()


# ---------------------------------------------------------------- refusals

COMMANDS_DOMAIN: Final = "commands"
COMMANDS_LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def _catalog(lang: str) -> Catalog:
    """The commands' sentences (why a history is refused) in ``lang``."""
    return i18n.get_catalog(i18n.language_or_default(lang), COMMANDS_DOMAIN, COMMANDS_LOCALE_DIR)


def describe_broken(error: PhhError, lang: str = "en") -> str:
    """Why a history is refused; for a hand of several, which one by its number."""
    if error.details.get("cut"):
        why = _catalog(lang).text("phh.hand.cut_short")
    else:
        why = describe_error(error, lang)
    hand = error.details.get("hand")
    if hand is None:
        return why
    return _catalog(lang).text("phh.hand.broken", hand=hand, reason=why)


def describe_error(error: PhhError, lang: str = "en") -> str:
    """One line: which action (index into ``actions`` and its text) and why."""
    catalog = _catalog(lang)
    where = ""
    if error.index is not None:
        where = f"actions[{error.index}] {error.text!r}: "
    if error.problem is PhhProblem.ILLEGAL_ACTION and error.cause is not None:
        return where + _engine_reason(error.cause, catalog)
    try:
        why = catalog.text(f"phh.problem.{error.problem.value}", **error.details)
    except (KeyError, IndexError, MissingMessageError):  # details the sentence lacks
        why = error.problem.value
    if error.cause is not None:
        why += f" ({_engine_reason(error.cause, catalog)})"
    return where + why


def _engine_reason(cause: PokerError, catalog: Catalog) -> str:
    why = catalog.text(f"phh.reason.{cause.reason.value}")
    # Seats are PHH player indices: name them p1, p2, ... as the file does.
    numbers = ", ".join(
        f"{_detail_label(key, catalog)} "
        + (f"p{value + 1}" if key in ("seat", "actor") else str(value))
        for key, value in cause.details.items()
    )
    return f"{why} ({numbers})" if numbers else why


def _detail_label(key: str, catalog: Catalog) -> str:
    try:
        return catalog.text(f"phh.detail.{key}")
    except MissingMessageError:  # a detail without a label keeps its field name
        return key
