"""The sound listener: every event kind to its cue and pan, volume and mute, and the
game carrying on when the sound backend fails at start or mid-game."""

from __future__ import annotations

import itertools
import logging
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sound_support import BreaksAfter, broken_at_start

from audiopoker.audio.cues import Cue, CueBank
from audiopoker.audio.listener import (
    DEAL_GAP,
    MAX_BACKLOG,
    PAN_WIDTH,
    SILENT_EVENTS,
    SoundListener,
    build_sound,
    seat_pan,
)
from audiopoker.audio.sound_backends import (
    MiniaudioBackend,
    NullBackend,
    RecordingBackend,
    SafeBackend,
    SoundBackend,
    SoundUnavailable,
)
from audiopoker.cards import parse_cards
from audiopoker.engine import events
from audiopoker.engine.actions import ActionKind, LegalActions, Street
from audiopoker.engine.events import (
    ActionRequired,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindKind,
    BlindPosted,
    BlindsChanged,
    CardBurned,
    Event,
    GameEnded,
    GameEndReason,
    HandEnded,
    HandRevealed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PotAwarded,
    StreetDealt,
)
from audiopoker.evaluator import evaluate

ME = 0
SIX = (200,) * 6
# Listener at seat 0 of 6: seat 1 (on its left) at -0.6 .. seat 5 (on its right) at +0.6.
PAN = {0: 0.0, 1: -0.6, 2: -0.3, 3: 0.0, 4: 0.3, 5: 0.6}
ACE, KING = parse_cards("As Kd")
AK = (ACE, KING)
BOARD = parse_cards("2c 7d 9h Ts Jc")
VALUE = evaluate(AK + BOARD)


def legal(seat: int) -> LegalActions:
    return LegalActions(seat, True, 0, False, ActionKind.BET, 2, 200, 200, 0, 3)


def taken(seat: int, kind: ActionKind, amount: int = 0, all_in: bool = False) -> ActionTaken:
    return ActionTaken(seat, kind, amount, amount, all_in, 100, 50, Street.FLOP)


