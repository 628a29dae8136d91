"""The seat tokens a client keeps, one per table address, so that joining the same table
again (after a crash, a closed window, a restart of either side) takes the same seat.

The file is replaced atomically (``persistence.files.atomic_write``: a crash leaves the old
file or the new one). A token that cannot be written (a full disk, a read-only folder) is
kept in memory, where this process finds it, and written with the next token that can be;
``put`` returns the fault for the caller to tell, and logs it. A file read and found damaged
is kept aside, never overwritten.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from audiopoker.persistence.faults import kind_of
from audiopoker.persistence.files import atomic_write, keep_aside

FILE_NAME = "seats.json"

log = logging.getLogger(__name__)


class TokenBook:
    """``address -> token`` in the data folder (None: kept in memory only)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / FILE_NAME if folder is not None else None
        self._memory: dict[str, str] = {}
        # Changes not on disk yet (a token, or None for one forgotten), newest last.
        self._pending: dict[str, str | None] = {}

    def _read(self) -> dict[str, str]:
        """The tokens on disk (none when there is no file or it cannot be read now)."""
        if self.path is None:
            return dict(self._memory)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except OSError as error:
            log.warning("seat tokens not read (%s): %s", kind_of(error).value, error)
            return {}
        except ValueError:
            data = None
        if not isinstance(data, dict):
            kept = keep_aside(self.path, "damaged")
            log.warning("seat tokens file damaged: kept as %s", kept)
            return {}
        return {str(k): v for k, v in data.items() if isinstance(v, str)}

    def _tokens(self) -> dict[str, str]:
        tokens = self._read()
        for address, token in self._pending.items():
            if token is None:
                tokens.pop(address, None)
            else:
                tokens[address] = token
        return tokens

    def get(self, address: str) -> str | None:
        """The token kept for ``address``, if any."""
        if address in self._pending:
            return self._pending[address]
        return self._read().get(address)

    def put(self, address: str, token: str | None) -> OSError | None:
        """Keep (or with None forget) the token for ``address``, atomically. Returns the
        fault when it cannot be written now (it is kept in memory meanwhile), else None."""
        self._pending[address] = token
        if self.path is None:
            self._memory = self._tokens()
            self._pending.clear()
            return None
        try:
            tokens = self._tokens()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, json.dumps(tokens, indent=1).encode("utf-8"))
        except OSError as error:
            log.warning("seat token kept in memory only (%s): %s", kind_of(error).value, error)
            return error
        self._pending.clear()
        return None
