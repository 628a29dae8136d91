"""``audiopoker hint``'s answers in words: the coach's sentences (``advice_words``) with the
range assumed for each opponent said as the hint assumed it (``hint_spot``), from the
``hint`` catalogs (``coach/locale``).

>>> from audiopoker.cards import parse_cards
>>> from audiopoker.coach.hint_spot import advise_hint
>>> hint = advise_hint(parse_cards("Ks Kd"), parse_cards("Ah 7d 2c"), 60, 20, 3)
>>> for sentence in range_sentences(hint, "en"):
...     print(sentence)  # doctest: +NORMALIZE_WHITESPACE
The bettor: a bettor's range: 23 percent of hands, 17 percent for value and with draws
    and 6 percent bluffs, from the hands that reach the flop, the top 40 percent.
Opponent 2: the hands that reach the flop, the top 40 percent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from audiopoker import i18n
from audiopoker.coach import advice_words
from audiopoker.coach.action_line import LineProblem
from audiopoker.coach.advice_words import (
    chance_words,
    hand_sentence,
    opponents_sentence,
    outs_sentence,
    percent,
    price_sentence,
    suggestion,
    values_sentences,
)
from audiopoker.coach.hint_spot import AssumedRange, HintAdvice, StatedRange
from audiopoker.coach.option_values import OptionValues
from audiopoker.coach.outs import Outs
from audiopoker.coach.preflop_chart import PreflopHint, Problem, table_positions
from audiopoker.coach.preflop_words import preflop_first
from audiopoker.coach.range_notation import RangeNotationError
from audiopoker.i18n import Catalog, Language
from audiopoker.narration.catalog import get_catalog as narration_catalog
from audiopoker.narration.positions import Position

DOMAIN: Final = "hint"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def catalog(lang: Language) -> Catalog:
    """The hint's sentences in ``lang``."""
    return i18n.get_catalog(lang, DOMAIN, LOCALE_DIR)


def first_answer(hint: HintAdvice, lang: Language) -> str:
    """The price, the chance against the ranges assumed, the suggestion and its reason."""
    advice = hint.advice
    number = "one" if advice.opponents == 1 else "many"
    chance = catalog(lang).text(f"ranges.win.{number}", chance=chance_words(advice.equity, lang))
    return " ".join((price_sentence(advice, lang), chance, suggestion(advice, lang)))


def detail_answer(hint: HintAdvice, lang: Language) -> str:
    """The hand, its outs, how many opponents, the range assumed for each, then each
    option's value and grade as the second K press says them in play."""
    advice = hint.advice
    sentences = [hand_sentence(advice, lang)]
    outs = outs_sentence(advice, lang)
    if outs is not None:
        sentences.append(outs)
    sentences.append(opponents_sentence(advice, lang))
    sentences.extend(range_sentences(hint, lang))
    if hint.values is not None:
        sentences.extend(values_sentences(hint.values, lang))
    return " ".join(sentences)


def start_phrase(stated: StatedRange, lang: Language, share: float | None = None) -> str:
    """The range an opponent starts from: 'the hands that reach the flop, the top 40
    percent'; a typed range with its share of hands (``share``) on this board."""
    text = catalog(lang)
    if stated.name is None:
        return text.text("ranges.start.typed", text=stated.text, percent=_whole(share or 0.0))
    return text.text(f"ranges.start.{stated.name}")


def range_phrase(assumed: AssumedRange, lang: Language) -> str:
    """One opponent's range: read from the line as the coach says it in play, its start,
    or what bets from it."""
    if assumed.read is not None:
        return advice_words.range_phrase(assumed.read, lang)
    bet = assumed.bet
    if bet is None:
        return start_phrase(assumed.stated, lang, assumed.share)
    held = max(bet.value + bet.bluffs, 1)
    value = _whole(assumed.share * bet.value / held)
    bluffs = percent(assumed.share * bet.bluffs / held)
    return catalog(lang).text(  # the whole is the sum of its parts as said
        "ranges.bettor",
        percent=value + bluffs,
        value=value,
        bluffs=bluffs,
        start=start_phrase(assumed.stated, lang),
    )


