"""The coach's advice in words, from the ``coach`` catalogs (``coach/locale``).

Two presses, two answers. The first is short: the price, the chance, then the suggestion
with its reason in one sentence ("Calling 20 to win 80: you need 20 percent. You win about
34 percent against what they have shown. Call: you are getting the right price."). The
second is the detail: the kind of reason named ("The reason is pot odds: ..."), the hand
with the board in mind, its clean outs (and those that also help the opponents), how many
opponents and the ranges the estimate assumed from their actions. Hands, cards and counts
are said as the narration says them.

>>> from audiopoker.cards import parse_cards
>>> from audiopoker.coach.spot import advise_spot
>>> advice = advise_spot(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c 9s 3h"), 60, 20, 2)
>>> for sentence in (price_sentence, chance_sentence, suggestion):
...     print(sentence(advice, "en"))
Calling 20 to win 60: you need 25 percent.
You win about 79 percent against one random hand.
Raise to 84: you are ahead of most of their hands.
>>> for sentence in detail_answer(advice, "es").split(". "):
...     print(sentence)
La razón es el valor: te pagan manos peores
Tienes pareja de reyes, kicker as
Ya no quedan cartas por salir
Tienes un rival
Para tu rival: dos cartas cualesquiera.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from audiopoker import i18n
from audiopoker.coach.advice import Advice, Reason
from audiopoker.coach.board_hand import board_aware
from audiopoker.coach.opponent_range import OpponentRange, RangeBasis
from audiopoker.coach.option_values import Grade, OptionValue, OptionValues
from audiopoker.coach.outs import OutGroup, Taint, TaintedGroup
from audiopoker.coach.preflop_words import preflop_detail, preflop_first
from audiopoker.engine.actions import ActionKind, Street
from audiopoker.i18n import Catalog, Language
from audiopoker.narration.amounts import Amounts
from audiopoker.narration.catalog import get_catalog as narration_catalog
from audiopoker.narration.explain import count_word
from audiopoker.narration.words import card_list, hand_so_far

DOMAIN: Final = "coach"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
_STREET_KEYS: Final = {Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}


def catalog(lang: Language) -> Catalog:
    """The coach's sentences in ``lang``."""
    return i18n.get_catalog(lang, DOMAIN, LOCALE_DIR)


def amount_sayer(lang: Language, amounts: Amounts | None) -> Callable[[int], str]:
    """Amounts in the unit the player chose (chips when none is given)."""
    chosen = amounts if amounts is not None else Amounts()
    return lambda chips: chosen.say(chips, lang)


def percent(share: float) -> int:
    """A share (0..1) as a whole percentage."""
    return round(100 * share)


# -- the first answer ------------------------------------------------------------------


def first_answer(advice: Advice, lang: Language, amounts: Amounts | None = None) -> str:
    """The price, the chance, and the suggestion with its reason: three short sentences.
    Before the flop, the price when there is a bet to call, then the chart's answer (the
    hand, the seat, what was bet, what to do and how wide this seat plays), and when the
    coach leaves the chart against a player it has read, what it does instead and why."""
    if advice.chart is not None:
        facing = advice.to_call > 0 and not advice.first_in
        price = [price_sentence(advice, lang, amounts)] if facing else []
        said = [*price, preflop_first(advice.chart, lang)]
        if advice.deviation is not None:  # its own read of the table, and why
            said.append(
                catalog(lang).text(
                    "coach.chart.deviate",
                    share=percent(advice.deviation.vpip),
                    action=action_words(advice, lang, amounts).lower(),
                )
            )
        return " ".join(said)
    return " ".join(
        (
            price_sentence(advice, lang, amounts),
            chance_sentence(advice, lang),
            suggestion(advice, lang, amounts),
        )
    )


def price_sentence(advice: Advice, lang: Language, amounts: Amounts | None = None) -> str:
    """'Calling 20 to win 80: you need 20 percent.' or 'Checking is free.'; first in before
    the flop, no call's price (a raise there opens, it calls nothing): 'Nobody has come in
    yet: the pot holds 3.'"""
    text, say = catalog(lang), amount_sayer(lang, amounts)
    if advice.first_in and advice.to_call > 0:
        return text.text("coach.price.first_in", pot=say(advice.pot))
    if advice.to_call <= 0:
        return text.text("coach.price.free")
    need = min(max(percent(advice.pot_odds), 1), 99)
    key = (
        "coach.price.call_all_in"
        if advice.all_in and advice.action == "call"
        else "coach.price.call"
    )
    return text.text(key, call=say(advice.to_call), pot=say(advice.pot), need=need)


