"""The suite itself: `make test` collects tests/ and e2e/ in one run.

pytest's default import mode puts each test directory on sys.path and imports
a test file by its bare name, so two files called the same in tests/ and e2e/
stop the whole run at collection (conftest.py files are loaded apart and
may share a name; it happened: tests/test_coach.py and
e2e/test_coach.py each passed alone and failed together in CI).
"""

from __future__ import annotations

import collections
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_two_test_files_share_a_name():
    where = collections.defaultdict(list)
    for folder in ("tests", "e2e"):
        for path in (ROOT / folder).glob("test_*.py"):
            where[path.name].append(folder)
    shared = {name: dirs for name, dirs in where.items() if len(dirs) > 1}
    assert not shared, f"rename one of each: {shared}"
    assert "test_coach.py" in where  # the scan did see the files
