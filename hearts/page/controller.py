"""The page's controller: MicroPython on the main thread, under PyScript.

The game's Python (engine, opponents, update, view) runs in Pyodide in a
Web Worker (:mod:`hearts.page.worker`); this module is the small part of
the page that must be on the main thread. PyScript binds the page's events
to it (``pyscript.when``: one click listener on ``#app`` and one key
listener on the document, neither ever replaced, the target found with
``closest``), it posts them to the worker as messages, and it carries out
what the worker asks: the morph of the HTML the view returns
(``assets/morph.js``: morphdom), focus, storage, the game's Web Lock,
files, the live region and the update notice. The messages are
:mod:`hearts.page.protocol`'s, which the worker imports too. Beside it:
:mod:`hearts.page.focus` (where focus goes), :mod:`hearts.page.start_screen`
(the start screen until the game's Python takes over),
:mod:`hearts.page.dom` (the helpers they share).

The boot (``assets/boot.js``) starts the worker and Pyodide; once the
game's Python is imported it hands the worker to :func:`attach`
(``window.heartsControl``, set here once MicroPython is up). A message of
a kind this module does not know is dropped with a console warning.

Plain Python that MicroPython runs: the browser's ``js`` and PyScript's
``pyscript`` exist only in the page.
"""

import asyncio
import sys

import js
from pyscript import when
from pyscript.ffi import create_proxy, to_js
from pyscript.js_modules.morph import morph

try:
    from hearts.page import protocol as P
    from hearts.page.dom import (area, attr, call, document, field, file_input, has_class, html, one, read, text,
                                 time_origin)
    from hearts.page.focus import Focus
    from hearts.page.start_screen import start_screen
except ImportError:  # MicroPython: pyscript.toml puts them at the top
    import protocol as P  # type: ignore[import-not-found, no-redef]
    from dom import (area, attr, call, document, field, file_input, has_class, html,  # type: ignore[import-not-found, no-redef]
                     one, read, text, time_origin)
    from focus import Focus  # type: ignore[import-not-found, no-redef]
    from start_screen import start_screen  # type: ignore[import-not-found, no-redef]

TYPE_CHECKING = False  # (hearts/page/dom.py says why)
if TYPE_CHECKING:
    from typing import Any, Callable

    # A message of the worker's (MessageEvent.data): read with dom's field and text.
    Data = Any


# -- storage ----------------------------------------------------------------------
# The worker keeps a copy of this install's keys (hearts/page/mirror.py):
# sent at the start, then every other tab's change. A write is a
# compare-and-set against the value the copy held (expect).

def own_values(name: str, scope: str) -> dict[str, str | None]:
    """This install's values of one area (its keys end with @<path>; at the
    root also the unscoped keys of before, which the runtime moves once)."""
    store = area(name)
    values: dict[str, str | None] = {}
    ok, length = call(js.Reflect, "get", store, "length")
    for i in range(int(length) if ok and length is not None else 0):
        ok, key = call(store, "key", i)
        if not ok or key is None:
            continue
        key = str(key)
        if not key.startswith("hearts."):
            continue
        at = key.find("@")
        if (scope == "/") if at < 0 else key[at + 1:] == scope:
            values[key] = read(store, key)
    return values


def storage_works(scope: str) -> bool:
    """Whether this page can write to localStorage at all (hearts.app.stored's PROBE)."""
    store = area("local")
    probe = "hearts.probe@" + scope
    ok, _ = call(store, "setItem", probe, "1")
    return ok and call(store, "removeItem", probe)[0]


# -- the page ----------------------------------------------------------------------


