"""The only Python that touches the browser: the ports of the runtime, and events in.

:class:`PagePorts` implements :class:`hearts.page.runtime.Ports` with PyScript:
localStorage and sessionStorage, #screen (the view's HTML goes to
assets/morph.js, which changes only what differs in the page; :class:`Focus`
keeps focus where it belongs), the live region, attributes on <html> for
tests and benchmarks, asyncio's tasks and sleep, the Web Lock of the game,
downloads and the file chooser. The runtime (the game's
hearts/page/binding.py over the generic loop of hearts/page/runtime.py)
holds the model and runs the loop: every message goes through its dispatch.

One click listener on #app and one keydown listener on the document
(neither is ever replaced) turn events into messages: the target is found
with ``closest("[data-action],[data-card]")``. :func:`main` draws the page's
frame, wires the listeners and boots the runtime with the address's
parameters.
"""

from __future__ import annotations

import asyncio
import time
import traceback

from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.js_modules import morph as dom  # type: ignore[import-not-found]  # assets/morph.js (pyscript.toml)
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

try:  # Pyodide 0.28+ gives JavaScript's null as jsnull, not None
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    jsnull = None

from ..engine.save import MAX_TEXT
from ..app import stored as ST
from ..app import events, messages as M
from ..app.model import two_tap
from .binding import Runtime
from ..app.view import ART

# Outside #screen, drawn once: the four-colour deck's filters (game.css
# recolours the diamonds' and clubs' pip cards and court cards' signs with them) and a <use> of the
# card art, so that the browser fetches and parses svg-cards.svg while the
# player looks at the start screen, not when the first table is drawn. The
# page is playable before it arrives (a card shows a CSS-drawn index until
# then).
ART_DEFS = (
    '<svg class="art" aria-hidden="true" focusable="false" width="0" height="0">'
    '<filter id="four-d" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" '
    'values=".103 .4485 .4485 0 0 .3 .35 .35 0 0 .74 .13 .13 0 0 0 0 0 1 0"/></filter>'
    '<filter id="four-c" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" '
    'values=".96 0 0 0 .04 0 .58 0 0 .42 0 0 .83 0 .17 0 0 0 1 0"/></filter>'
    f'<use href="{ART}#back"></use></svg>'
)
# The file input of "Open a game from a file", outside #screen (the view never
# draws it); its change event brings the chosen file.
FILE_INPUT = '<input type="file" id="import-file" class="sr" accept=".json,application/json" hidden>'


def _nil(value) -> bool:
    return value is None or value is jsnull


def _attr(el, name):
    """An element's attribute as a str, or None."""
    value = el.getAttribute(name)
    return None if _nil(value) else str(value)


def _js_object(value):
    """A Python dict as a plain JavaScript object."""
    return to_js(value, dict_converter=window.Object.fromEntries)


# -- focus ------------------------------------------------------------------------------

# After these buttons, focus moves to a table with many new cards.
LATER_FOCUS = (events.Action.NEW_GAME, events.Action.CONFIRM_PASS, events.Action.CONTINUE)


def _focus_key():
    """What has focus, as something to find again after a render."""
    el = document.activeElement
    if _nil(el) or not hasattr(el, "getAttribute"):
        return None
    card = _attr(el, "data-card")
    if card:
        cards = [_attr(b, "data-card") for b in document.querySelectorAll("#screen [data-card]")]
        return ("card", card, cards.index(card) if card in cards else 0)
    action = _attr(el, "data-action")
    if action:
        return ("action", action, _attr(el, "data-value"))
    return None


