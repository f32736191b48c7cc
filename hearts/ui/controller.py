"""The only Python that touches the browser: events in, HTML out, effects run.

One click listener on #app and one keydown listener on the document
(neither is ever replaced); the target is
found with ``closest("[data-action],[data-card]")`` and turned into a
message; update() gives the next model and effects; the view's HTML for
#screen goes to assets/morph.js, which changes only what differs in the
page; effects run as asyncio tasks (Pyodide has no threads). Opponent
searches run in slices of ~25 ms so the page never freezes.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
import gc
import json
import time
import traceback

from pyscript import document, window
from pyscript.js_modules import morph as dom  # assets/morph.js (pyscript.toml)
from pyodide.ffi import create_proxy, to_js

try:  # Pyodide 0.28+ gives JavaScript's null as jsnull, not None
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

from .. import i18n
from ..save import MAX_TEXT, revision
from . import stored as ST
from . import events, messages as M, warmup
from . import update as U
from .model import HUMAN, two_tap, visible
from .view import ART, announcement, view

SAVE_KEY = "hearts.save"
STATS_KEY = "hearts.stats"  # statistics across games (hearts.stats: versioned JSON)
SETTINGS_KEY = "hearts.settings"
LANG_KEY = "hearts.lang"  # the same key assets/boot.js reads
REFUSED_KEY = "hearts.refused"  # a refused save, kept aside (hearts/ui/keeping.py)
OWNER_KEY = "hearts.owner"  # the Web Lock held by the tab that plays the game (as key_of(OWNER_KEY))
UNSAVED_KEY = "hearts.unsaved"  # (sessionStorage) revision of a position not stored
# Seconds between tries to store a position that could not be stored.
RETRY_SAVE = 2.0
# Seconds a new page waits for the game's lock before it says another tab
# has the game (a reloaded page's old self may not have let go yet).
CLAIM_WAIT = (0.15, 0.3, 0.5)
VIEW_KEY = "hearts.view"  # the picks and a finished trick (hearts.ui.stored.view_state)
# Every key above is stored as key_of(key): this install's own (hearts.ui.stored).
LEGACY_KEYS = (SAVE_KEY, SETTINGS_KEY, LANG_KEY)  # the root install's, until it moved them
SLICE = 0.025
# Seconds after the first render: long enough for the start screen to be
# painted, short enough to be done before even a quick player's first pass
# (with 0.5 s, the bench's pass click paid for the opponents' import).
WARM_UP_AFTER = 0.05

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


def _nil(value) -> bool:
    return value is None or value is jsnull


def _attr(el, name):
    """An element's attribute as a str, or None."""
    value = el.getAttribute(name)
    return None if _nil(value) else str(value)


_state = {"model": None, "tasks": set(), "proxies": [], "tr": {}}


# -- storage (any of it may be unavailable) -----------------------------------

def key_of(key):
    """The localStorage key of ``key`` for this install (the page's folder,
    the service worker's scope): ``hearts.save@/beta/``. assets/boot.js
    makes the same for LANG_KEY."""
    if "scope" not in _state:
        _state["scope"] = ST.install_scope(str(window.location.pathname))
    return ST.scoped(key, _state["scope"])


def _storage_get(key, raw=False):
    try:
        value = window.localStorage.getItem(key if raw else key_of(key))
    except Exception:
        return None
    return None if _nil(value) else str(value)


def _storage_set(key, value, raw=False) -> bool:
    try:
        window.localStorage.setItem(key if raw else key_of(key), value)
        return True
    except Exception:
        return False


def _storage_remove(key, raw=False):
    try:
        window.localStorage.removeItem(key if raw else key_of(key))
    except Exception:
        pass


def _migrate():
    """The root install takes the values stored under the keys of before
    (unscoped), once: moved when it has none of its own yet."""
    for old, new in ST.migrations(ST.install_scope(str(window.location.pathname)), LEGACY_KEYS):
        value = _storage_get(old, raw=True)
        if value is not None and _storage_get(new, raw=True) is None and _storage_set(new, value, raw=True):
            _storage_remove(old, raw=True)


