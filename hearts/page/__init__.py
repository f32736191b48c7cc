"""Browser user interface of the Hearts game (runs in Pyodide via PyScript).

- :mod:`~hearts.page.runtime`: the generic loop (``Program``: a queue of
  messages, a table of effects, tasks) over :class:`~hearts.page.runtime.Ports`;
  it knows nothing of the game.
- :mod:`~hearts.page.binding`: the game bound to it: what each effect of
  :mod:`hearts.app.messages` does over the ports, the boot, the save's rules
  against stale tabs, the game's lock (the keys: :mod:`hearts.app.stored`).
- :mod:`~hearts.page.controller`: the only module that touches the browser
  (PyScript): the ports, and events in as messages.
"""
