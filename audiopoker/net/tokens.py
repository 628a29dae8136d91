"""The seat tokens a client keeps, one per table address, so that joining the same table
again (after a crash, a closed window, a restart of either side) takes the same seat."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

FILE_NAME = "seats.json"


class TokenBook:
    """``address -> token`` in the data folder (None: kept in memory only)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / FILE_NAME if folder is not None else None
        self._memory: dict[str, str] = {}

    def _read(self) -> dict[str, str]:
        if self.path is None:
            return dict(self._memory)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(k): v for k, v in data.items() if isinstance(v, str)}

    def get(self, address: str) -> str | None:
        """The token kept for ``address``, if any."""
        return self._read().get(address)

    def put(self, address: str, token: str | None) -> None:
        """Keep (or with None forget) the token for ``address``, atomically."""
        tokens = self._read()
        if token is None:
            tokens.pop(address, None)
        else:
            tokens[address] = token
        if self.path is None:
            self._memory = tokens
            return
        with contextlib.suppress(OSError):  # a read-only folder: the seat is kept in memory
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            temporary.write_text(json.dumps(tokens, indent=1), encoding="utf-8")
            os.replace(temporary, self.path)