def _keep_view(model):
    """After a change: keep the picks and a finished trick for a reload."""
    text = ST.view_state(model)
    if text != _state.get("view"):
        _state["view"] = text
        if text is None:
            _storage_remove(VIEW_KEY)
        else:
            _storage_set(VIEW_KEY, text)


def _storage_ok() -> bool:
    probe = "hearts.probe"
    if not _storage_set(probe, "1"):
        return False
    _storage_remove(probe)
    return True


# -- translators ----------------------------------------------------------------

def _tr(lang):
    cache = _state["tr"]
    if lang not in cache:
        cache[lang] = i18n.load(lang)
    return cache[lang]


# -- rendering --------------------------------------------------------------------

def _focus_key():
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


def _restore_focus(key):
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
        _state["focus_later"] = target
        if "focus_proxy" not in _state:
            _state["focus_proxy"] = create_proxy(_focus_later)
        window.requestAnimationFrame(_state["focus_proxy"])
        return
    # Without scrolling it into view (the table never scrolls): focusing
    # then restyles the page but does not lay it out at once.
    target.focus(_no_scroll())


# After these buttons, focus moves to a table with many new cards.
LATER_FOCUS = ("new-game", "confirm-pass", "continue")


def _focus_later(_time=None):
    target = _state.pop("focus_later", None)
    if target is not None and target.isConnected and _nil(document.querySelector("#screen .overlay")):
        active = document.activeElement
        if _nil(active) or active.isSameNode(document.body) or not active.isConnected:
            target.focus(_no_scroll())


def _no_scroll():
    """{preventScroll: true} for focus(), made once."""
    if "no_scroll" not in _state:
        _state["no_scroll"] = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
    return _state["no_scroll"]


def _health():
    """Counters on <html> for the soak test: Python objects after a game,
    listener proxies and pending tasks (they must stay flat)."""
    root = document.documentElement
    root.setAttribute("data-py-objects", str(len(gc.get_objects())))
    root.setAttribute("data-proxies", str(len(_state["proxies"])))
    root.setAttribute("data-tasks", str(len(_state["tasks"])))


def render():
    model = _state["model"]
    tr = _tr(model.ui.settings.lang)
    key = _focus_key()
    had_overlay = not _nil(document.querySelector("#screen .overlay"))
    had_ending = not _nil(document.querySelector("#screen .ending"))
    dom.morph(document.getElementById("screen"), view(*visible(model), tr))
    panel = document.querySelector("#screen .overlay .panel")
    if not _nil(panel):
        if not had_overlay:  # a dialog opened: focus moves into it
            _state["opener"] = key
            panel.focus()
        elif key is not None:
            _restore_focus(key)
        else:
            panel.focus()
    elif had_overlay:  # a dialog closed: back to what opened it
        _restore_focus(_state.pop("opener", None) or key)
    else:
        _restore_focus(key)
    # The hand (or the game) ended: focus moves into its dialog over the table,
    # onto the panel rather than Continue, so a stray Enter does not deal on.
    ending = document.querySelector("#screen .ending-panel")
    if not had_ending and not _nil(ending) and _nil(panel):
        ending.focus()
    game = model.game
    if game is not None and game.phase.value == "game-end" and model.ui.epoch != _state.get("health"):
        _state["health"] = model.ui.epoch
        gc.collect()
        _health()


def announce(items):
    if not items:
        return
    text = announcement(items, _tr(_state["model"].ui.settings.lang))
    live = document.getElementById("live")
    if not _nil(live):
        live.textContent = text


# -- the loop -----------------------------------------------------------------------

def dispatch(msg):
    started = time.perf_counter()
    try:
        model, effects = U.update(_state["model"], msg)
    except Exception:
        _crash(traceback.format_exc())
        return
    _state["model"] = model
    _keep_view(model)
    try:
        render()
        for effect in effects:
            _run(effect)
    except Exception:
        _crash(traceback.format_exc())
    _took(started)


def _took(started):
    """html[data-update-ms]: what the last message cost the page's Python:
    update, re-render and starting its effects (for `make bench`)."""
    document.documentElement.setAttribute("data-update-ms", f"{(time.perf_counter() - started) * 1000:.1f}")


def _crash(text):
    try:
        window.console.warn("hearts: " + text)
        model, _ = U.update(_state["model"], M.Crash(text))
        _state["model"] = model
        render()
    except Exception:  # the last resort: plain text, never a blank page
        document.getElementById("screen").textContent = text


