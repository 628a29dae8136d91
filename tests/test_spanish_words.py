"""The two Spanish vocabularies (docs/style.md): the room's words (seed 004) by default, today's
poker Spanish as an overlay chosen with --words poker; English never changes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiopoker.cli import main
from audiopoker.i18n import DEFAULT_WORDS, overlay_problems, set_words, shipped_domains
from audiopoker.narration.catalog import get_catalog


@pytest.fixture
def poker_words() -> Iterator[None]:
    set_words("poker")
    yield
    set_words(DEFAULT_WORDS)


def said(lang: str) -> list[str]:
    catalog = get_catalog(lang)  # type: ignore[arg-type]
    return [
        catalog.text("action.call.other", name="Ana", amount=4),
        catalog.text("action.check.you"),
        catalog.text("action.fold.other", name="Beto"),
        catalog.text("your_turn.call", amount=2, pot=7),
        catalog.text("rank.jack"),
    ]


def test_the_room_words_are_the_spanish_default() -> None:
    assert DEFAULT_WORDS == "sala"
    assert said("es") == [
        "Ana sigue con 4.", "Ves.", "Beto se va.",
        "Te toca: para seguir pones 2; hay 7 en el bote.", "sota",
    ]  # fmt: skip
    assert said("en")[0] == "Ana calls 4."


def test_poker_spanish_is_the_overlay(poker_words: None) -> None:
    assert said("es") == [
        "Ana paga 4.", "Pasas.", "Beto se retira.",
        "Te toca: pagas 2 para igualar; hay 7 en el bote.", "jota",
    ]  # fmt: skip
    assert said("en") == [
        "Ana calls 4.", "You check.", "Beto folds.",
        "Your turn: 2 to call, with 7 in the pot.", "jack",
    ]  # fmt: skip
    # An entry the overlay does not hold is the main catalog's, which both share.
    assert get_catalog("es").text("action.raise.other", name="Ana", amount=30) == "Ana sube a 30."


def coach_said() -> list[str]:
    """The coach's and the drills' words for the hands the room names its own way."""
    from audiopoker.coach.words import LOCALE_DIR
    from audiopoker.i18n import get_catalog as domain_catalog

    coach = domain_catalog("es", "coach", LOCALE_DIR)
    drill = domain_catalog("es", "drill", LOCALE_DIR)
    return [
        coach.plural("coach.outs.full_house", 1),
        coach.plural("coach.outs.four_of_a_kind", 2),
        drill.text("drill.target.full_house"),
    ]


def test_the_coach_and_drills_name_hands_in_the_chosen_words() -> None:
    assert coach_said() == ["1 te da ful", "2 te dan póquer", "ful o algo mejor"]
    set_words("poker")
    try:
        assert coach_said() == ["1 te da full", "2 te dan póker", "full o algo mejor"]
    finally:
        set_words(DEFAULT_WORDS)


def test_every_overlay_overrides_a_real_entry_with_its_placeholders() -> None:
    assert [p for domain, where in shipped_domains() for p in overlay_problems(domain, where)] == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("es", "la opción --words no admite 'jerga': elige entre 'sala', 'poker'"),
        ("en", "--words"),
    ],
)
def test_a_bad_vocabulary_is_refused_in_the_players_language(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--words", "jerga", "--lang", lang])
    assert exit_.value.code == 2
    assert expected in capsys.readouterr().err
