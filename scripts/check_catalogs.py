#!/usr/bin/env python3
"""Check the translation catalogs (for translators): both languages hold the same keys,
every entry is translated, placeholders agree, no English is left in Spanish.

    python scripts/check_catalogs.py                      # the narration catalogs
    python scripts/check_catalogs.py ui audiopoker/ui/locale   # another domain

Exit code 0 when all is well, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

from audiopoker.narration.catalog import DOMAIN, LOCALE_DIR, catalog_problems


def main(argv: list[str]) -> int:
    domain = argv[0] if argv else DOMAIN
    directory = Path(argv[1]) if len(argv) > 1 else LOCALE_DIR
    problems = catalog_problems(domain, directory)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{domain}: catalogs complete in every language")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
