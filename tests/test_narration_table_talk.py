"""Issue 12's narration: one convention for amounts, ties named, "you" in the chips list,
tied places, the last hand of a ``--hands`` game, positions explained, verbosity
levels that differ; and issue 17's cheap wording items (a walk in one sentence, no pot
of 0). Both languages."""

from __future__ import annotations

import pytest
from narration_support import narrate_all, play_game, scripted_hand

from audiopoker.commands import replay as replay_command
from audiopoker.engine.actions import Action
from audiopoker.engine.events import (
    ActionRequired,
    Event,
    HandEnded,
    HandStarted,
    PlayerEliminated,
)
from audiopoker.engine.phh import loads
from audiopoker.engine.phh_replay import replay
from audiopoker.engine.table import TableConfig
from audiopoker.narration import Narrator
from audiopoker.output.message import Verbosity

NAMES = ("Ana", "Beto", "Carla")


def raised_preflop() -> list[Event]:
    """Ana (button) raises to 6, Beto (small blind) and Carla (big blind) call; on the flop
    Ana bets 10 and both call; then checks to the end."""
    return scripted_hand(
        (200, 200, 200), 0, 1, 2, (1, 2),
        {0: "As Kd", 1: "Qs Qd", 2: "7h 2c"}, "Ah 7d 2d 3h 9c",
        [Action.raise_to(6), Action.call(), Action.call(),
         Action.check(), Action.check(), Action.bet(10), Action.call(), Action.call()]
        + [Action.check()] * 6,
    )  # fmt: skip


def said(events: list[Event], lang: str, listener: int | None, **options: object) -> list[str]:
    return [m.text for m in narrate_all(events, NAMES, lang, listener, **options)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "prompt", "call", "beto", "flop_call"),
    [
        ("en", "Your turn: 4 to call, with 14 in the pot.", "You call 4, 6 in all.",
         "Beto calls 5, 6 in all.", "You call 10."),
        ("es", "Te toca: para seguir pones 4; hay 14 en el bote.", "Sigues con 4, 6 en total.",
         "Beto sigue con 5, 6 en total.", "Sigues con 10."),
    ],
)  # fmt: skip
def test_a_call_is_the_chips_added_with_the_total_once(
    lang: str, prompt: str, call: str, beto: str, flop_call: str
) -> None:
    """The prompt says what calling adds, and the call says the same number; the round's
    total follows once when the caller already had chips in (a blind here)."""
    lines = said(raised_preflop(), lang, 2)
    assert any(line.startswith(prompt) for line in lines)
    assert call in lines
    assert beto in lines
    assert flop_call in lines  # no chips in before: the total would repeat the number
    # The prompt's number and the call's number agree.
    narrator = Narrator(NAMES, lang, listener_seat=2)  # type: ignore[arg-type]
    for event in raised_preflop():
        messages = narrator.narrate(event)
        if isinstance(event, ActionRequired) and event.seat == 2 and event.legal.to_call:
            cost = event.legal.to_call
            # "pagas 4 para igualar" (poker Spanish), "para seguir pones 4;" (the room's)
            assert f" {cost} " in messages[0].text or f" {cost};" in messages[0].text


def test_brief_calls_leave_the_total_out() -> None:
    lines = said(raised_preflop(), "en", 2, verbosity=Verbosity.BRIEF)
    assert "Beto calls 5." in lines
    assert "You call 4." in lines


@pytest.mark.parametrize(
    ("lang", "call"),
    [("en", "Carla calls 194, 200 in all, and is all in."),
     ("es", "Carla sigue con 194, 200 en total, y juega el resto.")],
)  # fmt: skip
def test_replay_tells_calls_by_the_same_convention(lang: str, call: str) -> None:
    text = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        "starting_stacks = [200, 200, 200]\n"
        'actions = ["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h2c", "p3 cbr 6", "p1 cbr 200",'
        ' "p2 f", "p3 cc", "p1 sm AsKs", "p3 sm 7h2c", "d db Ah7d2d", "d db 3h", "d db 9c"]\n'
        'players = ["Ana", "Beto", "Carla"]\n'
    )
    lines = [m.text for m in replay_command.narrate(replay(loads(text)), lang)]  # type: ignore[arg-type]
    assert call in lines


def three_way_tie() -> list[Event]:
    """Ana, Beto and Carla make the same straight with a ten; Diego's pair loses."""
    return scripted_hand(
        (200, 200, 200, 200), 0, 1, 2, (1, 2),
        {0: "Tc 2h", 1: "Th 4d", 2: "Ts 6h", 3: "9s 9d"}, "Ac Kd Qh Js 3c",
        [Action.call(), Action.call(), Action.call(), Action.check()] + [Action.check()] * 12,
    )  # fmt: skip


