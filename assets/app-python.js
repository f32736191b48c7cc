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
// not touch the browser are preloaded (the controller imports PyScript,
// whose objects a snapshot cannot keep); the build lists them.
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
  const BROWSER = `("js", "pyscript", "pyodide", "_pyodide")`;
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

  // The page: app.zip first on sys.path. Returns "preloaded" (the
  // snapshot's game modules are this zip's), "fresh" (none were there) or
  // "replaced" (they were another zip's, and are forgotten).
  function mount(pyodide, bytes) {
    const path = JSON.stringify(write(pyodide, bytes));
    return run(pyodide, `
import sys, zipimport
${CRC32}
path = ${path}
crc = crc32(path)
game = sys.modules.get("hearts")
state = "fresh" if game is None else "preloaded"
if game is not None and getattr(game, "_app_zip_crc32", None) != crc:
    state = "replaced"
    for name in [name for name in sys.modules if ${GAME}]:
        del sys.modules[name]
    sys.path_importer_cache.pop(path, None)
    zipimport._zip_directory_cache.pop(path, None)
# First, before the "" that Pyodide puts on the path as the snapshot restores
# (PyScript writes its package's sources to the working directory too; the
# zip has them precompiled).
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
