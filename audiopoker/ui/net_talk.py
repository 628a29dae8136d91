"""What a network table says beyond the hand: seats changing hands, players leaving,
connections dropping and coming back, the clock, chat, the server's refusals, and where
things stand on coming back (and, for a newcomer, the hand in play on arrival). A listener
(the net events come in the table's event stream, in order) with a few direct entries for
the frames that are not events."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from audiopoker.engine.events import Event
from audiopoker.i18n import Language
from audiopoker.narration.words import amount
from audiopoker.net.net_text import NetText
from audiopoker.net.protocol import EventFrame, RefusalCode, Waiting, Welcome
from audiopoker.net.seat_events import PlayerAway, PlayerBack, PlayerLeaving, SeatLeft, SeatTaken
from audiopoker.net.wire import WireError, decode_event
from audiopoker.output.message import Message
from audiopoker.output.router import Router
from audiopoker.ui.answers import Answers
from audiopoker.ui.narration_listener import Narration
from audiopoker.ui.state import TableSnapshot, TableState
from audiopoker.ui.ui_text import UiText

log = logging.getLogger(__name__)


class NetTalk:
    """Says the network table's news to the player at ``me``."""

    def __init__(
        self,
        lang: Language,
        me: int,
        router: Router,
        state: TableState,
        narration: Narration,
        names: Sequence[str],
        named: bool = True,
    ) -> None:
        self.text = NetText(lang)
        self.answers = Answers(UiText(lang), narration)  # the query keys' own sentences
        self.named = named  # False: the table chose the player's name (said on sitting down)
        self.me = me
        self._router = router
        self._state = state
        self._narration = narration
        self.names = list(names)
        self.muted: Callable[[], bool] = lambda: False  # the chat mute key's setting
        # How others' lines reach the player (a room's table chat: its channel's settings).
        self.chat_line: Callable[[Message], object] = router.send
        self.renamed: list[Callable[[int, str], None]] = []  # more to tell of a new name

    def _say(self, kind: str, sentence: str, interrupt: bool = False) -> None:
        self._router.send(Message(kind, sentence, interrupt=interrupt))

    def _rename(self, seat: int, name: str) -> None:
        self.names[seat] = name
        self._state.rename(seat, name)
        self._narration.rename(seat, name)
        for rename in self.renamed:
            rename(seat, name)

    def on_event(self, event: Event) -> None:
        """Seats changing hands rename the seat everywhere, then are said."""
        if isinstance(event, SeatTaken):
            self._rename(event.seat, event.name)
            key = "seat.taken.you" if event.seat == self.me else "seat.taken"
            chips = amount(event.stack)
            self._say(
                "seat_taken",
                self.text.say(key, name=event.name, previous=event.previous, chips=chips),
            )
            if event.seat == self.me and not self.named:
                self._say("seat_taken", self.text.say("seat.named.you", name=event.name))
        elif isinstance(event, PlayerLeaving) and event.seat != self.me:
            self._say("seat_left", self.text.say("player.leaving", name=event.name, bot=event.bot))
        elif isinstance(event, SeatLeft):
            self._rename(event.seat, event.bot)
            self._say("seat_left", self.text.say("seat.left", name=event.name, bot=event.bot))
        elif isinstance(event, PlayerAway) and event.seat != self.me:
            self._say("player_away", self.text.say("player.away", name=self.names[event.seat]))
        elif isinstance(event, PlayerBack) and event.seat != self.me:
            self._say("player_back", self.text.say("player.back", name=self.names[event.seat]))

    def seated(self, welcome: Welcome) -> None:
        """The server's names and stacks are the table's (a Welcome, first or again)."""
        for seat, name in enumerate(welcome.names):
            if seat < len(self.names) and self.names[seat] != name:
                self._rename(seat, name)

    def back(self, snap: TableSnapshot) -> None:
        """Back at the table: the seat and its chips, then the hand in play (its number,
        street and blinds, the player's cards, the board, the pot, whose turn), or that
        the next hand starts soon."""
        sentences = [self.text.say("join.back")]
        me = snap.seats[self.me]
        sentences.append(self.text.say("summary.seat", seat=self.me + 1, chips=amount(me.stack)))
        if snap.hand_running and snap.game_over is None:
            sentences += hand_in_play(snap, self.text, self.answers)
        else:
            sentences.append(self.text.say("summary.between"))
        for sentence in sentences:
            self._say("rejoined", sentence)

    def clock(self, seat: int, seconds: int, bank: bool, expired: bool) -> None:
        """The clock's warnings (to the seat's player) and a timeout (to everyone)."""
        if expired:
            if seat == self.me:
                self._say("clock", self.text.say("clock.out.you"), interrupt=True)
            else:
                self._say("clock", self.text.say("clock.out.other", name=self.names[seat]))
        elif seat == self.me:
            key = "clock.bank" if bank and seconds > 20 else "clock.left"
            self._say("clock", self.text.say(key, seconds=seconds), interrupt=True)

    def chat(self, seat: int, name: str, text: str) -> None:
        """A chat line: the player's own always (it was sent), others' unless muted."""
        if seat == self.me:
            self._say("chat", self.text.say("chat.said.you", text=text))
        elif not self.muted():
            self.chat_line(Message("chat", self.text.say("chat.said", name=name, text=text)))

    def refused(self, code: RefusalCode, detail: str, fatal: bool = False) -> None:
        """The server refused a frame: why, in the player's words, at once."""
        if code is RefusalCode.CLOSED:
            self.closed(fatal)
            return
        self._say("error", self.text.say(f"refused.{code.value}", reason=detail), interrupt=True)

    def closed(self, fatal: bool) -> None:
        """The host closed the table: saved (the seat comes back when it opens again) or,
        closed for good (``fatal``), not saved: no seat to come back to. The table's last
        message, not an answer (the braille display keeps it)."""
        key = "refused.closed.unsaved" if fatal else "refused.closed"
        self._say("table_closed", self.text.say(key))


