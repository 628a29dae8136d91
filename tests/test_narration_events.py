"""The narrator, event by event: who hears what, at which verbosity."""

from __future__ import annotations

import re

import pytest
from narration_support import CALL, CHECK, SCENARIOS, _bet, _raise, narrate_all, scripted_hand

from audiopoker.cards import parse_cards
from audiopoker.engine.actions import Action, ActionKind, LegalActions, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BlindsChanged,
    CardBurned,
    Event,
    GameEnded,
    GameEndReason,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PotAwarded,
    StreetDealt,
)
from audiopoker.evaluator import best_hand
from audiopoker.i18n import DEFAULT_WORDS, set_words
from audiopoker.narration import Narrator, event_kind
from audiopoker.output.message import Message, Verbosity

NAMES = ("Ana", "Beto", "Carla", "Diego")
START = HandStarted(7, 0, 1, 2, (1, 2, 3, 0), (200, 200, 200, 200), 1, 2, 0, False)


def texts(messages: list[Message]) -> list[str]:
    return [message.text for message in messages]


def narrator(lang: str = "en", listener: int | None = 3, **options: object) -> Narrator:
    made = Narrator(NAMES, lang, listener_seat=listener, **options)  # type: ignore[arg-type]
    made.narrate(START)
    return made


def legal(**changes: object) -> LegalActions:
    fields: dict[str, object] = dict(
        seat=3, can_check=False, to_call=4, call_is_all_in=False, raise_kind=ActionKind.RAISE,
        min_raise_to=8, max_raise_to=200, stack=196, committed=2, pot=10,
    )  # fmt: skip
    fields.update(changes)
    return LegalActions(**fields)  # type: ignore[arg-type]


def test_event_kinds_are_snake_case() -> None:
    assert event_kind(START) == "hand_started"
    assert event_kind(CardBurned(Street.FLOP)) == "card_burned"


def test_hand_start_names_the_button_and_the_listener_position() -> None:
    messages = Narrator(NAMES, "en", listener_seat=3).narrate(START)
    assert texts(messages) == [
        "Hand 7. Ana has the button.",
        "You are under the gun: first to act before the flop.",
    ]
    assert {m.kind for m in messages} == {"hand_started"}
    spanish = Narrator(NAMES, "es", listener_seat=3).narrate(START)
    assert texts(spanish) == [
        "Mano 7. Ana tiene el botón.",
        "Hablas primero antes del flop.",
    ]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_button_and_blind_positions_are_not_told_twice(seat: int) -> None:
    """The opening names the button and the blind lines the blinds: no position line."""
    for lang in ("en", "es"):
        messages = Narrator(NAMES, lang, listener_seat=seat).narrate(START)  # type: ignore[arg-type]
        assert len(messages) == 1, texts(messages)


def test_dead_button_and_dead_small_blind() -> None:
    event = HandStarted(9, 0, None, 2, (2, 3), (0, 0, 50, 50), 1, 2, 0, False)
    text = texts(Narrator(NAMES, "en", listener_seat=3).narrate(event))
    assert text[0] == "Hand 9. The button is on an empty seat. No small blind this hand."


def test_own_hole_cards_are_spoken_and_others_are_secret() -> None:
    cards = HoleCardsDealt(3, tuple(parse_cards("As Td")))  # type: ignore[arg-type]
    theirs = HoleCardsDealt(1, tuple(parse_cards("2c 2d")))  # type: ignore[arg-type]
    speaker = narrator()
    (message,) = speaker.narrate(cards)
    assert message.text == "Your cards: ace of spades and ten of diamonds."
    assert message.braille == "Your cards: As 10d."
    assert speaker.narrate(theirs) == []
    assert texts(narrator(reveal_hole_cards=True).narrate(theirs)) == [
        "Beto's cards: two of clubs and two of diamonds."
    ]
    assert narrator(listener=None).narrate(cards) == []


def test_your_turn_tells_cost_pot_minimum_raise_and_choices() -> None:
    event = ActionRequired(3, legal())
    (message,) = narrator().narrate(event)
    assert message.kind == "your_turn"
    assert message.text == (
        "Your turn: 4 to call, with 10 in the pot. "
        "You can call, raise to between 8 and 200, or fold."
    )
    (spanish,) = narrator("es").narrate(event)
    assert spanish.text == (
        "Te toca: para seguir pones 4; hay 10 en el bote. "
        "Puedes seguir, subir a una cantidad entre 8 y 200 o irte."
    )


