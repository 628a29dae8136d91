"""audiopoker: screen-reader-first, keyboard-only No-Limit Texas Hold'em."""

__version__ = "0.1.0"
