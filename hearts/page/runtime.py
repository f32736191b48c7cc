"""The page's loop, knowing nothing of the game: messages in, effects run, over ports.

Like Bubble Tea's ``Program``: :class:`Program` holds a model and is given
the app's ``update`` (model, message -> model, effects), its ``view``
(model -> HTML) and a table of effects (effect type -> how to carry it
out over the ports: :meth:`Program.handle`). Every message goes through
:meth:`Program.dispatch`: update, render, then each effect by its handler.
A message that arrives while one is being handled (a save refused during a
click) waits in :attr:`Program.queue` and is handled right after it.
Effects that take time run as tasks (:meth:`Program.spawn`); a long search
runs in slices of :data:`SLICE` seconds by the ports' clock
(:meth:`Program.sliced`), with a pause for the page between them. Anything
that goes wrong is caught and shown with the app's crash message; the
model is kept.

Whatever an effect needs from the browser it asks of :class:`Ports`:
``hearts/page/worker.py`` implements them as messages to the page
(:mod:`hearts.page.controller`), ``tests/fake_ports.py`` with a dict, a list and a
fake clock. What the game's effects do, its storage and its boot are the
app's binding, ``hearts/page/binding.py``; nothing here imports the app or
the browser.
"""

from __future__ import annotations

import traceback
from collections import deque
from typing import Any, Awaitable, Callable, Coroutine, Generic, Iterator, Protocol, TypeVar

from ..engine.slices import run_slice

# Seconds of searching before the page gets its turn again.
SLICE = 0.025

ModelT = TypeVar("ModelT")