def test_your_turn_variants() -> None:
    free = ActionRequired(
        3, legal(can_check=True, to_call=0, raise_kind=ActionKind.BET, min_raise_to=2)
    )
    assert texts(narrator().narrate(free)) == [
        "Your turn, with 10 in the pot. You can check or bet between 2 and 200."
    ]
    short = ActionRequired(3, legal(to_call=7, call_is_all_in=True, raise_kind=None, stack=7))
    assert texts(narrator("es").narrate(short)) == [
        "Te toca: seguir con 7 es jugar el resto; hay 10 en el bote. "
        "Puedes seguir jugando el resto o irte."
    ]
    shove = ActionRequired(3, legal(min_raise_to=30, max_raise_to=30))
    assert texts(narrator("es").narrate(shove)) == [
        "Te toca: para seguir pones 4; hay 10 en el bote. "
        "Puedes seguir, subir a 30 jugando el resto o irte."
    ]
    assert "You can call, raise all in to 30, or fold." in texts(narrator().narrate(shove))[0]
    # Brief leaves the pot out but keeps the choices (issue 12).
    assert texts(narrator(verbosity=Verbosity.BRIEF).narrate(ActionRequired(3, legal()))) == [
        "Your turn: 4 to call. You can call, raise to between 8 and 200, or fold."
    ]
    brief_short = narrator(verbosity=Verbosity.BRIEF).narrate(short)
    assert texts(brief_short) == [
        "Your turn: calling 7 puts you all in. You can call all in or fold."
    ]
    brief_es = narrator("es", verbosity=Verbosity.BRIEF).narrate(free)
    assert texts(brief_es) == ["Te toca. Puedes ver o apostar entre 2 y 200."]
    verbose = texts(narrator(verbosity=Verbosity.VERBOSE).narrate(ActionRequired(3, legal())))
    assert verbose[0].endswith("You have 196 chips behind.")


def test_other_seats_turn_is_said_only_when_verbose() -> None:
    event = ActionRequired(1, legal(seat=1))
    verbose = Verbosity.VERBOSE
    assert texts(narrator(verbosity=verbose).narrate(event)) == ["Beto's turn."]
    assert texts(narrator("es", verbosity=verbose).narrate(event)) == ["Turno de Beto."]
    # Before every bot action it doubled the words: normal and brief leave it to the T key.
    assert narrator().narrate(event) == []
    assert narrator("es").narrate(event) == []
    assert narrator(verbosity=Verbosity.BRIEF).narrate(event) == []


def action(seat: int, kind: ActionKind, amount: int, to: int, **changes: object) -> ActionTaken:
    fields: dict[str, object] = dict(
        all_in=False, stack=100, pot=30, street=Street.FLOP, full_raise=True
    )
    fields.update(changes)
    return ActionTaken(seat, kind, amount, to, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("event", "english", "spanish"),
    [
        (action(0, ActionKind.RAISE, 6, 6), "Ana raises to 6.", "Ana sube a 6."),
        (action(3, ActionKind.RAISE, 6, 6), "You raise to 6.", "Subes a 6."),
        (action(1, ActionKind.CALL, 6, 6, all_in=True), "Beto calls 6 and is all in.",
         "Beto sigue con 6 y juega el resto."),
        (action(2, ActionKind.BET, 10, 10), "Carla bets 10.", "Carla apuesta 10."),
        (action(2, ActionKind.CHECK, 0, 0), "Carla checks.", "Carla ve."),
        (action(3, ActionKind.FOLD, 0, 0), "You fold.", "Te vas."),
        (action(1, ActionKind.RAISE, 13, 15, all_in=True, full_raise=False),
         "Beto raises to 15 and is all in. Not a full raise.",
         "Beto sube a 15 y juega el resto. No es una subida completa."),
    ],
)  # fmt: skip
def test_actions(event: ActionTaken, english: str, spanish: str) -> None:
    assert texts(narrator().narrate(event)) == [english]
    assert texts(narrator("es").narrate(event)) == [spanish]


