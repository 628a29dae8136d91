"""Sentences about saved games, hand replays and statistics, from the ``ui`` catalogs
(keys ``ui.records.*``). Positions come from the narration catalog, as at the table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from audiopoker.narration.positions import TABLE_ORDER, Position, position_name
from audiopoker.persistence.faults import kind_of
from audiopoker.persistence.hands import GROUPS
from audiopoker.persistence.recorder import GameRecorder
from audiopoker.persistence.save import SaveError
from audiopoker.persistence.stats import Line, Summary
from audiopoker.ui.ui_text import UiText


def percent(share: float) -> int:
    """A share (0 to 1) as a whole percentage."""
    return round(share * 100)


class RecordText(UiText):
    """The sentences of saving, resuming, replaying and statistics in one language."""

    def r(self, key: str, /, **fields: object) -> str:
        """A ``ui.records.*`` sentence."""
        return self._("records." + key, **fields)

    def rn(self, key: str, count: int, /, **fields: object) -> str:
        """A ``ui.records.*`` sentence with a plural chosen by ``count``."""
        return self._n("records." + key, count, **fields)

    # --- starting: the saved game -------------------------------------------------------
    def save_kind(self, tournament: bool, players: int) -> str:
        """'a cash game of {count} players' or 'a tournament of {count} players'."""
        return self.rn("resume.kind." + ("tournament" if tournament else "cash"), players)

    def resume_offer(
        self,
        kind: str,
        chips: int,
        hand: int,
        resume: str,
        discard: str,
        options: Sequence[str] = (),
    ) -> str:
        """'A saved game is waiting: {kind}; you have {count} chips, and hand {hand} is
        next. ...'; with ``options`` (typed, for a new game) also that resuming does not
        use them and that the discard key starts the new game with them."""
        key = "resume.offer.options" if options else "resume.offer"
        fields = {"kind": kind, "hand": hand, "resume": resume, "discard": discard}
        typed = self.rn("resume.options", len(options), options=self.join(options))
        return self.rn(key, chips, options=typed, **fields)

    def resume_again(self, resume: str, discard: str, options: bool = False) -> str:
        """'Press {resume} to resume the saved game, or {discard} to put it aside ...'"""
        return self.r(
            "resume.again" + (".options" if options else ""), resume=resume, discard=discard
        )

    def options_unused(self, options: Sequence[str]) -> str:
        """'The saved game goes on as it was: the options you typed, {options}, are for a
        new game and are not used.' (``--resume`` with options for a new game)"""
        return self.rn("resume.unused", len(options), options=self.join(options))

    def resumed(self, chips: int, hand: int) -> str:
        """'Game resumed from hand {hand}. You have {count} chips.'"""
        return self.rn("resume.resumed", chips, hand=hand)

    def declined(self) -> str:
        """'The saved game was set aside, not deleted; a new game starts. ...' (no file
        name: it is printed apart, see ``declined_file``)"""
        return self.r("resume.declined")

    def declined_file(self, kept_as: Path) -> str:
        """'The saved game was set aside as {path}.' (printed, never spoken)"""
        return self.r("resume.declined.file", path=str(kept_as))

    def kept_on_quit(self, hand: int) -> str:
        """'The game is saved: start audiopoker again to resume it from the start of hand
        {hand}.' (said before goodbye when the player quits a saved game)"""
        return self.r("resume.kept", hand=hand)

    def nothing_to_resume(self) -> str:
        """'There is no saved game to resume; a new game starts.'"""
        return self.r("resume.none")

    def save_refused(self, error: SaveError, kept_as: Path | None) -> str:
        """Why the saved game could not be used, where it was kept, and that a new game
        starts."""
        details = {key: value for key, value in error.details.items()}
        reason = self.r("problem." + error.problem.value, **details)
        name = kept_as.name if kept_as is not None else "-"
        return self.r("resume.refused", reason=reason, file=name)

    def save_unread(self, error: BaseException) -> str:
        """'The saved game could not be read. {fault} It is left where it is, as it is,
        ...; a new game starts, which is not saved so that it does not replace it ...'"""
        return self.r("resume.unread", fault=self.fault(error))

    def stats_kept_aside(self, kept_as: Path) -> str:
        """'The statistics file was damaged; it was kept aside as {file} ... To bring back
        what can still be read in it, type: audiopoker stats --merge {file}'"""
        return self.r("stats_kept", file=kept_as.name)

    def fault(self, error: BaseException) -> str:
        """What went wrong with a file, in words, with what to do ('The disk is full: free
        some space on it.'); the technical reason is for the log only."""
        return self.r("fault." + kind_of(error).value)

    def history_kept_aside(self, kept_as: Path) -> str:
        """'This game's hand history was shorter than saved; it was kept as {file}, ...'"""
        return self.r("history_kept", file=kept_as.name)

    def stats_too_new(self) -> str:
        """'The statistics were written by a newer version of audiopoker; ...'"""
        return self.r("stats_too_new")

    def cannot_save(self, folder: Path, error: BaseException, saved_hand: int | None) -> str:
        """'Games cannot be saved in {folder} for now. {fault} You can play all the same:
        the game tries again after each hand ...'; with ``saved_hand``, also that the saved
        game stays and is offered next time."""
        fields = {"folder": str(folder), "fault": self.fault(error)}
        if saved_hand is None:
            return self.r("cannot_save", **fields)
        return self.r("cannot_save.kept", hand=saved_hand, **fields)

    def lock_busy(self, folder: Path) -> str:
        """'Another copy of audiopoker is playing and saving in {folder}. ...'"""
        return self.r("lock_busy", folder=str(folder))

    def save_failed(self, error: BaseException, resumes_at: int | None) -> str:
        """'The game could not be saved. {fault} You can go on playing: the game tries again
        after each hand.' and what is kept: the last save and the hand it resumes from, or
        that nothing of this game is saved yet (``resumes_at`` None)."""
        if resumes_at is None:
            return self.r("save_failed.none", fault=self.fault(error))
        return self.r("save_failed", fault=self.fault(error), hand=resumes_at)

    def save_works(self, resumes_at: int) -> str:
        """'Saving works again: the game is saved, and resumes from the start of hand
        {hand}.'"""
        return self.r("save_works", hand=resumes_at)

    def save_works_now(self, recorder: GameRecorder) -> str | None:
        """What is true once saving works again: the game is saved and the hand it resumes
        from; over a saved game the store keeps (another game's), that this game's hands are
        recorded and the kept game stays, and from which hand; None at the game's end."""
        hand = recorder.resumes_at
        if hand is not None:
            return self.save_works(hand)
        if not recorder.store.save_kept or recorder.over:
            return None
        kept = recorder.store.waiting_hand()
        if kept is None:
            return self.r("save_works.kept_unread")
        return self.r("save_works.kept", hand=kept)

    # --- the replay key -----------------------------------------------------------------
    def replay_start(self, hand: int) -> str:
        """'Replay of hand {hand}.'"""
        return self.r("replay.start", hand=hand)

    def replay_end(self) -> str:
        """'End of the replay.'"""
        return self.r("replay.end")

    def replay_none(self) -> str:
        """'No hand has finished yet: nothing to replay.'"""
        return self.r("replay.none")

    def replay_failed(self) -> str:
        """'The last hand could not be read back.'"""
        return self.r("replay.failed")

    # --- numbers ------------------------------------------------------------------------
    def numbers_watching(self) -> str:
        """'You are watching: no numbers of yours are kept.'"""
        return self.r("numbers.watching")

    def game_numbers(self, summary: Summary) -> list[str]:
        """This game's numbers, for the key."""
        if not summary.hands:
            return [self.r("numbers.none")]
        return [
            self.rn("numbers.game", summary.hands, won=summary.hands_won),
            *self._money_and_play(summary),
        ]

    def summary(self, summary: Summary) -> list[str]:
        """Every game's numbers, for ``audiopoker stats``."""
        if not summary.hands:
            return [self.r("numbers.nothing_yet")]
        lines = [
            self.rn(
                "numbers.games",
                summary.games,
                finished=summary.games_finished,
                won=summary.games_won,
            ),
            self.rn("numbers.hands", summary.hands, won=summary.hands_won),
            *self._money_and_play(summary),
            self.r("numbers.by_position"),
        ]
        order = {position.value: index for index, position in enumerate(TABLE_ORDER)}
        for line in sorted(summary.by_position, key=lambda item: order.get(item.key, 99)):
            lines.append(self._line(self._position(line.key), line))
        lines.append(self.r("numbers.by_group"))
        groups = {group: index for index, group in enumerate(GROUPS)}
        for line in sorted(summary.by_group, key=lambda item: groups.get(item.key, 99)):
            lines.append(self._line(self.r("group." + line.key), line))
        return lines

    def _money_and_play(self, summary: Summary) -> list[str]:
        if summary.net > 0:
            net = self.rn("numbers.net_up", summary.net)
        elif summary.net < 0:
            net = self.rn("numbers.net_down", -summary.net)
        else:
            net = self.r("numbers.net_even")
        if summary.biggest_pot:
            biggest = self.rn("numbers.biggest_pot", summary.biggest_pot)
        else:
            biggest = self.r("numbers.no_pot")
        rates = self.r("numbers.rates", vpip=percent(summary.vpip), pfr=percent(summary.pfr))
        return [net, biggest, rates]

    def _position(self, key: str) -> str:
        try:
            name = position_name(Position(key), self.lang)
        except ValueError:
            return key
        return name[:1].upper() + name[1:]

    def _line(self, name: str, line: Line) -> str:
        fields = {"name": name, "won": line.won, "net": abs(line.net)}
        if line.net > 0:
            return self.rn("line.up", line.hands, **fields)
        if line.net < 0:
            return self.rn("line.down", line.hands, **fields)
        return self.rn("line.even", line.hands, **fields)