def range_sentences(hint: HintAdvice, lang: Language) -> list[str]:
    """A sentence per opponent ('The bettor: a bettor's range: …'), or one for opponents
    who all hold the same ('Each opponent: …', 'Each of the others: …')."""
    text = catalog(lang)
    assumed = hint.assumed
    if any(one.name for one in assumed):  # the line names them
        return [
            text.text("ranges.who.range", who=one.name, range=range_phrase(one, lang))
            for one in assumed
        ]
    bettor = bool(assumed) and assumed[0].role == "bettor"
    rest = assumed[1:] if bettor else assumed
    named: list[tuple[str, AssumedRange]] = []
    if bettor:
        named.append((text.text("ranges.who.bettor"), assumed[0]))
    if len(rest) > 1 and all(one.stated == rest[0].stated for one in rest):
        who = "ranges.who.others" if bettor else "ranges.who.each"
        named.append((text.text(who), rest[0]))
    else:
        first = 2 if bettor else 1
        named.extend(
            (text.text("ranges.who.seat", number=first + i), one) for i, one in enumerate(rest)
        )
    return [
        text.text("ranges.who.range", who=who, range=range_phrase(one, lang)) for who, one in named
    ]


def range_error(error: RangeNotationError, lang: Language) -> str:
    """The refusal of a range that cannot be read, naming the part at fault."""
    if not error.part:
        return catalog(lang).text("ranges.error.range_empty")
    return catalog(lang).text("ranges.error.range", part=error.part)


def range_count_error(given: int, opponents: int, lang: Language) -> str:
    """The refusal of a count of ``--range`` that is neither one nor one per opponent."""
    return catalog(lang).plural("ranges.error.range_count", opponents, given=given)


def as_json(hint: HintAdvice, lang: Language) -> dict[str, Any]:
    """The numbers, the suggestion and its reason said in ``lang``, how many opponents, the
    range assumed for the first (the bettor when there is a bet) and for each."""
    advice = hint.advice
    ranges = [
        {"role": one.role, "share": round(one.share, 4), "range": range_phrase(one, lang)}
        | ({"name": one.name} if one.name else {})
        for one in hint.assumed
    ]
    values = hint.values
    return {
        "equity": round(advice.equity, 4),
        "pot_odds": round(advice.pot_odds, 4),
        "action": advice.action,
        "amount": advice.amount,
        "reason": suggestion(advice, lang),
        "opponents": advice.opponents,
        "range": ranges[0]["range"] if ranges else "",
        "ranges": ranges,
        "exact": advice.exact,
        "outs": outs_json(advice.outs),
        "values": values_json(values) if values is not None else [],
        "big_blind": values.big_blind if values is not None else None,
    }


def values_json(values: OptionValues) -> list[dict[str, Any]]:
    """Every option, from the best to the costliest: its ``action``, ``to`` (a bet or
    raise's street total), ``all_in``, ``bluff``, ``value_bb`` (what it wins from now on,
    in big blinds), ``loss_bb`` (against the option it is measured by) and ``grade``."""
    bb = max(values.big_blind, 1)
    return [
        {
            "action": option.action.kind.value,
            "to": option.action.to,
            "all_in": option.all_in,
            "bluff": option.bluff,
            "value_bb": round(option.value / bb, 2),
            "loss_bb": round(values.loss_bb(option), 2),
            "grade": values.grade(option).value,
        }
        for option in sorted(values.options, key=lambda o: -o.value)
    ]


def outs_json(outs: Outs) -> dict[str, Any]:
    """The hand's outs: ``count`` the clean ones, ``cards`` each by kind of hand
    (``groups``), and those that also help the opponents (``tainted``, with why)."""
    return {
        "counted": outs.counted,
        "count": outs.count,
        "cards": [str(card) for card in outs.cards],
        "groups": [
            {"kind": group.category.key, "cards": [str(c) for c in group.cards]}
            for group in outs.groups
        ],
        "tainted": [
            {
                "kind": group.category.key,
                "taint": group.taint.value,
                "cards": [str(c) for c in group.cards],
            }
            for group in outs.tainted
        ],
    }