def pot(winners: tuple[int, ...]) -> PotAwarded:
    shares = tuple(10 // len(winners) for _ in winners)
    return PotAwarded(0, 10, (1, 2, 4), winners, shares, (), False, VALUE)


HAND_STARTED = HandStarted(1, 4, 5, 0, (5, 0, 1, 2, 3, 4), SIX, 1, 2, 0, False)

# One example of every event kind, with the cues and pans a listener at seat 0 hears.
EXAMPLES: list[tuple[Event, list[tuple[Cue, float]]]] = [
    (HAND_STARTED, [(Cue.SHUFFLE, PAN[4])]),  # from the dealer's (button's) seat
    (AntePosted(2, 1, False), [(Cue.CALL_SMALL, PAN[2])]),
    (BlindPosted(5, BlindKind.SMALL, 1, False), [(Cue.CALL_SMALL, PAN[5])]),
    (HoleCardsDealt(1, AK), [(Cue.DEAL, PAN[1]), (Cue.DEAL, PAN[1])]),
    (CardBurned(Street.FLOP), [(Cue.BURN, 0.0)]),
    (StreetDealt(Street.FLOP, BOARD[:3], BOARD[:3]), [(Cue.FLOP, 0.0)]),
    (StreetDealt(Street.TURN, BOARD[3:4], BOARD[:4]), [(Cue.TURN, 0.0)]),
    (StreetDealt(Street.RIVER, BOARD[4:], BOARD), [(Cue.RIVER, 0.0)]),
    (ActionRequired(ME, legal(ME)), [(Cue.YOUR_TURN, 0.0)]),
    (ActionRequired(3, legal(3)), []),  # only the listener's own turn chimes
    (taken(1, ActionKind.FOLD), [(Cue.FOLD, PAN[1])]),
    (taken(2, ActionKind.CHECK), [(Cue.CHECK, PAN[2])]),
    (taken(4, ActionKind.CALL, 2), [(Cue.CALL_SMALL, PAN[4])]),
    (taken(4, ActionKind.CALL, 12), [(Cue.CALL_MEDIUM, PAN[4])]),
    (taken(5, ActionKind.BET, 4), [(Cue.BET_SMALL, PAN[5])]),
    (taken(5, ActionKind.BET, 60), [(Cue.BET_LARGE, PAN[5])]),
    (taken(0, ActionKind.RAISE, 20), [(Cue.RAISE, 0.0)]),
    (taken(2, ActionKind.CALL, 7, all_in=True), [(Cue.ALL_IN, PAN[2])]),
    (BetReturned(5, 40), [(Cue.CALL_LARGE, PAN[5])]),
    (HandRevealed(1, AK), [(Cue.SHOW, PAN[1])]),
    (HandShown(2, AK, VALUE, 2), [(Cue.SHOW, PAN[2])]),
    (pot((4,)), [(Cue.WIN_POT, PAN[4])]),
    (pot((1, 5)), [(Cue.SPLIT, 0.0)]),
    (HandEnded(1, SIX, (0,) * 6), []),
    (PlayerEliminated(3, 6), [(Cue.ELIMINATION, PAN[3])]),
    (PlayerEliminated(ME, 5), [(Cue.GAME_LOST, 0.0)]),
    (BlindsChanged(2, 4, 0), []),
    (GameEnded(GameEndReason.LAST_PLAYER_STANDING, (ME,), (0, 1), SIX), [(Cue.GAME_WON, 0.0)]),
]


def listener(backend: SoundBackend, seat: int | None = ME, **kwargs: Any) -> SoundListener:
    return SoundListener(backend, seat, clock=lambda: 10.0, table_size=6, **kwargs)


def test_every_event_kind_is_mapped_or_declared_silent() -> None:
    kinds = {type(event) for event, _ in EXAMPLES}
    # Every event class the engine defines (slots dataclasses leave stale classes in
    # Event.__subclasses__(), so read the module instead).
    defined = {
        value
        for value in vars(events).values()
        if isinstance(value, type) and issubclass(value, Event) and value is not Event
    }
    missing = defined - kinds
    assert not missing, f"choose a cue (or SILENT_EVENTS) for {sorted(k.__name__ for k in missing)}"
    for kind in SILENT_EVENTS:
        assert all(cues == [] for event, cues in EXAMPLES if type(event) is kind)


@pytest.mark.parametrize(
    ("event", "expected"), EXAMPLES, ids=lambda x: type(x).__name__ if isinstance(x, Event) else ""
)
def test_event_plays_its_cue_from_the_seat(event: Event, expected: list[tuple[Cue, float]]) -> None:
    backend = RecordingBackend()
    sounds = listener(backend)
    sounds.on_event(HAND_STARTED)
    backend.played.clear()
    sounds.on_event(event)
    assert [(p.cue, round(p.pan, 6)) for p in backend.played] == [
        (cue, round(pan, 6)) for cue, pan in expected
    ]
    assert all(p.gain == sounds.volume for p in backend.played)


def test_a_watcher_hears_seats_left_to_right_and_the_winner_fanfare_from_its_seat() -> None:
    backend = RecordingBackend()
    sounds = listener(backend, seat=None)
    sounds.on_event(HAND_STARTED)
    for seat in range(6):
        sounds.on_event(taken(seat, ActionKind.CHECK))
    sounds.on_event(ActionRequired(0, legal(0)))  # nobody's own turn when watching
    sounds.on_event(GameEnded(GameEndReason.LAST_PLAYER_STANDING, (5,), (5, 0), SIX))
    pans = [p.pan for p in backend.played if p.cue is Cue.CHECK]
    assert pans == sorted(pans) and pans[0] == -PAN_WIDTH and pans[-1] == PAN_WIDTH
    assert backend.cues[-1] is Cue.GAME_WON and backend.played[-1].pan == PAN_WIDTH
    assert Cue.YOUR_TURN not in backend.cues


def test_losing_is_heard_once() -> None:
    backend = RecordingBackend()
    sounds = listener(backend)
    sounds.on_event(PlayerEliminated(ME, 2))
    sounds.on_event(GameEnded(GameEndReason.LAST_PLAYER_STANDING, (4,), (4, 0), SIX))
    assert backend.cues == [Cue.GAME_LOST]
    other = RecordingBackend()
    listener(other).on_event(GameEnded(GameEndReason.HAND_LIMIT, (4,), (4, 0), SIX))
    assert other.cues == [Cue.GAME_LOST]


def test_a_revealed_all_in_hand_is_not_turned_over_twice() -> None:
    backend = RecordingBackend()
    sounds = listener(backend)
    sounds.on_event(HandRevealed(1, AK))
    sounds.on_event(HandShown(1, AK, VALUE, 2))
    sounds.on_event(HandShown(2, AK, VALUE, 2))
    assert [(p.cue, p.pan) for p in backend.played] == [(Cue.SHOW, PAN[1]), (Cue.SHOW, PAN[2])]


def test_a_burst_of_events_is_spaced_out_and_the_deal_goes_round_twice() -> None:
    backend = RecordingBackend()
    sounds = listener(backend)  # the clock stands still: everything arrives at once
    sounds.on_event(HAND_STARTED)
    sounds.on_event(BlindPosted(5, BlindKind.SMALL, 1, False))
    sounds.on_event(BlindPosted(0, BlindKind.BIG, 2, False))
    for seat in HAND_STARTED.seats_in_hand:
        sounds.on_event(HoleCardsDealt(seat, AK))
    sounds.on_event(ActionRequired(ME, legal(ME)))
    delays = [p.delay for p in backend.played]
    assert delays[0] == 0.0 and backend.cues[0] is Cue.SHUFFLE
    deals = sorted((p.delay, p.pan) for p in backend.played if p.cue is Cue.DEAL)
    assert len(deals) == 12
    expected_order = [PAN[s] for s in HAND_STARTED.seats_in_hand] * 2
    assert [pan for _, pan in deals] == pytest.approx(expected_order)
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(deals)]
    assert gaps == pytest.approx([DEAL_GAP] * 11)
    assert deals[0][0] > delays[2] > delays[1] > 0  # shuffle, blinds, then the deal
    assert backend.cues[-1] is Cue.YOUR_TURN and delays[-1] > deals[-1][0]


