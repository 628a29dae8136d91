"""The coach's words in both languages: the first answer (price, chance, suggestion and
reason) for fold, check, call, bet and raise; the detail (hand, outs, opponents, ranges);
nothing to decide. Built from Advice values, so the sentences are tested apart from the
bot that chooses."""

from __future__ import annotations

from dataclasses import replace

import pytest

from audiopoker.cards import parse_cards
from audiopoker.coach.advice import Advice, Estimate, Reason
from audiopoker.coach.advice_words import (
    chance_words,
    detail_answer,
    first_answer,
    idle_answer,
    range_phrase,
    suggestion,
)
from audiopoker.coach.opponent_range import OpponentRange, RangeBasis, Step
from audiopoker.coach.outs import outs_of
from audiopoker.engine.actions import Street
from audiopoker.i18n import Language

HOLE = parse_cards("Ah Kh")
FLOP = parse_cards("Qh 7h 2c")
RAISER = OpponentRange(2, 0.0, 0.22, (RangeBasis.RAISED_FIRST_IN,), 1.0, (), 0.2)
CALLER = OpponentRange(4, 0.04, 0.48, (RangeBasis.CALLED_RAISE,), 1.0, (), 0.4)
NAMES = ["Ana", "Bob", "Carol", "Dave", "Eve"]


