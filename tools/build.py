"""Build the servable site into build/ (see `make build`).

  build/vendor/pyodide/   the five Pyodide runtime files from node_modules
                          (pyodide.asm.mjs with one change: PATCHES)
  build/vendor/morphdom/  morphdom's ES module (assets/morph.js) and licence
  build/vendor/pyscript/  PyScript's dist/ less what the page never runs
                          (PYSCRIPT_UNUSED: its editor's and terminal's
                          libraries, packages graph, zip unpacker; source
                          maps)
  build/vendor/micropython/  MicroPython for PyScript: the main thread's
                          interpreter (pyscript.toml)
  build/controller/       the page's controller and the modules it shares
                          with the worker (CONTROLLER_FILES: the messages,
                          the stored settings), which MicroPython reads
  build/cards/            the card faces, one SVG file per card cut from
                          svg-cards' svg-cards.svg (tools/cardart.py: its
                          drawings unchanged, LGPL-2.1 section 2's notice in
                          each), with the package's LICENSE and AUTHORS
  build/locale/<lang>/LC_MESSAGES/hearts.mo   compiled from i18n/<lang>.po
  build/pyc/              .pyc files of hearts/ and of STDLIB_PRECOMPILED
                          (and those modules' sources), compiled by Pyodide
                          under Node (compile_pycs)
  build/app.zip           hearts/**/*.py (no tests) and STDLIB_PRECOMPILED's
                          modules, those imported at every boot with their
                          .pyc beside them, and locale/**: the worker
                          (assets/python-worker.js, hearts/page/app_zip.py)
                          puts it on the interpreter's sys.path as it is
                          (zipimport), nothing is unpacked
  build/snapshot.json     the game's modules the interpreter's memory
                          snapshot holds imported (preloaded()): the page
                          makes the snapshot in the player's browser after
                          the first visit (assets/snapshot-worker.js)
  build/boot-i18n.json    what the loading screen needs before Python runs:
                          the languages, their aliases, its texts in each
                          (hearts.dev.catalogs boot_data, from the catalogs)
  build/start-screen.js   each language's start screen and rules page, drawn
                          by the game's view (hearts.dev.prerender), for
                          assets/start-screen.js; and the English start
                          screen written into index.html itself (start_screen)
  build/packed/           gzipped copies of the runtime's wasm and lock file
                          (PACKED): what a first visit downloads when the
                          host does not compress (boot.js unpacks them as
                          they arrive; sw.js stores them unpacked)
  build/boot-sizes.json   the sizes of the big files the page loads first
                          (the loading bar moves with their bytes)
  build/precache.js       the service worker's file list + content version,
                          and each file's size, SHA-256 and type (the worker
                          stores an answer only if it matches)

Incremental: a step whose inputs have the same content as last time is
skipped (up_to_date), unchanged files are not rewritten, and app.zip is
deterministic, so the cache version only changes when content does.
The programs run in Node and in Pyodide are files beside this one
(in_pyodide.mjs, pyc_compile.py, stdlib_compile.py).
Run with the project's venv Python (it needs Babel): .venv/bin/python.
`tools/build.py --dist DIR` copies the publishable site to DIR (make dist).
"""
import gzip
import hashlib
import json
import modulefinder
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path


TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(ROOT))
from hearts.dev import catalogs  # noqa: E402  (the catalogs' tool: compiles them, exports the loading screen's data)
import cardart  # noqa: E402  (tools/cardart.py: the card art cut into a file per card)

BUILD = ROOT / "build"
NODE = ROOT / "node_modules"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# The one change the build makes to the runtime. As it loads, Pyodide 314's
# pyodide.asm.mjs makes a shared wasm memory for `syncSleep`, the pause of
# `handleEAGAIN` when a read of stdin says EAGAIN (the game never reads
# stdin). A page without cross-origin isolation (no static host sends
# COOP/COEP, and the page needs none) may not share memory, so Chromium
# reports that memory as a deprecation, "SharedArrayBuffer will require
# cross-origin isolation" (DevTools' SharedArrayBufferIssue, and a failed
# audit of Lighthouse's best practices). The build makes the memory when
# the pause first needs it instead: the same code, run later. The build
# stops if the text is not there exactly once (another Pyodide version:
# look again); tests/test_runtime_patch.py and e2e/test_platform.py check it.
SYNC_SLEEP_EAGER = ("var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
                    "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}")
SYNC_SLEEP_LAZY = ("var io;"
                   "function so(t){try{return io||(io=new Int32Array(new WebAssembly.Memory("
                   "{shared:!0,initial:1,maximum:1}).buffer)),Atomics.wait(io,0,0,t),!0}catch{return!1}}")


