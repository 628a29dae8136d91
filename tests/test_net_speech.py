"""Heard to the end at the network table: a real ``audiopoker join`` speaking through the
real Speech Dispatcher recorder (at a voice's pace) plays a hand against the host's bots.
Every table message is said to its end, the bots never act before the player heard what
came before, and the last words (the standings, goodbye) are heard before the game closes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.speechd_support import timed_recorder, utterances
from tests.test_net_play import _env, _host, join_command

MS_PER_CHAR = 20  # a fast voice: the hand takes about half a minute


@pytest.mark.slow
def test_a_network_hand_is_heard_to_the_end_and_no_bot_outruns_the_voice(
    tmp_path: Path,
) -> None:
    with timed_recorder(MS_PER_CHAR) as recorder:
        host, address, code = _host(tmp_path, "--seats", "3", "--hands", "1", "--seed", "5")
        transcript = tmp_path / "sam.jsonl"
        command = join_command(
            address, code, "Sam", "--lang", "en", "--transcript", str(transcript)
        )
        command[command.index("silent")] = "screenreader"
        sam = subprocess.Popen(
            [*command, "--screen-reader", "speech-dispatcher"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**_env(tmp_path / "sam"), **recorder.env},
        )
        try:
            assert sam.wait(timeout=180) == 0, sam.stderr.read() if sam.stderr else ""
            assert host.wait(timeout=30) == 0
        finally:
            for process in (sam, host):
                process.kill()
        lines = recorder.lines()
    records = [json.loads(line) for line in transcript.read_text("utf-8").splitlines()]
    table = [r for r in records if not r["answer"] and r["speech"]]
    said = utterances(lines)
    assert [u.text for u in said] == [str(r["text"]) for r in table]  # all, in order
    assert all(u.end is not None for u in said), [u.text for u in said if u.end is None]
    assert said[-1].text == "Goodbye." and said[-2].text.startswith("Game over")
    # A bot's action is worded only once everything before it was said to its end.
    for index, record in enumerate(table):
        bot_action = record["kind"] == "action_taken" and not str(record["text"]).startswith("You")
        if bot_action and index > 0:
            before = said[index - 1]
            assert before.end is not None and before.end <= float(record["wall"]) + 0.05, (
                record["text"],
                before.text,
            )
