"""The game bound to the page's loop: what each of its effects does over the ports.

:class:`Runtime` is the generic :class:`hearts.page.runtime.Program` given
the app's update (:func:`hearts.app.update.page_update`), its view and the
table of its effects (``_effects`` below: save, announce, let an opponent
think, wait, hint, store the settings, the language, the statistics, the
view state, keep a refused save aside, a file, the game's lock, a new
version, the page measured after a game). Here too: the boot (the first
model from the address and storage, the game's lock, the warm-up), the
save's reads and writes (whose rules, revisions against stale tabs and
retries of a save that failed, are :mod:`hearts.app.saving`'s) and the
install's own keys, named in :mod:`hearts.app.stored` (the one module that
says what the page stores).
``hearts/page/worker.py`` makes the one Runtime of the page, in its
worker, over ports that are messages to the page; ``tests/fake_ports.py``
over fake ones, so that the tests run these very handlers.
"""

from __future__ import annotations

import gc
import traceback
from dataclasses import replace
from typing import Any, Callable, Coroutine, Generator, TypedDict, TypeVar

from ..text import i18n, vocabulary
from ..engine.cards import Card
from ..engine.game import Phase
from ..engine.slices import run_slice
from ..app import saving as S, stored as ST, stored_settings
from ..app import messages as M, update as U, warmup
from ..app.model import HUMAN, Model, level_of, visible
from ..app.steps import save_of
from ..app.today import parse_date
from ..app.today_play import game_beside
from ..app.view import view
from ..text.spoken import announcement
from .runtime import SLICE, Ports, Program

# Seconds a new page waits for the game's lock before it says another tab
# has the game (a reloaded page's old self may not have let go yet).
LOCK_WAIT = (0.15, 0.3, 0.5)
# Seconds between the review's progress shown (hearts.app.coach).
REVIEW_PROGRESS = 0.15
# Seconds after the first render: long enough for the start screen to be
# painted, short enough to be done before even a quick player's first pass.
WARM_UP_AFTER = 0.05
THINK_KEPT = 400  # opponents' thinking times kept in data-think-ms (?debug=think)
# Seconds every opponent's decision takes, by level, at every speed (the
# longer of this and the speed's CARD_DELAY), whatever it found (issue 47:
# timing tells nothing hidden). A card with no choice (one legal card, or
# cards that are all alike) would otherwise come at once where a real
# choice comes after a search, and the time would tell what the seat holds.
# Hard's search is bounded to THINK_MARGIN less, pauses between its slices
# counted (its budget, 0.25 s of thinking, ends it first on a calm page; it
# begins no deal that would end past its deadline, by the longest so far),
# so a real choice takes no longer than a card with none (on a machine so
# busy that a deal takes far longer than the ones before it, one can still
# overrun by that much: with a margin of 0.02 s two searches of 39 ended
# 3 ms late on a loaded machine; with 0.04 none of 39, the longest 257 ms).
# Easy and Normal decide by rules, in a few ms (the bench's 95th
# percentile: 3.5-4.4 ms).
THINK_AT_LEAST = {"hard": 0.3, "normal": 0.02, "easy": 0.02}
THINK_MARGIN = 0.04  # what ends Hard's search sooner: a deal longer than the others, its answer

_R = TypeVar("_R")


def _noting(gen: Generator[float, None, _R], box: list[float]) -> Generator[float, None, _R]:
    """``gen``, each value it yields also kept in ``box[0]``."""
    while True:
        try:
            value = next(gen)
        except StopIteration as stop:
            result: _R = stop.value
            return result
        box[0] = value
        yield value

class InitFlags(TypedDict):
    """U.init's keyword arguments, as :meth:`Runtime.flags` reads them."""

    two_tap: bool | None
    touch: bool
    lang: str
    level: str
    speed: str
    four_colour: bool
    seed: int | None
    saved: str | None
    stats: str | None
    storage_ok: bool
    refused: bool
    put_aside: bool
    unsaved_rev: int
    reminded: bool
    par: bool
    today: str | None
    days: str | None


