"""pytest's settings for the whole repository (the options are in pyproject.toml)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
# A module that imports the page's own modules (PyScript, Pyodide's FFI,
# the browser's `js`) at its top runs only in the page: CPython cannot
# import it to collect its doctests (the build's rule too: tools/page_only.py).
from page_only import page_only  # noqa: E402


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "conftest.py":
        # No doctests there; tests/ and e2e/ each have one, and collecting
        # both as the module "conftest" clashes.
        return True
    if collection_path.suffix == ".py" and page_only(collection_path):
        return True
    return None
