"""`audiopoker hint`: the coach's two answers as text and the JSON of the issue, in both
languages; bad cards and numbers refused in one line in the chosen language, exit code 2."""

from __future__ import annotations

import json

import pytest

from audiopoker.cli import main

SPOT = ["--board", "Ah 7d 2c", "--hand", "Ks Kd", "--pot", "60", "--to-call", "20"]
# The same cards in a Spanish player's letters: picas, corazones, diamantes, tréboles.
SPANISH_LETTERS = str.maketrans("chs", "tcp")
SPOT_ES = [arg.translate(SPANISH_LETTERS) if " " in arg else arg for arg in SPOT]


def hint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    # Speech to the console only: the lines are the printed lines (no voice probed here).
    code = main(["hint", *args, "--output", "console"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_text_is_the_first_answer_then_the_detail(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = hint(capsys, *SPOT, "--players", "3", "--lang", "en")
    assert code == 0 and err == ""
    first, detail = out.splitlines()
    assert first == (
        "Calling 20 to win 60: you need 25 percent. You win about 30 percent against the "
        "ranges assumed. Call: you are getting the right price."
    )
    ranges = (
        "You have a pair of kings, ace kicker. 2 cards improve your hand: 2 make three of a "
        "kind. You face two opponents. The bettor: a bettor's range: 23 percent of hands, 17 "
        "percent for value and with draws and 6 percent bluffs, from the hands that reach the "
        "flop, the top 40 percent. Opponent 2: the hands that reach the flop, the top 40 "
        "percent. "
    )
    assert detail.startswith(ranges)
    # then every option's value, as K twice says them in play: the best first
    assert detail[len(ranges) :].startswith(
        "Call: best. Fold: a mistake, about 7 big blinds less. "
    )
    assert detail.endswith("All in: a blunder, about 43 big blinds less.")


def test_text_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert SPOT_ES[:4] == ["--board", "Ac 7d 2t", "--hand", "Kp Kd"]
    code, out, _ = hint(capsys, *SPOT_ES, "--players", "3", "--lang", "es")
    assert code == 0
    first, detail = out.splitlines()
    assert first == (
        "Seguir con 20 para ganar 60: necesitas un 25 por ciento. Ganas alrededor del 30 por "
        "ciento contra los rangos supuestos. Seguir: el precio te compensa."
    )
    ranges = (
        "Tienes pareja de reyes, kicker as. 2 cartas mejoran tu mano: 2 te dan trío. Tienes "
        "dos rivales. Quien apuesta: un rango de quien apuesta: el 23 por ciento de las manos, "
        "el 17 por ciento para ganar valor o con proyecto y el 6 por ciento de faroles, de las "
        "manos que llegan al flop, el 40 por ciento mejor. Rival 2: las manos que llegan al "
        "flop, el 40 por ciento mejor. "
    )
    assert detail.startswith(ranges)
    assert detail[len(ranges) :].startswith(
        "Seguir: lo mejor. Irte: un error, unas 7 ciegas grandes menos. "
    )
    assert detail.endswith("Jugar el resto: un error grave, unas 43 ciegas grandes menos.")


def test_json_has_exactly_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = hint(
        capsys, "--board", "Ah 7d 2c 9s", "--hand", "Ks Kd", "--pot", "60", "--to-call", "20",
        "--players", "2", "--range", "random", "--json", "--lang", "en",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    bettor = (
        "a bettor's range: 27 percent of hands, 20 percent for value and with draws and 7 "
        "percent bluffs, from any two cards"
    )
    values = data.pop("values")
    assert data.pop("big_blind") == 2  # --blinds' default, 1/2
    assert data.pop("outs") == {
        "counted": True,
        "count": 2,
        "cards": ["Kc", "Kh"],
        "groups": [{"kind": "three_of_a_kind", "cards": ["Kc", "Kh"]}],
        "tainted": [],
    }
    assert [v["value_bb"] for v in values] == sorted((v["value_bb"] for v in values), reverse=True)
    assert {v["action"] for v in values} == {"fold", "call", "raise"}
    fold = next(v for v in values if v["action"] == "fold")
    assert fold["value_bb"] == 0.0 and fold["grade"] == "mistake"  # 39 percent at 25 to pay
    assert values[0]["grade"] == "best" and values[0]["loss_bb"] == 0.0
    assert data == {
        "equity": 0.3949,  # exact: heads-up on the turn against the bettor's range
        "pot_odds": 0.25,
        "action": "call",  # only better hands would call a raise
        "amount": None,
        "reason": "Call: you are getting the right price.",
        "opponents": 1,
        "range": bettor,
        "ranges": [{"role": "bettor", "share": 0.2638, "range": bettor}],
        "exact": True,
    }


def test_json_in_spanish_with_a_tight_range_and_a_short_stack(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = hint(
        capsys, "--board", "Ac Kd 5t 3p 2c", "--hand", "8t 8d", "--pot", "40", "--to-call",
        "30", "--players", "2", "--stack", "10", "--range", "tight", "--json", "--lang", "es",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["pot_odds"] == pytest.approx(10 / 30, abs=1e-4)  # 20 of the bet go back
    assert data["action"] == "fold" and data["amount"] is None
    assert data["reason"] == "Irte: tu probabilidad no llega al precio."
    assert data["range"].startswith("un rango de quien apuesta: el 3 por ciento de las manos")
    assert data["range"].endswith(
        "de las manos de un jugador que juega pocas, el 15 por ciento mejor"
    )
    assert 0.0 <= data["equity"] < data["pot_odds"]


def test_checking_is_free(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = hint(
        capsys, "--board", "Ah Kh Qd", "--hand", "7c 2d", "--pot", "60", "--to-call", "0",
        "--players", "3", "--lang", "en",
    )  # fmt: skip
    assert code == 0
    assert out.startswith("Checking is free. You win about ")
    assert "Check: a bet would not make them fold often enough." in out


REFUSALS = [
    (["--board", "Ah 7d", "--hand", "Ks Kd"],
     "The board needs 3, 4 or 5 cards (the flop, the turn or the river), not 2.",
     "La mesa necesita 3, 4 o 5 cartas (el flop, el turn o el river), no 2."),
    (["--board", "Ah 7d 2c", "--hand", "Ks Kd Qs"],
     "Your hand needs 2 cards, not 3.", "Tu mano necesita 2 cartas, no 3."),
    (["--board", "Ah 7d 2c", "--hand", "Ks Ah"],
     "Card repeated: ace of hearts. Each card is in the deck only once.",
     "Carta repetida: as de corazones. Cada carta está una sola vez en la baraja."),
    (["--board", "Ah 7d 2x", "--hand", "Ks Kd"],
     "Board: 2x is not a card: the suit must be c for clubs, d for diamonds, h for hearts or "
     "s for spades.",
     "Mesa: 2x no es una carta: el palo debe ser p para picas, c para corazones, d para "
     "diamantes o t para tréboles."),
    (["--board", "Ah 7d 2c", "--hand", "Zs Kd"],
     "Your hand: Zs is not a card: the rank must be 2 to 10, J, Q, K or A.",
     "Tu mano: Zp no es una carta: el valor debe ser del 2 al 10, J, Q, K o A."),
]  # fmt: skip


@pytest.mark.parametrize(("cards", "english", "spanish"), REFUSALS)
def test_bad_cards_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], cards: list[str], english: str, spanish: str
) -> None:
    numbers = ["--pot", "60", "--to-call", "20", "--players", "3"]
    for lang, expected in (("en", english), ("es", spanish)):
        if lang == "es":
            cards = [
                arg if arg.startswith("-") else arg.translate(SPANISH_LETTERS) for arg in cards
            ]
        code, out, err = hint(capsys, *cards, *numbers, "--lang", lang)
        assert (code, out) == (2, "")
        assert err == f"audiopoker hint: {expected}\n"


def test_a_pot_smaller_than_the_bet_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--board", "Ah 7d 2c", "--hand", "Ks Kd", "--pot", "10", "--to-call", "20"]
    code, out, err = hint(capsys, *args, "--players", "3", "--lang", "en")
    assert (code, out) == (2, "")
    assert err == (
        "audiopoker hint: The pot counts the bet you face, so --pot must be at least 20, not 10.\n"
    )
    spanish = [arg if arg.startswith("-") else arg.translate(SPANISH_LETTERS) for arg in args]
    code, _, err = hint(capsys, *spanish, "--players", "3", "--lang", "es")
    assert code == 2
    assert err == (
        "audiopoker hint: El bote incluye lo que pones para seguir: --pot debe ser al menos "
        "20, no 10.\n"
    )


@pytest.mark.parametrize(
    ("change", "english", "spanish"),
    [
        (["--pot", "x"], "--pot: must be a whole number from 1 to", "--pot debe ser un número"),
        (["--players", "11"], "from 2 to 10, not '11'", "de 2 a 10, no '11'"),
        (["--players", "1"], "from 2 to 10, not '1'", "de 2 a 10, no '1'"),
        (["--stack", "0"], "--stack: must be a whole number", "--stack debe ser"),
        (["--to-call", "-5"], "--to-call: must be a whole number", "--to-call debe ser"),
    ],
)
def test_bad_numbers_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], change: list[str], english: str, spanish: str
) -> None:
    base = {"--board": "Ah 7d 2c", "--hand": "Ks Kd", "--pot": "60", "--to-call": "20",
            "--players": "3"}  # fmt: skip
    base.update(dict(zip(change[::2], change[1::2], strict=True)))
    args = [item for pair in base.items() for item in pair]
    for lang, expected in (("en", english), ("es", spanish)):
        with pytest.raises(SystemExit) as raised:
            main(["hint", *args, "--lang", lang])
        assert raised.value.code == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert len(captured.err.splitlines()) == 1
        assert expected in captured.err


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = hint(capsys, *SPOT, "--players", "3", "--lang", "fr")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "fr" in err


def test_spanish_letters_are_the_spanish_suits_and_a_lone_english_letter_still_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A Spanish player's c is corazones; h and s, which no Spanish suit starts with, still
    read as hearts and spades, so 'Ah 7d 2t' is the English spot's own cards."""
    numbers = ["--pot", "60", "--to-call", "20", "--players", "3", "--lang", "es"]
    _, spanish, _ = hint(capsys, *SPOT_ES[:4], *numbers)
    _, mixed, _ = hint(capsys, "--board", "Ah 7d 2t", "--hand", "Ks Kd", *numbers)
    assert spanish == mixed and spanish.startswith("Seguir con 20 para ganar 60")
    # In English the same letters mean other cards: c is clubs, and p and t are no suits.
    code, _, err = hint(capsys, *SPOT_ES[:4], *numbers[:-1], "en")
    assert code == 2 and "Kp is not a card" in err


def test_a_spanish_c_beside_english_letters_is_refused_as_ambiguous(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'Ah 7d 2c' in Spanish: the h says English letters, so the c might mean clubs; it is
    refused, nothing advised, and the sentence says which letters to write."""
    code, out, err = hint(capsys, *SPOT, "--players", "3", "--lang", "es")
    assert (code, out) == (2, "")
    assert err == (
        "audiopoker hint: Mesa: En 2c, la c es de corazones, pero también escribiste h o s, que "
        "son letras inglesas, y no sé si la c es corazones o tréboles. Escribe los palos con p, "
        "c, d y t: picas, corazones, diamantes y tréboles.\n"
    )
    code, out, _ = hint(capsys, *SPOT, "--players", "3", "--lang", "en")
    assert code == 0 and out.startswith("Calling 20 to win 60")
