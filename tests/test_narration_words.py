"""Cards, hands, errors, positions, amounts and language choice in words."""

from __future__ import annotations

import re

import pytest

from audiopoker.cards import FULL_DECK, Card, parse_cards
from audiopoker.engine.events import HandStarted
from audiopoker.errors import (
    CardError,
    ConfigError,
    ErrorReason,
    HandStateError,
    IllegalActionError,
    NotYourTurnError,
    PokerError,
)
from audiopoker.evaluator import evaluate
from audiopoker.narration import (
    LANGUAGES,
    Position,
    amount,
    card_name,
    describe_error,
    describe_hand,
    position_name,
    resolve_language,
    seat_positions,
)
from audiopoker.narration.language import language_of_locale


def hand(text: str, lang: str, **options: bool) -> str:
    return describe_hand(evaluate(parse_cards(text)), lang, **options)  # type: ignore[arg-type]


def test_card_names_in_full_words() -> None:
    assert card_name(Card("As"), "en") == "ace of spades"
    assert card_name(Card("As"), "es") == "as de picas"
    assert card_name(Card("Th"), "en") == "ten of hearts"
    assert card_name(Card("Th"), "es") == "diez de corazones"
    assert card_name(Card("Jc"), "es") == "sota de tréboles"
    assert card_name(Card("Qd"), "es") == "reina de diamantes"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_its_own_name_without_symbols(lang: str) -> None:
    names = [card_name(card, lang) for card in FULL_DECK]  # type: ignore[arg-type]
    assert len(set(names)) == 52
    for name in names:
        assert re.fullmatch(r"[a-zéáíóúñ ]+", name), name
    briefs = {card_name(card, lang, brief=True) for card in FULL_DECK}  # type: ignore[arg-type]
    assert len(briefs) == 52


def test_brief_form_for_braille() -> None:
    assert card_name(Card("Th"), "en", brief=True) == "10h"
    # Spanish: the suits' initials (picas, corazones, diamantes, tréboles); c is corazones.
    spanish = [card_name(Card(text), "es", brief=True) for text in ("As", "Th", "Qd", "Jc")]
    assert spanish == ["Ap", "10c", "Qd", "Jt"]
    assert card_name(Card("Jc"), "en", brief=True) == "Jc"


@pytest.mark.parametrize(
    ("cards", "english", "spanish"),
    [
        ("Kh Kd Qs 8c 4d", "pair of kings, queen kicker", "pareja de reyes, kicker reina"),
        (
            "Ah Ad 5s 5c 9d",
            "two pair, aces and fives, nine kicker",
            "doble pareja de ases y cincos, kicker nueve",
        ),
        ("8h 8d 8s 6c 6d", "full house, eights over sixes", "ful de ochos y seises"),
        ("Jh 9h 6h 3h 2h", "flush, jack high", "color a la sota"),
        ("Ah Kh 6h 3h 2h", "flush, ace high", "color al as"),
        ("Ah Kd Qs Jc Td", "straight to the ace", "escalera al as"),
        ("Qh Jd Ts 9c 8d", "straight to the queen", "escalera a la reina"),
        ("5h 4d 3s 2c Ad", "straight to the five", "escalera al cinco"),
        ("Ah Kh Qh Jh Th", "royal flush", "escalera real"),
        ("9s 8s 7s 6s 5s", "straight flush to the nine", "escalera de color al nueve"),
        ("Js Ts 9s 8s 7s", "straight flush to the jack", "escalera de color a la sota"),
        ("7h 7d 7s Kc 2d", "three of a kind, sevens, king kicker", "trío de sietes, kicker rey"),
        ("Kh Kd Ks Kc 2d", "four of a kind, kings, two kicker", "póquer de reyes, kicker dos"),
        ("Ah Jd 8s 5c 2d", "ace high, jack kicker", "as alto, kicker sota"),
        ("Qh Jd 8s 5c 2d", "queen high, jack kicker", "reina alta, kicker sota"),
        ("Th Td 8s 5c 2d", "pair of tens, eight kicker", "pareja de dieces, kicker ocho"),
    ],
)
def test_hand_descriptions_with_what_decides_them(cards: str, english: str, spanish: str) -> None:
    assert hand(cards, "en") == english
    assert hand(cards, "es") == spanish


