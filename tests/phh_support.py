"""Small hand histories for the PHH tests."""

from __future__ import annotations

import json


def phh(actions: list[str], **fields: object) -> str:
    """A small NT history: three players, 200 chips, blinds 1/2, unless overridden."""
    values: dict[str, object] = {
        "variant": "NT",
        "antes": [0, 0, 0],
        "blinds_or_straddles": [1, 2, 0],
        "min_bet": 2,
        "starting_stacks": [200, 200, 200],
        "actions": actions,
    }
    values.update(fields)
    return "\n".join(f"{key} = {json.dumps(value)}" for key, value in values.items()) + "\n"


DEAL3 = ["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h2c"]


# Dealt, everyone called the big blind, and the flop is out.
SHORT = ["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h2c", "p3 cc", "p1 cc", "p2 cc", "d db 2h5d9s"]
