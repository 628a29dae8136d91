"""The coach at a table: advice in thousands of random spots is legal and reproducible for
a seed, its numbers are the ones the decision used, its ranges name the actions behind
them; ``--bot coach`` plays it (factory, make_bot, simulate) without the bots layer
importing the coach."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections import Counter

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the support module is a sibling helper, not a test module
    sys.path.insert(0, _HERE)

from bots_support import KINDS, fast_bot, play, random_hand  # noqa: E402

from audiopoker.bots.base import Bot, is_legal  # noqa: E402
from audiopoker.bots.equity import ids  # noqa: E402
from audiopoker.bots.levels import factory, make_bot, roster  # noqa: E402
from audiopoker.bots.model import OpponentModel  # noqa: E402
from audiopoker.cards import FULL_DECK  # noqa: E402
from audiopoker.cli import main  # noqa: E402
from audiopoker.coach.advice import AdvisingBot, Coach, Estimate, advise, range_key  # noqa: E402
from audiopoker.coach.bot import COACH_LEVEL, CoachBot  # noqa: E402
from audiopoker.coach.opponent_range import RangeBasis  # noqa: E402
from audiopoker.engine.actions import Action, ActionKind, Street  # noqa: E402
from audiopoker.engine.hand import Hand  # noqa: E402
from audiopoker.engine.view import PlayerView, view_for  # noqa: E402


def quick(coach: Coach) -> Coach:
    """Small Monte Carlo caps so thousands of spots run in seconds."""
    coach.deals = 150
    coach.bot.preflop_iterations = 40
    coach.bot.postflop_iterations = 60
    return coach


def quick_coach_bot(rng: random.Random) -> CoachBot:
    bot = CoachBot(random.Random(rng.getrandbits(32)))
    quick(bot.coach)
    return bot


@pytest.mark.slow  # in process, but long: the coach bot in thousands of spots
def test_coach_bot_is_legal_in_thousands_of_random_spots() -> None:
    rng = random.Random(1313)
    kinds: Counter[str] = Counter()
    spots = 0
    for number in range(1, 700):
        hand = random_hand(rng, number)
        bots: dict[int, Bot] = {}
        for seat in hand.seats_in_hand:
            coach = rng.random() < 0.75
            bots[seat] = quick_coach_bot(rng) if coach else fast_bot(rng.choice(KINDS), rng)
        for view, action in play(hand, bots):
            bot = bots[view.seat]
            if not isinstance(bot, CoachBot):
                continue
            assert is_legal(action, view.legal), (action, view)
            kinds[action.kind.value] += 1
            spots += 1
    assert spots >= 2000
    assert all(kinds[kind.value] > 30 for kind in ActionKind), kinds


def spots_of(seed: int, hands: int) -> list[PlayerView]:
    """Views from random hands among fast bots."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    for number in range(1, hands + 1):
        hand = random_hand(rng, number)
        bots = {seat: fast_bot(rng.choice(KINDS), rng) for seat in hand.seats_in_hand}
        views.extend(view for view, _ in play(hand, bots))
    return views


@pytest.mark.slow  # in process, but long: Monte Carlo advice twice in 60 spots
def test_advice_is_reproducible_for_a_seed_and_its_suggestion_is_legal() -> None:
    streets: Counter[Street] = Counter()
    for view in spots_of(77, 60):
        first = advise(view, None, random.Random(5))
        assert first == advise(view, None, random.Random(5))
        assert is_legal(first.as_action(), view.legal)
        assert 0.0 <= first.equity <= 1.0
        price = view.legal.to_call / (view.legal.pot + view.legal.to_call)
        assert first.pot_odds == (price if view.legal.to_call else 0.0)
        assert first.opponents == len(first.ranges) <= len(view.opponents)
        assert first.street is view.street and first.hole == view.hole_cards
        streets[view.street] += 1
    assert all(streets[street] > 5 for street in Street)


def test_coach_bot_plays_the_same_for_the_same_seed() -> None:
    def run(seed: int) -> list[Action]:
        rng = random.Random(seed)
        chosen: list[Action] = []
        for number in range(1, 12):
            hand = random_hand(rng, number)
            bots: dict[int, Bot] = {s: quick_coach_bot(rng) for s in hand.seats_in_hand}
            chosen.extend(action for _, action in play(hand, bots))
        return chosen

    assert run(4) == run(4)