class Focus:
    """Where focus goes when the screen changes: into a dialog that opened,
    back to what opened it when it closes, onto the same card or button,
    or near it when that is gone."""

    def __init__(self):
        self.opener = None  # the focus key before the open dialog opened
        self.later = None  # an element to focus with the next frame
        self._later_proxy = None
        self._no_scroll = None

    def morph(self, html):
        """Replace #screen's content with ``html`` (assets/morph.js), focus kept."""
        key = _focus_key()
        had_overlay = not _nil(document.querySelector("#screen .overlay"))
        had_ending = not _nil(document.querySelector("#screen .ending"))
        dom.morph(document.getElementById("screen"), html)
        panel = document.querySelector("#screen .overlay .panel")
        if not _nil(panel):
            if not had_overlay:  # a dialog opened: focus moves into it
                self.opener = key
                panel.focus()
            elif key is not None:
                self.restore(key)
            else:
                panel.focus()
        elif had_overlay:  # a dialog closed: back to what opened it
            opener, self.opener = self.opener, None
            self.restore(opener or key)
        else:
            self.restore(key)
        # The hand (or the game) ended: focus moves into its dialog over the table,
        # onto the panel rather than Continue, so a stray Enter does not deal on.
        ending = document.querySelector("#screen .ending-panel")
        if not had_ending and not _nil(ending) and _nil(panel):
            ending.focus()

    def restore(self, key):
        if key is None:
            return
        if key[0] == "card":
            target = document.querySelector(f'#screen [data-card="{key[1]}"]')
            if _nil(target):
                # The card was played: focus goes to the hand as a whole, where
                # a stray Enter or Space does nothing (on the next card, it would
                # play that one on the next turn). The arrow keys go on from there.
                target = document.querySelector("#screen .hand")
        elif key[1] == "confirm-pass" and _nil(document.querySelector('#screen [data-action="confirm-pass"]')):
            # The pass is made: on into the hand, where the game goes on.
            target = document.querySelector("#screen [data-card]")
        else:
            selector = f'#screen [data-action="{key[1]}"]'
            if key[2]:
                selector += f'[data-value="{key[2]}"]'
            target = document.querySelector(selector)
        if _nil(target):  # e.g. the hand ended: focus the main button
            target = document.querySelector("#screen .btn.primary, .overlay .btn.primary")
        if _nil(target) or target.isSameNode(document.activeElement):
            return
        if key[0] == "card" or key[1] in LATER_FOCUS:
            # A card played, a new table or a new hand: focusing makes the
            # browser style the page at once, and the new cards' pictures are
            # most of that (~20 ms of New game's click, ~10 of a card's): let it
            # come with the next frame, which has to style them anyway. (Until
            # then focus is on the page, where Enter does nothing either.)
            self.later = target
            if self._later_proxy is None:
                self._later_proxy = create_proxy(self._focus_later)
            window.requestAnimationFrame(self._later_proxy)
            return
        # Without scrolling it into view (the table never scrolls): focusing
        # then restyles the page but does not lay it out at once.
        target.focus(self.no_scroll())

    def _focus_later(self, _time=None):
        target, self.later = self.later, None
        if target is not None and target.isConnected and _nil(document.querySelector("#screen .overlay")):
            active = document.activeElement
            if _nil(active) or active.isSameNode(document.body) or not active.isConnected:
                target.focus(self.no_scroll())

    def no_scroll(self):
        """{preventScroll: true} for focus(), made once."""
        if self._no_scroll is None:
            self._no_scroll = _js_object({"preventScroll": True})
        return self._no_scroll


# -- the ports ----------------------------------------------------------------------------

_FAILED = object()


def _web_storage(area, method, *args):
    """``window.<area>.<method>(*args)``, whose result is a str or None; _FAILED
    when the storage refuses (disabled, full, a sandboxed frame)."""
    try:
        value = getattr(getattr(window, area), method)(*args)
    except Exception:
        return None if method == "getItem" else _FAILED
    return None if _nil(value) else str(value)