def _spawn(coro):
    task = asyncio.ensure_future(coro)
    _state["tasks"].add(task)
    task.add_done_callback(_state["tasks"].discard)
    task.add_done_callback(_task_done)


def _task_done(task):
    if not task.cancelled() and task.exception() is not None:
        error = task.exception()
        _crash("".join(traceback.format_exception(type(error), error, error.__traceback__)))


def _run(effect):
    if isinstance(effect, M.Save):
        _save(effect.text, effect.rev)
    elif isinstance(effect, KEEPING_EFFECTS):
        _run_keeping(effect)
    elif isinstance(effect, M.ClearSave):
        _storage_remove(SAVE_KEY)
    elif isinstance(effect, M.StoreSettings):
        s = effect.settings
        stored = {"level": s.level, "speed": s.speed, "four_colour": s.four_colour}
        if s.two_tap is not None:  # only once chosen: else the screen decides (pointer: coarse)
            stored["two_tap"] = s.two_tap
        _storage_set(SETTINGS_KEY, json.dumps(stored))
    elif isinstance(effect, M.Language):
        _storage_set(LANG_KEY, effect.lang)
        document.documentElement.lang = effect.lang
        document.title = i18n.game_name(_tr(effect.lang))
    elif isinstance(effect, M.Announce):
        announce(effect.items)
    elif isinstance(effect, M.StoreStats):
        _storage_set(STATS_KEY, effect.text)
    elif isinstance(effect, M.Later):
        _spawn(_later(effect))
    elif isinstance(effect, M.Think):
        _spawn(_think(effect))
    elif isinstance(effect, M.FindHint):
        _spawn(_hint(effect))
    else:
        raise TypeError(f"unknown effect {effect!r}")


async def _later(effect):
    await asyncio.sleep(effect.delay)
    dispatch(effect.msg)


async def _sliced(search):
    """Run a search generator in slices, yielding to the page in between."""
    end = time.perf_counter() + SLICE
    while True:
        try:
            next(search)
        except StopIteration as done:
            return done.value
        if time.perf_counter() >= end:
            await asyncio.sleep(0)
            end = time.perf_counter() + SLICE


async def _think(effect):
    started = time.perf_counter()
    window_start = window.performance.now()
    await asyncio.sleep(0)
    model = _state["model"]
    if model.ui.epoch != effect.epoch or model.game is None:
        return
    game = model.game
    seat = effect.seat
    pv = game.view(seat)  # the opponent sees its own seat's view only
    search = U.opponent_search(pv, model.ui.settings.level, U.rng_for(game, seat))
    card = await _sliced(search)
    _record_thinking(time.perf_counter() - started, window_start, window.performance.now())
    rest = effect.delay - (time.perf_counter() - started)
    if rest > 0:
        await asyncio.sleep(rest)
    if _state["model"].ui.epoch == effect.epoch:
        dispatch(M.OpponentMove(effect.epoch, seat, str(card)))


def _record_thinking(seconds, start, end):
    """Keep the latest opponents' thinking times (ms) on <html data-think-ms>,
    and when they thought (performance.now() spans, data-think-spans), for
    the browser benchmark (bench/ai_browser.py); no game data in them."""
    times = _state.setdefault("think_ms", [])
    spans = _state.setdefault("think_spans", [])
    times.append(f"{seconds * 1000:.1f}")
    spans.append(f"{start:.0f}-{end:.0f}")
    del times[:-400], spans[:-400]
    root = document.documentElement
    root.setAttribute("data-think-ms", ",".join(times))
    root.setAttribute("data-think-spans", ",".join(spans))


async def _hint(effect):
    await asyncio.sleep(0)
    model = _state["model"]
    if model.ui.epoch != effect.epoch or model.game is None:
        return
    pv = model.game.view(HUMAN)  # the hint sees what the player sees, no more
    from ..ai.explain import explained_search  # Hard's search, with its figures

    explained = await _sliced(explained_search(pv, U.rng_for(model.game, HUMAN, "hint")))
    dispatch(M.HintReady(effect.epoch, explained.cards, explained))


# -- events (their messages: hearts.ui.events) -----------------------------------

