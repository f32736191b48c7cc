"""Chaos (issue 47): seeded random faults at random moments of a game, each
followed by the check that the page comes to a playable game or a working
way out within BOUND_MS, with the game's save intact.

One Chromium on a copy of the warm profile (its service worker and its
snapshot in place) plays on from fault to fault: the faults add up, as on a
player's device. The faults:

- a cached file answered as a host's error page, cut short, or with bytes
  changed (the service worker's cache entry replaced), then a reload;
- the browser's snapshot of the interpreter damaged, then a reload;
- the game's worker killed in the middle of a hand;
- storage full while the game is played, then freed and the page reloaded;
- a second tab that takes the game over.

Ways out the page offers are taken as a player would (Reload, Try again,
Start fresh, Play here). The save is intact when the game's slot holds the
same game at its revision or a later one, or, after Start fresh, the copy
put aside (which the start screen offers back) is the save of before.

``HEARTS_CHAOS_FAULTS`` faults (12 in the suite's run; issue 47 asks for
200 once: ``HEARTS_CHAOS_FAULTS=200 pytest e2e/test_chaos.py``), drawn from
``HEARTS_CHAOS_SEED``; a failure names the fault, its number and both seeds.
"""

import json
import os
import random
import time

import pytest

from page_play import PLAYABLE, TABLE, click_card, hand, new_game, pass_three, phase
from settle import acked

FAULTS = int(os.environ.get("HEARTS_CHAOS_FAULTS", "12"))
SEED = int(os.environ.get("HEARTS_CHAOS_SEED", "47"))
BOUND_MS = 150_000  # boot time-outs: 30 s (scripts, a restore), then a recheck and a fresh start
WAIT_MS = 60_000
SAVE, ASIDE, REFUSED = "hearts.save@/", "hearts.aside.hearts.save@/", "hearts.refused@/"
# Files the boot reads from the service worker's cache.
FILES = ("build/app.zip", "assets/boot.js", "assets/boot-watch.js", "assets/loading-screen.js",
         "assets/start-screen.js", "build/start-screen.js", "assets/python-worker.js", "assets/game.css",
         "build/boot-i18n.json", "build/python_stdlib.zip", "build/vendor/pyodide/pyodide.asm.mjs",
         "build/vendor/pyscript/core.js", "build/controller/controller.py", "pyscript.toml", "./")
SNAPSHOT = "build/local/pyodide-snapshot.bin"
KINDS = ("error page", "cut short", "bytes changed", "snapshot damaged", "worker killed", "storage full",
         "second tab")
MAINTENANCE = "<!doctype html><title>Back soon</title><h1>We are updating the site</h1>"

# Replaces the cache entry of path: [path, how, seed]; false if it has none.
DAMAGE = """async ([path, how, seed]) => {
  const name = (await caches.keys()).find((key) => key.startsWith("hearts "));
  const cache = await caches.open(name);
  const url = new URL(path, document.baseURI).href;
  const hit = await cache.match(url);
  if (!hit) return false;
  let bytes = new Uint8Array(await hit.arrayBuffer());
  let type = hit.headers.get("Content-Type") || "application/octet-stream";
  let x = seed >>> 0;
  const next = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
  if (how === "error page") {
    bytes = new TextEncoder().encode(%s);
    type = "text/html";
  } else if (how === "cut short") {
    bytes = bytes.slice(0, next() %% Math.max(1, bytes.length));
  } else {  // some bytes changed, or (a snapshot) a run of them zeroed
    const start = next() %% Math.max(1, bytes.length);
    const end = Math.min(bytes.length, start + 1 + (next() %% Math.max(1, bytes.length >> 4)));
    if (how === "zeroed") bytes.fill(0, start, end);
    else for (let i = start; i < end; i += 1 + (next() %% 64)) bytes[i] ^= 1 + (next() %% 255);
  }
  await cache.put(url, new Response(bytes, { headers: { "Content-Type": type } }));
  return true;
}""" % json.dumps(MAINTENANCE)

FILL_STORAGE = """() => {
  const chunk = "x".repeat(256 * 1024);
  let i = 0;
  try { for (; i < 400; i++) localStorage.setItem("chaos.fill." + i, chunk); } catch (_) { /* full */ }
  return i;
}"""
FREE_STORAGE = """() => { for (const key of Object.keys(localStorage)) if (key.startsWith("chaos.")) localStorage.removeItem(key); }"""
STORED = "(keys) => keys.map((key) => localStorage.getItem(key))"


