// The game's Python, off the page's main thread: this worker starts Pyodide
// with the files the page downloaded (assets/boot.js: it fetches them at
// once, shows their progress and knows the service worker; they come here
// as bytes, the wasm compiled already), puts the game's Python (app.zip) on
// its sys.path (hearts/page/app_zip.py, in the page's standard library) and
// runs hearts/page/worker.py, which talks to the page's controller
// (hearts/page/controller.py) in messages.
//
// From the page, {kind: "alive", name} (a Web Lock this worker holds while
// it lives), perhaps {kind: "compile"} (below), then {kind: "files"}: the runtime's files
// ({url: bytes}), the compiled wasm module, the snapshot of the
// interpreter's memory (or null) and app.zip. The worker answers
// {kind: "interpreter", snapshot} once Python is up ("restored", or
// "dropped": the snapshot did not restore and Python started anew), then
// {kind: "python"} once the game's modules are imported, and waits for
// {kind: "start"}, which hearts.page.worker.main takes; every later message
// goes to hearts.page.worker.receive, in order. Performance marks are the
// worker's own: {kind: "mark-time", name} asks the page to set them.
// A failure is {kind: "failed", error}.
const here = (path) => new URL(path, import.meta.url).href;
const waiting = []; // messages that came before Python could take them
let receive = null; // hearts.page.worker.receive, once the game has started
let started = false;

const timed = (name) => self.postMessage({ kind: "mark-time", name });

// A later visit: the wasm comes from the service worker's cache, and the
// worker compiles it at once ({kind: "compile", url}), while the page reads
// the snapshot and app.zip (Pyodide would fetch it only once it starts).
let compiling = null;

self.onmessage = ({ data }) => {
  if (data?.kind === "alive" && !started && self.navigator?.locks) {
    // Held for this worker's life (assets/boot.js watchAlive): the page's
    // request for it is granted the moment the worker ends.
    navigator.locks.request(String(data.name), () => {
      self.postMessage({ kind: "alive" });
      return new Promise(() => {});
    });
  } else if (data?.kind === "compile" && !compiling && !started) {
    compiling = WebAssembly.compileStreaming(fetch(data.url));
    compiling.then(() => timed("hearts:compiled"), () => {}); // a failure: Pyodide's own fetch says why
  } else if (data?.kind === "files" && !started) {
    started = true;
    boot(data).catch((error) => self.postMessage({ kind: "failed", error: String(error?.stack || error) }));
  } else if (receive) {
    receive(data);
  } else {
    waiting.push(data);
  }
};

// Pyodide's fetch() of the runtime's files gets the page's bytes; its
// instantiateStreaming() of the wasm gets the module the page compiled.
function handOver({ files, types, wasmURL, module }) {
  const nativeFetch = globalThis.fetch;
  globalThis.fetch = function fetch(input, init) {
    const url = input instanceof Request ? input.url : new URL(String(input), self.location.href).href;
    if (Object.hasOwn(files, url) && (!init || !init.method || init.method === "GET")) {
      const body = url === wasmURL && module ? null : files[url];
      return Promise.resolve(new Response(body, { headers: { "Content-Type": types[url] || "application/octet-stream" } }));
    }
    return nativeFetch(input, init);
  };
  if (!module) return;
  const native = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function instantiateStreaming(source, imports) {
    const response = await source;
    if (response.body !== null || !native) return native.call(WebAssembly, response, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

async function boot({ files, types, wasmURL, module, snapshot, stdLibURL, restURL, app, seed }) {
  if (!module && compiling) {
    module = await compiling.catch(() => null);
    if (module) files[wasmURL] = null;
  }
  handOver({ files, types, wasmURL, module });
  // The snapshot's check (its digest, assets/snapshot-pages.js) runs while
  // Pyodide's runtime is imported: loadPyodide awaits the memory only once
  // it needs it, and a snapshot that fails the check never reaches it.
  const memory = snapshot ? import("./snapshot-pages.js").then(({ unpackPages }) => unpackPages(snapshot)) : null;
  memory?.catch(() => {}); // (handled where loadPyodide awaits it)
  const { loadPyodide } = await import(here("../build/vendor/pyodide/pyodide.mjs"));
  let pyodide = null;
  let state = "none";
  if (memory) {
    try {
      pyodide = await loadPyodide({ _loadSnapshot: memory, stdLibURL });
      state = "restored";
    } catch (error) {
      console.warn("boot: Python starts without this browser's snapshot, which is dropped:", error);
      state = "dropped";
    }
  }
  pyodide ||= await loadPyodide({ stdLibURL });
  self.postMessage({ kind: "interpreter", snapshot: state });
  // For the tests (e2e/test_platform.py runs Python here through
  // Playwright): the interpreter, and how many modules it held before the
  // game's Python was mounted.
  self.heartsPython = pyodide;
  self.heartsModulesAtMount = pyodide.runPython("import sys; len(sys.modules)");
  timed("hearts:mount");
  const zip = `${pyodide.FS.cwd()}/app.zip`; // (where a snapshot's preload had it)
  pyodide.FS.writeFile(zip, new Uint8Array(app));
  const preload = pyodide.pyimport("_hearts_app_zip").mount(zip, restURL);
  timed("hearts:app");
  // Pyodide's start imports random (tempfile does), seeded then: in a
  // snapshot, the same seed for every player. New games draw their deal
  // numbers from it, so it is seeded again, from the page's randomness.
  pyodide.runPython(`import random; random.seed(${JSON.stringify(String(seed))})`);
  const game = pyodide.pyimport("hearts.page.worker");
  timed("hearts:imported");
  const frame = game.frame();
  self.postMessage({ kind: "python", preload, frame: frame.toJs({ dict_converter: Object.fromEntries }) });
  frame.destroy();
  const start = await new Promise((resolve) => {
    const next = waiting.findIndex((data) => data?.kind === "start");
    if (next >= 0) return resolve(waiting.splice(next, 1)[0]);
    receive = (data) => (data?.kind === "start" ? resolve(data) : waiting.push(data));
  });
  game.main(start);
  receive = game.receive;
  for (const data of waiting.splice(0)) receive(data);
}
