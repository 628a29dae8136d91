"""Pre-actions on the real speech path (issue 27, point 1): the game in tmux speaks through a
real Speech Dispatcher at 10 ms a character (../shared/speechd-recorder), in Spanish and in
English. The player checks or calls on each turn, and each time their own action is said
arms a pre-action for the next one (C and F in turn: a check or call at the price, then
check or fold). What is heard is checked: each arming said to its end; each armed turn
played with no prompt, "As armed" then the player's own action next; a call armed at one
price dropped when someone bets or raises, said with the new price, the prompt then said.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from speechd_support import TimedRecorder, TmuxGame, game_in_tmux, timed_recorder

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]

MS_PER_CHAR = 10
DEADLINE = 240.0
GAME = ["--players", "4", "--seed", "8", "--output", "screenreader", "--bot-delay", "0"]
GAME += ["--hands", "6", "--no-save", "--no-sound", "--screen-reader", "speech-dispatcher"]
GAME += ["--bots", "normal", "--remind", "0"]
WORDS = {
    "en": {"armed": "Armed for your turn: ", "applied": "As armed: ",
           "dropped": re.compile(r"No longer armed: .*\. It costs \d+ to call now\."),
           "mine": ("You check.", "You call", "You fold.")},
    "es": {"armed": "Preparado para tu turno: ", "applied": "Como lo preparaste: ",
           "dropped": re.compile(r"Ya no está preparado: .*\. Ahora para seguir pones \d+\."),
           "mine": ("Ves.", "Sigues con", "Te vas.")},
}  # fmt: skip
Record = dict[str, object]


@pytest.fixture
def recorder() -> Iterator[TimedRecorder]:
    with timed_recorder(MS_PER_CHAR) as started:
        yield started


def own(record: Record, lang: str) -> bool:
    """The player's own action, as said."""
    return record["kind"] == "action_taken" and str(record["text"]).startswith(
        WORDS[lang]["mine"]  # type: ignore[arg-type]
    )


def play(game: TmuxGame, lang: str) -> int:
    """C on each turn; after each own action, arm the next turn (C, then F, in turn).
    Returns how many times a pre-action was armed."""
    deadline = time.monotonic() + DEADLINE
    turns = actions = armed = 0
    while game.running and time.monotonic() < deadline:
        records = game.records()
        prompts = [r for r in records if r["kind"] == "your_turn" and not r["answer"]]
        mine = [r for r in records if own(r, lang)]
        if len(prompts) > turns:
            turns = len(prompts)
            game.press("c")
        elif len(mine) > actions:
            actions = len(mine)
            game.press("c" if armed % 2 == 0 else "f")
            armed += 1
        time.sleep(0.05)
    assert not game.running, f"the game did not end in time:\n{game.screen()}"
    return armed


@pytest.mark.parametrize("lang", ["es", "en"])
def test_armed_applied_and_dropped_are_heard(recorder: TimedRecorder, lang: str) -> None:
    words = WORDS[lang]
    with game_in_tmux(
        [*GAME, "--lang", lang], {**recorder.env, "AUDIOPOKER_NO_PRISM": "1"}
    ) as game:
        play(game, lang)
        records = game.records()
    said = recorder.utterances()
    heard = [u.text for u in said if u.end is not None]
    armed = [r for r in records if str(r["text"]).startswith(str(words["armed"]))]
    applied = [i for i, r in enumerate(records) if str(r["text"]).startswith(str(words["applied"]))]
    dropped = [r for r in records if words["dropped"].fullmatch(str(r["text"]))]  # type: ignore[union-attr]
    assert armed and applied and dropped, [r["text"] for r in records][-40:]
    for index in applied:  # the armed turn: no prompt, the player's own action next
        later = [r for r in records[index + 1 :] if r["kind"] in ("your_turn", "action_taken")]
        assert later and later[0]["kind"] == "action_taken"
        assert own(later[0], lang), later[0]
    table_lines = [str(r["text"]) for r in records if not r["answer"]]
    for line in table_lines:  # every applied and dropped line was heard to its end
        if line.startswith(str(words["applied"])) or words["dropped"].fullmatch(line):  # type: ignore[union-attr]
            assert line in heard, line
    print(f"{lang}: {len(armed)} armed, {len(applied)} applied, {len(dropped)} dropped")