def chance_words(share: float, lang: Language) -> str:
    """'about 34 percent'; the ends said as they are ('less than 1 percent', '0 percent')."""
    text = catalog(lang)
    if share <= 0.0:
        return text.text("coach.chance.none")
    if share >= 1.0:
        return text.text("coach.chance.all")
    rounded = percent(share)
    if rounded < 1:
        return text.text("coach.chance.below_one")
    if rounded > 99:
        return text.text("coach.chance.above_99")
    return text.text("coach.chance.about", percent=rounded)


def chance_sentence(advice: Advice, lang: Language) -> str:
    """'You win about 34 percent against what they have shown.' (or against random hands,
    or tight or loose players, as the estimate assumed)."""
    number = "one" if advice.opponents == 1 else "many"
    return catalog(lang).text(
        f"coach.win.{advice.estimate.value}.{number}",
        chance=chance_words(advice.equity, lang),
        count=count_word(advice.opponents, lang),
    )


def action_words(advice: Advice, lang: Language, amounts: Amounts | None = None) -> str:
    """The suggestion as an order: 'Call', 'Raise to 45', 'Bet 180, all in'."""
    key = f"coach.do.{advice.action}" + (
        "_all_in" if advice.all_in and advice.action != "fold" else ""
    )
    fields = (
        {"amount": amount_sayer(lang, amounts)(advice.amount)} if advice.amount is not None else {}
    )
    return catalog(lang).text(key, **fields)


def reason_words(advice: Advice, lang: Language) -> str:
    """The reason as a clause: 'you are getting the right price'. First in before the
    flop, an open or a fold says how many hands this seat opens and where this one ranks,
    the numbers the decision compared."""
    text = catalog(lang)
    reason = advice.reason
    if (
        reason in (Reason.OPEN, Reason.TOO_WEAK)
        and advice.first_in
        and advice.open_share is not None
        and advice.starting is not None
    ):
        return text.text(
            f"coach.reason.{reason.value}.share",
            open=_whole(advice.open_share),
            hand=_whole(advice.starting),
        )
    return text.text(f"coach.reason.{reason.value}", players=count_word(advice.opponents + 1, lang))


def suggestion(advice: Advice, lang: Language, amounts: Amounts | None = None) -> str:
    """'Call: you are getting the right price.'"""
    return catalog(lang).text(
        "coach.suggest",
        action=action_words(advice, lang, amounts),
        reason=reason_words(advice, lang),
    )


# -- the detail ------------------------------------------------------------------------


def detail_answer(
    advice: Advice,
    lang: Language,
    names: Sequence[str] | None = None,
    values: OptionValues | None = None,
    amounts: Amounts | None = None,
) -> str:
    """The kind of reason, the hand, its outs, how many opponents, and the range assumed
    for each; then, given ``values``, each option's value and grade. ``names`` are the
    players' names by table seat ('Seat 3' when missing). Before the flop, the chart's
    detail (where the hand ranks, the depth) comes first and the chance against the ranges
    after it."""
    if advice.chart is not None:
        sentences = [preflop_detail(advice.chart, lang, price=False)]
        sentences.append(chance_sentence(advice, lang))
        sentences.append(opponents_sentence(advice, lang))
        sentences.extend(range_sentences(advice, lang, names))
        return " ".join(sentences)
    sentences = [kind_sentence(advice, lang), hand_sentence(advice, lang)]
    outs = outs_sentence(advice, lang)
    if outs is not None:
        sentences.append(outs)
    sentences.append(opponents_sentence(advice, lang))
    sentences.extend(range_sentences(advice, lang, names))
    if values is not None:
        sentences.extend(values_sentences(values, lang, amounts))
    return " ".join(sentences)


# -- the value of every option ------------------------------------------------------------


