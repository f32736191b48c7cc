"""Browser user interface of the Hearts game (runs in Pyodide, in a Web Worker)."""
