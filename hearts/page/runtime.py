"""The page's loop, without the page: messages in, effects run, over ports.

:class:`Runtime` holds the model. Every message goes through
:meth:`Runtime.dispatch`: ``update`` gives the next model and its effects,
the view's HTML goes to the screen, and :meth:`Runtime.run_effect` carries
out each effect (save, announce, let an opponent think, wait, hint, store
the settings, the language, the statistics, keep a refused save aside, a
file, the game's lock). Whatever an effect needs from the browser it asks
of :class:`Ports`: ``hearts/page/controller.py`` implements them with
PyScript, ``tests/fake_ports.py`` with a dict, a list and a fake clock, so
that the tests run these very handlers. Nothing here imports the browser.

Long searches (an opponent's, the hint's) run in slices of :data:`SLICE`
seconds by the ports' clock (:func:`hearts.engine.slices.run_slice`), with a pause
for the page between them. A message that arrives while one is being
handled (a save refused during a click) waits in :attr:`Runtime.queue` and
is handled right after it. Anything that goes wrong is caught and shown in
the error dialog (``Crash``); the game stays in the model and in storage.
"""

from __future__ import annotations

import gc
import json
import traceback
from collections import deque
from dataclasses import replace
from typing import Any, Awaitable, Callable, Coroutine, Iterator, Protocol

from ..text import i18n, vocabulary
from ..engine.game import Phase
from ..engine.save import read, revision
from ..engine.slices import run_slice
from ..app import stored as ST
from ..app import messages as M, update as U, warmup
from ..app.model import HUMAN, Model, visible
from ..app.view import announcement, view

SAVE_KEY = "hearts.save"
STATS_KEY = "hearts.stats"  # statistics across games (hearts.app.stats: versioned JSON)
SETTINGS_KEY = "hearts.settings"
LANG_KEY = "hearts.lang"  # the same key assets/loading-screen.js reads
REFUSED_KEY = "hearts.refused"  # a refused save, kept aside (hearts/app/keeping.py)
OWNER_KEY = "hearts.owner"  # the Web Lock held by the tab that plays the game (as key_of(OWNER_KEY))
UNSAVED_KEY = "hearts.unsaved"  # (sessionStorage) revision of a position not stored
VIEW_KEY = "hearts.view"  # the picks and a finished trick (hearts.app.stored.view_state)
# Every key above is stored as key_of(key): this install's own (hearts.app.stored).
LEGACY_KEYS = (SAVE_KEY, SETTINGS_KEY, LANG_KEY)  # the root install's, until it moved them

