"""The runtime's ports without a browser, and the tests' driver.

:class:`FakePorts` implements :class:`hearts.page.runtime.Ports` with a dict
for localStorage and sessionStorage, lists of what was rendered, announced
and downloaded, and a :class:`FakeLoop` whose clock only moves when a task
sleeps (or by ``tick`` seconds each time it is read). :class:`Driver` is the
page's very :class:`~hearts.page.binding.Runtime` over them: the tests run
the real effect handlers (save, think, later, hint...).
"""

from __future__ import annotations

import heapq
import math
from typing import Any, Callable, Coroutine

from hearts.app import update as U
from hearts.app import messages as M
from hearts.app.model import HUMAN, displayed_phase, visible
from hearts.app import stored as ST
from hearts.page.binding import Runtime
from hearts.app.view import view
from hearts.text.i18n import Translator

EN = Translator("en")


class _Sleep:
    """What FakePorts.sleep gives: awaiting it hands the task back to the loop."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __await__(self):
        yield self


async def _call(fn: Callable[[], None]) -> None:
    fn()


class FakeLoop:
    """Tasks run in the order of their time; the clock jumps to each."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list = []  # (when, order, coroutine)
        self.order = 0
        self.sleeps: list[tuple[float, float]] = []  # (when, seconds) of every sleep

    def start(self, coro: Coroutine[Any, Any, None]) -> None:
        self._at(self.now, coro)

    def __del__(self) -> None:
        """Tasks a test did not wait for are closed quietly (an unstarted
        Program._task closes the coroutine it was given, too)."""
        for _, _, coro in self.timers:
            frame = getattr(coro, "cr_frame", None)
            inner = frame.f_locals.get("coro") if frame is not None else None
            coro.close()
            if inner is not None and hasattr(inner, "close"):
                inner.close()

    def _at(self, when: float, coro) -> None:
        heapq.heappush(self.timers, (when, self.order, coro))
        self.order += 1

    def run(self, until: float = math.inf, limit: int = 100_000) -> None:
        """Run every task due by ``until`` (all of them by default)."""
        for _ in range(limit):
            if not self.timers or self.timers[0][0] > until:
                break
            when, _, coro = heapq.heappop(self.timers)
            self.now = max(self.now, when)
            try:
                awaited = coro.send(None)
            except StopIteration:
                continue
            if not isinstance(awaited, _Sleep):
                raise TypeError(f"a task awaited {awaited!r}: only the fake sleep runs here")
            self.sleeps.append((self.now, awaited.seconds))
            self._at(self.now + max(0.0, awaited.seconds), coro)
        else:
            raise AssertionError(f"the tasks did not end in {limit} steps")
        if until != math.inf:
            self.now = max(self.now, until)


