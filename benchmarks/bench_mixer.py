"""How much of the audio callback's time our pure-Python mixer uses.

The device asks for one buffer (MiniaudioBackend.BUFFER_MSEC of audio) at a time; the
mixer must render it in a small fraction of that, even with several cues overlapping,
or playback stutters while bots think. Prints the render time per buffer and the share
of the buffer's duration it takes, for 0, 1, 4 and 12 overlapping cues.

    python benchmarks/bench_mixer.py [--buffers 200]
"""

from __future__ import annotations

import argparse
import time

from audiopoker.audio.cues import Cue, CueBank
from audiopoker.audio.mixer import Mixer
from audiopoker.audio.sound_backends import MiniaudioBackend


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--buffers", type=int, default=200)
    args = parser.parse_args()
    bank = CueBank.load()
    frames = round(bank.rate * MiniaudioBackend.BUFFER_MSEC / 1000)
    cues = [Cue.GAME_WON, Cue.ALL_IN, Cue.SHUFFLE, Cue.GAME_LOST]  # the longest ones
    print(f"buffer: {frames} frames = {MiniaudioBackend.BUFFER_MSEC} ms at {bank.rate} Hz")
    for voices in (0, 1, 4, 12):
        mixer = Mixer(bank.rate, max_voices=voices or 1)
        elapsed = 0.0
        for _ in range(args.buffers):
            while mixer.active < voices:  # keep the mixer full: restart cues as they end
                cue = cues[mixer.active % len(cues)]
                mixer.add(bank[cue], pan=(mixer.active % 3 - 1) * 0.6, gain=0.8)
            start = time.perf_counter()
            mixer.render(frames)
            elapsed += time.perf_counter() - start
        per_buffer = elapsed / args.buffers * 1000
        share = per_buffer / MiniaudioBackend.BUFFER_MSEC * 100
        print(f"{voices:2d} cues: {per_buffer:6.3f} ms per buffer ({share:4.1f}% of real time)")


if __name__ == "__main__":
    main()