def test_verbose_action_adds_stack_and_pot() -> None:
    event = action(2, ActionKind.CALL, 4, 6, stack=1, pot=14, street=Street.PREFLOP)
    assert texts(narrator(verbosity=Verbosity.VERBOSE).narrate(event)) == [
        "Carla calls 4, 6 in all.",
        "Carla has 1 chip left; the pot is 14.",
    ]
    assert texts(narrator("es", verbosity=Verbosity.VERBOSE).narrate(event))[1] == (
        "A Carla le queda 1 ficha; bote: 14."
    )


def test_verbose_says_no_stack_after_a_check_or_a_fold() -> None:
    """Nothing moved: the stack and the pot are as they were (issue 12)."""
    for kind in (ActionKind.CHECK, ActionKind.FOLD):
        said = narrator(verbosity=Verbosity.VERBOSE).narrate(action(2, kind, 0, 0))
        assert len(said) == 1, texts(said)


def test_antes_are_summed_up_unless_short_or_all_in() -> None:
    with_ante = HandStarted(1, 0, 1, 2, (1, 2, 3, 0), (200,) * 4, 1, 2, 1, False)
    speaker = Narrator(NAMES, "en", listener_seat=3)
    assert (
        texts(speaker.narrate(with_ante))[0] == "Hand 1. Ana has the button. Every player antes 1."
    )
    assert speaker.narrate(AntePosted(1, 1, False)) == []
    assert texts(speaker.narrate(AntePosted(2, 1, True))) == ["Carla antes 1 and is all in."]
    verbose = Narrator(NAMES, "en", Verbosity.VERBOSE, 3)
    verbose.narrate(with_ante)
    assert texts(verbose.narrate(AntePosted(3, 1, False))) == ["You ante 1."]


def test_burns_only_at_verbose() -> None:
    assert narrator().narrate(CardBurned(Street.FLOP)) == []
    assert texts(narrator("es", verbosity=Verbosity.VERBOSE).narrate(CardBurned(Street.TURN))) == [
        "Se quema una carta."
    ]


def test_best_hand_after_each_street_unless_turned_off() -> None:
    hole = HoleCardsDealt(3, tuple(parse_cards("Ah Kd")))  # type: ignore[arg-type]
    flop = StreetDealt(Street.FLOP, parse_cards("As 7c 2d"), parse_cards("As 7c 2d"))
    speaker = narrator()
    speaker.narrate(hole)
    messages = speaker.narrate(flop)
    assert texts(messages) == [
        "Flop: ace of spades, seven of clubs and two of diamonds.",
        "You have a pair of aces, king kicker.",
    ]
    assert messages[1].kind == "best_hand"
    quiet = narrator(announce_best_hand=False)
    quiet.narrate(hole)
    assert len(quiet.narrate(flop)) == 1
    folded = narrator()
    folded.narrate(hole)
    folded.narrate(action(3, ActionKind.FOLD, 0, 0))
    assert len(folded.narrate(flop)) == 1


def test_split_pot_with_odd_chip_and_the_listener() -> None:
    speaker = narrator()
    value, _ = best_hand(parse_cards("2h 3h"), parse_cards("Ac Kd Qh Js Tc"))
    event = PotAwarded(0, 13, (0, 3), (3, 0), (7, 6), (3,), False, value)
    assert texts(speaker.narrate(event)) == [
        "The pot of 13 is split between Ana and you: 7 to you and 6 to Ana. "
        "The odd chip goes to you, closest to the left of the button."
    ]
    assert texts(narrator("es").narrate(event)) == [
        "El bote de 13 se reparte entre Ana y tú: 7 para ti y 6 para Ana. "
        "La ficha sobrante es para ti, por estar primero a la izquierda del botón."
    ]


def test_uncontested_pot() -> None:
    event = PotAwarded(0, 12, (0,), (0,), (12,), (), True, None)
    assert texts(narrator().narrate(event)) == ["Ana wins the pot of 12 without showing."]
    assert texts(narrator("es", listener=0).narrate(event)) == [
        "Te llevas el bote de 12 sin mostrar."
    ]