def test_a_flood_never_queues_beyond_the_backlog_limit() -> None:
    backend = RecordingBackend()
    sounds = listener(backend)
    for _ in range(100):
        sounds.on_event(taken(2, ActionKind.CHECK))
    assert max(p.delay for p in backend.played) <= MAX_BACKLOG


def test_a_paced_game_plays_each_cue_at_once() -> None:
    now = [0.0]
    backend = RecordingBackend()
    sounds = SoundListener(backend, ME, clock=lambda: now[0], table_size=6)
    for seat in (1, 2, 3):
        now[0] += 1.0
        sounds.on_event(taken(seat, ActionKind.CALL, 2))
    assert [p.delay for p in backend.played] == [0.0, 0.0, 0.0]


@given(st.integers(3, 10), st.data())
def test_seat_pans_are_subtle_distinct_and_mirror_round_the_table(size: int, data: Any) -> None:
    me = data.draw(st.integers(0, size - 1))
    pans = [seat_pan(seat, me, size) for seat in range(size)]
    assert pans[me] == 0.0
    assert all(-PAN_WIDTH <= pan <= PAN_WIDTH for pan in pans)
    others = [pans[(me + k) % size] for k in range(1, size)]
    assert others == sorted(others) and len(set(others)) == size - 1  # left to right
    assert others[0] == -PAN_WIDTH and others[-1] == PAN_WIDTH
    for k in range(1, size):  # the seat k to my left mirrors the seat k to my right
        assert seat_pan((me + k) % size, me, size) == pytest.approx(
            -seat_pan((me - k) % size, me, size)
        )


