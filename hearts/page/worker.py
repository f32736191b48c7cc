"""The game's Python in a Web Worker: the runtime's ports as messages to the page.

The page's main thread (the controller, :mod:`hearts.page.controller`, in
MicroPython under PyScript) keeps only what must be there: the DOM events,
the morph of the HTML the view returns, focus, storage, the Web Lock,
files and the service worker. Everything else runs here, off the main
thread: the interpreter, the engine, the opponents' search and the game's
update and view (:class:`hearts.page.binding.Runtime`, the same loop as in
the tests). The two threads only exchange messages (``postMessage``: no
SharedArrayBuffer, so any static host will do), each kind and its fields
written once in :mod:`hearts.page.protocol`, which both import.

A message of any other kind, or one whose fields are not what they must
be, is dropped with a console warning: never a crash. Each but a ping is
counted on <html> once handled (``data-received``; the page sets
``data-synced`` when that reaches what it sent).
"""

from __future__ import annotations

import asyncio
import itertools
import time
import traceback
from typing import Any, Awaitable, Callable, Coroutine, Protocol

from ..app import events, messages as M, stored as ST
from ..engine.save import MAX_TEXT
from ..app.card_art import art_preload
from ..app.model import two_tap
from .binding import Runtime
from . import protocol as P
from .mirror import Mirror


class Console(Protocol):
    """The worker's console (``js.console``; the tests give their own)."""

    def warn(self, *data: object) -> None: ...


