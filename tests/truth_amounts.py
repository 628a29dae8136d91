"""The truth checker's amounts in big blinds (mixed into tests/truth_checker.py's
TruthChecker): a sentence of a table heard in big blinds is written back in chips before
the rules read it, so one set of rules checks both units."""

from __future__ import annotations

import re
from fractions import Fraction

from truth_state import Report


class BigBlindAmounts:
    report: Report

    def in_chips(self, text: str, big_blind: int, label: str) -> str:
        """``text`` with each amount in big blinds ("1.5 big blinds", "1,5 ciegas grandes";
        a range's low end carries no unit: "between 1 and 100 big blinds") written as the
        chips it stands for. Every table this checks has amounts a whole number of tenths
        of a big blind, said exactly: a figure that is not a whole number of chips, or a
        "chips" word in a hand (the unit is big blinds), is a finding."""
        unit = r"(?:ciegas? grandes?|big blinds?)"
        figure = r"\d+(?:[.,]\d+)?"

        def chips(found: str) -> str:
            value = Fraction(found.replace(",", ".")) * big_blind
            if value.denominator != 1:
                self.report.findings.append(f"{label}: {found} big blinds is {value} chips")
            return str(int(value))

        def one(match: re.Match[str]) -> str:
            return chips(match.group(1))

        def ranged(match: re.Match[str]) -> str:
            return f"{chips(match.group(1))} {match.group(2)} {chips(match.group(3))}"

        text = re.sub(rf"({figure}) (and|y|to|a) ({figure}) {unit}", ranged, text)
        text = re.sub(rf"({figure}) {unit}", one, text)
        if re.search(r"\d+ (?:chips?|fichas?)\b", text) and not re.match(
            r"(?:Game over|Fin de la partida)", text
        ):  # the game's winner is said in chips: its sentence says so
            self.report.findings.append(f"{label}: chips said in big blinds: {text!r}")
        return text
