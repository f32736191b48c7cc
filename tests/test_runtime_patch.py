"""The one change the build makes to Pyodide (tools/build.py, PATCHES): the
shared wasm memory of pyodide.asm.mjs's ``syncSleep`` is made when that
sleep first runs, not as the module loads, so a page without cross-origin
isolation makes none (Chromium reports each as a deprecation; the browser
side is checked in e2e/test_platform.py)."""

import hashlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

NPM = ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs"
BUILT = ROOT / "build" / "vendor" / "pyodide" / "pyodide.asm.mjs"


def test_the_patch_moves_the_memory_into_the_sleep_and_changes_nothing_else(build_py):
    before = "x=1;" + build_py.SYNC_SLEEP_EAGER + "a(so,\"syncSleep\");"
    after = build_py.patch_runtime_module(before)
    assert after == "x=1;" + build_py.SYNC_SLEEP_LAZY + "a(so,\"syncSleep\");"
    # Made in the sleep, and nowhere before it.
    assert after.index("new WebAssembly.Memory") > after.index("function so(")
    assert "shared:!0" in build_py.SYNC_SLEEP_LAZY


@pytest.mark.parametrize("times", [0, 2])
def test_the_build_stops_when_the_runtime_is_not_the_one_it_knows(build_py, times):
    with pytest.raises(SystemExit, match="not once"):
        build_py.patch_runtime_module("x=1;" + build_py.SYNC_SLEEP_EAGER * times)


@pytest.mark.skipif(not NPM.is_file() or not BUILT.is_file(), reason="run `make build` first")
def test_the_built_runtime_is_npm_s_with_that_one_change(build_py):
    npm, built = NPM.read_text(encoding="utf-8"), BUILT.read_text(encoding="utf-8")
    assert npm.count(build_py.SYNC_SLEEP_EAGER) == 1
    assert built == npm.replace(build_py.SYNC_SLEEP_EAGER, build_py.SYNC_SLEEP_LAZY)
    # No other shared memory is made as the module loads.
    assert built.count("shared:!0") == 1


def test_sync_files_writes_a_patched_file_once_and_leaves_it(build_py, tmp_path):
    src = tmp_path / "src.txt"
    src.write_bytes(b"abc")
    out = tmp_path / "out"
    patches = {"a.txt": lambda data: data.upper()}
    build_py.sync_files([(src, "a.txt"), (src, "b.txt")], out, patches)
    assert (out / "a.txt").read_bytes() == b"ABC" and (out / "b.txt").read_bytes() == b"abc"
    stamp = (out / "a.txt").stat().st_mtime_ns
    build_py.sync_files([(src, "a.txt"), (src, "b.txt")], out, patches)
    assert (out / "a.txt").stat().st_mtime_ns == stamp  # unchanged: not written again
    assert hashlib.sha256((out / "a.txt").read_bytes()).hexdigest() == build_py.file_digest(out / "a.txt")
