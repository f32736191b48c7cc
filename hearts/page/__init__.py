"""Browser user interface of the Hearts game (runs in Pyodide, in a Web Worker).

- :mod:`~hearts.page.runtime`: the generic loop (``Program``: a queue of
  messages, a table of effects, tasks) over :class:`~hearts.page.runtime.Ports`;
  it knows nothing of the game.
- :mod:`~hearts.page.binding`: the game bound to it: what each effect of
  :mod:`hearts.app.messages` does over the ports, the boot, the save's rules
  against stale tabs, the game's lock (the keys: :mod:`hearts.app.stored`).
- :mod:`~hearts.page.mirror`: the worker's copy of this install's stored keys.
- :mod:`~hearts.page.worker`: the only module that touches the browser (``js``,
  in the worker): the ports as messages to the page's main thread
  (``assets/page.js``), and the page's messages in.
"""
