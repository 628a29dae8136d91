"""The truth checker's position sentences (mixed into tests/truth_checker.py's
TruthChecker): the listener's own position and what it means, and a spectator's list of
every seat between the big blind and the button. Positions are recomputed here from the
HandStarted alone (the seats with chips, the button, the blinds), with dead buttons and
missing small blinds, without the narration's table of names. Spanish is read in both
vocabularies: poker Spanish names the position ("Estás en el hijack: dos asientos antes
del botón"), the room's words say only what it means ("Estás dos asientos antes del
botón.")."""

from __future__ import annotations

import re
from collections.abc import Callable

from truth_vocab import count, ordinal

from audiopoker.engine.events import Event, HandStarted

G = dict[str, str | None]
Handler = Callable[[G, Event], list[str]]

# Position words as said, to the checker's own names.
_WORDS: dict[str, dict[str, str]] = {
    "es": {
        "UTG": "utg",
        "UTG más uno": "utg+1",
        "UTG más dos": "utg+2",
        "UTG más tres": "utg+3",
        "el lojack": "lojack",
        "el hijack": "hijack",
        "el cutoff": "cutoff",
    },
    "en": {
        "under the gun": "utg",
        "under the gun plus one": "utg+1",
        "under the gun plus two": "utg+2",
        "under the gun plus three": "utg+3",
        "in the lojack": "lojack",
        "in the hijack": "hijack",
        "in the cutoff": "cutoff",
    },
}
# The room's words (the default Spanish): a position is what it means, said with a verb
# ("Diego habla primero", "Inés está justo antes del botón"); read into the same names.
_ROOM = (
    r"habla (?:(?P<first>primero)|en (?P<o>\w+) lugar)"
    r"|está (?:(?P<c>\w+) asientos|(?P<just>justo)) antes del botón"
)
_ROOM_BEFORE = {3: "lojack", 2: "hijack"}  # seats before the button


def room_name(g: dict[str, str | None]) -> str:
    """The checker's name for a position said in the room's words (matched by _ROOM)."""
    if g.get("first") is not None:
        return "utg"
    if g.get("o") is not None:
        return f"utg+{(ordinal('es', g['o'] or '') or 0) - 1}"
    if g.get("c") is not None:
        seats = count("es", g["c"] or "")
        return _ROOM_BEFORE.get(seats or 0, f"{seats} seats before the button")
    return "cutoff"


def true_positions(start: HandStarted) -> tuple[dict[int, str], list[int]]:
    """Every dealt-in seat's position, and the seats between the big blind and the button
    in the order they act before the flop. A seat is dealt in when it has chips."""
    count_ = len(start.stacks)
    playing = [seat for seat in range(count_) if start.stacks[seat] > 0]
    names: dict[int, str] = {start.big_blind: "big_blind"}
    if start.small_blind is not None:
        names[start.small_blind] = "small_blind"
    if start.button in playing:
        heads_up = len(playing) == 2
        names[start.button] = "button_small_blind" if heads_up else "button"
    # Clockwise from the seat after the big blind: the order of play before the flop.
    clockwise = [(start.big_blind + step) % count_ for step in range(1, count_)]
    middle = [seat for seat in clockwise if seat in playing and seat not in names]
    for index, seat in enumerate(middle):
        from_end = len(middle) - 1 - index
        if index == 0:
            names[seat] = "utg"
        elif from_end == 0:
            names[seat] = "cutoff"
        elif from_end == 1:
            names[seat] = "hijack"
        elif from_end == 2:
            names[seat] = "lojack"
        else:
            names[seat] = f"utg+{index}"
    return names, middle