def test_hand_end_tells_the_listener_result() -> None:
    end = HandEnded(7, (190, 200, 214, 196), (-10, 0, 14, -4))
    assert texts(narrator().narrate(end)) == ["End of hand 7. You now have 196 chips, 4 fewer."]
    assert texts(narrator("es", listener=2).narrate(end)) == [
        "Fin de la mano 7. Ahora tienes 214 fichas, 14 más."
    ]
    assert texts(narrator("es", listener=1).narrate(end)) == [
        "Fin de la mano 7. Sigues con 200 fichas."
    ]
    assert texts(narrator(listener=None).narrate(end)) == ["End of hand 7."]
    # The chips of everyone are said once a hand, at its start: not again at its end.
    assert texts(narrator(verbosity=Verbosity.VERBOSE).narrate(end)) == [
        "End of hand 7. You now have 196 chips, 4 fewer."
    ]
    # Brief keeps the listener's own result.
    assert texts(narrator("es", verbosity=Verbosity.BRIEF).narrate(end)) == [
        "Ahora tienes 196 fichas, 4 menos."
    ]
    assert narrator(listener=None, verbosity=Verbosity.BRIEF).narrate(end) == []


def test_elimination_blinds_and_game_end() -> None:
    assert texts(narrator().narrate(PlayerEliminated(1, 4))) == [
        "Beto is out of chips. Final place: fourth."
    ]
    assert texts(narrator("es").narrate(PlayerEliminated(3, 2))) == [
        "Te quedas sin fichas: la partida se acaba para ti. Puesto final: segundo."
    ]
    assert texts(narrator("es").narrate(BlindsChanged(2, 4, 1))) == [
        "Nuevas ciegas: 2 y 4, con un ante de 1."
    ]
    won = GameEnded(GameEndReason.LAST_PLAYER_STANDING, (2,), (2, 3, 0, 1), (0, 0, 800, 0))
    assert texts(narrator().narrate(won)) == [
        "Game over: Carla wins with 800 chips. Final standings: first, Carla with 800; "
        "second, you; third, Ana; fourth, Beto."
    ]
    tie = GameEnded(GameEndReason.HAND_LIMIT, (0, 3), (0, 3, 1, 2), (300, 100, 100, 300))
    assert texts(narrator("es").narrate(tie)) == [
        "Fin de la partida por límite de manos: empate entre Ana y tú, con 300 fichas cada uno. "
        "Clasificación final: primero, Ana con 300; primero, tú, con 300; "
        "tercero, Beto con 100; tercero, Carla con 100."
    ]


def test_players_out_in_the_same_hand_share_their_place() -> None:
    """Ana and the listener go out together: both second, in the standings too, and the
    listener hears 'out of chips' once, not 'You now have 0 chips' first."""
    speaker = narrator("es")
    end = HandEnded(7, (0, 12, 0, 0), (-4, 8, 0, -4))
    assert texts(speaker.narrate(end)) == ["Fin de la mano 7."]
    speaker.narrate(PlayerEliminated(0, 2))
    speaker.narrate(PlayerEliminated(3, 2))
    over = GameEnded(GameEndReason.LAST_PLAYER_STANDING, (1,), (1, 3, 0, 2), (0, 12, 0, 0))
    assert texts(speaker.narrate(over))[0].endswith(
        "Clasificación final: primero, Beto con 12; segundo, tú; segundo, Ana; cuarto, Carla."
    )


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_spectator_hears_no_secret_and_the_player_hears_more(name: str) -> None:
    names, events, listener, _ = SCENARIOS[name]()
    spectator = texts(narrate_all(events, names, "en", None))
    assert not any("Your" in text or "You " in text for text in spectator)
    player = texts(narrate_all(events, names, "en", listener if listener is not None else 0))
    assert any(text.startswith("Your cards:") for text in player)


def pot_lines(lang: str, listener: int | None, events: list[object]) -> list[str]:
    messages = narrate_all(events, NAMES, lang, listener)  # type: ignore[arg-type]
    return [m.text for m in messages if m.kind == "pot_awarded"]