def patch_runtime_module(text):
    """pyodide.asm.mjs with its shared memory made on first use
    (SYNC_SLEEP_LAZY); tests/test_runtime_patch.py has the examples."""
    found = text.count(SYNC_SLEEP_EAGER)
    if found != 1:
        sys.exit(f"build: pyodide.asm.mjs holds the eager shared memory {found} times, not once: "
                 "a new Pyodide? See SYNC_SLEEP_EAGER in tools/build.py")
    return text.replace(SYNC_SLEEP_EAGER, SYNC_SLEEP_LAZY)


# What vendor() changes in a file as it copies it: its name -> bytes -> bytes.
PATCHES = {"pyodide.asm.mjs": lambda data: patch_runtime_module(data.decode("utf-8")).encode("utf-8")}
MORPHDOM_FILE = "dist/morphdom-esm.js"  # assets/morph.js imports it
# The deck the table draws (hearts/app/card_art.py: <use href="build/cards/
# heart_queen.svg#heart_queen">): svg-cards' one file, cut into a file per
# card (card_art()), beside the package's licence (LGPL-2.1: see the
# README's dependency table).
SVG_CARDS_FILES = ["svg-cards.svg", "LICENSE", "AUTHORS"]
# The folders of build/vendor/, one a package (vendor() deletes any other).
VENDORED = ("pyodide", "morphdom", "pyscript", "micropython")
# PyScript's dist/ chunks the page never loads (their name's start), and
# its source maps: the page uses neither its editor nor its terminal, nor
# Pyodide packages, nor zip archives in [files]. (The editor's and the
# terminal's plugins are small chunks that PyScript imports at every start
# to see whether the page uses them; what they would load is left out.)
PYSCRIPT_UNUSED = ("codemirror", "xterm", "pyodide_graph", "zip-", "service-worker", "storage")
MICROPYTHON_FILES = ["micropython.mjs", "micropython.wasm"]
# The controller's modules, as MicroPython reads them (pyscript.toml).
CONTROLLER_FILES = ["page/controller.py", "page/dom.py", "page/focus.py", "page/start_screen.py", "page/protocol.py",
                    "app/stored_settings.py"]
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

# The standard library modules the page imports after Pyodide has started
# (the rest are already imported by then, as on a bare Pyodide page).
# Pyodide's python_stdlib.zip holds sources only, compiled at every import:
# html.entities alone took ~50 ms of the boot. app.zip carries their pycs.
# hearts.app.blocks imports html; hearts.text.i18n gettext; hearts.engine.game
# hashlib. A package comes whole (app.zip shadows it on sys.path).
# e2e/test_platform.py fails if the page imports another one from source.
STDLIB_PRECOMPILED = ["gettext", "hashlib", "html"]


# The page's standard library (stdlib()): the runtime's python_stdlib.zip
# holds sources only, so a fresh start of Python (a first visit without the
# snapshot) compiles the ~125 modules Pyodide's start-up imports, every
# time: ~1.5 s of the 2-3 s. build/python_stdlib.zip is the same archive
# with those modules as bytecode instead of source, made by Pyodide under
# Node (so the magic number is the page's): tools/stdlib_compile.py lists
# what its start-up imports from the zip, then replaces each of those
# sources with an unchecked-hash .pyc (zipimport loads a .pyc without a
# source; the archive is made from the runtime's own zip again whenever it
# changes, so the bytecode cannot go stale). It also leaves out STDLIB_DROPPED: tools
# for developers and servers that no page of ours can use (a test runner, a
# debugger, profilers, mail and FTP clients, processes, which a browser has
# none of), 0.43 MB of the zip, ~0.35 s of a first visit at 10 Mbit/s.
# Nothing the page imports needs them (e2e/test_first_visit.py checks the
# shipped modules' imports). The rest stays as it is.
STDLIB = "python_stdlib.zip"
STDLIB_DROPPED = ["cProfile", "cmd", "doctest", "ftplib", "imaplib", "mailbox", "multiprocessing", "optparse",
                  "pdb", "pickletools", "poplib", "profile", "pstats", "pyclbr", "pydoc", "sched", "smtplib",
                  "sqlite3", "tabnanny", "timeit", "tomllib", "trace", "unittest", "wsgiref", "xmlrpc"]

# A module that imports the browser's own modules (Pyodide's FFI, `js`) at
# its top: a snapshot cannot keep what it imports, so it is not
# preloaded (tools/page_only.py: the rule, which conftest.py also uses to
# leave such modules out of the doctests).
from page_only import page_only  # noqa: E402  (tools/, this script's own folder)

# Runtime files the build also ships gzipped, in build/packed/ (packed()).
# Many static hosts send files as they are: the wasm alone is 9.6 MB, 3.5 MB
# gzipped. On a first visit boot.js downloads these copies and unpacks them
# with the browser's DecompressionStream as they arrive (the wasm still
# compiles while it streams in); the service worker stores them unpacked
# under their own names, so later visits read the plain files from its
# cache, as before. python_stdlib.zip is a zip of deflated files (gzip
# would save 2 %), the snapshot is gzipped already, and the .mjs module
# has to be imported from its own URL (the CSP allows no blob: scripts).
# assets/boot.js names them too, with their types (it cannot wait for
# boot-sizes.json): tests/test_boot_facts.py checks the two agree.
PACKED = ["vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide-lock.json"]