def test_a_three_way_tie_names_every_tied_player_and_the_count_in_words() -> None:
    names = ("Ana", "Beto", "Carla", "Diego")
    english = [m.text for m in narrate_all(three_way_tie(), names, "en", 2)]
    spanish = [m.text for m in narrate_all(three_way_tie(), names, "es", None)]
    assert "Ana, Beto and you all have a straight to the ace: a three-way tie." in (
        " ".join(english)
    )
    assert "Empate a tres entre Ana, Beto y Carla, con escalera al as." in " ".join(spanish)
    assert "Diego loses with a pair of nines." in " ".join(english)
    assert "Diego pierde con pareja de nueves." in " ".join(spanish)
    assert not any("Both" in line or "Los dos" in line for line in english + spanish)


def test_three_sharing_a_pair_are_counted_and_each_beaten_one_named() -> None:
    """Three pairs of aces, the king kicker wins: not "Both have", and both losers named."""
    names = ("Ana", "Beto", "Carla")
    events = scripted_hand(
        (200, 200, 200), 0, 1, 2, (1, 2),
        {0: "Ah 9c", 1: "Ad Kc", 2: "Ac 3h"}, "As 7c 2d 5h Jd",
        [Action.call(), Action.call(), Action.check()] + [Action.check()] * 9,
    )  # fmt: skip
    english = " ".join(m.text for m in narrate_all(events, names, "en", 0))
    spanish = " ".join(m.text for m in narrate_all(events, names, "es", None))
    assert (
        "All three have a pair of aces; the kicker decides. Beto's king beats your jack. "
        "Beto's king beats Carla's jack." in english
    )
    assert "Los tres tienen pareja de ases; decide el kicker." in spanish
    assert "El rey de Beto le gana a la sota de Carla." in spanish


START = HandStarted(3, 0, 1, 2, (1, 2, 3, 0), (200, 40, 40, 100), 1, 2, 0, False)


@pytest.mark.parametrize(
    ("lang", "listener", "expected"),
    [
        ("en", 0, "Beto and Carla are out of chips, tied for third place."),
        ("es", 0, "Beto y Carla se quedan sin fichas. Puesto final: tercero, en empate."),
        ("en", 2, "You are out of chips, tied with Beto for third place: your game is over."),
        ("es", 1, "Te quedas sin fichas, igual que Carla: la partida se acaba para ti. "
                  "Puesto final: tercero, en empate."),
    ],
)  # fmt: skip
def test_players_out_together_with_the_same_chips_are_told_as_tied(
    lang: str, listener: int, expected: str
) -> None:
    narrator = Narrator(("Ana", "Beto", "Carla", "Diego"), lang, listener_seat=listener)  # type: ignore[arg-type]
    narrator.narrate(START)
    narrator.narrate(HandEnded(3, (280, 0, 0, 100), (80, -40, -40, 0)))
    first = [m.text for m in narrator.narrate(PlayerEliminated(1, 3))]
    second = [m.text for m in narrator.narrate(PlayerEliminated(2, 3))]
    assert first == [expected]
    assert second == []  # said once, with the player it ties with


def test_players_out_together_with_different_chips_keep_their_own_places() -> None:
    start = HandStarted(3, 0, 1, 2, (1, 2, 3, 0), (200, 40, 30, 100), 1, 2, 0, False)
    narrator = Narrator(("Ana", "Beto", "Carla", "Diego"), "en", listener_seat=0)
    narrator.narrate(start)
    narrator.narrate(HandEnded(3, (270, 0, 0, 100), (70, -40, -30, 0)))
    assert [m.text for m in narrator.narrate(PlayerEliminated(2, 4))] == [
        "Carla is out of chips. Final place: fourth."
    ]
    assert [m.text for m in narrator.narrate(PlayerEliminated(1, 3))] == [
        "Beto is out of chips. Final place: third."
    ]


def test_the_chips_list_says_you_and_comes_once_a_hand() -> None:
    events = play_game(3, NAMES, 60, TableConfig(), max_hands=3)
    for lang, mine in (("en", "you with "), ("es", "tú con ")):
        lines = said(events, lang, 1, verbosity=Verbosity.VERBOSE)
        chips = [line for line in lines if line.startswith(("Chips:", "Fichas:"))]
        hands = [line for line in lines if line.startswith(("Hand ", "Mano "))]
        assert len(chips) == len(hands)
        assert all(mine in line and "Beto" not in line for line in chips)


