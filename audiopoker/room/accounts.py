"""The room's accounts: a name and a password hashed with Argon2id (argon2-cffi), sessions
whose tokens expire and rotate, and rate limits on logins, registrations and tokens.

- **Names** are other people's text: cleaned (``net.clean.clean_name``), 2 to 30
  characters, and unique whatever their case or Unicode form ("Ana", "ANA", "Ａｎａ" are one).
- **Passwords**: 8 to 200 characters; only their Argon2id hash is kept (its parameters move
  on: a hash made with older ones is made again at the next login). A wrong password and an
  unknown name get the same answer after the same work, so neither tells which names exist.
- **Sessions**: a login gives a token the client keeps to come back without the password.
  Only its SHA-256 is stored. Each use spends it and gives a new one (rotation); it expires
  ``SESSION_DAYS`` after it was given. A spent token used again means two holders, one of
  them not the player: every token of that login is revoked, and the player logs in again.
- **Rate limits** count attempts in the store (so every room process on one database counts
  them together) over a sliding window: failed logins by name and by address, registrations
  by address, unknown tokens by address. A limited attempt is refused before any password
  is checked; the refusal says how long to wait.

Time is passed in (``clock``), so the limits and expiry are tested without waiting.
"""

from __future__ import annotations

import enum
import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from audiopoker.net.clean import clean_name
from audiopoker.room.room_db import Store
from audiopoker.room.room_names import folded

MIN_NAME = 2
MAX_NAME = 30
MIN_PASSWORD = 8
MAX_PASSWORD = 200  # Argon2 takes any length; a bound keeps a hash's work bounded
SESSION_DAYS = 30
DAY = 86_400.0


class Refusal(enum.Enum):
    """Why an account request was refused (the client says it in the player's words)."""

    NAME_INVALID = "name_invalid"
    NAME_TAKEN = "name_taken"
    PASSWORD_SHORT = "password_short"
    PASSWORD_LONG = "password_long"
    WRONG_PASSWORD = "wrong_password"  # also an unknown name: the two are never told apart
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    TOKEN_UNKNOWN = "token_unknown"  # also an expired one
    TOKEN_REUSED = "token_reused"  # a spent token again: its login is revoked
    BANNED = "banned"  # an admin banned the account (``wait``: until when; 0: for good)


