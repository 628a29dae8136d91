"""The hard level's reads and exploits: what the model counts, the push/fold spots and
chart, stealing, heads-up opens and multiway bets (issue 14)."""

from __future__ import annotations

import os
import random
import sys

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the support module is a sibling helper, not a test module
    sys.path.insert(0, _HERE)

from bots_support import heads_up_hand, play  # noqa: E402

from audiopoker.bots.equity import class_combos  # noqa: E402
from audiopoker.bots.hard import HardBot  # noqa: E402
from audiopoker.bots.levels import make_bot  # noqa: E402
from audiopoker.bots.model import OpponentModel, SeatStats  # noqa: E402
from audiopoker.bots.preflop import CLASS_NAMES, combo_count  # noqa: E402
from audiopoker.bots.pushfold import call_probability, push_probability  # noqa: E402
from audiopoker.bots.reference import CallingStation  # noqa: E402
from audiopoker.bots.shortstack import Spot, agreement, chart_spot  # noqa: E402
from audiopoker.bots.style import STYLES  # noqa: E402
from audiopoker.cards import FULL_DECK, parse_cards  # noqa: E402
from audiopoker.engine.actions import Action, ActionKind  # noqa: E402
from audiopoker.engine.dealing import dealing_order, preset_deck  # noqa: E402
from audiopoker.engine.hand import Hand  # noqa: E402
from audiopoker.engine.view import PlayerView, view_for  # noqa: E402


def deal(
    stacks: list[int], button: int, holes: dict[int, str] | None = None, board: str = ""
) -> Hand:
    """A 1/2 hand with the given hole cards (seat -> "Ah Kd") and board; the rest of the
    deck in order."""
    players = len(stacks)
    small = button if players == 2 else (button + 1) % players
    big = (button + 1) % players if players == 2 else (button + 2) % players
    order = dealing_order(stacks, button, big)
    chosen = {seat: parse_cards(text) for seat, text in (holes or {}).items()}
    hand, _ = Hand.start(
        stacks=stacks,
        button=button,
        small_blind_seat=small,
        big_blind_seat=big,
        small_blind=1,
        big_blind=2,
        deck=preset_deck(order, chosen, parse_cards(board) if board else ()),
        hand_number=1,
    )
    return hand


def cards_of(name: str) -> str:
    """One combo of a 169-class, as text."""
    return " ".join(str(FULL_DECK[i]) for i in class_combos(name)[0])


def fresh_hard() -> HardBot:
    bot = make_bot("hard", random.Random(3))
    assert isinstance(bot, HardBot)
    bot.preflop_iterations = bot.postflop_iterations = 200
    return bot


# -- the model ---------------------------------------------------------------------------


def test_the_model_counts_opens_reraises_shoves_and_showdowns() -> None:
    """Six-handed, 10 big blinds each: seat 3 opens all in, seat 5 calls, the rest fold;
    the hand is shown down."""
    model = OpponentModel()
    hand = deal([20] * 6, button=0)
    script = {3: Action(ActionKind.RAISE, 20), 5: Action.call()}
    while not hand.is_over:
        seat = hand.actor
        assert seat is not None
        hand.act(seat, script.get(seat, Action.fold()))
    for event in hand.events:
        model.observe(event)
    opener, caller, folder = model.of(3), model.of(5), model.of(4)
    assert (opener.open_chances, opener.opened, opener.short_chances, opener.shoved) == (1, 1, 1, 1)
    assert (caller.faced_raise, caller.folded_to_raise, caller.reraised) == (1, 0, 0)
    assert (caller.faced_shove, caller.called_shove) == (1, 1)
    assert (folder.faced_shove, folder.called_shove, folder.folded_to_raise) == (1, 0, 1)
    assert model.of(2).faced_shove == 1  # the big blind, last to act, folded to it too
    assert folder.open_chances == 0  # facing a raise is no chance to open
    assert opener.shown == caller.shown == 1 and folder.shown == 0
    assert 0 < opener.shown_percentile <= 1000


def test_a_saved_game_from_before_the_new_counts_still_loads() -> None:
    model = OpponentModel()
    model.restore({"1": [10, 4, 2, 3, 1, 2, 5]})  # the seven counts of an older save
    assert model.of(1) == SeatStats(10, 4, 2, 3, 1, 2, 5)
    assert model.of(1).faced_shove == 0
    with pytest.raises(ValueError):
        model.restore({"1": [10, 4, 2]})
    with pytest.raises(ValueError):
        model.restore({"1": [0] * 30})


# -- push/fold spots ---------------------------------------------------------------------