class Chaos:
    def __init__(self, context, url):
        self.context, self.url = context, url
        self.page = context.pages[0] if context.pages else context.new_page()
        self.taken: list[str] = []  # the ways out taken

    # -- the game between faults -------------------------------------------------------

    def playing(self):
        """A game in progress on the table (a new one if there is none)."""
        if phase(self.page) not in ("pass", "play"):
            new_game(self.page, WAIT_MS)

    def advance(self, turns, new_games=True):
        """Plays turns (passes, cards; a new game after an ended hand or
        game unless new_games is False: then it stops there)."""
        page = self.page
        for _ in range(turns):
            acked(page, WAIT_MS)
            page.locator(f'{PLAYABLE}, {TABLE}:not([data-phase="play"])').first.wait_for(timeout=WAIT_MS)
            now = phase(page)
            if now == "pass":
                pass_three(page, WAIT_MS)
            elif now == "play":
                code = page.locator(PLAYABLE).first.get_attribute("data-card")
                click_card(page, code)
            elif new_games:
                new_game(page, WAIT_MS)
            else:
                return

    def stored(self):
        return dict(zip((SAVE, ASIDE, REFUSED), self.page.evaluate(STORED, [SAVE, ASIDE, REFUSED])))

    # -- recovering ---------------------------------------------------------------------

    def recover(self):
        """Waits for a playable game or a way out, and takes the way out, until
        the game is playable; within BOUND_MS of the fault."""
        deadline = time.monotonic() + BOUND_MS / 1000
        while True:
            left = int((deadline - time.monotonic()) * 1000)
            assert left > 0, f"no playable game and no way out within {BOUND_MS} ms (ways out taken: {self.taken})"
            page = self.page
            page.locator("html[data-ready], html[data-boot-error], #boot-stuck").first.wait_for(
                state="attached", timeout=left)
            out = page.locator('#boot [data-action="boot-retry"], #boot [data-action="start-fresh"],'
                               ' #boot [data-action="reload"], .overlay [data-action="take-over"]')
            if page.locator("html[data-boot-error], html[data-boot-stuck]").count():
                out.first.wait_for(timeout=WAIT_MS)  # (the button comes with the message)
            if out.count():
                # Try again, Reload, Play here before Start fresh: what keeps the game as it is first
                for action in ("take-over", "boot-retry", "reload", "start-fresh"):
                    button = page.locator(f'[data-action="{action}"]:visible')
                    if button.count():
                        self.taken.append(action)
                        if action in ("reload", "start-fresh"):  # the page loads again
                            with page.expect_navigation(timeout=WAIT_MS):
                                button.first.click()
                        else:
                            button.first.click()
                            acked(page, WAIT_MS)
                        break
                continue
            page.locator(f"{TABLE}").wait_for(timeout=left)
            return

    # -- the faults ------------------------------------------------------------------------

    def fault(self, kind, rng):
        page = self.page
        if kind in ("error page", "cut short", "bytes changed"):
            path = rng.choice(FILES)
            assert page.evaluate(DAMAGE, [path, kind, rng.randrange(2 ** 32)]), f"{path} is not cached"
            page.reload(wait_until="commit")
            return path
        if kind == "snapshot damaged":
            how = rng.choice(("cut short", "zeroed", "bytes changed"))
            page.evaluate(DAMAGE, [SNAPSHOT, how, rng.randrange(2 ** 32)])  # (none made yet: nothing to damage)
            page.reload(wait_until="commit")
            return how
        if kind == "worker killed":
            page.evaluate("() => heartsWorker.terminate()")
            page.locator('html[data-boot-error="stopped"]').wait_for(state="attached", timeout=WAIT_MS)
            return None
        if kind == "storage full":
            filled = page.evaluate(FILL_STORAGE)
            self.advance(rng.randrange(1, 4), new_games=False)  # played while nothing can be saved
            page.evaluate(FREE_STORAGE)
            page.reload(wait_until="commit")
            return filled
        if kind == "second tab":
            other = self.context.new_page()
            other.goto(self.url)
            other.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT_MS)
            self.page = other
            page.close()
            return None
        raise ValueError(kind)


def intact(before, after):
    """The save of before is kept: the slot holds the same game at that
    revision or later, or Start fresh put it aside (or it was refused) and
    it is kept whole."""
    if before[SAVE] in (after[ASIDE], after[REFUSED]):
        return True
    if not after[SAVE]:
        return False
    old, new = json.loads(before[SAVE]), json.loads(after[SAVE])
    return new["seed"] == old["seed"] and new["rev"] >= old["rev"]


@pytest.mark.timeout(max(900, 120 + FAULTS * 30))  # (~8 s a fault here: 200 outlast the usual 15 minutes)
def test_seeded_faults_end_in_a_playable_game_or_a_way_out_with_the_save_kept(launch_warm_copy, site, tmp_path):
    context = launch_warm_copy(tmp_path / "profile")
    try:
        url = site.game_url(seed=None)
        chaos = Chaos(context, url)
        chaos.page.goto(url)
        chaos.recover()
        seeds = random.Random(SEED)
        for number in range(1, FAULTS + 1):
            fault_seed = seeds.randrange(2 ** 32)
            rng = random.Random(fault_seed)
            kind = rng.choice(KINDS)
            where = f"fault {number} of {FAULTS}: {kind} (HEARTS_CHAOS_SEED={SEED}, its seed {fault_seed})"
            try:
                chaos.playing()
                chaos.advance(rng.randrange(0, 6))
                acked(chaos.page, WAIT_MS)
                before = chaos.stored()
                assert before[SAVE], "a game in progress is saved"
                chaos.taken = []
                detail = chaos.fault(kind, rng)
                chaos.recover()
                after = chaos.stored()
                assert intact(before, after), f"the save was lost: {after}"
                hand(chaos.page)  # (the table answers)
            except Exception as error:
                raise AssertionError(f"{where}, detail {detail if 'detail' in locals() else None}, "
                                     f"ways out taken {chaos.taken}: {error}") from error
            print(f"chaos: {where}: {detail!r}, ways out {chaos.taken or 'none'}")
    finally:
        context.close()
