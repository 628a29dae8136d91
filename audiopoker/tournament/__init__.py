"""Tournament practice: a sit-and-go whose blinds and antes rise by levels.

- :mod:`.schedule`: the levels (blinds, ante, a length in hands or minutes), the default
  structure, the player's own from a TOML file, and the places paid;
- :mod:`.director`: between hands, moves the table from level to level (the engine's
  ``BlindsChanged``), announces the last hand of a level, and keeps its place in the
  schedule for the saved game; its clock is injected;
- :mod:`.talk`: every sentence about levels and prizes, from the ``tournament`` catalogs,
  and the listener that says them at the table;
- :mod:`.options`: the command line's ``--tournament``, ``--levels``, ``--payouts``.

Cash play (fixed blinds) stays the default: without these options nothing here runs.
"""
