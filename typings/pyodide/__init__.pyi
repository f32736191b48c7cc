# Pyodide (314.0.7): the part of its FFI the game's worker uses
# (hearts/page/worker.py).