def on_click(event):
    try:
        if event.target.classList.contains("overlay"):  # the dimmed backdrop
            dispatch(events.backdrop())
            return
        target = event.target.closest("[data-action],[data-card]")
        if _nil(target):
            return
        card = _attr(target, "data-card")
        if card:
            # The 2nd click of a double click is not a new choice, but with
            # "Tap twice to play" a quick second tap is the one that plays.
            if (event.detail or 0) > 1 and not two_tap(_state["model"].ui):
                return
            msg = events.card(card)
        else:
            msg = events.decode(_attr(target, "data-action"), _attr(target, "data-value"))
        if msg is not None:
            dispatch(msg)
    except Exception:
        _crash(traceback.format_exc())


def on_key(event):
    try:
        key = event.key
        if event.repeat and key in ("Enter", " "):  # a key held down chooses once
            event.preventDefault()
            return
        model = _state["model"]
        msg = events.key(key, None if model is None else model.ui.overlay)
        if msg is not None:  # Escape; in the replay, a trick back or on
            dispatch(msg)
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
        _crash(traceback.format_exc())


def on_error(event):
    message = getattr(event, "message", None) or str(getattr(event, "reason", "error"))
    _crash(f"JavaScript: {message}")


# -- start ---------------------------------------------------------------------------

def _flags():
    params = window.URLSearchParams.new(window.location.search)
    stored, settings_ok = ST.read_settings(_storage_get(SETTINGS_KEY))
    if not ST.lang_ok(_storage_get(LANG_KEY), i18n.LANGUAGES):
        settings_ok = False
    notes = () if settings_ok else ("settings-unreadable",)

    def param(name):
        value = params.get(name)
        return None if _nil(value) else str(value)

    seed, refused = ST.parse_seed(param("seed"))
    if refused:
        notes += ("seed-refused",)
    _state["notes"] = notes
    lang = i18n.negotiate([str(document.documentElement.lang or "en")])
    # Two-tap play is on by default on a touch screen, but never by itself in
    # a test run (?speed=instant): there a click plays, unless it was chosen.
    try:
        coarse = bool(window.matchMedia("(pointer: coarse)").matches)
    except Exception:
        coarse = False
    chosen = stored.get("two_tap")
    return dict(
        two_tap=chosen if isinstance(chosen, bool) else None,
        touch=coarse and param("speed") != "instant",
        lang=lang,
        level=param("level") or stored.get("level") or "normal",
        speed=param("speed") or stored.get("speed") or "normal",
        four_colour=stored.get("four_colour") is True,
        seed=seed,
        saved=_storage_get(SAVE_KEY),
        stats=_storage_get(STATS_KEY),
        storage_ok=_storage_ok(),
        refused=bool(_storage_get(REFUSED_KEY)),
        unsaved_rev=_unsaved_rev(),
    )


def main():
    app = document.getElementById("app")
    app.innerHTML = ('<div id="screen"></div>'
                     '<p id="live" class="sr" aria-live="polite" aria-atomic="true"></p>' + ART_DEFS
                     + FILE_INPUT)
    # keydown listens on the document (never replaced either), so that Escape
    # closes a dialog even when focus has left the game (e.g. on <body>).
    for target, name, handler in ((app, "click", on_click), (document, "keydown", on_key),
                                  (window, "error", on_error),
                                  (window, "unhandledrejection", on_error)):
        proxy = create_proxy(handler)
        _state["proxies"].append(proxy)
        target.addEventListener(name, proxy)
    _migrate()
    try:
        flags = _flags()
        _state["boot_saved"] = flags["saved"]
        model, effects = U.init(**flags)
        model, effects = ST.restore_view(model, effects, _storage_get(VIEW_KEY))
        _state["view"] = ST.view_state(model)
        notes = _state.get("notes", ())
        if notes and model.ui.screen == "table":  # said over the table, once
            model = replace(model, ui=replace(model.ui, message=M.Note(notes[0])))
        elif notes:
            model = replace(model, ui=replace(model.ui, notes=notes))
    except Exception:
        model, effects = U.init(), []
        _state["model"] = model
        _crash(traceback.format_exc())
    _state["model"] = model
    document.title = i18n.game_name(_tr(model.ui.settings.lang))
    _listen_for_files()
    started = time.perf_counter()
    render()
    _took(started)
    # Ready, and the game's effects run, once it is known whether this tab
    # plays the game or another one does (a few ms; see _claim).
    _spawn(_start(effects))
    _spawn(_warm_up())


