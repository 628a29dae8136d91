"""Issue 23, part 9: a hand with side cards names its kicker wherever it is named on its
own (G, the hands shown, who wins, a tie, the showdown command, U's retelling, which is the
same narrator), and when a kicker decides the reason says which one, in both languages.

A blind tester heard "trío de dieces" win on a board of trips and never heard the ace that
decided it."""

from __future__ import annotations

import pytest
from narration_support import scripted_hand
from truth_checker import TruthChecker

from audiopoker.cards import parse_cards
from audiopoker.engine.actions import Action
from audiopoker.narration import Narrator
from audiopoker.narration.explain import verdict_line
from audiopoker.output.message import Verbosity
from audiopoker.showdown import ReasonKind, kickers, showdown
from audiopoker.ui.narration_listener import Narration
from audiopoker.ui.ui_text import UiText

NAMES = ("Ana", "Beto", "Carla")


def _verdict(board: str, *hands: str, lang: str) -> str:
    result = showdown(parse_cards(board), [parse_cards(hand) for hand in hands])
    return verdict_line(result, lang)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("board", "hands", "english", "spanish"),
    [
        (  # trips on the board: every player plays them, the ace decides
            "Tc Td Th 7s 2c",
            ("As 3d", "Ks 4d"),
            "Player 1 wins with three of a kind, tens, ace kicker. Both have three of a kind,"
            " tens; the kicker decides. Player 1's ace beats Player 2's king.",
            "Gana Jugador 1 con trío de dieces, kicker as. Los dos tienen trío de dieces;"
            " decide el kicker. El as de Jugador 1 le gana al rey de Jugador 2.",
        ),
        (  # both hold an ace: the second kicker decides, and the shared ace is said
            "Tc Td Th 7s 2c",
            ("As Kd", "Ah Qd"),
            "Player 1 wins with three of a kind, tens, ace kicker. Both have three of a kind,"
            " tens, ace kicker; the next kicker decides. Player 1's king beats Player 2's queen.",
            "Gana Jugador 1 con trío de dieces, kicker as. Los dos tienen trío de dieces,"
            " kicker as; decide el siguiente kicker. El rey de Jugador 1 le gana a la reina de"
            " Jugador 2.",
        ),
        (  # two pair on the board: the fifth card decides
            "Ac Ad 5h 5s 2c",
            ("Ks 3d", "Qs 4d"),
            "Player 1 wins with two pair, aces and fives, king kicker. Both have two pair, aces"
            " and fives; the kicker decides. Player 1's king beats Player 2's queen.",
            "Gana Jugador 1 con doble pareja de ases y cincos, kicker rey. Los dos tienen doble"
            " pareja de ases y cincos; decide el kicker. El rey de Jugador 1 le gana a la reina"
            " de Jugador 2.",
        ),
        (  # four of a kind on the board: the kicker decides
            "9c 9d 9h 9s 2c",
            ("As 3d", "Ks 4d"),
            "Player 1 wins with four of a kind, nines, ace kicker. Both have four of a kind,"
            " nines; the kicker decides. Player 1's ace beats Player 2's king.",
            "Gana Jugador 1 con póquer de nueves, kicker as. Los dos tienen póquer de nueves;"
            " decide el kicker. El as de Jugador 1 le gana al rey de Jugador 2.",
        ),
        (  # high card: the top card is the hand, the others are kickers
            "Ac 9d 7h 4s 2c",
            ("Ks Jd", "Qs Jh"),
            "Player 1 wins with ace high, king kicker. Both have ace high; the kicker decides."
            " Player 1's king beats Player 2's queen.",
            "Gana Jugador 1 con as alto, kicker rey. Los dos tienen as alto; decide el kicker."
            " El rey de Jugador 1 le gana a la reina de Jugador 2.",
        ),
    ],
)
def test_the_showdown_names_the_kicker_that_decides(
    board: str, hands: tuple[str, str], english: str, spanish: str
) -> None:
    assert _verdict(board, *hands, lang="en") == english
    assert _verdict(board, *hands, lang="es") == spanish


def test_high_card_is_decided_by_a_kicker_and_a_flush_by_the_next_card() -> None:
    high = showdown(parse_cards("Ac 9d 7h 4s 2c"), [parse_cards("Ks Jd"), parse_cards("Qs Jh")])
    assert high.reason.kind is ReasonKind.KICKER
    flush = showdown(parse_cards("Ah 9h 7h 4h 2c"), [parse_cards("Kh 3d"), parse_cards("Qh 3s")])
    assert flush.reason.kind is ReasonKind.NEXT_CARD
    assert kickers(flush.hands[0].value) == ()
    assert [rank.char for rank in kickers(high.hands[1].value)] == ["Q", "J", "9", "7"]


