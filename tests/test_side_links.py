"""The Proof of issue 25: whatever a local player hears, a network player hears the same
way. One scripted game (a raise, a fold, a showdown, a rejoin in the middle of a hand, an
all in and a bust) is played once at a local table and once at a hosted table on loopback
(a real in-process ``TableServer``; the player joins through a real connection), with the
same decks, the same bots' decisions and the same keys, in English and in Spanish: the
sentences the player is told are the same, message by message, but for the news only a
network table has (filtered by kind below, each with why).

The rejoin is the hardest one: on the flop the network player's program ends without a
word and a new one comes back to the seat with its token, knowing nothing of the hand; from
then on it must say what the local player hears (the hand's end with the chips).

What is compared is every message sent to the player (the router's transcript, into a
RecordingBackend), kind and text: the backend's own calls also depend on timing (a turn's
prompt still waiting when the player acts is rightly dropped), the messages do not.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from side_support import Player, hosted_table, local_player, remote_player, vanish

from audiopoker.bots.base import is_legal
from audiopoker.bots.levels import bot_names
from audiopoker.cards import Card, parse_cards
from audiopoker.engine.actions import Action
from audiopoker.engine.dealing import dealing_order, preset_deck
from audiopoker.engine.table import Table
from audiopoker.engine.view import PlayerView
from audiopoker.i18n import Language
from audiopoker.ui.keymap import Mode, default_keymap
from audiopoker.ui.remote_link import ClientSession
from audiopoker.ui.session import Settings

NAME = "Zoe"
CHIPS = 50
HANDS = 5
REJOIN = 7  # the player's turn (from 0) on which the network player's program ends


@dataclass(frozen=True)
class Deal:
    """One hand's cards: the button, each seat's two cards, the board."""

    button: int
    holes: dict[int, str]
    board: str = ""

    def deck(self) -> list[Card]:
        order = dealing_order([1, 1, 1], self.button, (self.button + 2) % 3)
        holes = {seat: parse_cards(cards) for seat, cards in self.holes.items()}
        return preset_deck(order, holes, parse_cards(self.board))


# Seat 0 is the player; 1 and 2 are bots. Three seats, so the button moves round them all;
# the bust is in the last hand, so every hand is dealt to three.
DEALS = (
    Deal(0, {0: "As Kd", 1: "7h 2c", 2: "8d 3s"}),  # the player raises, both fold
    Deal(1, {0: "7c 2d", 1: "Qs Qh", 2: "9c 4d"}),  # the bot raises, the player folds
    Deal(2, {0: "Ah Ac", 1: "Kd Qd", 2: "9s 8s"}, "2c 7h Jd 4s 3c"),  # a showdown, won
    Deal(0, {0: "Qc Jc", 1: "Kh Ks", 2: "8d 9d"}, "2d 7h Ts 3c 4h"),  # the rejoin, lost
    Deal(1, {0: "As Ad", 1: "7d 2s", 2: "Kc Qc"}, "3h 8s Jd 4c 9h"),  # all in: a bust
)
# Each bot's decisions, hand by hand, in the order of its turns.
PLANS = {
    1: (("fold",), ("raise 6",), ("check",) * 4, ("call", "check", "check", "check"), ("fold",)),
    2: (("fold",), ("fold",), ("call", "check", "check", "check"), ("check",) * 4, ("call",) * 2),
}
KEYS = default_keymap()


def key(action: str) -> str:
    return KEYS.keys_for(Mode.GAME, action)[0]


HOME, ENTER = "\x1b[H", "\r"
# The player's turns: a raise to the least, a fold, a call and three checks to the
# showdown, a call and three checks (the connection drops on the flop), and all in (the
# question asked, A again).
TURNS: tuple[tuple[str, ...], ...] = (
    (key("raise"), HOME, ENTER),
    (key("fold"),),
    *[(key("check_call"),)] * 4,
    *[(key("check_call"),)] * 4,
    (key("all_in"), key("all_in")),
)
ASKED = (key("cards"), key("board"), key("pot"))  # pressed on the REJOIN turn, at both tables


class Stacked(random.Random):
    """The table's generator: each shuffle deals the next hand of DEALS."""

    def __init__(self) -> None:
        super().__init__(0)
        self.decks: Iterator[list[Card]] = (deal.deck() for deal in DEALS)

    def shuffle(self, x: Any) -> None:
        x[:] = next(self.decks)


class Scripted:
    """A bot that plays its plan (and fails the test if the plan is not legal)."""

    def __init__(self, plan: Sequence[Sequence[str]]) -> None:
        self.plan = [list(hand) for hand in plan]

    def decide(self, view: PlayerView) -> Action:
        kind, _, to = self.plan[view.hand_number - 1].pop(0).partition(" ")
        action = Action.raise_to(int(to)) if kind == "raise" else getattr(Action, kind)()
        assert is_legal(action, view.legal), (view.hand_number, view.seat, kind, view.legal)
        return action


def stack(table: Table) -> None:
    """The scripted decks, from the first button DEALS names (the table drew its own)."""
    table.rng = Stacked()
    table._first_button = DEALS[0].button  # the only way in: Table draws it when made


