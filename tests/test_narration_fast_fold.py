"""Fast fold (issue 27, point 1): at brief verbosity, after the listener folds, the rest
of the hand is one message at its end — who won what, with which hand, and the hands
shown — and nothing of the streets, actions or pots between; at normal and verbose the
hand is told as always. Seeded bot games, seat 0 heard as the listener."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from audiopoker.bots.levels import roster
from audiopoker.engine.actions import ActionKind
from audiopoker.engine.events import ActionTaken, Event, HandShown, HandStarted, PotAwarded
from audiopoker.engine.table import Table, TableConfig
from audiopoker.game import BotSeat, Game
from audiopoker.narration import Narrator
from audiopoker.narration.words import describe_hand
from audiopoker.output.message import Message, Verbosity

AFTER_FOLD = {"fold_summary", "hand_ended", "player_eliminated", "blinds_changed", "game_ended"}
WINS = {"en": "{name} wins {amount}", "es": "{name} gana {amount}"}
SHOWED = {"en": "{name} showed {hand}.", "es": "{name} mostró {hand}."}


def hands(seed: int, count: int = 20) -> Iterator[list[Event]]:
    """The events of ``count`` hands of a seeded six-player bot game, hand by hand."""
    rng = random.Random(seed)
    bots = roster("normal", 6, "en", rng, None)
    table = Table([name for name, _ in bots], 200, TableConfig(), random.Random(seed))
    events: list[Event] = []

    class Keep:
        def on_event(self, event: Event) -> None:
            events.append(event)

    game = Game(table, [BotSeat(bot, seat) for seat, (_, bot) in enumerate(bots)], [Keep()])
    for _ in range(count):
        if game.over:
            break
        game.play_hand()
        yield list(events)
        events.clear()


def told(narrator: Narrator, events: list[Event]) -> list[tuple[Event, list[Message]]]:
    return [(event, narrator.narrate(event)) for event in events]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_after_a_fold_at_brief_the_rest_of_the_hand_is_one_message(lang: str) -> None:
    folded_hands = contested = 0
    for seed in (1, 2, 3):
        brief = normal = None
        for events in hands(seed):
            started = events[0]
            assert isinstance(started, HandStarted)
            if brief is None or normal is None:
                names = [f"P{seat}" for seat in range(len(started.stacks))]
                brief = Narrator(names, lang, Verbosity.BRIEF, 0)  # type: ignore[arg-type]
                normal = Narrator(names, lang, Verbosity.NORMAL, 0)  # type: ignore[arg-type]
            said, plain = told(brief, events), told(normal, events)
            fold = next(
                (
                    i
                    for i, e in enumerate(events)
                    if isinstance(e, ActionTaken) and e.seat == 0 and e.kind is ActionKind.FOLD
                ),
                None,
            )
            assert all(m.kind != "fold_summary" for _, ms in plain for m in ms)
            if fold is None:
                assert all(m.kind != "fold_summary" for _, ms in said for m in ms)
                continue
            folded_hands += 1
            after = [m for _, ms in said[fold + 1 :] for m in ms]
            assert {m.kind for m in after} <= AFTER_FOLD, [m.text for m in after]
            (summary,) = [m for m in after if m.kind == "fold_summary"]
            rest = events[fold + 1 :]
            won: dict[int, int] = {}
            for event in rest:
                if isinstance(event, PotAwarded):
                    for seat, share in zip(event.winners, event.shares, strict=True):
                        won[seat] = won.get(seat, 0) + share
            for seat, chips in won.items():  # every winner with every chip won
                assert WINS[lang].format(name=f"P{seat}", amount=chips) in summary.text
            for event in rest:
                if isinstance(event, HandShown) and event.seat not in won:
                    hand = describe_hand(event.value, lang, article=True)  # type: ignore[arg-type]
                    assert SHOWED[lang].format(name=f"P{event.seat}", hand=hand) in summary.text
            contested += any(isinstance(e, HandShown) for e in rest)
            # the normal narration told the same hand at length
            assert sum(len(m.text) for _, ms in plain[fold + 1 :] for m in ms) > len(summary.text)
    assert folded_hands > 30 and contested > 5  # folds, and showdowns after them, were met
