"""build/app.zip is what the page imports its Python from (see
tools/build.py, app_files and compile_pycs): the worker that runs the
game's Python (assets/python-worker.js, hearts/page/app_zip.py) puts the
archive first on the interpreter's sys.path, and zipimport reads it as it
is. It holds our modules and the few standard library modules imported
after Pyodide's start (STDLIB_PRECOMPILED), those imported at every boot
with their .pyc beside them, and the compiled catalogs.

Every .pyc must be a "checked hash" pyc whose hash is that of the source
beside it, so the import system uses it instead of compiling the module at
each start. A .pyc of another source would be ignored (and cost the boot
time it should save); these tests catch that in the build. That the page
really loads them is checked in the browser (e2e/test_platform.py).
"""

import _imp
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP_ZIP = ROOT / "build" / "app.zip"
RUNTIME = ROOT / "build" / "vendor" / "pyodide"
CHECKED_HASH = 0b11  # the pyc header's flags: hash-based, check the source

pytestmark = pytest.mark.skipif(not APP_ZIP.is_file() or not (RUNTIME / "python_stdlib.zip").is_file(),
                                reason="build/ is missing: run `make build`")


@pytest.fixture(scope="module")
def archive():
    with zipfile.ZipFile(APP_ZIP) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


@pytest.fixture(scope="module")
def runtime_stdlib():
    with zipfile.ZipFile(RUNTIME / "python_stdlib.zip") as zf:
        return {name: zf.read(name) for name in zf.namelist() if name.endswith(".py")}


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


@pytest.fixture(scope="module")
def in_snapshot(build_py):
    preloaded = set(build_py.preloaded())
    return lambda name: build_py.module_name(name) in preloaded


def test_every_module_imported_at_every_boot_has_a_matching_pyc_beside_it(archive, in_snapshot):
    # The game modules the browser's snapshot holds have no pyc (tools/build.py
    # SOURCE_ONLY): only a first visit imports them, from source.
    modules = sorted(name for name in archive if name.endswith(".py") and not in_snapshot(name))
    assert {"gettext.py", "hashlib.py", "html/__init__.py", "html/entities.py"} <= set(modules)
    assert "hearts/engine/game.py" not in modules
    problems = {}
    for module in modules:
        pyc = archive.get(module + "c")  # where zipimport looks, not __pycache__/
        found = ["missing"] if pyc is None else check_pyc(pyc, archive[module])
        if found:
            problems[module] = found
    assert problems == {}


def test_no_pyc_without_its_module(archive, in_snapshot):
    assert [name for name in archive if "__pycache__" in name] == []
    assert {name for name in archive if name.endswith(".pyc")} == {
        name + "c" for name in archive if name.endswith(".py") and not in_snapshot(name)}


def test_one_python_wrote_them_all(archive):
    assert len({data[:4] for name, data in archive.items() if name.endswith(".pyc")}) == 1


def test_standard_library_copies_are_the_runtimes_own(archive, runtime_stdlib):
    # The archive shadows these modules on the page's sys.path: they must be
    # byte for byte the shipped Pyodide's, and a package must come whole.
    theirs = {name for name in archive if name.endswith(".py") and not name.startswith("hearts/")}
    assert {"gettext.py", "hashlib.py", "html/__init__.py", "html/entities.py"} <= theirs
    assert {name: "differs" for name in theirs if runtime_stdlib.get(name) != archive[name]} == {}
    packages = {name.split("/")[0] for name in theirs if "/" in name}
    whole = {name for name in runtime_stdlib if name.split("/")[0] in packages}
    assert whole <= theirs


def test_the_package_imports_from_the_archive_with_its_catalogs(tmp_path):
    # As on the page, but in this Python: zipimport passes over the pycs (they
    # are another Python's) to the sources, and hearts.text.i18n reads the
    # catalogs inside the archive. The archive goes last on sys.path here, so
    # that its standard library copies do not shadow this Python's own.
    code = f"""
import sys, zipimport
sys.path.append({str(APP_ZIP)!r})
from hearts.text import i18n, vocabulary
assert isinstance(i18n.__spec__.loader, zipimport.zipimporter), i18n.__spec__
print(i18n.default_localedir())
for lang in i18n.LANGUAGES:
    tr = i18n.load(lang)
    print(lang, tr.lang, tr.problem, vocabulary.game_name(tr))
"""
    run = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == str(APP_ZIP / "locale")
    names = {}
    for line in lines[1:]:
        lang, loaded, problem, name = line.split(" ", 3)
        assert (loaded, problem) == (lang, "None"), line
        names[lang] = name
    assert names["en"] == "Hearts"
    assert len(set(names.values())) == len(names)  # each language its own word


def test_the_snapshot_preloads_every_shipped_module_that_does_not_import_the_browser(monkeypatch):
    # tools/build.py preloaded(): the modules the memory snapshots hold
    # imported (hearts/page/app_zip.py). Every hearts module of
    # hearts.page.worker's import closure but those that import the browser
    # at their top (tools/page_only.py: none; the worker imports `js` in
    # main() only), and a package before its modules (the preload imports
    # them in this order).
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import build
    names = build.preloaded()
    shipped = {name.removesuffix(".py").removesuffix("/__init__").replace("/", "."): path
               for name, path in build.sources()}
    assert set(names) == {name for name, path in shipped.items() if not build.page_only(path)}
    assert {"hearts", "hearts.engine.game", "hearts.ai.hard", "hearts.page.runtime", "hearts.app.view",
            "hearts.page.worker"} <= set(names)
    for name in names:
        parent = name.rpartition(".")[0]
        assert not parent or names.index(parent) < names.index(name), f"{name} before its package"
