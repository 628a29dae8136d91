"""Short-stacked shoves and calls follow their own order of hands (issue 26, point 4: push
or fold when short): a shove wins the blinds alike with any two cards when nobody calls, so
it is worth more by what the hand wins when called; a grading found pocket twos folded on
the button at 11 big blinds while the chart shoved 38 percent of hands (ranked against
random hands, twos stood at 56 percent)."""

from __future__ import annotations

import pytest

from audiopoker.bots.preflop import CLASS_NAMES, combo_count
from audiopoker.bots.pushfold import chart, equity_vs_range
from audiopoker.coach.preflop_chart import PreflopSpot, advise_preflop
from audiopoker.narration.positions import Position


def spot(hand: str, position: Position, stack: int, facing: str = "none") -> PreflopSpot:
    return PreflopSpot(hand=hand, position=position, players=6, stack=stack, facing=facing)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "action"),
    [("22", "raise"), ("55", "raise"), ("A2o", "raise"), ("K7o", "raise"), ("Q8o", "fold"),
     ("J4s", "fold")],
)  # fmt: skip
def test_the_button_shoves_small_pairs_at_eleven_big_blinds(hand: str, action: str) -> None:
    hint = advise_preflop(spot(hand, Position.BUTTON, 22))
    assert hint.line == "push" and hint.action == action
    assert (hint.rank <= hint.raise_share) == (action == "raise")


def test_the_push_order_is_the_pot_share_against_the_callers() -> None:
    """Checked against an independent sort: each class's share against the chart's callers
    at 11 big blinds, the combos above it plus half its own."""
    pushes = chart()
    calls = {name: pushes.call_probability(name, 11) for name in CLASS_NAMES}
    share = {name: equity_vs_range(name, calls) for name in CLASS_NAMES}
    for name in ("AA", "22", "T9s", "A5o", "72o"):
        above = sum(combo_count(n) for n in CLASS_NAMES if share[n] > share[name])
        expected = (above + combo_count(name) / 2) / 1326
        assert pushes.push_percentile(name, 11) == pytest.approx(expected, abs=0.02)
    assert pushes.push_percentile("22", 11) < 0.3 < pushes.push_percentile("Q8o", 11)
