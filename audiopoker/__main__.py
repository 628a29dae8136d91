"""`python -m audiopoker` runs the command line."""

from audiopoker.cli import main

raise SystemExit(main())