class PositionRules:
    lang: str
    listener: int | None
    P: str

    rx: Callable[[str], re.Pattern[str]]
    seat: Callable[[str | None], int | None]

    def _position_rules(self, es: bool) -> list[tuple[re.Pattern[str], Handler]]:
        words = "|".join(sorted(map(re.escape, _WORDS[self.lang]), key=len, reverse=True))
        rules: list[tuple[str, Handler]] = (
            [
                (rf"Estás en (?P<pos>{words})(?P<rest>[:,]? .+)\.", self._my_position),
                (r"(?:Hablas (?:(?P<first>primero)|en (?P<o>\w+) lugar) antes del flop"
                 r"|Estás (?:(?P<c>\w+) asientos|(?P<just>justo)) antes del botón(?P<dead>, que "
                 r"está en un asiento vacío: hablas el último después del flop)?)\.",
                 self._my_room_position),
                (r"Posiciones: (?P<list>.+)\.", self._seat_positions),
            ]
            if es
            else [
                (rf"You are (?P<pos>{words})(?P<rest>[:,]? .+)\.", self._my_position),
                (r"Positions: (?P<list>.+)\.", self._seat_positions),
            ]
        )  # fmt: skip
        return [(self.rx(pattern), handler) for pattern, handler in rules]

    def _my_position(self, g: G, e: Event) -> list[str]:
        """'You are in the hijack: two seats before the button.'"""
        assert isinstance(e, HandStarted)
        names, middle = true_positions(e)
        seat = self.listener
        if seat is None:
            return ["'you are' said to a spectator"]
        said = _WORDS[self.lang][g["pos"] or ""]
        truth = names.get(seat)
        out = [] if said == truth else [f"position said {said}, true {truth}"]
        if seat not in middle:
            return out
        return out + self._position_meaning(g["rest"] or "", middle.index(seat), len(middle), e)

    def _my_room_position(self, g: G, e: Event) -> list[str]:
        """'Estás dos asientos antes del botón.': the position is its meaning (the room's
        words); the cutoff before an empty button says so and that it acts last."""
        assert isinstance(e, HandStarted)
        names, _ = true_positions(e)
        if self.listener is None:
            return ["'you are' said to a spectator"]
        said, truth = room_name(g), names.get(self.listener)
        out = [] if said == truth else [f"position said {said}, true {truth}"]
        if said == "cutoff" and (g.get("dead") is not None) != (e.stacks[e.button] <= 0):
            out.append(f"the button's seat is empty: {e.stacks[e.button] <= 0}")
        elif said != "cutoff" and g.get("dead") is not None:
            out.append("an empty button said of a seat not just before it")
        return out

    def _position_meaning(self, rest: str, index: int, seats: int, e: HandStarted) -> list[str]:
        """What the position means: the order of play before the flop, the seats before
        the button, or (the cutoff) whether the button is on an empty seat."""
        es = self.lang == "es"
        button_live = e.stacks[e.button] > 0
        first = ": hablas primero antes del flop" if es else ": first to act before the flop"
        nth = (r": hablas en (?P<o>\w+) lugar antes del flop" if es
               else r": (?P<o>\w+) to act before the flop")  # fmt: skip
        before = (r": (?P<c>\w+) asientos antes del botón" if es
                  else r": (?P<c>\w+) seats before the button")  # fmt: skip
        just = (": el asiento justo antes del botón" if es
                else ": the seat just before the button")  # fmt: skip
        dead = (
            " y el botón está en un asiento vacío: hablas el último después del flop"
            if es
            else ", and the button is on an empty seat: you act last after the flop"
        )
        from_end = seats - 1 - index
        if rest == first:
            return [] if index == 0 else [f"acts {index + 1}th before the flop"]
        if match := re.fullmatch(nth, rest):
            said = ordinal(self.lang, match["o"])
            return [] if said == index + 1 else [f"acts {index + 1}th before the flop"]
        if match := re.fullmatch(before, rest):
            said = count(self.lang, match["c"])
            return [] if said == from_end + 1 else [f"{from_end + 1} seats before the button"]
        if rest == just:
            ok = from_end == 0 and button_live
            return [] if ok else ["not the seat just before a seated button"]
        if rest == dead:
            return [] if from_end == 0 and not button_live else ["the button is not empty"]
        return [f"position meaning not understood: {rest!r}"]

    def _seat_positions(self, g: G, e: Event) -> list[str]:
        """'Positions: Diego under the gun, Elena in the hijack and Inés in the cutoff.':
        every seat between the big blind and the button, rightly named, in order."""
        assert isinstance(e, HandStarted)
        names, middle = true_positions(e)
        words = _WORDS[self.lang]
        alts = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
        if self.lang == "es":  # poker Spanish ("Diego en UTG") or the room's words
            item = re.compile(rf"(?P<p>{self.P}) (?:en (?P<w>{alts})|{_ROOM})")
        else:
            item = re.compile(rf"(?P<p>{self.P}) (?P<w>{alts})")
        link = r", | y | e | and "
        said: list[tuple[int | None, str | None]] = []
        for text in re.split(link, g["list"] or ""):
            found = item.fullmatch(text)
            if found is None:
                said.append((None, text))
                continue
            name = words[found["w"]] if found["w"] is not None else room_name(found.groupdict())
            said.append((self.seat(found["p"]), name))
        truth = [(seat, names[seat]) for seat in middle]
        return [] if said == truth else [f"positions are {truth}"]
