"""What the listener may do on their turn, in words: "call, raise to between 8 and 200,
or fold". The engine's LegalActions decide; this only says them."""

from __future__ import annotations

from audiopoker.engine.actions import ActionKind, LegalActions
from audiopoker.narration.amounts import Amounts
from audiopoker.narration.catalog import Catalog


def choices_text(catalog: Catalog, legal: LegalActions, amounts: Amounts | None = None) -> str:
    """The legal choices joined with "or", the bet or raise with its range (its minimum is
    the minimum raise; the unit, in big blinds, said once at its end), or "go all in" when
    that is the only size left."""
    amounts = amounts if amounts is not None else Amounts()
    choices: list[str] = []
    if legal.can_check:
        choices.append(catalog.text("choice.check"))
    elif legal.can_call:
        choices.append(
            catalog.text("choice.call_all_in" if legal.call_is_all_in else "choice.call")
        )
    if legal.raise_kind is not None:
        verb = "bet" if legal.raise_kind is ActionKind.BET else "raise"
        low = amounts.figure(legal.min_raise_to, catalog.lang)
        high = amounts.say(legal.max_raise_to, catalog.lang)
        if legal.min_raise_to >= legal.max_raise_to:
            choices.append(catalog.text(f"choice.{verb}_all_in", amount=high))
        else:
            choices.append(catalog.text(f"choice.{verb}", minimum=low, maximum=high))
    if not legal.can_check:
        choices.append(catalog.text("choice.fold"))
    return catalog.join(choices, "or")