def test_chart_spots_are_the_heads_up_shove_and_the_call_of_it() -> None:
    hand = deal([20, 20], button=0)  # heads-up: seat 0 is the button and small blind
    spot = chart_spot(view_for(hand, 0))
    assert spot is not None and spot.kind is Spot.SHOVE and spot.stack_bb == 10.0
    hand.act(0, Action(ActionKind.RAISE, 20))
    spot = chart_spot(view_for(hand, 1))
    assert spot is not None and spot.kind is Spot.CALL and spot.opponent == 0
    deep = deal([200, 200], button=0)
    assert chart_spot(view_for(deep, 0)) is None  # 100 big blinds: not push/fold
    limped = deal([20, 20], button=0)
    limped.act(0, Action.call())
    assert chart_spot(view_for(limped, 1)) is None  # a limp is not the chart's game
    three = deal([20, 20, 20], button=0)
    assert chart_spot(view_for(three, 0)) is None  # the button with two blinds behind
    three.act(0, Action.fold())
    spot = chart_spot(view_for(three, 1))  # folded to the small blind: blind against blind
    assert spot is not None and spot.kind is Spot.SHOVE


def _combo_weighted_agreement(kind: Spot, stacks: range) -> float:
    """Hard (no reads) against the chart in every class at each stack, weighted by combos."""
    agreed = weight = 0.0
    for chips in stacks:
        for name in CLASS_NAMES:
            if kind is Spot.SHOVE:  # the button (small blind) decides
                hand = deal([chips, chips], button=0, holes={0: cards_of(name)})
                seat = 0
            else:  # the big blind faces the button's shove
                hand = deal([chips, chips], button=0, holes={1: cards_of(name)})
                hand.act(0, Action(ActionKind.RAISE, chips))
                seat = 1
            view = view_for(hand, seat)
            score = agreement(view, fresh_hard().decide(view))
            assert score is not None
            agreed += score * combo_count(name)
            weight += combo_count(name)
    return agreed / weight


@pytest.mark.parametrize("kind", [Spot.SHOVE, Spot.CALL])
def test_hard_plays_the_chart_against_an_unknown_opponent(kind: Spot) -> None:
    assert _combo_weighted_agreement(kind, range(4, 31, 6)) >= 0.97


def test_the_chart_probabilities_are_what_hard_reads() -> None:
    assert push_probability("AA", 15) == call_probability("AA", 15) == 1.0
    assert push_probability("72o", 15) == 0.0


def _measured(bot: HardBot, seat: int, **counts: int) -> None:
    bot.model.stats[seat] = SeatStats(hands=200, **counts)


def test_against_a_measured_folder_hard_shoves_any_hand() -> None:
    hand = deal([20, 20], button=1, holes={1: "7c 2d"})  # the small blind's 7-2 offsuit
    view = view_for(hand, 1)
    assert fresh_hard().decide(view).kind is ActionKind.FOLD  # the chart folds 72o
    exploiter = fresh_hard()
    _measured(exploiter, 0, faced_shove=100, called_shove=1)
    assert exploiter.decide(view) == Action(ActionKind.RAISE, 20)


def test_against_a_measured_maniac_hard_calls_wider() -> None:
    # K-4 offsuit in the big blind facing a 15 big blind shove: the chart folds it
    hand = deal([30, 30], button=0, holes={1: "Kc 4d"})
    hand.act(0, Action(ActionKind.RAISE, 30))
    view = view_for(hand, 1)
    assert call_probability("K4o", 15) == 0.0
    assert fresh_hard().decide(view).kind is ActionKind.FOLD
    exploiter = fresh_hard()
    _measured(exploiter, 0, short_chances=150, shoved=150)
    assert exploiter.decide(view).kind is ActionKind.CALL


def test_self_play_at_ten_big_blinds_agrees_with_the_chart() -> None:
    bots = {0: fresh_hard(), 1: fresh_hard()}
    scores = []
    for number in range(200):
        hand = heads_up_hand(number, 20, random.Random(number))
        for view, action in play(hand, dict(bots)):
            score = agreement(view, action)
            if score is not None:
                scores.append(score)
    assert len(scores) >= 250
    assert sum(scores) / len(scores) >= 0.95


# -- deeper stacks -----------------------------------------------------------------------


def _view_first_in(stacks: list[int], button: int, seat: int) -> PlayerView:
    hand = deal(stacks, button)
    while hand.actor != seat:
        actor = hand.actor
        assert actor is not None
        hand.act(actor, Action.fold())
    return view_for(hand, seat)


def test_heads_up_the_button_opens_most_hands() -> None:
    bot = fresh_hard()
    view = _view_first_in([200, 200], button=0, seat=0)
    assert bot.open_share(view, len(view.behind())) >= 0.8


def test_hard_steals_with_any_hand_against_folders_behind() -> None:
    bot = fresh_hard()
    view = _view_first_in([200] * 6, button=0, seat=0)  # the button, blinds behind
    base = bot.open_share(view, len(view.behind()))
    for seat in view.behind():
        _measured(bot, seat, faced_raise=150, folded_to_raise=150)
    assert base < 0.6 and bot.open_share(view, len(view.behind())) == 1.0


