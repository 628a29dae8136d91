"""Every decode failure is a refusal with its code (issue 24, point 4): the frame decoders
raise FrameError and nothing else, whatever the bytes (hypothesis, deep nesting included),
and a seated player whose frame is too deep, too big, not UTF-8 or mistyped is refused,
stays seated and plays on, with no traceback in the host's log."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect

from audiopoker.net.protocol import (
    MAX_DEPTH,
    MAX_FRAME,
    ChatFrame,
    FrameError,
    Level,
    RefusalCode,
    Refused,
    Welcome,
    decode_client,
    decode_server,
    encode,
)
from tests.net_raw import is_event, is_frame
from tests.test_net_server import hosted_table, refusals, run

DECODERS = (decode_client, decode_server)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)
TYPES = ("hello", "act", "chat", "heard", "bye", "welcome", "event", "said", "level", "x")


def nest(depth: int, kinds: str = "[") -> str:
    opened = "".join(kinds[i % len(kinds)] for i in range(depth))
    closing = {"[": "]", "{": "}"}
    # An object needs a key before its value: {"k": ... }.
    body, tail = "", ""
    for char in opened:
        body += '{"k":' if char == "{" else "["
        tail = closing[char] + tail
    return body + "1" + tail


def only_frame_errors(data: str | bytes) -> None:
    for decode in DECODERS:
        try:
            decode(data)
        except FrameError as error:
            assert isinstance(error.code, RefusalCode)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(TYPES), st.dictionaries(st.text(max_size=10), json_values, max_size=6))
def test_any_json_object_is_a_frame_or_a_refusal(kind: str, fields: dict[str, Any]) -> None:
    only_frame_errors(json.dumps({"type": kind, "v": 1, **fields}))
    only_frame_errors(json.dumps({**fields, "type": kind}))  # the tag after the rest


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_bytes_or_text_is_a_frame_or_a_refusal(data: str | bytes) -> None:
    only_frame_errors(data)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=MAX_DEPTH + 1, max_value=30_000),
    st.sampled_from(["[", "{", "[{"]),
    st.sampled_from(["v", "text", "event", "state", "names", "x"]),
    st.booleans(),
)
def test_deep_nesting_anywhere_is_refused_too_deep(
    depth: int, kinds: str, key: str, tag_first: bool
) -> None:
    deep = nest(depth, kinds)
    frame = '{"type":"event",' + f'"{key}":{deep}' + "}"
    if not tag_first:
        frame = "{" + f'"{key}":{deep},"type":"level"' + "}"
    if len(frame) > MAX_FRAME:
        return  # TOO_BIG first: its own test
    for decode in DECODERS:
        with pytest.raises(FrameError) as caught:
            decode(frame)
        assert caught.value.code is RefusalCode.TOO_DEEP


def test_the_hostile_checks_sixty_kilobytes_of_brackets() -> None:
    frame = '{"v":' + "[" * 30_000 + "]" * 30_000 + ',"type":"chat"}'
    assert 60_000 <= len(frame) <= MAX_FRAME
    for decode in DECODERS:
        with pytest.raises(FrameError) as caught:
            decode(frame)
        assert caught.value.code is RefusalCode.TOO_DEEP


def test_each_failure_has_its_code_and_honest_frames_pass() -> None:
    cases: list[tuple[str | bytes, RefusalCode]] = [
        ("x" * (MAX_FRAME + 1), RefusalCode.TOO_BIG),
        ('{"type":"chat","text":"' + "é" * (MAX_FRAME // 2) + '"}', RefusalCode.TOO_BIG),
        (b'{"type":"chat","text":"\xff\xfe"}', RefusalCode.ENCODING),
        ('{"type":"act","hand":"x"}', RefusalCode.MALFORMED),
        ('{"type":"heard","upto":1e400}', RefusalCode.MALFORMED),
        ('{"type":"heard","v":2}', RefusalCode.VERSION),
    ]
    for data, code in cases:
        with pytest.raises(FrameError) as caught:
            decode_client(data)
        assert caught.value.code is code, data[:40]
    # Brackets in strings are text, not nesting; our deepest frames pass.
    assert decode_client(encode_chat("[" * 150)).text == "[" * 150  # type: ignore[union-attr]
    state = json.loads(nest(MAX_DEPTH - 2, "{"))
    assert decode_server(encode(Level(state=state))) == Level(state=state)
    said = ChatFrame(seat=1, name="Ana", text="{{{" * 40)
    assert decode_server(encode(said)) == said


def encode_chat(text: str) -> str:
    return json.dumps({"type": "chat", "v": 1, "text": text})


def test_a_seated_player_is_refused_with_each_code_and_plays_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    with hosted_table(seats=3, hands=6, turn_seconds=10) as table:

        async def scenario() -> list[Refused]:
            hostile = table.client(name="Hostile")
            await hostile.connect()
            await hostile.wait_for(is_frame(Welcome), 10)
            sent: list[tuple[str | bytes, RefusalCode]] = [
                ('{"v":' + "[" * 30_000 + "]" * 30_000 + ',"type":"chat"}', RefusalCode.TOO_DEEP),
                ("[" + " " * MAX_FRAME + "]", RefusalCode.TOO_BIG),
                (b'{"type":"chat","v":1,"text":"\xc3\x28"}', RefusalCode.ENCODING),
                ('{"type":"act","v":1,"hand":[],"turn":{}}', RefusalCode.MALFORMED),
            ]
            for data, code in sent:
                mark = len(hostile.frames)
                await hostile.send_raw(data)
                got = await hostile.wait_for(is_frame(Refused), 5, mark)
                assert isinstance(got.frame, Refused)
                assert (got.frame.code, got.frame.fatal) == (code, False)
            # Still seated: it plays the game to its end.
            await hostile.wait_for(is_event("GameEnded"), 60)
            assert not hostile.closed.is_set()
            # Before Hello the same frame is refused for good, with its code.
            async with connect(table.uri, proxy=None, max_size=None) as ws:
                await ws.send("[" * 40 + "]" * 40)
                answer = decode_server(await asyncio.wait_for(ws.recv(), 5))
                assert isinstance(answer, Refused)
                assert (answer.code, answer.fatal) == (RefusalCode.TOO_DEEP, True)
            await hostile.close()
            return refusals(hostile)

        got = run(scenario(), timeout=90)
    assert len(got) == 4
    tracebacks = [r for r in caplog.records if r.exc_info is not None]
    assert not tracebacks, [r.getMessage() for r in tracebacks]
