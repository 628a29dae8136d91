"""A newcomer follows the hand in play (issue 25, from a blind play-test): who arrived while
a hand was played heard where it stood, then about a minute of silence while it went on.
Now they follow it as a spectator until their seat is theirs: the public events (bets,
folds, the board, the showdown, who won), never anyone's hole cards, then their first hand
starts as usual. At a real hosted table on loopback in this process, in both languages:
the newcomer's frames are handled as ``audiopoker join`` handles them before its seat
(``Spectator``), spoken into a recording router.
"""

from __future__ import annotations

import json
import queue

import pytest
from side_support import WAIT, hosted_table, recording_router, remote_player, uri_of

from audiopoker.i18n import Language
from audiopoker.net.client import Connection
from audiopoker.net.protocol import EventFrame, Hello, ServerFrame, Waiting, Welcome
from audiopoker.ui.net_talk import Spectator

ARRIVAL = {
    "en": ["Hand 1, before the flop, with blinds of 1 and 2.", "Pot: 3 chips.", "Zoe's turn."],
    "es": ["Mano 1, antes del flop, con ciegas de 1 y 2.", "Bote: 3 fichas.", "Le toca a Zoe."],
}
ZOE_FOLDS = {"en": "Zoe folds.", "es": "Zoe se va."}
WINS = {"en": "wins the pot of", "es": "se lleva el bote de"}
END = {"en": "End of hand 1.", "es": "Fin de la mano 1."}
YOUR_CARDS = {"en": "Your cards", "es": "Tus cartas"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_newcomer_follows_the_hand_in_play_then_sits_down(lang: Language) -> None:
    frames: queue.Queue[ServerFrame | tuple[str, str]] = queue.Queue()
    router, transcript = recording_router(lang)
    got: list[ServerFrame] = []
    with (
        hosted_table(seats=3, hands=3, lang=lang) as hosted,
        remote_player(hosted, "Zoe", "en") as zoe,  # no keys: the table waits for her
    ):
        zoe.start()
        zoe.wait_turn(1)
        hello = Hello(code=hosted.code, name="Yago", lang=lang)
        newcomer = Connection(
            uri_of(hosted), hello, None, frames.put, lambda s, r: frames.put((s, r))
        )
        newcomer.start()
        spectator = Spectator(lang, router)
        try:
            waiting = frames.get(timeout=WAIT)
            assert isinstance(waiting, Waiting), waiting
            spectator.waiting(waiting)  # as join does, until the Welcome
            zoe.act("f")  # the hand goes on: Zoe folds, the bots play it to its end
            while not got or not isinstance(got[-1], Welcome):
                frame = frames.get(timeout=WAIT)
                assert not isinstance(frame, tuple), frame
                got.append(frame)
                if isinstance(frame, EventFrame):
                    spectator.follow(frame)
            after = frames.get(timeout=WAIT)  # the seat's own events, on the session
        finally:
            newcomer.close()
            router.close()
    said = [str(json.loads(line)["text"]) for line in transcript.getvalue().splitlines()]
    assert said[:3] == ARRIVAL[lang], said
    followed = said[3:]
    # The next public action of that hand, who won it and its end, in that order.
    assert followed[0] == ZOE_FOLDS[lang], followed
    won = next(i for i, line in enumerate(followed) if WINS[lang] in line)
    assert followed.index(END[lang]) > won, followed
    # Never a hole card: none was sent, none was said (the showdown's are public).
    events = [frame.event["type"] for frame in got if isinstance(frame, EventFrame)]
    assert "HoleCardsDealt" not in events and "HandEnded" in events, events
    assert not any(YOUR_CARDS[lang] in line for line in followed), followed
    # Then the seat: the Welcome comes after the hand's end, and the first hand of their
    # own is the session's (its events numbered from 1 on the seat's Welcome).
    assert events[-1] == "HandEnded"
    welcome = got[-1]
    assert isinstance(welcome, Welcome) and not welcome.back
    assert isinstance(after, EventFrame) and after.seq == 1, after