def test_three_sharing_a_kicker_hear_the_next_kicker_decide() -> None:
    """Three pairs of aces, all with a king: the king is said, the next kicker decides."""
    line = _verdict("Ac Kc 7h 4s 2d", "Ad Qd", "Ah Js", "As Th", lang="en")
    assert line == (
        "Player 1 wins with a pair of aces, king kicker. All three have a pair of aces, king"
        " kicker; the next kicker decides. Player 1's queen beats Player 2's jack. Player 1's"
        " queen beats Player 3's ten."
    )
    spanish = _verdict("Ac Kc 7h 4s 2d", "Ad Qd", "Ah Js", "As Th", lang="es")
    assert spanish.startswith(
        "Gana Jugador 1 con pareja de ases, kicker rey. Los tres tienen pareja de ases,"
        " kicker rey; decide el siguiente kicker."
    )


@pytest.mark.parametrize(
    ("hole", "board", "english", "spanish"),
    [
        (
            "As 3d",
            "Tc Td Th 7s 2c",
            "three of a kind, tens, ace kicker",
            "trío de dieces, kicker as",
        ),
        (
            "Ks 3d",
            "Ac Ad 5h 5s 2c",
            "two pair, aces and fives, king kicker",
            "doble pareja de ases y cincos, kicker rey",
        ),
        (
            "As 3d",
            "9c 9d 9h 9s",
            "four of a kind, nines, ace kicker",
            "póquer de nueves, kicker as",
        ),
        ("Ks Jd", "Ac 9d 7h", "ace high, king kicker", "as alto, kicker rey"),
    ],
)
def test_g_names_the_kicker(hole: str, board: str, english: str, spanish: str) -> None:
    """G answers with what the UI's Words say for the hole cards and the board so far."""
    for lang, hand in (("en", english), ("es", spanish)):
        words = Narration(lang, NAMES, 0)  # type: ignore[arg-type]
        said = UiText(lang).best_hand(words.best_hand(parse_cards(hole), parse_cards(board)))  # type: ignore[arg-type]
        prefix = "Your best hand: " if lang == "en" else "Tu mejor jugada: "
        assert said == f"{prefix}{hand}."


def _table_hand() -> list[object]:
    """Three see a board of trips; Ana's ace kicker beats Beto's king, Carla's queen."""
    return scripted_hand(  # type: ignore[return-value]
        (200, 200, 200), 0, 1, 2, (1, 2),
        {0: "As 3d", 1: "Ks 4d", 2: "Qs 5d"}, "Tc Td Th 7s 2c",
        [Action.call(), Action.call(), Action.check()] + [Action.check()] * 9,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "You win the pot of 6 with three of a kind, tens, ace kicker. All three have three"
            " of a kind, tens; the kicker decides. Your ace beats Beto's king. Your ace beats"
            " Carla's queen.",
        ),
        (
            "es",
            "Te llevas el bote de 6 con trío de dieces, kicker as. Los tres tienen trío de"
            " dieces; decide el kicker. Tu as le gana al rey de Beto. Tu as le gana a la reina"
            " de Carla.",
        ),
    ],
)
def test_the_table_and_u_name_the_ace_that_decides_board_trips(lang: str, expected: str) -> None:
    """The narrator (the table, and U's retelling, which replays through it) names the ace
    kicker, and the truth checker, recomputing from the events, finds nothing wrong."""
    events = _table_hand()
    narrator = Narrator(NAMES, lang, Verbosity.NORMAL, 0)  # type: ignore[arg-type]
    told = [narrator.narrate(event) for event in events]  # type: ignore[arg-type]
    assert " ".join(m.text for ms in told for m in ms if m.kind == "pot_awarded") == expected
    said = [[m.text for m in messages] for messages in told]
    checker = TruthChecker(NAMES, lang, 0)
    checker.hand(events, said, "board trips")  # type: ignore[arg-type]
    assert checker.report.findings == []
    assert checker.report.checked > 10


@pytest.mark.parametrize(
    ("wrong", "finding"),
    [
        ("You win the pot of 6 with three of a kind, tens.", "leaves out the kicker"),
        ("You win the pot of 6 with three of a kind, tens, king kicker.", "says ranks"),
        ("You win the pot of 6 with three of a kind, tens with ace.", "without the word kicker"),
        ("All three have three of a kind, tens; the next kicker decides.", "deciding kicker"),
        ("All three have three of a kind, tens; the next card decides.", "'next card'"),
    ],
)
def test_the_truth_checker_hears_a_wrong_kicker(wrong: str, finding: str) -> None:
    """The checker's new shapes: a hand named on its own must say its true first kicker,
    and "the kicker decides" must be the first card that differs."""
    events = _table_hand()
    narrator = Narrator(NAMES, "en", Verbosity.NORMAL, 0)
    said = [[m.text for m in narrator.narrate(event)] for event in events]  # type: ignore[arg-type]
    pot = next(i for i, texts in enumerate(said) if any(t.startswith("You win") for t in texts))
    said[pot] = [wrong]
    checker = TruthChecker(NAMES, "en", 0)
    checker.hand(events, said, "wrong")  # type: ignore[arg-type]
    assert any(finding in problem for problem in checker.report.findings), checker.report
