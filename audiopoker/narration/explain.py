"""The showdown explainer in words: why the winners win (seed 002, spoken at the table).

Used by the narrator for every pot and by ``audiopoker showdown``; both say the same
sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiopoker.evaluator import HandValue
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language
from audiopoker.narration.words import describe_hand, rank_gender, rank_list, rank_name
from audiopoker.showdown import Reason, ReasonKind, compare


def reason_sentences(
    reason: Reason,
    values: Sequence[HandValue],
    names: Sequence[str],
    lang: Language,
    you: int | None = None,
    winners: int = 1,
) -> list[str]:
    """The sentences that explain ``reason``.

    ``values`` and ``names`` are indexed like the reason's ``winner``/``loser``; ``you``
    is the index of the listener among them (None when the listener is not compared);
    ``winners`` is how many hands tie for a SPLIT.
    """
    catalog = get_catalog(lang)
    kind = reason.kind
    if kind is ReasonKind.ALONE:
        return []
    winner_value = values[reason.winner]
    if kind is ReasonKind.SPLIT:
        hand = describe_hand(winner_value, lang, article=True)
        how = "board" if reason.plays_board else "same"
        size = "two" if winners == 2 else "many"
        return [catalog.text(f"why.split.{how}.{size}", hand=hand, count=winners)]
    if reason.loser is None:
        return []
    loser_value = values[reason.loser]
    person = _person(reason, you)
    if kind is ReasonKind.HIGHER_CATEGORY:
        key = f"why.category.{winner_value.category.key}.{loser_value.category.key}"
        return [catalog.text(key)]
    if kind is ReasonKind.HIGHER_RANK:
        return [
            catalog.text(
                f"why.higher.{person}",
                winner=names[reason.winner],
                loser=names[reason.loser],
                winner_hand=describe_hand(winner_value, lang, article=True, kicker=False),
                loser_hand=describe_hand(loser_value, lang, article=True, kicker=False),
            )
        ]
    # KICKER or NEXT_CARD: the combination ties, a side card decides.
    assert reason.winner_card is not None and reason.loser_card is not None
    shared = describe_hand(winner_value, lang, article=True, kicker=False)
    if reason.shared:
        shared = catalog.text("hand.with_cards", hand=shared, cards=rank_list(reason.shared, lang))
    intro = "kicker" if kind is ReasonKind.KICKER else "next_card"
    genders = rank_gender(reason.winner_card, lang) + rank_gender(reason.loser_card, lang)
    return [
        catalog.text(f"why.same.{intro}", hand=shared),
        catalog.text(
            f"why.card.{person}.{genders}",
            winner=names[reason.winner],
            loser=names[reason.loser],
            winner_card=rank_name(reason.winner_card, lang),
            loser_card=rank_name(reason.loser_card, lang),
        ),
    ]


def beaten_by_the_tie(
    values: Sequence[HandValue],
    winners: Sequence[int],
    names: Sequence[str],
    lang: Language,
    you: int | None = None,
) -> list[str]:
    """After a split, why the best of the other hands lost to the tied ones: the deciding
    sentence alone ("Ana's ace beats Carla's jack"), since "Both have" would name the tie.
    Empty when every hand shares the pot."""
    losers = [index for index in range(len(values)) if index not in winners]
    if not winners or not losers:
        return []
    best = winners[0]
    runner_up = max(losers, key=lambda index: (values[index].strength, -index))
    beaten = compare(values[best], values[runner_up], best, runner_up)
    return reason_sentences(beaten, values, names, lang, you)[-1:]


def _person(reason: Reason, you: int | None) -> str:
    if you is not None and you == reason.winner:
        return "you_win"
    if you is not None and you == reason.loser:
        return "you_lose"
    return "other"
