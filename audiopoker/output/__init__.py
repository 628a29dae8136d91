"""Speech, braille, console and transcript: every message the player gets goes through here."""
