// Benchmark baseline: the least a Pyodide page can do - load the runtime
// from our own origin and run 1+1. Marks html[data-ready] like the game, and
// the same performance marks as boot.js for the start of Pyodide.
// bare.html?snapshot restores the interpreter from the build's memory
// snapshot, as assets/boot.js does: what a page that starts Python that
// way needs before it can run any of its own.
performance.mark("hearts:boot");
const snapshot = new URLSearchParams(location.search).has("snapshot")
  ? fetch("../build/pyodide-snapshot.bin.gz").then((response) =>
      new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer())
  : null;
const { loadPyodide } = await import("../build/vendor/pyodide/pyodide.mjs");
// The snapshot was made with the page's standard library (build/python_stdlib.zip).
const pyodide = await loadPyodide(snapshot ? { _loadSnapshot: snapshot, stdLibURL: "../build/python_stdlib.zip" } : {});
performance.mark("hearts:interpreter");
const result = pyodide.runPython("1+1");
const html = document.documentElement;
html.dataset.bootMs = String(Math.round(performance.now()));
html.dataset.ready = String(result);
