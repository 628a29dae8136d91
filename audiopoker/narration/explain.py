"""The showdown explainer in words: why the winners win (seed 002, spoken at the table).

Used by the narrator for every pot, by ``audiopoker showdown`` and by the showdown drill;
all say the same sentences.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from audiopoker.evaluator import HandValue
from audiopoker.narration.catalog import get_catalog
from audiopoker.narration.language import Language
from audiopoker.narration.words import (
    card_list,
    describe_hand,
    rank_gender,
    rank_list,
    rank_name,
)
from audiopoker.showdown import Reason, ReasonKind, ShowdownResult, compare, significance


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
    ``winners`` (how many hands tie) is kept for callers: a SPLIT names every hand as
    strong as the first winner's, found from ``values``.
    """
    catalog = get_catalog(lang)
    kind = reason.kind
    if kind is ReasonKind.ALONE:
        return []
    winner_value = values[reason.winner]
    if kind is ReasonKind.SPLIT:
        # Every hand as strong as the first winner's shares the pot: name them all.
        tied = [
            index for index, value in enumerate(values) if value.strength == winner_value.strength
        ]
        hand = describe_hand(winner_value, lang, article=True)
        how = "board" if reason.plays_board else "same"
        size = "two" if len(tied) == 2 else "many"
        return [
            catalog.text(
                f"why.split.{how}.{size}",
                hand=hand,
                names=_tied_names(tied, names, lang, you),
                count=count_word(len(tied), lang),
            )
        ]
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
    # KICKER or NEXT_CARD: the combination ties, a side card decides. Every other hand
    # with the same combination lost the same way: all are counted and each is named.
    assert reason.winner_card is not None and reason.loser_card is not None
    intro = "kicker" if kind is ReasonKind.KICKER else "next_card"
    beaten = [reason] + [
        other
        for index in sorted(range(len(values)), key=lambda index: (-values[index].strength, index))
        if index not in (reason.winner, reason.loser)
        and (other := compare(winner_value, values[index], reason.winner, index)).kind
        in (ReasonKind.KICKER, ReasonKind.NEXT_CARD)
    ]
    shared = describe_hand(winner_value, lang, article=True, kicker=False)
    # The side cards every compared hand shares are said with the hand; the card after
    # them decides (of three or more, the fewest any beaten hand shares).
    common = min((other.shared for other in beaten), key=len)
    many = "" if len(beaten) == 1 else ".many"
    count = count_word(len(beaten) + 1, lang)
    if common and kind is ReasonKind.KICKER:
        # "Both have a pair of eights, queen kicker; the next kicker decides." (one phrase
        # for a kicker).
        shared = catalog.plural(
            "hand.with_kickers", len(common), hand=shared, cards=rank_list(common, lang)
        )
        opening = catalog.text(f"why.same.kicker.next{many}", hand=shared, count=count)
    else:
        if common:
            shared = catalog.text("hand.with_cards", hand=shared, cards=rank_list(common, lang))
        opening = catalog.text(f"why.same.{intro}{many}", hand=shared, count=count)
    return [opening] + [_card_sentence(other, names, lang, you) for other in beaten]


def _card_sentence(reason: Reason, names: Sequence[str], lang: Language, you: int | None) -> str:
    """ "Ana's ace beats Carla's eight." (the side card that decided)."""
    assert reason.loser is not None
    assert reason.winner_card is not None and reason.loser_card is not None
    genders = rank_gender(reason.winner_card, lang) + rank_gender(reason.loser_card, lang)
    return get_catalog(lang).text(
        f"why.card.{_person(reason, you)}.{genders}",
        winner=names[reason.winner],
        loser=names[reason.loser],
        winner_card=rank_name(reason.winner_card, lang),
        loser_card=rank_name(reason.loser_card, lang),
    )


def named_by(reason: Reason, values: Sequence[HandValue]) -> set[int]:
    """The losing hands :func:`reason_sentences` already names: the runner-up of a higher
    rank, every hand beaten on a side card; none for a category ("A flush beats a
    straight.") or a split."""
    kind = reason.kind
    if reason.loser is None or kind in (ReasonKind.SPLIT, ReasonKind.HIGHER_CATEGORY):
        return set()
    if kind is ReasonKind.HIGHER_RANK:
        return {reason.loser}
    best = values[reason.winner]
    return {reason.loser} | {
        index
        for index in range(len(values))
        if index != reason.winner
        and compare(best, values[index], reason.winner, index).kind
        in (ReasonKind.KICKER, ReasonKind.NEXT_CARD)
    }


def every_beaten(
    reason: Reason,
    values: Sequence[HandValue],
    winners: Sequence[int],
    names: Sequence[str],
    lang: Language,
    you: int | None = None,
) -> list[str]:
    """After :func:`reason_sentences`, one sentence for every losing hand it left out, so
    a multi-way showdown names every beaten player (issue 17: "Elena beats Fabio" when
    Inés beat him too): after a split every hand that lost to the tied ones; after one
    winner every hand but the one(s) the reason named."""
    if reason.kind is ReasonKind.ALONE:
        return []
    if len(values) == 2 and reason.kind is not ReasonKind.SPLIT:
        return []  # heads-up the other hand is the loser: "A flush beats a straight." says it
    return beaten_by_the_tie(values, winners, names, lang, you, named_by(reason, values))


