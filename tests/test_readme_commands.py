"""Every command the README names runs, in a short form.

The README's code blocks (fenced: ``` / ```sh / ```bash / ```shell /
```console, or indented by four spaces; not ```python, whose examples
`pytest --doctest-glob=README.md` runs) are read for `make TARGET` and
`python -m MODULE` lines. Each must have a short form here (SHORT): a run
of a few seconds to a few minutes that goes through the same code (fewer
hands, one seed, --quick). A command the README names that this file does
not know fails test_every_readme_command_has_a_short_form: add its short
form to SHORT.

The runs of the commands that need the browsers or a build are marked
`slow` (`pytest -m "not slow"` leaves them out); they are skipped when
Debian's Chromium is absent, like the e2e tests.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SHELL_INFO = {"", "sh", "bash", "shell", "console", "text"}
CHROMIUM = Path("/usr/lib/chromium/chromium")
PY = sys.executable


def code_lines(markdown: str) -> list[str]:
    """The lines of the markdown's shell code blocks: fenced ones whose info
    string is empty or a shell's, and indented ones (four spaces, after a
    blank line, outside a fence)."""
    found: list[str] = []
    fence: str | None = None  # the open fence's marker
    keep = False
    previous_blank = True
    indented = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if fence is not None:
            if stripped.startswith(fence) and stripped.strip(fence[0]) == "":
                fence = None
            elif keep:
                found.append(line)
            previous_blank = False
            continue
        match = re.match(r"\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)", line)
        if match:
            fence, keep = match.group(1), match.group(2).lower() in SHELL_INFO
            indented = False
            continue
        if line.startswith("    ") and (previous_blank or indented) and stripped:
            indented = True
            found.append(line)
        elif stripped:
            indented = False
        previous_blank = not stripped
    return found


def commands(markdown: str) -> list[str]:
    """The `make ...` and `python -m ...` commands in the markdown's shell
    code blocks, each once, in order, without a prompt or a comment."""
    seen: list[str] = []
    for line in code_lines(markdown):
        text = line.strip()
        text = re.sub(r"^\$\s+", "", text)
        text = re.sub(r"\s+#.*$", "", text)  # a comment after the command
        if re.match(r"make(\s|$)", text) or re.match(r"(\S*/)?python[\d.]*\s+-m\s+\S", text):
            text = re.sub(r"^(\S*/)?python[\d.]*", "python", text)
            if text not in seen:
                seen.append(text)
    return seen


def key(command: str) -> str:
    """What picks a command's short form: `make TARGET`, `python -m MODULE`,
    with the subcommand for the modules that have them."""
    words = shlex.split(command.replace("...", ""))
    if words[0] == "make":
        targets = [w for w in words[1:] if "=" not in w and not w.startswith("-")]
        return "make " + (targets[0] if targets else "")
    module = words[2]
    if module in ("hearts.dev.bench", "hearts.dev.catalogs") and len(words) > 3:
        return f"python -m {module} {words[3]}"
    return f"python -m {module}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pytest_collect(command: str, tmp: Path) -> list[list[str]]:
    # pytest runs itself here: collecting the same paths proves the line.
    args = shlex.split(command)[3:]
    if "README.md" in args:  # the README's examples: quick, run them for real
        return [[PY, "-m", "pytest", *args, "-p", "no:cacheprovider"]]
    return [[PY, "-m", "pytest", *[a for a in args if a != "-x"], "--collect-only", "-q", "-p", "no:cacheprovider"]]


def _tournament(command: str, tmp: Path) -> list[list[str]]:
    # The README's own options, with hands and games cut down and "..." left out.
    words = shlex.split(command.replace("...", ""))[4:]
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("--hands", "--games", "--first"):
            out += [word, {"--hands": "4", "--games": "1", "--first": "0"}[word]]
            skip = True
        elif word != "[--json]":
            out.append(word)
    if "--hands" not in out and "--games" not in out:
        out += ["--hands", "4"]
    return [[PY, "-m", "hearts.dev.bench", "ai", *out, "--jobs", "1"]]


def _conformance(command: str, tmp: Path) -> list[list[str]]:
    # The shared recorded hands' first three (skipped where they are absent).
    sys.path.insert(0, str(ROOT / "tests"))
    from engine_helpers import SHARED_HANDS

    if not SHARED_HANDS.exists():
        pytest.skip(f"no recorded hands at {SHARED_HANDS}")
    sample = tmp / "three.jsonl"
    sample.write_text("\n".join(SHARED_HANDS.read_text().splitlines()[:3]) + "\n")
    return [[PY, "-m", "hearts.dev.conformance", str(sample)]]


# key -> (needs the browsers and build/, the commands to run or "serve")
SHORT = {
    "make help": (False, lambda c, t: [["make", "help"]]),
    "make ": (False, lambda c, t: [["make"]]),
    "make setup": (True, lambda c, t: [["make", "setup"]]),
    "make build": (True, lambda c, t: [["make", "build"]]),
    "make play": (True, "serve"),
    "make test": (True, lambda c, t: [["make", "test", "PYTEST_ARGS=--collect-only -q"]]),
    "make bench": (True, lambda c, t: [["make", "bench", "ARGS=--quick"]]),
    "make bench-ai": (True, lambda c, t: [["make", "bench-ai", "ARGS=--hands 1"]]),
    "make bench-review": (True, lambda c, t: [["make", "bench-review", "ARGS=--seeds 3"]]),
    "make dist": (True, lambda c, t: [["make", "dist"]]),
    "make clean": (False, lambda c, t: [["make", "-n", "clean"]]),  # (a dry run: it would delete build/)
    "python -m pytest": (False, _pytest_collect),
    "python -m mypy": (False, lambda c, t: [[PY, "-m", "mypy"]]),
    "python -m hearts.dev.bench engine": (False, lambda c, t: [[PY, "-m", "hearts.dev.bench", "engine", "--hands", "20",
                                                            "--runs", "1"]]),
    "python -m hearts.dev.bench rollouts": (False, lambda c, t: [[PY, "-m", "hearts.dev.bench", "rollouts", "--positions",
                                                              "3", "--repeat", "1", "--runs", "1"]]),
    "python -m hearts.dev.bench ai": (False, _tournament),
    "python -m hearts.dev.conformance": (False, _conformance),
    "python -m hearts.dev.deal": (False, lambda c, t: [[PY, "-m", "hearts.dev.deal", "42", "0"]]),
    "python -m hearts.dev.soak": (False, lambda c, t: [[PY, "-m", "hearts.dev.soak", "--games", "2", "--jobs", "1"]]),
    "python -m hearts.dev.catalogs compile": (False, lambda c, t: [[PY, "-m", "hearts.dev.catalogs", "compile",
                                                                str(t / "locale")]]),
    # extract and update write the repository's catalogs: their short form
    # is their help (the i18n tests check that the catalogs are current).
    "python -m hearts.dev.catalogs extract": (False, lambda c, t: [[PY, "-m", "hearts.dev.catalogs", "extract", "--help"]]),
    "python -m hearts.dev.catalogs update": (False, lambda c, t: [[PY, "-m", "hearts.dev.catalogs", "update", "--help"]]),
    "python -m http.server": (False, "serve"),
}


def readme_commands() -> list[str]:
    return commands(README.read_text(encoding="utf-8"))


def test_the_parser_reads_fenced_and_indented_shell_blocks_only():
    text = "\n".join([
        "Intro `make nothing` in prose.", "", "```sh", "make play   # comment",
        "$ .venv/bin/python -m hearts.dev.soak --games 3", "```", "", "```python", ">>> make_it()",
        "python -m not.this", "```", "", "    make dist", "    make bench", "",
        "~~~", "python3 -m pytest tests", "~~~", "- a list item", "", "text",
    ])
    assert commands(text) == ["make play", "python -m hearts.dev.soak --games 3", "make dist", "make bench",
                              "python -m pytest tests"]
    assert [key(c) for c in commands(text)] == ["make play", "python -m hearts.dev.soak", "make dist", "make bench",
                                                "python -m pytest"]


def test_every_readme_command_has_a_short_form():
    found = readme_commands()
    assert any(c.startswith("make ") for c in found), "no `make` command found: the parser misses the README's blocks"
    unknown = [c for c in found if key(c) not in SHORT]
    assert unknown == [], "the README names commands this test cannot run in a short form: add them to SHORT"


def _serve(command: str, tmp: Path) -> None:
    """A serving command: it answers the game's page, then it is stopped."""
    port = free_port()
    if command.startswith("make"):
        argv = ["make", "play", f"PORT={port}"]
    else:
        argv = [PY, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 600  # (make play builds first when build/ is stale)
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
                    assert reply.status == 200 and b"<html" in reply.read(4000).lower()
                    return
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(f"{command} ended: {proc.stdout.read().decode()[-2000:]}") from None
                if time.monotonic() > deadline:
                    raise AssertionError(f"{command} never answered") from None
                time.sleep(0.5)  # (a poll: until the server answers)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def _cases():
    cases = []
    for command in readme_commands():
        if key(command) not in SHORT:
            continue  # (test_every_readme_command_has_a_short_form fails for it)
        browsers, _ = SHORT[key(command)]
        cases.append(pytest.param(command, marks=[pytest.mark.slow] if browsers else [], id=command))
    return cases


@pytest.mark.parametrize("command", _cases())
def test_the_readme_command_runs_in_a_short_form(command, tmp_path):
    browsers, short = SHORT[key(command)]
    if browsers and not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed (make setup)")
    if short == "serve":
        _serve(command, tmp_path)
        return
    for argv in short(command, tmp_path):
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=1800,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0, f"{' '.join(argv)}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


def test_no_benchmark_imports_a_test_file_or_puts_a_test_folder_on_its_path():
    # The benchmarks share their helpers through tools/ (page_play.py: the
    # driver the e2e tests use too); a test file imported from bench/ broke `make bench-ai` once
    # (ModuleNotFoundError: No module named 'hearts').
    tests = {p.stem for folder in ("tests", "e2e") for p in (ROOT / folder).glob("*.py")}
    found = []
    for path in sorted((ROOT / "bench").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            found += [f"{path.name} imports {n}" for n in names if n.split(".")[0] in tests]
        found += [f"{path.name} puts {m}/ on sys.path" for m in re.findall(r'ROOT / "(e2e|tests)"', source)]
    assert found == []
