"""The cue generator, the shipped cue files, and the mixer."""

from __future__ import annotations

import importlib.util
import math
import sys
import wave
from array import array
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audiopoker.audio.cues import CUE_SPECS, SAMPLE_RATE, Cue, CueBank, SoundFileError, sounds_dir
from audiopoker.audio.mixer import (
    FULL_SCALE,
    Mixer,
    Scheduled,
    pan_gains,
    render_offline,
    write_stereo_wav,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def make_sounds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts/make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_sounds"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(make_sounds: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sounds")
    make_sounds.write_all(out)
    return out


def read(path: Path) -> tuple[wave._wave_params, array[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        samples = array("h")
        samples.frombytes(wav.readframes(wav.getnframes()))
    return params, samples


def test_every_cue_has_a_maker_and_a_spec(make_sounds: ModuleType) -> None:
    assert set(make_sounds.MAKERS) == set(Cue)
    assert set(CUE_SPECS) == set(Cue)


@pytest.mark.parametrize("cue", list(Cue), ids=lambda cue: cue.value)
def test_generated_cue_is_audible_unclipped_and_the_right_length(generated: Path, cue: Cue) -> None:
    params, samples = read(generated / cue.filename)
    spec = CUE_SPECS[cue]
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, SAMPLE_RATE)
    seconds = len(samples) / SAMPLE_RATE
    assert spec.min_seconds <= seconds <= spec.max_seconds
    peak = max(abs(s) for s in samples)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples)) / FULL_SCALE
    assert peak < 0.9 * FULL_SCALE  # headroom: never at full scale
    assert peak == pytest.approx(spec.peak * FULL_SCALE, rel=0.01)  # normalized as specified
    assert rms > 0.01  # not silent
    assert abs(samples[-1]) < 0.02 * FULL_SCALE  # faded out, no click at the end


def test_generation_is_deterministic(make_sounds: ModuleType) -> None:
    for cue in (Cue.SHUFFLE, Cue.BET_LARGE, Cue.GAME_WON):
        assert make_sounds.wav_bytes(make_sounds.synthesize(cue)) == make_sounds.wav_bytes(
            make_sounds.synthesize(cue)
        )


@pytest.mark.parametrize("cue", list(Cue), ids=lambda cue: cue.value)
def test_committed_sounds_are_what_the_script_makes(generated: Path, cue: Cue) -> None:
    # Byte-identical on the machine that made them; allow one step of rounding for a
    # platform whose libm differs in the last bit.
    _, fresh = read(generated / cue.filename)
    _, committed = read(ROOT / "sounds" / cue.filename)
    assert len(committed) == len(fresh)
    assert max(abs(a - b) for a, b in zip(committed, fresh, strict=True)) <= 1


def test_check_mode_reports_stale_files(make_sounds: ModuleType, tmp_path: Path) -> None:
    make_sounds.write_all(tmp_path, [Cue.DEAL, Cue.FOLD])
    assert make_sounds.main(["--check", "--out", str(tmp_path)]) == 1  # others are missing
    make_sounds.write_all(tmp_path)
    assert make_sounds.main(["--check", "--out", str(tmp_path)]) == 0
    (tmp_path / Cue.FOLD.filename).write_bytes(b"RIFF")
    assert make_sounds.main(["--check", "--out", str(tmp_path)]) == 1


def test_bigger_chip_amounts_sound_bigger(generated: Path) -> None:
    def energy(cue: Cue) -> float:
        return sum(s * s for s in read(generated / cue.filename)[1])

    assert energy(Cue.CALL_SMALL) < energy(Cue.CALL_MEDIUM) < energy(Cue.CALL_LARGE)
    assert energy(Cue.BET_SMALL) < energy(Cue.BET_MEDIUM) < energy(Cue.BET_LARGE)


def test_chip_cue_size_follows_the_amount() -> None:
    assert Cue.chips(bet=False, amount=2, big_blind=2) is Cue.CALL_SMALL
    assert Cue.chips(bet=False, amount=10, big_blind=2) is Cue.CALL_MEDIUM
    assert Cue.chips(bet=False, amount=17, big_blind=2) is Cue.CALL_LARGE
    assert Cue.chips(bet=True, amount=4, big_blind=2) is Cue.BET_SMALL
    assert Cue.chips(bet=True, amount=1000, big_blind=0) is Cue.BET_LARGE