# Seconds between tries to store a position that could not be stored.
RETRY_SAVE = 2.0
# Seconds a new page waits for the game's lock before it says another tab
# has the game (a reloaded page's old self may not have let go yet).
CLAIM_WAIT = (0.15, 0.3, 0.5)
# Seconds of searching before the page gets its turn again.
SLICE = 0.025
# Seconds between the review's progress shown (hearts.app.coach).
REVIEW_PROGRESS = 0.15
# Seconds after the first render: long enough for the start screen to be
# painted, short enough to be done before even a quick player's first pass.
WARM_UP_AFTER = 0.05
# Seconds an object URL of a download is kept.
DOWNLOAD_KEPT = 30.0
THINK_KEPT = 400  # opponents' thinking times kept in data-think-ms


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

    def proxies(self) -> int:
        """How many event listeners' proxies the page holds (for data-proxies)."""

    def warn(self, text: str) -> None:
        """The console's warning."""

    def show_text(self, text: str) -> None:
        """The last resort: plain text in place of the screen."""

    # -- storage (the keys are whole: the runtime scopes them)
    def storage_get(self, key: str) -> str | None: ...

    def storage_set(self, key: str, value: str) -> bool: ...

    def storage_remove(self, key: str) -> None: ...

    def session_get(self, key: str) -> str | None: ...

    def session_set(self, key: str, value: str) -> None: ...

    def session_remove(self, key: str) -> None: ...

    # -- time and tasks
    def clock(self) -> float:
        """Seconds, monotonic (time.perf_counter)."""

    def page_ms(self) -> float:
        """The page's own clock in ms (performance.now()), for data-think-spans."""

    def sleep(self, seconds: float) -> Awaitable[None]: ...

    def start(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task of its own (it catches its own errors)."""

    # -- other tabs
    def claim(self, key: str, steal: bool, lost: Callable[[], None]) -> Awaitable[str]:
        """Ask for the Web Lock ``key`` (``steal``: take it from whoever has
        it), held until :meth:`release`: "held", "elsewhere" (another tab
        holds it) or "none" (no Web Locks here). ``lost()`` is called when
        another tab steals it later."""

    def release(self) -> None:
        """Let the lock go (the page is going)."""

    # -- files
    def download(self, text: str, name: str) -> object:
        """Let the player save ``text`` as the file ``name``; a handle for :meth:`revoke`."""

    def revoke(self, handle: object) -> None:
        """Free what :meth:`download` needed (its object URL)."""

    def pick_file(self) -> None:
        """Open the file chooser of "Open a game from a file"."""

    # -- a new version, storage the browser keeps (hearts.ui.updates)
    def apply_update(self) -> None:
        """Switch to the new version: its worker goes ahead, the page reloads."""

    def persist(self, ask: bool) -> Awaitable[str]:
        """Whether the browser keeps this site's storage ("granted",
        "denied", "none": no navigator.storage); ``ask``: ask for it
        (navigator.storage.persist()), else only look (persisted())."""


def _noting(gen: Iterator[float], box: list[float]):
    """``gen``, each value it yields also kept in ``box[0]``."""
    while True:
        try:
            value = next(gen)
        except StopIteration as stop:
            return stop.value
        box[0] = value
        yield value


class Runtime:
    """The model, and the loop of messages and effects (see the module)."""

    def __init__(self, ports: Ports, model: Model | None = None, scope: str = ST.ROOT_SCOPE) -> None:
        self.ports = ports
        self.model: Model = model if model is not None else Model()
        self.scope = scope  # the install's path (hearts.app.stored.install_scope)
        self.queue: deque[M.Msg] = deque()  # messages waiting for the one being handled
        self.busy = False  # a message is being handled
        self.tasks = 0  # effects still running (data-tasks; data-running)
        self.handled = 0  # messages handled (data-messages)
        self.translators: dict[str, i18n.Translator] = {}
        self.view_text: str | None = None  # the view state last stored (VIEW_KEY)
        self.boot_saved: str | None = None  # the save as read at the start
        self.pending: tuple[str, int] | None = None  # a position that could not be stored
        self.saved_rev: int | None = None  # revision of the last position this tab stored
        self.own_text: str | None = None  # the save this tab stored or adopted last
        self.leaving = False  # the page is going: nothing more is stored
        self.no_locks = False  # no Web Locks here (data-lock="none")
        self.holding = False  # this tab holds the game's Web Lock
        self.health_epoch: int | None = None  # the game end last measured (data-py-objects)
        self.think_ms: list[str] = []
        self.think_spans: list[str] = []
        self._effects: dict[type, Callable[[Any], object]] = {
            M.Save: lambda e: self.save(e.text, e.rev),
            M.ClearSave: lambda e: self.remove(SAVE_KEY),
            M.StoreSettings: self._store_settings,
            M.Language: self._language,
            M.Announce: lambda e: self.announce(e.items),
            M.StoreStats: lambda e: self.put(STATS_KEY, e.text),
            M.Later: lambda e: self.spawn(self._later(e)),
            M.Think: lambda e: self.spawn(self._think(e)),
            M.ThinkPasses: lambda e: self.spawn(self._think_passes(e)),
            M.FindHint: lambda e: self.spawn(self._hint(e)),
            M.Claim: lambda e: self.spawn(self._take_over()),
            M.KeepAside: lambda e: self.put(REFUSED_KEY, e.text),
            M.DownloadRefused: self._download_refused,
            M.Download: lambda e: self.download(e.text, e.name),
            M.PickFile: lambda e: self.ports.pick_file(),
            M.RunReview: lambda e: self.spawn(self._review(e)),
            M.ApplyUpdate: lambda e: self.apply_update(),
            M.AskPersist: lambda e: self.spawn(self._persist(ask=True)),
        }

    # -- the loop ---------------------------------------------------------------

    def dispatch(self, msg: M.Msg) -> None:
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

    def step(self, msg: M.Msg) -> None:
        """One message: update, keep the view state, render, run its effects."""
        started = self.ports.clock()
        try:
            model, effects = U.update(self.model, msg)
        except Exception:
            self._failed(msg, traceback.format_exc())
            return
        self.model = model
        self._keep_view(model)
        try:
            self.render()
        except Exception:  # shown (or said as text); the effects still run: the save first
            self._failed(msg, traceback.format_exc())
        try:
            self.run(effects)
        except Exception:
            self._failed(msg, traceback.format_exc())
        self._took(started)

    def run(self, effects: list) -> None:
        """Run ``effects`` in order."""
        for effect in effects:
            self.run_effect(effect)

    def run_effect(self, effect: object) -> None:
        handler = self._effects.get(type(effect))
        if handler is None:
            raise TypeError(f"unknown effect {effect!r}")
        handler(effect)

    def crash(self, text: str) -> None:
        """Something went wrong: the console and the error dialog say so
        (its Keep playing goes on with the game, which nothing lost)."""
        try:
            self.ports.warn("hearts: " + text)
        except Exception:
            pass
        self.dispatch(M.Crash(text))

    def _failed(self, msg: object, text: str) -> None:
        if isinstance(msg, M.Crash):  # not even the error could be shown: never a blank page
            self.ports.show_text(msg.text)
        else:
            self.crash(text)

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task; an error in it is shown as any other."""
        self.tasks += 1
        self.ports.mark("data-running", str(self.tasks))
        self.ports.start(self._task(coro))

    async def _task(self, coro: Coroutine[Any, Any, None]) -> None:
        try:
            await coro
        except Exception:
            self.crash(traceback.format_exc())
        finally:
            self.tasks -= 1
            self.ports.mark("data-running", str(self.tasks))

    async def sliced(self, search: Iterator) -> Any:
        """Run a search generator in slices of SLICE seconds (by the ports'
        clock), the page getting its turn in between; its result."""
        while (done := run_slice(search, SLICE, self.ports.clock)) is None:
            await self.ports.sleep(0)
        return done.value

    # -- the screen ---------------------------------------------------------------

    def tr(self, lang: str) -> i18n.Translator:
        if lang not in self.translators:
            self.translators[lang] = i18n.load(lang)
        return self.translators[lang]

    def render(self) -> None:
        model = self.model
        self.ports.render(view(*visible(model), self.tr(model.ui.settings.lang)))
        game = model.game
        if game is not None and game.phase is Phase.GAME_END and model.ui.epoch != self.health_epoch:
            self.health_epoch = model.ui.epoch
            gc.collect()
            self._health()

    def announce(self, items: tuple) -> None:
        if items:
            self.ports.announce(announcement(items, self.tr(self.model.ui.settings.lang)))

    def _language(self, effect: M.Language) -> None:
        self.put(LANG_KEY, effect.lang)
        self.ports.set_lang(effect.lang)
        self.ports.set_title(vocabulary.game_name(self.tr(effect.lang)))

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

    def _health(self) -> None:
        """Counters for the soak test, after a game: Python objects,
        listener proxies and pending tasks (they must stay flat)."""
        self.ports.mark("data-py-objects", str(len(gc.get_objects())))
        self.ports.mark("data-proxies", str(self.ports.proxies()))
        self.ports.mark("data-tasks", str(self.tasks))

    def _record_thinking(self, seconds: float, start: float, end: float) -> None:
        """The latest opponents' thinking times (ms, data-think-ms) and when
        they thought (the page's clock, data-think-spans), for
        bench/ai_browser.py; no game data in them."""
        self.think_ms.append(f"{seconds * 1000:.1f}")
        self.think_spans.append(f"{start:.0f}-{end:.0f}")
        del self.think_ms[:-THINK_KEPT], self.think_spans[:-THINK_KEPT]
        self.ports.mark("data-think-ms", ",".join(self.think_ms))
        self.ports.mark("data-think-spans", ",".join(self.think_spans))

    def lock_state(self, state: str) -> None:
        """data-lock: "held" (this tab plays the game), "elsewhere" (another
        tab does) or "none" (no Web Locks here: every tab may play, and the
        revisions keep a stale one from saving)."""
        self.ports.mark("data-lock", "none" if self.no_locks else state)

    # -- storage: this install's keys ------------------------------------------------

    def key_of(self, name: str) -> str:
        """The storage key of ``name`` for this install: ``hearts.save@/beta/``
        (assets/loading-screen.js makes the same for LANG_KEY)."""
        return ST.scoped(name, self.scope)

    def get(self, name: str) -> str | None:
        return self.ports.storage_get(self.key_of(name))

    def put(self, name: str, value: str) -> bool:
        return self.ports.storage_set(self.key_of(name), value)

    def remove(self, name: str) -> None:
        self.ports.storage_remove(self.key_of(name))

    def migrate(self) -> None:
        """The root install takes the values stored under the keys of before
        (unscoped), once: moved when it has none of its own yet."""
        ports = self.ports
        for old, new in ST.migrations(self.scope, LEGACY_KEYS):
            value = ports.storage_get(old)
            if value is not None and ports.storage_get(new) is None and ports.storage_set(new, value):
                ports.storage_remove(old)

    def storage_ok(self) -> bool:
        probe = "hearts.probe"
        if not self.put(probe, "1"):
            return False
        self.remove(probe)
        return True

    def _keep_view(self, model: Model) -> None:
        """After a change: keep the picks and a finished trick for a reload."""
        text = ST.view_state(model)
        if text != self.view_text:
            self.view_text = text
            if text is None:
                self.remove(VIEW_KEY)
            else:
                self.put(VIEW_KEY, text)

    def _store_settings(self, effect: M.StoreSettings) -> None:
        s = effect.settings
        stored: dict[str, object] = {"level": s.level, "speed": s.speed, "four_colour": s.four_colour}
        if s.two_tap is not None:  # only once chosen: else the screen decides (pointer: coarse)
            stored["two_tap"] = s.two_tap
        if s.reminded:
            stored["reminded"] = True
        self.put(SETTINGS_KEY, json.dumps(stored))

    def unsaved_rev(self) -> int:
        rev = ST.whole_number(self.ports.session_get(self.key_of(UNSAVED_KEY)), ST.REV_MAX_DIGITS)
        return 0 if rev is None else rev

    # -- saving (hearts/app/keeping.py) -------------------------------------------------

    def save(self, text: str, rev: int) -> None:
        """Store the position ``text`` (revision ``rev``) unless a newer one is
        stored; tell the model when it fails, and when it works again."""
        if self.leaving:
            return  # the page is going (see leave)
        if rev and self._later_stored(rev):
            # Another tab stored a later position: never replace it.
            self.pending = None
            self.dispatch(M.Elsewhere("moved"))
            return
        model = self.model
        if self.put(SAVE_KEY, text):
            self.pending = None
            self.saved_rev = rev
            self.own_text = text
            self.ports.session_remove(self.key_of(UNSAVED_KEY))
            if model.ui.storage != "ok":
                self.dispatch(M.SaveResumed(rev))
            return
        retrying = self.pending is not None
        self.pending = (text, rev)
        self.ports.session_set(self.key_of(UNSAVED_KEY), str(rev))
        if model.ui.storage == "ok":
            self.dispatch(M.SaveFailed(model.ui.saved_rev if self.saved_rev is None else self.saved_rev))
        if not retrying:
            self.spawn(self._retry_saves())

    def _later_stored(self, rev: int) -> bool:
        """Whether the slot holds a position later than ``rev`` that this tab
        would play: a revision is only compared with a save it accepts
        (a damaged or newer-version text of any revision never blocks the
        next game; it is kept aside before it is replaced)."""
        stored = self.get(SAVE_KEY)
        if revision(stored) < rev or stored == self.own_text:
            # (its own: revisions stop at MAX_REV, where the next equals the last)
            return False
        try:
            read(stored or "")
            return True
        except Exception:  # SaveError, or anything else wrong with it
            if self.get(REFUSED_KEY) != stored:
                self.put(REFUSED_KEY, stored or "")
            return False

    def stored_elsewhere(self, key: str) -> None:
        """Another tab stored ``key`` (the page's storage event). If it is the
        game's save and the slot now holds a position this tab did not store,
        as new as its own or newer, this tab is stale: it says so at once, not
        at its next move. So two tabs without Web Locks that both stored the
        same revision (in the same millisecond) are told apart at once: the
        one whose save the slot kept plays on, the other is told."""
        model = self.model
        if (key != self.key_of(SAVE_KEY) or self.leaving or model.ui.owner != "here"
                or model.game is None or self.own_text is None):
            return
        if self._later_stored(max(model.ui.rev, 1)):
            self.pending = None
            self.dispatch(M.Elsewhere("moved"))

    async def _retry_saves(self) -> None:
        """Saving resumes by itself: the latest position that could not be
        stored is tried again every RETRY_SAVE seconds until it is."""
        while self.pending is not None:
            await self.ports.sleep(RETRY_SAVE)
            pending = self.pending
            if pending is None or self.model.ui.owner != "here":
                self.pending = None
                return
            self.save(*pending)

    # -- waiting, opponents, the hint ----------------------------------------------------

    async def _later(self, effect: M.Later) -> None:
        await self.ports.sleep(effect.delay)
        self.dispatch(effect.msg)

    async def _think(self, effect: M.Think) -> None:
        ports = self.ports
        started = ports.clock()
        page_start = ports.page_ms()
        await ports.sleep(0)
        model = self.model
        if model.ui.epoch != effect.epoch or model.game is None:
            return
        game = model.game
        seat = effect.seat
        pv = game.view(seat)  # the opponent sees its own seat's view only
        card = await self.sliced(U.opponent_search(pv, model.ui.settings.level, U.rng_for(game, seat)))
        self._record_thinking(ports.clock() - started, page_start, ports.page_ms())
        rest = effect.delay - (ports.clock() - started)
        if rest > 0:
            await ports.sleep(rest)
        if self.model.ui.epoch == effect.epoch:
            self.dispatch(M.OpponentMove(effect.epoch, seat, str(card)))

    async def _think_passes(self, effect: M.ThinkPasses) -> None:
        """The opponents choose their passes (seats 1 to 3, each from its own
        view, a sliced search each) while the player chooses."""
        ports = self.ports
        await ports.sleep(0)
        game = self.model.game
        if game is None or game.phase is not Phase.PASS:
            return
        level = effect.key[0]
        passes: list[tuple[str, str, str]] = []
        for seat in (1, 2, 3):
            started, page_start = ports.clock(), ports.page_ms()
            pv = game.view(seat)  # the opponent sees its own seat's view only
            search = U.pass_search(pv, level, U.rng_for(game, seat, "pass"))
            while (done := run_slice(search, SLICE, ports.clock)) is None:
                await ports.sleep(0)
                if self.model.game is not game:
                    return  # the player passed (or left) meanwhile: the play must not wait for this
            self._record_thinking(ports.clock() - started, page_start, ports.page_ms())
            a, b, c = (str(card) for card in done.value)
            passes.append((a, b, c))
        self.dispatch(M.PassesReady(effect.key, tuple(passes)))

    async def _hint(self, effect: M.FindHint) -> None:
        await self.ports.sleep(0)
        model = self.model
        if model.ui.epoch != effect.epoch or model.game is None:
            return
        pv = model.game.view(HUMAN)  # the hint sees what the player sees, no more
        from ..ai.explain import explained_search  # Hard's search, with its figures

        explained = await self.sliced(explained_search(pv, U.rng_for(model.game, HUMAN, "hint")))
        self.dispatch(M.HintReady(effect.epoch, explained.cards, explained))

    async def _review(self, effect: M.RunReview) -> None:
        """A hand's review in slices while its screen is open (closed: it
        stops, so play is never slowed), the share done sent now and then."""
        from ..app import review

        await self.ports.sleep(0)
        model = self.model
        if model.game is None or model.ui.review_key != effect.key:
            return
        started = self.ports.clock()
        share = [0.0]  # the share done, as the search last yielded it
        search = _noting(review.search(effect.hand, review.decisions(model.game, effect.hand)), share)
        shown = self.ports.clock()
        while (done := run_slice(search, SLICE, self.ports.clock)) is None:
            await self.ports.sleep(0)
            if self.model.ui.review_key != effect.key or self.model.ui.overlay != "review":
                return
            if self.ports.clock() - shown >= REVIEW_PROGRESS:
                shown = self.ports.clock()
                self.dispatch(M.ReviewProgress(effect.key, share[0]))
        # (bench/review_browser.py: how long a whole review took, pauses included)
        self.ports.mark("data-review-ms", f"{(self.ports.clock() - started) * 1000:.0f}")
        self.dispatch(M.ReviewReady(effect.key, done.value))

    # -- one owner: the game's lock ---------------------------------------------------------

    async def claim(self, steal: bool) -> bool:
        """Hold the game's Web Lock for as long as this page lives: True once
        held (or when there are no locks: then the revisions alone keep a
        stale tab from saving), False if another tab holds it (without
        ``steal``). A tab that holds it already asks nothing: a steal would
        end its own request too, and that end would read as a lost lock."""
        if self.holding:
            return True
        state = await self.ports.claim(self.key_of(OWNER_KEY), steal, self._lock_lost)
        if state == "none":
            self.no_locks = True
        self.holding = state == "held"
        return state != "elsewhere"

    def _lock_lost(self) -> None:
        """Another tab stole the lock: this one stops."""
        self.holding = False
        self.lock_state("elsewhere")
        self.dispatch(M.Elsewhere("open"))

    async def _take_over(self) -> None:
        self.lock_state("held" if await self.claim(steal=True) else "elsewhere")
        self.dispatch(M.Adopt(self._adopted()))

    def _adopted(self) -> str | None:
        """The stored save, which this tab goes on from."""
        self.own_text = self.get(SAVE_KEY)
        return self.own_text

    def leave(self) -> None:
        """The page goes (a reload, another page, the back-forward cache): it
        stores nothing more and lets the game's lock go at once, so the page
        that comes next (a reload's) owns the game and starts from the last
        position this one stored. (An opponent's move it would still make
        there is made again by the next page: the same, from the same
        position.)"""
        self.leaving = True
        self.holding = False
        self.ports.release()

    def come_back(self) -> None:
        """Back from the back-forward cache: ask for the lock again, and go
        on from the stored position (or show that another tab has it)."""
        self.leaving = False
        self.spawn(self._come_back())

    async def _come_back(self) -> None:
        owner = await self.claim(steal=False)
        self.lock_state("held" if owner else "elsewhere")
        self.dispatch(M.Adopt(self._adopted()) if owner else M.Elsewhere("open"))

    # -- files and kept-aside saves -------------------------------------------------------------

    def download(self, text: str, name: str) -> None:
        handle = self.ports.download(text, name)
        self.spawn(self._revoke_later(handle))

    async def _revoke_later(self, handle: object) -> None:
        await self.ports.sleep(DOWNLOAD_KEPT)
        self.ports.revoke(handle)

    # -- a new version, storage the browser keeps (hearts/ui/updates.py) ----------------

    def apply_update(self) -> None:
        """Reload into the new version once the game is stored (the Save
        before this effect): never with a position not stored."""
        if self.pending is None:
            self.ports.apply_update()

    async def _persist(self, ask: bool) -> None:
        self.dispatch(M.Persisted(await self.ports.persist(ask), ask))

    def _download_refused(self, effect: M.DownloadRefused) -> None:
        text = self.get(REFUSED_KEY)
        if text:
            self.download(text, "hearts-refused-save.json")

    # -- the start ------------------------------------------------------------------------

    def flags(self, param: Callable[[str], str | None], html_lang: str, coarse: bool) -> tuple[dict, tuple]:
        """U.init's arguments from the address (``param``: a URL parameter or
        None), what is stored and the screen; and notes for the player
        about what could not be used."""
        stored, settings_ok = ST.read_settings(self.get(SETTINGS_KEY))
        if not ST.lang_ok(self.get(LANG_KEY), i18n.LANGUAGES):
            settings_ok = False
        notes: tuple[str, ...] = () if settings_ok else ("settings-unreadable",)
        seed, refused = ST.parse_seed(param("seed"))
        if refused:
            notes += ("seed-refused",)
        # Two-tap play is on by default on a touch screen, but never by itself in
        # a test run (?speed=instant): there a click plays, unless it was chosen.
        chosen = stored.get("two_tap")
        return dict(
            two_tap=chosen if isinstance(chosen, bool) else None,
            touch=coarse and param("speed") != "instant",
            lang=i18n.negotiate([html_lang or "en"]),
            level=param("level") or stored.get("level") or "normal",
            speed=param("speed") or stored.get("speed") or "normal",
            four_colour=stored.get("four_colour") is True,
            seed=seed,
            saved=self.get(SAVE_KEY),
            stats=self.get(STATS_KEY),
            storage_ok=self.storage_ok(),
            refused=bool(self.get(REFUSED_KEY)),
            unsaved_rev=self.unsaved_rev(),
            reminded=stored.get("reminded") is True,
        ), notes

    def boot(self, param: Callable[[str], str | None], html_lang: str, coarse: bool,
             opened: str | None = None, pressed: M.Msg | None = None) -> None:
        """The first model from the address and storage, its first render;
        then (tasks) the game's lock and the game's first effects, and the
        warm-up. From the start screen the page showed before Python
        (assets/start-screen.js): ``opened``, the dialog open on it (the
        rules), and ``pressed``, the message of a button pressed there (New
        game, Statistics), carried out once the game is ready."""
        self.migrate()
        try:
            flags, notes = self.flags(param, html_lang, coarse)
            self.boot_saved = self.own_text = flags["saved"]
            model, effects = U.init(**flags)
            model, effects = ST.restore_view(model, effects, self.get(VIEW_KEY))
            self.view_text = ST.view_state(model)
            if notes and model.ui.screen == "table":  # said over the table, once
                model = replace(model, ui=replace(model.ui, message=M.Note(notes[0])))
            elif notes:
                model = replace(model, ui=replace(model.ui, notes=notes))
            self.model = model
        except Exception:
            self.model, effects = U.init()[0], []
            self.crash(traceback.format_exc())
        if self.model.ui.screen != "start":
            opened = pressed = None  # a game to resume: the page showed the loading screen
        elif opened == "rules":
            self.model = U.update(self.model, M.ShowOverlay(opened))[0]
        self.ports.set_title(vocabulary.game_name(self.tr(self.model.ui.settings.lang)))
        started = self.ports.clock()
        if pressed is None:
            # (with a button pressed, the page's start screen, its loading bar
            # on that button, stays until the button's screen replaces it)
            self.render()
        self._took(started)
        # Ready, and the game's effects run, once it is known whether this tab
        # plays the game or another one does (a few ms; see claim).
        self.spawn(self._start(effects, pressed))
        self.spawn(self._warm_up())

    async def _start(self, effects: list, pressed: M.Msg | None = None) -> None:
        owner = True
        for wait in (0,) + CLAIM_WAIT:
            if wait:
                await self.ports.sleep(wait)
            owner = await self.claim(steal=False)
            if owner:
                break
        self.lock_state("held" if owner else "elsewhere")
        if not owner:
            self.dispatch(M.Elsewhere("open"))
        elif self.get(SAVE_KEY) != self.boot_saved:
            # The page this one replaces (a reload) stored moves while this one
            # started: go on from them, not from what was read at the start.
            self.dispatch(M.Adopt(self._adopted()))
            effects = []
        self.boot_saved = None
        self.ports.mark("data-ready", "1")
        self.spawn(self._persist(ask=False))  # (only a look: asked at the first New game)
        if owner:
            self.run(effects)
        if pressed is not None:
            if owner and self.model.ui.screen == "start" and self.model.ui.overlay is None:
                self.dispatch(pressed)
            else:
                self.render()

    async def _warm_up(self) -> None:
        """While the player looks at the start screen: import the opponents and
        hashlib (~25 ms), which the boot does not wait for, and neither do the
        clicks that first need them (New game, confirming the pass); then render
        the first moves of a throwaway game (warmup.rehearsal), a step at a time, so
        that a real game's first clicks do not run that code for the first time."""
        await self.ports.sleep(WARM_UP_AFTER)
        warmup.warm_up()
        settings = self.model.ui.settings
        tr = self.tr(settings.lang)
        for model in warmup.rehearsal(settings.level):
            await self.ports.sleep(0)  # a click waiting meanwhile goes first
            view(*visible(model), tr)
        self.ports.mark("data-warm", "done")  # for `make bench`'s clicks
