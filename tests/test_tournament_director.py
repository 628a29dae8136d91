"""The tournament director between hands: levels in hands and in minutes (a fake clock,
never a sleep), the announcement one hand before a change and the change itself, what the
level key says in English and Spanish, and its place in the schedule saved and restored
(time while the game is closed does not count)."""

from __future__ import annotations

import random

import pytest

from audiopoker.engine.actions import Action
from audiopoker.engine.events import BlindsChanged, Event, HandStarted
from audiopoker.engine.table import Table, TableConfig
from audiopoker.tournament.director import BlindsRising, Director, LevelStatus
from audiopoker.tournament.schedule import Level, Tournament, TournamentError
from audiopoker.tournament.tournament_talk import TournamentText

NAMES = ["Ana", "Beto", "Carla"]


class FakeClock:
    """Seconds the test sets by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table_for(levels: tuple[Level, ...], chips: int = 10_000) -> Table:
    first = levels[0]
    config = TableConfig(first.small_blind, first.big_blind, first.ante)
    return Table(NAMES, chips, config, random.Random(5))


def play_hand(director: Director, table: Table) -> tuple[list[Event], tuple[int, int, int]]:
    """One hand: the director's events, then a hand everyone folds round to the big blind
    (or checks); returns the events and the blinds and ante the hand was dealt with."""
    before = list(director.before_hand(table))
    hand, started = table.start_hand()
    opening = started[0]
    assert isinstance(opening, HandStarted)
    dealt = (opening.small_blind_amount, opening.big_blind_amount, opening.ante)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(legal.seat, Action.check() if legal.can_check else Action.fold())
    table.finish_hand(hand)
    return before, dealt


HANDS = (Level(1, 2, hands=3), Level(2, 4, 1, hands=2), Level(5, 10, 2, hands=1))


def test_levels_in_hands_change_on_schedule_announced_a_hand_before() -> None:
    director = Director(Tournament(HANDS))
    table = table_for(HANDS)
    dealt, news = [], []
    for _ in range(8):
        events, blinds = play_hand(director, table)
        dealt.append(blinds)
        news.append(events)
    assert dealt == [(1, 2, 0)] * 3 + [(2, 4, 1)] * 2 + [(5, 10, 2)] * 3
    assert news == [
        [],
        [],
        [BlindsRising(2, 2, 4, 1)],  # hand 3, the last of level 1
        [BlindsChanged(2, 4, 1)],
        [BlindsRising(3, 5, 10, 2)],
        [BlindsChanged(5, 10, 2)],  # the last level stays: nothing more is announced
        [],
        [],
    ]


def test_a_table_dealt_other_blinds_gets_the_levels() -> None:
    director = Director(Tournament(HANDS))
    table = Table(NAMES, 500, TableConfig(5, 10), random.Random(1))
    events, dealt = play_hand(director, table)
    assert events == [BlindsChanged(1, 2, 0)] and dealt == (1, 2, 0)


MINUTES = (Level(1, 2, minutes=2), Level(2, 4, hands=5))


def test_a_level_in_minutes_ends_with_the_hand_that_starts_once_its_time_is_up() -> None:
    clock = FakeClock()
    director = Director(Tournament(MINUTES), clock)
    table = table_for(MINUTES)
    assert play_hand(director, table)[0] == []  # the level's clock starts with its first hand
    clock.now += 60
    assert play_hand(director, table)[0] == []
    assert director.status().minutes_left == 1
    clock.now += 59
    assert play_hand(director, table)[0] == []  # 119 seconds: not yet
    clock.now += 11  # the time is up during a hand: one more hand at these blinds
    status = director.status()
    assert (status.hands_left, status.minutes_left, status.next_hand) == (1, None, False)
    assert play_hand(director, table)[0] == [BlindsRising(2, 2, 4, 0)]
    assert director.status().next_hand
    clock.now += 3600  # however long the hand takes, the change waits for the next one
    events, dealt = play_hand(director, table)
    assert events == [BlindsChanged(2, 4, 0)] and dealt == (2, 4, 0)
    assert director.status().coming is None  # the last level


def test_the_place_in_the_schedule_is_saved_and_the_closed_time_does_not_count() -> None:
    clock = FakeClock()
    director = Director(Tournament(MINUTES, payouts=(70, 30), each_hand=True), clock)
    table = table_for(MINUTES)
    play_hand(director, table)
    clock.now += 90
    play_hand(director, table)
    state = director.state()
    assert (state["level"], state["hands"], state["seconds"], state["pending"]) == (0, 2, 90, False)
    later = FakeClock()
    later.now = 99_999.0  # the game was closed for a day
    restored = Director.restore(state, later)
    assert restored.tournament == director.tournament
    assert restored.status() == director.status()
    table = table_for(MINUTES)
    assert play_hand(restored, table)[0] == []  # 90 seconds played: the clock goes on from there
    later.now += 31
    assert play_hand(restored, table)[0] == [BlindsRising(2, 2, 4, 0)]
    assert Director.restore(restored.state(), later).state() == restored.state()


@pytest.mark.parametrize(
    "change",
    [
        {"level": 3},
        {"level": -1},
        {"hands": -2},
        {"seconds": True},
        {"pending": "yes"},
        {"level": 2, "pending": True},  # a change announced after the last level
        {"payouts": [50, 30]},
        {"each_hand": None},
        {"levels": []},
        {"levels": [{"small_blind": 4, "big_blind": 2, "ante": 0, "hands": 3}]},
    ],
)
def test_a_saved_tournament_that_cannot_be_one_is_refused(change: dict[str, object]) -> None:
    state = {**Director(Tournament(HANDS)).state(), **change}
    with pytest.raises((ValueError, TournamentError)):
        Director.restore(state)


# --- what the level key says --------------------------------------------------------------

STATUSES = {
    "hands": LevelStatus(2, 16, Level(2, 4, 0, hands=10), Level(3, 6, 0), False, 7, None),
    "one hand": LevelStatus(3, 16, Level(3, 6, 0, hands=10), Level(4, 8, 1), False, 1, None),
    "next hand": LevelStatus(3, 16, Level(3, 6, 0, hands=10), Level(4, 8, 1), True, None, None),
    "minutes": LevelStatus(4, 5, Level(4, 8, 1, minutes=9), Level(5, 10, 1), False, None, 3),
    "last": LevelStatus(5, 5, Level(5, 10, 1, minutes=9), None, False, None, None),
}


@pytest.mark.parametrize(
    ("lang", "case", "sentences"),
    [
        ("en", "hands", ["Level 2 of 16: blinds 2 and 4.",
                         "7 more hands at these blinds, then 3 and 6."]),
        ("en", "one hand", ["Level 3 of 16: blinds 3 and 6.",
                            "1 more hand at these blinds, then 4 and 8 with an ante of 1."]),
        ("en", "next hand", ["Level 3 of 16: blinds 3 and 6.",
                             "Blinds go up to 4 and 8, with an ante of 1, next hand."]),
        ("en", "minutes", ["Level 4 of 5: blinds 4 and 8, ante 1.",
                           "About 3 minutes left at these blinds, then 5 and 10 with an ante "
                           "of 1."]),
        ("en", "last", ["Level 5 of 5: blinds 5 and 10, ante 1.",
                        "This is the last level: the blinds stay here to the end."]),
        ("es", "hands", ["Nivel 2 de 16: ciegas de 2 y 4.",
                         "7 manos más con estas ciegas; después, 3 y 6."]),
        ("es", "one hand", ["Nivel 3 de 16: ciegas de 3 y 6.",
                            "1 mano más con estas ciegas; después, 4 y 8 con un ante de 1."]),
        ("es", "next hand", ["Nivel 3 de 16: ciegas de 3 y 6.",
                             "En la próxima mano, las ciegas suben a 4 y 8, con un ante de 1."]),
        ("es", "minutes", ["Nivel 4 de 5: ciegas de 4 y 8, ante de 1.",
                           "Quedan unos 3 minutos con estas ciegas; después, 5 y 10 con un ante "
                           "de 1."]),
        ("es", "last", ["Nivel 5 de 5: ciegas de 5 y 10, ante de 1.",
                        "Es el último nivel: las ciegas ya no suben hasta el final."]),
    ],
)  # fmt: skip
def test_the_level_and_the_next_change_in_words(lang: str, case: str, sentences: list[str]) -> None:
    assert TournamentText(lang).status(STATUSES[case]) == sentences  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "rising", "welcome"),
    [
        ("en", "Blinds go up to 2 and 4 next hand.",
         ["A sit-and-go tournament: the blinds rise level by level, and the last player with "
          "chips wins. Press Z for the level and the next change.",
          "3 places are paid, each a share of the prize pool: first 50 percent, second 30 "
          "percent and third 20 percent."]),
        ("es", "En la próxima mano, las ciegas suben a 2 y 4.",
         ["Torneo de una sola mesa: las ciegas suben nivel a nivel y gana quien se quede con "
          "todas las fichas. Pulsa Z para oír el nivel y el próximo cambio.",
          "Cobran 3 puestos, cada uno una parte de la bolsa de premios: primero, el 50 por "
          "ciento, segundo, el 30 por ciento y tercero, el 20 por ciento."]),
    ],
)  # fmt: skip
def test_the_announcement_and_the_welcome_in_both_languages(
    lang: str, rising: str, welcome: list[str]
) -> None:
    text = TournamentText(lang)  # type: ignore[arg-type]
    assert text.blinds_rising(2, 4, 0) == rising
    assert text.welcome((50, 30, 20), "Z") == welcome
    assert text.welcome((), "Z")[1] in (
        "No places are paid: you are ranked by the order players go out.",
        "No hay premios: la clasificación sigue el orden en que se eliminan los jugadores.",
    )
