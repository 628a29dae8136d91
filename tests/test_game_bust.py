"""Issue 17: the hand where the player busts ended with a bare 'Fin de la mano 8.' and the
program quit. Now a closing summary comes before goodbye: the player's place (tied with
whom), who is still playing with their chips (or nothing more when the game ended and its
standings were said), and how to play again (the saved game is gone: running audiopoker
starts a new one)."""

from __future__ import annotations

from types import SimpleNamespace

from audiopoker.engine.events import (
    GameEnded,
    GameEndReason,
    HandEnded,
    HandStarted,
    PlayerEliminated,
)
from audiopoker.output.message import Message
from audiopoker.ui.session import Session, closing_summary
from audiopoker.ui.state import TableState
from audiopoker.ui.ui_text import UiText

NAMES = ("Ana", "Beto", "Carla", "Tú")
START = HandStarted(8, 0, 1, 2, (1, 2, 3, 0), (300, 150, 100, 50), 1, 2, 0, False)


def _state(*events: object) -> TableState:
    state = TableState(NAMES, START.stacks, me=3)
    for event in (START, *events):
        state.on_event(event)  # type: ignore[arg-type]
    return state


def _ended(stacks: tuple[int, ...]) -> HandEnded:
    net = tuple(after - before for after, before in zip(stacks, START.stacks, strict=True))
    return HandEnded(8, stacks, net)


def test_busting_while_others_play_on() -> None:
    state = _state(_ended((350, 150, 100, 0)), PlayerEliminated(3, 4))
    assert closing_summary(state.snapshot(), UiText("es")) == [
        "Terminas en el puesto 4 de 4.",
        "Siguen en juego Ana con 350 fichas, Beto con 150 fichas y Carla con 100 fichas.",
        "Para jugar otra vez, ejecuta audiopoker.",
    ]
    assert closing_summary(state.snapshot(), UiText("en")) == [
        "You finish in place 4 of 4.",
        "Still playing: Ana with 350 chips, Beto with 150 chips and Carla with 100 chips.",
        "Run audiopoker to play again.",
    ]


def test_busting_tied_with_another_player() -> None:
    state = _state(_ended((450, 150, 0, 0)), PlayerEliminated(2, 3), PlayerEliminated(3, 3))
    assert closing_summary(state.snapshot(), UiText("es"))[0] == (
        "Terminas en el puesto 3 de 4, empatado con Carla."
    )
    assert closing_summary(state.snapshot(), UiText("en"))[:2] == [
        "You finish in place 3 of 4, tied with Carla.",
        "Still playing: Ana with 450 chips and Beto with 150 chips.",
    ]


def test_busting_in_the_last_hand_leaves_the_winner_to_the_standings() -> None:
    """When the game ended, its own last words named the winner and the standings."""
    ended = GameEnded(GameEndReason.LAST_PLAYER_STANDING, (0,), (0, 3, 1, 2), (600, 0, 0, 0))
    state = _state(_ended((600, 0, 0, 0)), PlayerEliminated(3, 2), ended)
    assert closing_summary(state.snapshot(), UiText("en")) == [
        "You finish in place 2 of 4.",
        "Run audiopoker to play again.",
    ]
    assert closing_summary(state.snapshot(), UiText("es"))[0] == "Terminas en el puesto 2 de 4."


def test_no_summary_while_playing_or_watching() -> None:
    assert closing_summary(_state(_ended((300, 150, 100, 50))).snapshot(), UiText("en")) == []
    watching = TableState(NAMES, START.stacks, me=None)
    watching.on_event(START)
    assert closing_summary(watching.snapshot(), UiText("en")) == []


def test_farewell_says_the_summary_before_goodbye() -> None:
    sent: list[Message] = []
    router = SimpleNamespace(send=sent.append, wait_until_quiet=lambda timeout: None)
    fake = SimpleNamespace(
        state=_state(_ended((350, 150, 100, 0)), PlayerEliminated(3, 4)),
        text=UiText("es"),
        router=router,
    )
    Session.farewell(fake)  # type: ignore[arg-type]
    assert [message.text for message in sent] == [
        "Terminas en el puesto 4 de 4.",
        "Siguen en juego Ana con 350 fichas, Beto con 150 fichas y Carla con 100 fichas.",
        "Para jugar otra vez, ejecuta audiopoker.",
        "Adiós.",
    ]
