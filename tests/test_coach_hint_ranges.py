"""`audiopoker hint` against a range per opponent (issue 26, points 1 and 4's hint part):
facing a bet the bettor holds a bettor's range, never any two cards, so the spots a strong
player graded wrong call or fold instead of raising; strong hands still raise; ranges typed
in the usual notation, refused with the part at fault in both languages; the equity checked
against the ranges the answer says it assumed by an independent Monte Carlo and enumeration
(the pure-Python evaluator, sampling written here)."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from audiopoker.bots.equity import Combo, ids
from audiopoker.cards import parse_cards
from audiopoker.cli import main
from audiopoker.coach.hint_spot import StatedRange, advise_hint
from audiopoker.coach.range_notation import RangeNotationError, parse_range
from audiopoker.evaluator_pure import strength_ids as pure_strength

# (hand, board, pot with the bet, bet, players, range, the suggestion)
GRADED_WRONG = [
    ("Ks Kd", "Ah 7d 2c", 60, 20, 3, None, "call"),  # the README's example
    ("6h 5c", "Ah Kh 9h 2h", 150, 50, 2, None, "call"),  # a low flush, half pot
    ("Qs Qd", "Jh Th 9c", 100, 50, 2, None, "call"),  # an overpair, a pot-size bet
    ("Ah Qc", "Qd 8s 5c 3h 2d", 150, 50, 2, None, "call"),  # top pair on the river
    ("Ah Qc", "Qd 8s 5c 3h 2d", 150, 50, 2, "tight", "call"),
    ("Ad 6c", "8s 8d 3c 3h", 150, 120, 2, None, "fold"),  # ace high, a 4x pot overbet
]


@pytest.mark.parametrize(("hand", "board", "pot", "bet", "players", "start", "kind"), GRADED_WRONG)
def test_the_spots_graded_wrong_no_longer_raise(
    hand: str, board: str, pot: int, bet: int, players: int, start: str | None, kind: str
) -> None:
    stated = (StatedRange(start),) if start else ()  # type: ignore[arg-type]
    for seed in (1, 2):
        hint = advise_hint(
            parse_cards(hand), parse_cards(board), pot, bet, players, stated=stated,
            rng=random.Random(seed),
        )  # fmt: skip
        assert hint.advice.action == kind, (hand, board, seed, hint.advice)
        assert hint.assumed[0].role == "bettor" and hint.assumed[0].share < 0.5


@pytest.mark.parametrize(
    ("hand", "board", "pot", "bet"),
    [
        ("7s 7c", "Ah 7d 2c", 60, 20),  # a set
        ("Kc Qc", "Jh Th 9c", 100, 50),  # the nut straight
        ("Qs Qc", "Qd 8s 5c 3h 2d", 150, 50),  # top set on the river
    ],
)
def test_hands_that_earn_a_raise_still_raise(hand: str, board: str, pot: int, bet: int) -> None:
    advice = advise_hint(parse_cards(hand), parse_cards(board), pot, bet, 2).advice
    assert advice.action == "raise" and advice.amount is not None and advice.amount > 2 * bet


def test_a_bigger_bet_holds_a_stronger_narrower_range() -> None:
    hole, board = parse_cards("Ks Kd"), parse_cards("Ah 7d 2c")
    shares, chances = [], []
    for pot, bet in ((60, 20), (120, 60), (200, 160)):  # half pot, pot, four pots
        hint = advise_hint(hole, board, pot, bet, 2)
        shares.append(hint.assumed[0].share)
        chances.append(hint.advice.equity)
    assert shares[0] > shares[1] > shares[2]
    assert chances[0] > chances[2]


def _independent_equity(hero: Combo, board: tuple[int, ...], ranges: list[list[Combo]],
                        deals: int, rng: random.Random) -> float:  # fmt: skip
    """Monte Carlo with the pure evaluator: each opponent's hand drawn uniformly from its
    range among the cards left (rejection), the board completed from the rest."""
    total = 0.0
    done = 0
    deck = [c for c in range(52) if c not in (*hero, *board)]
    while done < deals:
        used = {*hero, *board}
        hands = []
        for combos in ranges:
            pick = rng.choice(combos)
            if used & set(pick):
                break
            used |= set(pick)
            hands.append(pick)
        else:
            runout = rng.sample([c for c in deck if c not in used], 5 - len(board))
            full = (*board, *runout)
            mine = pure_strength((*hero, *full))
            theirs = [pure_strength((*h, *full)) for h in hands]
            best = max(theirs)
            if mine > best:
                total += 1.0
            elif mine == best:
                total += 1.0 / (1 + theirs.count(best))
            done += 1
    return total / done


def test_multiway_equity_against_the_assumed_ranges_by_an_independent_monte_carlo() -> None:
    hole, board = parse_cards("Ks Kd"), parse_cards("Ah 7d 2c")
    hint = advise_hint(hole, board, 60, 20, 3)
    bettor = hint.assumed[0].bet
    assert bettor is not None
    dead = {*ids(hole), *ids(board)}
    seen = [c for c in StatedRange().start() or () if not dead & set(c)]
    ranges = [list(bettor.combos), seen]
    reference = _independent_equity(ids(hole), ids(board), ranges, 6000, random.Random(5))
    assert hint.advice.equity == pytest.approx(reference, abs=0.025)  # 4 standard errors


def test_heads_up_river_equity_is_exact_against_a_typed_range() -> None:
    hole, board = parse_cards("Ah Qc"), parse_cards("Qd 8s 5c 3h 2d")
    typed = StatedRange(None, parse_range("QQ+, AQ, KQs, 55, 88, T9s"), "QQ+, AQ, KQs, 55, 88, T9s")
    hint = advise_hint(hole, board, 150, 50, 2, stated=(typed,))
    assert hint.advice.exact
    hero, cards = ids(hole), ids(board)
    score = 0.0
    count = 0
    for combo in typed.start() or ():
        if {*hero, *cards} & set(combo):
            continue
        mine, theirs = pure_strength((*hero, *cards)), pure_strength((*combo, *cards))
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        count += 1
    assert hint.advice.equity == pytest.approx(score / count, abs=1e-9)


def test_heads_up_turn_equity_is_exact_against_the_bettor_range() -> None:
    hole, board = parse_cards("Ad 6c"), parse_cards("8s 8d 3c 3h")
    hint = advise_hint(hole, board, 150, 120, 2)
    bettor = hint.assumed[0].bet
    assert bettor is not None and hint.advice.exact
    hero, cards = ids(hole), ids(board)
    score = 0.0
    count = 0
    for combo, river in itertools.product(bettor.combos, range(52)):
        if river in (*hero, *cards, *combo):
            continue
        mine = pure_strength((*hero, *cards, river))
        theirs = pure_strength((*combo, *cards, river))
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        count += 1
    assert hint.advice.equity == pytest.approx(score / count, abs=1e-9)


def test_notation() -> None:
    assert parse_range("QQ+, AKs, A5s-A2s, KTo+, 22-33, T9s") == {
        "AA", "KK", "QQ", "AKs", "A5s", "A4s", "A3s", "A2s", "KTo", "KJo", "KQo", "22", "33",
        "T9s",
    }  # fmt: skip
    assert parse_range("AK") == {"AKs", "AKo"} and parse_range("ka") == {"AKs", "AKo"}
    for bad in ("AKx", "QQs", "A5s-K2s", "A5s-A2o", "Q+", "", " , "):
        with pytest.raises(RangeNotationError):
            parse_range(bad)


def hint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["hint", *args, "--output", "console"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


SPOT = ["--board", "Ah 7d 2c", "--hand", "Ks Kd", "--pot", "60", "--to-call", "20"]
SPOT_ES = ["--board", "Ac 7d 2t", "--hand", "Kp Kd", "--pot", "60", "--to-call", "20"]


def test_the_readme_spot_calls_and_says_the_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = hint(capsys, *SPOT, "--players", "3", "--lang", "en")
    assert code == 0 and err == ""
    first, detail = out.splitlines()
    assert "Call: you are getting the right price." in first
    assert "against the ranges assumed" in first
    assert "The bettor: a bettor's range: " in detail and "percent bluffs" in detail
    assert "Opponent 2: the hands that reach the flop, the top 40 percent." in detail
    code, out, _ = hint(capsys, *SPOT, "--players", "3", "--json", "--lang", "en")
    data = json.loads(out)
    assert data["action"] == "call" and [r["role"] for r in data["ranges"]] == ["bettor", "other"]
    assert data["range"].startswith("a bettor's range: ")


def test_a_range_per_opponent_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    args = [*SPOT_ES, "--players", "3", "--range", "AK, 77, 22", "--range", "loose", "--lang", "es"]
    code, out, _ = hint(capsys, *args)
    assert code == 0
    first, detail = out.splitlines()
    assert "Irte: tu probabilidad no llega al precio." in first  # only better hands bet here
    assert "Quien apuesta: las manos que diste, AK, 77, 22, el 1 por ciento" in detail
    assert "Rival 2: las manos de un jugador que juega muchas, el 45 por ciento mejor." in detail


@pytest.mark.parametrize(
    ("ranges", "english", "spanish"),
    [
        (["QQ+, AKx"], "--range: AKx is not a hand or a span of hands. Write hands as in "
         '"QQ+, AKs, A5s-A2s, KTo+, 22-66", or one of random, tight and loose.',
         "--range: AKx no es una mano ni una serie de manos. Escribe las manos así: "
         '"QQ+, AKs, A5s-A2s, KTo+, 22-66", o una de random, tight y loose.'),
        (["medium"], "--range: medium is not a hand", "--range: medium no es una mano"),
        ([" "], "--range is empty.", "--range está vacío."),
        (["QQ+", "AK", "tight"], "--range was given 3 times for 2 opponents. Give it once",
         "--range aparece 3 veces para 2 rivales. Dalo una vez"),
    ],
)  # fmt: skip
def test_bad_ranges_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], ranges: list[str], english: str, spanish: str
) -> None:
    given = [item for text in ranges for item in ("--range", text)]
    for lang, expected in (("en", english), ("es", spanish)):
        cards = SPOT if lang == "en" else [*SPOT_ES]
        code, out, err = hint(capsys, *cards, "--players", "3", *given, "--lang", lang)
        assert (code, out) == (2, "")
        assert err.startswith(f"audiopoker hint: {expected}") and len(err.splitlines()) == 1