def _checked_to_on_the_flop(bot: HardBot, stations: bool) -> Action:
    """Three-way to the flop, checked to hard (seat 0, the button) holding 7-2 offsuit
    on a king-high board it missed."""
    hand = deal([200] * 3, button=0, holes={0: "7c 2d"}, board="Kh Qs 9h")
    for seat, action in ((0, Action(ActionKind.RAISE, 5)), (1, Action.call()), (2, Action.call())):
        hand.act(seat, action)
    hand.act(1, Action.check())
    hand.act(2, Action.check())
    for seat in (1, 2):
        if stations:
            _measured(bot, seat, faced_bet=200, folded_to_bet=0, passive=300)
        else:
            _measured(bot, seat, faced_bet=200, folded_to_bet=190, passive=300)
    return bot.decide(view_for(hand, 0))


def test_multiway_hard_bets_air_into_folders_and_not_into_stations() -> None:
    assert _checked_to_on_the_flop(fresh_hard(), stations=False).kind is ActionKind.BET
    assert _checked_to_on_the_flop(fresh_hard(), stations=True).kind is ActionKind.CHECK


def test_the_calling_station_is_measured_as_one() -> None:
    bot = fresh_hard()
    rng = random.Random(5)
    bots = {0: bot, 1: CallingStation(rng)}
    for number in range(60):
        for _ in play(heads_up_hand(number, 200, rng), dict(bots)):
            pass
    station = bot.model.of(1)
    assert station.fold_to_raise_rate < 0.2 and station.reraise_rate < 0.1


def test_hard_personalities_open_differently() -> None:
    """The styles are heard in play: the loose-aggressive hard bot opens more hands than
    the tight-aggressive one from the same seat."""
    view = _view_first_in([200] * 6, button=0, seat=3)  # under the gun
    shares = {}
    for key in ("tight-aggressive", "balanced", "loose-aggressive"):
        bot = make_bot("hard", random.Random(1), STYLES[key])
        assert isinstance(bot, HardBot)
        shares[key] = bot.open_share(view, len(view.behind()))
    assert shares["tight-aggressive"] < shares["balanced"] < shares["loose-aggressive"]


# -- raises after the flop ---------------------------------------------------------------


def _raise_war(hand: Hand, stop: int) -> list[PlayerView]:
    """Heads-up, limped to the flop: the big blind (seat 1) bets 4, the button raises to
    12, the big blind re-raises to 36, the button folds. The views of those who acted,
    up to action ``stop`` (0: the first bet)."""
    hand.act(0, Action.call())
    hand.act(1, Action.check())
    script = [
        (1, Action(ActionKind.BET, 4)),
        (0, Action(ActionKind.RAISE, 12)),
        (1, Action(ActionKind.RAISE, 36)),
        (0, Action.fold()),
    ]
    views = []
    for seat, action in script[: stop + 1]:
        views.append(view_for(hand, seat))
        hand.act(seat, action)
    return views


def test_the_model_counts_raises_after_the_flop_and_a_bettors_folds() -> None:
    model = OpponentModel()
    hand = deal([200, 200], button=0, board="Kh Qs 9h 2c 3d")
    _raise_war(hand, 3)
    for event in hand.events:
        model.observe(event)
    button, blind = model.of(0), model.of(1)
    # the button faced the bet (and raised it), then the re-raise after its raise (folded)
    assert (button.faced_bet, button.raised_bet) == (2, 1)
    assert (button.bettor_faced_bet, button.bettor_folded) == (1, 1)
    # the big blind faced the raise after its bet, and raised it
    assert (blind.faced_bet, blind.raised_bet) == (1, 1)
    assert (blind.bettor_faced_bet, blind.bettor_folded) == (1, 0)


def test_a_raise_reads_as_the_share_of_bets_it_raises_and_a_bettor_folds_less() -> None:
    """A player measured raising one bet in twenty and folding a tenth of the time once it
    bet: hard reads its re-raise as the top of its range, far narrower than its bet, and
    expects it to fold as a bettor does, not as it folds to bets in general."""
    bot = fresh_hard()
    counts = {"faced_bet": 200, "folded_to_bet": 130, "raised_bet": 10, "passive": 300}
    _measured(bot, 1, aggressive=60, bettor_faced_bet=40, bettor_folded=4, **counts)
    stats = bot.model.of(1)
    hand = deal([200, 200], button=0, holes={0: "Ah Kd"}, board="Kh Qs 9h 2c 3d")
    after_bet = _raise_war(hand, 2)[1]  # the button facing the bet
    after_raise = view_for(hand, 0)  # ... and facing the re-raise
    read = bot.read(after_raise, 1)
    assert read.keep_raise is not None and read.keep_raise < 0.1 < read.keep_bet
    bet_range = bot.ranges.range_of(after_bet, 1, read)
    raise_range = bot.ranges.range_of(after_raise, 1, read)
    assert len(raise_range) < 0.2 * len(bet_range)
    assert set(raise_range) <= set(bet_range)
    assert bot._folds_to(after_raise, 1, 1.0) == stats.fold_after_betting_rate < 0.2
    assert stats.fold_to_size(1.0) > 0.5
