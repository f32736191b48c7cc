"""The suite itself: `make test` collects tests/ and e2e/ in one run, and a
failed assert explains itself quickly.

pytest's default import mode puts each test directory on sys.path and imports
a test file by its bare name, so two files called the same in tests/ and e2e/
stop the whole run at collection (conftest.py files are loaded apart and
may share a name; it happened: tests/test_coach.py and
e2e/test_coach.py each passed alone and failed together in CI).
"""

from __future__ import annotations

import collections
import importlib.util
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


def test_a_failed_equality_of_long_byte_strings_is_explained_without_a_diff():
    # The root conftest.py's hook: pytest's own explanation, with CI set, is
    # a line diff that ran for 15 minutes on two PNGs of 230 kB.
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    root_conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(root_conftest)
    explain = root_conftest.pytest_assertrepr_compare
    picture = bytes(300_000)
    other = picture[:123_456] + b"x" + picture[123_457:]
    assert explain(None, "==", picture, other) == [
        "two byte strings of 300,000 and 300,000 bytes", "the same up to byte 123,456"]
    assert explain(None, "==", picture, picture + b"!") == [
        "two byte strings of 300,000 and 300,001 bytes", "the same up to byte 300,000"]
    assert explain(None, "==", b"short", b"shorts") is None  # pytest's own, which is quick for these
    assert explain(None, "==", "a text" * 5_000, "a text") is None  # texts keep pytest's line diff
    assert explain(None, "!=", picture, picture) is None
