"""The hand review (coach.review, coach.review_words): the value of each action one street
ahead (the hard bot's model), a costly call found in a constructed spot and said with its
numbers in both languages, good decisions left unsaid, the threshold, and reproducibility
for a seed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from audiopoker.bots.hard import HardBot
from audiopoker.bots.ranges import by_board
from audiopoker.cards import parse_cards
from audiopoker.coach.advice import Advice, Coach, Reason
from audiopoker.coach.advice_words import percent
from audiopoker.coach.option_values import OUT_OF_POSITION, later
from audiopoker.coach.review import (
    REVIEW_THRESHOLD_BB,
    Decision,
    HandReview,
    action_value,
    call_value,
    review_decision,
)
from audiopoker.coach.review_words import (
    decision_sentence,
    nothing_yet,
    review_sentences,
    saving_sentence,
    watching,
)
from audiopoker.engine.actions import Action, ActionKind, Street
from audiopoker.engine.hand import Hand
from audiopoker.engine.view import PlayerView, view_for
from audiopoker.i18n import Language

# Dealt from the front, button on seat 2: seat 0 (the player, small blind) gets 7c 2d,
# seat 1 (big blind) As Ks, seat 2 9h 4s; flop Ah Kd Qs, turn Jc, river 8d.
DECK = parse_cards("7c As 9h 2d Ks 4s 3c Ah Kd Qs 5c Jc 6c 8d Td 2h 3h 4h 5h")


def big_bet_on_the_turn(seed: int = 3) -> tuple[Coach, PlayerView]:
    """Seat 1 bets 24 into 12 on the turn; the player, holding nothing, is to act. The
    coach has seen every public event of the hand."""
    hand, _ = Hand.start(
        stacks=(200, 200, 200),
        button=2,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=1,
        big_blind=2,
        deck=DECK,
    )
    for seat, action in [
        (2, Action.fold()),
        (0, Action.call()),
        (1, Action.check()),
        (0, Action.check()),
        (1, Action.bet(4)),
        (0, Action.call()),
        (0, Action.check()),
        (1, Action.bet(24)),
    ]:
        hand.act(seat, action)
    coach = Coach(random.Random(seed))
    for event in hand.events:
        if event.visible_to(0):
            coach.model.observe(event)
    return coach, view_for(hand, 0)


@pytest.fixture(scope="module")
def spot() -> tuple[Coach, PlayerView, Advice]:
    coach, view = big_bet_on_the_turn()
    return coach, view, coach.advise(view)


def test_the_spot_is_a_fold_at_a_big_price(spot: tuple[Coach, PlayerView, Advice]) -> None:
    _, view, advice = spot
    assert (view.street, view.legal.to_call, view.legal.pot) == (Street.TURN, 24, 36)
    assert advice.action == "fold" and advice.reason is Reason.PRICE_TOO_HIGH
    assert advice.equity < 0.1 and advice.pot_odds == pytest.approx(0.4)


def test_each_action_is_valued_one_street_ahead(spot: tuple[Coach, PlayerView, Advice]) -> None:
    coach, view, advice = spot
    share = advice.equity
    assert action_value(coach.bot, view, Action.fold(), share) == 0.0
    assert action_value(coach.bot, view, Action.call(), share) == pytest.approx(
        share * (36 + 24) - 24
    )
    assert call_value(share, 36, 24) == pytest.approx(share * 60 - 24)
    raised = action_value(coach.bot, view, Action.raise_to(80), share)
    assert raised < 0.0  # a raise with nothing loses chips unless nearly everyone folds


def test_a_checked_spot_is_worth_the_share_of_the_pot() -> None:
    coach, view = big_bet_on_the_turn()
    free = replace(view, legal=replace(view.legal, can_check=True, to_call=0, pot=12))
    assert action_value(coach.bot, free, Action.check(), 0.25) == pytest.approx(3.0)


def test_a_bet_is_valued_as_the_hard_bot_values_its_own() -> None:
    """bet_value heads-up is _bet_value: the folds of a player who bet, facing a raise."""
    _, view = big_bet_on_the_turn()
    one, other = HardBot(random.Random(9)), HardBot(random.Random(9))
    raise_to = Action.raise_to(80)
    combos = other.ranges.range_of(view, 1, other.read(view, 1))
    ranked = by_board(combos, [card.index for card in view.board])
    expected = other._bet_value(view, 1, ranked, raise_to)
    assert one.bet_value(view, raise_to) == pytest.approx(expected)


def test_bets_before_the_flop_and_into_several_players_have_a_value() -> None:
    hand, _ = Hand.start(
        stacks=(200, 200, 200),
        button=2,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=1,
        big_blind=2,
        deck=DECK,
    )
    hand.act(2, Action.call())
    view = view_for(hand, 0)  # before the flop, two players still to fold or call
    value = HardBot(random.Random(2)).bet_value(view, Action.raise_to(8))
    assert -8.0 < value < 20.0


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "en",
            "On the turn you called 24 into 36 with about 4 percent to win; the price needed 40"
            " percent. Folding saves about 11 big blinds on average.",
        ),
        (
            "es",
            "En el turn seguiste con 24 para un bote de 36 con alrededor del 4 por ciento de"
            " probabilidad de ganar; el precio pedía un 40 por ciento. Irte ahorra unas 11"
            " ciegas grandes de media.",
        ),
    ],
)
def test_a_costly_call_is_said_with_its_numbers(
    spot: tuple[Coach, PlayerView, Advice], lang: Language, sentence: str
) -> None:
    coach, view, advice = spot
    decision = review_decision(coach.bot, view, advice, Action.call())
    assert decision.suggested == 0.0
    # out of position on the turn: 90 percent of the showdown value is realised, and the
    # river's bets are credited with the chips behind (option_values.later)
    behind = min(view.stacks[view.seat] - 24, max(view.stacks[s] for s in view.opponents))
    river = later(advice.equity, 60, behind, 1)
    assert decision.taken == pytest.approx(OUT_OF_POSITION * advice.equity * 60 - 24 + river)
    assert decision.values is not None and decision.values.best.action == Action.fold()
    assert decision.cost == pytest.approx(-decision.taken / 2)
    assert decision.costly()
    assert percent(advice.equity) == 4 and round(decision.cost) == 11  # the numbers said
    assert review_sentences(HandReview(1, (decision,)), lang) == [sentence]


@pytest.mark.parametrize(
    ("lang", "line"),
    [("en", "Well played: no costly decision."), ("es", "Bien jugado: ninguna decisión costosa.")],
)
def test_a_good_decision_is_not_said(
    spot: tuple[Coach, PlayerView, Advice], lang: Language, line: str
) -> None:
    coach, view, advice = spot
    folded = review_decision(coach.bot, view, advice, Action.fold())
    assert folded.taken == folded.suggested == 0.0 and folded.cost == 0.0
    assert review_sentences(HandReview(1, (folded,)), lang) == [line]


def test_only_decisions_above_the_threshold_are_said(
    spot: tuple[Coach, PlayerView, Advice],
) -> None:
    advice = spot[2]
    small = Decision(advice, Action.call(), False, -3.9, 0.0, 2)  # 1.95 big blinds
    big = Decision(advice, Action.call(), False, -4.1, 0.0, 2)  # 2.05
    assert not small.costly() and big.costly() and REVIEW_THRESHOLD_BB == 2.0
    review = HandReview(4, (small, big, small))
    assert review.costly == (big,)
    assert len(review_sentences(review, "en")) == 1
    assert review_sentences(HandReview(4, (big,), threshold=5.0), "en") == [
        "Well played: no costly decision."
    ]
    # a choice better than the coach's costs nothing
    assert Decision(advice, Action.call(), False, 5.0, 1.0, 2).cost == 0.0


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "en",
            [
                "Nothing to review: you made no decision in the last hand.",
                "Nothing to review yet: no hand has ended.",
                "Nothing to review: you are watching, not playing.",
            ],
        ),
        (
            "es",
            [
                "Nada que revisar: no tomaste ninguna decisión en la última mano.",
                "Aún no hay nada que revisar: no ha terminado ninguna mano.",
                "Nada que revisar: estás mirando, no jugando.",
            ],
        ),
    ],
)
def test_nothing_to_review(lang: Language, texts: list[str]) -> None:
    assert [*review_sentences(HandReview(2, ()), lang), nothing_yet(lang), watching(lang)] == texts


def test_the_review_is_reproducible_for_a_seed() -> None:
    values = []
    for _ in range(2):
        coach, view = big_bet_on_the_turn(seed=21)
        advice = coach.advise(view)
        decision = review_decision(coach.bot, view, advice, Action.raise_to(60))
        values.append((advice.equity, decision.taken, decision.suggested))
    assert values[0] == values[1]


# --- the words of every action and suggestion ---------------------------------------------


def said(
    spot: tuple[Coach, PlayerView, Advice],
    did: Action,
    lang: Language,
    all_in: bool,
    advice: dict[str, object],
) -> tuple[str, str]:
    base = replace(spot[2], **advice)  # type: ignore[arg-type]
    decision = Decision(base, did, all_in, -20.0, 0.0, 2)
    return decision_sentence(decision, lang), saving_sentence(decision, lang)


CHECKED = {"to_call": 0, "pot_odds": 0.0, "pot": 12, "street": Street.FLOP}


@pytest.mark.parametrize(
    ("action", "all_in", "advice", "en", "es"),
    [
        (Action.fold(), False, {"action": "call", "reason": Reason.PRICE_RIGHT},
         ("On the turn you folded with about 4 percent to win; the price needed 40 percent.",
          "Calling is worth about 10 big blinds more on average."),
         ("En el turn te fuiste con alrededor del 4 por ciento de probabilidad de ganar; el"
          " precio pedía un 40 por ciento.",
          "Seguir vale unas 10 ciegas grandes más de media.")),
        (Action.check(), False, {**CHECKED, "action": "bet", "amount": 8},
         ("On the flop you checked with about 4 percent to win.",
          "Betting 8 is worth about 10 big blinds more on average."),
         ("En el flop viste con alrededor del 4 por ciento de probabilidad de ganar.",
          "Apostar 8 vale unas 10 ciegas grandes más de media.")),
        (Action.bet(12), True, {**CHECKED, "action": "check"},
         ("On the flop you bet 12 into 12, all in, with about 4 percent to win.",
          "Checking is worth about 10 big blinds more on average."),
         ("En el flop apostaste 12 en un bote de 12 y jugaste el resto con alrededor del 4"
          " por ciento de probabilidad de ganar.",
          "Ver vale unas 10 ciegas grandes más de media.")),
        (Action.call(), True, {"action": "raise", "amount": 194, "all_in": True},
         ("On the turn you called 24 into 36, all in, with about 4 percent to win; the price"
          " needed 40 percent.",
          "Raising to 194, all in, is worth about 10 big blinds more on average."),
         ("En el turn seguiste con 24 para un bote de 36 y jugaste el resto con alrededor del 4"
          " por ciento de probabilidad de ganar; el precio pedía un 40 por ciento.",
          "Subir a 194 jugando el resto vale unas 10 ciegas grandes más de media.")),
        (Action.raise_to(60), False, {"action": "call", "all_in": True, "street": Street.RIVER},
         ("On the river you raised to 60 with about 4 percent to win; the price needed 40"
          " percent.",
          "Calling all in is worth about 10 big blinds more on average."),
         ("En el river subiste a 60 con alrededor del 4 por ciento de probabilidad de ganar;"
          " el precio pedía un 40 por ciento.",
          "Seguir jugando el resto vale unas 10 ciegas grandes más de media.")),
        (Action.raise_to(40), False, {"action": "raise", "amount": 90, "street": Street.PREFLOP},
         ("Before the flop you raised to 40 with about 4 percent to win; the price needed 40"
          " percent.",
          "Raising to 90 is worth about 10 big blinds more on average."),
         ("Antes del flop subiste a 40 con alrededor del 4 por ciento de probabilidad de"
          " ganar; el precio pedía un 40 por ciento.",
          "Subir a 90 vale unas 10 ciegas grandes más de media.")),
    ],
)  # fmt: skip
def test_every_action_and_suggestion_in_words(
    spot: tuple[Coach, PlayerView, Advice],
    action: Action,
    all_in: bool,
    advice: dict[str, object],
    en: tuple[str, str],
    es: tuple[str, str],
) -> None:
    assert said(spot, action, "en", all_in, advice) == en
    assert said(spot, action, "es", all_in, advice) == es


def test_one_big_blind_is_said_in_the_singular(spot: tuple[Coach, PlayerView, Advice]) -> None:
    decision = Decision(spot[2], Action.call(), False, -2.2, 0.0, 2)
    assert saving_sentence(decision, "en") == "Folding saves about 1 big blind on average."
    assert saving_sentence(decision, "es") == "Irte ahorra alrededor de 1 ciega grande de media."
    assert decision.action.kind is ActionKind.CALL