# The files whose bytes move the loading bar (assets/boot.js), as the page
# names them: the runtime, the snapshot and the game's Python are ~19 of the
# first visit's ~20 MB. boot.js counts the first three as they arrive and the
# others when they are in.
BOOT_SIZED = ["build/vendor/pyodide/pyodide.asm.wasm", "build/" + STDLIB,
              "build/vendor/pyodide/pyodide.asm.mjs",
              "build/vendor/pyodide/pyodide-lock.json", "build/app.zip"]

# Files of the site besides build/ that the service worker precaches.
SITE_FILES = ["index.html", "manifest.webmanifest", "pyscript.toml"]


def log(*args):
    print("build:", *args, flush=True)


def write_if_changed(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


_digests: dict[tuple[str, int, int], str] = {}  # (path, size, mtime) -> sha256 of its bytes, once per build


def file_digest(path):
    """The sha256 of a file's bytes (hex)."""
    st = path.stat()
    known = (path, st.st_size, st.st_mtime_ns)
    if known not in _digests:
        _digests[known] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _digests[known]


def content_key(*inputs):
    """What a step is made from, as one digest: a Path counts by its name and
    its bytes, anything else by its JSON."""
    digest = hashlib.sha256()
    for item in inputs:
        if isinstance(item, Path):
            name = item.relative_to(ROOT) if item.is_relative_to(ROOT) else item
            digest.update(f"{name.as_posix()}\0{file_digest(item)}".encode())
        else:
            digest.update(json.dumps(item, sort_keys=True).encode())
        digest.update(b"\0")
    return digest.hexdigest()


def up_to_date(stamp, key, outputs=()):
    """Whether a step is up to date, the one way the build asks it: the
    record in stamp (what it wrote, see stamp_made()) if the step was last made
    from inputs with this content_key and its outputs are all there, else
    None."""
    try:
        record = json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("key") != key:
        return None
    return record if all(Path(path).is_file() for path in outputs) else None


def stamp_made(stamp, key, **facts):
    """Record in stamp that a step was made from key (and facts about it)."""
    write_if_changed(stamp, json.dumps({"key": key, **facts}, indent=1, sort_keys=True) + "\n")


# pyscript.toml again for the controller in Pyodide on the main thread, where
# MicroPython cannot run it (assets/boot.js): the same files and modules,
# assets/pyodide-page.js as the interpreter, the paths from build/controller/.
PYODIDE_CONFIG = "pyodide.json"
PYODIDE_INTERPRETER = "assets/pyodide-page.js"


def controller_in_pyodide(toml_bytes):
    import tomllib

    def here(path):  # a path of pyscript.toml's (from the top) as seen from build/controller/
        rel = os.path.relpath(ROOT / path, BUILD / "controller").replace(os.sep, "/")
        return rel if rel.startswith("../") else "./" + rel

    config = tomllib.loads(toml_bytes.decode("utf-8"))
    config["interpreter"] = here(PYODIDE_INTERPRETER)
    config["files"] = {here(src): dst for src, dst in config.get("files", {}).items()}
    config["js_modules"] = {where: {here(src): name for src, name in modules.items()}
                            for where, modules in config.get("js_modules", {}).items()}
    return (json.dumps(config, indent=1) + "\n").encode("utf-8")


def sync_files(pairs, dest_dir, patches=None):
    """Copy (src, relative name) pairs into dest_dir; delete anything else there.
    A file named in ``patches`` (name -> bytes -> bytes) is written changed."""
    wanted = set()
    for src, rel in pairs:
        dst = dest_dir / rel
        wanted.add(dst)
        patch = (patches or {}).get(str(rel))
        data = patch(src.read_bytes()) if patch else None  # None: copied as it is
        digest = file_digest(src) if data is None else hashlib.sha256(data).hexdigest()
        if dst.is_file() and file_digest(dst) == digest:
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        if data is None:
            shutil.copy2(src, dst)
        else:
            dst.write_bytes(data)
    prune(dest_dir, wanted)


def prune(folder, wanted):
    """Delete files under folder that are not in wanted, then empty folders."""
    if not folder.exists():
        return
    for path in sorted(folder.rglob("*"), reverse=True):
        if path.is_file() and path not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def vendor():
    pyodide = NODE / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]
    if missing:
        sys.exit(f"build: node_modules/pyodide lacks {missing}: run `make setup` (npm ci)")
    sync_files([(pyodide / name, name) for name in PYODIDE_FILES], BUILD / "vendor" / "pyodide", PATCHES)
    morphdom = NODE / "morphdom"
    if not (morphdom / MORPHDOM_FILE).is_file():
        sys.exit(f"build: node_modules/morphdom/{MORPHDOM_FILE} is missing: run `make setup` (npm ci)")
    sync_files([(morphdom / MORPHDOM_FILE, Path(MORPHDOM_FILE).name), (morphdom / "LICENSE", "LICENSE")],
               BUILD / "vendor" / "morphdom")
    pyscript = NODE / "@pyscript" / "core" / "dist"
    micropython = NODE / "@micropython" / "micropython-webassembly-pyscript"
    if not pyscript.is_dir() or not all((micropython / name).is_file() for name in MICROPYTHON_FILES):
        sys.exit("build: node_modules lacks @pyscript/core or its MicroPython: run `make setup` (npm ci)")
    sync_files([(path, path.name) for path in sorted(pyscript.iterdir())
                if path.suffix in (".js", ".mjs") and not path.name.startswith(PYSCRIPT_UNUSED)]
               + [(pyscript.parent / "LICENSE", "LICENSE")], BUILD / "vendor" / "pyscript")
    sync_files([(micropython / name, name) for name in MICROPYTHON_FILES] + [(micropython / "README.md", "README.md")],
               BUILD / "vendor" / "micropython")
    sync_files([(ROOT / "hearts" / name, Path(name).name) for name in CONTROLLER_FILES]
               + [(ROOT / "pyscript.toml", PYODIDE_CONFIG)], BUILD / "controller",
               {PYODIDE_CONFIG: controller_in_pyodide})
    for old in (BUILD / "vendor").iterdir():  # a package no longer vendored (svg-cards, now cut)
        if old.name not in VENDORED:
            if old.is_dir():
                shutil.rmtree(old)
            else:
                old.unlink()
    log("vendor: pyodide", len(PYODIDE_FILES), "files, morphdom, pyscript, micropython; controller")