def test_several_side_pots_are_named_by_ordinals() -> None:
    """Three all-in levels: 'Side pot 1, 90' would read two numbers in a row."""
    events = scripted_hand(
        (20, 50, 100, 300), 3, 0, 1, (1, 2),
        {0: "As Ad", 1: "Ks Kh", 2: "Qs Qh", 3: "Js Jh"}, "2c 7d 9h 4s 3s",
        [Action.raise_to(100), Action.call(), Action.call(), Action.call()],
    )  # fmt: skip
    lines = pot_lines("en", 3, events)
    assert [line.split(":")[0] for line in lines if re.search(r"^[^:]*, \d+:", line)] == [
        "Main pot, 80",
        "First side pot, 90",
        "Second side pot, 100",
    ]
    spanish = pot_lines("es", 3, events)
    assert [line.split(":")[0] for line in spanish if re.search(r"^[^:]*, \d+:", line)] == [
        "Bote principal, 80",
        "Primer bote secundario, 90",
        "Segundo bote secundario, 100",
    ]


def test_the_only_side_pot_has_no_number() -> None:
    _, events, listener, _ = SCENARIOS["seed000_side_pots"]()
    lines = [
        m.text
        for m in narrate_all(events, ("A", "B", "C"), "en", listener)
        if m.kind == "pot_awarded"
    ]
    assert lines[2] == "Side pot, 400: you win with a pair of kings, jack kicker."


def test_a_pot_only_one_player_could_win_is_not_won_by_a_hand() -> None:
    """Ana all in for 1; Beto folds to Carla's raise: the side pot is Carla's alone."""
    events = scripted_hand(
        (1, 40, 40), 0, 1, 2, (1, 2),
        {0: "Ts Qs", 1: "2c 7h", 2: "4c 4d"}, "6d 9d As 5d 6s",
        [Action.call(), Action.call(), Action.raise_to(10), Action.fold()],
    )  # fmt: skip
    names = ("Ana", "Beto", "Carla")
    lines = [m.text for m in narrate_all(events, names, "es", None) if m.kind == "pot_awarded"]
    assert lines[-1] == "Carla se lleva los dos botes: 3 y 2."


def test_a_split_with_a_beaten_third_hand_says_why_it_lost() -> None:
    """Three show two pair, tens and nines; two tie on the ace, the jack loses."""
    events = scripted_hand(
        (200, 200, 200), 0, 1, 2, (1, 2),
        {0: "Ad Qh", 1: "7h As", 2: "2c Jc"}, "2h 9c Ts Th 9d",
        [Action.call(), Action.call(), Action.check()] + [Action.check()] * 9,
    )  # fmt: skip
    names = ("Ana", "Beto", "Carla")
    lines = [m.text for m in narrate_all(events, names, "es", None) if m.kind == "pot_awarded"]
    assert lines[-1] == (
        "Empate entre Ana y Beto, con doble pareja de dieces y nueves, kicker as. "
        "Carla pierde por el kicker: sota contra as."
    )
    english = [m.text for m in narrate_all(events, names, "en", 2) if m.kind == "pot_awarded"]
    assert english[-1] == (
        "Ana and Beto both have two pair, tens and nines, ace kicker: a tie. "
        "You lose on the kicker: jack against ace."
    )


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_raising() -> None:
    """Seed 001: bet 10, call 10, all-in 15 (short), all-in 20: together a full raise, so
    nobody is told to only call or fold, and the listener may raise to 30."""
    _, events, listener, _ = SCENARIOS["seed001_short_all_in"]()
    names = ("Ana", "Beto", "Carla", "Diego", "Elena")
    told = [m.text for m in narrate_all(events, names, "en", listener)]
    assert [text for text in told if "all in." in text] == [
        "Diego raises to 15 and is all in. Not a full raise.",
        "Elena raises to 20 and is all in. Not a full raise.",
    ]
    assert not [text for text in told if "only call or fold" in text]
    assert "raise to between 30 and 198" in told[told.index("Ana calls 20.") + 2]


def _short_all_in_after(script_flop: list[Action]) -> list[Event]:
    """Three players; Carla has 17 chips. Everyone limps, then ``script_flop``."""
    return scripted_hand(
        (200, 200, 17), 2, 0, 1, (1, 2),
        {0: "9s 9h", 1: "Tc Td", 2: "As 4s"}, "Ah 7c 2d 5h Jd",
        [CALL, CALL, CHECK, *script_flop, CALL, CALL, CHECK, CHECK, CHECK, CHECK],
    )  # fmt: skip