def heads_up_after_a_raise() -> tuple[Hand, PlayerView]:
    """Seat 0 (button, small blind) raises to 6; seat 1, the big blind, is to act."""
    deck = list(FULL_DECK)
    random.Random(8).shuffle(deck)
    hand, _ = Hand.start(
        stacks=[200, 200],
        button=0,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=1,
        big_blind=2,
        deck=deck,
    )
    hand.act(0, Action.raise_to(6))
    return hand, view_for(hand, 1)


def test_ranges_name_the_actions_and_the_price_is_the_engines() -> None:
    _, view = heads_up_after_a_raise()
    advice = advise(view, OpponentModel(), random.Random(2))
    (raiser,) = advice.ranges
    assert raiser.seat == 0 and raiser.low == 0.0 and 0.03 <= raiser.high < 1.0
    assert raiser.preflop == (RangeBasis.RAISED_FIRST_IN,)
    assert advice.estimate is Estimate.SHOWN
    assert (advice.pot, advice.to_call) == (8, 4)
    assert advice.pot_odds == 4 / 12
    assert advice.starting is not None and 0.0 < advice.starting <= 1.0


def test_the_decision_uses_the_equity_the_player_hears() -> None:
    _, view = heads_up_after_a_raise()
    bot = AdvisingBot(random.Random(1), OpponentModel())
    ranges = [bot.ranges.range_of(view, 0, bot.read(view, 0))]
    bot.known = {range_key(ranges): 0.123}
    assert bot._equity(view, ranges, 1000) == 0.123
    other = [ranges[0][: len(ranges[0]) // 2]]
    assert bot._equity(view, other, 300) != 0.123  # other ranges are measured as usual


def test_the_model_is_the_callers_and_learns_from_events() -> None:
    model = OpponentModel()
    coach = Coach(random.Random(1), model)
    assert coach.model is model and coach.bot.model is model
    bot = CoachBot(random.Random(1))
    hand, view = heads_up_after_a_raise()
    for event in hand.events:
        bot.observe(event)
    bot.decide(view)
    assert "model" in bot.state()


def test_a_deadline_bounds_the_time() -> None:
    views = [v for v in spots_of(5, 20) if len(v.opponents) >= 3][:10]
    assert views
    for view in views:
        started = time.perf_counter()
        advice = advise(view, None, random.Random(1), deadline=started + 0.02)
        assert time.perf_counter() - started < 0.5
        assert is_legal(advice.as_action(), view.legal)


def test_hole_cards_and_board_reach_the_equity() -> None:
    _, view = heads_up_after_a_raise()
    advice = advise(view, None, random.Random(3))
    assert ids(advice.hole) == ids(view.hole_cards) and advice.board == ()


def test_the_bot_specs_accept_coach() -> None:
    rng = random.Random(1)
    assert isinstance(make_bot("coach", rng, more_levels=COACH_LEVEL), CoachBot)
    assert isinstance(factory("coach", more_levels=COACH_LEVEL)(rng), CoachBot)
    table = roster("coach", 2, "en", rng, more_levels=COACH_LEVEL)
    assert [type(bot) for _, bot in table] == [CoachBot, CoachBot]


def test_the_bots_layer_alone_does_not_know_the_coach() -> None:
    # The coach is a layer above: only a caller above both names it (COACH_LEVEL).
    with pytest.raises(ValueError, match="unknown bot level 'coach'"):
        make_bot("coach", random.Random(1))
    with pytest.raises(ValueError, match=r"use easy, normal, hard, .*folder or MODULE"):
        factory("coach")
    with pytest.raises(ValueError, match=r"use easy, .*folder, coach or MODULE"):
        factory("grandmaster", more_levels=COACH_LEVEL)


def test_simulate_runs_the_coach(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "3", "--hands", "6", "--bot", "coach", "honest*2",
                 "--jobs", "1", "--json"])  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert [bot["bot"] for bot in report["bots"]] == ["coach", "honest"]


def test_the_bots_layer_does_not_import_the_coach() -> None:
    script = (
        "import sys, audiopoker.bots, audiopoker.bots.levels;"
        "assert not any(m.startswith('audiopoker.coach') for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
