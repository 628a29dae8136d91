"""Engine events over the wire: every event of real games comes back from JSON equal, and
anything else a peer might send is refused with WireError, never another exception."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audiopoker.bots.levels import roster
from audiopoker.cards import Card
from audiopoker.engine.actions import Action, ActionKind
from audiopoker.engine.events import BetReturned, Event, GameEnded, GameEndReason
from audiopoker.engine.table import Table, TableConfig
from audiopoker.game import BotSeat, Game, Listener
from audiopoker.net.wire import (
    EVENT_TYPES,
    MAX_INT,
    WireError,
    decode_action,
    decode_event,
    encode_action,
    encode_event,
    register_event,
)
from audiopoker.tournament.director import Director
from audiopoker.tournament.schedule import Level, Tournament

LEVELS = tuple(
    Level(small, big, ante, hands=4)
    for small, big, ante in ((1, 2, 0), (2, 4, 1), (5, 10, 2), (10, 20, 5), (25, 50, 10))
)


class Recorder:
    """Every event, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.events.append(event)


def play(seed: int, players: int, config: TableConfig, director: bool) -> list[Event]:
    """One seeded game of easy bots, with 100 chips each, to its end."""
    rng = random.Random(seed)
    bots = roster("easy", players, "en", rng, None)
    table = Table([name for name, _ in bots], 100, config, random.Random(rng.getrandbits(64)))
    recorder = Recorder()
    listeners: list[Listener] = [Director(Tournament(LEVELS))] if director else []
    seats = [BotSeat(bot, seat) for seat, (_, bot) in enumerate(bots)]
    Game(table, seats, [*listeners, recorder]).run()
    return recorder.events


@pytest.fixture(scope="module")
def game_events() -> list[Event]:
    """About 200 hands: hand-limit games with antes, and tournaments played to the last
    player (eliminations, blinds rising and changing, all-ins that reveal hands)."""
    events: list[Event] = []
    for seed in range(5):
        events += play(seed, 4, TableConfig(ante=1, hand_limit=40), director=False)
    for seed in range(3):
        events += play(seed, 5, TableConfig(), director=True)
    return events


def through_json(data: object) -> Any:
    return json.loads(json.dumps(data))


def test_every_event_of_real_games_survives_json(game_events: list[Event]) -> None:
    assert len([e for e in game_events if type(e).__name__ == "HandEnded"]) >= 200
    for event in game_events:
        encoded = encode_event(event)
        decoded = decode_event(through_json(encoded))
        assert decoded == event
        assert type(decoded) is type(event)
        # equality skips LegalActions.raise_block (compare=False): the frames must agree too
        assert encode_event(decoded) == encoded


def test_real_games_use_every_registered_event(game_events: list[Event]) -> None:
    # Every engine event and BlindsRising occur in these games; nothing is left out.
    assert {type(event).__name__ for event in game_events} == GAME_EVENTS
    reasons = {event.reason for event in game_events if isinstance(event, GameEnded)}
    assert reasons == set(GameEndReason)


def test_encoding_is_plain_json_values(game_events: list[Event]) -> None:
    shown = next(e for e in game_events if type(e).__name__ == "HandShown")
    encoded = encode_event(shown)
    assert encoded["type"] == "HandShown"
    assert encoded["cards"] == [str(card) for card in shown.cards]  # type: ignore[attr-defined]
    value = encoded["value"]
    assert isinstance(value, dict) and set(value) == {"category", "strength", "best"}
    assert isinstance(value["category"], int) and len(value["best"]) == 5
    required = next(e for e in game_events if type(e).__name__ == "ActionRequired")
    legal = encode_event(required)["legal"]
    assert isinstance(legal, dict) and "type" not in legal and "raise_block" in legal


def test_encoding_refuses_what_it_does_not_know() -> None:
    with pytest.raises(TypeError):
        encode_event(BetReturned(seat=1, amount=1.5))  # type: ignore[arg-type]

    @dataclass(frozen=True, slots=True)
    class Unregistered(Event):
        seat: int

    with pytest.raises(TypeError):
        encode_event(Unregistered(1))


# --------------------------------------------------------------------- refusals


@pytest.fixture(scope="module")
def samples(game_events: list[Event]) -> dict[str, dict[str, object]]:
    """One real encoded event of each type (the first one seen)."""
    found: dict[str, dict[str, object]] = {}
    for event in game_events:
        found.setdefault(type(event).__name__, encode_event(event))
    return found


def changed(sample: dict[str, object], path: tuple[str | int, ...], value: object) -> object:
    """A deep copy of ``sample`` with the item at ``path`` set to ``value`` (or deleted
    when ``value`` is DELETE)."""
    data = copy.deepcopy(sample)
    here: Any = data
    for step in path[:-1]:
        here = here[step]
    if value is DELETE:
        del here[path[-1]]
    else:
        here[path[-1]] = value
    return data