class WorkerPorts:
    """hearts.page.runtime.Ports in a worker (see there what each does):
    ``post(kind, **fields)`` sends a message to the page, ``console`` is
    the worker's console, ``now()`` the page's clock (ms); ``boot`` is the
    page's first message (this install's stored values)."""

    def __init__(self, post: Callable[..., None], boot: dict[str, Any], console: Console,
                 now: Callable[[], float]) -> None:
        self.post = post
        self.console = console
        self.now = now
        self.mirror = Mirror(post, boot.get("local") or {}, boot.get("session") or {},
                             works=boot.get("storage") is True)
        self._tasks: set[asyncio.Future[None]] = set()
        self._ids = itertools.count(1)
        self._answers: dict[int, asyncio.Future[object]] = {}
        self._lost: dict[int, Callable[[], None]] = {}

    # -- the screen
    def render(self, html: str) -> None:
        self.post(P.RENDER, html=html)

    def announce(self, text: str) -> None:
        self.post(P.ANNOUNCE, text=text)

    def set_lang(self, lang: str) -> None:
        self.post(P.LANG, lang=lang)

    def set_title(self, title: str) -> None:
        self.post(P.TITLE, title=title)

    def mark(self, name: str, value: str) -> None:
        self.post(P.MARK, name=name, value=value)

    def warn(self, text: str) -> None:
        self.console.warn(text)

    def show_text(self, text: str) -> None:
        self.post(P.TEXT, text=text)

    # -- storage (hearts.page.mirror)
    def storage_get(self, key: str) -> str | None:
        return self.mirror.get("local", key)

    def storage_set(self, key: str, value: str) -> bool | None:
        return self.mirror.set("local", key, value)

    def storage_remove(self, key: str) -> None:
        self.mirror.remove("local", key)

    def session_get(self, key: str) -> str | None:
        return self.mirror.get("session", key)

    def session_set(self, key: str, value: str) -> None:
        self.mirror.set("session", key, value)

    def session_remove(self, key: str) -> None:
        self.mirror.remove("session", key)

    # -- time and tasks
    def clock(self) -> float:
        return time.perf_counter()

    def page_ms(self) -> float:
        return self.now()

    def sleep(self, seconds: float) -> Awaitable[None]:
        return asyncio.sleep(seconds)

    def start(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- questions the page answers
    def _ask(self, kind: str, **fields: Any) -> tuple[int, asyncio.Future[object]]:
        ask = next(self._ids)
        answer: asyncio.Future[object] = asyncio.get_event_loop().create_future()
        self._answers[ask] = answer
        self.post(kind, id=ask, **fields)
        return ask, answer

    def answered(self, ask: object, value: object) -> None:
        answer = self._answers.pop(ask, None) if type(ask) is int else None
        if answer is not None and not answer.done():
            answer.set_result(value)

    # -- the game's Web Lock (held by the page)
    async def request_lock(self, key: str, steal: bool, lost: Callable[[], None]) -> str:
        ask, answer = self._ask(P.LOCK, key=key, steal=steal)
        self._lost[ask] = lost
        state = await answer
        if state != "held":
            self._lost.pop(ask, None)
        return state if isinstance(state, str) and state in P.LOCK_STATES else "none"

    def was_lost(self, ask: object) -> None:
        lost = self._lost.pop(ask, None) if type(ask) is int else None
        if lost is not None:
            lost()

    def release(self) -> None:
        self._lost.clear()
        self.post(P.RELEASE)

    def local_date(self) -> str:
        import js

        now = js.Date.new()  # (the page's time zone: the worker shares it)
        return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"

    def copy_share(self) -> None:
        self.post(P.COPY)

    # -- files
    def download(self, text: str, name: str) -> None:
        self.post(P.DOWNLOAD, text=text, name=name)

    # -- a new version, storage the browser keeps
    def apply_update(self) -> None:
        self.post(P.APPLY_UPDATE)

    async def persist(self, ask: bool) -> str:
        state = await self._ask(P.PERSIST, ask=ask)[1]
        return state if isinstance(state, str) and state in P.PERSIST_STATES else "none"


# Outside #screen, drawn once by the page (frame()): the live region; the
# four-colour deck's filters (game.css recolours the diamonds' and clubs'
# pip cards and court cards' signs with them); a <use> of each card's file
# (card_art.art_preload), which the page draws once the game is ready, when the
# browser is idle, so that it fetches and parses the card art while the
# player looks at the start screen rather than when the first table is drawn
# (a card shows a CSS-drawn index until its file is in), and not while the
# game boots; the file input of "Open a game from a file" (the view never
# draws it; its change event brings the chosen file).
LIVE = '<p id="live" class="sr" aria-live="polite" aria-atomic="true"></p>'
_HIDDEN_SVG = '<svg class="art" aria-hidden="true" focusable="false" width="0" height="0">'
ART_DEFS = (
    _HIDDEN_SVG
    + '<filter id="four-d" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" '
    'values=".103 .4485 .4485 0 0 .3 .35 .35 0 0 .74 .13 .13 0 0 0 0 0 1 0"/></filter>'
    '<filter id="four-c" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" '
    'values=".96 0 0 0 .04 0 .58 0 0 .42 0 0 .83 0 .17 0 0 0 1 0"/></filter></svg>'
)
ART_PRELOAD = f"{_HIDDEN_SVG}{art_preload()}</svg>"


def frame() -> dict[str, str]:
    """What the page draws once around #screen (see LIVE)."""
    return {"live": LIVE, "art": ART_DEFS, "preload": ART_PRELOAD, "file": P.FILE_INPUT}


RUNTIME: Runtime | None = None
PORTS: WorkerPorts | None = None
LAST_CARD: str | None = None  # the card of the last click (events.card_repeated)


def _text(value: object) -> str | None:
    return value if type(value) is str else None


def _handle(runtime: Runtime, ports: WorkerPorts, data: dict[str, object]) -> None:
    kind = data.get("kind")
    if kind == P.CARD:
        global LAST_CARD
        code = data.get("card")
        last, LAST_CARD = LAST_CARD, _text(code)
        # The 2nd click of a double click on the same card is not a new
        # choice (a quick click on another card is), but with "Tap twice to
        # play" a quick second tap is the one that plays.
        if events.card_repeated(code, data.get("detail"), last) and not two_tap(runtime.model.ui):
            return
        msg = events.card(code)
    elif kind == P.ACTION:
        if events.repeated(data.get("action"), data.get("detail")):
            return  # the 2nd click of a double click: the button acted once
        msg = events.decode(data.get("action"), _text(data.get("value")), day=runtime.today)
    elif kind == P.BACKDROP:
        msg = events.backdrop()
    elif kind == P.KEY:
        model = runtime.model
        msg = events.key(data.get("key"), None if model is None else model.ui.overlay)
    elif kind == P.FILE:
        msg = M.Imported(_text(data.get("text")))
    elif kind == P.STORED:
        key = data.get("key")
        if type(key) is str:
            ports.mirror.changed(key, _text(data.get("value")))
            runtime.stored_elsewhere(key)
        return
    elif kind in (P.WRITTEN, P.REFUSED):
        area, key, value = data.get("area"), data.get("key"), _text(data.get("value"))
        if area in P.AREAS and type(key) is str and value is not None:
            if kind == P.REFUSED:
                ports.mirror.refused(area, key, value, _text(data.get("actual")))
            if area == "local":
                if kind == P.WRITTEN:
                    ports.mirror.written()  # (the page's storage works)
                runtime.write_done(key, value, kind == P.WRITTEN, data.get("full") is True)
        return
    elif kind == P.ANSWER:
        ports.answered(data.get("id"), data.get("value"))
        return
    elif kind == P.LOST:
        ports.was_lost(data.get("id"))
        return
    elif kind == P.LEAVE:
        runtime.leave()
        return
    elif kind == P.BACK:
        runtime.come_back()
        return
    elif kind == P.UPDATE:
        what = data.get("what")
        msg = (M.UpdateReady() if what == "ready" else M.OfflineReady() if what == "offline"
               else M.UpdateTooBig() if what == "quota" else None)
    elif kind == P.SHARED:
        msg = M.Shared(data.get("ok") is True)
    elif kind == P.PING:
        ports.post(P.PONG)
        return
    elif kind == P.ERROR:
        runtime.crash(f"JavaScript: {data.get('text')}")
        return
    else:
        ports.warn(f"hearts: a message of no known kind is dropped: {str(kind)[:80]}")
        return
    if kind in (P.CARD, P.ACTION, P.BACKDROP, P.KEY, P.FILE, P.SHARED):
        runtime.page_acts()  # (after a forged "leave" too: binding.Runtime.page_acts)
    if msg is not None:
        runtime.dispatch(msg)
    elif kind in (P.CARD, P.ACTION):
        ports.warn(f"hearts: a {kind} message whose fields are not what they must be is dropped")


def _converted(message: Any) -> Any:
    """The page's message as Python values, converted one level deep only
    (``to_py(depth=1)``): every field the page sends is a plain value, and a
    deeper one stays a proxy that no field's check accepts, so a hostile
    shape (2,000 nested arrays) is dropped, never a crash. None: not
    convertible at all."""
    if not hasattr(message, "to_py"):
        return message
    try:
        return message.to_py(depth=1)
    except Exception:
        return None


_RECEIVED = [0]  # messages from the page so far (its pings aside): data-received


def receive(message: Any) -> None:
    """A message from the page (see the module), as a JavaScript object.
    Each but a ping is counted on <html> once handled (data-received; the
    page counts what it sent in data-sent)."""
    if RUNTIME is None or PORTS is None:
        return
    data = None
    try:
        data = _converted(message)
        if not isinstance(data, dict):
            PORTS.warn("hearts: a message that is not an object of plain values is dropped")
            return
        _handle(RUNTIME, PORTS, data)
    except Exception:
        RUNTIME.crash(traceback.format_exc())
    finally:
        if not (isinstance(data, dict) and data.get("kind") == P.PING):
            _RECEIVED[0] += 1
            PORTS.mark("data-received", str(_RECEIVED[0]))


def main(message: Any) -> None:
    """Start the game from the page's first message: the address's
    parameters, <html lang>, the pointer, this install's stored values,
    and what the start screen hands over (:mod:`hearts.page.controller`)."""
    import js
    from pyodide.ffi import to_js

    def post(kind: str, **fields: Any) -> None:
        fields["kind"] = kind
        js.postMessage(to_js(fields, dict_converter=js.Object.fromEntries))

    boot = message.to_py() if hasattr(message, "to_py") else dict(message)
    origin = boot.get("origin")
    # The worker's clock starts later than the page's: the page sends its own
    # time origin, so that the opponents' thinking is timed on the page's clock.
    shift = float(js.performance.timeOrigin) - (float(origin) if isinstance(origin, (int, float)) else 0.0)
    start(post, boot, js.console, lambda: shift + float(js.performance.now()))


def start(post: Callable[..., None], boot: dict[str, Any], console: Console, now: Callable[[], float]) -> Runtime:
    """The runtime over the worker's ports, booted (main; the tests give
    their own ``post``, ``console`` and clock)."""
    global RUNTIME, PORTS
    _RECEIVED[0] = 0
    PORTS = WorkerPorts(post, boot, console, now)
    post(P.LIMITS, file=MAX_TEXT * 4)  # (UTF-8: up to four bytes a character)
    RUNTIME = Runtime(PORTS, scope=ST.install_scope(str(boot.get("path") or "/")))
    # (the address's query, read as the start screen reads it: each name's first value)
    search = boot.get("search")
    params = ST.query_params(search) if type(search) is str else boot.get("params") or {}
    pressed = _text(boot.get("pressed"))
    RUNTIME.date_param = _text(params.get("date"))
    early = (events.decode(pressed, day=RUNTIME.today)
             if pressed in (events.Action.NEW_GAME, events.Action.STATS, events.Action.TODAY) else None)
    RUNTIME.boot(lambda name: _text(params.get(name)), str(boot.get("lang") or "en"), boot.get("coarse") is True,
                 opened=_text(boot.get("opened")), pressed=early)
    return RUNTIME