def card_art():
    """build/cards/: a file per card of svg-cards.svg (tools/cardart.py),
    with the package's LICENSE and AUTHORS beside them."""
    package = NODE / "svg-cards"
    missing = [name for name in SVG_CARDS_FILES if not (package / name).is_file()]
    if missing:
        sys.exit(f"build: node_modules/svg-cards lacks {missing}: run `make setup` (npm ci)")
    folder = BUILD / "cards"
    version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    files = cardart.split((package / "svg-cards.svg").read_bytes(), version=version)
    for name, data in files.items():
        write_if_changed(folder / name, data)
    for name in ("LICENSE", "AUTHORS"):
        write_if_changed(folder / name, (package / name).read_bytes())
    prune(folder, {folder / name for name in [*files, "LICENSE", "AUTHORS"]})
    log(f"cards: {len(files)} files, {sum(map(len, files.values())) / 1e6:.2f} MB (svg-cards {version})")


def compile_locales():
    """build/locale/<lang>/LC_MESSAGES/hearts.mo from i18n/<lang>.po
    (hearts.dev.catalogs, as `python -m hearts.dev.catalogs compile` does)."""
    locale = BUILD / "locale"
    pos = [ROOT / "i18n" / f"{lang}.po" for lang in catalogs.LANGUAGES]
    mos = [locale / lang / "LC_MESSAGES" / "hearts.mo" for lang in catalogs.LANGUAGES]
    key = content_key(*pos)
    stamp = BUILD / "locale.json"
    if not up_to_date(stamp, key, mos):
        shutil.rmtree(locale, ignore_errors=True)
        catalogs.compile_catalogs(str(ROOT / "i18n"), str(locale))
        stamp_made(stamp, key)
    log("locale:", ", ".join(catalogs.LANGUAGES))


def boot_data():
    """build/boot-i18n.json: the languages, their aliases and the loading
    screen's texts in each, from the compiled catalogs (hearts.dev.catalogs
    boot_data)."""
    data = catalogs.boot_data(str(BUILD / "locale"))
    write_if_changed(BUILD / "boot-i18n.json", catalogs.boot_json(data))
    log("boot-i18n.json:", ", ".join(data["languages"]), "and aliases", ", ".join(sorted(data["aliases"])))


def start_screen():
    """The start screen as the page serves it, from the game's own view
    (hearts.dev.prerender): build/start-screen.js, and index.html's English one
    (the file is in git: a unit test fails when it is not the view's)."""
    from hearts.dev import prerender

    data = prerender.start_data(str(BUILD / "locale"), packed=packed_urls())
    write_if_changed(BUILD / "start-screen.js", prerender.start_script(data))
    index = ROOT / "index.html"
    text = index.read_text(encoding="utf-8")
    text = prerender.with_start(text, data["texts"]["en"]["screen"])
    write_if_changed(index, prerender.with_english(text, prerender.boot_english()))
    log("start screen:", ", ".join(data["languages"]))