def option_words(option: OptionValue, lang: Language, amounts: Amounts | None = None) -> str:
    """An option named short: 'Check', 'Bet 16', 'Raise to 48', 'All in'."""
    text = catalog(lang)
    kind = option.action.kind
    if kind in (ActionKind.BET, ActionKind.RAISE):
        if option.all_in:
            return text.text("coach.option.all_in")
        to = amount_sayer(lang, amounts)(option.action.to or 0)
        return text.text(f"coach.option.{kind.value}", amount=to)
    if kind is ActionKind.CALL and option.all_in:
        return text.text("coach.option.call_all_in")
    return text.text(f"coach.option.{kind.value}")


def value_sentence(
    values: OptionValues,
    option: OptionValue,
    lang: Language,
    first: bool = True,
    amounts: Amounts | None = None,
) -> str:
    """One option's grade and what it gives up: 'Check: best.', 'Bet 16: about 1 big
    blind less.', 'All in: a blunder, about 40 big blinds less.'; an option within the
    estimate's noise of the best one said after it is 'as good' (two "best" confuse)."""
    text = catalog(lang)
    name = option_words(option, lang, amounts)
    graded = values.grade(option)
    if graded is Grade.BEST:
        return text.text("coach.grade.best" if first else "coach.grade.tie", option=name)
    count = round(values.loss_bb(option))
    if graded is Grade.CORRECT and count < 1:
        return text.text("coach.grade.close", option=name)
    return text.plural(f"coach.grade.{graded.value}", max(count, 1), option=name)


def values_sentences(
    values: OptionValues, lang: Language, amounts: Amounts | None = None
) -> list[str]:
    """Every option's sentence, from the best to the costliest (equal values in the order
    of the options: fold, check or call, bets by size)."""
    order = sorted(values.options, key=lambda o: -o.value)
    return [value_sentence(values, option, lang, i == 0, amounts) for i, option in enumerate(order)]


def kind_sentence(advice: Advice, lang: Language) -> str:
    """What the suggestion rests on, named: 'The reason is pot odds: your chance against
    the price of calling.'"""
    return catalog(lang).text(f"coach.kind.{advice.kind.value}")


def hand_sentence(advice: Advice, lang: Language) -> str:
    """'You have a pair of kings, ace kicker.'; before the flop the two cards and how they
    rank among starting hands."""
    text = catalog(lang)
    if advice.starting is not None:
        cards = card_list(sorted(advice.hole, key=lambda card: -card.rank), lang)
        return text.text("coach.detail.starting", cards=cards, percent=_whole(advice.starting))
    return text.text("coach.detail.hand", hand=hand_words(advice, lang))


def hand_words(advice: Advice, lang: Language) -> str:
    """The hand the player holds now, as the narration says it ('a pair of kings, ace
    kicker'; before the flop a pocket pair or the high card), with the board in mind:
    what the board holds for everyone is said apart from what the player's cards add
    ('king high; the board has a pair of sevens'), and a hand the player's cards do not
    play in is the board's ('you play the board: a straight to the nine')."""
    if len(advice.board) < 3:
        return hand_so_far(advice.hole, advice.board, lang, article=True)
    return board_aware(advice.hole, advice.board, lang)


def outs_sentence(advice: Advice, lang: Language) -> str | None:
    """'15 cards improve your hand: 9 make a flush and 6 make a pair.' On the river: no
    cards to come. Before the flop: None (nothing to count yet)."""
    text = catalog(lang)
    if advice.street is Street.RIVER:
        return text.text("coach.detail.river")
    outs = advice.outs
    if not outs.counted:
        return None
    if not outs.count:
        main = text.text("coach.detail.no_clean_outs" if outs.tainted else "coach.detail.no_outs")
    else:
        main = text.plural("coach.detail.outs", outs.count, kinds=_kinds(outs.groups, lang))
    sentences = [main]
    for taint in Taint:
        groups = [group for group in outs.tainted if group.taint is taint]
        if groups:
            count = sum(len(group.cards) for group in groups)
            sentences.append(
                text.plural(
                    f"coach.detail.tainted.{taint.value}", count, kinds=_kinds(groups, lang)
                )
            )
    return " ".join(sentences)


