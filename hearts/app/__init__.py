"""Browser user interface of the Hearts game (runs in Pyodide via PyScript)."""