def play(player: Player, rejoin: Callable[[Player], Player] | None = None) -> None:
    """The player's keys, turn by turn; on the REJOIN turn ``rejoin`` ends the player's
    program and gives the new one, back at the seat (its turn's prompt said again)."""
    player.start()
    prompts = 0
    for turn, keys in enumerate(TURNS):
        prompts += 1
        player.wait_turn(prompts)
        if turn == REJOIN:
            if rejoin is not None:
                player = rejoin(player)
                player.start()
                prompts = 1
                player.wait_turn(prompts)
            player.ask(*ASKED)
        player.act(*keys)
    player.wait_end()


def local_game(lang: Language) -> list[dict[str, Any]]:
    settings = Settings(
        players=3, chips=CHIPS, hands=HANDS, name=NAME, seed=1, lang=lang, bot_delay=0,
        remind=0, bot_time_budget=None,
    )  # fmt: skip
    with local_player(settings) as player:
        stack(player.side.link.table)  # type: ignore[attr-defined]
        for bot_seat in player.side.link.bot_seats:  # type: ignore[attr-defined]
            bot_seat.bot = Scripted(PLANS[bot_seat.seat])
        play(player)
        return player.records()


def network_game(lang: Language) -> list[dict[str, Any]]:
    with hosted_table(seats=3, chips=CHIPS, hands=HANDS, lang=lang) as hosted:
        # The local table's bots' names in the same seats (the hosted table has three
        # bots, the player taking seat 0's), the same decks and the same decisions.
        names = bot_names(lang, 3)
        hosted.table.names = (names[2], names[0], names[1])
        for seat in hosted.seats:
            seat.bot_name = hosted.table.names[seat.seat]
            seat.bot.bot = Scripted(PLANS.get(seat.seat, ()))
        stack(hosted.table)
        with contextlib.ExitStack() as players:
            first = players.enter_context(remote_player(hosted, NAME, lang))
            before: list[dict[str, Any]] = []  # what the first program said, to its end
            again: list[Player] = []

            def rejoin(gone: Player) -> Player:
                side = gone.side
                assert isinstance(side, ClientSession)
                before.extend(gone.records())
                vanish(gone)
                back = remote_player(hosted, NAME, lang, token=side.connection.token)
                again.append(players.enter_context(back))
                return again[0]

            play(first, rejoin)
            return before + again[0].records()


# Only a network table says these (the rest must be the same, message by message):
NETWORK_NEWS = {
    "seat_taken",  # "You sit down in Carla's seat": a local player is seated from the start
    "rejoined",  # "Back at the table." and where things stand (checked below)
}
LOCAL_NEWS = {"welcome"}  # "You play against 2 bots…": a network seat's welcome is its seat


def heard(records: list[dict[str, Any]], news: set[str]) -> list[tuple[str, str]]:
    """(kind, text) of each message, but ``news``; and, after coming back, not the turn's
    prompt said again (it was said before the connection dropped)."""
    kept: list[tuple[str, str]] = []
    again = False
    for record in records:
        kind, text = str(record["kind"]), str(record["text"])
        if kind == "rejoined":
            again = True
        if kind in news or (again and kind == "your_turn"):
            again = again and kind != "your_turn"
            continue
        kept.append((kind, text))
    return kept


def answered_on_rejoin(records: list[dict[str, Any]]) -> list[str]:
    """What the ASKED keys answered on the REJOIN turn (after its prompt)."""
    prompts = [i for i, record in enumerate(records) if record["kind"] == "your_turn"]
    after = records[prompts[REJOIN] + 1 :]
    return [str(r["text"]) for r in after[: len(ASKED)] if r["kind"] == "answer"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_local_and_a_network_player_hear_the_same_game(lang: Language) -> None:
    local = local_game(lang)
    remote = network_game(lang)
    assert heard(remote, NETWORK_NEWS) == heard(local, LOCAL_NEWS)
    said = heard(local, LOCAL_NEWS)
    kinds = {kind for kind, _ in said}
    # Not a vacuous comparison: every scenario is in it.
    assert {"hand_shown", "player_eliminated", "game_ended", "goodbye"} <= kinds, kinds
    texts = [text for _, text in said]
    if lang == "en":
        for line in ("You raise to 4.", "You fold.", "You show ace of hearts and ace of clubs",
                     "End of hand 4. You now have 53 chips, 2 fewer.",
                     "You raise to 53 and are all in.", "Bob is out of chips."):  # fmt: skip
            assert any(line in text for text in texts), line
    # Back at the table, the player hears their cards, the board and the pot in the very
    # words the keys answer with at a local table, and the hand's blinds.
    back = [str(r["text"]) for r in remote if r["kind"] == "rejoined"]
    answers = answered_on_rejoin(local)
    assert len(answers) == len(ASKED) and set(answers) <= set(back), (answers, back)
    blinds = "Hand 4, on the flop, with blinds of 1 and 2."
    assert (blinds if lang == "en" else "Mano 4, en el flop, con ciegas de 1 y 2.") in back
