async () => {
  // Takes the interpreter's memory snapshot in a page of the build's local
  // server (tools/build.py make_snapshot: Playwright evaluates this function in
  // Chromium, WebDriver runs it in WebKit). Before it hands the snapshot over,
  // it restores it in a second interpreter and runs a line of Python there: a
  // snapshot its own browser cannot restore fails the build, not the page.
  // Returns [Pyodide's version, memory bytes, the gzipped snapshot in base64,
  // the page's snapshot variant (assets/snapshot-variant.js)].
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: "./python_stdlib.zip" });
  const memory = pyodide.makeMemorySnapshot();
  const check = await loadPyodide({ _loadSnapshot: memory.slice(), stdLibURL: "./python_stdlib.zip" });
  if (check.runPython("6 * 7") !== 42) throw new Error("the restored snapshot does not run Python");
  const packed = new Blob([memory]).stream().pipeThrough(new CompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(packed).arrayBuffer());
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000)
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return [pyodide.version, memory.length, btoa(text), globalThis.heartsSnapshotVariant()];
}
