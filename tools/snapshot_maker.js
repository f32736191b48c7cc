async (modules) => {
  // Takes the interpreter's memory snapshot in a page of the build's local
  // server (tools/build.py make_snapshot: Playwright evaluates this function in
  // Chromium, WebDriver runs it in WebKit), with build/app.zip mounted and the
  // game's modules (their names) imported (assets/app-python.js, which the
  // build has run in the page). Before it hands the snapshot over, it restores
  // it in a second interpreter, mounts app.zip there as the page does and
  // runs a line of the game's Python: a snapshot its own browser cannot
  // restore fails the build, not the page.
  // Returns [Pyodide's version, memory bytes, the gzipped snapshot in base64,
  // the page's snapshot variant (assets/snapshot-variant.js)].
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const app = new Uint8Array(await (await fetch("./app.zip")).arrayBuffer());
  const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: "./python_stdlib.zip" });
  const loaded = globalThis.heartsAppPython.preload(pyodide, app, modules);
  if (loaded < modules.length) throw new Error(`only ${loaded} of the ${modules.length} modules are loaded`);
  const memory = pyodide.makeMemorySnapshot();
  const check = await loadPyodide({ _loadSnapshot: memory.slice(), stdLibURL: "./python_stdlib.zip" });
  const state = globalThis.heartsAppPython.mount(check, app);
  if (state !== "preloaded") throw new Error(`the restored snapshot's game modules are ${state}`);
  // A preloaded module, then one read again from the zip (zipimport after the restore).
  const card = "import importlib, hearts.choices; importlib.reload(hearts.choices)\n"
    + "from hearts.cards import Card; str(Card.parse('QS'))";
  if (check.runPython(card) !== "QS") throw new Error("the restored snapshot does not run the game's Python");
  const packed = new Blob([memory]).stream().pipeThrough(new CompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(packed).arrayBuffer());
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000)
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return [pyodide.version, memory.length, btoa(text), globalThis.heartsSnapshotVariant()];
}