class Controller:
    """The page's side of the game, bound to one worker."""

    def __init__(self, worker: js.Worker, scope: str, halt: Callable[[str], None]) -> None:
        self.worker = worker
        self.scope = scope
        self.halt = halt  # assets/loading-screen.js's halt(why): the game has stopped
        self.focus = Focus(morph)
        # html[data-sent]: the messages posted to the worker (its pings
        # aside); the worker marks data-received as it handles each (after
        # what it rendered for it). html[data-synced] while it has handled
        # them all: the page then shows what came of them (tests wait for
        # it after a click).
        self.sent = 0
        self.locks: dict[object, Callable[[], None]] = {}  # lock request's id -> resolve of the promise the lock is held by
        self.holding: object = None  # the id of the request that holds the lock
        self.file_limit = 0  # the largest file "Open a game" reads, in bytes
        self.ended = False
        self.pinged = 0.0  # when the ping not answered yet went (0: none)
        self.checked = 0.0  # when the watchdog last looked
        self.urls: list[str] = []  # object URLs of downloads, freed after DOWNLOAD_KEPT_MS
        self._revoke = create_proxy(self.revoke_one)
        self._tick = create_proxy(self.tick)
        self.handlers: dict[str, Callable[[Data], object]] = {
            P.LIMITS: self.limits,
            P.RENDER: lambda data: self.focus.morph(text(data, "html")),
            P.ANNOUNCE: self.announce,
            P.LANG: lambda data: setattr(html, "lang", text(data, "lang")),
            P.TITLE: lambda data: setattr(document, "title", text(data, "title")),
            P.MARK: self.mark,
            P.TEXT: lambda data: setattr(document.getElementById("screen"), "textContent", text(data, "text")),
            P.STORE: self.store,
            P.FORGET: self.forget,
            P.LOCK: lambda data: asyncio.create_task(self.lock(data)),
            P.RELEASE: lambda data: self.release(),
            P.DOWNLOAD: self.download,
            P.PERSIST: lambda data: asyncio.create_task(self.persist(data)),
            P.APPLY_UPDATE: self.apply_update,
            P.PONG: self.pong,
            P.COPY: lambda data: asyncio.create_task(self.copy()),
        }

    def post(self, kind: str, **fields: object) -> None:
        if kind != P.PING:
            self.sent += 1
            html.dataset.sent = str(self.sent)
            html.removeAttribute("data-synced")
        self.worker.postMessage(to_js(P.message(kind, **fields)))

    # -- what the worker asks
    def handle(self, event: js.MessageEvent) -> None:
        data = event.data
        kind = None
        try:
            kind = field(data, "kind")
        except Exception:
            pass
        handler = self.handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            js.console.warn("hearts: a message of no known kind from the worker is dropped:", str(kind)[:80])
            return
        handler(data)

    def limits(self, data: Data) -> None:
        try:
            self.file_limit = int(field(data, "file"))
        except Exception:
            self.file_limit = 0

    def announce(self, data: Data) -> None:
        live = document.getElementById("live")
        if live is not None:
            live.textContent = text(data, "text")

    def mark(self, data: Data) -> None:
        name, value = text(data, "name"), text(data, "value")
        if not call(html, "setAttribute", name, value)[0]:
            return  # (no name an attribute may have)
        if name == "data-received":
            try:
                if int(value) >= self.sent:
                    html.setAttribute("data-synced", "")
            except ValueError:
                pass

    def store(self, data: Data) -> None:
        name, key, value = field(data, "area"), field(data, "key"), field(data, "value")
        target = area(name)
        if not isinstance(key, str) or not isinstance(value, str) or target is None:
            return
        actual = read(target, key)
        expect = field(data, "expect")
        if name == "local" and actual != expect:  # another tab stored first
            self.post(P.REFUSED, area=name, key=key, value=value, actual=actual, full=False)
            return
        if not call(target, "setItem", key, value)[0]:
            self.post(P.REFUSED, area=name, key=key, value=value, actual=read(target, key), full=True)
            return
        if name == "local":
            self.post(P.WRITTEN, area=name, key=key, value=value)

    def forget(self, data: Data) -> None:
        call(area(field(data, "area")), "removeItem", text(data, "key"))

    async def lock(self, data: Data) -> None:
        ask, key, steal = field(data, "id"), text(data, "key"), field(data, "steal") is True
        api = getattr(js.navigator, "locks", None) if hasattr(js.navigator, "locks") else None
        if api is None or not hasattr(api, "request"):
            return self.post(P.ANSWER, id=ask, value="none")
        if self.holding is not None:
            return self.post(P.ANSWER, id=ask, value="held")
        answered: list[str] = []

        def answer(value: str) -> None:
            if not answered:
                self.post(P.ANSWER, id=ask, value=value)
            answered.append(value)

        def granted(lock: js.Lock | None) -> js.Promise[object] | None:
            if lock is None:
                answer("elsewhere")
                return None
            self.holding = ask
            answer("held")
            return js.Promise.new(create_proxy(lambda resolve, reject: self.locks.__setitem__(ask, resolve)))

        options = {"steal": True} if steal else {"ifAvailable": True}
        try:
            await api.request(key, to_js(options), create_proxy(granted))
            if self.holding == ask:
                self.holding = None
        except Exception:
            if answered and self.holding == ask:  # held here, and another tab took it
                self.holding = None
                self.locks.pop(ask, None)
                self.post(P.LOST, id=ask)
            else:
                answer("held")  # the API refused (e.g. an opaque origin): no locking

    def release(self) -> None:
        for resolve in list(self.locks.values()):
            resolve()
        self.locks.clear()
        self.holding = None

    def download(self, data: Data) -> None:
        blob = js.Blob.new(to_js([text(data, "text")]), to_js({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = text(data, "name")
        link.hidden = True
        document.body.append(link)
        link.click()
        link.remove()
        self.urls.append(url)
        js.setTimeout(self._revoke, P.DOWNLOAD_KEPT_MS)

    def revoke_one(self, *_: object) -> None:
        if self.urls:
            js.URL.revokeObjectURL(self.urls.pop(0))

    async def persist(self, data: Data) -> None:
        value = "none"
        try:
            storage = js.navigator.storage
            if hasattr(storage, "persist") and hasattr(storage, "persisted"):
                granted = await (storage.persist() if field(data, "ask") is True else storage.persisted())
                value = "granted" if granted else "denied"
        except Exception:
            value = "none"
        self.post(P.ANSWER, id=field(data, "id"), value=value)

    async def copy(self) -> None:
        """Today's result to the clipboard; where there is no clipboard API,
        or it refuses (no permission, no focus), the text is selected for the
        player to copy: never an error. The worker hears which (``shared``)."""
        el = one("[data-share-text]")
        if el is None:
            return
        ok = False
        found, clipboard = call(js.Reflect, "get", js.navigator, "clipboard")
        if found and clipboard is not None and type(clipboard) is not type(js.undefined):
            called, promise = call(clipboard, "writeText", str(el.textContent))
            if called and promise is not None:
                try:
                    await promise
                    ok = True
                except Exception:
                    ok = False
        if not ok:
            selection = js.window.getSelection()
            if selection is not None:
                call(selection, "selectAllChildren", el)
        self.post(P.SHARED, ok=ok)

    def apply_update(self, data: Data) -> None:
        update: js.HeartsUpdate | None = getattr(js.window, "heartsUpdate", None) if hasattr(js.window, "heartsUpdate") else None
        if update is not None:
            update.apply()
        else:
            js.location.reload()

    # -- files
    def pick(self) -> None:
        picker = file_input()
        if picker is not None:
            picker.value = ""
            picker.click()

    async def read_file(self) -> None:
        """The file chosen for "Open a game from a file" (or the
        statistics), as text, to the worker."""
        picker = file_input()
        if picker is None:
            return
        files = picker.files
        chosen = files.item(0) if files is not None and files.length else None
        if chosen is None:
            return
        text = None
        # The size of a slice at most one byte over the limit: a File's own
        # size, over 2 GB, would reach MicroPython as a negative 32-bit int.
        if chosen.slice(0, self.file_limit + 1).size <= self.file_limit:
            try:
                text = str(await chosen.text())
            except Exception:
                text = None
        picker.value = ""
        self.post(P.FILE, text=text)

    # -- events in: from the take-over on (until then the start screen
    # answers: assets/start-screen.js)
    def listen(self) -> None:
        @when("click", "#app")
        def clicked(event: "js.MouseEvent") -> None:
            target = event.target
            if has_class(target, "overlay"):  # the dimmed backdrop
                return self.post(P.BACKDROP)
            target = target.closest("[data-action],[data-card]") if target is not None and hasattr(target, "closest") \
                else None
            if target is None:
                return
            card = attr(target, "data-card")
            if card:
                return self.post(P.CARD, card=card, detail=int(event.detail or 0))
            action = attr(target, "data-action")
            # (detail: the worker drops the 2nd click of a double click)
            self.post(P.ACTION, action=action, value=attr(target, "data-value"), detail=int(event.detail or 0))
            # A file chooser opens only in the click's own handler (WebKit
            # lets no message from the worker open one): the page opens it
            # for the buttons that ask for a file; the worker knows which
            # kind of file from the click's message.
            if action in P.PICKS_A_FILE:
                self.pick()

        # On the document (never replaced either), so that Escape closes a
        # dialog even when focus has left the game (e.g. on <body>).
        @when("keydown", [document])
        def pressed(event: "js.KeyboardEvent") -> None:
            self.key(event)

        @when("pagehide", [js.window])
        def left(event: "js.PageTransitionEvent") -> None:
            self.post(P.LEAVE)
            self.release()  # at once: the page that comes next (a reload's) owns the game

        @when("pageshow", [js.window])
        def shown(event: "js.PageTransitionEvent") -> None:
            if event.persisted:
                self.post(P.BACK)

        @when("storage", [js.window])
        def stored(event: "js.StorageEvent") -> None:  # another tab of this browser stored something
            if isinstance(event.key, str):
                self.post(P.STORED, key=event.key, value=event.newValue)

        @when("hearts:update", [js.window])
        def update(event: "js.CustomEvent") -> None:
            self.post(P.UPDATE, what=str(event.detail))

        for name, what in (("data-update", "ready"), ("data-offline", "offline")):
            if attr(html, name) == "ready":
                self.post(P.UPDATE, what=what)

        @when("error", [js.window])
        def failed(event: "js.ErrorEvent") -> None:
            self.post(P.ERROR, text=str(event.message or "error"))

        @when("unhandledrejection", [js.window])
        def rejected(event: "js.PromiseRejectionEvent") -> None:
            self.post(P.ERROR, text=str(event.reason or "error"))

    def key(self, event: js.KeyboardEvent) -> None:
        key = str(event.key)
        if event.repeat and key in ("Enter", " "):  # a key held down chooses once
            event.preventDefault()
            return
        if key == P.ESCAPE:
            return self.post(P.KEY, key=key)
        if key.lower() in (P.NEXT_LEGAL, P.NEXT_SUIT):
            return self.jump(event, key)
        if key not in P.ARROWS:
            return
        if one("#screen .overlay.replay") is not None:  # a trick back or on (hearts.app.events.key)
            self.post(P.KEY, key=key)
            event.preventDefault()
            return
        target = event.target
        current = target.closest("[data-card],.choice") if target is not None and hasattr(target, "closest") else None
        back = key in ("ArrowLeft", "ArrowUp")
        if current is None:
            if target is not None and has_class(target, "hand"):  # on the hand: into its cards
                cards = target.querySelectorAll("[data-card]")
                if cards.length:
                    cards.item(cards.length - 1 if back or key == "End" else 0).focus()
                    event.preventDefault()
            return
        parent = current.parentElement
        if current.hasAttribute("data-card"):
            items = document.querySelectorAll("#screen [data-card]")
        elif parent is not None:
            items = parent.querySelectorAll(".choice")
        else:
            return
        count = int(items.length)
        index = 0
        for i in range(count):
            if items.item(i) == current:
                index = i
                break
        if back:
            index = max(0, index - 1)
        elif key in ("ArrowRight", "ArrowDown"):
            index = min(count - 1, index + 1)
        elif key == "Home":
            index = 0
        else:
            index = count - 1
        items.item(index).focus()
        if current.hasAttribute("data-card"):
            rove(items, index)
        event.preventDefault()

    def jump(self, event: js.KeyboardEvent, key: str) -> None:
        """N: on to the next card that can be chosen now; S: to the first
        card of the next suit; with Shift, backwards; round the hand."""
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        target = event.target
        current = target.closest("[data-card]") if target is not None and hasattr(target, "closest") else None
        if current is None and not has_class(target, "hand"):
            return
        if one("#screen .overlay") is not None:
            return
        items = document.querySelectorAll("#screen .hand [data-card]")
        count = int(items.length)
        if not count:
            return
        index = -1
        for i in range(count):
            if items.item(i) == current:
                index = i
                break
        step = -1 if event.shiftKey else 1
        suit = suit_of(current) if current is not None else None
        if index < 0:
            index = count if step < 0 else -1
        for n in range(1, count + 1):
            i = (index + step * n) % count
            card = items.item(i)
            if key.lower() == P.NEXT_LEGAL:
                found = attr(card, "aria-disabled") != "true"
            else:
                mine = suit_of(card)
                before = suit_of(items.item((i - 1) % count))
                found = mine != suit and (i == 0 or before != mine or count == 1)
            if found:
                card.focus()
                rove(items, i)
                break
        event.preventDefault()

    # -- the worker stopped: it died (an error, out of memory, ended from
    # outside). Nothing more can be played here; the game was saved at
    # every move, and a reload goes on from there.
    def stopped(self, why: str) -> None:
        if self.ended:
            return
        self.ended = True
        html.setAttribute("data-stopped", "1")
        self.halt(why)

    # The worker answers a ping at once, even while an opponent thinks (its
    # search yields to messages): one not answered within PING_MS means the
    # worker is gone (a terminated worker sends no event at all). Timed on
    # the document's animation clock, which timers firing late or in a burst
    # (a frozen tab, a clock moved on by a test) do not move; a check that
    # comes long after the one before asks again rather than judge.
    def watch(self) -> None:
        js.setInterval(self._tick, P.PING_MS // 4)

    def clock(self) -> float:
        timeline = field(document, "timeline")
        now = field(timeline, "currentTime") if timeline is not None else None
        return float(now) if now is not None else float(js.performance.now())

    def tick(self, *_: object) -> None:
        now = self.clock()
        late = self.checked > 0 and now - self.checked > P.PING_MS / 2
        self.checked = now
        if self.ended or document.hidden:
            return
        if self.pinged and not late and now - self.pinged > P.PING_MS:
            return self.stopped("the game's worker does not answer")
        if not self.pinged or late:
            self.pinged = now or 1.0
            self.post(P.PING)

    def pong(self, data: Data) -> None:
        self.pinged = 0.0

    # -- the frame around #screen, drawn once (hearts.page.worker.frame). Its
    # card-art preload comes once the game is ready and the browser idle.
    def frame(self, frame: js.Frame) -> None:
        app = document.getElementById("app")
        if app is None:
            return
        markup = str(frame.live) + str(frame.art) + ("" if document.getElementById(P.FILE_INPUT_ID) else str(frame.file))
        if document.getElementById("screen") is not None:
            app.insertAdjacentHTML("beforeend", markup)
        else:
            app.innerHTML = '<div id="screen"></div>' + markup
        @when("change", "#" + P.FILE_INPUT_ID)
        def chosen(event: "js.Event") -> None:
            asyncio.create_task(self.read_file())
        preload = str(frame.preload)

        def draw(*_: object) -> None:
            app.insertAdjacentHTML("beforeend", preload)

        def idle() -> None:
            if hasattr(js.window, "requestIdleCallback"):
                js.window.requestIdleCallback(create_proxy(draw), to_js({"timeout": 2000}))
            else:
                js.setTimeout(create_proxy(draw), 0)

        if html.hasAttribute("data-ready"):
            return idle()
        on_ready(idle)

    # -- what the start screen in the page (assets/start-screen.js) hands
    # over: its rules page open, and the action of a button pressed before
    # Python was ready (New game, Statistics; Open a game from a file once
    # a file is chosen), carried out once the game is. From here on, the
    # clicks are this controller's (data-start-screen="python").
    def take_over(self) -> tuple[str | None, str | None]:
        opened = "rules" if one("#screen > .overlay.rules") is not None else None
        pressed = attr(html, "data-start-pressed")
        html.removeAttribute("data-start-pressed")
        if attr(html, "data-start-screen") == "prerendered":
            html.setAttribute("data-start-screen", "python")
        self.listen()
        if opened:
            self.focus.opener = {"action": "rules", "value": None}  # back to it when the rules close
        picker = file_input()
        if pressed == "import-game" and picker is not None and picker.files is not None and picker.files.length:
            on_ready(lambda: asyncio.create_task(self.read_file()))
        return opened, pressed

    def start(self, opened: str | None, pressed: str | None) -> dict[str, object]:
        """The start message: what Python needs of the page to begin."""
        return P.message(
            P.START,
            path=str(js.location.pathname),
            origin=time_origin(),
            search=str(js.location.search),  # (hearts.app.stored.query_params: each name's first value)
            lang=str(html.lang or "en"),
            coarse=bool(js.matchMedia("(pointer: coarse)").matches),
            storage=storage_works(self.scope),
            local=own_values("local", self.scope),
            session=own_values("session", self.scope),
            opened=opened,
            pressed=pressed,
        )


def suit_of(card: js.HTMLElement) -> str:
    """The suit of a card's button: the last letter of its data-card ("QS")."""
    return (attr(card, "data-card") or "")[-1:]


def rove(items: js.NodeList[js.HTMLElement], index: int) -> None:
    """The hand's one Tab stop moves to the card at ``index``."""
    for i in range(int(items.length)):
        items.item(i).setAttribute("tabindex", "0" if i == index else "-1")


def on_ready(callback: Callable[[], object]) -> None:
    """callback() once html[data-ready] is set (the game is playable)."""
    def seen(*_: object) -> None:
        if html.hasAttribute("data-ready"):
            observer.disconnect()
            callback()

    observer = js.MutationObserver.new(create_proxy(seen))
    observer.observe(html, to_js({"attributes": True, "attributeFilter": ["data-ready"]}))


CONTROLLER: list[Controller] = []  # the one Controller, once the boot has attached it


def attach(worker: js.Worker, frame: js.Frame, scope: str, halt: Callable[[str], None]) -> None:
    """The boot hands over the worker, once the game's Python is imported
    (assets/boot.js): the frame is drawn, the start screen taken over, the
    start message sent, the worker watched."""
    page = Controller(worker, str(scope), halt)
    CONTROLLER.append(page)
    worker.addEventListener("message", create_proxy(page.handle))
    page.frame(frame)
    opened, pressed = page.take_over()
    page.worker.postMessage(to_js(page.start(opened, pressed)))
    page.watch()


def stopped(why: str) -> None:
    """The worker failed after the boot (assets/boot.js)."""
    if CONTROLLER:
        CONTROLLER[0].stopped(str(why))


def main() -> None:
    """The controller is up: the boot waits for this (assets/boot.js:
    window.heartsControl and the event "hearts:controller"). Once a page:
    where MicroPython could not run this module, the boot has Pyodide run
    it instead, and of two that both start, the second stands down."""
    if html.hasAttribute("data-controller"):
        return
    control = js.Object.new()
    control.attach = create_proxy(attach)
    control.stopped = create_proxy(stopped)
    js.window.heartsControl = control
    start_screen()
    html.dataset.controller = "up"  # (tests wait for it: the start screen's clicks are answered at once from here)
    html.dataset.controllerPython = sys.implementation.name  # "micropython", or "cpython": Pyodide's
    js.window.dispatchEvent(js.Event.new("hearts:controller"))


main()