def _kinds(groups: Sequence[OutGroup | TaintedGroup], lang: Language) -> str:
    """'9 make a flush and 6 make a pair'."""
    text = catalog(lang)
    kinds = [text.plural(f"coach.outs.{g.category.key}", len(g.cards)) for g in groups]
    return narration_catalog(lang).join(kinds)


def opponents_sentence(advice: Advice, lang: Language) -> str:
    """'You face two opponents.'"""
    text = catalog(lang)
    if advice.opponents == 1:
        return text.text("coach.detail.opponents.one")
    return text.text("coach.detail.opponents.many", count=count_word(advice.opponents, lang))


def range_phrase(assumed: OpponentRange, lang: Language) -> str:
    """One opponent's assumed range: 'the top 22 percent of hands (raised first in)',
    then what its actions after the flop kept: read from the action, as the last of them
    left it (a check: without most of its best hands; a bet or raise: value hands and
    bluffs; a call: the middle), else its strongest part."""
    text = catalog(lang)
    if assumed.low <= 0.0 and assumed.high >= 1.0:
        phrase = text.text("coach.range.any")
    elif assumed.high >= 1.0:
        phrase = text.text("coach.range.below", low=_whole(assumed.low))
    elif assumed.low <= 0.0:
        phrase = text.text("coach.range.top", high=_whole(assumed.high))
    else:
        phrase = text.text("coach.range.window", low=_whole(assumed.low), high=_whole(assumed.high))
    join = narration_catalog(lang).join
    if assumed.preflop:
        actions = join([text.text(f"coach.basis.{basis.value}") for basis in assumed.preflop])
        phrase = text.text("coach.range.actions", range=phrase, actions=actions)
    if assumed.postflop and (assumed.keep < 1.0 or assumed.shaped):
        steps = [
            text.text(f"coach.basis.{step.basis.value}.{_STREET_KEYS[step.street]}")
            for step in assumed.postflop
        ]
        fields = {"range": phrase, "keep": _whole(assumed.keep), "actions": join(steps)}
        if not assumed.shaped:  # a range narrowed to its strongest part
            return text.text("coach.range.then", **fields)
        last = assumed.postflop[-1].basis
        if last in (RangeBasis.BET, RangeBasis.RAISED):
            value = percent(assumed.value)
            return text.text("coach.range.polar", value=value, bluffs=100 - value, **fields)
        shape = "capped" if last is RangeBasis.CHECKED else "middle"
        return text.text(f"coach.range.{shape}", **fields)
    return phrase


def range_sentences(
    advice: Advice, lang: Language, names: Sequence[str] | None = None
) -> list[str]:
    """A sentence per opponent ('Bob: the top 22 percent of hands (raised first in).'), or
    one for opponents the spot does not name ('For each opponent: any two cards.')."""
    text = catalog(lang)
    ranges = advice.ranges
    if ranges and all(r.seat is None for r in ranges):
        key = "coach.range.single" if len(ranges) == 1 else "coach.range.each"
        return [text.text(key, range=range_phrase(ranges[0], lang))]
    sentences = []
    for assumed in ranges:
        name = _name(assumed.seat, names, text)
        sentences.append(
            text.text("coach.range.seat", name=name, range=range_phrase(assumed, lang))
        )
    return sentences


def _name(seat: int | None, names: Sequence[str] | None, text: Catalog) -> str:
    if seat is not None and names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return text.text("coach.seat", number=(seat or 0) + 1)


def _whole(share: float) -> int:
    """A share as a percentage of at least 1 (a range is never 'the top 0 percent')."""
    return max(percent(share), 1)


# -- nothing to decide ---------------------------------------------------------------------


def idle_answer(
    lang: Language, actor: str | None = None, *, in_hand: bool = True, running: bool = False
) -> str:
    """The coach off the player's turn: 'Nothing to decide: Bob is to act.'; no hand being
    played (``actor`` None); nobody to act in a hand being played (``running``: the cards
    are being dealt, or everyone left is all in); or the player already out of it
    (``in_hand`` False)."""
    text = catalog(lang)
    if not in_hand:
        return text.text("coach.idle.out")
    if actor is None:
        return text.text("coach.idle.nobody" if running else "coach.idle.no_hand")
    return text.text("coach.idle.actor", name=actor)
