"""pytest's settings for the whole repository (the options are in pyproject.toml)."""

import sys
from pathlib import Path

# A module that imports the page's own modules (PyScript, Pyodide's FFI,
# the browser's `js`) at its top runs only in the page: CPython cannot
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