class FakePorts:
    """Ports for CPython (see hearts.page.runtime.Ports); ``storage`` may be
    shared by two of them (two tabs of one browser); ``lock`` is what
    ``lock`` answers."""

    def __init__(self, storage: dict | None = None, tick: float = 0.0, lock: str = "held") -> None:
        self.loop = FakeLoop()
        self.tick = tick  # seconds the clock moves each time it is read
        self.storage: dict[str, str] = {} if storage is None else storage
        self.session: dict[str, str] = {}
        self.storage_works = True
        self.lock = lock
        self.locks_asked: list[tuple[str, bool]] = []
        self.lost: Callable[[], None] | None = None
        self.holding = False  # the last request got the lock (and it was not let go)
        self.released = 0
        self.rendered: list[str] = []
        self.announced: list[str] = []
        self.marks: dict[str, str] = {}
        self.title = ""
        self.lang = ""
        self.warnings: list[str] = []
        self.downloads: list[tuple[str, str]] = []
        self.day = "2026-12-07"  # the fake clock's calendar date (local_date)
        self.copies = 0  # copy_share calls
        self.updates_applied = 0
        self.persist_answer = "denied"  # what navigator.storage.persist() grants here
        self.persist_asks: list[bool] = []  # each call: True for persist(), False for persisted()
        self.prompt_open = False  # persist() prompts and the person has not answered (Firefox asks)

    # -- the screen
    def render(self, html: str) -> None:
        self.rendered[:] = [html]  # the last one only: a game renders thousands

    def announce(self, text: str) -> None:
        self.announced.append(text)

    def set_lang(self, lang: str) -> None:
        self.lang = lang

    def set_title(self, title: str) -> None:
        self.title = title

    def mark(self, name: str, value: str) -> None:
        self.marks[name] = value

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def show_text(self, text: str) -> None:
        self.rendered[:] = [text]

    # -- storage
    def storage_get(self, key: str) -> str | None:
        return self.storage.get(key)

    def storage_set(self, key: str, value: str) -> bool:
        if not self.storage_works:
            return False
        self.storage[key] = value
        return True

    def storage_remove(self, key: str) -> None:
        self.storage.pop(key, None)

    def session_get(self, key: str) -> str | None:
        return self.session.get(key)

    def session_set(self, key: str, value: str) -> None:
        self.session[key] = value

    def session_remove(self, key: str) -> None:
        self.session.pop(key, None)

    # -- time and tasks
    def clock(self) -> float:
        self.loop.now += self.tick
        return self.loop.now

    def page_ms(self) -> float:
        return self.loop.now * 1000

    def local_date(self) -> str:
        return self.day

    def copy_share(self) -> None:
        self.copies += 1

    def sleep(self, seconds: float) -> _Sleep:
        return _Sleep(seconds)

    def start(self, coro: Coroutine[Any, Any, None]) -> None:
        self.loop.start(coro)

    # -- other tabs
    async def request_lock(self, key: str, steal: bool, lost: Callable[[], None]) -> str:
        self.locks_asked.append((key, steal))
        if steal and self.holding and self.lost is not None:
            # As the browser does: a steal aborts every request held, this
            # tab's own too, and the end of that one reads as a lost lock
            # (told later: the aborted request's promise rejects).
            self.loop.start(_call(self.lost))
        self.lost = lost
        state = "held" if steal else self.lock
        self.holding = state == "held"
        return state

    def release(self) -> None:
        self.released += 1
        self.holding = False

    # -- files
    def download(self, text: str, name: str) -> None:
        self.downloads.append((text, name))

    def apply_update(self) -> None:
        self.updates_applied += 1

    async def persist(self, ask: bool) -> str:
        self.persist_asks.append(ask)
        while ask and self.prompt_open:  # the browser's prompt, not answered yet
            await self.sleep(1.0)
        if self.persist_answer == "none":
            return "none"
        return self.persist_answer if ask else ("granted" if self.persist_answer == "granted" and
                                                 True in self.persist_asks else "denied")


class Driver(Runtime):
    """The page's runtime over FakePorts, for tests.

    The effects' tasks run at once, the fake clock jumping over their waits;
    a message they send waits in ``queue`` until :meth:`settle` (or the
    test, message by message) lets it in. An error that the page would show
    in its error dialog fails the test here."""

    def __init__(self, model=None, effects=(), level="normal", ports: FakePorts | None = None):
        if model is None:
            model, effects = U.init(speed="instant", level=level, seed=1)
        self.fake = FakePorts() if ports is None else ports
        super().__init__(self.fake, model)
        self.announced: list[tuple] = []
        self.run(list(effects))

    def dispatch(self, msg) -> None:
        self.queue.append(msg)

    def crash(self, text: str) -> None:
        raise AssertionError(text)

    def run(self, effects) -> None:
        for effect in effects:
            if isinstance(effect, M.Announce):
                self.announced.append(effect.items)
        super().run(effects)
        self.fake.loop.run()

    def send(self, msg, settle=True):
        self.step(msg)
        if settle:
            self.settle()
        return self.model

    def settle(self, until=None):
        """Let the waiting messages in, one at a time, until none is left
        (or ``until(model)`` holds)."""
        while self.queue and not (until is not None and until(self.model)):
            self.step(self.queue.popleft())

    @property
    def saved(self) -> str | None:
        """The position stored (the save's text)."""
        return self.get(ST.SAVE)

    @property
    def pv(self):
        return self.model.game.view(HUMAN)

    def html(self, tr=EN):
        return view(*visible(self.model), tr)

    def phase(self):
        return displayed_phase(*visible(self.model))
