"""A seeded sit-and-go played to its end by bots: the levels change on schedule, each
change announced one hand before and said when it happens, chips are conserved every
hand, the places are right, and the prizes follow the finishing order; narrated in
English and Spanish through the whole game (watch mode)."""

from __future__ import annotations

import itertools
import random

import pytest
from session_harness import running

from audiopoker.bots.levels import roster
from audiopoker.engine.events import (
    BlindsChanged,
    Event,
    GameEnded,
    HandEnded,
    HandStarted,
    PlayerEliminated,
)
from audiopoker.engine.table import Table, TableConfig
from audiopoker.game import BotSeat, Game
from audiopoker.narration.language import Language
from audiopoker.output.message import Message
from audiopoker.tournament.director import BlindsRising, Director
from audiopoker.tournament.schedule import Level, Tournament
from audiopoker.tournament.tournament_talk import TournamentTalk, TournamentText
from audiopoker.ui.session import Settings

HANDS_PER_LEVEL = 4
LEVELS = tuple(
    Level(small, big, ante, hands=HANDS_PER_LEVEL)
    for small, big, ante in (
        (1, 2, 0), (2, 4, 0), (3, 6, 1), (5, 10, 1), (10, 20, 2), (20, 40, 5), (40, 80, 10),
        (80, 160, 20),
    )
)  # fmt: skip
PLAYERS, CHIPS = 5, 60