def test_hand_with_article_and_without_kicker() -> None:
    assert hand("Kh Kd Qs 8c 4d", "en", article=True) == "a pair of kings, queen kicker"
    assert hand("Kh Kd Qs 8c 4d", "en", article=True, kicker=False) == "a pair of kings"
    assert hand("Ah Ad 5s 5c 9d", "en", article=True) == "two pair, aces and fives, nine kicker"
    assert hand("Ah Ad 5s 5c 9d", "en", article=True, kicker=False) == "two pair, aces and fives"
    assert hand("7h 7d 7s Kc 2d", "es", kicker=False) == "trío de sietes"
    assert hand("Ah Jd 8s 5c 2d", "en", kicker=False) == "ace high"
    assert hand("Kh Kd Qs 8c 4d", "es", article=True, kicker=False) == "pareja de reyes"


def test_amounts_have_no_thousands_separator() -> None:
    assert amount(1000) == "1000"
    assert amount(1234567) == "1234567"


# ------------------------------------------------------------------------- errors


def sample_error(reason: ErrorReason) -> PokerError:
    """An error as the engine raises it, with its usual details."""
    details: dict[ErrorReason, dict[str, object]] = {
        ErrorReason.BAD_CARD: {"text": "Xs", "cause": ErrorReason.BAD_RANK},
        ErrorReason.BAD_RANK: {"text": "X"},
        ErrorReason.BAD_SUIT: {"text": "z"},
        ErrorReason.DUPLICATE_CARD: {"text": "Jd"},
        ErrorReason.WRONG_CARD_COUNT: {"count": 4, "minimum": 5, "maximum": 7},
        ErrorReason.NOT_YOUR_TURN: {"seat": 0, "actor": 2},
        ErrorReason.CANNOT_CHECK: {"seat": 0, "to_call": 4},
        ErrorReason.BELOW_MINIMUM: {"seat": 0, "minimum": 8, "maximum": 200, "amount": 5},
        ErrorReason.ABOVE_MAXIMUM: {"seat": 0, "minimum": 8, "maximum": 200, "amount": 500},
        ErrorReason.MISSING_AMOUNT: {"seat": 0},
        ErrorReason.BAD_SETTING: {"name": "stacks", "value": (200, 0)},
        ErrorReason.NOT_ENOUGH_PLAYERS: {"players": 1, "minimum": 2},
        ErrorReason.TOO_MANY_PLAYERS: {"players": 11, "maximum": 10},
        ErrorReason.DECK_EXHAUSTED: {"needed": 23, "given": 20},
    }
    kind = {
        ErrorReason.NOT_YOUR_TURN: NotYourTurnError,
        ErrorReason.HAND_OVER: HandStateError,
        ErrorReason.GAME_OVER: HandStateError,
    }.get(reason, PokerError)
    return kind(reason, **details.get(reason, {}))


RAW = re.compile(r"[A-Z]{2,}_|_[a-z]|\{|\}|\(|\)|\[|\]|<|>|None|True|False|Error")


@pytest.mark.parametrize("reason", list(ErrorReason))
def test_every_error_reason_has_a_clear_sentence(reason: ErrorReason) -> None:
    names = ("Ana", "Beto", "Carla")
    english = describe_error(sample_error(reason), "en", names)
    spanish = describe_error(sample_error(reason), "es", names)
    bare_english = describe_error(PokerError(reason), "en")
    bare_spanish = describe_error(PokerError(reason), "es")
    for text in (english, spanish, bare_english, bare_spanish):
        assert text.endswith("."), text
        typed = str(sample_error(reason).details.get("text", "\0"))
        assert text[0].isupper() or text[0].isdigit() or text.startswith(typed), text
        assert not RAW.search(text), text
        assert reason.value not in text
    assert english != spanish and bare_english != bare_spanish


