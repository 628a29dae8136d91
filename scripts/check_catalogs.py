#!/usr/bin/env python3
"""Check the translation catalogs (for translators): both languages hold the same keys,
every entry is translated, placeholders agree, no English is left in Spanish.

    python scripts/check_catalogs.py                               # every domain shipped
    python scripts/check_catalogs.py audiopoker                    # the narration catalogs
    python scripts/check_catalogs.py ui audiopoker/ui/locale       # a domain in a folder

Exit code 0 when all is well, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

from audiopoker.i18n import overlay_problems, shipped_domains
from audiopoker.narration.catalog import catalog_problems


def main(argv: list[str]) -> int:
    domains = shipped_domains()
    if argv:
        known = dict(domains)
        domain = argv[0]
        if len(argv) > 1:
            directory = Path(argv[1])
        elif domain in known:
            directory = known[domain]
        else:
            print(f"{domain}: no such domain; the package ships {', '.join(known)}")
            return 1
        domains = [(domain, directory)]
    failed = False
    for domain, directory in domains:
        problems = catalog_problems(domain, directory) + overlay_problems(domain, directory)
        for problem in problems:
            print(f"{domain}: {problem}")
        if not problems:
            print(f"{domain}: catalogs complete in every language")
        failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
