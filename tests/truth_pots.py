"""The truth checker's pot sentences (mixed into tests/truth_checker.py's TruthChecker):
who wins each pot and how much, splits and odd chips, ties naming every tied player, who
beats whom and by which card."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from truth_vocab import (
    category_in,
    count,
    decider_problem,
    describe_problem,
    number,
    ordinal,
    ranks_in,
)

from audiopoker.engine.events import Event, PotAwarded
from audiopoker.evaluator import HandValue

if TYPE_CHECKING:
    from truth_state import _Hand

G = dict[str, str | None]
Handler = Callable[[G, Event], list[str]]


class PotRules:
    lang: str
    listener: int | None
    h: _Hand
    P: str

    rx: Callable[[str], re.Pattern[str]]
    seat: Callable[[str | None], int | None]
    seats_in: Callable[[str], list[int | None]]

    def _pot_rules(self, es: bool) -> list[tuple[re.Pattern[str], Handler]]:
        which = (r"(?P<w>El bote de|Bote principal,|Bote secundario,|\w+ bote secundario,)"
                 if es else r"(?P<w>The pot of|Main pot,|Side pot,|\w+ side pot,)")  # fmt: skip
        rank = r"(?:\w+)"
        if es:
            rules: list[tuple[str, Handler]] = [
                (
                    r"(?:(?P<p>{P}) se lleva|Te llevas) el bote de (?P<n>{N})(?: con (?P<h>.+))?\.",
                    self._single,
                ),
                (
                    # "se van", the room's words; "se retiran", poker Spanish
                    r"Todos los demás se (?:retiran|van): "
                    r"(?:(?P<p>{P}) (?:recupera|se lleva)|recuperas|te llevas)"
                    r"(?:.*? (?P<r>{N})(?: fichas?)? que nadie igualó y (?:se|te) llevas?)?"
                    r"(?: el bote de (?P<n>{N}))?\.",
                    self._walk,
                ),
                (which + r" (?P<n>{N}): (?:gana (?P<p>{P})|ganas) con (?P<h>.+)\.", self._named),
                (which + r" (?P<n>{N}): (?:se lo lleva (?P<p>{P})|te lo llevas)\.", self._named),
                (
                    which + r" (?P<n>{N}),? se reparte entre (?P<names>.+?): (?P<sh>.+)\.",
                    self._split,
                ),
                (
                    r"Las? fichas? sobrantes? (?:es|son) para (?P<names>.+?), "
                    r"(?:por estar|los) .*\.",
                    self._odd,
                ),
                (
                    r"(?:Le ganas a (?P<q2>{P})|(?P<p>{P}) le gana a (?P<q>{P})|"
                    r"(?P<p2>{P}) te gana)"
                    r": (?P<a>.+) contra (?P<b>.+)\.",
                    self._beats,
                ),
                (
                    rf"(?:(?:El|La) (?P<r1>{rank}) de (?P<p>{{P}})|Tu (?P<r1y>{rank})) le gana "
                    rf"(?:al|a la) (?P<r2>{rank}) de (?P<q>{{P}})\.",
                    self._kicker,
                ),
                (
                    rf"(?:El|La) (?P<r1>{rank}) de (?P<p>{{P}}) le gana a tu (?P<r2>{rank})\.",
                    self._kicker,
                ),
                (r"(?:El|La) (?P<a>[^,]+?) le gana (?:a la|al) (?P<b>[^,]+)\.", self._categories),
                (
                    r"Empate(?: a (?P<c>\w+))? entre (?P<names>.+?)(?:, con |, jugando la mesa: )"
                    r"(?P<h>.+)\.",
                    self._tie,
                ),
                (
                    r"(?P<names>.+?) (?:tienen|juegan la mesa)[:,]? (?P<h>.+?)[:,] empate\.",
                    self._tie,
                ),
                (r"Los (?P<c>\w+) tienen (?P<h>[^;:]+)[;:] (?P<rest>.+)\.", self._same),
                (r"(?:(?P<p>{P}) pierde|Pierdes) con (?P<h>.+)\.", self._loses),
            ]
        else:
            rules = [
                (r"(?P<p>{P}) wins? the pot of (?P<n>{N})(?: with (?P<h>.+))?\.", self._single),
                (
                    r"Everyone else folds: (?P<p>{P}) "
                    r"(?:gets? back (?P<r>{N}) (?:uncalled chips?|that nobody called) and )?"
                    r"(?:wins?|takes?) (?:the pot of (?P<n>{N})|the blinds)\.",
                    self._walk,
                ),
                (which + r" (?P<n>{N}): (?P<p>{P}) wins? with (?P<h>.+)\.", self._named),
                (which + r" (?P<n>{N}): (?P<p>{P}) wins? it\.", self._named),
                (
                    which + r" (?P<n>{N}),? is split between (?P<names>.+?): (?P<sh>.+)\.",
                    self._split,
                ),
                (r"The odd chips? go(?:es)? to (?P<names>.+?), closest .*\.", self._odd),
                (r"(?P<p>{P}) beats? (?P<q>{P}): (?P<a>.+) against (?P<b>.+)\.", self._beats),
                (
                    rf"(?:(?P<p>{{P}})'s|Your) (?P<r1>{rank}) beats (?:(?P<q>{{P}})'s|your) "
                    rf"(?P<r2>{rank})\.",
                    self._kicker,
                ),
                (r"(?:An? )?(?P<a>[^,:]+?) beats (?P<b>[^,:]+)\.", self._categories),
                (
                    r"(?P<names>.+?) (?:both|all) have (?P<h>.+?): a (?:(?P<c>\w+)-way )?tie\.",
                    self._tie,
                ),
                (
                    r"(?P<names>.+?) (?:both|all) play the board: (?P<h>.+?)(?:,? a (?P<c>\w+)-way "
                    r"tie)?\.",
                    self._tie,
                ),
                (r"(?:Both|All (?P<c>\w+)) have (?P<h>[^;:]+)[;:] (?P<rest>.+)\.", self._same),
                (r"(?P<p>{P}) loses? with (?P<h>.+)\.", self._loses),
            ]
        return [(self.rx(pattern), handler) for pattern, handler in rules]

    # ----------------------------------------------------------------- helpers

    def _value(self, seat: int | None) -> HandValue | None:
        return self.h.values.get(seat) if seat is not None else None

    def _shown_in(self, e: PotAwarded) -> dict[int, HandValue]:
        return {s: self.h.values[s] for s in e.eligible if s in self.h.values}

    def _which(self, w: str | None, e: PotAwarded) -> list[str]:
        pots = len(self.h.pots)
        word = (w or "").rstrip(",").lower()
        if word in ("el bote de", "the pot of"):
            return [] if pots == 1 else [f"'the pot' but there are {pots} pots"]
        if word in ("bote principal", "main pot"):
            return [] if e.pot_index == 0 and pots > 1 else [f"pot {e.pot_index} of {pots}"]
        if word in ("bote secundario", "side pot"):
            return [] if e.pot_index == 1 and pots == 2 else [f"pot {e.pot_index} of {pots}"]
        said = ordinal(self.lang, word.split()[0])
        return [] if said == e.pot_index else [f"side pot {said}: it is pot {e.pot_index}"]

    def _amount(self, n: str | None, e: PotAwarded) -> list[str]:
        if n is None:
            return []
        said = number(n)
        if said == 0:
            return ["absurd: a pot of 0"]
        return [] if said == e.amount else [f"pot of {said}: it is {e.amount}"]

    def _winner(self, p: str | None, e: PotAwarded) -> list[str]:
        seat = self.seat(p)
        return [] if e.winners == (seat,) else [f"winner said {seat}, true {e.winners}"]

    def _desc(self, text: str | None, seat: int | None, kicker: bool = False) -> list[str]:
        """Why ``text`` is not seat's hand; ``kicker`` when the hand is named on its own (the
        winner's, a tie's), where its first kicker must be said."""
        value = self._value(seat)
        if text is None:
            return []
        if value is None:
            return [f"a hand is said for seat {seat}, who showed none"]
        problem = describe_problem(self.lang, text, value, kicker=kicker)
        return [problem] if problem else []

    # ----------------------------------------------------------------- handlers

    def _single(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        out = self._which("the pot of", e) + self._amount(g["n"], e) + self._winner(g["p"], e)
        return out + self._desc(g.get("h"), self.seat(g["p"]), kicker=True)

    def _walk(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        out = self._amount(g.get("n"), e) + self._winner(g.get("p"), e)
        if not e.uncontested:
            out.append("'everyone else folds' but the pot was contested")
        seat = self.seat(g.get("p"))
        back = self.h.returned.get(seat, 0) if seat is not None else 0
        if g.get("r") is not None and number(g["r"] or "") != back:
            out.append(f"gets back {g['r']}: got back {back}")
        return out

    def _named(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        out = self._which(g["w"], e) + self._amount(g["n"], e) + self._winner(g["p"], e)
        return out + self._desc(g.get("h"), self.seat(g["p"]), kicker=True)

    def _split(self, g: G, e: PotAwarded | Any) -> list[str]:
        out = self._which(g["w"], e) + self._amount(g["n"], e)
        named = self.seats_in(g["names"] or "")
        if sorted(s for s in named if s is not None) != sorted(e.winners):
            out.append(f"split between {named}: the winners are {e.winners}")
        shares = dict(zip(e.winners, e.shares, strict=True))
        sh = g["sh"] or ""
        each = re.fullmatch(r"(.+?) (?:para cada uno|each)", sh)
        if each:
            if set(shares.values()) != {number(each.group(1))}:
                out.append(f"shares are {e.shares}")
        else:
            for amount, who in re.findall(rf"([\d.,]+) (?:para|to) ({self.P}|ti|you)", sh):
                seat = self.listener if who in ("ti", "you") else self.seat(who)
                if shares.get(seat) != number(amount):  # type: ignore[arg-type]
                    out.append(f"{who} gets {shares.get(seat)}")  # type: ignore[arg-type]
        return out

    def _odd(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        named = self.seats_in(g["names"] or "")
        return [] if named == list(e.odd_chip_seats) else [f"odd chips to {e.odd_chip_seats}"]

    def _beats(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        p = self.seat(g.get("p") or g.get("p2")) if g.get("q2") is None else self.listener
        q = self.seat(g.get("q") or g.get("q2")) if g.get("p2") is None else self.listener
        vp, vq = self._value(p), self._value(q)
        if vp is None or vq is None or not vp > vq:
            return [f"seat {p} does not beat seat {q}"]
        out = self._desc(g["a"], p) + self._desc(g["b"], q)
        if p in e.winners and len(e.winners) > 1:
            out.append(f"incomplete: {e.winners} tie; it names only seat {p}")
        if q not in e.eligible:
            out.append(f"seat {q} is not in this pot")
        return out

    def _kicker(self, g: G, e: Event) -> list[str]:
        p = self.seat(g.get("p")) if g.get("r1y") is None else self.listener
        q = self.seat(g.get("q"))
        vp, vq = self._value(p), self._value(q)
        if vp is None or vq is None or not vp > vq:
            return [f"seat {p} does not beat seat {q}"]
        r1 = ranks_in(self.lang, g.get("r1") or g.get("r1y") or "")
        r2 = ranks_in(self.lang, g.get("r2") or "")
        for a, b in zip(vp.best, vq.best, strict=True):
            if a.rank != b.rank:
                if r1 == [a.rank] and r2 == [b.rank]:
                    return []
                return [f"the deciding cards are {a.rank.name} against {b.rank.name}"]
        return ["equal hands: no card decides"]

    def _categories(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        a, b = category_in(self.lang, g["a"] or ""), category_in(self.lang, g["b"] or "")
        shown = self._shown_in(e)
        if a is None or b is None or not shown or e.winning_value is None:
            return [f"not a comparison of categories ({a}, {b})"]
        out = [] if a[0] is e.winning_value.category else [f"wins with {e.winning_value}"]
        losers = {v.category for s, v in shown.items() if s not in e.winners}
        return out + ([] if b[0] in losers else [f"no loser has {b[0].name}"])

    def _tie(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        named = self.seats_in(g["names"] or "")
        out = []
        if sorted(s for s in named if s is not None) != sorted(e.winners):
            out.append(f"tie named {named}: the tied winners are {e.winners}")
        said = count(self.lang, g["c"]) if g.get("c") else None
        if g.get("c") and said != len(e.winners):
            out.append(f"count {g['c']}: {len(e.winners)} tie")
        for seat in e.winners:
            out += self._desc(g["h"], seat, kicker=True)
        return out

    def _same(self, g: G, e: Event) -> list[str]:
        """Both have X; the kicker decides: as many hands as said have X, and the card
        said to decide is the first that differs between the winner and the runner-up (of
        three or more, with one of the beaten hands: they may differ at different cards)."""
        assert isinstance(e, PotAwarded)
        said = count(self.lang, g.get("c") or "both")
        shown = self._shown_in(e)
        alike = [s for s, v in shown.items() if not describe_problem(
            self.lang, g["h"] or "", v)]  # fmt: skip
        out = [] if said == len(alike) else [f"{said} said to have it: {len(alike)} do"]
        beaten = sorted((s for s in alike if s not in e.winners), key=lambda s: -shown[s].strength)
        if len(e.winners) != 1 or e.winners[0] not in alike or not beaten:
            return [*out, f"'{g['rest']}' said without one winner and a beaten hand alike"]
        winner = shown[e.winners[0]]
        problems = [
            decider_problem(self.lang, g["h"] or "", g["rest"] or "", winner, shown[seat])
            for seat in (beaten if len(alike) > 2 else beaten[:1])
        ]
        return out + ([] if "" in problems else problems[:1])

    def _loses(self, g: G, e: Event) -> list[str]:
        assert isinstance(e, PotAwarded)
        seat = self.seat(g.get("p"))
        out = [] if seat in e.eligible and seat not in e.winners else [f"seat {seat} loses?"]
        return out + self._desc(g["h"], seat)
