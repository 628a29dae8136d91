"""Argument types for the command line that refuse bad values with the allowed range, so the
one-line error a player hears says what to type instead."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {text!r}"
            )
        return value

    return parse
