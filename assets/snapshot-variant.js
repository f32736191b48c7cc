// Which of the build's two memory snapshots this browser can restore
// (tools/build.py snapshot()): "chromium" (build/pyodide-snapshot.bin.gz,
// made in Chromium; Firefox restores it too) or "webkit"
// (build/pyodide-snapshot-webkit.bin.gz, made in WebKit).
//
// A snapshot stores indices into the wasm function table. Emscripten finds
// a function's index by the identity of its JS object, and JavaScriptCore
// (WebKit) gives a table entry another object than the module's export of
// the same function: Pyodide's start-up then appends duplicates to the
// table, every later index shifts, and a snapshot of the other engines
// fails ("call_indirect to a signature that does not match"). This tests
// that very behaviour on a 53-byte module (one function, exported and in an
// exported table), not the browser's name.
//
// A classic script and a module alike (no import, no export): sw.js loads
// it with importScripts(), boot.js imports it, the build runs it in the
// browser that takes each snapshot and checks the answer. It sets
// globalThis.heartsSnapshotVariant(); null when it cannot tell (no
// WebAssembly, or a CSP that forbids compiling it).
globalThis.heartsSnapshotVariant = function heartsSnapshotVariant() {
  try {
    const module = new WebAssembly.Module(new Uint8Array([
      0, 97, 115, 109, 1, 0, 0, 0, // "\0asm", version 1
      1, 5, 1, 96, 0, 1, 127, // types: () -> i32
      3, 2, 1, 0, // one function of that type
      4, 4, 1, 112, 0, 1, // a table of one funcref
      7, 9, 2, 1, 102, 0, 0, 1, 116, 1, 0, // exports: "f" the function, "t" the table
      9, 7, 1, 0, 65, 0, 11, 1, 0, // the function at index 0 of the table
      10, 6, 1, 4, 0, 65, 42, 11, // its code: return 42
    ]));
    const { f, t } = new WebAssembly.Instance(module).exports;
    return t.get(0) === f ? "chromium" : "webkit";
  } catch (_) {
    return null;
  }
};