def manifests():
    """build/manifest-<lang>.webmanifest: the app's name and description in
    each language (boot.js points <link rel=manifest> at the page's one)."""
    base = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    data = json.loads((BUILD / "boot-i18n.json").read_text(encoding="utf-8"))
    wanted = set()
    for lang in data["languages"]:
        strings = data[lang]
        manifest = dict(base, lang=lang, name=strings["title"], short_name=strings["title"],
                        description=strings["description"],
                        start_url="../", scope="../",  # URLs are relative to build/
                        icons=[dict(icon, src="../" + icon["src"]) for icon in base["icons"]])
        out = BUILD / f"manifest-{lang}.webmanifest"
        write_if_changed(out, json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
        wanted.add(out)
    for old in BUILD.glob("manifest-*.webmanifest"):
        if old not in wanted:
            old.unlink()
    log("manifests:", ", ".join(data["languages"]))


def sources():
    """(archive name, path) of the hearts modules the page imports, and only
    those: what hearts.page.worker imports, followed statically through
    every import statement (the standard library's modulefinder, looking in
    this repository only). The commands that live beside the game in the
    package (hearts.dev.bench, .soak, .conformance, .catalogs,
    .ai.tournament and the plain yardstick engine) are never imported by
    the page, so they stay out of app.zip."""
    finder = modulefinder.ModuleFinder(path=[str(ROOT)])
    finder.import_hook("hearts.page.worker")
    items = []
    for name, module in finder.modules.items():
        if name == "hearts" or name.startswith("hearts."):
            path = Path(module.__file__)
            items.append((path.relative_to(ROOT).as_posix(), path))
    return sorted(items)


def compile_pycs(modules):
    """Byte-compile the page's Python: {"ours"|"stdlib": {source name: .pyc
    path}}, for our modules and STDLIB_PRECOMPILED (whose sources land in
    build/pyc/ too).

    The page imports both from app.zip with zipimport, which never writes
    bytecode: without these it would compile every module from source at
    each start. Pyodide itself makes them (build/vendor/pyodide under Node),
    so their magic number is the page's. They are "checked hash" pycs: the
    import system uses one only if its source in the zip hashes the same, so
    it can never run stale code. Reused while the sources and the runtime
    are unchanged (build/pyc/stamp.json). Any failure stops the build: Node
    and Pyodide are already needed to build, and a site without pycs would
    only be slower, which nobody would notice.
    """
    out = BUILD / "pyc"
    stamp = out / "stamp.json"
    runtime = BUILD / "vendor" / "pyodide"
    key = content_key(runtime / "pyodide.asm.wasm", runtime / "python_stdlib.zip",
                      STDLIB_PRECOMPILED, *(path for _, path in modules),
                      *(TOOLS / name for name in ("pyc_compile.py", "in_pyodide.mjs")))
    made = up_to_date(stamp, key)
    if made is not None:
        files = [*made["ours"].values()]
        files += [*made["stdlib"], *made["stdlib"].values()]  # their sources are kept beside their pycs
        if not all((out / name).is_file() for name in files):
            made = None
    if made is None:
        made = _run_pyodide_compile([name for name, _ in modules], key)
    return {group: {name: out / pyc for name, pyc in made[group].items()} for group in GROUPS}


GROUPS = ("ours", "stdlib")


def _node_and_scratch(what, folder):
    """Node.js (the build stops without it: a site without its pycs would only
    be slower) and an empty build/<folder> for Pyodide under Node to write in."""
    node = shutil.which("node")
    if node is None:
        sys.exit(f"build: Node.js (`node`) is needed to precompile {what} with Pyodide")
    tmp = BUILD / folder
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    return node, tmp


def _in_pyodide(node, script, mounts, *args):
    """Runs script (a Python file) in Pyodide under Node (tools/in_pyodide.mjs)."""
    return subprocess.run([node, str(TOOLS / "in_pyodide.mjs"), str(BUILD / "vendor" / "pyodide"), str(script),
                           json.dumps({at: str(folder) for at, folder in mounts.items()}), *args],
                          capture_output=True, text=True)


def _run_pyodide_compile(names, key):
    node, tmp = _node_and_scratch("the Python modules", "pyc.new")
    wanted = tmp / "pyc.wanted.json"
    wanted.write_text(json.dumps({"ours": names, "stdlib": STDLIB_PRECOMPILED}), encoding="utf-8")
    run = _in_pyodide(node, TOOLS / "pyc_compile.py", {"/src": ROOT, "/out": tmp}, "/out/" + wanted.name)
    if run.returncode != 0 or not (tmp / "pyc.json").is_file():
        sys.exit(f"build: precompiling with Pyodide under Node failed (exit {run.returncode}):\n"
                 + (run.stderr or run.stdout)[-4000:])
    made = json.loads((tmp / "pyc.json").read_text(encoding="utf-8"))
    (tmp / "pyc.json").unlink()
    wanted.unlink()
    if sorted(made["ours"]) != sorted(names):
        sys.exit(f"build: Pyodide compiled {sorted(made['ours'])}, expected {sorted(names)}")
    tops = {name.split("/")[0].removesuffix(".py") for name in made["stdlib"]}
    if tops != set(STDLIB_PRECOMPILED):
        sys.exit(f"build: found {sorted(tops)} of STDLIB_PRECOMPILED {STDLIB_PRECOMPILED} in Pyodide's stdlib")
    stamp_made(tmp / "stamp.json", key, **made)
    shutil.rmtree(BUILD / "pyc", ignore_errors=True)
    os.replace(tmp, BUILD / "pyc")
    log(f"pyc: {len(made['ours'])} modules + {len(made['stdlib'])} "
        f"of the standard library compiled by Pyodide "
        f"(Python {made['python']}, magic {made['magic']})")
    return made


def app_files():
    """(archive name, path) of everything that goes into app.zip: each of our
    modules followed by its .pyc (unless the snapshot holds it: SOURCE_ONLY),
    STDLIB_PRECOMPILED's modules with theirs, then the compiled catalogs.

    The page's Python imports from the archive itself (zipimport;
    hearts/page/app_zip.py puts it first on sys.path in the worker), so the
    STDLIB_PRECOMPILED modules, taken from the runtime's own standard
    library, are found there precompiled before the runtime's sources."""
    items = []
    modules = sources()
    pycs = compile_pycs(modules)
    in_snapshot = set(preloaded())
    for name, path in modules:
        items.append((name, path))
        if module_name(name) not in in_snapshot:  # (see SOURCE_ONLY)
            items.append((name + "c", pycs["ours"][name]))
    for name in sorted(pycs["stdlib"]):
        items += [(name, BUILD / "pyc" / name), (name + "c", pycs["stdlib"][name])]
    locale = BUILD / "locale"
    if locale.exists():
        for path in sorted(locale.rglob("*.mo")):
            items.append(("locale/" + path.relative_to(locale).as_posix(), path))
    return items


def module_name(archive_name):
    """hearts/app/view.py -> hearts.app.view; hearts/__init__.py -> hearts."""
    return archive_name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


# SOURCE_ONLY: app.zip carries no .pyc of the game modules the snapshot
# holds imported (preloaded()): from the second visit on they come from the
# snapshot the browser made, so their bytecode would serve only the first
# visit's fresh start, which compiles them instead (~0.2 s) and saves
# 0.3 MB of its download. The modules that are imported at every boot (a
# module that imports the browser at its top, page_only, and
# STDLIB_PRECOMPILED) keep their pycs.


def app_zip():
    out = BUILD / "app.zip"
    tmp = BUILD / "app.zip.new"
    items = app_files()
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, path in items:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    if out.exists() and out.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        os.replace(tmp, out)
    log("app.zip:", len(items), "files,", out.stat().st_size, "bytes")


def page_imports():
    """Every module name the page's own Python asks for in an import
    statement (anywhere in a module, not only at its top): the hearts
    modules app.zip carries (hearts.page.worker and what it imports), and
    STDLIB_PRECOMPILED, and hearts/page/app_zip.py, which mounts app.zip
    from the page's standard library. The cut standard library keeps these
    and what they import (tools/stdlib_compile.py)."""
    import ast
    texts = [path.read_text(encoding="utf-8") for _, path in sources()] + [APP_ZIP_MOUNT.read_text(encoding="utf-8")]
    names = set(STDLIB_PRECOMPILED)
    for text in texts:
        for node_ in ast.walk(ast.parse(text)):
            if isinstance(node_, ast.Import):
                names.update(alias.name for alias in node_.names)
            elif isinstance(node_, ast.ImportFrom) and not node_.level and node_.module:
                names.add(node_.module)
                names.update(f"{node_.module}.{alias.name}" for alias in node_.names)
    return sorted(names)


# The module that puts app.zip into the interpreter, from the page's
# standard library (tools/stdlib_compile.py MOUNT).
APP_ZIP_MOUNT = ROOT / "hearts" / "page" / "app_zip.py"


def stdlib():
    """build/python_stdlib.zip: the runtime's standard library with what
    Pyodide's start-up imports as bytecode (tools/stdlib_compile.py); made
    again only when the runtime or the script changes."""
    out = BUILD / STDLIB
    stamp = BUILD / (STDLIB + ".json")
    runtime = BUILD / "vendor" / "pyodide"
    script = TOOLS / "stdlib_compile.py"
    roots = page_imports()
    key = content_key(*(runtime / name for name in PYODIDE_FILES), script, TOOLS / "in_pyodide.mjs", APP_ZIP_MOUNT,
                      STDLIB_DROPPED, roots)
    if up_to_date(stamp, key, [out]):
        return
    node, tmp = _node_and_scratch("the standard library", "stdlib.new")
    shutil.copy2(APP_ZIP_MOUNT, tmp / "_hearts_app_zip.py")  # (stdlib_compile.py MOUNT)
    run = _in_pyodide(node, script, {"/out": tmp}, json.dumps(STDLIB_DROPPED), json.dumps(roots))
    if run.returncode != 0 or not (tmp / "python_stdlib.json").is_file():
        sys.exit(f"build: precompiling the standard library with Pyodide under Node failed (exit {run.returncode}):\n"
                 + (run.stderr or run.stdout)[-4000:])
    made = json.loads((tmp / "python_stdlib.json").read_text(encoding="utf-8"))
    if len(made["started"]) < 50:
        sys.exit(f"build: Pyodide's start-up imported only {len(made['started'])} modules from its zip")
    started = {name.partition(".")[0] for name in made["started"]}
    if started & set(STDLIB_DROPPED):
        sys.exit(f"build: Pyodide's start-up imports {sorted(started & set(STDLIB_DROPPED))} of STDLIB_DROPPED")
    os.replace(tmp / STDLIB, out)
    stamp_made(stamp, key, **made)
    shutil.rmtree(tmp, ignore_errors=True)
    log(f"{STDLIB}: {len(made['kept'])} modules kept ({len(made['started'])} of Pyodide's start-up,"
        f" {len(made['compiled'])} as bytecode), {len(made['rest'])} left out (loaded on demand),"
        f" {(runtime / STDLIB).stat().st_size / 1e6:.2f} -> {out.stat().st_size / 1e6:.2f} MB")


def snapshot_modules():
    """build/snapshot.json: {"modules": [...]}, the game's modules that the
    interpreter's memory snapshot holds imported (preloaded()). The page
    makes that snapshot in the player's own browser once the game is ready
    on a first visit (assets/boot.js makeSnapshotForNextVisits, in a worker:
    assets/snapshot-worker.js, which imports these with hearts/page/app_zip.py
    preload) and restores it on the next visits. Each browser so restores a
    snapshot of its own engine: WebKit cannot restore one made in Chromium
    or Firefox (its wasm function table is laid out otherwise), nor they
    one of WebKit's."""
    modules = preloaded()
    write_if_changed(BUILD / "snapshot.json", json.dumps({"modules": modules}, indent=1) + "\n")
    log(f"snapshot.json: {len(modules)} game modules for the snapshot the browser makes")


def preloaded():
    """The modules the snapshots hold imported: every hearts module the page
    imports (sources()) but those that import the browser at their top
    (page_only). Their parents come first."""
    names = []
    for name, path in sources():
        if not page_only(path):
            names.append(module_name(name))
    return sorted(names, key=lambda name: (name.count("."), name))


def packed_name(rel):
    """build/packed/<file name>.gz for a PACKED path (relative to build/)."""
    return "packed/" + Path(rel).name + ".gz"


def packed():
    """build/packed/*.gz: PACKED gzipped (level 9, no name or time in the
    header, so the same input gives the same bytes); made again only when
    a file's content changes."""
    targets = {BUILD / rel: BUILD / packed_name(rel) for rel in PACKED}
    stamp = BUILD / "packed.json"
    key = content_key(*targets)
    if not up_to_date(stamp, key, targets.values()):
        for source, target in targets.items():
            write_if_changed(target, gzip.compress(source.read_bytes(), compresslevel=9, mtime=0))
        stamp_made(stamp, key)
    prune(BUILD / "packed", set(targets.values()))
    log("packed:", ", ".join(f"{Path(rel).name} {(BUILD / rel).stat().st_size / 1e6:.1f} -> "
                             f"{(BUILD / packed_name(rel)).stat().st_size / 1e6:.2f} MB" for rel in PACKED))


def boot_sizes():
    """build/boot-sizes.json: {"files": {path: bytes}, "packed": {path: its
    gzipped copy's path}, "unpacked": {path: bytes}}.

    The page cannot rely on Content-Length (a host that compresses sends
    none, or the compressed size while the page reads unpacked bytes), so
    the build tells it what to expect. "files" has the plain files and
    their packed copies (a visit loads one or the other); "unpacked" is what
    the page reads of a gzipped file when the host sent it with
    Content-Encoding (the browser has unpacked it then)."""
    pairs = {"build/" + rel: "build/" + packed_name(rel) for rel in PACKED}
    files = {rel: (ROOT / rel).stat().st_size for rel in BOOT_SIZED + sorted(pairs.values())}
    unpacked = {gz: files[rel] for rel, gz in pairs.items()}
    write_if_changed(BUILD / "boot-sizes.json",
                     json.dumps({"files": files, "packed": pairs, "unpacked": unpacked}, indent=1) + "\n")
    first = sum(files[pairs.get(rel, rel)] for rel in BOOT_SIZED)
    log(f"boot-sizes.json: {len(files)} files; a first visit reads {first / 1e6:.1f} MB of them")


def precache_list():
    files = list(SITE_FILES)
    files += sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*")
                    if p.is_file() and not p.name.startswith("."))
    # The runtime's own standard library is not the page's (build/python_stdlib.zip is).
    files += sorted(p.relative_to(ROOT).as_posix() for p in (BUILD / "vendor").rglob("*")
                    if p.is_file() and p != BUILD / "vendor" / "pyodide" / STDLIB)
    files += sorted(p.relative_to(ROOT).as_posix() for p in (BUILD / "cards").iterdir())
    files += sorted(p.relative_to(ROOT).as_posix() for p in (BUILD / "controller").iterdir())
    files += ["build/" + STDLIB, "build/app.zip", "build/boot-i18n.json", "build/boot-sizes.json",
              "build/snapshot.json", "build/start-screen.js"]
    files += sorted(p.relative_to(ROOT).as_posix() for p in BUILD.glob("manifest-*.webmanifest"))
    return files