async def _start(effects):
    owner = True
    for wait in (0,) + CLAIM_WAIT:
        if wait:
            await asyncio.sleep(wait)
        owner = await _claim(steal=False)
        if owner:
            break
    _lock_state("held" if owner else "elsewhere")
    if not owner:
        dispatch(M.Elsewhere("open"))
    elif _storage_get(SAVE_KEY) != _state.pop("boot_saved", None):
        # The page this one replaces (a reload) stored moves while this one
        # started: go on from them, not from what was read at the start.
        dispatch(M.Adopt(_storage_get(SAVE_KEY)))
        effects = []
    document.documentElement.setAttribute("data-ready", "1")
    if owner:
        for effect in effects:
            _run(effect)


async def _warm_up():
    """While the player looks at the start screen: import the opponents and
    hashlib (~25 ms), which the boot does not wait for, and neither do the
    clicks that first need them (New game, confirming the pass); then render
    the first moves of a throwaway game (warmup.rehearsal), a step at a time, so
    that a real game's first clicks do not run that code for the first time."""
    await asyncio.sleep(WARM_UP_AFTER)
    warmup.warm_up()
    settings = _state["model"].ui.settings
    tr = _tr(settings.lang)
    for model in warmup.rehearsal(settings.level):
        await asyncio.sleep(0)  # a click waiting meanwhile goes first
        view(*visible(model), tr)
    document.documentElement.setAttribute("data-warm", "done")  # for `make bench`'s clicks


# -- one owner, kept-aside saves, files, saving again (hearts/ui/keeping.py) -----------

KEEPING_EFFECTS = (M.Claim, M.KeepAside, M.DownloadRefused, M.Download, M.PickFile)
# The file input of "Open a game from a file", outside #screen (the view never
# draws it); its change event brings the chosen file.
FILE_INPUT = '<input type="file" id="import-file" class="sr" accept=".json,application/json" hidden>'


def _run_keeping(effect):
    if isinstance(effect, M.Claim):
        _spawn(_take_over())
    elif isinstance(effect, M.KeepAside):
        _storage_set(REFUSED_KEY, effect.text)
    elif isinstance(effect, M.DownloadRefused):
        text = _storage_get(REFUSED_KEY)
        if text:
            _download(text, "hearts-refused-save.json")
    elif isinstance(effect, M.Download):
        _download(effect.text, effect.name)
    elif isinstance(effect, M.PickFile):
        picker = document.getElementById("import-file")
        if not _nil(picker):
            picker.value = ""
            picker.click()


def _apply(msg):
    """A message from an effect that the controller runs right away (its
    effects, if any, are none of the screen's business)."""
    _state["model"], _ = U.update(_state["model"], msg)
    render()


def _save(text, rev):
    """Store the position ``text`` (revision ``rev``) unless a newer one is
    stored; tell the model when it fails, and when it works again."""
    if _state.get("leaving"):
        return  # the page is going (see _on_pagehide)
    if rev and revision(_storage_get(SAVE_KEY)) >= rev:
        # Another tab stored a later position: never replace it.
        _state.pop("pending", None)
        _apply(M.Elsewhere("moved"))
        return
    model = _state["model"]
    if _storage_set(SAVE_KEY, text):
        _state.pop("pending", None)
        _state["saved_rev"] = rev
        _session("removeItem", UNSAVED_KEY)
        if model.ui.storage != "ok":
            _apply(M.SaveResumed(rev))
        return
    retrying = "pending" in _state
    _state["pending"] = (text, rev)
    _session("setItem", UNSAVED_KEY, str(rev))
    if model.ui.storage == "ok":
        _apply(M.SaveFailed(_state.get("saved_rev", model.ui.saved_rev)))
    if not retrying:
        _spawn(_retry_saves())


async def _retry_saves():
    """Saving resumes by itself: the latest position that could not be
    stored is tried again every RETRY_SAVE seconds until it is."""
    while "pending" in _state:
        await asyncio.sleep(RETRY_SAVE)
        pending = _state.get("pending")
        if pending is None or _state["model"].ui.owner != "here":
            _state.pop("pending", None)
            return
        _save(*pending)