class Runtime(Program[Model]):
    """The page's Program for the game (see the module)."""

    def __init__(self, ports: Ports, model: Model | None = None, scope: str = ST.ROOT_SCOPE) -> None:
        super().__init__(ports, model if model is not None else Model(), U.page_update, self._html,
                         M.Crash, name="hearts")
        self.scope = scope  # the install's path (hearts.app.stored.install_scope)
        self.translators: dict[str, i18n.Translator] = {}
        self.boot_saved: str | None = None  # the save as read at the start
        self.write_failed = False  # this tab's last write of the game failed (no new version then)
        self.saved_rev: int | None = None  # revision of the last position this tab stored
        self.own_text: str | None = None  # the save this tab stored or adopted last
        # The last save asked of the page, (text, rev), and whether its answer
        # is awaited (write_done: Python in a worker, whose writes the page
        # makes); a new version waits for it.
        self.last_write: tuple[str, int] | None = None
        self.awaiting = False
        self.update_waiting = False
        self.leaving = False  # the page is going: nothing more is stored
        self.no_locks = False  # no Web Locks here (data-lock="none")
        self.holding = False  # this tab holds the game's Web Lock
        self.think_ms: list[str] = []
        self.think_spans: list[str] = []
        self.show_thinking = False  # ?debug=think: the thinking times on <html> (tests, benchmarks)
        self.date_param: str | None = None  # ?date=YYYY-MM-DD: today's hand's date pinned
        self.handle({
            M.Save: lambda e: self.save(e.text, e.rev),
            M.ClearSave: lambda e: self.remove(ST.SAVE),
            M.StoreSettings: self._store_settings,
            M.Language: self._language,
            M.Announce: lambda e: self.announce(e.items),
            M.StoreStats: lambda e: self.put(ST.STATS, e.text),
            M.StoreView: self._store_view,
            M.Later: lambda e: self.spawn(self._later(e)),
            M.Think: lambda e: self.spawn(self._think(e)),
            M.ThinkPasses: lambda e: self.spawn(self._think_passes(e)),
            M.FindHint: lambda e: self.spawn(self._hint(e)),
            M.StealLock: lambda e: self.spawn(self._take_over()),
            M.KeepAside: lambda e: self.put(ST.REFUSED, e.text),
            M.DownloadRefused: self._download_refused,
            M.Download: lambda e: self.download(e.text, e.name),
            # The page opened the file chooser in the click's own handler (only a
            # user's gesture may open one, and a message from the worker is none):
            # protocol.PICKS_A_FILE, the buttons whose update asks for a file.
            M.PickFile: lambda e: None,
            M.RunReview: lambda e: self.spawn(self._review(e)),
            M.ApplyUpdate: lambda e: self.apply_update(),
            # (persist() may prompt the person, Firefox does: the page waits, not works)
            M.AskPersist: lambda e: self.spawn(self._persist(ask=True), asks_the_person=True),
            M.Measure: lambda e: self._health(),
            M.FindPar: lambda e: self.spawn(self._par(e)),
            M.StoreToday: lambda e: self.put(ST.TODAY, e.text) if e.text is not None else self.remove(ST.TODAY),
            M.StoreDays: lambda e: self.put(ST.DAYS, e.text),
            M.CopyText: lambda e: self.ports.copy_share(),
        })

    # -- the screen ---------------------------------------------------------------

    def tr(self, lang: str) -> i18n.Translator:
        if lang not in self.translators:
            self.translators[lang] = i18n.load(lang)
        return self.translators[lang]

    def _html(self, model: Model) -> str:
        return view(*visible(model), self.tr(model.ui.settings.lang))

    def announce(self, items: tuple[M.Said, ...]) -> None:
        if items:
            self.ports.announce(announcement(items, self.tr(self.model.ui.settings.lang)))

    def _language(self, effect: M.Language) -> None:
        self.put(ST.LANG, effect.lang)
        self.ports.set_lang(effect.lang)
        self.ports.set_title(vocabulary.game_name(self.tr(effect.lang)))

    # -- diagnostics on <html> (tests and benchmarks only) -----------------------------

    def _health(self) -> None:
        """Counters for the soak test, after a game (M.Measure): Python objects
        once the garbage is collected, and pending tasks (they must stay flat)."""
        gc.collect()
        self.ports.mark("data-py-objects", str(len(gc.get_objects())))
        self.ports.mark("data-tasks", str(self.tasks))

    def _record_thinking(self, seconds: float, start: float, end: float) -> None:
        """The latest opponents' thinking times (ms, data-think-ms) and when
        they thought (the page's clock, data-think-spans), for
        bench/ai_browser.py; only under ?debug=think: a search's own time
        tells a card with no choice from a real one (issue 47)."""
        if not self.show_thinking:
            return
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

    def key_of(self, key: ST.Key) -> str:
        """The storage key of ``key`` for this install: ``hearts.save@/beta/``
        (assets/start-screen.js makes the same)."""
        return ST.scoped(key.name, self.scope)

    def get(self, key: ST.Key) -> str | None:
        return self.ports.storage_get(self.key_of(key))

    def put(self, key: ST.Key, value: str) -> bool | None:
        """Store ``value``: True, False (refused), or None: the page stores it
        and answers later (write_done)."""
        return self.ports.storage_set(self.key_of(key), value)

    def remove(self, key: ST.Key) -> None:
        self.ports.storage_remove(self.key_of(key))

    def migrate(self) -> None:
        """The root install takes the values stored under the keys of before
        (unscoped), once: moved when it has none of its own yet."""
        ports = self.ports
        for old, new in ST.migrations(self.scope, [key.name for key in ST.LEGACY]):
            value = ports.storage_get(old)
            if value is not None and ports.storage_get(new) is None and ports.storage_set(new, value) is not False:
                ports.storage_remove(old)

    def storage_ok(self) -> bool:
        if self.put(ST.PROBE, "1") is False:
            return False
        self.remove(ST.PROBE)
        return True

    def _store_view(self, effect: M.StoreView) -> None:
        """Keep the picks and a finished trick for a reload (or forget them)."""
        if effect.text is None:
            self.remove(ST.VIEW)
        else:
            self.put(ST.VIEW, effect.text)

    def _store_settings(self, effect: M.StoreSettings) -> None:
        s = effect.settings
        self.put(ST.SETTINGS, stored_settings.encode(s.level, s.speed, s.four_colour, s.two_tap, s.reminded, s.par))

    def unsaved_rev(self) -> int:
        rev = ST.whole_number(self.ports.session_get(self.key_of(ST.UNSAVED)), ST.REV_MAX_DIGITS)
        return 0 if rev is None else rev

    # -- saving (hearts/app/keeping.py) -------------------------------------------------

    def save(self, text: str, rev: int) -> None:
        """Store the position ``text`` (revision ``rev``) as
        :func:`hearts.app.saving.verdict` says; tell the model what
        :func:`hearts.app.saving.told` says (a failure, saving again)."""
        if self.leaving:
            return  # the page is going (see leave)
        if not self._may_store(rev):
            # Another tab stored a later position: never replace it.
            self.write_failed = False
            self.dispatch(M.Elsewhere("moved"))
            return
        written = self.put(ST.SAVE, text)
        self.last_write = (text, rev)
        if self.get(ST.SAVE) == text:  # (the ports' copy holds it: the page is storing it)
            self.own_text = text
        self.awaiting = written is None
        if self.awaiting:  # the page stores it, and says how that went (write_done)
            return
        self._written(text, rev, bool(written))

    def _written(self, text: str, rev: int, written: bool) -> None:
        """The position ``text`` (revision ``rev``) is stored, or could not be."""
        self.write_failed = not written
        if written:
            self.saved_rev = rev
            self.own_text = text
            self.ports.session_remove(self.key_of(ST.UNSAVED))
        else:
            self.ports.session_set(self.key_of(ST.UNSAVED), str(rev))
        msg = S.told(self.model.ui, written, rev, self.saved_rev)
        if msg is not None:
            self.dispatch(msg)
        if self.update_waiting and written:
            self.update_waiting = False
            self.ports.apply_update()

    def write_done(self, key: str, text: str, written: bool, full: bool = False) -> None:
        """The page stored ``text`` under ``key``, or did not (Python in a
        worker, whose writes the page carries out: hearts.page.mirror): the
        storage is ``full`` (or off), or another tab stored something else
        first, which the ports' copy now holds. For this tab's last save: a
        write that worked or failed, told as any other; or the slot is
        decided again from what it holds (this tab is stale, or it stores
        its position again). An answer about an earlier save is left to the
        next one's."""
        if key != self.key_of(ST.SAVE) or self.last_write is None or self.last_write[0] != text:
            return
        _, rev = self.last_write
        awaited, self.awaiting = self.awaiting, False
        if written:
            if awaited or self.write_failed:  # (told as failed at once, it went in after all)
                self._written(text, rev, True)
        elif full:
            if awaited:
                self._written(text, rev, False)
        elif self._may_store(rev):
            self.save(text, rev)
        else:
            self.write_failed = False
            self.dispatch(M.Elsewhere("moved"))

    def _may_store(self, rev: int) -> bool:
        """Whether the slot may take a position of revision ``rev`` (its
        unreadable text kept aside first), by hearts.app.saving.verdict."""
        stored = self.get(ST.SAVE)
        verdict = S.verdict(rev, stored, self.own_text)
        if verdict == S.KEEP_ASIDE and stored is not None and self.get(ST.REFUSED) != stored:
            self.put(ST.REFUSED, stored)
        return verdict != S.STALE

    def stored_elsewhere(self, key: str) -> None:
        """Another tab stored ``key`` (the page's storage event). If it is the
        game's save and the slot now holds a position this tab did not store,
        as new as its own or newer, this tab is stale: it says so at once, not
        at its next move. So two tabs without Web Locks that both stored the
        same revision (in the same millisecond) are told apart at once: the
        one whose save the slot kept plays on, the other is told. If it is
        the statistics (or today's hand's days), this tab counts its next
        game on from them."""
        if key == self.key_of(ST.STATS):  # counted on from, whichever tab plays
            self.dispatch(M.StatsStored(self.get(ST.STATS)))
            return
        if key == self.key_of(ST.DAYS):  # today's hand's days, the same
            self.dispatch(M.DaysStored(self.get(ST.DAYS)))
            return
        model = self.model
        if (key != self.key_of(ST.SAVE) or self.leaving or model.ui.owner != "here"
                or model.game is None or self.own_text is None):
            return
        if not self._may_store(max(model.ui.rev, 1)):
            self.write_failed = False
            self.dispatch(M.Elsewhere("moved"))

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
        level = level_of(model.ui)
        least = THINK_AT_LEAST.get(level, max(THINK_AT_LEAST.values()))
        pv = game.view(seat)  # the opponent sees its own seat's view only
        bound = {"clock": ports.clock, "deadline": started + least - THINK_MARGIN} if level == "hard" else {}
        card = await self.sliced(U.opponent_search(pv, level, U.rng_for(game, seat), **bound))
        self._record_thinking(ports.clock() - started, page_start, ports.page_ms())
        # The card comes at the same time whether there was a choice or not.
        rest = max(effect.delay, least) - (ports.clock() - started)
        if rest > 0:
            await ports.sleep(rest)
        if self.model.ui.epoch == effect.epoch:
            self.dispatch(M.OpponentMove(effect.epoch, seat, card))

    async def _think_passes(self, effect: M.ThinkPasses) -> None:
        """The opponents choose their passes (seats 1 to 3, each from its own
        view, a sliced search each) while the player chooses."""
        ports = self.ports
        await ports.sleep(0)
        game = self.model.game
        if game is None or game.phase is not Phase.PASS:
            return
        level = effect.key[0]
        passes: list[tuple[Card, Card, Card]] = []
        for seat in (1, 2, 3):
            started, page_start = ports.clock(), ports.page_ms()
            pv = game.view(seat)  # the opponent sees its own seat's view only
            search = U.pass_search(pv, level, U.rng_for(game, seat, "pass"))
            while (done := run_slice(search, SLICE, ports.clock)) is None:
                await ports.sleep(0)
                if self.model.game is not game:
                    return  # the player passed (or left) meanwhile: the play must not wait for this
            self._record_thinking(ports.clock() - started, page_start, ports.page_ms())
            a, b, c = done.value
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
        cards = tuple(Card.parse(card) for card in explained.cards)  # (the explanation names them)
        self.dispatch(M.HintReady(effect.epoch, cards, explained))

    async def _review(self, effect: M.RunReview) -> None:
        """A hand's review in slices while its screen is open (closed: it
        stops, so play is never slowed), the share done sent now and then."""
        from ..app import review

        await self.ports.sleep(0)
        model = self.model
        if model.game is None or model.ui.coach.key != effect.key:
            return
        started = self.ports.clock()
        share = [0.0]  # the share done, as the search last yielded it
        search = _noting(review.search(effect.hand, review.decisions(model.game, effect.hand)), share)
        shown = self.ports.clock()
        while (done := run_slice(search, SLICE, self.ports.clock)) is None:
            await self.ports.sleep(0)
            if self.model.ui.coach.key != effect.key or self.model.ui.overlay != "review":
                return
            if self.ports.clock() - shown >= REVIEW_PROGRESS:
                shown = self.ports.clock()
                self.dispatch(M.ReviewProgress(effect.key, share[0]))
        # (bench/review_browser.py: how long a whole review took, pauses included)
        self.ports.mark("data-review-ms", f"{(self.ports.clock() - started) * 1000:.0f}")
        self.dispatch(M.ReviewReady(effect.key, done.value))

    async def _par(self, effect: M.FindPar) -> None:
        """A hand's par (hearts.app.par_search), in slices like an opponent's
        search, the page's clicks going first; it runs on after Continue (a
        click never waits for it) and is kept for the score sheet."""
        from ..app import par_search

        await self.ports.sleep(0)
        started = self.ports.clock()
        par = await self.sliced(par_search.search(effect.game, effect.level))
        # (bench figures: how long the par took, pauses included)
        self.ports.mark("data-par-ms", f"{(self.ports.clock() - started) * 1000:.0f}")
        self.dispatch(M.ParReady(effect.key, par))

    # -- one owner: the game's lock ---------------------------------------------------------

    async def take_lock(self, steal: bool) -> bool:
        """Hold the game's Web Lock for as long as this page lives: True once
        held (or when there are no locks: then the revisions alone keep a
        stale tab from saving), False if another tab holds it (without
        ``steal``). A tab that holds it already asks nothing: a steal would
        end its own request too, and that end would read as a lost lock."""
        if self.holding:
            return True
        state = await self.ports.request_lock(self.key_of(ST.OWNER), steal, self._lock_lost)
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
        self.lock_state("held" if await self.take_lock(steal=True) else "elsewhere")
        self.dispatch(self._adopted())

    def _adopted(self) -> M.Adopt:
        """Go on from what is stored: the save, and the statistics (another
        tab may have counted games since this one read them)."""
        self.own_text = self.get(ST.SAVE)
        return M.Adopt(self.own_text, self.get(ST.STATS), self.get(ST.TODAY), self.get(ST.DAYS))

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

    def page_acts(self) -> None:
        """The page sent a click, a key or a file: it is still here. None
        comes after a real ``leave`` (pagehide; from the back-forward cache
        ``back`` comes first), so after one that was not the page's (a
        forged message) this tab stores again, asks for the lock again and
        stores the moves made meanwhile (or shows that another tab has the
        game), and says so in the console, rather than play on unsaved."""
        if not self.leaving:
            return
        self.ports.warn("hearts: the page acts after it said it was going: storing again")
        self.leaving = False
        self.spawn(self._lock_again())

    async def _lock_again(self) -> None:
        owner = await self.take_lock(steal=False)
        self.lock_state("held" if owner else "elsewhere")
        if not owner:
            self.dispatch(M.Elsewhere("open"))
        elif self.model.game is not None and self.model.ui.owner == "here":
            self.run([save_of(self.model)])

    def come_back(self) -> None:
        """Back from the back-forward cache: ask for the lock again, and go
        on from the stored position (or show that another tab has it)."""
        self.leaving = False
        self.spawn(self._come_back())

    async def _come_back(self) -> None:
        owner = await self.take_lock(steal=False)
        self.lock_state("held" if owner else "elsewhere")
        self.dispatch(self._adopted() if owner else M.Elsewhere("open"))

    # -- files and kept-aside saves -------------------------------------------------------------

    def download(self, text: str, name: str) -> None:
        self.ports.download(text, name)

    # -- a new version, storage the browser keeps (hearts/app/versions.py) ----------------

    def apply_update(self) -> None:
        """Reload into the new version once the game is stored (the Save
        before this effect): never with a position not stored."""
        if self.awaiting:
            self.update_waiting = True  # once the page has stored it (write_done)
        elif not self.write_failed:
            self.ports.apply_update()

    async def _persist(self, ask: bool) -> None:
        state = await self.ports.persist(ask)  # (any text the page sent: "none" unless a known answer)
        self.dispatch(M.Persisted("granted" if state == "granted" else "denied" if state == "denied" else "none", ask))

    def _download_refused(self, effect: M.DownloadRefused) -> None:
        text = self.get(ST.REFUSED)
        if text:
            self.download(text, "hearts-refused-save.json")

    def today(self) -> str:
        """Today's hand's date: ``?date=`` when it is a date, else the
        player's local date (the page's clock)."""
        pinned = self.date_param
        return pinned if pinned is not None and parse_date(pinned) is not None else self.ports.local_date()

    # -- the start ------------------------------------------------------------------------

    def flags(self, param: Callable[[str], str | None], html_lang: str, coarse: bool) -> tuple[InitFlags, tuple[str, ...]]:
        """U.init's arguments from the address (``param``: a URL parameter or
        None), what is stored and the screen; and notes for the player
        about what could not be used."""
        stored, settings_ok = ST.read_settings(self.get(ST.SETTINGS))
        if not ST.lang_ok(self.get(ST.LANG), i18n.LANGUAGES):
            settings_ok = False
        notes: tuple[str, ...] = () if settings_ok else ("settings-unreadable",)
        seed, refused = ST.parse_seed(param("seed"))
        if refused:
            notes += ("seed-refused",)
        put_aside = self.offer_put_aside()
        # Two-tap play is on by default on a touch screen, but never by itself in
        # a test run (?speed=instant): there a click plays, unless it was chosen.
        chosen = stored.get("two_tap")
        return InitFlags(
            two_tap=chosen if isinstance(chosen, bool) else None,
            touch=coarse and param("speed") != "instant",
            lang=i18n.negotiate([html_lang or "en"]),
            level=param("level") or stored.get("level") or "normal",
            speed=param("speed") or stored.get("speed") or "normal",
            four_colour=stored.get("four_colour") is True,
            seed=seed,
            saved=self.get(ST.SAVE),
            stats=self.get(ST.STATS),
            storage_ok=self.storage_ok(),
            refused=bool(self.get(ST.REFUSED)),
            put_aside=put_aside,
            unsaved_rev=self.unsaved_rev(),
            reminded=stored.get("reminded") is True,
            par=stored.get("par") is not False,
            today=self.get(ST.TODAY),
            days=self.get(ST.DAYS),
        ), notes

    def offer_put_aside(self) -> bool:
        """True, once, when the loading screen's Start fresh put a saved game
        aside (assets/loading-screen.js startFresh: under ST.ASIDE's prefix)
        and nothing is kept in the refused save's slot: it is copied there,
        so that the start screen offers it as a file to download and open
        again (the game in progress, when today's hand was played beside
        it). The copy under the prefix stays."""
        aside = self.ports.storage_get(ST.ASIDE.name + self.key_of(ST.SAVE))
        if not aside or self.get(ST.SAVE) or self.get(ST.REFUSED):
            return False
        # (today's hand on the table then: the game in progress was beside it, in its record)
        beside = game_beside(aside, self.ports.storage_get(ST.ASIDE.name + self.key_of(ST.TODAY)),
                             ST.TODAY.max_chars or 0)
        aside = beside or aside
        return self.put(ST.REFUSED, aside) is not False

    def boot(self, param: Callable[[str], str | None], html_lang: str, coarse: bool,
             opened: str | None = None, pressed: M.Msg | None = None) -> None:
        """The first model from the address and storage, its first render;
        then (tasks) the game's lock and the game's first effects, and the
        warm-up. From the start screen the page showed before Python
        (assets/start-screen.js): ``opened``, the dialog open on it (the
        rules), and ``pressed``, the message of a button pressed there (New
        game, Statistics), carried out once the game is ready."""
        self.migrate()
        self.show_thinking = param("debug") == "think"
        self.date_param = param("date")
        try:
            flags, notes = self.flags(param, html_lang, coarse)
            self.boot_saved = self.own_text = flags["saved"]
            model, effects = U.init(**flags)
            model, effects = ST.restore_view(model, effects, self.get(ST.VIEW))
            effects = U.after_change(None, model) + effects
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
            self.model = U.update(self.model, M.ShowOverlay("rules"))[0]
        self.ports.set_title(vocabulary.game_name(self.tr(self.model.ui.settings.lang)))
        started = self.ports.clock()
        if pressed is None:
            # (with a button pressed, the page's start screen, its loading bar
            # on that button, stays until the button's screen replaces it)
            self.render()
        self._took(started)
        # Ready, and the game's effects run, once it is known whether this tab
        # plays the game or another one does (a few ms; see take_lock).
        self.spawn(self._start(effects, pressed))
        self.spawn(self._warm_up())

    async def _start(self, effects: list[M.Effect], pressed: M.Msg | None = None) -> None:
        owner = True
        for wait in (0,) + LOCK_WAIT:
            if wait:
                await self.ports.sleep(wait)
            owner = await self.take_lock(steal=False)
            if owner:
                break
        self.lock_state("held" if owner else "elsewhere")
        if not owner:
            self.dispatch(M.Elsewhere("open"))
        elif self.get(ST.SAVE) != self.boot_saved:
            # The page this one replaces (a reload) stored moves while this one
            # started: go on from them, not from what was read at the start.
            self.dispatch(self._adopted())
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
