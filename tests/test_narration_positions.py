"""Issue 17: positions for every seat, with dead buttons and missing small blinds. A
spectator (watch, replay) hears every seat between the big blind and the button at the
start of each hand; N and B say each player's position; the truth checker recomputes
every position said from the HandStarted alone and catches a wrong one. Spanish in both
vocabularies: the room's words say what a position means ("Diego habla primero"), poker
Spanish names it ("Diego en UTG")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from truth_checker import TruthChecker

from audiopoker.engine.events import HandStarted
from audiopoker.i18n import DEFAULT_WORDS, set_words
from audiopoker.narration import Narrator
from audiopoker.ui.answers import Answers
from audiopoker.ui.narration_listener import Narration
from audiopoker.ui.state import TableState
from audiopoker.ui.ui_text import UiText

NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena", "Inés")

# Six players, Ana on the button: Beto and Carla post the blinds.
SIX = HandStarted(1, 0, 1, 2, (1, 2, 3, 4, 5, 0), (200,) * 6, 1, 2, 0, False)
# Ana is out and the button stays on her empty seat: Beto and Carla post the blinds,
# Inés, the cutoff, acts last after the flop.
DEAD_BUTTON = HandStarted(5, 0, 1, 2, (1, 2, 3, 4, 5), (0, 200, 200, 200, 200, 200), 1, 2, 0, False)
# Beto is out where the small blind would be: Ana has the button, no small blind.
NO_SMALL_BLIND = HandStarted(
    5, 0, None, 2, (2, 3, 4, 5, 0), (200, 0, 200, 200, 200, 200), 1, 2, 0, False
)


@pytest.fixture
def poker_words() -> Iterator[None]:
    set_words("poker")
    yield
    set_words(DEFAULT_WORDS)


def _said(event: HandStarted, lang: str, listener: int | None = None) -> list[str]:
    narrator = Narrator(NAMES, lang, listener_seat=listener)  # type: ignore[arg-type]
    return [message.text for message in narrator.narrate(event)]


def test_a_spectator_hears_every_position() -> None:
    """Only the listener's own position was said: a spectator heard none."""
    assert _said(SIX, "es") == [
        "Mano 1. Ana tiene el botón.",
        "Posiciones: Diego habla primero, Elena está dos asientos antes del botón e Inés está "
        "justo antes del botón.",
    ]
    assert _said(SIX, "en") == [
        "Hand 1. Ana has the button.",
        "Positions: Diego under the gun, Elena in the hijack and Inés in the cutoff.",
    ]


def test_a_spectator_hears_positions_with_a_dead_button() -> None:
    assert _said(DEAD_BUTTON, "es") == [
        "Mano 5. El botón está en un asiento vacío.",
        "Posiciones: Diego habla primero, Elena está dos asientos antes del botón e Inés está "
        "justo antes del botón.",
    ]
    assert _said(NO_SMALL_BLIND, "en")[-1] == (
        "Positions: Diego under the gun, Elena in the hijack and Inés in the cutoff."
    )


def test_a_player_still_hears_only_their_own_position() -> None:
    assert _said(SIX, "es", listener=4) == [
        "Mano 1. Ana tiene el botón.",
        "Estás dos asientos antes del botón.",
    ]


def test_poker_spanish_names_the_positions(poker_words: None) -> None:
    """--words poker keeps the loanwords, each said with what it means."""
    assert (
        _said(SIX, "es")[1] == "Posiciones: Diego en UTG, Elena en el hijack e Inés en el cutoff."
    )
    assert _said(SIX, "es", listener=4)[1] == "Estás en el hijack: dos asientos antes del botón."
    assert _said(DEAD_BUTTON, "es", listener=5)[1] == (
        "Estás en el cutoff y el botón está en un asiento vacío: hablas el último después del flop."
    )
    assert _said(SIX, "en", listener=3)[1] == "You are under the gun: first to act before the flop."


def test_eight_handed_the_room_says_the_order_of_play() -> None:
    """Between under the gun and the cutoff the room's words count: who speaks second before
    the flop, and how many seats before the button."""
    eight = HandStarted(1, 0, 1, 2, (1, 2, 3, 4, 5, 6, 7, 0), (200,) * 8, 1, 2, 0, False)
    names = (*NAMES, "Juan", "Kiko")
    told = [m.text for m in Narrator(names, "es", listener_seat=4).narrate(eight)]
    assert told[1] == "Hablas en segundo lugar antes del flop."
    assert [m.text for m in Narrator(names, "es").narrate(eight)][1] == (
        "Posiciones: Diego habla primero, Elena habla en segundo lugar, Inés está tres asientos "
        "antes del botón, Juan está dos asientos antes del botón y Kiko está justo antes del "
        "botón."
    )
    checker = TruthChecker(names, "es", None)
    checker.hand([eight], [[m.text for m in Narrator(names, "es").narrate(eight)]], "eight")
    assert checker.report.findings == [] and checker.report.checked == checker.report.sentences == 3