def test_heads_up_and_unknown_table_sizes_stay_centred() -> None:
    assert seat_pan(1, 0, 2) == 0.0
    assert seat_pan(3, 0, 0) == 0.0


# -- volume and mute ------------------------------------------------------------------


def test_volume_steps_clamp_and_reach_the_backend() -> None:
    backend = RecordingBackend()
    sounds = listener(backend, volume=0.85)
    assert sounds.volume_up() == 0.95
    assert sounds.volume_up() == 1.0
    assert sounds.volume_up() == 1.0
    sounds.play_cue(Cue.CHECK)
    assert backend.played[-1].gain == 1.0
    assert sounds.set_volume(0.15) == 0.15
    assert sounds.volume_down() == 0.05
    assert sounds.volume_down() == 0.0
    sounds.play_cue(Cue.CHECK)
    assert len(backend.played) == 1  # volume 0 plays nothing
    assert sounds.set_volume(-3) == 0.0 and sounds.set_volume(7) == 1.0


def test_mute_silences_at_once_and_unmute_brings_sound_back() -> None:
    backend = RecordingBackend()
    sounds = listener(backend)
    assert sounds.toggle_mute() is True
    assert backend.stops == 1
    sounds.on_event(taken(1, ActionKind.FOLD))
    sounds.time_running()
    assert backend.played == []
    assert sounds.toggle_mute() is False
    sounds.error()
    sounds.time_running()
    assert backend.cues == [Cue.ERROR, Cue.TIME_RUNNING]
    assert sounds.volume == 0.8  # muting keeps the volume
    sounds.toggle_mute()
    assert sounds.volume_up() == 0.9 and not sounds.muted  # volume up unmutes


def test_non_event_cues_play_from_the_middle_or_a_seat() -> None:
    backend = RecordingBackend()
    sounds = listener(backend)
    sounds.play_cue(Cue.DEAL, seat=5)
    sounds.error()
    assert [(p.cue, p.pan, p.delay) for p in backend.played] == [
        (Cue.DEAL, PAN_WIDTH, 0.0),
        (Cue.ERROR, 0.0, 0.0),
    ]


def test_no_sound_opens_nothing() -> None:
    opened: list[int] = []

    def factory() -> SoundBackend:
        opened.append(1)
        return RecordingBackend()

    sounds = build_sound(enabled=False, volume=0.5, seat=2, backend=factory)
    assert opened == [] and isinstance(sounds.backend, NullBackend)
    assert sounds.volume == 0.5 and sounds.seat == 2
    sounds.on_event(HAND_STARTED)


# -- failures -------------------------------------------------------------------------


def sound_warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "audiopoker.audio" and r.levelno >= 30]


def test_failure_at_start_is_logged_once_and_sound_goes_quiet(
    caplog: pytest.LogCaptureFixture,
) -> None:
    sounds = build_sound(enabled=True, backend=broken_at_start)
    for event, _ in EXAMPLES:
        sounds.on_event(event)
    sounds.error()
    sounds.toggle_mute()
    sounds.close()
    assert not sounds.working
    assert len(sound_warnings(caplog)) == 1
    assert "no audio output device" in sound_warnings(caplog)[0].getMessage()


def test_failure_mid_game_is_logged_once_and_nothing_more_is_sent(
    caplog: pytest.LogCaptureFixture,
) -> None:
    inner = BreaksAfter(good=3)
    sounds = build_sound(enabled=True, backend=lambda: inner)
    for event, _ in EXAMPLES:
        sounds.on_event(event)
    assert len(inner.played) == 3 and inner.calls == 4  # not called again after failing
    assert inner.closed and not sounds.working
    assert len(sound_warnings(caplog)) == 1