def test_shipped_bank_loads_every_cue() -> None:
    bank = CueBank.load()
    for cue in Cue:
        assert len(bank[cue]) > 0
        assert bank.seconds(cue) == pytest.approx(len(bank[cue]) / SAMPLE_RATE)
    with sounds_dir() as folder:
        assert (folder / Cue.SHUFFLE.filename).is_file()


def test_a_missing_or_bad_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SoundFileError, match="cannot read"):
        CueBank.load(tmp_path)
    with wave.open(str(tmp_path / "x.wav"), "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(SAMPLE_RATE)
        wav.writeframes(bytes(8))
    from audiopoker.audio.cues import read_wav

    with pytest.raises(SoundFileError, match="mono"):
        read_wav(tmp_path / "x.wav")


# -- mixer -------------------------------------------------------------------------------


@given(st.floats(-1.0, 1.0))
def test_pan_keeps_power_constant(pan: float) -> None:
    left, right = pan_gains(pan)
    assert left * left + right * right == pytest.approx(1.0)
    assert (left > right) == (pan < -1e-9) or math.isclose(left, right, abs_tol=1e-6)


@given(st.floats(-1.0, 0.99), st.floats(0.001, 1.0))
def test_moving_right_moves_energy_right(pan: float, step: float) -> None:
    further = min(1.0, pan + step)
    assert pan_gains(further)[1] >= pan_gains(pan)[1]
    assert pan_gains(further)[0] <= pan_gains(pan)[0]


def test_mixer_sums_overlapping_cues_and_honours_delay() -> None:
    mixer = Mixer(rate=1000)
    mixer.add(array("h", [100] * 4), pan=-1.0)
    mixer.add(array("h", [10] * 4), pan=1.0, delay=0.002)
    assert list(mixer.render(3)) == [100, 0, 100, 0, 100, 10]
    assert mixer.active == 2
    assert list(mixer.render(4)) == [100, 10, 0, 10, 0, 10, 0, 0]
    assert mixer.active == 0
    assert list(mixer.render(2)) == [0, 0, 0, 0]


def test_mixer_clips_instead_of_wrapping() -> None:
    mixer = Mixer(rate=1000)
    for _ in range(3):
        mixer.add(array("h", [30000, -30000]), pan=-1.0)
    assert list(mixer.render(2)) == [FULL_SCALE, 0, -FULL_SCALE, 0]


def test_mixer_gain_scales_and_oldest_voice_is_dropped_when_full() -> None:
    mixer = Mixer(rate=1000, max_voices=2)
    mixer.add(array("h", [1000]), pan=-1.0, gain=0.5)
    assert list(mixer.render(1)) == [500, 0]
    for value in (1, 10, 100):
        mixer.add(array("h", [value]), pan=-1.0)
    assert mixer.active == 2
    assert list(mixer.render(1)) == [110, 0]


def test_offline_render_places_cues_in_time(tmp_path: Path) -> None:
    bank = CueBank.load()
    frames = render_offline([Scheduled(0.5, Cue.DEAL, -0.6), Scheduled(0.0, Cue.CHECK, 0.6)], bank)
    total = len(frames) // 2
    assert total == round((0.5 + bank.seconds(Cue.DEAL) + 0.1) * SAMPLE_RATE)

    def energy(start: float, stop: float, channel: int) -> int:
        first, last = round(start * SAMPLE_RATE), round(stop * SAMPLE_RATE)
        return sum(s * s for s in frames[2 * first + channel : 2 * last : 2])

    assert energy(0.0, 0.3, 1) > 2 * energy(0.0, 0.3, 0)  # the check, on the right
    assert energy(0.5, 0.6, 0) > 2 * energy(0.5, 0.6, 1)  # the deal, on the left
    path = tmp_path / "mix.wav"
    write_stereo_wav(path, frames)
    params, samples = read(path)
    assert params.nchannels == 2
    assert samples == frames
