"""The hand review in words, from the ``coach`` catalogs: one sentence per costly decision,
or one line for a hand without any.

"On the turn you called 24 into 36 with about 3 percent to win; the price needed 40
percent. Folding saves about 11 big blinds on average." The chance and the price are the
coach's numbers at that decision (the pot counts the bet called, as the coach's "Calling
24 to win 36" does); the saving is the review's (``coach.review``), in whole big blinds,
against the best option the review valued (``coach.option_values``; the coach's
suggestion for a decision built without values).

>>> from audiopoker.cards import parse_cards
>>> from audiopoker.coach.review import Decision
>>> from audiopoker.coach.spot import advise_spot
>>> from audiopoker.engine.actions import Action
>>> advice = advise_spot(parse_cards("7c 2d"), parse_cards("Ah Kh Qh 9s"), 120, 80, 2)
>>> decision = Decision(advice, Action.call(), False, -51.2, 0.0, 2)
>>> print(decision_sentence(decision, "en"))
On the turn you called 80 into 120 with about 15 percent to win; the price needed 40 percent.
>>> print(saving_sentence(decision, "es"))
Irte ahorra unas 26 ciegas grandes de media.
"""

from __future__ import annotations

from typing import Final

from audiopoker.coach.advice_words import amount_sayer, catalog, chance_words, percent
from audiopoker.coach.review import Decision, HandReview
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.i18n import Language
from audiopoker.narration.amounts import Amounts

_AGGRESSIVE: Final = (ActionKind.BET, ActionKind.RAISE)
_STREETS: Final = {
    Street.PREFLOP: "preflop",
    Street.FLOP: "flop",
    Street.TURN: "turn",
    Street.RIVER: "river",
}


def review_sentences(
    review: HandReview, lang: Language, amounts: Amounts | None = None
) -> list[str]:
    """Each costly decision of ``review`` in two sentences (the spot, the saving), as one
    message each; a hand without any: 'Well played: no costly decision.'; no decision at
    all: that there is nothing to review."""
    if not review.decisions:
        return [catalog(lang).text("review.no_decision")]
    costly = review.costly
    if not costly:
        return [catalog(lang).text("review.well_played")]
    return [
        f"{decision_sentence(d, lang, amounts)} {saving_sentence(d, lang, amounts)}" for d in costly
    ]


def decision_sentence(decision: Decision, lang: Language, amounts: Amounts | None = None) -> str:
    """'On the turn you called 40 into 100 with about 18 percent to win; the price needed
    29 percent.' (no price when checking was free)."""
    text = catalog(lang)
    advice = decision.advice
    fields = {
        "street": text.text(f"review.street.{_STREETS[advice.street]}"),
        "did": did_words(decision, lang, amounts),
        "chance": chance_words(advice.equity, lang),
    }
    if advice.to_call <= 0:
        return text.text("review.spot.free", **fields)
    need = min(max(percent(advice.pot_odds), 1), 99)
    return text.text("review.spot.price", need=need, **fields)


def did_words(decision: Decision, lang: Language, amounts: Amounts | None = None) -> str:
    """What the player did: 'you called 40 into 100', 'you raised to 90, all in,'."""
    action, advice = decision.action, decision.advice
    say = amount_sayer(lang, amounts)
    kind = action.kind
    key = f"review.did.{kind.value}"
    if decision.all_in and kind is not ActionKind.FOLD and kind is not ActionKind.CHECK:
        key += "_all_in"
    return catalog(lang).text(
        key,
        call=say(advice.to_call),
        pot=say(advice.pot),
        amount=say(action.to or 0),
    )


def saving_sentence(decision: Decision, lang: Language, amounts: Amounts | None = None) -> str:
    """What the coach's choice was worth more: 'Folding saves about 3 big blinds on
    average.', 'Raising to 45 is worth about 4 big blinds more on average.'"""
    advice = decision.advice
    name, to, all_in = advice.action, advice.amount, advice.all_in
    values = decision.values
    taken = values.of(decision.action) if values is not None else None
    if values is not None and taken is not None:  # the option it is measured against
        better = values.measured_against(taken)
        name, all_in = better.action.kind.value, better.all_in
        to = better.action.to if better.action.kind in _AGGRESSIVE else None
    key = f"review.better.{name}"
    if all_in and name not in ("fold", "check"):
        key += "_all_in"
    count = max(round(decision.cost), 1)
    fields = {"amount": amount_sayer(lang, amounts)(to)} if to is not None else {}
    return catalog(lang).plural(key, count, **fields)


def nothing_yet(lang: Language) -> str:
    """The review key before any hand has ended."""
    return catalog(lang).text("review.none")


def watching(lang: Language) -> str:
    """The review key at a table the player only watches."""
    return catalog(lang).text("review.watching")
