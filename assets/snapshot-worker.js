// The interpreter's memory snapshot, made in the player's own browser, in a
// worker (assets/boot.js, makeSnapshotForNextVisits, starts it once the
// game is ready and the service worker holds the site). The next visits
// restore it instead of starting Python anew: ~0.4 s instead of 2-4.
//
// Why here and not in the page: Pyodide can snapshot only an interpreter
// loaded with `_makeSnapshot` that holds no JS object it cannot name again
// by a path from globalThis (its serializeHiwireState); the game's
// interpreter (assets/python-worker.js) holds its messages' handlers. A
// worker starts a second interpreter of its own, with nothing of the page,
// imports the game's modules that do not touch the browser
// (hearts/page/app_zip.py, preload: the list is build/snapshot.json's) and
// snapshots it, on the other processor core, while the player plays. Each
// browser makes its own, so WebKit, whose wasm function table differs from
// the other engines', restores a snapshot made by WebKit.
//
// The files come from the service worker's cache (Cache Storage, which the
// page waits for): nothing crosses the link again. The snapshot (the
// memory's pages that hold anything) goes on the port the page sent
// (`keeper`), which the page then hands to the service worker: the 17 MB
// are copied here, on this worker's thread, and never pass through the
// page's (posted from there, they made a main-thread task of 33-71 ms).
// Then the worker posts the page {done: true}, or {error}.
import { packPages } from "./snapshot-pages.js";

const here = (path) => new URL(path, import.meta.url).href;
const nativeFetch = globalThis.fetch;
// From the site's cache first (a dedicated worker is not always served by
// the page's service worker, and the page read some files as their gzipped
// copies): a file missing there is fetched as usual.
globalThis.fetch = async function fetch(input, init) {
  const url = input instanceof Request ? input.url : new URL(String(input), self.location.href).href;
  if (typeof caches === "object" && (!init || !init.method || init.method === "GET")) {
    const hit = await caches.match(url);
    if (hit) return hit;
  }
  return nativeFetch(input, init);
};

self.onmessage = async ({ data }) => {
  try {
    const { stdLibURL, modules } = data;
    const { loadPyodide } = await import(here("../build/vendor/pyodide/pyodide.mjs"));
    const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL });
    const zip = `${pyodide.FS.cwd()}/app.zip`; // (where the page's worker mounts it)
    pyodide.FS.writeFile(zip, new Uint8Array(data.app));
    const loaded = pyodide.pyimport("_hearts_app_zip").preload(zip, JSON.stringify(modules));
    if (loaded < modules.length) throw new Error(`only ${loaded} of the ${modules.length} modules are loaded`);
    const memory = pyodide.makeMemorySnapshot();
    const snapshot = await packPages(memory); // (assets/snapshot-pages.js)
    data.keeper.postMessage({ snapshot }, [snapshot]);
    self.postMessage({ done: true });
  } catch (error) {
    self.postMessage({ error: String(error && error.stack || error) });
  }
};
