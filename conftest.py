"""pytest's settings for the whole repository (the options are in pyproject.toml)."""

import re

# A module that imports the page's own modules (PyScript, Pyodide's FFI,
# the browser's `js`) at its top runs only in the page: CPython cannot
# import it to collect its doctests. Told by what it imports, not by a
# list of names, so a module added or renamed needs nothing here.
_PAGE_ONLY = re.compile(r"^(?:from|import) (?:pyscript|pyodide|js)[\s.]", re.MULTILINE)


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "conftest.py":
        # No doctests there; tests/ and e2e/ each have one, and collecting
        # both as the module "conftest" clashes.
        return True
    if collection_path.suffix == ".py" and _PAGE_ONLY.search(collection_path.read_text(encoding="utf-8")):
        return True
    return None