# The type each precached file is served as, by how its name ends (a file
# of another kind stops the build: name its type here). The service worker
# stores a file under this type, and refuses an answer the host sent as
# text/html for a file that is not (a single-page fallback, a maintenance
# page): PRECACHE.records.
FILE_TYPES = {
    ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
    ".json": "application/json", ".webmanifest": "application/manifest+json", ".wasm": "application/wasm",
    ".zip": "application/zip", ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon",
    ".txt": "text/plain", ".md": "text/plain", "": "text/plain",  # LICENSE, AUTHORS
    ".py": "text/x-python", ".toml": "application/toml",  # the controller's modules and its configuration
}


def file_record(path):
    """What the service worker checks a precached file's answer against:
    {"size": bytes, "sha256": hex digest, "type": FILE_TYPES'}."""
    suffix = path.suffix.lower()
    if suffix not in FILE_TYPES:
        raise SystemExit(f"build: no type known for {path.name}: add its ending to FILE_TYPES")
    return {"size": path.stat().st_size, "sha256": file_digest(path), "type": FILE_TYPES[suffix]}


def packed_urls():
    """{file: its gzipped copy} for PACKED, as the page's URLs (relative to
    index.html): the service worker's precache list and the boot's facts
    (build/start-screen.js) carry it."""
    return {"./build/" + rel: "./build/" + packed_name(rel) for rel in PACKED}


