"""Subcommands of the `audiopoker` command line. Each module exposes
``register(subparsers) -> None``, which adds its parser and sets ``func`` (args -> exit code)."""