def test_no_list_when_the_blinds_and_button_name_everyone() -> None:
    three = HandStarted(1, 0, 1, 2, (1, 2, 0), (200, 200, 200), 1, 2, 0, False)
    assert _said(three, "en") == ["Hand 1. Ana has the button."]


def _player(event: HandStarted, lang: str, seat: int, me: int | None = None) -> str:
    state = TableState(NAMES, event.stacks, me)
    state.on_event(event)
    answers = Answers(UiText(lang), Narration(lang, NAMES, me))  # type: ignore[arg-type]
    return answers.player(state.snapshot(), seat)


def test_n_and_b_say_each_players_position() -> None:
    """N and B said the button and the blinds only."""
    assert _player(SIX, "es", 3) == "Asiento 4, Diego: 200 fichas, en juego, primero en hablar."
    assert _player(SIX, "en", 3) == "Seat 4, Diego: 200 chips, in the hand, under the gun."
    assert _player(SIX, "es", 5, me=5) == (
        "Asiento 6, tú: 200 fichas, en juego, justo antes del botón."
    )
    assert _player(SIX, "en", 4) == "Seat 5, Elena: 200 chips, in the hand, hijack."
    assert _player(SIX, "en", 0) == "Seat 1, Ana: 200 chips, in the hand, the button."


def test_n_and_b_positions_with_a_dead_button_and_no_small_blind() -> None:
    assert _player(DEAD_BUTTON, "es", 5) == (
        "Asiento 6, Inés: 200 fichas, en juego, justo antes del botón."
    )
    assert _player(DEAD_BUTTON, "en", 0) == "Seat 1, Ana: 0 chips, waiting for the next hand."
    assert _player(NO_SMALL_BLIND, "en", 0) == "Seat 1, Ana: 200 chips, in the hand, the button."
    assert _player(NO_SMALL_BLIND, "es", 2) == (
        "Asiento 3, Carla: 200 fichas, en juego, ciega grande."
    )


def test_heads_up_the_button_is_the_small_blind() -> None:
    two = HandStarted(1, 0, 0, 1, (1, 0), (200, 200), 1, 2, 0, False)
    state = TableState(NAMES[:2], two.stacks, None)
    state.on_event(two)
    answers = Answers(UiText("en"), Narration("en", NAMES[:2], None))
    assert answers.player(state.snapshot(), 0) == (
        "Seat 1, Ana: 200 chips, in the hand, the button, small blind."
    )


# ---------------------------------------------------------------- the checker


def _findings(event: HandStarted, lang: str, sentence: str, listener: int | None) -> list[str]:
    checker = TruthChecker(NAMES, lang, listener)
    checker.hand([event], [[sentence]], "planted")
    assert checker.report.checked == 1, checker.report.unchecked
    return checker.report.findings


@pytest.mark.parametrize("words", ["sala", "poker"])
def test_the_checker_accepts_the_true_positions(words: str) -> None:
    set_words(words)
    try:
        for event in (SIX, DEAD_BUTTON, NO_SMALL_BLIND):
            for lang in ("es", "en"):
                for sentence in _said(event, lang)[1:]:
                    assert _findings(event, lang, sentence, None) == [], sentence
                for seat in (3, 4, 5):
                    for sentence in _said(event, lang, listener=seat)[1:]:
                        assert _findings(event, lang, sentence, seat) == [], sentence
    finally:
        set_words(DEFAULT_WORDS)


def test_the_checker_catches_a_wrong_position() -> None:
    wrong = "Posiciones: Diego en UTG, Elena en el cutoff e Inés en el hijack."
    assert _findings(SIX, "es", wrong, None)
    swapped = (
        "Posiciones: Diego habla primero, Elena está justo antes del botón e Inés está dos "
        "asientos antes del botón."
    )
    assert _findings(SIX, "es", swapped, None)
    missing = "Positions: Diego under the gun and Inés in the cutoff."
    assert _findings(SIX, "en", missing, None)
    shorter = "Posiciones: Diego habla primero e Inés está justo antes del botón."
    assert _findings(SIX, "es", shorter, None)
    assert _findings(SIX, "en", "You are under the gun: first to act before the flop.", 4)
    assert _findings(SIX, "es", "Hablas primero antes del flop.", 4)
    assert _findings(SIX, "es", "Estás tres asientos antes del botón.", 4)
    assert _findings(SIX, "es", "Estás en el hijack: tres asientos antes del botón.", 4)


@pytest.mark.parametrize(
    "said",
    [
        "Estás en el cutoff: el asiento justo antes del botón.",  # poker Spanish
        "Estás justo antes del botón.",  # the room's words
    ],
)
def test_the_checker_catches_the_cutoff_before_an_empty_button(said: str) -> None:
    """The sentence issue 17 heard: with the button on an empty seat the cutoff was told
    it sits just before the button (it acts last after the flop)."""
    assert _findings(DEAD_BUTTON, "es", said, 5)
    assert _findings(SIX, "es", said, 5) == []
    empty = (
        "Estás justo antes del botón, que está en un asiento vacío: hablas el último después "
        "del flop."
    )
    assert _findings(DEAD_BUTTON, "es", empty, 5) == []
    assert _findings(SIX, "es", empty, 5)
