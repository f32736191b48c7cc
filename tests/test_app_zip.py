"""build/app.zip carries bytecode the page's Python can use (see
tools/build.py, compile_pycs): each of our modules with its .pyc beside it,
and PyScript's own package precompiled, all for the Pyodide version shipped.

Every .pyc must be a "checked hash" pyc whose hash is that of the source it
stands for, so the import system uses it instead of compiling the module at
each start. A .pyc of another source would be ignored (and cost the boot
time it should save); these tests catch that in the build.

They check the built zip against its own sources: `make build` makes it.
That the zipped sources are the repository's is checked by the browser
tests (e2e/test_platform.py), which need a fresh build anyway.
"""

import _imp
import json
import re
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP_ZIP = ROOT / "build" / "app.zip"
LOCK = ROOT / "build" / "vendor" / "pyodide" / "pyodide-lock.json"
PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
CHECKED_HASH = 0b11  # the pyc header's flags: hash-based, check the source

pytestmark = pytest.mark.skipif(not APP_ZIP.is_file() or not LOCK.is_file(),
                                reason="build/ is missing: run `make build`")


@pytest.fixture(scope="module")
def archive():
    with zipfile.ZipFile(APP_ZIP) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


@pytest.fixture(scope="module")
def cache_tag():
    """cpython-3XX for the Python of the Pyodide the page loads."""
    major, minor = json.loads(LOCK.read_text(encoding="utf-8"))["info"]["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def pyc_of(module, tag):
    folder, _, file = module.rpartition("/")
    return f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc"


def check_pyc(pyc, source):
    """The reasons the import system would not use this pyc for source."""
    magic, flags, stored = pyc[:4], int.from_bytes(pyc[4:8], "little"), pyc[8:16]
    problems = []
    if magic[2:4] != b"\r\n":
        problems.append(f"not a pyc (magic {magic.hex()})")
    if flags != CHECKED_HASH:
        problems.append(f"flags {flags:#b}, expected a checked-hash pyc")
    # The hash the import system compares: SipHash of the source, keyed with
    # the magic number of the Python that wrote the pyc.
    if stored != _imp.source_hash(int.from_bytes(magic, "little"), source):
        problems.append("source hash differs: the pyc is stale")
    return problems


def test_every_module_has_a_matching_pyc(archive, cache_tag):
    modules = sorted(name for name in archive if name.startswith("hearts/") and name.endswith(".py"))
    assert "hearts/game.py" in modules and "hearts/ui/controller.py" in modules
    problems = {}
    for module in modules:
        pyc = archive.get(pyc_of(module, cache_tag))
        found = ["missing"] if pyc is None else check_pyc(pyc, archive[module])
        if found:
            problems[module] = found
    assert problems == {}


def test_no_pyc_without_its_module(archive, cache_tag):
    pycs = {name for name in archive if name.endswith(".pyc")}
    assert all(f".{cache_tag}.pyc" in name and "/__pycache__/" in name for name in pycs)
    ours = {pyc_of(name, cache_tag) for name in archive if name.endswith(".py")}
    assert {name for name in pycs if not name.startswith("pyscript/")} == ours


def test_one_python_wrote_them_all(archive):
    assert len({data[:4] for name, data in archive.items() if name.endswith(".pyc")}) == 1


@pytest.mark.skipif(not PYSCRIPT_STDLIB.is_file(), reason="node_modules is missing: run `make setup`")
def test_pyscript_package_is_precompiled_from_its_own_text(archive, cache_tag):
    # PyScript writes ./pyscript/*.py from this module at every start; the
    # zip holds their pycs (an artifact: a JS object literal that is JSON).
    text = PYSCRIPT_STDLIB.read_text(encoding="utf-8")
    tree = json.loads(re.search(r"export default (\{.*\});?\s*$", text, re.S).group(1))
    modules = {f"pyscript/{name}": body for name, body in tree["pyscript"].items()}
    assert "pyscript/__init__.py" in modules
    problems = {}
    for module, body in sorted(modules.items()):
        pyc = archive.get(pyc_of(module, cache_tag))
        found = ["missing"] if pyc is None else check_pyc(pyc, body.encode("utf-8"))
        if found:
            problems[module] = found
    assert problems == {}
    assert {n for n in archive if n.startswith("pyscript/")} == {pyc_of(m, cache_tag) for m in modules}