def hand_in_play(snap: TableSnapshot, text: NetText, answers: Answers) -> list[str]:
    """Where the hand in play stands, in the query keys' own sentences where they exist:
    its number, street and blinds; the player's cards (or that they folded); the board;
    the pot; whose turn, unless it is the player's (their turn's prompt follows)."""
    start = snap.hand_start
    if start is None or not snap.hand_running:
        return []
    fields: dict[str, object] = {
        "hand": snap.hand_number,
        "street": text.say(f"street.{int(snap.street)}"),
        "small": amount(start.small_blind_amount),
        "big": amount(start.big_blind_amount),
    }
    if start.ante:
        sentences = [text.say("summary.hand.ante", ante=amount(start.ante), **fields)]
    else:
        sentences = [text.say("summary.hand", **fields)]
    me = snap.my_seat
    if me is not None and me.in_hand:
        sentences.append(text.say("summary.folded") if me.folded else answers.cards(snap))
    if snap.board:
        sentences.append(answers.board(snap))
    sentences.append(answers.pot(snap))
    if snap.actor is not None and snap.actor != snap.me:
        sentences.append(answers.turn(snap, None))
    return sentences


def arrival(waiting: Waiting, lang: Language) -> list[str]:
    """What a newcomer hears while waiting for a seat: the hand in play as anyone at the
    table may see it (nothing between hands, or from a server that sent no hand)."""
    return _Followed.of(waiting, lang, None).arrival


class Spectator:
    """A newcomer waiting for a seat follows the hand in play as a spectator: where it
    stands on arrival (``waiting``), then each public event the table sends until the
    seat is theirs (``follow``): the bets, folds, the board, the showdown and who won, in
    the narration's own sentences for someone watching (the server sends nobody's hole
    cards), and the seats changing hands. The first hand of their own then starts as
    usual, on the session."""

    def __init__(self, lang: Language, router: Router) -> None:
        self.lang: Language = lang
        self._router = router
        self._followed: _Followed | None = None

    def waiting(self, waiting: Waiting) -> None:
        """The Waiting frame: the hand in play learnt without a word, then where it stands."""
        self._followed = _Followed.of(waiting, self.lang, self._router)
        for sentence in self._followed.arrival:
            self._router.send(Message("hand_in_play", sentence))

    def follow(self, frame: EventFrame) -> None:
        """One public event of the table, said as to a spectator."""
        followed = self._followed
        if followed is None:
            return  # no Waiting yet: nothing to follow it from
        try:
            followed.on_event(decode_event(frame.event))
        except (WireError, IndexError, ValueError) as error:  # an event that does not add up
            log.warning("an event of the hand in play could not be followed: %s", error)


class _Followed:
    """The hand in play, followed from a Waiting: the table as a spectator knows it, and
    its narration (silent when ``router`` is None: only the arrival's sentences)."""

    def __init__(self, waiting: Waiting, lang: Language, router: Router | None) -> None:
        self.state = TableState(waiting.names, waiting.stacks, None)
        self.narration = Narration(lang, waiting.names, None, output=router)
        self.talk = (
            NetTalk(lang, -1, router, self.state, self.narration, waiting.names)
            if router is not None
            else None
        )
        self.arrival: list[str] = []
        self.lost = False  # an event that did not add up: the rest is not followed

    @classmethod
    def of(cls, waiting: Waiting, lang: Language, router: Router | None) -> _Followed:
        followed = cls(waiting, lang, router)
        if len(waiting.names) != len(waiting.stacks):
            followed.lost = True
            return followed
        try:
            for data in waiting.events:
                event = decode_event(data)
                followed.state.on_event(event)
                followed.narration.learn(event)
        except (WireError, IndexError, ValueError) as error:  # a hand that does not add up
            log.warning("the hand in play could not be followed: %s", error)
            followed.lost = True
            return followed
        if waiting.events:
            answers = Answers(UiText(lang), followed.narration)
            followed.arrival = hand_in_play(followed.state.snapshot(), NetText(lang), answers)
        return followed

    def on_event(self, event: Event) -> None:
        if self.lost:
            return
        try:
            self.state.on_event(event)
        except (IndexError, ValueError):
            self.lost = True
            raise
        self.narration.on_event(event)
        if self.talk is not None:
            self.talk.on_event(event)