DELETE = object()

REFUSED: list[tuple[str, tuple[str | int, ...], object]] = [
    ("BetReturned", ("type",), "NoSuchEvent"),
    ("BetReturned", ("type",), 3),
    ("BetReturned", ("type",), DELETE),
    ("BetReturned", ("type",), "Event"),  # the base class is not a message
    ("BetReturned", ("seat",), DELETE),  # missing field
    ("BetReturned", ("extra",), 1),  # unknown key
    ("BetReturned", ("seat",), True),  # bool where int
    ("BetReturned", ("seat",), "2"),  # str where int
    ("BetReturned", ("seat",), 2.0),
    ("BetReturned", ("seat",), None),
    ("BetReturned", ("amount",), MAX_INT),  # huge ints
    ("BetReturned", ("amount",), -MAX_INT),
    ("BetReturned", ("amount",), 10**400),
    ("HoleCardsDealt", ("cards", 0), "Xs"),  # bad card text
    ("HoleCardsDealt", ("cards", 0), "as"),  # only the exact form we send
    ("HoleCardsDealt", ("cards", 0), "10h"),
    ("HoleCardsDealt", ("cards", 0), ""),
    ("HoleCardsDealt", ("cards", 0), 51),
    ("HoleCardsDealt", ("cards",), ["As"]),  # wrong tuple length
    ("HoleCardsDealt", ("cards",), ["As", "Kd", "Qc"]),
    ("HoleCardsDealt", ("cards",), "AsKd"),
    ("CardBurned", ("street",), 7),  # bad enum values
    ("CardBurned", ("street",), True),  # Street(True) would be the flop
    ("CardBurned", ("street",), 1.0),
    ("CardBurned", ("street",), "flop"),
    ("BlindPosted", ("kind",), "BIG"),
    ("ActionTaken", ("kind",), "shove"),
    ("ActionTaken", ("full_raise",), 1),
    ("StreetDealt", ("board",), {"0": "As"}),
    ("StreetDealt", ("board", 0), ["As"]),
    ("HandShown", ("value",), "a flush"),  # nested garbage
    ("HandShown", ("value",), None),
    ("HandShown", ("value", "best", 0), "Zz"),
    ("HandShown", ("value", "category"), 9),
    ("HandShown", ("value", "strength"), DELETE),
    ("HandShown", ("value", "type"), "HandValue"),
    ("ActionRequired", ("legal",), []),
    ("ActionRequired", ("legal", "raise_kind"), "reraise"),
    ("ActionRequired", ("legal", "raise_block"), "because"),
    ("ActionRequired", ("legal", "to_call"), -(2**60)),
    ("ActionRequired", ("legal", "sneaky"), 0),
    ("PotAwarded", ("winning_value",), {}),
    ("PotAwarded", ("winners", 0), "0"),
    ("GameEnded", ("reason",), "surrender"),
]


@pytest.mark.parametrize(("name", "path", "value"), REFUSED)
def test_decoding_refuses_bad_data(
    samples: dict[str, dict[str, object]], name: str, path: tuple[str | int, ...], value: object
) -> None:
    assert decode_event(samples[name]) is not None  # the sample itself is fine
    with pytest.raises(WireError) as caught:
        decode_event(changed(samples[name], path, value))
    assert caught.value.detail


@pytest.mark.parametrize("data", [None, [], "BetReturned", 3, 2.5, True, [{"type": "HandEnded"}]])
def test_decoding_refuses_what_is_not_an_object(data: object) -> None:
    with pytest.raises(WireError):
        decode_event(data)


def test_fields_with_a_default_may_be_left_out(samples: dict[str, dict[str, object]]) -> None:
    taken = changed(samples["ActionTaken"], ("full_raise",), DELETE)
    assert decode_event(taken).full_raise is True  # type: ignore[attr-defined]
    required = changed(samples["ActionRequired"], ("legal", "raise_block"), DELETE)
    assert decode_event(required).legal.raise_block is None  # type: ignore[attr-defined]


def test_a_constructor_refusal_is_a_wire_error() -> None:
    @register_event
    @dataclass(frozen=True, slots=True)
    class Checked(Event):
        seat: int

        def __post_init__(self) -> None:
            if self.seat < 0:
                raise ValueError("no such seat")

    try:
        assert decode_event({"type": "Checked", "seat": 1}) == Checked(1)
        with pytest.raises(WireError, match="no such seat"):
            decode_event({"type": "Checked", "seat": -1})
    finally:
        del EVENT_TYPES["Checked"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)
