"""The saved-game offer in a real terminal (tmux), pressed as a player would: Escape by reflex
to cut the long offer keeps the save (the offer is said again), Enter resumes it."""

from __future__ import annotations

import time
from pathlib import Path

from persistence_support import play_saved_game, save_path
from speechd_support import TmuxGame, game_in_tmux

DEADLINE = 60.0


def wait_for(game: TmuxGame, what: str, done: object) -> list[dict[str, object]]:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        records = game.records()
        if callable(done) and done(records):
            return records
        time.sleep(0.05)
    raise AssertionError(f"{what} never came:\n{game.screen()}")


def test_escape_at_the_offer_keeps_the_save_and_enter_resumes_it(tmp_path: Path) -> None:
    play_saved_game(tmp_path, hands=2)
    before = save_path(tmp_path).read_bytes()
    arguments = ["--seed", "4", "--players", "3", "--output", "silent", "--no-sound"]
    arguments += ["--bot-delay", "0", "--lang", "es"]
    with game_in_tmux(arguments, {"AUDIOPOKER_DATA_DIR": str(tmp_path)}) as game:
        offers = wait_for(game, "the offer", lambda r: any(x["kind"] == "question" for x in r))
        asked = sum(1 for record in offers if record["kind"] == "question")
        game.press("Escape")  # by reflex, to cut the long sentence
        wait_for(
            game,
            "the offer said again",
            lambda r: sum(1 for x in r if x["kind"] == "question") > asked,
        )
        assert save_path(tmp_path).read_bytes() == before
        assert not list(tmp_path.glob("saved-game.json.*")), "nothing put aside"
        game.press("Enter")
        resumed = wait_for(game, "the resumed game", lambda r: r[-1]["kind"] != "question")
        said = [str(x["text"]) for x in resumed]
        assert any(text.startswith("Partida reanudada") for text in said), said[-5:]
        game.press("q")
        game.press("q")
        deadline = time.monotonic() + DEADLINE
        while game.running and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not game.running, game.screen()