@pytest.mark.parametrize(
    ("error", "english", "spanish"),
    [
        (IllegalActionError(ErrorReason.CANNOT_CHECK, to_call=4),
         "You cannot check: 4 to call. Call, raise or fold.",
         "No puedes ver: para seguir pones 4. Puedes seguir, subir o irte."),
        (NotYourTurnError(ErrorReason.NOT_YOUR_TURN, seat=0, actor=2),
         "It is not your turn: Carla is to act. Wait until it is your turn.",
         "No es tu turno: le toca a Carla. Espera a que te toque."),
        (IllegalActionError(ErrorReason.BELOW_MINIMUM, minimum=1000, maximum=12500, amount=600),
         "600 is below the minimum: choose from 1000 to 12500.",
         "600 no llega al mínimo: elige entre 1000 y 12500."),
        (IllegalActionError(ErrorReason.RAISE_NOT_REOPENED),
         "You cannot raise: the short all-in does not reopen the betting. Call or fold.",
         "No puedes subir: el resto corto no reabre las apuestas. Puedes seguir o irte."),
        (ConfigError(ErrorReason.BAD_SETTING, name="stacks", value=(200, 0)),
         "Invalid value for the stacks: 200 and 0.",
         "Valor no válido para las fichas: 200 y 0."),
        (CardError(ErrorReason.DUPLICATE_CARD, text="Jd"),
         "Card repeated: jack of diamonds. Each card is in the deck only once.",
         "Carta repetida: sota de diamantes. Cada carta está una sola vez en la baraja."),
    ],
)  # fmt: skip
def test_error_sentences_say_what_to_do(error: PokerError, english: str, spanish: str) -> None:
    names = ("Ana", "Beto", "Carla")
    assert describe_error(error, "en", names) == english
    assert describe_error(error, "es", names) == spanish


def test_real_parse_errors_are_described() -> None:
    with pytest.raises(CardError) as caught:
        parse_cards("As 1x")
    assert describe_error(caught.value, "es") == (
        "1x no es una carta: el valor debe ser del 2 al 10, J, Q, K o A."
    )


# ---------------------------------------------------------------------- positions


def started(players: int, button: int = 0) -> HandStarted:
    seats = tuple((button + step) % players for step in range(1, players + 1))
    if players == 2:
        return HandStarted(
            1, button, button, seats[0], (seats[0], button), (100,) * 2, 1, 2, 0, False
        )
    return HandStarted(1, button, seats[0], seats[1], seats, (100,) * players, 1, 2, 0, False)


@pytest.mark.parametrize("players", range(2, 11))
def test_positions_are_distinct_and_anchored(players: int) -> None:
    positions = seat_positions(started(players, button=players - 1))
    assert len(positions) == players
    assert len(set(positions.values())) == players
    assert positions[players - 1] in (Position.BUTTON, Position.BUTTON_SMALL_BLIND)
    if players >= 4:
        assert Position.UNDER_THE_GUN in positions.values()
    if players >= 5:
        assert positions[(players - 2) % players] is Position.CUTOFF
    for position in positions.values():
        for lang in LANGUAGES:
            assert position_name(position, lang)  # type: ignore[arg-type]


def test_six_handed_names_follow_seed_000() -> None:
    positions = seat_positions(started(6))
    assert [positions[seat].value for seat in range(6)] == [
        "button", "small_blind", "big_blind", "under_the_gun", "hijack", "cutoff",
    ]  # fmt: skip
    assert position_name(Position.BIG_BLIND, "es") == "ciega grande"


def test_heads_up_button_posts_the_small_blind() -> None:
    positions = seat_positions(started(2))
    assert positions == {1: Position.BIG_BLIND, 0: Position.BUTTON_SMALL_BLIND}


def test_dead_button_keeps_the_other_names() -> None:
    event = HandStarted(5, 0, None, 2, (2, 3, 4), (0, 0, 50, 50, 50), 1, 2, 0, False)
    positions = seat_positions(event)
    assert positions == {2: Position.BIG_BLIND, 3: Position.UNDER_THE_GUN, 4: Position.CUTOFF}


# ----------------------------------------------------------------------- language


@pytest.mark.parametrize(
    ("cli", "environ", "expected"),
    [
        ("es", {"LANG": "en_US.UTF-8"}, "es"),
        ("EN", {"LANG": "es_ES.UTF-8"}, "en"),
        (None, {"LANG": "es_ES.UTF-8"}, "es"),
        (None, {"LC_ALL": "es_MX.UTF-8", "LANG": "en_US"}, "es"),
        (None, {"LANGUAGE": "es:en", "LANG": "en_US"}, "es"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {"LANG": "C"}, "en"),
        (None, {"LANG": "Spanish_Spain.1252"}, "es"),
    ],
)
def test_language_from_option_or_locale(
    cli: str | None, environ: dict[str, str], expected: str
) -> None:
    assert resolve_language(cli, environ) == expected


def test_unknown_language_is_a_setting_error() -> None:
    with pytest.raises(ConfigError) as caught:
        resolve_language("fr")
    assert caught.value.reason is ErrorReason.BAD_SETTING
    assert language_of_locale("es") == "es"
