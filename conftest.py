"""pytest's settings for the whole repository (see pyproject.toml)."""

from pathlib import Path

# Needs PyScript and the browser's `js` module: imported only in the page.
collect_ignore = ["hearts/ui/controller.py", "main.py"]

SHARED = Path(__file__).resolve().parent.parent / "shared" / "conformance" / "hands.jsonl"


def pytest_terminal_summary(terminalreporter):
    """Say it loudly when the recorded hands of ../shared are not there: the
    conformance tests were skipped, so the rules were not checked against
    the independent engine."""
    if not SHARED.exists():
        terminalreporter.write_sep("!", f"conformance NOT checked: {SHARED} is missing", red=True, bold=True)