def level_of(hand_number: int) -> int:
    """The 0-based level a hand is played at."""
    return min((hand_number - 1) // HANDS_PER_LEVEL, len(LEVELS) - 1)


class Log:
    """Every event, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.events.append(event)


def play_tournament(seed: int, payouts: tuple[int, ...]) -> tuple[Log, Table, list[Message]]:
    rng = random.Random(seed)
    bots = roster("easy", PLAYERS, "en", rng, None)
    names = [name for name, _ in bots]
    table = Table(names, CHIPS, TableConfig(), random.Random(rng.getrandbits(64)))
    director = Director(Tournament(LEVELS, payouts))
    said: list[Message] = []
    talk = TournamentTalk(TournamentText("en"), director, names, 0, said.append)
    log = Log()
    seats = [BotSeat(bot, seat) for seat, (_, bot) in enumerate(bots)]
    Game(table, seats, [director, talk, log]).run()
    return log, table, said


@pytest.mark.parametrize("seed", [4, 9])
def test_a_seeded_tournament_played_to_its_end_by_bots(seed: int) -> None:
    log, table, said = play_tournament(seed, (50, 30, 20))
    events = log.events
    starts = [(index, e) for index, e in enumerate(events) if isinstance(e, HandStarted)]
    assert len(starts) > 2 * HANDS_PER_LEVEL, "the game ended before the levels mattered"
    rising_hands, changed_hands = [], []
    for index, start in starts:
        level = LEVELS[level_of(start.hand_number)]
        # Every hand is dealt at its level's blinds and ante.
        assert (start.small_blind_amount, start.big_blind_amount, start.ante) == (
            level.small_blind,
            level.big_blind,
            level.ante,
        ), start.hand_number
        # The director's news come just before the hand they belong to.
        before = events[index - 1] if index else None
        if isinstance(before, BlindsChanged):
            changed_hands.append(start.hand_number)
            assert (before.small_blind_amount, before.big_blind_amount, before.ante) == (
                level.small_blind,
                level.big_blind,
                level.ante,
            )
        if isinstance(before, BlindsRising):
            rising_hands.append(start.hand_number)
            coming = LEVELS[level_of(start.hand_number) + 1]
            assert before.level == level_of(start.hand_number) + 2
            assert (before.small_blind_amount, before.big_blind_amount, before.ante) == (
                coming.small_blind,
                coming.big_blind,
                coming.ante,
            )
    last = starts[-1][1].hand_number
    last_levels = len(LEVELS) - 1
    assert rising_hands == [
        n
        for n in range(1, last + 1)
        if n % HANDS_PER_LEVEL == 0 and n // HANDS_PER_LEVEL <= last_levels
    ]
    # The change comes with the hand after each announcement, never without one.
    assert changed_hands == [n + 1 for n in rising_hands if n < last]
    # Chips are conserved every hand.
    for event in events:
        if isinstance(event, HandEnded):
            assert sum(event.stacks) == PLAYERS * CHIPS and sum(event.net) == 0
    # Places: the first out is last; one winner with every chip.
    ended = events[-1]
    assert isinstance(ended, GameEnded) and table.is_over
    (winner,) = ended.winners
    assert ended.stacks[winner] == PLAYERS * CHIPS and table.places[winner] == 1
    out = [e for e in events if isinstance(e, PlayerEliminated)]
    assert len(out) == PLAYERS - 1
    for earlier, later in itertools.pairwise(out):
        assert earlier.place >= later.place
    assert sorted(e.place for e in out) == list(range(2, PLAYERS + 1))
    assert [table.places[seat] for seat in ended.standings] == list(range(1, PLAYERS + 1))
    # The prizes, in finishing order, after the end.
    names = table.names
    first, second, third = (names[seat] for seat in ended.standings[:3])
    prizes = f"Prizes: {first} 50 percent, {second} 30 percent and {third} 20 percent."
    if 0 in ended.standings[:3]:  # seat 0 is "you"
        prizes = prizes.replace(f"{names[0]} ", "you ")
    assert said[-1] == Message("prizes", prizes)
    announced = [message.text for message in said if message.kind == "blinds_rising"]
    assert len(announced) == len(rising_hands)
    assert announced[0] == "Blinds go up to 2 and 4 next hand."


def test_the_same_seed_plays_the_same_tournament() -> None:
    first, _, _ = play_tournament(4, ())
    again, _, _ = play_tournament(4, ())
    assert first.events == again.events


@pytest.mark.parametrize(
    ("seed", "payouts", "place", "prize"),
    [
        (9, (60, 40), 5, "Only 2 places are paid: no prize this time."),
        (3, (50, 30, 20), 3, "That place is paid: 20 percent of the prize pool."),
    ],
)
def test_a_player_out_hears_whether_the_place_is_paid(
    seed: int, payouts: tuple[int, ...], place: int, prize: str
) -> None:
    log, _, said = play_tournament(seed, payouts)
    out = next(e for e in log.events if isinstance(e, PlayerEliminated) and e.seat == 0)
    assert out.place == place
    assert [message.text for message in said if message.kind == "prize"] == [prize]


WATCH = {
    "en": ("Hand {n}.", "Blinds go up to 2 and 4 next hand.", "New blinds: 2 and 4.",
           "Prizes: {first} 60 percent and {second} 40 percent."),
    "es": ("Mano {n}.", "En la próxima mano, las ciegas suben a 2 y 4.", "Nuevas ciegas: 2 y 4.",
           "Premios: {first}, el 60 por ciento y {second}, el 40 por ciento."),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_watched_tournament_is_told_from_the_welcome_to_the_prizes(lang: Language) -> None:
    settings = Settings(
        players=PLAYERS, chips=CHIPS, seed=6, lang=lang, bot_delay=0, watch=True, bots="easy",
        bot_time_budget=None,
    )  # fmt: skip
    hand, rising, changed, prizes = WATCH[lang]
    with running(settings, tournament=Tournament(LEVELS, (60, 40), each_hand=True)) as game:
        assert game.wait(lambda: game.finished, 120)
        assert game.result == [0]
        records = game.records()
        assert game.chips.problems == []
        ended = game.chips.ended
    assert ended is not None
    texts = [str(record["text"]) for record in records]
    kinds = [str(record["kind"]) for record in records]
    assert kinds[:5] == ["welcome"] * 5  # watching, the tournament, the places paid, the level
    assert texts[3].startswith(("Level 1 of 8", "Nivel 1 de 8"))
    # Said at the start of hand 4 (after its opening), then the change before hand 5.
    said = kinds.index("blinds_rising")
    prefix = hand.split(" ")[0]  # the opening, not the positions said with it
    opening = max(i for i in range(said) if texts[i].startswith(prefix))
    assert texts[opening].startswith(hand.format(n=4)) and texts[said] == rising
    assert set(kinds[opening:said]) == {"hand_started"}
    change = kinds.index("blinds_changed")
    assert change > said and texts[change] == changed
    assert texts[change + 1].startswith(hand.format(n=5))
    # With --level-each-hand, every other hand's opening is followed by the level.
    assert kinds.count("level") > 0
    names = game.session.table.names
    first, second = (names[seat] for seat in ended.standings[:2])
    assert kinds[-3:] == ["game_ended", "prizes", "goodbye"]
    assert texts[-2] == prizes.format(first=first, second=second)