def spot(**changes: object) -> Advice:
    """A flop spot facing a bet of 20 into 80, two opponents; ``changes`` override."""
    base = Advice(
        equity=0.34,
        pot_odds=0.2,
        action="call",
        amount=None,
        reason=Reason.PRICE_RIGHT,
        opponents=2,
        ranges=(RAISER, CALLER),
        outs=outs_of(HOLE, FLOP),
        hole=HOLE,
        board=FLOP,
        pot=80,
        to_call=20,
        street=Street.FLOP,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


POT_ODDS_EN = "The reason is pot odds: your chance against the price of calling. "
POT_ODDS_ES = "La razón es el precio del bote: tu probabilidad frente a lo que cuesta seguir. "
CHECKED_TO = {"pot_odds": 0.0, "to_call": 0, "pot": 60}

FIRST: list[tuple[dict[str, object], str, str]] = [
    (
        {},
        "Calling 20 to win 80: you need 20 percent. You win about 34 percent against what "
        "they have shown. Call: you are getting the right price.",
        "Seguir con 20 para ganar 80: necesitas un 20 por ciento. Ganas alrededor del 34 por "
        "ciento contra lo que han mostrado tus rivales. Seguir: el precio te compensa.",
    ),
    (
        {"equity": 0.12, "action": "fold", "reason": Reason.PRICE_TOO_HIGH},
        "Calling 20 to win 80: you need 20 percent. You win about 12 percent against what "
        "they have shown. Fold: your chance is below the price.",
        "Seguir con 20 para ganar 80: necesitas un 20 por ciento. Ganas alrededor del 12 por "
        "ciento contra lo que han mostrado tus rivales. Irte: tu probabilidad no llega al "
        "precio.",
    ),
    (
        {"equity": 0.71, "action": "raise", "amount": 45, "reason": Reason.AHEAD},
        "Calling 20 to win 80: you need 20 percent. You win about 71 percent against what "
        "they have shown. Raise to 45: you are ahead of most of their hands.",
        "Seguir con 20 para ganar 80: necesitas un 20 por ciento. Ganas alrededor del 71 por "
        "ciento contra lo que han mostrado tus rivales. Subir a 45: vas por delante de la "
        "mayoría de sus manos.",
    ),
    (
        {**CHECKED_TO, "equity": 0.62, "action": "bet", "amount": 30, "reason": Reason.AHEAD},
        "Checking is free. You win about 62 percent against what they have shown. Bet 30: "
        "you are ahead of most of their hands.",
        "Ver no te cuesta nada. Ganas alrededor del 62 por ciento contra lo que han mostrado "
        "tus rivales. Apostar 30: vas por delante de la mayoría de sus manos.",
    ),
    (
        {**CHECKED_TO, "equity": 0.18, "action": "check", "reason": Reason.CHECK_WEAK},
        "Checking is free. You win about 18 percent against what they have shown. Check: a "
        "bet would not make them fold often enough.",
        "Ver no te cuesta nada. Ganas alrededor del 18 por ciento contra lo que han mostrado "
        "tus rivales. Ver: una apuesta no los haría irse lo bastante a menudo.",
    ),
    (
        {"action": "call", "all_in": True, "opponents": 1, "ranges": (RAISER,)},
        "Calling 20 puts you all in, to win 80: you need 20 percent. You win about 34 percent "
        "against what they have shown. Call all in: you are getting the right price.",
        "Seguir con 20 es jugar el resto, para ganar 80: necesitas un 20 por ciento. Ganas "
        "alrededor del 34 por ciento contra lo que ha mostrado tu rival. Seguir jugando el "
        "resto: el precio te compensa.",
    ),
    (
        {"action": "raise", "amount": 180, "all_in": True, "reason": Reason.SEMI_BLUFF,
         "estimate": Estimate.RANDOM},
        "Calling 20 to win 80: you need 20 percent. You win about 34 percent against two "
        "random hands. Raise to 180, all in: they may fold now, and if they call your draw "
        "can still win.",
        "Seguir con 20 para ganar 80: necesitas un 20 por ciento. Ganas alrededor del 34 por "
        "ciento contra dos manos al azar. Subir a 180 jugando el resto: pueden irse ahora, y "
        "si siguen, tu proyecto aún puede ganar.",
    ),
    (
        {**CHECKED_TO, "action": "bet", "amount": 20, "reason": Reason.BLUFF, "opponents": 1,
         "ranges": (RAISER,), "estimate": Estimate.TIGHT},
        "Checking is free. You win about 34 percent against one player who plays few hands. "
        "Bet 20: they fold often enough for it to pay.",
        "Ver no te cuesta nada. Ganas alrededor del 34 por ciento contra un jugador que "
        "juega pocas manos. Apostar 20: se van lo bastante a menudo para que salga a "
        "cuenta.",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "english", "spanish"), FIRST)
def test_first_answer(changes: dict[str, object], english: str, spanish: str) -> None:
    advice = spot(**changes)
    assert first_answer(advice, "en") == english
    assert first_answer(advice, "es") == spanish


@pytest.mark.parametrize("reason", list(Reason))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_reason_is_one_sentence_after_its_action(reason: Reason, lang: Language) -> None:
    said = suggestion(spot(reason=reason), lang)
    assert said.startswith(("Call: ", "Seguir: "))
    assert said.endswith(".") and said.count(".") == 1
    assert said[len("Seguir: " if lang == "es" else "Call: ")].islower()


def test_the_price_needed_is_never_zero_nor_a_hundred() -> None:
    tiny = spot(pot=1000, to_call=1, pot_odds=1 / 1001)
    assert "you need 1 percent" in first_answer(tiny, "en")


@pytest.mark.parametrize(
    ("share", "english", "spanish"),
    [
        (0.0, "0 percent", "el 0 por ciento"),
        (0.003, "less than 1 percent", "menos del 1 por ciento"),
        (0.344, "about 34 percent", "alrededor del 34 por ciento"),
        (0.997, "more than 99 percent", "más del 99 por ciento"),
        (1.0, "100 percent", "el 100 por ciento"),
    ],
)
def test_chance_words(share: float, english: str, spanish: str) -> None:
    assert chance_words(share, "en") == english
    assert chance_words(share, "es") == spanish


def test_detail_names_the_hand_outs_opponents_and_ranges() -> None:
    narrowed = replace(RAISER, keep=0.45, postflop=(Step(Street.FLOP, RangeBasis.BET),))
    advice = spot(ranges=(narrowed, CALLER))
    assert detail_answer(advice, "en", NAMES) == (
        "The reason is pot odds: your chance against the price of calling. You have ace high, "
        "king kicker. 14 cards improve your hand: 8 make a flush and 6 make a pair. Not counted: "
        "1 makes a flush, but it pairs the board, so a full house could beat you. You face two "
        "opponents. Carol: the top 22 percent of hands (raised first in), then "
        "the strongest 45 percent of those on this board (bet on the flop). Eve: the hands "
        "between the top 4 and the top 48 percent (called a raise)."
    )
    assert detail_answer(advice, "es", NAMES) == (
        "La razón es el precio del bote: tu probabilidad frente a lo que cuesta seguir. Tienes "
        "as alto, kicker rey. 14 cartas mejoran tu mano: 8 te dan color y 6 te dan pareja. Sin "
        "contar: 1 te da color, pero empareja la mesa, así que un ful podría ganarte. Tienes dos "
        "rivales. Carol: el 22 por ciento mejor de las manos (subió el "
        "primero), y de ellas el 45 por ciento más fuerte en esta mesa (apostó en el flop). "
        "Eve: las manos entre el 4 y el 48 por ciento mejor (siguió una subida)."
    )
    assert "Seat 3: the top 22 percent" in detail_answer(advice, "en")
    assert "Asiento 5: las manos entre" in detail_answer(advice, "es")


def test_detail_on_the_turn_river_and_before_the_flop() -> None:
    turn = spot(board=parse_cards("Qd 7c 2s 9s"), outs=outs_of(HOLE, parse_cards("Qd 7c 2s 9s")))
    assert (
        "4 cards improve your hand: 4 make a pair. Not counted: 2 make a pair, but they "
        "leave three of a suit on the board, so a flush could beat you."
        in detail_answer(turn, "en")
    )
    assert (
        "4 cartas mejoran tu mano: 4 te dan pareja. Sin contar: 2 te dan pareja, pero "
        "dejan tres del mismo palo en la mesa" in detail_answer(turn, "es")
    )
    made = parse_cards("Ac Kd Kc 7c")
    full = spot(board=made, outs=outs_of(HOLE, made))
    assert detail_answer(full, "en").startswith(
        POT_ODDS_EN
        + "You have a full house, kings over aces. 1 card improves your hand: 1 makes four "
        "of a kind."
    )
    assert detail_answer(full, "es").startswith(
        POT_ODDS_ES + "Tienes ful de reyes y ases. 1 carta mejora tu mano: 1 te da póquer."
    )
    river = spot(board=parse_cards("Qd 7c 2s 9s 3h"), street=Street.RIVER)
    assert "No cards are to come." in detail_answer(river, "en")
    assert "Ya no quedan cartas por salir." in detail_answer(river, "es")
    quads = parse_cards("Kc Kd Ks Ac")
    nothing = spot(board=quads, outs=outs_of(HOLE, quads))
    assert "No next card makes it a better kind of hand." in detail_answer(nothing, "en")
    preflop = spot(board=(), street=Street.PREFLOP, outs=outs_of(HOLE, ()), starting=0.021)
    assert detail_answer(preflop, "en").startswith(
        POT_ODDS_EN
        + "You hold ace of hearts and king of hearts, among the best 2 percent of starting hands. "
        "You face two opponents."
    )
    assert detail_answer(preflop, "es").startswith(
        POT_ODDS_ES
        + "Tienes as de corazones y rey de corazones, entre el 2 por ciento mejor de las manos "
        "iniciales. Tienes dos rivales."
    )


def test_range_phrases() -> None:
    anything = OpponentRange(None, 0.0, 1.0, (), 1.0, (), 1.0)
    assert range_phrase(anything, "en") == "any two cards"
    assert range_phrase(anything, "es") == "dos cartas cualesquiera"
    waiting = replace(anything, preflop=(RangeBasis.NOT_ACTED,))
    assert range_phrase(waiting, "en") == "any two cards (has not acted yet)"
    option = OpponentRange(1, 0.06, 1.0, (RangeBasis.CHECKED_OPTION,), 1.0, (), 0.9)
    assert range_phrase(option, "en") == (
        "any hand outside the top 6 percent (checked in the big blind)"
    )
    assert range_phrase(option, "es") == (
        "cualquier mano fuera del 6 por ciento mejor (vio en la ciega grande)"
    )
    steps = (Step(Street.FLOP, RangeBasis.CALLED), Step(Street.TURN, RangeBasis.RAISED))
    limp = OpponentRange(
        1, 0.06, 0.72, (RangeBasis.LIMPED, RangeBasis.CALLED_RAISE), 0.49, steps, 0.2
    )
    assert range_phrase(limp, "es") == (
        "las manos entre el 6 y el 72 por ciento mejor (siguió sin subir y siguió una "
        "subida), y de ellas el 49 por ciento más fuerte en esta mesa (siguió en el flop y "
        "subió en el turn)"
    )


def test_opponents_the_spot_does_not_name_share_one_sentence() -> None:
    anything = OpponentRange(None, 0.0, 1.0, (), 1.0, (), 1.0)
    three = spot(ranges=(anything,) * 3, opponents=3, estimate=Estimate.RANDOM)
    assert detail_answer(three, "en").endswith(
        "You face three opponents. For each opponent: any two cards."
    )
    alone = spot(ranges=(anything,), opponents=1, estimate=Estimate.LOOSE)
    assert detail_answer(alone, "es").endswith(
        "Tienes un rival. Para tu rival: dos cartas cualesquiera."
    )
    assert "contra un jugador que juega muchas manos" in first_answer(alone, "es")


def test_nothing_to_decide() -> None:
    assert idle_answer("en", "Bob") == "Nothing to decide: Bob is to act."
    assert idle_answer("es", "Beto") == "Nada que decidir: le toca a Beto."
    assert idle_answer("en") == "Nothing to decide: no hand is being played."
    assert idle_answer("es") == "Nada que decidir: no se está jugando ninguna mano."
    assert idle_answer("en", "Bob", in_hand=False) == "Nothing to decide: you are out of this hand."
    assert idle_answer("es", in_hand=False) == "Nada que decidir: ya no estás en esta mano."


def test_every_word_has_a_braille_cell() -> None:
    """No curly quotes, guillemets or other signs braille tables lack (docs/style.md)."""
    from audiopoker.coach.advice_words import LOCALE_DIR

    for path in LOCALE_DIR.rglob("coach.po"):
        text = path.read_text(encoding="utf-8")
        assert not set(text) & set("\u2018\u2019\u201c\u201d\u00ab\u00bb\u2026\u2013\u2014"), path
