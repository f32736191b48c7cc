// Runs a Python script in Pyodide under Node, for tools/build.py: in the
// very runtime the page loads (build/vendor/pyodide), so that the bytecode
// it writes has the page's magic number.
//
//   node tools/in_pyodide.mjs RUNTIME SCRIPT.py MOUNTS [ARG ...]
//
// MOUNTS is JSON, {"/out": "/abs/folder", ...}: the folders of this machine
// the script sees, and where. The script runs as __main__ with
// sys.argv = [SCRIPT.py, ARG ...]; a Python exception exits with status 1.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtime, script, mounts, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide();
for (const [at, folder] of Object.entries(JSON.parse(mounts))) pyodide.mountNodeFS(at, folder);
pyodide.pyimport("sys").argv = pyodide.toPy([script, ...args]);
pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
