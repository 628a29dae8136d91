"""The room's moderation, a part of ``room_server.RoomServer`` (its base class) kept apart
as its own concern: admins mute, kick, ban and unban in the whole room; a table's owner
mutes, kicks, bans and unbans at their own tables and invites people to them; anyone
reports. The attributes and the method declared without a body are the server's.
"""

from __future__ import annotations

import asyncio
import logging
import time

from audiopoker.net.clean import clean_chat
from audiopoker.room.accounts import Accounts
from audiopoker.room.room_names import folded
from audiopoker.room.room_person import Person
from audiopoker.room.room_protocol import Invite, Moderate, Notice, Report, RoomCode
from audiopoker.room.room_tables import RoomTable

log = logging.getLogger(__name__)


class Moderation:
    """Acts on people, by who may (see the module docstring)."""

    accounts: Accounts
    present: dict[str, Person]  # who is in the room, by folded name
    tables: dict[str, RoomTable]
    muted: dict[str, float]  # folded name -> until (monotonic), in the whole room

    def _refuse(
        self, person: Person, code: str, wait: float = 0.0, fatal: bool = False, detail: str = ""
    ) -> None:
        raise NotImplementedError  # the server's: its strikes

    async def _moderate(self, person: Person, frame: Moderate) -> None:
        """An admin acts in the whole room; a table's owner at their own tables."""
        session = person.session
        admin = session is not None and session.account.role == "admin"
        owned = [t for t in self.tables.values() if folded(t.owner) == folded(person.name)]
        if not admin and not owned:
            self._refuse(person, RoomCode.NOT_ALLOWED.value)
            return
        accounts = self.accounts
        target = await asyncio.to_thread(accounts.find, frame.name)
        if target is None:
            self._refuse(person, RoomCode.NOBODY.value)
            return
        if not admin:
            self._moderate_tables(person, frame, target.name, owned)
            return
        key = folded(target.name)
        there = self.present.get(key)
        by, action = person.name, frame.action
        if action == "mute":
            self.muted[key] = time.monotonic() + frame.minutes * 60
        elif action == "unmute":
            self.muted.pop(key, None)
        elif action == "ban":
            minutes = frame.minutes or None
            await asyncio.to_thread(accounts.ban, target, by, minutes)
        elif action == "unban" and not await asyncio.to_thread(accounts.unban, target):
            self._refuse(person, RoomCode.NOBODY.value)
            return
        if there is not None and action in ("mute", "kick", "ban"):
            past = {"mute": "muted", "kick": "kicked", "ban": "banned"}[action]
            there.send(Notice(key=past, by=by, minutes=frame.minutes))
            if action != "mute":
                there.close(past)
        person.send(Notice(key=f"done_{action}", name=target.name, minutes=frame.minutes))
        log.info("%s: %s %s (%d minutes)", by, action, target.name, frame.minutes)

    def _moderate_tables(
        self, person: Person, frame: Moderate, name: str, owned: list[RoomTable]
    ) -> None:
        """A table owner's act at their tables: mute and unmute its lines there, kick (out
        now), ban (out, and kept out while the table lasts), unban."""
        key, action = folded(name), frame.action
        if key == folded(person.name):
            self._refuse(person, RoomCode.NOT_ALLOWED.value)
            return
        for table in owned:
            if action == "mute":
                table.muted[key] = table.clock() + max(1, frame.minutes) * 60
            elif action == "unmute":
                table.muted.pop(key, None)
            elif action == "unban":
                table.barred.discard(key)
            else:
                if action == "ban":
                    table.barred.add(key)
                table.send_away(name)
        there = self.present.get(key)
        if there is not None and action in ("mute", "kick", "ban"):
            past = {"mute": "muted", "kick": "kicked", "ban": "banned"}[action]
            there.send(Notice(key=f"table_{past}", by=person.name, minutes=frame.minutes))
        person.send(Notice(key=f"done_table_{action}", name=name, minutes=frame.minutes))
        log.info("%s at their tables: %s %s", person.name, action, name)

    def _invite(self, person: Person, frame: Invite) -> None:
        """An owner invites someone in the room to their newest table (open or private:
        the invited need no code)."""
        owned = [
            t for t in self.tables.values() if folded(t.owner) == folded(person.name) and not t.over
        ]
        if not owned:
            self._refuse(person, RoomCode.NO_TABLE.value)
            return
        there = self.present.get(folded(frame.name))
        if there is None or there is person:
            self._refuse(person, RoomCode.NOBODY.value)
            return
        table = owned[-1]
        table.invited.add(folded(there.name))
        there.send(Notice(key="invited", by=person.name, text=table.id))
        person.send(Notice(key="done_invite", name=there.name))

    async def _report(self, person: Person, frame: Report) -> None:
        text = clean_chat(frame.text)
        target = await asyncio.to_thread(self.accounts.find, frame.name)
        if target is None:
            self._refuse(person, RoomCode.NOBODY.value)
            return
        if not text:
            self._refuse(person, RoomCode.CHAT_EMPTY.value)
            return
        await asyncio.to_thread(self.accounts.report, person.name, target.name, text)
        person.send(Notice(key="reported", name=target.name))
        told = Notice(key="report", name=target.name, by=person.name, text=text)
        for admin in self.present.values():
            if admin.session is not None and admin.session.account.role == "admin":
                admin.send(told)
