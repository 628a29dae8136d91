"""`audiopoker hint` before the flop (issue 26, point 4): charts by seat and depth, push/fold
when short, the reason in words in both languages (the room's Spanish and poker Spanish),
the JSON, and spots that cannot be refused in one line with exit code 2."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from audiopoker import i18n
from audiopoker.bots.preflop import CLASS_NAMES, preflop_table
from audiopoker.bots.pushfold import call_probability, push_probability
from audiopoker.cli import main
from audiopoker.coach.preflop_chart import (
    Facing,
    PreflopSpot,
    advise_preflop,
    problem,
    table_positions,
)
from audiopoker.narration.positions import Position


@pytest.fixture(autouse=True)
def room_words() -> Iterator[None]:
    """Each test starts in the room's words and leaves them so."""
    i18n.set_words("sala")
    yield
    i18n.set_words("sala")


def hint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    # Speech to the console only: the lines are the printed lines.
    code = main(["hint", *args, "--output", "console"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def answer(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    code, out, err = hint(capsys, *args)
    assert (code, err) == (0, "")
    return out.splitlines()


def as_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code, out, err = hint(capsys, *args, "--json")
    assert (code, err) == (0, "")
    result: dict[str, object] = json.loads(out)
    return result


def test_jack_ten_suited_on_the_button_raises_in_both_languages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert answer(capsys, "--hand", "Js Ts", "--position", "button", "--lang", "en") == [
        "Jack-ten suited on the button, everyone folded: raise to 5; you open about 45 "
        "percent of hands here.",
        "Jack-ten suited is in the best 14 percent of starting hands. You have 100 big blinds.",
    ]
    spanish = ["--hand", "Jp 10p", "--position", "button", "--lang", "es"]
    assert answer(capsys, *spanish)[0] == (
        "Sota y diez del mismo palo en el botón, todos se han ido: subir a 5; desde aquí "
        "abres alrededor del 45 por ciento de las manos."
    )
    assert answer(capsys, *spanish, "--words", "poker")[0] == (
        "Jota y diez del mismo palo en el botón, todos se han retirado: sube a 5; desde "
        "aquí abres alrededor del 45 por ciento de las manos."
    )


def test_ten_eight_offsuit_first_in_on_a_six_handed_button_raises(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The issue's spot: the old coach folded it."""
    english = as_json(capsys, "--hand", "Tc 8d", "--position", "button", "--lang", "en")
    assert (english["action"], english["amount"], english["hand"]) == ("raise", 5, "T8o")
    assert english["raise_share"] == 0.45 and english["chart"] == "open"
    assert str(english["reason"]).startswith("Ten-eight offsuit on the button, everyone folded:")
    spanish = answer(capsys, "--hand", "10t 8d", "--position", "button", "--lang", "es")
    assert spanish[0].startswith("Diez y ocho de distinto palo en el botón, todos se han ido: ")
    assert "subir a 5" in spanish[0]


def test_seven_two_under_the_gun_folds(capsys: pytest.CaptureFixture[str]) -> None:
    english = answer(capsys, "--hand", "7c 2d", "--position", "utg", "--lang", "en")
    assert english[0] == (
        "Seven-two offsuit under the gun, nobody has acted yet: fold; you open about 15 "
        "percent of hands here."
    )
    spanish = answer(capsys, "--hand", "7t 2d", "--position", "utg", "--lang", "es")
    assert spanish[0] == (
        "Siete y dos de distinto palo hablando primero, nadie ha hablado aún: irte; desde "
        "aquí abres alrededor del 15 por ciento de las manos."
    )
    poker = answer(
        capsys, "--hand", "7t 2d", "--position", "utg", "--lang", "es", "--words", "poker"
    )
    assert poker[0].startswith(
        "Siete y dos de distinto palo en UTG, nadie ha hablado aún: retírate;"
    )


def test_king_eight_in_the_small_blind_facing_a_raise_and_callers_folds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spot = ["--hand", "Kd 8c", "--position", "sb", "--facing", "raise", "--callers", "2"]
    assert answer(capsys, *spot, "--lang", "en")[0] == (
        "King-eight offsuit in the small blind, facing a raise to 5 that 2 players called: "
        "fold; you re-raise about 9 percent of hands here and fold the rest."
    )
    spanish = answer(capsys, "--hand", "Kd 8t", *spot[2:], "--lang", "es")
    assert spanish[0] == (
        "Rey y ocho de distinto palo en la ciega pequeña, ante una subida a 5 que 2 jugadores "
        "han seguido: irte; desde aquí resubes con alrededor del 9 por ciento de las manos y "
        "te vas con el resto."
    )
    assert as_json(capsys, *spot, "--to-call", "7", "--lang", "en")["action"] == "fold"


def test_ace_five_with_ten_big_blinds_on_the_button_shoves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spot = ["--position", "button", "--stack", "20", "--blinds", "1/2"]
    result = as_json(capsys, "--hand", "Ah 5c", *spot, "--lang", "en")
    assert (result["action"], result["amount"], result["all_in"]) == ("raise", 20, True)
    assert (result["chart"], result["stack_bb"]) == ("push", 10.0)
    assert result["reason"] == (
        "Ace-five offsuit on the button, everyone folded: raise to 20, all in; with 10 big "
        "blinds it is all in or fold: you go all in with about 41 percent of hands here."
    )
    spanish = answer(capsys, "--hand", "Ac 5t", *spot, "--lang", "es")[0]
    assert "subir a 20 jugando el resto; con 10 ciegas grandes es jugar el resto o irte" in spanish
    poker = answer(capsys, "--hand", "Ac 5t", *spot, "--lang", "es", "--words", "poker")[0]
    assert "sube a 20 y quédate all-in; con 10 ciegas grandes es all-in o retirarte" in poker
    deep = as_json(capsys, "--hand", "Ah 5c", "--position", "button", "--lang", "en")
    assert (deep["amount"], deep["all_in"], deep["chart"]) == (5, False, "open")


def test_queens_facing_a_raise_re_raise(capsys: pytest.CaptureFixture[str]) -> None:
    spot = ["--position", "co", "--facing", "raise", "--to-call", "6"]
    assert answer(capsys, "--hand", "Qh Qc", *spot, "--lang", "en")[0] == (
        "Pocket queens in the cutoff, facing a raise to 6: re-raise to 18; you re-raise "
        "about 6 percent of hands here and call with the next 6 percent."
    )
    assert answer(capsys, "--hand", "Qc Qt", *spot, "--lang", "es")[0] == (
        "Pareja de reinas justo antes del botón, ante una subida a 6: resubir a 18; desde "
        "aquí resubes con alrededor del 6 por ciento de las manos y sigues con el 6 por "
        "ciento siguiente."
    )
    poker = answer(capsys, "--hand", "Qc Qt", *spot, "--lang", "es", "--words", "poker")[0]
    assert poker.startswith("Pareja de reinas en el cutoff, ante una subida a 6: resube a 18;")
    out_of_position = as_json(capsys, "--hand", "Qh Qc", "--position", "bb", "--facing", "raise")
    assert (out_of_position["action"], out_of_position["amount"]) == ("raise", 20)  # 4 x 5


@pytest.mark.parametrize(
    ("lang", "hand", "expected"),
    [
        ("en", "Ah Kh", "--position co: a table of 3 players has no such seat. Write one of "
         "button, sb, or bb."),
        ("es", "Ac Kc", "--position co: una mesa de 3 jugadores no tiene ese asiento. "
         "Escribe uno de button, sb o bb."),
    ],
)  # fmt: skip
def test_a_seat_the_table_has_not_is_refused(
    capsys: pytest.CaptureFixture[str], lang: str, hand: str, expected: str
) -> None:
    code, out, err = hint(
        capsys, "--hand", hand, "--position", "co", "--players", "3", "--lang", lang
    )
    assert (code, out) == (2, "")
    assert err == f"audiopoker hint: {expected}\n"


@pytest.mark.parametrize(
    ("args", "english", "spanish"),
    [
        (["--position", "utg", "--players", "2"], "Write one of button or bb.",
         "Escribe uno de button o bb."),
        (["--position", "hj", "--to-call", "5"],
         "--to-call 5 cannot be with nobody raising: from this seat you owe 2.",
         "--to-call 5 no puede ser sin nadie que suba: desde este asiento pones 2."),
        (["--position", "bb", "--facing", "raise", "--to-call", "1"],
         "a raise is at least to twice the big blind, so from this seat you owe at least 2.",
         "desde este asiento pones al menos 2."),
        (["--position", "utg", "--facing", "raise"], "there is no raise to face",
         "no hay subida que afrontar"),
        (["--position", "hj", "--callers", "2"],
         "--callers 2 cannot be: from this seat at most 1 player can have called before you.",
         "como mucho 1 jugador puede haber seguido antes que tú."),
        (["--position", "bb"], "In the big blind with nobody in the pot there is nothing",
         "En la ciega grande sin nadie en el bote no hay nada"),
        (["--position", "bb", "--stack", "1"], "--stack 1 is less than the big blind of 2",
         "--stack 1 es menos que la ciega grande de 2"),
        ([], "Before the flop the coach needs your seat: write --position and one of utg, "
         "hj, co, button, sb, or bb.", "escribe --position y uno de utg, hj, co, button, sb o bb."),
        (["--board", "Ah 7d 2s", "--pot", "9", "--to-call", "3", "--players", "2",
          "--position", "bb"],
         "--position is only for before the flop: with --board, leave it out.",
         "--position es solo para antes del flop: con --board, quítalo."),
        (["--board", "Ah 7d 2s", "--to-call", "3", "--players", "2"],
         "After the flop the coach needs --pot, as in --pot 60 --to-call 20 --players 3.",
         "Después del flop el entrenador necesita --pot"),
    ],
)  # fmt: skip
def test_a_spot_that_cannot_be_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], english: str, spanish: str
) -> None:
    for lang, expected in (("en", english), ("es", spanish)):
        code, out, err = hint(capsys, "--hand", "Kc Qc", *args, "--lang", lang)
        assert (code, out) == (2, "")
        assert len(err.splitlines()) == 1 and expected in err, err


def test_an_unknown_seat_is_refused_by_the_option_in_the_players_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for lang, word in (("en", "choose"), ("es", "elige")):
        with pytest.raises(SystemExit) as raised:
            main(["hint", "--hand", "Kc Qc", "--position", "dealer", "--lang", lang])
        assert raised.value.code == 2
        captured = capsys.readouterr()
        assert captured.out == "" and len(captured.err.splitlines()) == 1
        assert "dealer" in captured.err and word in captured.err.lower()


def test_open_ranges_by_seat_are_the_shared_169_order() -> None:
    """Each seat opens exactly ``preflop_table().top(share)``: the chart and the bots rank
    hands alike; 6-max UTG 15, HJ 19, CO 27, button 45, SB 40; heads-up button 80."""
    table = preflop_table()
    six = dict(zip(table_positions(6), (0.15, 0.19, 0.27, 0.45, 0.40), strict=False))
    seats = [(6, position, share) for position, share in six.items()]
    for players, position, share in [*seats, (2, Position.BUTTON_SMALL_BLIND, 0.80)]:
        chart = {
            name
            for name in CLASS_NAMES
            if advise_preflop(PreflopSpot(name, position, players)).action == "raise"
        }
        top = {
            name
            for name in CLASS_NAMES
            if table.percentile(name, 2) <= share  # the classes top(share) keeps
        }
        assert chart == top, position
        kept = len(table.top(share)) / 1326
        assert abs(kept - share) < 0.02, position


def test_the_big_blind_defends_wide_against_a_min_raise_and_narrower_against_more() -> None:
    min_raise = advise_preflop(PreflopSpot("98o", Position.BIG_BLIND, 6, "raise", to_call=2))
    assert (min_raise.action, min_raise.amount) == ("call", 2)
    assert min_raise.raise_share + min_raise.call_share == pytest.approx(0.60)
    big_raise = advise_preflop(PreflopSpot("98o", Position.BIG_BLIND, 6, "raise", to_call=6))
    assert big_raise.action == "fold"
    assert big_raise.raise_share + big_raise.call_share == pytest.approx(0.30)


def test_short_blinds_follow_the_heads_up_nash_chart() -> None:
    """Small blind against the big blind alone, and the big blind against that shove, at 10
    big blinds: exactly the chart's shove and call (``bots.pushfold``)."""
    for name in CLASS_NAMES:
        shove = advise_preflop(PreflopSpot(name, Position.SMALL_BLIND, 6, stack=20))
        assert (shove.action == "raise") == (push_probability(name, 10) >= 0.5), name
        assert shove.action in ("raise", "fold") and shove.all_in == (shove.action == "raise")
        call = advise_preflop(
            PreflopSpot(name, Position.BIG_BLIND, 2, "raise", stack=20, to_call=18)
        )
        assert (call.action == "call") == (call_probability(name, 10) >= 0.5), name
    assert (
        advise_preflop(
            PreflopSpot("K5o", Position.BIG_BLIND, 6, "raise", stack=20, to_call=18)
        ).action
        == "call"
    )
    assert (
        advise_preflop(
            PreflopSpot("Q8o", Position.BIG_BLIND, 6, "raise", stack=20, to_call=18)
        ).action
        == "fold"
    )


def test_a_shove_to_call_says_its_price(capsys: pytest.CaptureFixture[str]) -> None:
    spot = ["--position", "bb", "--players", "2", "--facing", "raise", "--stack", "20"]
    english = answer(capsys, "--hand", "Kh 5c", *spot, "--to-call", "18", "--lang", "en")
    assert english[0].startswith(
        "King-five offsuit in the big blind, facing a raise to 20: call 18, all in; calling "
        "takes all your chips: you call with about "
    )
    assert english[1].endswith("Calling 18 to win 22: you need 45 percent.")
    spanish = answer(capsys, "--hand", "Kc 5t", *spot, "--to-call", "18", "--lang", "es")
    assert "seguir con 18 jugando el resto; seguir es jugar el resto" in spanish[0]
    assert spanish[1].endswith("Seguir con 18 para ganar 22: necesitas un 45 por ciento.")


def test_against_a_re_raise_and_over_calls_of_the_big_blind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    aces = as_json(capsys, "--hand", "Ah Ad", "--position", "co", "--facing", "3bet")
    assert (aces["action"], aces["amount"], aces["to_call"]) == ("raise", 41, 13)  # 2.3 x 18
    limped = answer(capsys, "--hand", "9s 8s", "--position", "bb", "--callers", "2", "--lang", "en")
    assert limped[0] == (
        "Nine-eight suited in the big blind, 2 players called the big blind: check; you raise "
        "about 12 percent of hands here and check the rest."
    )
    spanish = answer(
        capsys, "--hand", "9p 8p", "--position", "bb", "--callers", "1", "--lang", "es"
    )
    assert "1 jugador ha seguido la ciega grande: ver;" in spanish[0]


def test_every_spot_the_options_allow_gets_an_answer() -> None:
    """No seat, action and depth the options accept makes the chart fail or say nonsense."""
    facings: tuple[Facing, ...] = ("none", "raise", "3bet")
    for players in range(2, 11):
        for position in table_positions(players):
            for facing in facings:
                for stack in (6, 20, 50, 200, 2000):
                    spot = PreflopSpot("AQo", position, players, facing, 0, stack)
                    if problem(spot) is not None:
                        continue
                    hint = advise_preflop(spot)
                    assert 0 <= hint.amount <= stack
                    assert hint.action != "raise" or hint.amount > hint.faced
                    assert 0 < hint.raise_share + hint.call_share <= 1
