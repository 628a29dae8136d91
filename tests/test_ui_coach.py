"""The coach key (K) and the review key (Y) at a table driven by hand: the first answer,
the detail on a second press, a new decision starting over, the answers off the player's
turn, an answer still being computed giving way to a newer key, and the review of a
costly call after the hand, in both languages."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

import pytest
from ui_harness import (
    NAMES,
    Table,
    driven,
    facing_raise,
    make_table,
    run_named,
    wait_until,
)

from audiopoker.cards import parse_cards
from audiopoker.coach.advice import Advice
from audiopoker.coach.advice_words import detail_answer, first_answer
from audiopoker.coach.review_words import review_sentences
from audiopoker.engine.actions import Action
from audiopoker.engine.events import Event
from audiopoker.engine.view import PlayerView
from audiopoker.i18n import Language
from audiopoker.ui.coach_keys import CoachService
from audiopoker.ui.keymap import apply_overrides, default_keymap
from audiopoker.ui.state import TableState

LANGS: list[Language] = ["en", "es"]
# Seat 0 (the player) gets 7c 2d, seat 1 (Ana) As Ks, seat 2 (Beto) 9h 4s; flop Ah Kd Qs,
# turn Jc, river 8d: the player has nothing all the way.
NOTHING = parse_cards("7c As 9h 2d Ks 4s 3c Ah Kd Qs 5c Jc 6c 8d Td 2h 3h 4h 5h")


def coached(table: Table, seed: int = 5, **options: object) -> CoachService:
    """A coach for the player's seat, following ``table`` from its first event."""
    lang = table.controller.text.lang
    service = CoachService(0, random.Random(seed), lang, **options)  # type: ignore[arg-type]
    for event in table.hand.events:
        service.on_event(event)
    table.controller.coach.service = service
    fed = table.feed

    def feed(events: Sequence[Event]) -> None:
        fed(events)
        for event in events:
            service.on_event(event)

    table.feed = feed  # type: ignore[method-assign]
    return service


def advice_now(table: Table, service: CoachService) -> Advice:
    legal = table.seat.pending
    assert legal is not None
    future = service.advice_for(legal)
    assert future is not None
    return future.result(10)


def names(table: Table) -> list[str]:
    return [seat.name for seat in table.state.snapshot().seats]


@pytest.mark.parametrize(
    ("lang", "price"),
    [("en", "Calling 5 to win 9: you need 36 percent."),
     ("es", "Seguir con 5 para ganar 9: necesitas un 36 por ciento.")],
)  # fmt: skip
def test_k_says_the_first_answer_then_the_detail_then_the_first_again(
    lang: Language, price: str
) -> None:
    table = facing_raise(lang)
    service = coached(table)
    advice = advice_now(table, service)
    first = first_answer(advice, lang)
    detail = detail_answer(advice, lang, names(table))
    assert first.startswith(price)
    assert "Beto:" in detail  # the raiser's range, by name
    for _ in range(3):
        table.controller.key("k")
    texts = table.output.texts[-3:]
    assert texts == [first, detail, first]
    assert all(m.interrupt and m.answer for m in table.output.messages[-3:])
    assert table.take_decision() is None and table.seat.pending is not None  # nothing bet


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_decision_starts_over(lang: Language) -> None:
    table = facing_raise(lang)
    service = coached(table)
    table.controller.key("k")
    table.controller.key("k")  # the detail of the first decision
    table.controller.key("c")
    table.apply_decision()  # the player calls the raise
    table.act(1, Action.call())  # Ana calls: the flop, the player first to act
    assert table.seat.pending is not None and table.seat.pending.can_check
    table.controller.key("k")
    advice = advice_now(table, service)
    assert table.output.last.text == first_answer(advice, lang)
    assert table.output.last.text.startswith(
        "Checking is free." if lang == "en" else "Ver no te cuesta nada."
    )
    # K again after the flop: the detail ends with every option's value, the best first
    # (then the list of what each range holds on the board: tests/test_coach_breakdown.py)
    table.controller.key("k")
    detail = [m for m in table.output.messages if m.kind == "answer"][-1].text
    assert detail.startswith(detail_answer(advice, lang, names(table)))
    values = detail[len(detail_answer(advice, lang, names(table))) :].strip()
    best = "best" if lang == "en" else "lo mejor"
    assert values.split(".")[0].endswith(best), values
    assert ("Check" if lang == "en" else "Ver") in values and values.count(".") >= 3


