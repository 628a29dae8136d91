"""Text from other people is cleaned before it reaches a console or a voice (issue 24,
point 1): every string field of every frame, both ways, goes through ``clean_text``; a
hostile raw client's name and chat reach another player's console and transcript (a real
``audiopoker join`` in Spanish) and the host's news (in English) with no control, format
or bidirectional character; a name with nothing left is refused."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import typing
import unicodedata
from pathlib import Path
from typing import Any

import msgspec
from cli_support import transcript_texts, wait_said
from hypothesis import given, settings
from hypothesis import strategies as st

from audiopoker.net.clean import MAX_MARKS, clean_client_frame, clean_server_frame, clean_text
from audiopoker.net.host_news import HostNews
from audiopoker.net.protocol import (
    MAX_NAME,
    Chat,
    ClientFrame,
    RefusalCode,
    Refused,
    ServerFrame,
    Welcome,
)
from tests.net_raw import is_frame
from tests.platform_support import posix_only
from tests.test_net_server import hosted_table, refusals, run

HOSTILE = "Tr\x1b[2J\u202eudy\x07"
NASTY = "\x1b]0;pwn\x07\u202e\u2066\u200f\u200b\x00\x9b\ufeff\u061c\u3164\U000e0041\ud800"
# Strings a person never hears: only compared (code, token), or checked words (lang, kind).
NOT_HEARD = {("Hello", "code"), ("Hello", "token"), ("Hello", "lang"), ("Act", "kind")}
NOT_HEARD |= {("Welcome", "token")}


def bad(text: str) -> list[str]:
    """Characters that must never reach a console or a voice."""
    return [c for c in text if unicodedata.category(c)[0] == "C" or c in "\u3164"]


def strings_of(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [s for item in value for s in strings_of(item)]
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings_of(item)]
    if isinstance(value, msgspec.Struct):
        return [
            s for f in msgspec.structs.fields(value) for s in strings_of(getattr(value, f.name))
        ]
    return []


def hostile_frames(kinds: Any, text: str) -> list[Any]:
    """One frame of each kind with ``text`` in every field that holds strings."""
    frames = []
    for kind in typing.get_args(kinds):
        values: dict[str, Any] = {}
        for field in msgspec.structs.fields(kind):
            hint = str(field.type)
            if (kind.__name__, field.name) in NOT_HEARD or field.name == "v":
                continue
            if hint.startswith("typing.Annotated[str") or field.type is str:
                values[field.name] = text
            elif "tuple[str" in hint:
                values[field.name] = (text, text)
            elif "dict[str, typing.Any]" in hint and "tuple" in hint:
                values[field.name] = ({"type": "SeatTaken", "name": text, "x": [text]},)
            elif "dict[str, typing.Any]" in hint:
                values[field.name] = {"type": "SeatLeft", "name": text, "bot": [text]}
        frames.append(kind(**values))
    return frames


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec=None), min_size=1, max_size=80))
def test_every_string_of_every_frame_is_cleaned(text: str) -> None:
    text = text + NASTY
    for frame in hostile_frames(ServerFrame, text):
        for value in strings_of(clean_server_frame(frame)):
            assert not bad(value), (type(frame).__name__, value)
    for frame in hostile_frames(ClientFrame, text):
        cleaned: ClientFrame = clean_client_frame(frame)
        kept = [
            getattr(cleaned, f.name)
            for f in msgspec.structs.fields(cleaned)
            if (type(cleaned).__name__, f.name) not in NOT_HEARD
        ]
        for value in strings_of(kept):
            assert not bad(value), (type(frame).__name__, value)


def test_length_is_counted_in_graphemes() -> None:
    name = "q\u0307" * 40  # two code points, one grapheme each
    assert len(clean_text(name, MAX_NAME)) == 2 * MAX_NAME
    assert clean_text("q" + "\u0300" * 300, 5) == "q" + "\u0300" * MAX_MARKS
    assert clean_text(HOSTILE, MAX_NAME) == "Tr[2Judy"
    assert clean_text(NASTY, MAX_NAME) == "]0;pwn"


@posix_only("a join process reading a closed stdin")
def test_a_hostile_name_and_chat_reach_nobody_as_they_were(tmp_path: Path) -> None:
    transcript = tmp_path / "beto.jsonl"
    host_heard: list[str] = []
    with hosted_table(seats=4, hands=400, turn_seconds=30, bot_delay=0.05) as table:
        news = HostNews("en", lambda: table.hosted.table.names, lambda m: host_heard.append(m.text))
        table.hosted.game.add_listener(news)
        table.hosted.server.news.append(news.on_event)
        first = table.client(name=HOSTILE)  # seated before Beto: its name is in his Welcome
        second = table.client(name="\u202e" + HOSTILE * 3)  # after him: in a SeatTaken

        console_file = (tmp_path / "console.txt").open("wb")  # a pipe could fill and block it

        async def scenario() -> list[Refused]:
            await first.connect()
            await first.wait_for(is_frame(Welcome), 15)
            beto = subprocess.Popen(
                [sys.executable, "-m", "audiopoker", "join", table.uri.removeprefix("ws://"),
                 "--code", table.hosted.code, "--name", "Beto", "--lang", "es", "--output",
                 "console", "--no-sound", "--transcript", str(transcript), "--autopilot"],
                stdin=subprocess.DEVNULL, stdout=console_file, stderr=subprocess.DEVNULL,
                env={**os.environ, "AUDIOPOKER_DATA_DIR": str(tmp_path / "beto")},
            )  # fmt: skip
            try:
                await asyncio.to_thread(wait_said, transcript, "Te sientas")
                await second.connect()
                await second.wait_for(is_frame(Welcome), 30)
                await first.send(
                    Chat(text=f"hola {NASTY[:-1]} {HOSTILE}")
                )  # no lone surrogate: UTF-8
                await asyncio.to_thread(wait_said, transcript, "dice: hola")
                await second.close()  # its name is said again: lost the connection
                await asyncio.to_thread(wait_said, transcript, "perdió la conexión")
                empty = table.client(name="\x1b\u202e\x07\u200b")
                await empty.connect()
                await asyncio.wait_for(empty.closed.wait(), 10)
                await first.close()
            finally:
                beto.terminate()
                await asyncio.to_thread(beto.wait, 20)
            return refusals(empty)

        try:
            refused = run(scenario(), timeout=120)
        finally:
            console_file.close()
    assert [(r.code, r.fatal) for r in refused] == [(RefusalCode.BAD_NAME, True)]
    said = transcript_texts(transcript)
    console = (tmp_path / "console.txt").read_bytes().decode("utf-8")
    heard = [line for line in said if "Tr[2Judy" in line]
    assert len(heard) >= 3, said[-20:]  # the seat taken, the chat line, the lost connection
    assert any(line.startswith("Tr[2JudyTr[2Judy") and "se sienta" in line for line in heard)
    assert any(line.startswith("Tr[2Judy dice: hola ]0;pwn Tr[2Judy") for line in heard)
    assert "Tr[2Judy" in console
    for text in [*said, console.replace("\n", " "), *host_heard]:
        assert not bad(text), repr(text)
    assert any("Tr[2Judy" in line and "sits down" in line for line in host_heard), host_heard