def precache():
    files = precache_list()
    digest = hashlib.sha256()
    # The worker's own script is part of the version: each version has a
    # cache of its own, so a failed install deletes only its own.
    for rel in files + ["sw.js"]:
        digest.update(f"{rel}\0{file_digest(ROOT / rel)}".encode())
    packs = packed_urls()
    for gz in sorted(packs.values()):  # the worker unpacks them: they change the cache too
        digest.update(f"{gz}\0{file_digest(ROOT / gz[2:])}".encode())
    version = digest.hexdigest()[:16]
    urls = ["./"] + ["./" + rel for rel in files]
    # "packed": files the worker fetches as their gzipped copy (which the
    # first visit has just downloaded: a 304) and stores unpacked (checked
    # against the plain file's record). "records": each URL's size, digest
    # and type (file_record); "./" is index.html.
    records = {"./" + rel: file_record(ROOT / rel) for rel in files}
    records["./"] = records["./index.html"]
    body = ("// Written by tools/build.py: the service worker's precache list.\n"
            "self.PRECACHE = " + json.dumps({"version": version, "files": urls, "packed": packs,
                                             "records": records}, indent=1)
            + ";\n")
    write_if_changed(BUILD / "precache.js", body)
    size = sum((ROOT / rel).stat().st_size for rel in files)
    log(f"precache.js: {len(urls)} URLs, {size / 1e6:.1f} MB, version {version}")