def test_a_short_all_in_names_who_may_only_call_or_fold_at_their_turn() -> None:
    """Ana bets 10, Beto calls, Carla's all-in to 15 is short: Ana and Beto already acted
    and may only call or fold; each is told so at their turn (the engine's reason)."""
    events = _short_all_in_after([_bet(10), CALL, _raise(15)])
    names = ("Ana", "Beto", "Carla")
    english = [m.text for m in narrate_all(events, names, "en", 1)]
    assert "Carla raises to 15 and is all in. Not a full raise." in english
    assert "Ana may only call or fold: the short all-in does not reopen the betting." in english
    assert (
        "Your turn: 5 to call, with 46 in the pot. You cannot raise: the short all-in does "
        "not reopen the betting. You can call or fold." in english
    )
    spanish = [m.text for m in narrate_all(events, names, "es", 1)]
    assert "Carla sube a 15 y juega el resto. No es una subida completa." in spanish
    assert "Ana solo puede seguir o irse: el resto corto no reabre las apuestas." in spanish
    assert any("No puedes subir: el resto corto no reabre" in text for text in spanish)
    set_words("poker")  # poker Spanish: pagar, retirarse, el all-in corto
    try:
        poker = [m.text for m in narrate_all(events, names, "es", 1)]
    finally:
        set_words(DEFAULT_WORDS)
    assert "Carla sube a 15 y se queda all-in. No es una subida completa." in poker
    assert "Ana solo puede pagar o retirarse: el all-in corto no reabre las apuestas." in poker
    assert any("No puedes subir: el all-in corto no reabre" in text for text in poker)


def test_a_player_whose_action_a_full_raise_followed_may_re_raise_after_a_short_all_in() -> None:
    """Ana bets 4, Beto raises to 12 (a full raise), Carla's all-in to 15 is short: Ana
    may still re-raise (nothing said), Beto may only call or fold."""
    events = _short_all_in_after([_bet(4), _raise(12), _raise(15)])
    told = [m.text for m in narrate_all(events, ("Ana", "Beto", "Carla"), "en", None)]
    notes = [text for text in told if "only call or fold" in text]
    assert notes == ["Beto may only call or fold: the short all-in does not reopen the betting."]


def test_a_short_all_in_bet_is_not_called_a_raise() -> None:
    """Heads-up on the flop, Beto bets his last chip: less than a full bet, not a raise."""
    events = scripted_hand(
        (200, 3), 1, 1, 0, (1, 2),
        {0: "9s 9h", 1: "Tc Td"}, "Ah 7c 2d 5h Jd",
        [CALL, CHECK, CHECK, _bet(1), CALL],
    )  # fmt: skip
    english = [m.text for m in narrate_all(events, ("Ana", "Beto"), "en", 0)]
    assert "Beto bets 1 and is all in. Less than a full bet." in english
    spanish = [m.text for m in narrate_all(events, ("Ana", "Beto"), "es", 0)]
    assert "Beto apuesta 1 y juega el resto. No llega a una apuesta completa." in spanish
    said = [text for text in english + spanish if text.startswith(("Beto bets", "Beto apuesta"))]
    assert not [text for text in said if "raise" in text or "subida" in text]


def test_an_unchanged_hand_is_not_told_again_while_the_cards_run_out() -> None:
    """All in: the river changes nothing, so 'You have a pair of kings, jack kicker' is
    said once; with betting still to come the hand is told after every street."""
    _, events, listener, _ = SCENARIOS["seed000_side_pots"]()
    told = [m.text for m in narrate_all(events, ("A", "B", "C"), "en", listener)]
    assert [text for text in told if text.startswith("You have")] == [
        "You have a pair of kings, nine kicker.",
        "You have a pair of kings, jack kicker.",
    ]
    _, events, listener, _ = SCENARIOS["seed001_short_all_in"]()
    names = ("Ana", "Beto", "Carla", "Diego", "Elena")
    told = [m.text for m in narrate_all(events, names, "en", listener)]
    assert [text for text in told if text.startswith("You have")] == [
        "You have ace high, king kicker."
    ] * 3
