// The game's Python (build/app.zip) in the interpreter, written once for
// the two places that put it there: the page (assets/boot.js, mount) and
// the build, which takes the memory snapshots with the game's modules
// already imported (tools/snapshot_maker.js, preload).
//
// Why preload: importing the game (the hearts package, and the standard
// library it uses: dataclasses, enum, typing, json...) is Python's work at
// every start, and in WebKit, whose wasm runs 3-4x slower than Chromium's
// on a warm load, it took ~300 ms of the boot. A snapshot taken after those
// imports restores them with the rest of the memory. Only modules that do
// not touch the browser are preloaded (a module that imports `js` or
// Pyodide's FFI at its top could hold JS objects, which a snapshot cannot
// keep); the build lists them.
//
// A snapshot holds the modules of one app.zip, and the page may meet
// another (an old snapshot from a cache beside a new deploy): mount checks
// the app.zip it is given against the CRC-32 the snapshot recorded, and if
// they differ it forgets the preloaded game modules, which are then
// imported from the new zip as on a start without a snapshot.
//
// The zip sits at the same path in both: the working directory's app.zip
// (zipimport keeps the zip's table of contents in memory, by path; the
// file system itself is not in the snapshot, so the page writes the file
// again before anything imports from it).
//
// A classic script and a module alike (no import, no export), like
// snapshot-variant.js: boot.js imports it, the build runs its text in the
// browser that takes a snapshot. It sets globalThis.heartsAppPython.
globalThis.heartsAppPython = (() => {
  const GAME = `name == "hearts" or name.startswith("hearts.")`;
  const BROWSER = `("js", "pyodide", "_pyodide")`;
  // The zip's CRC-32, read in small pieces: a snapshot keeps the memory a
  // whole copy would have left behind (half a megabyte that gzip cannot
  // shrink).
  const CRC32 = `
def crc32(path):
    import zlib
    crc = 0
    with open(path, "rb") as file:
        while piece := file.read(1 << 16):
            crc = zlib.crc32(piece, crc)
    return crc`;

  // Runs code in a namespace of its own (not __main__'s, which the game's
  // main.py shares) and returns its last expression's value.
  function run(pyodide, code) {
    const namespace = pyodide.toPy({});
    try {
      return pyodide.runPython(code, { globals: namespace });
    } finally {
      namespace.destroy();
    }
  }

  // Writes the zip and returns its path in the interpreter.
  function write(pyodide, bytes) {
    const path = `${pyodide.FS.cwd()}/app.zip`;
    pyodide.FS.writeFile(path, bytes);
    return path;
  }

  // The page's standard library is cut to what the page imports
  // (tools/stdlib_compile.py; the modules it leaves out are listed in its
  // _hearts_stdlib_rest). A module of that list is loaded on demand rather
  // than failing with ImportError: a finder at the end of sys.meta_path
  // downloads the runtime's whole standard library (restURL, synchronously:
  // an import cannot wait), puts it at the end of sys.path and finds the
  // module there. That is a gap in the cut, so it says so with a console
  // error (the tests fail on one: no screen needs it). Offline the download
  // fails and so does the import, with an ImportError that the game shows
  // in its error dialog. Installed by mount in the page only (never in a
  // snapshot: it holds a JS function).
  function onDemand(pyodide, restURL) {
    const path = "/lib/python_stdlib_rest.zip";
    pyodide.registerJsModule("_hearts_stdlib_fetch", {
      load(name) {
        const request = new XMLHttpRequest();
        request.open("GET", restURL, false);
        request.overrideMimeType("text/plain; charset=x-user-defined"); // bytes, from a synchronous request
        request.send();
        if (request.status !== 200) throw new Error(`${restURL}: HTTP ${request.status}`);
        const text = request.responseText;
        const bytes = new Uint8Array(text.length);
        for (let at = 0; at < text.length; at += 1) bytes[at] = text.charCodeAt(at) & 0xff;
        pyodide.FS.writeFile(path, bytes);
        console.error(`boot: the standard library module ${name} is not in the page's cut of it:`
          + " the whole library was downloaded for it (tools/build.py STDLIB_KEPT)");
        return path;
      },
    });
    run(pyodide, `
import sys

class HeartsStdlibOnDemand:
    """Finds a standard library module the page's cut leaves out in the
    runtime's whole library, downloaded at the first such import."""
    path = None

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        try:
            from _hearts_stdlib_rest import NAMES
        except ImportError:
            return None
        if name not in NAMES:
            return None
        if cls.path is None:
            import _hearts_stdlib_fetch
            try:
                cls.path = _hearts_stdlib_fetch.load(name)
            except Exception as error:
                raise ImportError(f"{name} is not in the page's standard library and could not be"
                                  f" downloaded: {error}", name=name) from None
            sys.path.append(cls.path)
            sys.path_importer_cache.pop(cls.path, None)
        import importlib.machinery
        parent = name.rpartition(".")[0]
        where = [cls.path + "/" + parent.replace(".", "/")] if parent else None
        return importlib.machinery.PathFinder.find_spec(name, where, target)

if not any(type(f).__name__ == "HeartsStdlibOnDemand" or getattr(f, "__name__", "") == "HeartsStdlibOnDemand"
           for f in sys.meta_path):
    sys.meta_path.append(HeartsStdlibOnDemand)
`);
  }

  // The page: app.zip first on sys.path. Returns "preloaded" (the
  // snapshot's game modules are this zip's), "fresh" (none were there) or
  // "replaced" (they were another zip's, and are forgotten).
  function mount(pyodide, bytes, { restURL } = {}) {
    if (restURL) onDemand(pyodide, restURL);
    const path = JSON.stringify(write(pyodide, bytes));
    return run(pyodide, `
import sys, zipimport
${CRC32}
path = ${path}
crc = crc32(path)
game = sys.modules.get("hearts")
# Only a snapshot's preload records the CRC: a game imported in this session
# (a fresh start, mounted again) is this zip's.
recorded = getattr(game, "_app_zip_crc32", None)
state = "fresh" if recorded is None else "preloaded"
if recorded is not None and recorded != crc:
    state = "replaced"
    for name in [name for name in sys.modules if ${GAME}]:
        del sys.modules[name]
    sys.path_importer_cache.pop(path, None)
    zipimport._zip_directory_cache.pop(path, None)
# First, before the "" that Pyodide puts on the path as the snapshot restores.
while path in sys.path:
    sys.path.remove(path)
sys.path.insert(0, path)
state`);
  }

  // The build, before it takes a snapshot: mounts the zip, imports
  // modules (their names), records the zip's CRC-32 on the hearts package.
  // Fails if an import brought in a module of the browser. Returns how
  // many game modules are loaded.
  function preload(pyodide, bytes, modules) {
    const path = JSON.stringify(write(pyodide, bytes));
    return run(pyodide, `
import gc, importlib, sys
${CRC32}
path = ${path}
sys.path.insert(0, path)
before = set(sys.modules)
for name in ${JSON.stringify(modules)}:
    importlib.import_module(name)
browser = sorted(name for name in set(sys.modules) - before if name.partition(".")[0] in ${BROWSER})
if browser:
    raise ImportError(f"a snapshot cannot keep the browser's modules, and the preload imported {browser}")
sys.modules["hearts"]._app_zip_crc32 = crc32(path)
del before
gc.collect()
sum(1 for name in sys.modules if ${GAME})`);
  }

  return { mount, preload };
})();
