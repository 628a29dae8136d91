"""``audiopoker drill ranking --output console --count 3`` in a real terminal (tmux), keys
pressed as a player would: each answer is judged, Enter goes on, the score is said at the
end and the program exits; ``audiopoker stats`` then tells the round."""

from __future__ import annotations

import time
from pathlib import Path

from cli_support import run_audiopoker
from speechd_support import TmuxGame, game_in_tmux

from audiopoker.coach.drills import DrillKind, new_round
from audiopoker.coach.drills.rankings import RankingQuestion

DEADLINE = 60.0
SEED = 5


def wait_for(game: TmuxGame, what: str, count: int, kind: str) -> list[dict[str, object]]:
    """The transcript once it holds ``count`` messages of ``kind``."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        records = game.records()
        if sum(1 for record in records if record["kind"] == kind) >= count:
            return records
        time.sleep(0.05)
    raise AssertionError(f"{what} never came:\n{game.screen()}")


def answer_keys() -> list[str]:
    """The right key of each of the round's questions (the same seed, the same questions)."""
    round = new_round(DrillKind.RANKING, 3, SEED)
    keys = []
    while round.current is not None:
        question = round.current
        assert isinstance(question, RankingQuestion)
        keys.append(str(question.answer_key))
        round.answer(question.answer_key)
        round.advance()
    return keys


def test_a_ranking_drill_in_a_real_terminal(tmp_path: Path) -> None:
    right = answer_keys()
    given = [right[0], "1" if right[1] != "1" else "2", right[2]]  # the second one wrong
    arguments = ["drill", "ranking", "--output", "console", "--count", "3", "--seed", str(SEED)]
    arguments += ["--lang", "en"]
    with game_in_tmux(arguments, {"AUDIOPOKER_DATA_DIR": str(tmp_path)}) as game:
        wait_for(game, "the first question", 3, "drill_question")
        for number, key in enumerate(given, start=1):
            game.press(key)
            wait_for(game, f"the answer to question {number}", 4 * number, "drill_answer")
            game.press("Enter")
        records = wait_for(game, "the summary", 3, "drill_summary")
        deadline = time.monotonic() + DEADLINE
        while game.running and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not game.running, "the drill did not exit after its summary"
        screen = game.screen()
    verdicts = [r["text"] for r in records if r["kind"] == "drill_answer" and r["interrupt"]]
    assert verdicts == ["Right. 1 of 1, streak 1.", "Wrong. 1 of 2.", "Right. 2 of 3, streak 1."]
    summary = [r["text"] for r in records if r["kind"] == "drill_summary"]
    assert summary == [
        "Drill over: 2 of 3 right, 67 percent; best streak 1.",
        "Kept in your statistics: audiopoker stats tells how you improve.",
        "Goodbye.",
    ]
    assert "Drill over: 2 of 3 right, 67 percent; best streak 1." in screen  # the console
    questions = [r["text"] for r in records if r["kind"] == "drill_question"]
    assert [text.split(" Hand 1")[0] for text in questions[::3]] == [
        f"Question {number} of 3." for number in (1, 2, 3)
    ]
    told = run_audiopoker(["stats", "--output", "console", "--lang", "en"], tmp_path)
    assert told.stdout.splitlines()[-2:] == [
        "Drills:",
        "Ranking drill: 1 session; questions answered: 3; right: 67 percent; best streak: 1.",
    ]