@pytest.mark.parametrize(
    ("lang", "actor", "out", "no_hand", "nobody"),
    [
        ("en", "Nothing to decide: Beto is to act.",
         "Nothing to decide: you are out of this hand.",
         "Nothing to decide: no hand is being played.",
         "Nothing to decide: nobody is to act now."),
        ("es", "Nada que decidir: le toca a Beto.",
         "Nada que decidir: ya no estás en esta mano.",
         "Nada que decidir: no se está jugando ninguna mano.",
         "Nada que decidir: ahora no le toca a nadie."),
    ],
)  # fmt: skip
def test_k_off_the_players_turn(
    lang: Language, actor: str, out: str, no_hand: str, nobody: str
) -> None:
    table = make_table(lang=lang)
    coached(table)
    table.controller.key("k")  # Beto is first to act
    assert table.output.last.text == actor
    table.act(2, Action.raise_to(200))  # Beto all in
    table.controller.key("f")
    table.apply_decision()  # the player folds
    table.controller.key("k")
    assert table.output.last.text == out
    table.act(1, Action.fold())  # the hand ends
    table.controller.key("k")
    assert table.output.last.text == no_hand
    dealing = make_table(lang=lang)
    state = TableState(NAMES, (200, 200, 200), 0)
    state.on_event(dealing.hand.events[0])  # the hand started; nobody asked to act yet
    dealing.controller.state = state
    dealing.controller.key("k")
    assert dealing.output.last.text == nobody


def test_k_when_watching_says_who_is_to_act() -> None:
    # The review has no key; an older keymap may still give it Y.
    keymap = apply_overrides(default_keymap(), '[game]\nreview = "y"\n', "old.toml")
    table = make_table(me=None, keymap=keymap)
    table.controller.key("k")
    assert table.output.last.text == "Nothing to decide: Beto is to act."
    table.controller.key("y")
    assert table.output.last.text == "Nothing to review: you are watching, not playing."
    for key in ["h", *"review"]:  # a watcher's help offers no review command
        table.controller.key(key)
    found = table.output.messages[-2].text  # only the options, whose words name the review
    assert found.startswith("O: the options:") and found.endswith("the review.")
    assert table.output.last.text == '1 command for "review"; Enter runs it.'


def slow(service: CoachService) -> threading.Event:
    """Hold the coach's next advice until the returned event is set."""
    gate = threading.Event()
    real = service.coach.advise

    def held(view: PlayerView, deadline: float | None = None) -> Advice:
        assert gate.wait(10)
        return real(view, deadline)

    service.coach.advise = held  # type: ignore[method-assign]
    return gate


def test_the_answer_comes_when_ready_and_keys_stay_free_meanwhile() -> None:
    table = facing_raise()
    service = coached(table, eager=False)
    gate = slow(service)
    with driven(table) as keys:
        keys.press("k")  # handled at once: the advice is computed on a worker thread
        assert table.output.messages == [] or table.output.last.kind != "answer"
        keys.press("v")  # the key loop answers meanwhile
        assert table.output.last.text == "5 chips to call."
        keys.press("k")  # asked again before the first answer came: that one is dropped
        gate.set()
        advice = advice_now(table, service)
        assert wait_until(lambda: table.output.last.text == first_answer(advice, "en"))
    assert table.output.texts.count(first_answer(advice, "en")) == 1