# What `make dist` publishes: the site's own files and the built ones.
DIST_FILES = SITE_FILES + ["sw.js", "assets"]
DIST_BUILD = ["vendor", "cards", "controller", "packed", STDLIB, "app.zip", "boot-i18n.json", "boot-sizes.json", "snapshot.json",
              "precache.js", "start-screen.js"]


def dist(target):
    """Copy exactly the publishable site to target (which is replaced)."""
    target = Path(target)
    if target.exists():
        shutil.rmtree(target)
    (target / "build").mkdir(parents=True)
    for name in DIST_FILES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, target / name)
    for name in DIST_BUILD + sorted(p.name for p in BUILD.glob("manifest-*.webmanifest")):
        if (BUILD / name).is_dir():  # with the runtime's whole standard library: loaded on demand
            shutil.copytree(BUILD / name, target / "build" / name)
        else:
            shutil.copy2(BUILD / name, target / "build" / name)
    log(f"dist: {target}")


def main():
    if sys.argv[1:2] == ["--dist"] and len(sys.argv) == 3:
        return dist(sys.argv[2])
    BUILD.mkdir(exist_ok=True)
    vendor()
    card_art()
    stdlib()
    compile_locales()
    boot_data()
    start_screen()
    manifests()
    app_zip()
    snapshot_modules()
    packed()
    boot_sizes()
    precache()


if __name__ == "__main__":
    main()