class Ports(Protocol):
    """What the runtime needs from the page. None of these may raise for
    want of the browser's features: storage that is unavailable reads as
    None and refuses writes (False)."""

    # -- the screen
    def render(self, html: str) -> None:
        """Show the view's HTML (#screen), focus kept where it belongs."""

    def announce(self, text: str) -> None:
        """Say ``text`` in the polite live region."""

    def set_lang(self, lang: str) -> None:
        """The page's language (<html lang>)."""

    def set_title(self, title: str) -> None: ...

    def mark(self, name: str, value: str) -> None:
        """A diagnostic attribute on <html> (data-ready, data-lock, ...)."""

    def warn(self, text: str) -> None:
        """The console's warning."""

    def show_text(self, text: str) -> None:
        """The last resort: plain text in place of the screen."""

    # -- storage (the keys are whole: the app's binding scopes them)
    def storage_get(self, key: str) -> str | None: ...

    def storage_set(self, key: str, value: str) -> bool | None:
        """True once stored, False if refused; None: the page stores it and
        tells the app's binding later (Python in a worker)."""

    def storage_remove(self, key: str) -> None: ...

    def session_get(self, key: str) -> str | None: ...

    def session_set(self, key: str, value: str) -> None: ...

    def session_remove(self, key: str) -> None: ...

    # -- time and tasks
    def clock(self) -> float:
        """Seconds, monotonic (time.perf_counter)."""

    def page_ms(self) -> float:
        """The page's own clock in ms (performance.now()), for data-think-spans."""

    def local_date(self) -> str:
        """The calendar date where the player is, ``YYYY-MM-DD`` (today's hand)."""

    def sleep(self, seconds: float) -> Awaitable[None]: ...

    def start(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task of its own (it catches its own errors)."""

    # -- other tabs
    def request_lock(self, key: str, steal: bool, lost: Callable[[], None]) -> Awaitable[str]:
        """Ask for the Web Lock ``key`` (``steal``: take it from whoever has
        it), held until :meth:`release`: "held", "elsewhere" (another tab
        holds it) or "none" (no Web Locks here). ``lost()`` is called when
        another tab steals it later."""

    def release(self) -> None:
        """Let the lock go (the page is going)."""

    # -- files
    def download(self, text: str, name: str) -> None:
        """Let the player save ``text`` as the file ``name`` (the page frees
        the file's URL itself)."""

    def copy_share(self) -> None:
        """Copy the text of the page's ``[data-share-text]`` to the clipboard,
        or select it where that cannot be done; the page answers ``shared``."""

    # -- a new version, storage the browser keeps (hearts.app.versions)
    def apply_update(self) -> None:
        """Switch to the new version: its worker goes ahead, the page reloads."""

    def persist(self, ask: bool) -> Awaitable[str]:
        """Whether the browser keeps this site's storage ("granted",
        "denied", "none": no navigator.storage); ``ask``: ask for it
        (navigator.storage.persist()), else only look (persisted())."""


class Program(Generic[ModelT]):
    """The model, and the loop of messages and effects (see the module).
    ``crash``: the message type that shows an error, made from its text
    (its ``text``); ``name``: the app's, which starts each console warning."""

    def __init__(self, ports: Ports, model: ModelT,
                 update: Callable[[ModelT, Any], tuple[ModelT, list[Any]]],
                 view: Callable[[ModelT], str], crash: Callable[[str], Any], name: str = "app") -> None:
        self.ports = ports
        self.name = name  # the console's warnings start with it
        self.model: ModelT = model
        self.update = update
        self.view = view
        self.crash_msg = crash
        self.queue: deque[Any] = deque()  # messages waiting for the one being handled
        self.busy = False  # a message is being handled
        self.tasks = 0  # effects still running (data-tasks)
        self.running = 0  # of those, the page's own work (data-running): not a browser's question to the person
        self.handled = 0  # messages handled (data-messages)
        self._effects: dict[type, Callable[[Any], object]] = {}

    def handle(self, table: dict[type, Callable[[Any], object]]) -> None:
        """Register how each effect type of ``table`` is carried out."""
        self._effects.update(table)

    # -- the loop ---------------------------------------------------------------

    def dispatch(self, msg: Any) -> None:
        """Handle ``msg`` (and what arrives meanwhile, in order)."""
        self.queue.append(msg)
        if self.busy:
            return
        self.busy = True
        try:
            while self.queue:
                self.step(self.queue.popleft())
        finally:
            self.busy = False

    def step(self, msg: Any) -> None:
        """One message: update, render, run its effects."""
        started = self.ports.clock()
        try:
            model, effects = self.update(self.model, msg)
        except Exception:
            self._failed(msg, traceback.format_exc())
            return
        self.model = model
        try:
            self.render()
        except Exception:  # shown (or said as text); the effects still run: a save first
            self._failed(msg, traceback.format_exc())
        try:
            self.run(effects)
        except Exception:
            self._failed(msg, traceback.format_exc())
        self._took(started)

    def run(self, effects: list[Any]) -> None:
        """Run ``effects`` in order."""
        for effect in effects:
            self.run_effect(effect)

    def run_effect(self, effect: object) -> None:
        handler = self._effects.get(type(effect))
        if handler is None:
            raise TypeError(f"unknown effect {effect!r}")
        handler(effect)

    def render(self) -> None:
        self.ports.render(self.view(self.model))

    def crash(self, text: str) -> None:
        """Something went wrong: the console and the app's crash message say so."""
        try:
            self.ports.warn(f"{self.name}: {text}")
        except Exception:
            pass
        self.dispatch(self.crash_msg(text))

    def _failed(self, msg: object, text: str) -> None:
        if type(msg) is self.crash_msg:  # not even the error could be shown: never a blank page
            self.ports.show_text(getattr(msg, "text", text))
        else:
            self.crash(text)

    # -- tasks ------------------------------------------------------------------------

    def spawn(self, coro: Coroutine[Any, Any, None], *, asks_the_person: bool = False) -> None:
        """Run ``coro`` as a task; an error in it is shown as any other.
        ``asks_the_person``: it waits for the person's answer to a question
        the browser asks (which may never come: a prompt left open), so it is
        not counted as the page's work in data-running."""
        self.tasks += 1
        if not asks_the_person:
            self.running += 1
        self.ports.mark("data-running", str(self.running))
        self.ports.start(self._task(coro, asks_the_person))

    async def _task(self, coro: Coroutine[Any, Any, None], asks_the_person: bool) -> None:
        try:
            await coro
        except Exception:
            self.crash(traceback.format_exc())
        finally:
            self.tasks -= 1
            if not asks_the_person:
                self.running -= 1
            self.ports.mark("data-running", str(self.running))

    async def sliced(self, search: Iterator[Any]) -> Any:
        """Run a search generator in slices of SLICE seconds (by the ports'
        clock), the page getting its turn in between; its result."""
        while (done := run_slice(search, SLICE, self.ports.clock)) is None:
            await self.ports.sleep(0)
        return done.value

    # -- diagnostics on <html> (tests and benchmarks only) -----------------------------

    def _took(self, started: float) -> None:
        """data-update-ms: what the last message cost the page's Python:
        update, re-render and starting its effects (for `make bench`).
        data-messages: how many messages the page has handled (its first
        render counts as one), each once its
        effects have started (a save is stored by then); with data-running,
        the effects' tasks still running, a test knows that a click was
        handled and that nothing more comes of it (data-running="0"), instead
        of waiting a fixed time before asserting that nothing happened."""
        self.handled += 1
        self.ports.mark("data-update-ms", f"{(self.ports.clock() - started) * 1000:.1f}")
        self.ports.mark("data-messages", str(self.handled))

