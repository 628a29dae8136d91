"""The two Spanish vocabularies (docs/style.md): the room's words (seed 004) by default, today's
poker Spanish as an overlay chosen with --words poker; English never changes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiopoker.cli import main
from audiopoker.engine.events import HandStarted
from audiopoker.errors import ErrorReason, IllegalActionError
from audiopoker.i18n import DEFAULT_WORDS, WORDS, overlay_problems, set_words, shipped_domains
from audiopoker.narration import Narrator, describe_error
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language


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
    from audiopoker.coach.advice_words import LOCALE_DIR
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


SIX_NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena", "Inés")
# Six seats, Ana on the button: Inés (seat 5) is the cutoff.
SIX = HandStarted(1, 0, 1, 2, (1, 2, 3, 4, 5, 0), (200,) * 6, 1, 2, 0, False)


def refusals_notes_and_the_other_domains(lang: Language) -> list[str]:
    """A refusal, the short all-in note, a position, a replay's reason, the network's fold."""
    from audiopoker.commands.replay import COMMANDS_DOMAIN, COMMANDS_LOCALE_DIR
    from audiopoker.i18n import get_catalog as domain_catalog
    from audiopoker.net.net_text import NetText

    commands = domain_catalog(lang, COMMANDS_DOMAIN, COMMANDS_LOCALE_DIR)
    return [
        describe_error(IllegalActionError(ErrorReason.CANNOT_CHECK, to_call=4), lang),
        describe_error(IllegalActionError(ErrorReason.NO_OPPONENT_CAN_CALL), lang),
        get_catalog(lang).text("turn.not_reopened.other", name="Beto"),
        Narrator(SIX_NAMES, lang, listener_seat=5).narrate(SIX)[1].text,
        Narrator(SIX_NAMES, lang).narrate(SIX)[1].text,
        commands.text("phh.reason.raise_not_reopened"),
        NetText(lang).say("summary.folded"),
    ]


IN_WORDS = {
    "sala": [
        "No puedes ver: para seguir pones 4. Puedes seguir, subir o irte.",
        "No puedes subir: todos los demás han jugado el resto y nadie podría seguirte. "
        "Puedes seguir o irte.",
        "Beto solo puede seguir o irse: el resto corto no reabre las apuestas.",
        "Estás justo antes del botón.",
        "Posiciones: Diego habla primero, Elena está dos asientos antes del botón e Inés está "
        "justo antes del botón.",
        "un resto corto no reabrió las subidas para este jugador",
        "Te fuiste de esta mano.",
    ],
    "poker": [
        "No puedes pasar: pagas 4 para igualar. Paga, sube o retírate.",
        "No puedes subir: todos los demás están all-in y nadie podría pagar. Paga o retírate.",
        "Beto solo puede pagar o retirarse: el all-in corto no reabre las apuestas.",
        "Estás en el cutoff: el asiento justo antes del botón.",
        "Posiciones: Diego en UTG, Elena en el hijack e Inés en el cutoff.",
        "un all-in corto no reabrió las subidas para este jugador",
        "Te retiraste de esta mano.",
    ],
}
ENGLISH = [
    "You cannot check: 4 to call. Call, raise or fold.",
    "You cannot raise: everyone else is all in, so nobody could call. Call or fold.",
    "Beto may only call or fold: the short all-in does not reopen the betting.",
    "You are in the cutoff: the seat just before the button.",
    "Positions: Diego under the gun, Elena in the hijack and Inés in the cutoff.",
    "a short all-in did not reopen the raising for this player",
    "You folded this hand.",
]


@pytest.mark.parametrize("words", WORDS)
def test_refusals_notes_positions_and_other_domains_follow_the_words(words: str) -> None:
    """The refusals, the short all-in notes and the positions (narration), a replay's reason
    (commands) and the network's summary (net) in each vocabulary; English never changes."""
    set_words(words)
    try:
        assert refusals_notes_and_the_other_domains("es") == IN_WORDS[words]
        assert refusals_notes_and_the_other_domains("en") == ENGLISH
    finally:
        set_words(DEFAULT_WORDS)


@pytest.mark.parametrize("command", ["join", "host"])
@pytest.mark.parametrize("words", WORDS)
def test_a_network_seat_speaks_in_the_words_typed(
    monkeypatch: pytest.MonkeyPatch, command: str, words: str
) -> None:
    """join and host take --words too (each seat narrates its own table): the words are
    chosen before the table is reached; none typed is the default."""
    import audiopoker.commands.host as host
    import audiopoker.commands.join as join
    from audiopoker.i18n import current_words

    chosen: list[str] = []

    def reached(*_: object) -> int:
        chosen.append(current_words())
        return 0

    monkeypatch.setattr(join, "play_at", reached)
    monkeypatch.setattr(host, "open_table_store", lambda *_: (reached(), None)[1])
    head = ["join", "127.0.0.1", "--code", "1"] if command == "join" else ["host", "--no-save"]
    try:
        for typed in ([], ["--words", words]):
            main([*head, "--lang", "es", "--output", "console", *typed])
    finally:
        set_words(DEFAULT_WORDS)
    assert chosen == [DEFAULT_WORDS, words]


def test_a_bad_vocabulary_is_refused_when_joining(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["join", "127.0.0.1", "--code", "1", "--words", "jerga", "--lang", "es"])
    assert exit_.value.code == 2
    assert "la opción --words no admite 'jerga': elige entre 'sala', 'poker'" in (
        capsys.readouterr().err
    )
