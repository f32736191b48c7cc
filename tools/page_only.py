"""Which of our Python modules run only in the page: the one rule, for the
build (tools/build.py: what the Pyodide snapshots may hold imported) and
for the doctests (conftest.py: what CPython can collect).

A module that imports the browser's own modules (Pyodide's FFI, the
browser's `js`) at its top is told by what it imports, not by a list
of names, so a module added or renamed needs nothing here.
"""

from __future__ import annotations

import re
from pathlib import Path

PAGE_ONLY = re.compile(r"^(?:from|import) (?:pyodide|js)[\s.]", re.MULTILINE)


def page_only(path: Path) -> bool:
    """Whether the Python file at ``path`` imports the browser at its top."""
    return bool(PAGE_ONLY.search(path.read_text(encoding="utf-8")))