def test_a_bug_mapping_an_event_never_reaches_the_game(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = RecordingBackend()
    sounds = listener(backend)

    def boom(event: Event, now: float) -> list[Any]:
        raise KeyError("bug")

    monkeypatch.setattr(sounds.map, "sounds", boom)
    sounds.on_event(HAND_STARTED)
    sounds.on_event(HAND_STARTED)
    assert len([r for r in caplog.records if r.name == "audiopoker.audio"]) == 1


def test_the_real_backend_without_a_device_fails_quietly(
    caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    sounds = build_sound(enabled=True, volume=0.3)  # this machine and CI have no device
    sounds.on_event(HAND_STARTED)
    sounds.on_event(taken(1, ActionKind.BET, 10))
    sounds.close()
    if sounds.working:
        pytest.skip("an audio device is present here; nothing failed")
    assert len(sound_warnings(caplog)) == 1
    assert "ALSA" not in capfd.readouterr().err  # the probe's chatter is kept off the console


class FakeDevice:
    """Stands in for miniaudio.PlaybackDevice: the test pulls frames like the device."""

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs
        self.stream: Any = None
        self.closed = False

    def start(self, stream: Any) -> None:
        self.stream = stream

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_device(monkeypatch: pytest.MonkeyPatch) -> list[FakeDevice]:
    miniaudio = pytest.importorskip("miniaudio")
    made: list[FakeDevice] = []

    def make(**kwargs: Any) -> FakeDevice:
        made.append(FakeDevice(**kwargs))
        return made[-1]

    monkeypatch.setattr(miniaudio, "PlaybackDevice", make)
    return made


def test_miniaudio_backend_mixes_overlapping_cues_into_the_device(
    fake_device: list[FakeDevice],
) -> None:
    bank = CueBank.load()
    backend = MiniaudioBackend(bank)
    device = fake_device[0]
    assert device.kwargs["nchannels"] == 2 and device.kwargs["sample_rate"] == bank.rate
    assert device.stream.send(64) == bytes(256)  # silence until a cue plays
    backend.play(Cue.CHECK, -0.6, 1.0)
    backend.play(Cue.DEAL, 0.6, 1.0)
    chunk = device.stream.send(2048)
    assert len(chunk) == 2048 * 4 and any(chunk)
    backend.stop_all()
    assert device.stream.send(64) == bytes(256)
    backend.close()
    assert device.closed
    with pytest.raises(SoundUnavailable):
        backend.play(Cue.CHECK, 0.0, 1.0)


def test_miniaudio_stream_failure_mid_game_turns_sound_off(
    fake_device: list[FakeDevice], caplog: pytest.LogCaptureFixture
) -> None:
    bank = CueBank.load()
    inner: list[MiniaudioBackend] = []

    def factory() -> SoundBackend:
        inner.append(MiniaudioBackend(bank))
        return inner[0]

    safe = SafeBackend(factory)
    safe.play(Cue.CHECK, 0.0, 1.0)
    stream = fake_device[0].stream
    assert any(stream.send(256))

    def broken(frames: int) -> Any:
        raise MemoryError("mixer broke")

    inner[0]._mixer.render = broken  # type: ignore[method-assign]
    assert stream.send(128) == bytes(512)  # the audio thread keeps running, silently
    safe.play(Cue.CHECK, 0.0, 1.0)
    safe.play(Cue.CHECK, 0.0, 1.0)
    assert not safe.working and fake_device[0].closed
    assert len(sound_warnings(caplog)) == 1
    assert "mixer broke" in sound_warnings(caplog)[0].getMessage()


def test_seeded_random_source_is_unused_by_the_listener() -> None:
    # Sound must never change the game: the listener takes no random numbers.
    state = random.getstate()
    sounds = listener(RecordingBackend())
    for event, _ in EXAMPLES:
        sounds.on_event(event)
    assert random.getstate() == state