def _session(method, key, *args):
    """sessionStorage's method on this install's own key."""
    try:
        return getattr(window.sessionStorage, method)(key_of(key), *args)
    except Exception:
        return None


def _unsaved_rev() -> int:
    value = _session("getItem", UNSAVED_KEY)
    text = "" if _nil(value) else str(value)
    return int(text) if text.isdigit() and len(text) < 17 else 0


def _locks():
    try:
        locks = getattr(window.navigator, "locks", None)
    except Exception:
        return None
    return None if _nil(locks) or not hasattr(locks, "request") else locks


def _keep(fn):
    proxy = create_proxy(fn)
    _state.setdefault("lock_proxies", []).append(proxy)
    return proxy


async def _claim(steal: bool) -> bool:
    """Hold the game's Web Lock for as long as this page lives: True once
    held, False if another tab holds it (without ``steal``). When another
    tab steals it, this one is told (Elsewhere). Without Web Locks every
    tab may play, and the revisions alone keep a stale tab from saving."""
    locks = _locks()
    if locks is None:
        _state["no_locks"] = True
        return True
    got = asyncio.get_event_loop().create_future()

    def held(lock):
        if _nil(lock):
            if not got.done():
                got.set_result(False)
            return None
        if not got.done():
            got.set_result(True)
        return window.Promise.new(_keep(lambda resolve, reject: _state.__setitem__("release", resolve)))

    def lost(error):
        if got.done() and got.result():  # it was held here, and another tab took it
            _lock_state("elsewhere")
            dispatch(M.Elsewhere("open"))
        elif not got.done():
            got.set_result(True)  # the API refused (e.g. an opaque origin): no locking

    options = {"steal": True} if steal else {"ifAvailable": True}
    try:
        # (the lock of this install's game only: key_of)
        promise = locks.request(key_of(OWNER_KEY), to_js(options, dict_converter=window.Object.fromEntries),
                                _keep(held))
        promise.then(_keep(lambda _v=None: None), _keep(lost))
    except Exception:
        return True
    return await got


def _lock_state(state):
    """html[data-lock]: "held" (this tab plays the game), "elsewhere" (another
    tab does) or "none" (no Web Locks here: every tab may play, and the
    revisions keep a stale one from saving), for tests and bug reports."""
    document.documentElement.setAttribute("data-lock", "none" if _state.get("no_locks") else state)


async def _take_over():
    _lock_state("held" if await _claim(steal=True) else "elsewhere")
    dispatch(M.Adopt(_storage_get(SAVE_KEY)))


def _download(text, name):
    """Let the player save ``text`` as the file ``name``."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    _spawn(_revoke_later(url))


async def _revoke_later(url):
    await asyncio.sleep(30)
    window.URL.revokeObjectURL(url)


def _listen_for_files():
    """The file input's change; and the page's pagehide and pageshow (see _on_pagehide)."""
    picker = document.getElementById("import-file")
    for target, name, handler in ((picker, "change", lambda event: _spawn(_read_file(picker))),
                                  (window, "pagehide", _on_pagehide), (window, "pageshow", _on_pageshow)):
        if _nil(target):
            continue
        proxy = create_proxy(handler)
        _state["proxies"].append(proxy)
        target.addEventListener(name, proxy)


def _on_pagehide(event=None):
    """The page goes (a reload, another page, the back-forward cache): it
    stores nothing more and lets the game's lock go at once, so the page
    that comes next (a reload's) owns the game and starts from the last
    position this one stored. (An opponent's move it would still make
    there is made again by the next page: the same, from the same
    position.)"""
    _state["leaving"] = True
    release = _state.pop("release", None)
    if release is not None:
        release()


def _on_pageshow(event=None):
    if getattr(event, "persisted", False):  # back from the back-forward cache
        _state["leaving"] = False
        _spawn(_come_back())


async def _come_back():
    owner = await _claim(steal=False)
    _lock_state("held" if owner else "elsewhere")
    dispatch(M.Adopt(_storage_get(SAVE_KEY)) if owner else M.Elsewhere("open"))


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
    dispatch(M.Imported(text))
