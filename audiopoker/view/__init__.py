"""The large view (issue 27, point 3): the table in big type for players who see a
little, drawn in a terminal of its own (a second window by default, or a terminal the
player has open), never on the console the screen reader follows.

``table_view`` (what is shown, as values and JSON), ``card_art`` and ``render`` (pure:
lines of styled spans sized by terminal cells), ``themes`` (dark, light, high contrast,
each pair at 7:1 or more), ``screen`` (escape sequences), ``feed`` (the game's listener
and its drawing thread), ``window`` (the second window and its channel),
``view_options`` (the command line and the kept preference), ``viewer`` (the window's
process: ``python -m audiopoker.view.viewer``).
"""
