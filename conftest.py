"""pytest's settings for the whole repository (the options are in pyproject.toml)."""

import sys
from pathlib import Path

import pytest

# A module that imports the page's own modules (Pyodide's FFI, the
# browser's `js`) at its top runs only in the page: CPython cannot
# import it to collect its doctests (the build's rule too: tools/page_only.py).
_TOOLS = str(Path(__file__).resolve().parent / "tools")
sys.path.insert(0, _TOOLS)
try:
    from page_only import page_only
finally:
    sys.path.remove(_TOOLS)


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "conftest.py":
        # No doctests there; tests/ and e2e/ each have one, and collecting
        # both as the module "conftest" clashes.
        return True
    if collection_path.suffix == ".py" and page_only(collection_path):
        return True
    return None


# `make test` runs pytest in two processes (pytest-xdist, `--dist
# loadgroup`). The tests that must not run beside one another share a
# group, which one process runs, one test after the other: the README's
# commands (`make build`, `make dist`, mypy: one build/, one dist/, one
# .mypy_cache), the Firefox and WebKit smoke (their Xvfb displays, the
# other browsers' own profiles), and the first visits that count bytes or
# throttle the link. A key is a node id's start.
XDIST_GROUPS = {
    "tests/test_readme_commands.py::": "readme-commands",
    "e2e/test_browsers.py::": "firefox-webkit",
    "e2e/test_first_visit.py::": "first-visit",
    "e2e/test_platform.py::test_the_loading_bar_moves_with_the_bytes_then_the_stages": "first-visit",
}


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the marks
def pytest_collection_modifyitems(config, items):
    for item in items:
        for start, group in XDIST_GROUPS.items():
            if item.nodeid.startswith(start):
                item.add_marker(pytest.mark.xdist_group(group))


# With CI set (.ci/run sets it), pytest explains a failed `==` of two byte
# strings by a line diff of their reprs: for two PNGs of 230 kB that diff
# ran until the test's 15-minute timeout (2026-12-05). Long ones get their
# lengths and where they first differ instead.
LONG_BYTES = 10_000


def pytest_assertrepr_compare(config, op, left, right):
    if (op == "==" and isinstance(left, bytes) and isinstance(right, bytes)
            and max(len(left), len(right)) > LONG_BYTES):
        same = next((i for i, (a, b) in enumerate(zip(left, right)) if a != b), min(len(left), len(right)))
        return [f"two byte strings of {len(left):,} and {len(right):,} bytes",
                f"the same up to byte {same:,}"]
    return None