@dataclass(frozen=True, slots=True)
class Refused:
    """A refusal, and for a rate limit how many seconds until the next attempt counts."""

    reason: Refusal
    wait: float = 0.0


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the room knows it."""

    id: str
    name: str
    role: str = "player"  # "player", "admin"


@dataclass(frozen=True, slots=True)
class Session:
    """A logged-in account and the token that brings it back (until ``expires``)."""

    account: Account
    token: str
    expires: float


@dataclass(frozen=True, slots=True)
class Window:
    """At most ``count`` attempts in ``seconds``."""

    count: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Limits:
    """The rate limits (attempts that count: failures, and every registration)."""

    login_by_name: Window = Window(5, 15 * 60)
    login_by_address: Window = Window(20, 15 * 60)
    register_by_address: Window = Window(3, 60 * 60)
    token_by_address: Window = Window(20, 15 * 60)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Accounts:
    """Registration, login and sessions over a ``Store``."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        hasher: PasswordHasher | None = None,
        limits: Limits = Limits(),
    ) -> None:
        self.store = store
        self.clock = clock
        self.hasher = hasher if hasher is not None else PasswordHasher()
        self.limits = limits
        # Checked against when the name is unknown, so it costs what a real check costs.
        self._decoy = self.hasher.hash(secrets.token_hex(16))

    # --- the rate limits ----------------------------------------------------------------
    def _wait(self, kind: str, subject: str, window: Window) -> float:
        """Seconds until ``subject`` may try ``kind`` again (0: now)."""
        since = self.clock() - window.seconds
        found = self.store.rows(
            "SELECT at FROM attempts WHERE kind = ? AND subject = ? AND at > ? ORDER BY at",
            (kind, subject, since),
        )
        if len(found) < window.count:
            return 0.0
        oldest_counted = float(found[len(found) - window.count][0])
        return max(0.0, oldest_counted + window.seconds - self.clock())

    def _count(self, kind: str, subject: str) -> None:
        self.store.execute("INSERT INTO attempts VALUES (?, ?, ?)", (kind, subject, self.clock()))

    def _limited(self, *checks: tuple[str, str, Window]) -> Refused | None:
        wait = max(self._wait(kind, subject, window) for kind, subject, window in checks)
        return Refused(Refusal.TOO_MANY_ATTEMPTS, wait) if wait > 0 else None

    def forget_attempts(self, older_than: float) -> int:
        """Drop attempts no window counts any more (a room does it now and then)."""
        return self.store.execute("DELETE FROM attempts WHERE at < ?", (older_than,))

    # --- registration and login ---------------------------------------------------------
    def register(self, name: str, password: str, address: str) -> Session | Refused:
        """A new account, logged in; refused for a bad or taken name, a bad password, or
        too many registrations from ``address``."""
        limited = self._limited(("register", address, self.limits.register_by_address))
        if limited is not None:
            return limited
        shown = clean_name(name)
        if not MIN_NAME <= len(shown) <= MAX_NAME or shown != name.strip():
            return Refused(Refusal.NAME_INVALID)
        refused = _password_refusal(password)
        if refused is not None:
            return refused
        self._count("register", address)
        account = Account(secrets.token_hex(8), shown)
        hashed = self.hasher.hash(password)
        with self.store.transaction():
            if self.store.row("SELECT 1 FROM accounts WHERE folded = ?", (folded(shown),)):
                return Refused(Refusal.NAME_TAKEN)
            self.store.execute(
                "INSERT INTO accounts (id, name, folded, password, role, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (account.id, shown, folded(shown), hashed, account.role, self.clock()),
            )
        return self._open(account, family=secrets.token_hex(8))

    def login(self, name: str, password: str, address: str) -> Session | Refused:
        """A session for the right name and password; the same refusal for a wrong
        password and an unknown name; refused without checking when rate limited."""
        key = folded(clean_name(name))
        limited = self._limited(
            ("login_name", key, self.limits.login_by_name),
            ("login_address", address, self.limits.login_by_address),
        )
        if limited is not None:
            return limited
        if len(password) > MAX_PASSWORD:
            return Refused(Refusal.WRONG_PASSWORD)
        found = self.store.row(
            "SELECT id, name, role, password FROM accounts WHERE folded = ?", (key,)
        )
        stored = str(found[3]) if found is not None else self._decoy
        try:
            self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            found = None
        if found is None:
            self._count("login_name", key)
            self._count("login_address", address)
            return Refused(Refusal.WRONG_PASSWORD)
        account = Account(str(found[0]), str(found[1]), str(found[2]))
        banned = self.banned(account.id)
        if banned is not None:
            return banned
        if self.hasher.check_needs_rehash(stored):
            self.store.execute(
                "UPDATE accounts SET password = ? WHERE id = ?",
                (self.hasher.hash(password), account.id),
            )
        return self._open(account, family=secrets.token_hex(8))

    # --- moderation ---------------------------------------------------------------------
    def find(self, name: str) -> Account | None:
        """The account of ``name`` (any case or form), or None."""
        found = self.store.row(
            "SELECT id, name, role FROM accounts WHERE folded = ?", (folded(clean_name(name)),)
        )
        return Account(str(found[0]), str(found[1]), str(found[2])) if found else None

    def set_role(self, name: str, role: str) -> bool:
        """Make ``name`` a "player" or an "admin"; False when there is no such account."""
        return bool(
            self.store.execute(
                "UPDATE accounts SET role = ? WHERE folded = ?", (role, folded(clean_name(name)))
            )
        )

    def ban(self, account: Account, by: str, minutes: int | None) -> None:
        """Keep ``account`` out (``minutes`` None: for good) and end its every visit."""
        until = None if minutes is None else self.clock() + minutes * 60
        with self.store.transaction():
            self.store.execute("DELETE FROM bans WHERE account = ?", (account.id,))
            self.store.execute(
                "INSERT INTO bans (account, by_name, until, at) VALUES (?, ?, ?, ?)",
                (account.id, by, until, self.clock()),
            )
            self.store.execute("DELETE FROM sessions WHERE account = ?", (account.id,))

    def unban(self, account: Account) -> bool:
        """Let ``account`` in again; False when it was not banned."""
        return bool(self.store.execute("DELETE FROM bans WHERE account = ?", (account.id,)))

    def banned(self, account_id: str) -> Refused | None:
        """The refusal of a banned account (its wait; 0 for good), or None."""
        found = self.store.row("SELECT until FROM bans WHERE account = ?", (account_id,))
        if found is None:
            return None
        if found[0] is None:
            return Refused(Refusal.BANNED)
        left = float(found[0]) - self.clock()
        return Refused(Refusal.BANNED, left) if left > 0 else None

    def report(self, by: str, about: str, text: str) -> None:
        """Keep a player's report for the admins."""
        self.store.execute(
            "INSERT INTO reports (id, by_name, about, text, at) VALUES (?, ?, ?, ?, ?)",
            (secrets.token_hex(8), by, about, text, self.clock()),
        )

    # --- sessions -----------------------------------------------------------------------
    def _open(self, account: Account, family: str) -> Session:
        token = secrets.token_urlsafe(32)
        expires = self.clock() + SESSION_DAYS * DAY
        self.store.execute(
            "INSERT INTO sessions (token, account, family, expires, rotated) "
            "VALUES (?, ?, ?, ?, NULL)",
            (_digest(token), account.id, family, expires),
        )
        return Session(account, token, expires)

    def resume(self, token: str, address: str) -> Session | Refused:
        """Come back with a session's token: a new session (the token is spent); a spent
        token revokes its whole login; unknown and expired tokens are counted against
        ``address``."""
        limited = self._limited(("token", address, self.limits.token_by_address))
        if limited is not None:
            return limited
        now = self.clock()
        with self.store.transaction():
            found = self.store.row(
                "SELECT s.family, s.expires, s.rotated, a.id, a.name, a.role "
                "FROM sessions s JOIN accounts a ON a.id = s.account WHERE s.token = ?",
                (_digest(token),),
            )
            if found is None or float(found[1]) <= now:
                self._count("token", address)
                return Refused(Refusal.TOKEN_UNKNOWN)
            family = str(found[0])
            if found[2] is not None:  # spent already: someone else holds a copy
                self.store.execute("DELETE FROM sessions WHERE family = ?", (family,))
                return Refused(Refusal.TOKEN_REUSED)
            self.store.execute(
                "UPDATE sessions SET rotated = ? WHERE token = ?", (now, _digest(token))
            )
            account = Account(str(found[3]), str(found[4]), str(found[5]))
            banned = self.banned(account.id)
            if banned is not None:
                return banned
            return self._open(account, family)

    def logout(self, token: str) -> None:
        """End the login ``token`` belongs to (every token of it)."""
        with self.store.transaction():
            found = self.store.row("SELECT family FROM sessions WHERE token = ?", (_digest(token),))
            if found is not None:
                self.store.execute("DELETE FROM sessions WHERE family = ?", (found[0],))


def _password_refusal(password: str) -> Refused | None:
    if len(password) < MIN_PASSWORD:
        return Refused(Refusal.PASSWORD_SHORT)
    if len(password) > MAX_PASSWORD:
        return Refused(Refusal.PASSWORD_LONG)
    return None