@pytest.mark.parametrize(
    ("lang", "middle", "last"),
    [("en", "Hand 2 of 3. ", "Hand 3 of 3. Carla has the button. Last hand."),
     ("es", "Mano 2 de 3. ", "Mano 3 de 3. Carla tiene el botón. Última mano.")],
)  # fmt: skip
def test_a_hand_limit_game_says_how_far_along_and_which_hand_is_the_last(
    lang: str, middle: str, last: str
) -> None:
    narrator = Narrator(NAMES, lang, listener_seat=None, hand_limit=3)  # type: ignore[arg-type]
    starts = [
        HandStarted(n, n - 1, n % 3, (n + 1) % 3, (0, 1, 2), (200,) * 3, 1, 2, 0, False)
        for n in (2, 3)
    ]
    openings = [narrator.narrate(start)[0].text for start in starts]
    assert openings[0].startswith(middle)
    assert "Last hand" not in openings[0] and "Última" not in openings[0]
    assert openings[1] == last


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "You are in the cutoff: the seat just before the button."),
     ("es", "Estás justo antes del botón.")],
)  # fmt: skip
def test_a_position_is_said_with_what_it_means(lang: str, said: str) -> None:
    """The same words every hand, so U retells a hand as the table told it."""
    six = ("Ana", "Beto", "Carla", "Diego", "Elena", "Fabio")
    start = HandStarted(1, 0, 1, 2, (1, 2, 3, 4, 5, 0), (200,) * 6, 1, 2, 0, False)
    narrator = Narrator(six, lang, listener_seat=5)  # type: ignore[arg-type]
    assert [m.text for m in narrator.narrate(start)][1] == said
    assert [m.text for m in narrator.narrate(start)][1] == said


def walk(dead_small_blind: bool) -> list[Event]:
    small = None if dead_small_blind else 1
    return scripted_hand(
        (200, 200, 200), 0, small, 2, (1, 2), {0: "As Kd", 1: "Qs Qd", 2: "7h 2c"}, "",
        [Action.fold(), Action.fold()],
    )  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Everyone else folds: Carla gets back 1 uncalled chip and wins the pot of 2."),
     ("es", "Todos los demás se van: Carla recupera 1 ficha que nadie igualó y se lleva "
            "el bote de 2.")],
)  # fmt: skip
def test_a_walk_is_one_sentence(lang: str, expected: str) -> None:
    messages = narrate_all(walk(False), NAMES, lang, None)  # type: ignore[arg-type]
    assert [m.text for m in messages if m.kind in ("pot_awarded", "bet_returned")] == [expected]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Everyone else folds: you get back 2 uncalled chips; there is no pot to win."),
     ("es", "Todos los demás se van: recuperas 2 fichas que nadie igualó; "
            "no hay bote que ganar.")],
)  # fmt: skip
def test_a_dead_small_blind_walk_has_no_pot_of_zero(lang: str, expected: str) -> None:
    messages = narrate_all(walk(True), NAMES, lang, 2)  # type: ignore[arg-type]
    told = [m.text for m in messages if m.kind in ("pot_awarded", "bet_returned")]
    assert told == [expected]
    assert not any(" 0 " in m.text or " 0." in m.text for m in messages)


def test_high_card_takes_the_rank_and_its_gender() -> None:
    events = scripted_hand(
        (200, 200, 200), 0, 1, 2, (1, 2),
        {0: "Qh 3c", 1: "Jh 4c", 2: "8s 6c"}, "2s 7d 9h Tc 5d",
        [Action.call(), Action.call(), Action.check()] + [Action.check()] * 9,
    )  # fmt: skip
    spanish = " ".join(m.text for m in narrate_all(events, NAMES, "es", None))
    assert "reina alta" in spanish
    assert "carta alta, " not in spanish


@pytest.mark.parametrize("lang", ["en", "es"])
def test_verbosity_levels_differ_in_length(lang: str) -> None:
    """Brief says less than normal, verbose more; verbose does not repeat the board."""
    events = play_game(5, ("Ana", "Beto", "Carla", "Diego", "Elena", "Fabio"), 100, TableConfig(),
                       max_hands=20)  # fmt: skip
    names = ("Ana", "Beto", "Carla", "Diego", "Elena", "Fabio")
    sizes: dict[Verbosity, int] = {}
    for level in Verbosity:
        messages = narrate_all(events, names, lang, 0, level)  # type: ignore[arg-type]
        sizes[level] = sum(len(message.text) for message in messages)
    assert sizes[Verbosity.BRIEF] < 0.9 * sizes[Verbosity.NORMAL]
    assert sizes[Verbosity.VERBOSE] > 1.2 * sizes[Verbosity.NORMAL]
    verbose = [m.text for m in narrate_all(events, names, lang, 0, Verbosity.VERBOSE)]  # type: ignore[arg-type]
    assert not any(text.startswith(("Board:", "Mesa:")) for text in verbose)
