"""The truth checker's turn, end-of-hand and end-of-game sentences (mixed into
tests/truth_checker.py's TruthChecker): what a call costs, the pot, the choices and their
amounts, who may only call or fold after a short all-in, the listener's stack and gain,
the winner and the final standings."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from truth_vocab import NUMBER, number, ordinal

from audiopoker.engine.actions import ActionKind
from audiopoker.engine.events import ActionRequired, Event, GameEnded, HandEnded

if TYPE_CHECKING:
    from truth_state import _Hand

G = dict[str, str | None]
Handler = Callable[[G, Event], list[str]]


class TurnRules:
    lang: str
    listener: int | None
    h: _Hand
    places: dict[int, int]

    rx: Callable[[str], re.Pattern[str]]
    seat: Callable[[str | None], int | None]
    seats_in: Callable[[str], list[int | None]]

    def _turn_rules(self, es: bool) -> list[tuple[re.Pattern[str], Handler]]:
        rules: list[tuple[str, Handler]] = (
            [
                (r"Te toca; hay (?P<pot>{N}) en el bote\.", self._turn),
                (r"Te toca: pagas (?P<call>{N}) para igualar; hay (?P<pot>{N}) en el bote\.",
                 self._turn),
                (r"Te toca: pagar (?P<call>{N}) te deja (?P<ai>all-in); hay (?P<pot>{N}) en el "
                 r"bote\.", self._turn),
                # The room's words (the default vocabulary): seguir, jugar el resto.
                (r"Te toca: para seguir pones (?P<call>{N}); hay (?P<pot>{N}) en el bote\.",
                 self._turn),
                (r"Te toca: seguir con (?P<call>{N}) es (?P<ai>jugar el resto); hay (?P<pot>{N}) "
                 r"en el bote\.", self._turn),
                (r"Puedes (?P<o>.+)\.", self._options),
                (r"(?:(?P<p>{P}) solo puede pagar o retirarse|No puedes subir): el all-in corto "
                 r"no reabre las apuestas\.", self._not_reopened),
                # The room's words: seguir, irse, and the short all-in is "el resto corto".
                (r"(?:(?P<p>{P}) solo puede seguir o irse|No puedes subir): el resto corto "
                 r"no reabre las apuestas\.", self._not_reopened),
            ]
            if es
            else [
                (r"Your turn, with (?P<pot>{N}) in the pot\.", self._turn),
                (r"Your turn: (?P<call>{N}) to call, with (?P<pot>{N}) in the pot\.", self._turn),
                (r"Your turn: calling (?P<call>{N}) puts you (?P<ai>all in), with (?P<pot>{N}) "
                 r"in the pot\.", self._turn),
                (r"You can (?P<o>.+)\.", self._options),
                (r"(?:(?P<p>{P}) may only call or fold|You cannot raise): the short all-in does "
                 r"not reopen the betting\.", self._not_reopened),
            ]
        )  # fmt: skip
        return [(self.rx(pattern), handler) for pattern, handler in rules]

    def _end_rules(self, es: bool) -> list[tuple[re.Pattern[str], Handler]]:
        rules: list[tuple[str, Handler]] = (
            [
                (r"Fin de la mano (?P<n>{N})\.", self._hand_end),
                (
                    r"Ahora tienes (?P<s>{N})(?: fichas?)?, (?P<d>{N}) (?P<sign>más|menos)\.",
                    self._mine,
                ),
                (r"Sigues con (?P<s>{N})(?: fichas?)?\.", self._mine),
            ]
            if es
            else [
                (r"End of hand (?P<n>{N})\.", self._hand_end),
                (
                    r"You now have (?P<s>{N})(?: chips?)?, (?P<d>{N}) (?P<sign>more|fewer)\.",
                    self._mine,
                ),
                (r"You still have (?P<s>{N})(?: chips?)?\.", self._mine),
            ]
        )
        return [(self.rx(pattern), handler) for pattern, handler in rules]

    def _game_rules(self, es: bool) -> list[tuple[re.Pattern[str], Handler]]:
        rules: list[tuple[str, Handler]] = (
            [
                (r"Fin de la partida: (?:gana (?P<p>{P})|ganas(?: tú)?), con (?P<n>{N}) fichas\.",
                 self._game_winner),
                (r"Clasificación final: (?P<list>.+)\.", self._standings),
            ]
            if es
            else [
                (r"Game over: (?P<p>{P}) wins? with (?P<n>{N}) chips\.", self._game_winner),
                (r"Final standings: (?P<list>.+)\.", self._standings),
            ]
        )  # fmt: skip
        return [(self.rx(pattern), handler) for pattern, handler in rules]

    # ----------------------------------------------------------------- turns

    def _turn(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, ActionRequired)
        legal, out = e.legal, []
        if e.seat != self.listener:
            out.append(f"'your turn' said for seat {e.seat}")
        if number(g["pot"] or "") != legal.pot:
            out.append(f"pot {g['pot']}: it is {legal.pot}")
        call = number(g["call"]) if g.get("call") else 0
        if call != legal.to_call:
            out.append(f"to call {call}: it is {legal.to_call}")
        if (g.get("ai") is not None) != legal.call_is_all_in:
            out.append(f"call all-in said {g.get('ai') is not None}: {legal.call_is_all_in}")
        return out

    def _options(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, ActionRequired)
        legal, text = e.legal, (g["o"] or "").lower()
        words = {
            "check": r"\b(?:pasar|ver|check)\b",
            "call": r"\b(?:pagar|seguir|call)\b",
            "bet": r"\b(?:apostar|bet|ir all-in|jugar el resto|go all in)\b",
            "raise": r"\b(?:subir|raise)\b",
        }
        said = {key: bool(re.search(rx, text)) for key, rx in words.items()}
        truth = {
            "check": legal.can_check,
            "call": legal.can_call,
            "bet": legal.raise_kind is ActionKind.BET,
            "raise": legal.raise_kind is ActionKind.RAISE,
        }
        out = [f"{k} offered {said[k]}, legal {truth[k]}" for k in words if said[k] != truth[k]]
        amounts = [number(n) for n in re.findall(NUMBER, text)]
        if legal.raise_kind is not None:
            low, high = legal.min_raise_to, legal.max_raise_to
            if amounts not in ([low, high], [high] if low == high else None):
                out.append(f"amounts {amounts}: legal {low} to {high}")
        elif amounts:
            out.append(f"amounts {amounts} said with no bet or raise")
        call_all_in = bool(
            re.search(r"(?:pagar y quedarte|call) all[- ]in|seguir jugando el resto", text)
        )
        if call_all_in != legal.call_is_all_in:
            out.append(f"call all-in said {call_all_in}: {legal.call_is_all_in}")
        return out

    def _not_reopened(self, g: G, e: Event) -> list[str]:
        """Who already acted since the last full bet or raise and now faces a short all-in
        may only call or fold (recomputed from the log, then the engine's choices)."""
        assert isinstance(e, ActionRequired)
        seat, legal, h = self.seat(g.get("p")), e.legal, self.h
        out = [] if seat == e.seat else [f"said of seat {seat}, seat {e.seat} acts"]
        if h.acted.get(e.seat, -2) < h.last_full:
            out.append("this player has not acted since the last full raise")
        if legal.raise_kind is not None or legal.to_call == 0 or legal.call_is_all_in:
            out.append(f"the engine's choices disagree: {legal}")
        return out

    # ----------------------------------------------------------------- ends

    def _hand_end(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, HandEnded)
        return [] if number(g["n"] or "") == e.hand_number else [f"hand {e.hand_number}"]

    def _mine(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, HandEnded)
        if self.listener is None:
            return ["'you' said to a spectator"]
        stack, net = e.stacks[self.listener], e.net[self.listener]
        assert self.h.start is not None
        start = self.h.start.stacks[self.listener]
        out = [] if stack == start + net else [f"engine: {start} + {net} != {stack}"]
        if number(g["s"] or "") != stack:
            out.append(f"stack {g['s']}: it is {stack}")
        sign = -1 if g.get("sign") in ("menos", "fewer") else 1
        said = sign * number(g["d"]) if g.get("d") else 0
        return out + ([] if said == net else [f"gain {said}: it is {net}"])

    def _game_winner(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, GameEnded)
        seat = self.seat(g.get("p"))
        best = max(e.stacks)
        out = [] if e.winners == (seat,) and e.stacks[seat] == best else [f"won by {e.winners}"]
        return out + ([] if number(g["n"] or "") == best else [f"with {best} chips"])

    def _standings(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, GameEnded)
        out, seen = [], []
        for entry in (g["list"] or "").split("; "):
            found = re.match(
                r"(\w+), (.+?)(?:,? (?:con|with) ({N}))?$".replace("{N}", NUMBER), entry
            )
            named = self.seats_in(found.group(2)) if found else []
            if not found or len(named) != 1 or named[0] is None:
                out.append(f"cannot read {entry!r}")
                continue
            seat = named[0]
            seen.append(seat)
            alive = [s for s, stack in enumerate(e.stacks) if stack > 0]
            place = self.places.get(seat) or 1 + sum(
                1 for s in alive if e.stacks[s] > e.stacks[seat]
            )
            if ordinal(self.lang, found.group(1)) != place:
                out.append(f"{entry!r}: place {place}")
            if found.group(3) is not None and number(found.group(3)) != e.stacks[seat]:
                out.append(f"{entry!r}: {e.stacks[seat]} chips")
        everyone = [s for s in range(len(e.stacks)) if s in self.places or e.stacks[s] > 0]
        return out + ([] if sorted(seen) == sorted(everyone) else [f"standings miss {everyone}"])