def beaten_by_the_tie(
    values: Sequence[HandValue],
    winners: Sequence[int],
    names: Sequence[str],
    lang: Language,
    you: int | None = None,
    named: Set[int] = frozenset(),
) -> list[str]:
    """After a split (or a multi-way win), one sentence for every hand that lost to the
    winning ones and is not in ``named``, strongest first: "Carla loses with a pair of
    eights, king kicker." or, when a side card decided, "Carla loses on the kicker: eight
    against ace." (the sentence before already named the winners and their hand). Empty
    when every hand shares the pot."""
    losers = [index for index in range(len(values)) if index not in winners and index not in named]
    if not winners or not losers:
        return []
    catalog = get_catalog(lang)
    best = winners[0]
    sentences: list[str] = []
    for loser in sorted(losers, key=lambda index: (-values[index].strength, index)):
        beaten = compare(values[best], values[loser], best, loser)
        person = "you" if loser == you else "other"
        if beaten.kind in (ReasonKind.KICKER, ReasonKind.NEXT_CARD):
            assert beaten.winner_card is not None and beaten.loser_card is not None
            intro = "kicker" if beaten.kind is ReasonKind.KICKER else "next_card"
            sentences.append(
                catalog.text(
                    f"why.tie_beats.{intro}.{person}",
                    name=names[loser],
                    loser_card=rank_name(beaten.loser_card, lang),
                    winner_card=rank_name(beaten.winner_card, lang),
                )
            )
        else:
            sentences.append(
                catalog.text(
                    f"why.tie_beats.{person}",
                    name=names[loser],
                    hand=describe_hand(values[loser], lang, article=True, kicker=False),
                )
            )
    return sentences


def count_word(count: int, lang: Language) -> str:
    """How many players, in words where a voice would read digits ("three", "tres")."""
    if 2 <= count <= 10:
        return get_catalog(lang).text(f"count.{count}")
    return str(count)


def _tied_names(tied: Sequence[int], names: Sequence[str], lang: Language, you: int | None) -> str:
    """The tied players joined with "and"; the listener as "you", last."""
    catalog = get_catalog(lang)
    others = [names[index] for index in tied if index != you]
    if you is not None and you in tied:
        others.append(catalog.text("names.you"))
    return catalog.join(others)


def _person(reason: Reason, you: int | None) -> str:
    if you is not None and you == reason.winner:
        return "you_win"
    if you is not None and you == reason.loser:
        return "you_lose"
    return "other"


# --- a showdown told on its own (``audiopoker showdown``, the showdown drill) -------------


def player_names(count: int, lang: Language) -> list[str]:
    """'Player 1', 'Player 2', ... / 'Jugador 1', ..."""
    catalog = get_catalog(lang)
    return [catalog.text("showdown.player", number=number) for number in range(1, count + 1)]


def reason_text(result: ShowdownResult, lang: Language) -> str:
    """The reason as one string of sentences."""
    names = player_names(len(result.hands), lang)
    values = [hand.value for hand in result.hands]
    sentences = reason_sentences(result.reason, values, names, lang, None, len(result.winners))
    sentences += every_beaten(result.reason, values, result.winners, names, lang)
    return " ".join(sentences)


def hand_lines(result: ShowdownResult, lang: Language) -> list[str]:
    """One line per hand: its cards, what it makes and its best five."""
    catalog = get_catalog(lang)
    lines: list[str] = []
    for name, hand in zip(player_names(len(result.hands), lang), result.hands, strict=True):
        shows = catalog.text(
            "shown.other",
            name=name,
            cards=card_list(hand.cards, lang),
            hand=describe_hand(hand.value, lang),
        )
        ranks = rank_list(significance(hand.value), lang)
        if hand.plays_board:
            best = catalog.text("shown.board.other", name=name, ranks=ranks)
        else:
            best = catalog.text("shown.best", ranks=ranks)
        lines.append(f"{shows} {best}")
    return lines


def verdict_line(result: ShowdownResult, lang: Language) -> str:
    """Who wins (or who splits), then why."""
    catalog = get_catalog(lang)
    names = player_names(len(result.hands), lang)
    if len(result.winners) == 1:
        winner = result.hands[result.winners[0]]
        verdict = catalog.text(
            "showdown.wins",
            name=names[result.winners[0]],
            hand=describe_hand(winner.value, lang, article=True),
        )
    else:
        verdict = catalog.text(
            "showdown.split", names=catalog.join([names[index] for index in result.winners])
        )
    return f"{verdict} {reason_text(result, lang)}".strip()


def explain_lines(result: ShowdownResult, lang: Language) -> list[str]:
    """One line per hand (cards, hand, best five), then the verdict and the reason."""
    return [*hand_lines(result, lang), verdict_line(result, lang)]
