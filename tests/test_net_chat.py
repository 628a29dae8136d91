"""Chat at the network table, by keys: a real ``audiopoker join`` process types a line
(Enter opens it, Enter sends it), another player hears "Beto says: …"; lines from others
are said ("Ana says: …") until F2 mutes them; control characters never reach anyone."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from cli_support import transcript_texts, wait_said

from audiopoker.net.protocol import Chat, ChatFrame, Welcome
from tests.net_raw import RawClient, is_frame
from tests.platform_support import posix_only
from tests.test_net_server import hosted_table, run

pytestmark = posix_only("a key loop reading a pipe")

ENTER, F2 = b"\r", b"\x1bOQ"


def test_a_line_typed_at_the_keys_reaches_the_table_and_f2_mutes_the_others(
    tmp_path: Path,
) -> None:
    transcript = tmp_path / "beto.jsonl"
    with hosted_table(seats=3, hands=200, turn_seconds=30) as table:
        ana = table.client(name="Ana")
        beto = subprocess.Popen(
            [sys.executable, "-m", "audiopoker", "join", table.uri.removeprefix("ws://"),
             "--code", table.hosted.code, "--name", "Beto", "--lang", "en", "--output",
             "silent", "--no-sound", "--transcript", str(transcript)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path / "beto")},
        )  # fmt: skip
        assert beto.stdin is not None
        try:

            def keys(data: bytes) -> None:
                assert beto.stdin is not None
                beto.stdin.write(data)
                beto.stdin.flush()
                time.sleep(0.3)

            async def scenario() -> RawClient:
                await ana.connect()
                await ana.wait_for(is_frame(Welcome), 15)
                await asyncio.to_thread(wait_said, transcript, "You sit down")
                await asyncio.to_thread(keys, ENTER)
                for char in "Hola Ana":
                    await asyncio.to_thread(keys, char.encode())
                await asyncio.to_thread(keys, ENTER)
                await ana.wait_for(is_frame(ChatFrame), 10)
                await ana.send(Chat(text="buenas\x1b[2J\u202e tardes"))
                await asyncio.to_thread(wait_said, transcript, "Ana says: buenas")
                await asyncio.to_thread(keys, F2)
                await asyncio.to_thread(wait_said, transcript, "Chat muted")
                await ana.send(Chat(text="nadie me oye"))
                await ana.send(Chat(text="sigo aqui"))
                await ana.wait_for(lambda r: "sigo aqui" in r.raw, 10)
                await asyncio.sleep(1.0)  # Beto's client had every chance to say them
                await ana.close()
                return ana

            run(scenario(), timeout=60)
        finally:
            beto.stdin.write(b"qq")
            beto.stdin.close()
            try:
                beto.wait(timeout=20)
            finally:
                beto.kill()
    said = transcript_texts(transcript)
    lines = [r.frame for r in ana.frames if isinstance(r.frame, ChatFrame)]
    assert (lines[0].name, lines[0].text) == ("Beto", "Hola Ana")  # capitals kept
    assert "You say: Hola Ana" in said
    heard = next(line for line in said if line.startswith("Ana says: buenas"))
    assert heard == "Ana says: buenas[2J tardes"  # no escape, no bidirectional override
    assert not any("nadie me oye" in line or "sigo aqui" in line for line in said)