# The events of the engine and the tournament (other layers, such as the network table's,
# register theirs when imported: whether they are depends on which tests ran first).
GAME_EVENTS = frozenset(
    name
    for name, kind in EVENT_TYPES.items()
    if kind.__module__ in ("audiopoker.engine.events", "audiopoker.tournament.director")
)
NAMES = st.sampled_from(sorted(GAME_EVENTS))


@settings(max_examples=300, deadline=None)
@given(name=NAMES, body=st.dictionaries(st.text(max_size=12), JSON, max_size=6), data=JSON)
def test_arbitrary_json_is_decoded_or_refused(name: str, body: dict[str, Any], data: Any) -> None:
    for candidate in ({**body, "type": name}, data):
        try:
            event = decode_event(candidate)
        except WireError:
            continue
        assert isinstance(event, Event)


@settings(max_examples=300, deadline=None)
@given(choice=st.data(), value=JSON)
def test_real_events_with_one_value_replaced_are_decoded_or_refused(
    samples: dict[str, dict[str, object]], choice: st.DataObject, value: Any
) -> None:
    sample = samples[choice.draw(NAMES)]
    path: list[str | int] = []
    here: Any = sample
    while isinstance(here, dict | list) and here:
        step = choice.draw(
            st.sampled_from(sorted(here) if isinstance(here, dict) else range(len(here)))
        )
        path.append(step)
        here = here[step]
        if choice.draw(st.booleans()):
            break
    if not path:
        return
    try:
        event = decode_event(changed(sample, tuple(path), value))
    except WireError:
        return
    assert encode_event(event) == through_json(encode_event(event))


# --------------------------------------------------------------------- registering


def test_registering_an_event_lets_it_travel_and_names_stay_unique() -> None:
    @register_event
    @dataclass(frozen=True, slots=True)
    class TestOnlyNotice(Event):
        seat: int
        name: str
        cards: frozenset[Card] = frozenset()
        note: str | None = None

    try:
        event = TestOnlyNotice(2, "Ana", frozenset({Card("Kd"), Card("As"), Card("2c")}))
        encoded = encode_event(event)
        assert encoded["cards"] == ["2c", "As", "Kd"]  # sorted: equal sets, equal frames
        assert decode_event(through_json(encoded)) == event
        assert register_event(TestOnlyNotice) is TestOnlyNotice  # again: the same class is fine

        @dataclass(frozen=True, slots=True)
        class Other(Event):
            seat: int

        Other.__name__ = "TestOnlyNotice"
        with pytest.raises(ValueError):
            register_event(Other)
        assert EVENT_TYPES["TestOnlyNotice"] is TestOnlyNotice
    finally:
        del EVENT_TYPES["TestOnlyNotice"]


def test_a_field_the_wire_cannot_check_is_refused_at_registration() -> None:
    @dataclass(frozen=True, slots=True)
    class Floaty(Event):
        share: float

    with pytest.raises(TypeError):
        register_event(Floaty)
    assert "Floaty" not in EVENT_TYPES


# --------------------------------------------------------------------- actions


@pytest.mark.parametrize(
    "action",
    [Action.fold(), Action.check(), Action.call(), Action.bet(4), Action.raise_to(300)],
)
def test_actions_survive_json(action: Action) -> None:
    encoded = encode_action(action)
    assert encoded == {"kind": action.kind.value, "to": action.to}
    assert decode_action(through_json(encoded)) == action


def test_an_action_without_to_is_accepted() -> None:
    assert decode_action({"kind": "call"}) == Action(ActionKind.CALL)


@pytest.mark.parametrize(
    "data",
    [
        None,
        ["fold"],
        "fold",
        {},
        {"to": 4},
        {"kind": "shove"},
        {"kind": "FOLD"},
        {"kind": 0},
        {"kind": None},
        {"kind": "raise", "to": "300"},
        {"kind": "raise", "to": 300.0},
        {"kind": "raise", "to": True},
        {"kind": "raise", "to": 2**53},
        {"kind": "raise", "to": 10**400},
        {"kind": "raise", "to": [300]},
        {"kind": "fold", "to": None, "seat": 3},
        {"kind": "fold", "type": "Action"},
    ],
)
def test_decode_action_refuses_bad_data(data: object) -> None:
    with pytest.raises(WireError):
        decode_action(data)


@settings(max_examples=200, deadline=None)
@given(data=JSON, kind=st.sampled_from([kind.value for kind in ActionKind]), to=JSON)
def test_arbitrary_actions_are_decoded_or_refused(data: Any, kind: str, to: Any) -> None:
    for candidate in (data, {"kind": kind, "to": to}):
        with contextlib.suppress(WireError):
            assert isinstance(decode_action(candidate), Action)
