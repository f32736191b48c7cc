// The page's controller runs in MicroPython (pyscript.toml). Where
// MicroPython cannot start or throws, assets/boot.js has PyScript run the
// same controller in Pyodide on this thread instead
// (build/controller/pyodide.json names this module as its interpreter):
// Pyodide from the game's own files, with the page's standard library,
// which the service worker keeps (offline too), and JavaScript's null as
// Python's None, as the controller reads it in MicroPython.
import { loadPyodide as load, version } from "../build/vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

export { version };
export const loadPyodide = (options) => load({
  ...options,
  indexURL: here("../build/vendor/pyodide/"),
  stdLibURL: here("../build/python_stdlib.zip"),
  convertNullToNone: true,
});
