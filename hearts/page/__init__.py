"""Browser user interface of the Hearts game: Pyodide in a Web Worker, and a
controller in MicroPython on the page's main thread.

- :mod:`~hearts.page.runtime`: the generic loop (``Program``: a queue of
  messages, a table of effects, tasks) over :class:`~hearts.page.runtime.Ports`;
  it knows nothing of the game.
- :mod:`~hearts.page.binding`: the game bound to it: what each effect of
  :mod:`hearts.app.messages` does over the ports, the boot, the save's rules
  against stale tabs, the game's lock (the keys: :mod:`hearts.app.stored`).
- :mod:`~hearts.page.mirror`: the worker's copy of this install's stored keys.
- :mod:`~hearts.page.worker`: the worker's module that touches the browser
  (``js``): the ports as messages to the page's main thread
  (the controller, :mod:`~hearts.page.controller`, in MicroPython), and the
  page's messages in.
- :mod:`~hearts.page.controller`: the page's main thread, in MicroPython
  under PyScript: the events, the morph, focus, storage, the lock, files.
- :mod:`~hearts.page.protocol`: the messages between the two threads.
"""
