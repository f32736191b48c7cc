"""The game's Python (build/app.zip) put into the interpreter, before any
of it can be imported: in the page's worker (``mount``,
assets/python-worker.js) and in the worker that makes this browser's
memory snapshot with the game's modules already imported (``preload``,
assets/snapshot-worker.js).

So it cannot live in app.zip: the build puts it in the page's standard
library (build/python_stdlib.zip, tools/stdlib_compile.py) as the
top-level module ``_hearts_app_zip``, which both workers import first.
Plain Python, no relative import.

Why preload: importing the game (the hearts package, and the standard
library it uses: dataclasses, enum, typing, json...) is Python's work at
every start, and in WebKit, whose wasm runs 3-4x slower than Chromium's on
a warm load, it took ~300 ms of the boot. A snapshot taken after those
imports restores them with the rest of the memory. Only modules that do
not touch the browser are preloaded (a module that imports ``js`` or
Pyodide's FFI at its top could hold JS objects, which a snapshot cannot
keep); the build lists them (build/snapshot.json).

A snapshot holds the modules of one app.zip, and the page may meet another
(an old snapshot beside a new deploy): ``mount`` checks the zip against the
CRC-32 the snapshot recorded, and if they differ it forgets the preloaded
game modules, which are then imported from the new zip as on a start
without a snapshot. The zip sits at the same path in both (the working
directory's app.zip: zipimport keeps a zip's table of contents by path,
and the file system is not in the snapshot, so the worker writes the file
again before anything imports from it).

The page's standard library is cut to what the page imports
(tools/stdlib_compile.py, which lists what it leaves out in
``_hearts_stdlib_rest``). ``mount`` puts a finder at the end of
``sys.meta_path`` that loads such a module rather than failing: it
downloads the runtime's whole standard library (synchronously: an import
cannot wait), puts it at the end of ``sys.path`` and finds the module
there. That is a gap in the cut, so it says so with a console error (the
tests fail on one). Offline the download fails, and so does the import,
with an ImportError the game shows in its error dialog.
"""

import gc
import importlib
import importlib.machinery
import json
import sys
import types
import zipimport
import zlib
from collections.abc import Sequence

GAME = "hearts"  # the game's package
BROWSER = ("js", "pyodide", "_pyodide")  # a snapshot cannot keep these
REST = "/lib/python_stdlib_rest.zip"  # where the whole library goes, once downloaded


def crc32(path: str) -> int:
    """The file's CRC-32, read in small pieces (a snapshot keeps the memory
    a whole copy would have left behind)."""
    crc = 0
    with open(path, "rb") as file:
        while piece := file.read(1 << 16):
            crc = zlib.crc32(piece, crc)
    return crc


def _ours(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def mount(path: str, rest_url: str | None = None, package: str = GAME) -> str:
    """The page: the zip at ``path`` first on ``sys.path``. Returns
    "preloaded" (the snapshot's game modules are this zip's), "fresh" (none
    were there) or "replaced" (they were another zip's, and are
    forgotten). ``rest_url``: the runtime's whole standard library, for
    the modules the page's cut leaves out."""
    if rest_url:
        _StdlibOnDemand.install(rest_url)
    crc = crc32(path)
    # Only a snapshot's preload records the CRC: a game imported in this
    # session (a fresh start, mounted again) is this zip's.
    recorded = getattr(sys.modules.get(package), "_app_zip_crc32", None)
    state = "fresh" if recorded is None else "preloaded"
    if recorded is not None and recorded != crc:
        state = "replaced"
        for name in [name for name in sys.modules if _ours(name, package)]:
            del sys.modules[name]
        sys.path_importer_cache.pop(path, None)
        zipimport._zip_directory_cache.pop(path, None)  # type: ignore[attr-defined]  # (CPython's own cache)
    # First, before the "" that Pyodide puts on the path as the snapshot restores.
    while path in sys.path:
        sys.path.remove(path)
    sys.path.insert(0, path)
    return state


def preload(path: str, modules: str, package: str = GAME) -> int:
    """The snapshot's worker: mounts the zip at ``path``, imports
    ``modules`` (a JSON list of names) and records the zip's CRC-32 on the
    game's package. Fails if an import brought in a module of the browser.
    Returns how many of the game's modules are loaded."""
    sys.path.insert(0, path)
    before = set(sys.modules)
    for name in json.loads(modules):
        importlib.import_module(name)
    browser = sorted(name for name in set(sys.modules) - before if name.partition(".")[0] in BROWSER)
    if browser:
        raise ImportError(f"a snapshot cannot keep the browser's modules, and the preload imported {browser}")
    sys.modules[package]._app_zip_crc32 = crc32(path)  # type: ignore[attr-defined]
    del before
    gc.collect()
    return sum(1 for name in sys.modules if _ours(name, package))


class _StdlibOnDemand:
    """Finds a standard library module the page's cut leaves out in the
    runtime's whole library, downloaded at the first such import."""
    url = ""
    path: str | None = None

    @classmethod
    def install(cls, url: str) -> None:
        cls.url = url
        if cls not in sys.meta_path:
            sys.meta_path.append(cls)

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        try:
            from _hearts_stdlib_rest import NAMES  # type: ignore[import-not-found]
        except ImportError:
            return None
        if name not in NAMES:
            return None
        if cls.path is None:
            try:
                cls.path = _download(cls.url, name)
            except Exception as error:
                raise ImportError(f"{name} is not in the page's standard library and could not be"
                                  f" downloaded: {error}", name=name) from None
            sys.path.append(cls.path)
            sys.path_importer_cache.pop(cls.path, None)
        parent = name.rpartition(".")[0]
        where = [cls.path + "/" + parent.replace(".", "/")] if parent else None
        return importlib.machinery.PathFinder.find_spec(name, where, target)


def _download(url: str, name: str) -> str:
    """The whole library into REST, synchronously (a worker may ask for
    bytes so), with a console error: the cut has a gap."""
    import js  # (here only: never in a snapshot)

    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    with open(REST, "wb") as file:
        file.write(request.response.to_bytes())
    js.console.error(f"boot: the standard library module {name} is not in the page's cut of it:"
                     " the whole library was downloaded for it (tools/build.py STDLIB_KEPT)")
    return REST
