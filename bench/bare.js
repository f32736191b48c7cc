// Benchmark baseline: the least a Pyodide page can do - load the runtime
// from our own origin and run 1+1. Marks html[data-ready] like the game, and
// the same performance marks as boot.js for the start of Pyodide. (The build
// makes no memory snapshot any more, the player's browser does: there is no
// bare page restored from one.)
performance.mark("hearts:boot");
const { loadPyodide } = await import("../build/vendor/pyodide/pyodide.mjs");
const pyodide = await loadPyodide({});
performance.mark("hearts:interpreter");
const result = pyodide.runPython("1+1");
const html = document.documentElement;
html.dataset.bootMs = String(Math.round(performance.now()));
html.dataset.ready = String(result);
