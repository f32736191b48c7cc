"""Debian's Chromium, as everything here drives it through Playwright: the
end-to-end tests (e2e/conftest.py), the benchmarks (bench/) and the build,
which starts Pyodide in it once to take the interpreter's memory snapshot
(tools/build.py). One path and one list of flags for all of them.

Playwright cannot download its own browser on this machine; `make setup`
installs the `chromium` package. HEARTS_CHROMIUM overrides the path.
"""
import os

CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/lib/chromium/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
