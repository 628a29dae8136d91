"""A truth checker for the narration that knows nothing of the narration code.

Given one hand's engine events and the sentences said for each event, it recomputes every
claim a sentence makes from the event log (amounts, pots and their winners, ties, hands
and their best five with audiopoker.evaluator, who beats whom and by which card, places)
and records a finding for a sentence that is false, incomplete or absurd. Sentences are
parsed with this file's own patterns (truth_vocab.py holds the words); a sentence no
pattern knows is counted as unchecked by its shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from truth_amounts import BigBlindAmounts
from truth_positions import PositionRules
from truth_pots import PotRules
from truth_state import Report, _Hand, sentences_of
from truth_turns import TurnRules
from truth_vocab import (
    NUMBER,
    cards_in,
    category_in,
    describe_problem,
    number,
    ordinal,
    ranks_in,
)

from audiopoker.cards import Card
from audiopoker.engine.actions import ActionKind
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindKind,
    BlindPosted,
    Event,
    GameEnded,
    HandEnded,
    HandRevealed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PotAwarded,
    StreetDealt,
)
from audiopoker.errors import ErrorReason
from audiopoker.evaluator import best_hand

Rule = tuple[re.Pattern[str], Callable[[dict[str, str | None], Event], list[str]]]


class TruthChecker(PotRules, TurnRules, PositionRules, BigBlindAmounts):
    """Checks the sentences said for one listener (None: a spectator) in one language."""

    def __init__(
        self, names: Sequence[str], lang: str, listener: int | None, big_blinds: bool = False
    ) -> None:
        self.names, self.lang, self.listener = list(names), lang, listener
        # Amounts said in big blinds: each is turned back into chips before the rules read
        # the sentence (``in_chips``), so one set of rules checks both units.
        self.big_blinds = big_blinds
        you = r"|You|you" if lang == "en" else ""
        alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        self.P = rf"(?:{alts}{you})"
        self.report = Report()
        self.places: dict[int, int] = {}  # recomputed finishing places
        self.h = _Hand()
        self.rules: dict[type[Event], list[Rule]] = {}
        self._build_rules()

    # ----------------------------------------------------------------- helpers

    def seat(self, who: str | None) -> int | None:
        """The seat a subject names; None or "you" is the listener."""
        if who is None or who.lower() in ("you", "tú"):
            return self.listener
        return self.names.index(who)

    def seats_in(self, text: str) -> list[int | None]:
        """Every seat named in a list ("Ana, Beto y tú", "you and Ana")."""
        found: list[int | None] = []
        for word in re.findall(self.P + r"|\b(?:tú|tu|ti|your)\b", text):
            found.append(self.seat(word) if word.lower() not in ("tu", "ti", "your") else None)
        return [self.listener if s is None else s for s in found]

    def rx(self, pattern: str) -> re.Pattern[str]:
        return re.compile("^" + pattern.replace("{P}", self.P).replace("{N}", NUMBER) + "$")

    # ----------------------------------------------------------------- feeding

    def hand(self, events: Sequence[Event], said: Sequence[Sequence[str]], label: str) -> None:
        """Check one hand: ``said[i]`` holds the message texts said for ``events[i]``."""
        self.h = _Hand()
        self.report.hands += 1
        # The whole hand is known first: a pot's sentence may speak of later pots.
        for event in events:
            if isinstance(event, PotAwarded):
                self.h.pots.append(event)
            if isinstance(event, PlayerEliminated):
                self.h.eliminated.append(event)
        if self.big_blinds:
            start = next((e for e in events if isinstance(e, HandStarted)), None)
            big = start.big_blind_amount if start is not None else 0
            said = [[self.in_chips(text, big, label) for text in texts] for texts in said]
        pot_sentences: list[str] = []
        for event, texts in zip(events, said, strict=True):
            self._before(event)
            for text in texts:
                for sentence in sentences_of(text):
                    self._check(event, sentence, label)
            self._due(event, texts, label)
            if isinstance(event, PotAwarded):
                pot_sentences += [s for text in texts for s in sentences_of(text)]
            self._after(event)
        self._every_beaten_named(pot_sentences, label)

    # ----------------------------------------------------------------- what must be said

    def _due(self, event: Event, texts: Sequence[str], label: str) -> None:
        """Sentences that must be said (at normal verbosity), not only true when said: the
        short all-in note after a bet or raise all in for less than a full one, and at a
        turn the short all-in's 'may only call or fold' (recomputed from the log: the seat
        acted since the last full bet or raise, and the engine refuses its raise for it)."""
        said = " ".join(texts)
        if (
            isinstance(event, ActionTaken)
            and event.all_in
            and event.kind in (ActionKind.BET, ActionKind.RAISE)
            and not event.full_raise
            and not re.search(r"No es una subida completa|Not a full raise|No llega a una "
                              r"apuesta completa|Less than a full bet", said)
        ):  # fmt: skip
            self.report.findings.append(f"{label}: {event}: the short all-in note is missing")
        if isinstance(event, ActionRequired):
            legal = event.legal
            restricted = (
                self.h.acted.get(event.seat, -2) >= self.h.last_full
                and legal.to_call > 0
                and legal.raise_kind is None
                and legal.raise_block is ErrorReason.RAISE_NOT_REOPENED
            )
            if restricted and not re.search(r"no reabre las apuestas|does not reopen", said):
                self.report.findings.append(
                    f"{label}: seat {event.seat}'s turn: 'may only call or fold' is missing"
                )

    def _every_beaten_named(self, sentences: Sequence[str], label: str) -> None:
        """A showdown of three or more hands names every beaten player somewhere in what is
        said of the pots ("Elena beats Fabio" alone, when Inés lost too, is incomplete)."""
        text = " ".join(sentences)
        for pot in self.h.pots:
            shown = [s for s in pot.eligible if s in self.h.values]
            if pot.winning_value is None or len(shown) < 3:
                continue
            for seat in shown:
                if seat in pot.winners:
                    continue
                if seat == self.listener:
                    named = re.search(r"\b(?:[Yy]ou|your|[Pp]ierdes|te gana|tu)\b", text)
                else:
                    named = re.search(rf"\b{re.escape(self.names[seat])}\b", text)
                if not named:
                    self.report.findings.append(
                        f"{label}: pot {pot.pot_index}: beaten seat {seat} is never named"
                    )

    def _check(self, event: Event, sentence: str, label: str) -> None:
        self.report.sentences += 1
        for pattern, handler in self.rules.get(type(event), []):
            match = pattern.match(sentence)
            if match:
                self.report.checked += 1
                for problem in handler(match.groupdict(), event):
                    self.report.findings.append(f"{label}: {sentence!r}: {problem}")
                return
        shape = re.sub(self.P, "P", sentence)
        shape = re.sub(NUMBER, "N", shape)
        self.report.unchecked[f"{type(event).__name__}: {shape}"] += 1

    def _before(self, event: Event) -> None:
        h = self.h
        if isinstance(event, HandStarted):
            h.start = event
        elif isinstance(event, StreetDealt):
            h.board = event.board
            h.street_total, h.acted, h.last_full = {}, {}, -1
        elif isinstance(event, HoleCardsDealt | HandRevealed):
            h.holes[event.seat] = event.cards
            if isinstance(event, HandRevealed):
                h.revealed.add(event.seat)
        elif isinstance(event, HandShown):
            h.holes[event.seat] = event.cards
            value, used = best_hand(event.cards, h.board)
            h.values[event.seat] = value
            if value.strength != event.value.strength or used != event.hole_cards_used:
                self.report.findings.append(f"engine: HandShown {event} is not {value}")
        elif isinstance(event, BetReturned):
            h.returned[event.seat] = h.returned.get(event.seat, 0) + event.amount

    def _after(self, event: Event) -> None:
        h = self.h
        if isinstance(event, BlindPosted):
            h.street_total[event.seat] = event.amount
            if event.all_in:
                h.all_in.add(event.seat)
        elif isinstance(event, PlayerEliminated):
            self.places[event.seat] = self._recomputed_place(event)[0]
        elif isinstance(event, AntePosted) and event.all_in:
            h.all_in.add(event.seat)
        elif isinstance(event, ActionTaken):
            h.order += 1
            h.acted[event.seat] = h.order
            h.street_total[event.seat] = event.to
            if event.kind is ActionKind.FOLD:
                h.folded.add(event.seat)
            if event.all_in:
                h.all_in.add(event.seat)
            if event.kind in (ActionKind.BET, ActionKind.RAISE) and event.full_raise:
                h.last_full = h.order

    # ----------------------------------------------------------------- rules

    def _build_rules(self) -> None:
        es = self.lang == "es"
        # One phrase for being all in in each vocabulary (docs/style.md: the room's "juega el
        # resto", poker Spanish's "se queda all-in"); any other wording is left unparsed.
        ai = (r"(?P<ai>,? (?:y (?:se queda|te quedas) all-in|y (?:juega|juegas) el resto"
              r"|and (?:is|are) all in))?")  # fmt: skip
        r = self.rules
        r[ActionTaken] = [
            (self.rx(r"(?:(?P<p>{P}) (?:paga|sigue con)|Pagas|Sigues con) (?P<n>{N})"
                     r"(?:, (?P<tot>{N}) en total)?"
                     + ai + r"\.") if es else
             self.rx(r"(?P<p>{P}) calls? (?P<n>{N})(?:, (?P<tot>{N}) in all)?" + ai + r"\."),
             self._call),
            (self.rx(r"(?:(?P<p>{P}) sube a|Subes a) (?P<n>{N})" + ai + r"\.")
             if es else self.rx(r"(?P<p>{P}) raises? to (?P<n>{N})" + ai + r"\."),
             self._kind(ActionKind.RAISE)),
            (self.rx(r"(?:(?P<p>{P}) apuesta|Apuestas) (?P<n>{N})" + ai + r"\.")
             if es else self.rx(r"(?P<p>{P}) bets? (?P<n>{N})" + ai + r"\."),
             self._kind(ActionKind.BET)),
            (self.rx(r"(?:(?P<p>{P}) (?:pasa|ve)|Pasas|Ves)\." if es else r"(?P<p>{P}) checks?\."),
             self._kind(ActionKind.CHECK)),
            (self.rx(r"(?:(?P<p>{P}) (?:se retira|se va)|Te retiras|Te vas)\." if es
                     else r"(?P<p>{P}) folds?\."),
             self._kind(ActionKind.FOLD)),
            (self.rx(r"(?:No es una subida completa|Not a full raise)[:;,] (?P<rest>.+)"),
             self._short_note),
            (self.rx(r"(?:No es una subida completa|Not a full raise)\."),
             self._short(ActionKind.RAISE)),
            (self.rx(r"(?:No llega a una apuesta completa|Less than a full bet)\."),
             self._short(ActionKind.BET)),
        ]  # fmt: skip
        r[BlindPosted] = [(self.rx(
            r"(?:(?P<p>{P}) pone|Pones) la ciega (?P<k>pequeña|grande): (?P<n>{N})" + ai + r"\."
            if es else r"(?P<p>{P}) posts? the (?P<k>small|big) blind,? (?P<n>{N})" + ai + r"\."),
            self._blind)]  # fmt: skip
        r[AntePosted] = [(self.rx(
            r"(?:(?P<p>{P}) pone|Pones) (?:el ante de la ciega grande:|un ante de) (?P<n>{N})"
            + ai + r"\." if es else
            r"(?P<p>{P}) (?:posts? the big blind ante,?|antes?) (?P<n>{N})" + ai + r"\."),
            self._ante)]  # fmt: skip
        r[BetReturned] = [(self.rx(
            r"(?:(?P<p>{P}) recupera|Recuperas) (?P<n>{N})(?: fichas?)? que nadie igualó\."
            if es
            else r"(?P<p>{P}) gets? back (?P<n>{N}) (?:uncalled chips?|that nobody called)\."),
            self._returned)]  # fmt: skip
        r[HandStarted] = [
            (self.rx(r"(?:Mano|Hand) (?P<n>{N})(?: (?:de|of) {N})?\."), self._hand_number),
            (self.rx(r"(?:(?P<p>{P}) tiene|Tienes) el botón\." if es
                     else r"(?P<p>{P}) ha(?:s|ve) the button\."), self._button),
            (self.rx(r"El botón está en un asiento vacío\." if es
                     else r"The button is on an empty seat\."), self._empty_button),
            (self.rx(r"En esta mano no hay ciega pequeña\." if es
                     else r"No small blind this hand\."), self._no_small_blind),
            (self.rx(r"Cada jugador pone un ante de (?P<n>{N})\." if es
                     else r"Every player antes (?P<n>{N})\."), self._every_ante),
            (self.rx(r"La ciega grande paga el ante de todos\." if es
                     else r"The big blind pays the ante for everyone\."), self._bb_ante),
            *self._position_rules(es),
        ]  # fmt: skip
        cards = self.rx(r"(?:Cartas de (?P<p>{P})|Tus cartas): (?P<c>.+)\." if es
                        else r"(?:(?P<p>{P})'s cards|Your cards): (?P<c>.+)\.")  # fmt: skip
        mine = self.rx(
            r"(?:Tienes|You have) (?P<h>.+?)(?P<b>, (?:todo en la mesa|all on the board))?\."
        )
        r[HoleCardsDealt] = [(cards, self._cards), (mine, self._my_best)]
        r[HandRevealed] = [(self.rx(
            r"(?:(?P<p>{P}) pone|Pones) boca arriba (?P<c>[^:]+): (?P<h>.+)\." if es
            else r"(?P<p>{P}) turns? over (?P<c>[^:]+): (?P<h>.+)\."), self._revealed)]  # fmt: skip
        r[StreetDealt] = [
            (self.rx(r"(?P<s>Flop|Turn|River): (?P<c>.+)\."), self._street),
            (mine, self._my_best),
            (self.rx(r"(?:Va ganando (?P<p>{P}), con (?P<h>.+)|(?P<y>Vas ganando)|De momento, "
                     r"empate entre (?P<names>.+?), con (?P<th>.+))\." if es
                     else r"(?:(?P<p>{P}) is ahead with (?P<h>.+)|(?P<y>You are ahead)|For now, "
                     r"(?P<names>.+?) tie with (?P<th>.+))\."), self._ahead),
        ]  # fmt: skip
        r[HandShown] = [
            (self.rx(r"(?:(?P<p>{P}) muestra|Muestras) (?P<c>[^:]+): (?P<h>.+)\." if es
                     else r"(?P<p>{P}) shows? (?P<c>[^:]+): (?P<h>.+)\."), self._shown),
            (self.rx(r"(?:Las (?:cinco|5) mejores|Best (?:five|5)): (?P<r>.+)\."), self._best_five),
            (self.rx(r"(?:(?P<p>{P}) juega|Juegas) la mesa: (?P<r>.+)\." if es
                     else r"(?P<p>{P}) plays? the board: (?P<r>.+)\."), self._plays_board),
        ]  # fmt: skip
        r[PotAwarded] = self._pot_rules(es)
        r[ActionRequired] = self._turn_rules(es)
        r[HandEnded] = self._end_rules(es)
        r[GameEnded] = self._game_rules(es)
        r[PlayerEliminated] = [
            (self.rx(r"(?P<names>.+?) se quedan? sin fichas\." if es
                     else r"(?P<names>.+?) (?:is|are) out of chips(?:: your game is over)?\."),
             self._out_names),
            (self.rx(r"(?P<me>Te) quedas sin fichas(?:, igual que (?P<names>.+?))?: "
                     r"la partida se acaba "
                     r"para ti\."), self._out_names),
            (self.rx(r"(?:Puesto final|Final place): (?P<o>\w+)(?P<tie>, (?:en empate|tied))?\."),
             self._place),
            (self.rx(r"(?P<names>.+?) (?:is|are) out of chips, (?P<tie>tied (?:with (?P<w>.+?) )?)?"
                     r"for (?P<o>\w+) place(?:: your game is over)?\."), self._out_en),
        ]  # fmt: skip

    # ----------------------------------------------------------------- action checks

    def _actor(self, g: dict[str, str | None], event: Event) -> list[str]:
        seat = self.seat(g.get("p"))
        return [] if seat == getattr(event, "seat", None) else [f"names seat {seat}, not {event}"]

    def _allin(self, g: dict[str, str | None], actual: bool) -> list[str]:
        said = g.get("ai") is not None
        return [] if said == actual else [f"all-in said {said}, true {actual}"]

    def _call(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, ActionTaken)
        out = self._actor(g, e) + self._allin(g, e.all_in)
        if e.kind is not ActionKind.CALL:
            out.append(f"said a call, was {e.kind.name}")
        if number(g["n"] or "") != e.amount:
            out.append(f"calls {g['n']}: added {e.amount}")
        if g.get("tot") is not None and number(g["tot"] or "") != e.to:
            out.append(f"{g['tot']} in all: the round total is {e.to}")
        if g.get("tot") is not None and e.to == e.amount:
            out.append("'in all' said when no chips were in before")
        return out

    def _kind(self, kind: ActionKind) -> Callable[[dict[str, str | None], Event], list[str]]:
        def check(g: dict[str, str | None], e: Event) -> list[str]:
            assert isinstance(e, ActionTaken)
            out = self._actor(g, e)
            if e.kind is not kind:
                out.append(f"said {kind.name}, was {e.kind.name}")
            if g.get("n") is not None:
                out += self._allin(g, e.all_in)
                if number(g["n"] or "") != e.to:
                    out.append(f"says {g['n']}: the total is {e.to}")
            return out

        return check

    def _short(self, kind: ActionKind) -> Callable[[dict[str, str | None], Event], list[str]]:
        def check(g: dict[str, str | None], e: Event) -> list[str]:
            assert isinstance(e, ActionTaken)
            if e.kind is kind and not e.full_raise and e.all_in:
                return []
            return [f"a short {kind.name} note after {e.kind.name}, full {e.full_raise}"]

        return check

    def _short_note(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, ActionTaken)
        h, out = self.h, []
        if e.full_raise or e.kind not in (ActionKind.BET, ActionKind.RAISE):
            return [f"short all-in note after a full {e.kind.name}"]
        if e.kind is ActionKind.BET and re.search(r"\b(subida|raise)\b", g["rest"] or ""):
            out.append("the note calls a bet a raise")
        restricted = {
            s for s, when in h.acted.items()
            if when >= h.last_full and s != e.seat and s not in h.folded | h.all_in
        }  # fmt: skip
        if not restricted:
            out.append("nobody who already acted is limited to call or fold")
        named = set(self.seats_in(g["rest"] or ""))
        if named and named != restricted:
            out.append(
                f"names {sorted(s for s in named if s is not None)}, true {sorted(restricted)}"
            )
        return out

    def _blind(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, BlindPosted)
        out = self._actor(g, e) + self._allin(g, e.all_in)
        big = g["k"] in ("grande", "big")
        if big != (e.kind is BlindKind.BIG):
            out.append(f"wrong blind: {e.kind.name}")
        if number(g["n"] or "") != e.amount:
            out.append(f"posted {e.amount}")
        return out

    def _ante(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, AntePosted)
        out = self._actor(g, e) + self._allin(g, e.all_in)
        return out + ([] if number(g["n"] or "") == e.amount else [f"ante was {e.amount}"])

    def _returned(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, BetReturned)
        out = self._actor(g, e)
        return out + ([] if number(g["n"] or "") == e.amount else [f"returned {e.amount}"])

    def _hand_number(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandStarted)
        return [] if number(g["n"] or "") == e.hand_number else [f"hand {e.hand_number}"]

    def _button(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandStarted)
        seat = self.seat(g.get("p"))
        return [] if seat == e.button and e.stacks[e.button] > 0 else [f"button is {e.button}"]

    def _empty_button(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandStarted)
        return [] if e.button not in e.seats_in_hand else ["the button seat is playing"]

    def _no_small_blind(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandStarted)
        return [] if e.small_blind is None else ["there is a small blind"]

    def _every_ante(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandStarted)
        ok = e.ante == number(g["n"] or "") and not e.big_blind_ante
        return [] if ok else [f"ante {e.ante}, big blind ante {e.big_blind_ante}"]

    def _bb_ante(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandStarted)
        return [] if e.big_blind_ante and e.ante > 0 else ["no big blind ante"]

    def _cards(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HoleCardsDealt | HandRevealed)
        out = self._actor(g, e)
        said = cards_in(self.lang, g["c"] or "")
        return out + ([] if tuple(said) == e.cards else [f"cards are {e.cards}"])

    def _so_far(self, holes: Sequence[Card], board: Sequence[Card], text: str) -> str:
        """Why ``text`` is not what ``holes`` make with ``board`` so far ("" when it is)."""
        if not board:  # before the flop: the two cards alone
            ranks = sorted((c.rank for c in holes), reverse=True)
            said = ranks_in(self.lang, text)
            parsed = category_in(self.lang, text)
            kind = "PAIR" if ranks[0] == ranks[1] else "HIGH_CARD"
            if parsed is None or parsed[0].name != kind or said[:1] != ranks[:1]:
                return f"two cards {holes}: {kind} of {ranks[0].name}"
            return ""
        return describe_problem(self.lang, text, best_hand(holes, board)[0], kicker=True)

    def _revealed(self, g: dict[str, str | None], e: Event) -> list[str]:
        """A hand turned up in an all-in runout, with what it makes so far."""
        assert isinstance(e, HandRevealed)
        problem = self._so_far(e.cards, self.h.board, g["h"] or "")
        return self._cards(g, e) + ([problem] if problem else [])

    def _ahead(self, g: dict[str, str | None], e: Event) -> list[str]:
        """Who holds the best hand so far in a runout: every leader named, nobody else."""
        assert isinstance(e, StreetDealt)
        h = self.h
        live = {s: best_hand(h.holes[s], h.board)[0] for s in h.revealed if s not in h.folded}
        if len(live) < 2 or e.street.name == "RIVER":
            return [f"'ahead' said with {len(live)} hands face up on the {e.street.name}"]
        top = max(v.strength for v in live.values())
        leaders = sorted(s for s, v in live.items() if v.strength == top)
        if g.get("y") is not None:
            named: list[int | None] = [self.listener]
        elif g.get("names") is not None:
            named = self.seats_in(g["names"] or "")
        else:
            named = [self.seat(g.get("p"))]
        if sorted(s for s in named if s is not None) != leaders or len(named) != len(leaders):
            return [f"ahead: named {named}, the best hands are {leaders}"]
        text = g.get("h") or g.get("th")
        problem = self._so_far(h.holes[leaders[0]], h.board, text) if text else ""
        return [problem] if problem else []

    def _street(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, StreetDealt)
        said = cards_in(self.lang, g["c"] or "")
        ok = tuple(said) == e.cards and (g["s"] or "").lower() == e.street.name.lower()
        return [] if ok else [f"{e.street.name}: {e.cards}"]

    def _my_best(self, g: dict[str, str | None], e: Event) -> list[str]:
        """The listener's best hand so far, from its own cards and the board."""
        holes = self.h.holes.get(self.listener) if self.listener is not None else None
        if isinstance(e, HoleCardsDealt) and e.seat == self.listener:
            holes = e.cards
        if holes is None:
            return ["'you have' said to a player without cards"]
        board = self.h.board if isinstance(e, StreetDealt) else ()
        if not board:  # before the flop: the two cards alone
            ranks = sorted((c.rank for c in holes), reverse=True)
            said = ranks_in(self.lang, g["h"] or "")
            parsed = category_in(self.lang, g["h"] or "")
            pair = ranks[0] == ranks[1]
            kind = "PAIR" if pair else "HIGH_CARD"
            if parsed is None or parsed[0].name != kind or said[:1] != ranks[:1]:
                return [f"two cards {holes}: {kind} of {ranks[0].name}"]
            return []
        value, used = best_hand(holes, board)
        problem = describe_problem(self.lang, g["h"] or "", value, kicker=True)
        out = [problem] if problem else []
        if (g.get("b") is not None) != (used == 0):
            out.append(f"'all on the board' said {g.get('b') is not None}, true {used == 0}")
        return out

    def _shown(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandShown)
        out = self._actor(g, e)
        if tuple(cards_in(self.lang, g["c"] or "")) != e.cards:
            out.append(f"cards are {e.cards}")
        problem = describe_problem(self.lang, g["h"] or "", self.h.values[e.seat], kicker=True)
        return out + ([problem] if problem else [])

    def _best_five(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandShown)
        truth = [card.rank for card in self.h.values[e.seat].best]
        said = ranks_in(self.lang, g["r"] or "")
        return [] if said == truth else [f"best five {truth}"]

    def _plays_board(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, HandShown)
        out = self._actor(g, e) + self._best_five(g, e)
        if best_hand(e.cards, self.h.board)[1] != 0:
            out.append("uses a hole card: does not play the board")
        return out

    # ----------------------------------------------------------------- places

    def _out_names(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, PlayerEliminated)
        named = set(self.seats_in(g.get("names") or ""))
        if g.get("me") is not None:
            named.add(self.listener)
        tied = {x.seat for x in self.h.eliminated if x.place == e.place}
        return [] if e.seat in named and named == tied else [f"out together: {sorted(tied)}"]

    def _place(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, PlayerEliminated)
        return self._place_truth(e, ordinal(self.lang, g["o"] or ""), g.get("tie") is not None)

    def _recomputed_place(self, e: PlayerEliminated) -> tuple[int, bool]:
        """The place from the log: the players still in, plus those out in the same hand
        who began it with more chips; equal chips tie."""
        h = self.h
        assert h.start is not None
        out_now = [x.seat for x in h.eliminated]
        alive = sum(1 for s in h.start.seats_in_hand if s not in out_now)
        before = h.start.stacks
        place = alive + 1 + sum(1 for s in out_now if before[s] > before[e.seat])
        return place, sum(1 for s in out_now if before[s] == before[e.seat]) > 1

    def _place_truth(self, e: PlayerEliminated, said: int | None, tie: bool) -> list[str]:
        place, ties = self._recomputed_place(e)
        out = [] if e.place == place else [f"engine place {e.place}, recomputed {place}"]
        if said != place:
            out.append(f"place said {said}, true {place}")
        if tie != ties:
            out.append(f"tie said {tie}, true {ties}")
        return out

    def _out_en(self, g: dict[str, str | None], e: Event) -> list[str]:
        assert isinstance(e, PlayerEliminated)
        names = (g.get("names") or "") + " " + (g.get("w") or "")
        named = set(self.seats_in(names))
        tied = {x.seat for x in self.h.eliminated if x.place == e.place}
        out = [] if e.seat in named and named == tied else [f"out together: {sorted(tied)}"]
        return out + self._place_truth(e, ordinal("en", g["o"] or ""), g.get("tie") is not None)