class PagePorts:
    """hearts.page.runtime.Ports in the browser (see there what each does)."""

    def __init__(self):
        self.focus = Focus()
        self.listeners = []  # proxies of the event listeners (data-proxies)
        self._lock_proxies = []  # of the Web Lock's callbacks (kept for the page's life)
        self._release = None  # resolves the promise the lock is held by
        self._tasks = set()  # asyncio keeps only weak references to its tasks

    def listen(self, target, name, handler):
        proxy = create_proxy(handler)
        self.listeners.append(proxy)
        target.addEventListener(name, proxy)

    # -- the screen
    def render(self, html):
        self.focus.morph(html)

    def announce(self, text):
        live = document.getElementById("live")
        if not _nil(live):
            live.textContent = text

    def set_lang(self, lang):
        document.documentElement.lang = lang

    def set_title(self, title):
        document.title = title

    def mark(self, name, value):
        document.documentElement.setAttribute(name, value)

    def proxies(self):
        return len(self.listeners)

    def warn(self, text):
        window.console.warn(text)

    def show_text(self, text):
        document.getElementById("screen").textContent = text

    # -- storage (any of it may be unavailable: _web_storage)
    def storage_get(self, key):
        return _web_storage("localStorage", "getItem", key)

    def storage_set(self, key, value):
        return _web_storage("localStorage", "setItem", key, value) is not _FAILED

    def storage_remove(self, key):
        _web_storage("localStorage", "removeItem", key)

    def session_get(self, key):
        return _web_storage("sessionStorage", "getItem", key)

    def session_set(self, key, value):
        _web_storage("sessionStorage", "setItem", key, value)

    def session_remove(self, key):
        _web_storage("sessionStorage", "removeItem", key)

    # -- time and tasks
    def clock(self):
        return time.perf_counter()

    def page_ms(self):
        return window.performance.now()

    def sleep(self, seconds):
        return asyncio.sleep(seconds)

    def start(self, coro):
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the game's Web Lock
    def _keep(self, fn):
        proxy = create_proxy(fn)
        self._lock_proxies.append(proxy)
        return proxy

    async def claim(self, key, steal, lost):
        try:
            locks = getattr(window.navigator, "locks", None)
        except Exception:
            locks = None
        if locks is None or _nil(locks) or not hasattr(locks, "request"):
            return "none"
        if self._release is not None:  # held here: a steal would end this tab's own request
            return "held"
        got = asyncio.get_event_loop().create_future()

        def held(lock):
            if _nil(lock):
                if not got.done():
                    got.set_result("elsewhere")
                return None
            if not got.done():
                got.set_result("held")
            return window.Promise.new(self._keep(lambda resolve, reject: setattr(self, "_release", resolve)))

        def ended(error):
            if got.done() and got.result() == "held":  # it was held here, and another tab took it
                self._release = None
                lost()
            elif not got.done():
                got.set_result("held")  # the API refused (e.g. an opaque origin): no locking

        options = {"steal": True} if steal else {"ifAvailable": True}
        try:
            promise = locks.request(key, _js_object(options), self._keep(held))
            promise.then(self._keep(lambda _v=None: None), self._keep(ended))
        except Exception:
            return "held"
        return await got

    def release(self):
        release, self._release = self._release, None
        if release is not None:
            release()

    # -- files
    def download(self, text, name):
        blob = window.Blob.new(to_js([text]), _js_object({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()
        return url

    def revoke(self, handle):
        window.URL.revokeObjectURL(handle)

    def pick_file(self):
        picker = document.getElementById("import-file")
        if not _nil(picker):
            picker.value = ""
            picker.click()

    # -- a new version, storage the browser keeps
    def apply_update(self):
        update = getattr(window, "heartsUpdate", None)  # assets/updates.js
        if update is None or _nil(update):
            window.location.reload()
        else:
            update.apply()

    async def persist(self, ask):
        try:
            storage = window.navigator.storage
            if _nil(storage) or not hasattr(storage, "persist") or not hasattr(storage, "persisted"):
                return "none"
            granted = await (storage.persist() if ask else storage.persisted())
        except Exception:
            return "none"
        return "granted" if granted else "denied"


PORTS = PagePorts()
RUNTIME = Runtime(PORTS, scope=ST.install_scope(str(window.location.pathname)))


# -- events (their messages: hearts.app.events) -----------------------------------

def on_click(event):
    try:
        if event.target.classList.contains("overlay"):  # the dimmed backdrop
            RUNTIME.dispatch(events.backdrop())
            return
        target = event.target.closest("[data-action],[data-card]")
        if _nil(target):
            return
        card = _attr(target, "data-card")
        if card:
            # The 2nd click of a double click is not a new choice, but with
            # "Tap twice to play" a quick second tap is the one that plays.
            if (event.detail or 0) > 1 and not two_tap(RUNTIME.model.ui):
                return
            msg = events.card(card)
        else:
            msg = events.decode(_attr(target, "data-action"), _attr(target, "data-value"))
        if msg is not None:
            RUNTIME.dispatch(msg)
    except Exception:
        RUNTIME.crash(traceback.format_exc())


def on_key(event):
    try:
        key = event.key
        if event.repeat and key in ("Enter", " "):  # a key held down chooses once
            event.preventDefault()
            return
        model = RUNTIME.model
        msg = events.key(key, None if model is None else model.ui.overlay)
        if msg is not None:  # Escape; in the replay, a trick back or on
            RUNTIME.dispatch(msg)
            if key != "Escape":
                event.preventDefault()
            return
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            return
        if _nil(event.target) or not hasattr(event.target, "closest"):
            return
        current = event.target.closest("[data-card],.choice")
        if _nil(current):
            if event.target.classList.contains("hand"):  # focus on the hand: into its cards
                cards = event.target.querySelectorAll("[data-card]")
                if cards.length:
                    back = key in ("ArrowLeft", "ArrowUp", "End")
                    cards.item(cards.length - 1 if back else 0).focus()
                    event.preventDefault()
            return
        if current.hasAttribute("data-card"):
            items = list(document.querySelectorAll("#screen [data-card]"))
        else:
            items = list(current.parentElement.querySelectorAll(".choice"))
        names = [i for i in items]
        index = next((n for n, el in enumerate(names) if el.isSameNode(current)), 0)
        if key in ("ArrowLeft", "ArrowUp"):
            index = max(0, index - 1)
        elif key in ("ArrowRight", "ArrowDown"):
            index = min(len(names) - 1, index + 1)
        elif key == "Home":
            index = 0
        else:
            index = len(names) - 1
        names[index].focus()
        event.preventDefault()
    except Exception:
        RUNTIME.crash(traceback.format_exc())


def on_error(event):
    message = getattr(event, "message", None) or str(getattr(event, "reason", "error"))
    RUNTIME.crash(f"JavaScript: {message}")


# -- files, and the page coming and going ---------------------------------------------------

def _listen_for_files():
    """The file input's change; and the page's pagehide and pageshow."""
    picker = document.getElementById("import-file")
    for target, name, handler in ((picker, "change", lambda event: RUNTIME.spawn(_read_file(picker))),
                                  (window, "pagehide", _on_pagehide), (window, "pageshow", _on_pageshow),
                                  (window, "storage", _on_storage)):
        if not _nil(target):
            PORTS.listen(target, name, handler)


def _listen_for_updates():
    """assets/updates.js's news: a new version waits, or the game now works
    offline (also what it marked on <html> before this listened)."""
    PORTS.listen(window, "hearts:update", lambda event: _on_update(str(getattr(event, "detail", ""))))
    html = document.documentElement
    for attr, what in (("data-update", "ready"), ("data-offline", "offline")):
        if _attr(html, attr) == "ready":
            _on_update(what)


def _on_update(what):
    if what == "ready":
        RUNTIME.dispatch(M.UpdateReady())
    elif what == "offline":
        RUNTIME.dispatch(M.OfflineReady())


def _on_pagehide(event=None):
    RUNTIME.leave()


def _on_storage(event=None):
    """Another tab of this browser stored something (never this one's own writes)."""
    key = getattr(event, "key", None)
    if isinstance(key, str):
        RUNTIME.stored_elsewhere(key)


def _on_pageshow(event=None):
    if getattr(event, "persisted", False):  # back from the back-forward cache
        RUNTIME.come_back()


async def _read_file(picker):
    files = picker.files
    if _nil(files) or not files.length:
        return
    chosen = files.item(0)
    text = None
    if chosen.size <= MAX_TEXT * 4:  # (UTF-8: up to four bytes a character)
        try:
            text = str(await chosen.text())
        except Exception:
            text = None
    picker.value = ""
    RUNTIME.dispatch(M.Imported(text))


# -- start ---------------------------------------------------------------------------

def _address():
    """?lang, ?seed, ?speed, ?level...: the address's parameter ``name``, or None."""
    try:
        params = window.URLSearchParams.new(window.location.search)
    except Exception:
        return lambda name: None

    def param(name):
        value = params.get(name)
        return None if _nil(value) else str(value)

    return param


def _coarse_pointer() -> bool:
    """A touch screen (two-tap play is on by default there)."""
    try:
        return bool(window.matchMedia("(pointer: coarse)").matches)
    except Exception:
        return False


def _take_over():
    """What the start screen in the page (assets/start-screen.js) hands over:
    its rules page open, and the action of a button pressed before Python
    was ready (New game, Statistics; Open a game from a file once a file is
    chosen), carried out once the game is. From here on, the clicks are
    Python's (data-start-screen="python")."""
    html = document.documentElement
    opened = "rules" if not _nil(document.querySelector("#screen > .overlay.rules")) else None
    pressed = _attr(html, "data-start-pressed")
    html.removeAttribute("data-start-pressed")
    if _attr(html, "data-start-screen") == "prerendered":  # ("resume": the loading screen, until data-ready)
        html.setAttribute("data-start-screen", "python")
    return opened, pressed


async def _read_file_when_ready(picker):
    """The file chosen before Python was ready, opened once the game is."""
    while not document.documentElement.hasAttribute("data-ready"):
        await asyncio.sleep(0.02)
    await _read_file(picker)


def main():
    app = document.getElementById("app")
    frame = '<p id="live" class="sr" aria-live="polite" aria-atomic="true"></p>' + ART_DEFS
    if _nil(document.getElementById("import-file")):  # (the start screen may have made it: the same)
        frame += FILE_INPUT
    if _nil(document.getElementById("screen")):
        app.innerHTML = '<div id="screen"></div>' + frame
    else:  # the start screen index.html holds: kept as it is, the view's own
        app.insertAdjacentHTML("beforeend", frame)
    # keydown listens on the document (never replaced either), so that Escape
    # closes a dialog even when focus has left the game (e.g. on <body>).
    for target, name, handler in ((app, "click", on_click), (document, "keydown", on_key),
                                  (window, "error", on_error),
                                  (window, "unhandledrejection", on_error)):
        PORTS.listen(target, name, handler)
    _listen_for_files()
    opened, pressed = _take_over()
    if opened:  # back to the rules button when the rules page closes
        PORTS.focus.opener = ("action", events.Action.RULES.value, None)
    early = events.decode(pressed) if pressed in (events.Action.NEW_GAME, events.Action.STATS) else None
    RUNTIME.boot(_address(), str(document.documentElement.lang or "en"), _coarse_pointer(),
                 opened=opened, pressed=early)
    _listen_for_updates()
    picker = document.getElementById("import-file")
    if pressed == events.Action.IMPORT_GAME and not _nil(picker) and picker.files.length:
        RUNTIME.spawn(_read_file_when_ready(picker))
