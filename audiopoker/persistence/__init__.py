"""Nothing lost: autosave and resume, hand histories, statistics.

- :mod:`.files`: the data folder (platformdirs, or ``$AUDIOPOKER_DATA_DIR``), atomic
  writes, durable appends, the lock that keeps a second copy out, keeping bad files aside;
- :mod:`.save`: the saved game (JSON with a schema version);
- :mod:`.history`: one ``.phhs`` hand-history file per game;
- :mod:`.stats`: the SQLite statistics (WAL, migrations) and their summaries;
- :mod:`.store`: the folder of one game copy, tying them together;
- :mod:`.recorder`: the listener that records each finished hand and saves the game.

This layer holds no words: the UI and the commands say what happened.
"""

from audiopoker.persistence.files import DATA_DIR_ENV, DataLock, LockBusy, data_dir
from audiopoker.persistence.recorder import GameRecorder
from audiopoker.persistence.save import HistoryMark, SavedGame, SaveError, SaveProblem
from audiopoker.persistence.stats import StatsDB, StatsTooNew, Summary
from audiopoker.persistence.store import SaveLoad, Store, new_game_id, now_text

__all__ = [
    "DATA_DIR_ENV",
    "DataLock",
    "GameRecorder",
    "HistoryMark",
    "LockBusy",
    "SaveError",
    "SaveLoad",
    "SaveProblem",
    "SavedGame",
    "StatsDB",
    "StatsTooNew",
    "Store",
    "Summary",
    "data_dir",
    "new_game_id",
    "now_text",
]