def test_an_answer_still_computing_gives_way_to_a_newer_key() -> None:
    table = facing_raise()
    service = coached(table, eager=False)
    gate = slow(service)
    with driven(table) as keys:
        keys.press("k")
        keys.press("d")  # the player's cards: the coach's answer must not cut them off
        gate.set()
        legal = table.seat.pending
        assert legal is not None
        future = service.advice_for(legal)
        assert future is not None
        advice = future.result(10)
        keys.press("p")  # one more key: any late answer would have been sent by now
        assert first_answer(advice, "en") not in table.output.texts
        keys.press("k")  # ready now: said at once
        assert table.output.last.text == first_answer(advice, "en")


def play_to_the_turn_bet(lang: Language) -> tuple[Table, CoachService]:
    """The player holds nothing and faces a bet of 24 into 12 on the turn."""
    table = make_table(lang=lang, deck=NOTHING)
    service = coached(table, seed=8)
    table.act(2, Action.fold())
    table.act(0, Action.call())
    table.act(1, Action.check())
    table.act(0, Action.check())
    table.act(1, Action.bet(4))
    table.act(0, Action.call())
    table.act(0, Action.check())
    table.act(1, Action.bet(24))
    return table, service


@pytest.mark.parametrize(
    ("lang", "nothing_yet", "review"),
    [
        ("en", "Nothing to review yet: no hand has ended.",
         ["On the turn you called 24 into 36 with about 4 percent to win; the price needed 40"
          " percent. Folding saves about 11 big blinds on average."]),
        ("es", "Aún no hay nada que revisar: no ha terminado ninguna mano.",
         ["En el turn seguiste con 24 para un bote de 36 con alrededor del 4 por ciento de"
          " probabilidad de ganar; el precio pedía un 40 por ciento. Irte ahorra unas 11"
          " ciegas grandes de media."]),
    ],
)  # fmt: skip
def test_the_review_key_says_the_costly_call_after_the_hand(
    lang: Language, nothing_yet: str, review: list[str]
) -> None:
    table, service = play_to_the_turn_bet(lang)
    review_name = {"en": "review", "es": "revision"}[lang]  # help's command list runs it
    run_named(table.controller, review_name)
    assert table.output.last.text == nothing_yet
    advice = advice_now(table, service)
    assert advice.action == "fold" and advice.to_call == 24 and advice.pot == 36
    table.controller.key("c")
    table.apply_decision()  # the costly call
    table.act(0, Action.check())
    table.act(1, Action.check())  # the showdown: the hand ends
    service.finish_hand()
    last = service.last_review
    assert last is not None and len(last.decisions) == 6  # the cheap ones are not said
    # Every option valued (coach.option_values): the river check with nothing costs
    # nothing (never a mistake for want of a bluff); the small ones stay unsaid; the
    # limp before the flop is not measured (one street's values undervalue calls there).
    # The values draw on the coach's generator, so at this seed the turn's chance is 4.
    assert [round(d.cost) for d in last.decisions] == [0, 0, 1, 0, 11, 0]
    assert [d.graded for d in last.decisions][:2] == [False, True]  # the limp, the flop
    run_named(table.controller, review_name)
    said = table.output.messages[-len(review) :]
    assert [m.text for m in said] == review == review_sentences(last, lang)
    assert said[0].interrupt


def test_the_review_as_a_table_message_when_the_setting_is_on() -> None:
    sent: list[object] = []
    table, service = play_to_the_turn_bet("en")
    service.speak_review = True
    service._send = sent.append
    table.controller.key("f")
    table.apply_decision()  # folding a hopeless hand: nothing costly
    service.finish_hand()
    assert [getattr(m, "text", None) for m in sent] == ["Well played: no costly decision."]
    message = sent[0]
    assert getattr(message, "kind", None) == "review"
    assert not getattr(message, "answer", True) and not getattr(message, "interrupt", True)
