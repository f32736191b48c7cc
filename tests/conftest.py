"""What every unit test may rely on, with no `make build` first.

- The translations: i18n/<lang>.po compiled once per run into a temporary
  directory (by the catalog tool, the one way catalogs are compiled), and
  ``hearts.text.i18n.load(lang)`` reads them from there, so the tests see the
  catalogs as they are in the checkout, not a stale build.
- A loud line at the end of the run when the recorded hands of ../shared
  are missing and the conformance tests were skipped.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from engine_helpers import NOT_CHECKED

_compiled: list[str] = []

# Deals Hard samples per decision in a hand's par (hearts.app.par_search):
# every test that plays a hand to its end computes its par, so the tests use
# a handful of deals, not the page's hundred (the same code, a lighter load).
PAR_SAMPLES = 6


@pytest.fixture(autouse=True)
def _light_par(monkeypatch):
    from hearts.app import par_search

    monkeypatch.setattr(par_search, "SAMPLES", PAR_SAMPLES)


def pytest_configure(config):
    # Here, not in a fixture: some test modules load a catalog at import.
    from hearts.dev import catalogs
    from hearts.text import i18n

    localedir = tempfile.mkdtemp(prefix="hearts-locale-")
    _compiled.append(localedir)
    with contextlib.redirect_stdout(io.StringIO()):  # one line per language
        catalogs.main(["compile", localedir])
    patch = pytest.MonkeyPatch()
    patch.setattr(i18n, "default_localedir", lambda: localedir)
    config.add_cleanup(patch.undo)


def pytest_unconfigure(config):
    for localedir in _compiled:
        shutil.rmtree(localedir, ignore_errors=True)


def pytest_terminal_summary(terminalreporter):
    skipped = terminalreporter.stats.get("skipped", [])
    if any(NOT_CHECKED in str(report.longrepr) for report in skipped):
        terminalreporter.write_sep("!", NOT_CHECKED, red=True, bold=True)


@pytest.fixture(scope="module")
def build_py():
    """tools/build.py as a module (its constants and helpers), tools/ on
    sys.path only while it is imported."""
    tools = str(Path(__file__).resolve().parents[1] / "tools")
    sys.path.insert(0, tools)
    try:
        import build
    finally:
        sys.path.remove(tools)
    return build
