"""Issue 17, points 2 and 3: regression tests of the sentences heard as false, incomplete
or absurd, in both languages (the short all-in note and R are in test_narration_events.py
and test_ui_keys.py, P in test_ui_keys.py)."""

from __future__ import annotations

from narration_support import CALL, FOLD, _raise, narrate_all, scripted_hand

from audiopoker.cards import parse_cards
from audiopoker.engine.events import HandStarted
from audiopoker.narration import Narrator
from audiopoker.narration.explain import every_beaten, reason_sentences
from audiopoker.showdown import showdown


def _explained(board: str, hands: list[str], names: tuple[str, ...], lang: str) -> list[str]:
    result = showdown(parse_cards(board), [parse_cards(hand) for hand in hands])
    values = [hand.value for hand in result.hands]
    winners = result.winners
    sentences = reason_sentences(result.reason, values, names, lang, None, len(winners))  # type: ignore[arg-type]
    return sentences + every_beaten(result.reason, values, winners, names, lang)  # type: ignore[arg-type]


def test_a_multi_way_win_names_every_beaten_player() -> None:
    """'Elena beats Fabio' alone was heard when Inés beat Fabio too: Inés is named."""
    board, names = "Kd 8c 4s 3h 2d", ("Elena", "Fabio", "Inés")
    hands = ["Ks Jc", "Qs Qh", "9d 9c"]
    assert _explained(board, hands, names, "en") == [
        "Elena beats Fabio: a pair of kings against a pair of queens.",
        "Inés loses with a pair of nines.",
    ]
    assert _explained(board, hands, names, "es") == [
        "Elena le gana a Fabio: pareja de reyes contra pareja de reinas.",
        "Inés pierde con pareja de nueves.",
    ]


def test_a_multi_way_win_by_category_names_every_beaten_player() -> None:
    board, names = "Kd 8c 4s 3h 2d", ("Ana", "Beto", "Carla")
    hands = ["5c 6c", "Ah Jc", "Qs Th"]
    assert _explained(board, hands, names, "en") == [
        "A straight beats high card.",
        "Beto loses with ace high.",
        "Carla loses with king high.",
    ]
    assert _explained(board, hands, names, "es")[1:] == [
        "Beto pierde con as alto.",
        "Carla pierde con rey alto.",
    ]


def test_heads_up_a_category_win_says_no_more() -> None:
    board, names = "Kd 8c 4s 3h 2d", ("Ana", "Beto")
    assert _explained(board, ["5c 6c", "Ah Jc"], names, "en") == ["A straight beats high card."]


def test_one_winner_of_several_pots_is_told_in_one_sentence() -> None:
    """Four near-identical sentences were heard; now one, and the why once."""
    events = scripted_hand(
        (20, 50, 200, 200), 3, 0, 1, (1, 2),
        {0: "Ks Kh", 1: "Qs Qh", 2: "As Ah", 3: "Js Jh"}, "2c 7d 9h 3s 4c",
        [_raise(200), CALL, CALL, CALL],
    )  # fmt: skip
    names = ("Ana", "Beto", "Carla", "Diego")
    english = [m.text for m in narrate_all(events, names, "en", 0) if m.kind == "pot_awarded"]
    # Why the main pot was won is told with it (it names every beaten player); the pots
    # follow in one sentence with the last of them, the side pots' why not repeated.
    assert english == [
        "Carla beats you: a pair of aces against a pair of kings. Beto loses with a pair of "
        "queens. Diego loses with a pair of jacks.",
        "Carla wins all three pots with a pair of aces, nine kicker: 80, 90 and 300.",
    ]
    spanish = [m.text for m in narrate_all(events, names, "es", 2) if m.kind == "pot_awarded"]
    assert spanish[1] == "Te llevas los tres botes con pareja de ases, kicker nueve: 80, 90 y 300."
    assert len(spanish) == 2


def test_with_a_dead_button_the_cutoff_is_told_it_acts_last_after_the_flop() -> None:
    """'You are in the cutoff: the seat just before the button' was said with the button on
    an empty seat, to the player who acts last after the flop."""
    names = ("Ana", "Beto", "Carla", "Diego", "Elena")
    dead = HandStarted(6, 0, 1, 2, (1, 2, 3, 4), (0, 50, 50, 50, 50), 1, 2, 0, False)
    english = [m.text for m in Narrator(names, "en", listener_seat=4).narrate(dead)]
    assert english[1] == (
        "You are in the cutoff, and the button is on an empty seat: you act last after the flop."
    )
    spanish = [m.text for m in Narrator(names, "es", listener_seat=4).narrate(dead)]
    assert spanish[1] == (
        "Estás justo antes del botón, que está en un asiento vacío: hablas el último después del "
        "flop."
    )
    seated = HandStarted(6, 0, 1, 2, (1, 2, 3, 4, 0), (50,) * 5, 1, 2, 0, False)
    told = [m.text for m in Narrator(names, "en", listener_seat=4).narrate(seated)]
    assert told[1] == "You are in the cutoff: the seat just before the button."


def _runout(lang: str, listener: int | None) -> list[str]:
    """Ana (aces) all in before the flop, Beto (kings) calls: the board runs out face up."""
    events = scripted_hand(
        (100, 100, 100), 0, 1, 2, (1, 2),
        {0: "As Ah", 1: "Kc Kd", 2: "7c 2d"}, "Ks 9h 4c 3d Ad",
        [_raise(100), CALL, FOLD],
    )  # fmt: skip
    kinds = ("hand_revealed", "street_dealt", "best_hand")
    messages = narrate_all(events, ("Ana", "Beto", "Carla"), lang, listener)  # type: ignore[arg-type]
    return [m.text for m in messages if m.kind in kinds]


def test_the_all_in_runout_says_each_hand_as_it_turns_up_and_who_is_ahead() -> None:
    """The runout turned hands up without saying what each held until the end: each hand
    is said as it turns up, and after the flop and the turn who is ahead (only when that
    changed; not after the river, where the showdown says it)."""
    assert _runout("en", None) == [
        "Beto turns over king of clubs and king of diamonds: pair of kings.",
        "Ana turns over ace of spades and ace of hearts: pair of aces.",
        "Flop: king of spades, nine of hearts and four of clubs.",
        "Beto is ahead with three of a kind, kings, nine kicker.",
        "Turn: three of diamonds.",
        "River: ace of diamonds.",
    ]
    assert _runout("es", None) == [
        "Beto pone boca arriba rey de tréboles y rey de diamantes: pareja de reyes.",
        "Ana pone boca arriba as de picas y as de corazones: pareja de ases.",
        "Flop: rey de picas, nueve de corazones y cuatro de tréboles.",
        "Va ganando Beto, con trío de reyes, kicker nueve.",
        "Turn: tres de diamantes.",
        "River: as de diamantes.",
    ]
    # The leader hears their hand once ("You have …") and then only that they are ahead.
    assert _runout("en", 1)[2:5] == [
        "Flop: king of spades, nine of hearts and four of clubs.",
        "You have three of a kind, kings, nine kicker.",
        "You are ahead.",
    ]
    assert _runout("es", 1)[3:5] == ["Tienes trío de reyes, kicker nueve.", "Vas ganando."]