def line_error(problem: LineProblem, lang: Language) -> str:
    """The refusal of an action line (``coach.action_line``), saying what to write."""
    text = catalog(lang)
    fields: dict[str, object] = dict(problem.fields)
    fields |= {"example": text.text("line.example"), "verbs": text.text("line.verbs")}
    fields.setdefault("option", "--pot")
    if fields.get("name") == "you":
        fields["name"] = text.text("line.you")
    return text.text(f"line.error.{problem.key}", **fields)


def line_mismatch(option: str, line: int, given: int, lang: Language) -> str:
    """The refusal of an option the line contradicts (--pot, --to-call, --players)."""
    return catalog(lang).text("line.error.mismatch", option=option, line=line, given=given)


def line_range_count(given: int, opponents: int, lang: Language) -> str:
    """The refusal of a count of ``--range`` that is neither one nor one per opponent."""
    return catalog(lang).plural("line.error.range_count", opponents, given=given)


def line_simple(key: str, lang: Language, **fields: object) -> str:
    """A refusal of --line with the command's options (``line.error.<key>``)."""
    return catalog(lang).text(f"line.error.{key}", **fields)


def _whole(share: float) -> int:
    """A share as a percentage of at least 1 (a range is never '0 percent of hands')."""
    return max(percent(share), 1)


# ---------------------------------------------------------------- before the flop
# The seats as --position takes them (``commands.hint``), in the order they act.
TYPED_SEATS: Final[dict[Position, str]] = {
    Position.UNDER_THE_GUN: "utg",
    Position.UNDER_THE_GUN_1: "utg1",
    Position.UNDER_THE_GUN_2: "utg2",
    Position.UNDER_THE_GUN_3: "utg3",
    Position.LOJACK: "mp",
    Position.HIJACK: "hj",
    Position.CUTOFF: "co",
    Position.BUTTON: "button",
    Position.BUTTON_SMALL_BLIND: "button",
    Position.SMALL_BLIND: "sb",
    Position.BIG_BLIND: "bb",
}


def preflop_json(hint: PreflopHint, lang: Language) -> dict[str, Any]:
    """The chart's answer for programs, its reason said in ``lang``."""
    spot = hint.spot
    return {
        "street": "preflop",
        "hand": spot.hand,
        "position": TYPED_SEATS[spot.position],
        "players": spot.players,
        "facing": spot.facing,
        "callers": spot.callers,
        "stack_bb": round(hint.stack_bb, 2),
        "to_call": hint.to_call,
        "pot": hint.pot,
        "pot_odds": round(hint.need, 4),
        "action": hint.action,
        "amount": hint.amount,
        "all_in": hint.all_in,
        "chart": hint.line,
        "raise_share": round(hint.raise_share, 4),
        "call_share": round(hint.call_share, 4),
        "rank": round(hint.rank, 4),
        "reason": preflop_first(hint, lang),
    }


def preflop_error(problem: Problem, lang: Language, typed: str = "") -> str:
    """The refusal of a spot before the flop that cannot be (``preflop_chart.problem``)."""
    fields: dict[str, object] = dict(problem.fields)
    if problem.key == "seat":
        fields |= {"position": typed, "seats": seat_list(problem.fields["players"], lang)}
    if problem.key == "callers":
        room = problem.fields["room"]
        return catalog(lang).plural("preflop.error.callers", room, callers=fields["callers"])
    if problem.key.startswith("to_call"):
        fields["option"] = "--to-call"
    return catalog(lang).text(f"preflop.error.{problem.key}", **fields)


def seat_list(players: int, lang: Language) -> str:
    """The --position words of a table of ``players``: 'utg, hj, co, button, sb or bb'."""
    seats = [TYPED_SEATS[seat] for seat in table_positions(players)]
    return narration_catalog(lang).join(seats, "or")


def position_missing(players: int, lang: Language) -> str:
    """The refusal of a spot before the flop with no --position."""
    return catalog(lang).text("preflop.error.position", seats=seat_list(players, lang))


def option_error(option: str, needed: bool, lang: Language) -> str:
    """An option given after the flop that is only for before it, or one the flop needs."""
    if needed:
        example = "--pot 60 --to-call 20 --players 3"
        return catalog(lang).text("preflop.error.needed", option=option, example=example)
    return catalog(lang).text("preflop.error.after_flop", option=option)
