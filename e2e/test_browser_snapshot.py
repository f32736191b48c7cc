"""The interpreter's memory snapshot made in the player's own browser
(assets/boot.js makeSnapshotForNextVisits, assets/snapshot-worker.js, kept
by sw.js): a first visit downloads none and starts Python anew, then makes
one; the next visits restore it; one that does not restore is dropped once,
the game boots without it and a new one is made: never a boot loop."""
import base64
import io
import zipfile
from pathlib import Path

import pytest
from settle import acked, python_worker, run_python, until_true

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
STORED = 'html[data-snapshot-made="stored"]'
SNAPSHOT = "./build/local/pyodide-snapshot.bin"
# Replaces a URL's entry in this install's service worker cache with bytes (base64).
PUT_CACHED = """async ([path, text, type]) => {
  const name = (await caches.keys()).find((key) => key.startsWith("hearts "));
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  await (await caches.open(name)).put(new URL(path, document.baseURI).href,
    new Response(bytes, { headers: { "Content-Type": type } }));
  return name;
}"""
# A packed snapshot (assets/snapshot-pages.js) of 64 kB of memory that is no
# interpreter's, base64.
PACKED_JUNK = """async () => {
  const { packPages } = await import(new URL("./assets/snapshot-pages.js", document.baseURI).href);
  const memory = new Uint8Array(65536).map((_, i) => (i * 7 + 1) & 255);
  let text = ""; for (const b of new Uint8Array(await packPages(memory))) text += String.fromCharCode(b); return btoa(text);
}"""
CACHED_SIZE = """async (path) => {
  const hit = await caches.match(new URL(path, document.baseURI).href);
  return hit ? (await hit.arrayBuffer()).byteLength : null;
}"""


def restored(warm, site, open_game):
    """The game booted in a warm context (conftest's warm_profile: this
    browser made its snapshot on its first visit, the second restored it,
    and the service worker keeps it, no drop counted): restored from it.
    What a first visit and the wait for its snapshot gave, without them
    (a first visit's own test is the one below)."""
    page = open_game(warm.page, site.game_url())
    assert page.locator("html").get_attribute("data-snapshot") == "restored"
    return page


def test_a_first_visit_downloads_no_snapshot_and_the_next_restores_the_one_this_browser_made(fresh, site, open_game):
    page = fresh.page
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page = open_game(page, site.game_url())
    html = page.locator("html")
    assert html.get_attribute("data-snapshot") == "deferred"
    assert html.get_attribute("data-preload") == "fresh"
    assert [u for u in asked if "pyodide-snapshot" in u] == []
    assert not list(BUILD.glob("pyodide-snapshot*")), "the build makes no snapshot any more"
    page.locator(STORED).wait_for(state="attached", timeout=180000)
    size = page.evaluate(CACHED_SIZE, SNAPSHOT)
    assert size and size > 1e6, "the service worker keeps the snapshot (its pages that hold anything)"
    page = open_game(page, site.game_url(seed="2"))
    assert html.get_attribute("data-snapshot") == "restored"
    assert html.get_attribute("data-preload") == "preloaded"
    assert page.locator(STORED).count() == 0, "a restored visit makes no new snapshot"
    page.locator('#screen [data-action="new-game"]').click()
    acked(page)
    page.locator('#screen [data-phase="pass"]').wait_for()


# Before the page's scripts: the largest ArrayBuffer in each message the page
# posts to its service worker, and in each message a worker posts to the page.
BYTES_WATCH = """
window.__bytesSeen = [];
const largest = (value, depth = 0) => value instanceof ArrayBuffer ? value.byteLength
  : value && typeof value === "object" && depth < 4
    ? Math.max(0, ...Object.values(value).map((v) => largest(v, depth + 1))) : 0;
const toServiceWorker = ServiceWorker.prototype.postMessage;
ServiceWorker.prototype.postMessage = function (message, ...rest) {
  window.__bytesSeen.push(["to the service worker", message && message.hearts, largest(message)]);
  return toServiceWorker.call(this, message, ...rest);
};
const NativeWorker = Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", ({ data }) => window.__bytesSeen.push(["from a worker", null, largest(data)]));
  }
};
"""


def test_the_snapshot_goes_to_the_service_worker_past_the_page(fresh, site, open_game):
    # Its 17 MB, posted from the page's thread, held it for 33-71 ms
    # (bench/README.md, 2026-12-05, night): they go from the worker that
    # makes them to the service worker on a channel the page passes on.
    page = fresh.page
    page.add_init_script(BYTES_WATCH)
    page = open_game(page, site.game_url())
    page.locator(STORED).wait_for(state="attached", timeout=180000)
    assert page.evaluate(CACHED_SIZE, SNAPSHOT) > 1e6, "the service worker keeps the snapshot"
    seen = page.evaluate("window.__bytesSeen")
    asked = [n for where, what, n in seen if where == "to the service worker" and what == "snapshot"]
    assert len(asked) == 1, f"the page asks its service worker once to keep a snapshot: {seen}"
    assert asked == [0], "the snapshot's bytes are not in the page's message to the service worker"
    from_workers = [n for where, _, n in seen if where == "from a worker"]
    assert from_workers and max(from_workers) < 1e6, f"no worker posts the page the snapshot: {from_workers}"


def test_the_wasm_compiles_while_the_snapshot_is_read(warm, site, open_game):
    page = restored(warm, site, open_game)
    assert page.evaluate("performance.getEntriesByName('hearts:compiled').length") == 1
    assert page.evaluate("""performance.getEntriesByName('hearts:compiled')[0].startTime
                            < performance.getEntriesByName('hearts:interpreter')[0].startTime""")
    assert page.evaluate("String(WebAssembly.instantiateStreaming).includes('[native code]')")


def test_the_snapshot_holds_the_game_modules_of_this_app_zip(returning):
    # The worker imports the game's modules before it takes the snapshot
    # (hearts/page/app_zip.py preload, build/snapshot.json): they are in
    # sys.modules before the game's Python was mounted
    # (self.heartsModulesAtMount), imported from this app.zip.
    assert returning.page.locator("html").get_attribute("data-preload") == "preloaded"
    at_mount = python_worker(returning.page).evaluate("() => self.heartsModulesAtMount")
    early = run_python(returning.page, f"""
import json, sys
names = list(sys.modules)
json.dumps({{name: str(sys.modules[name].__spec__.origin) for name in names[:{at_mount}]
            if name.startswith("hearts")}})
""")
    import json
    early = json.loads(early)
    assert {"hearts", "hearts.engine.game", "hearts.engine.rules", "hearts.ai.hard", "hearts.app.view", "hearts.page.runtime",
            "hearts.page.worker"} <= set(early)
    assert [name for name, origin in early.items() if "/app.zip/" not in origin] == []


def _zip_with(original, changes):
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(original)) as old, \
            zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = changes.get(info.filename, old.read(info))
            if data is not None:
                new.writestr(info, data)
    return out.getvalue()


def test_a_snapshot_of_another_app_zip_never_runs_its_modules(warm, site, open_game):
    # The cache holds another app.zip than the one the snapshot was made
    # from: the page forgets the preloaded modules and imports the game anew.
    page = restored(warm, site, open_game)
    original = (BUILD / "app.zip").read_bytes()
    source = zipfile.ZipFile(io.BytesIO(original)).read("hearts/engine/choices.py")
    changed = _zip_with(original, {"hearts/engine/choices.py": source + b"\nNEW_BUILD = True\n"})
    page.evaluate(PUT_CACHED, ["./build/app.zip", base64.b64encode(changed).decode(), "application/zip"])
    page = open_game(page, site.game_url())
    html = page.locator("html")
    assert html.get_attribute("data-snapshot") == "restored"
    assert html.get_attribute("data-preload") == "replaced"
    assert run_python(page, "import hearts.engine.choices; getattr(hearts.engine.choices, 'NEW_BUILD', False)") is True


def test_each_player_gets_their_own_deals_despite_the_snapshot(warm, site, open_game):
    # The snapshot holds Python's random generator as seeded in the worker:
    # without boot.js seeding it again, each restore would deal the same game.
    page = warm.page  # (a warm profile: this browser's snapshot, and no game to resume)
    hands = []
    for _ in range(2):
        page = open_game(page, site.game_url(seed=None))
        assert page.locator("html").get_attribute("data-snapshot") == "restored"
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        page.locator('#screen [data-phase="pass"]').wait_for()
        hands.append([card.get_attribute("data-card") for card in page.locator("#screen [data-card]").all()])
        page.evaluate("localStorage.clear()")  # no game to resume
    assert len(hands[0]) == len(hands[1]) == 13
    assert hands[0] != hands[1]


@pytest.mark.parametrize("damage", ["cut short", "not a snapshot", "another build", "last pages zeroed"])
def test_a_stored_snapshot_that_does_not_restore_is_dropped_once_and_made_anew(warm, site, open_game, damage):
    page = restored(warm, site, open_game)
    good = page.evaluate("""async (path) => {
      const bytes = new Uint8Array(await (await caches.match(new URL(path, document.baseURI).href)).arrayBuffer());
      let text = ""; for (const b of bytes.subarray(0, 4096)) text += String.fromCharCode(b); return btoa(text);
    }""", SNAPSHOT)
    bad = {"cut short": lambda: base64.b64decode(good),  # its first 4 kB: the pages do not add up
           "not a snapshot": lambda: b"\0snp" + bytes(4092),
           # whole and well formed (assets/snapshot-pages.js packs it), of a memory no
           # interpreter left: Pyodide's restore refuses it
           "another build": lambda: base64.b64decode(page.evaluate(PACKED_JUNK)),
           # issue 47's attack: its pages add up, their last 2% are zeros; its
           # digest refuses it before Pyodide's restore (which failed fatally,
           # or hung as an attacker saw: the next test)
           "last pages zeroed": lambda: base64.b64decode(page.evaluate(ZEROED_TAIL, SNAPSHOT))}[damage]()
    page.evaluate(PUT_CACHED, [SNAPSHOT, base64.b64encode(bad).decode(), "application/octet-stream"])
    page = open_game(page, site.game_url())
    html = page.locator("html")
    assert html.get_attribute("data-snapshot") == "unused"
    assert html.get_attribute("data-preload") == "fresh"
    page.locator('#screen [data-action="new-game"]').click()
    acked(page)
    page.locator('#screen [data-phase="pass"]').wait_for()
    page.locator(STORED).wait_for(state="attached", timeout=180000)  # a new one
    page = open_game(page, site.game_url())
    assert html.get_attribute("data-snapshot") == "restored"


def test_a_snapshot_whose_boot_never_got_ready_is_not_tried_again(warm, site, open_game):
    # A snapshot that restores but from which the game never got ready (the
    # page was closed or broke before data-ready) leaves its trial mark: the
    # next boot drops it instead of trying it again. Never a boot loop.
    page = restored(warm, site, open_game)
    page.evaluate("""localStorage.setItem("hearts.snapshot-trial@" + new URL("./", document.baseURI).pathname, "1")""")
    page = open_game(page, site.game_url())
    html = page.locator("html")
    assert html.get_attribute("data-snapshot") == "unused"
    page.locator(STORED).wait_for(state="attached", timeout=180000)
    page = open_game(page, site.game_url())
    assert html.get_attribute("data-snapshot") == "restored"


# The stored snapshot with its last 2% of bytes zeroed: the pages still add
# up, only its digest tells (assets/snapshot-pages.js), base64.
ZEROED_TAIL = """async (path) => {
  const bytes = new Uint8Array(await (await caches.match(new URL(path, document.baseURI).href)).arrayBuffer());
  bytes.fill(0, Math.floor(bytes.length * 0.98));
  const { unpackPages } = await import(new URL("./assets/snapshot-pages.js", document.baseURI).href);
  const why = await unpackPages(bytes.slice().buffer).then(() => "accepted", (e) => e.message);
  if (!why.endsWith("its digest is not its bytes'")) throw new Error(`not refused by its digest alone: ${why}`);
  let text = ""; for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(text);
}"""
# Before the page's scripts: the first message that hands the Python worker
# a snapshot to restore never reaches it (once per tab), as if the restore
# hung: no answer ever comes.
RESTORE_HANGS = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && message.kind === "files" && message.snapshot && !sessionStorage.getItem("restore-hung")) {
    sessionStorage.setItem("restore-hung", "1");
    return undefined;
  }
  return post.call(this, message, ...rest);
};
"""


def test_a_snapshot_whose_restore_hangs_is_dropped_and_the_game_starts_without_it(warm, site, open_game):
    # The trial mark is written before the restore starts; past the
    # restore's time limit the boot ends the worker and reloads, and the
    # next boot, finding the mark, starts Python anew: a playable game in
    # about 30 s, not 240 s of loading screen.
    page = restored(warm, site, open_game)
    page.add_init_script(RESTORE_HANGS)
    page = open_game(page, site.game_url(), timeout=120000)
    html = page.locator("html")
    assert page.evaluate("sessionStorage.getItem('restore-hung')") == "1", "the restore was withheld"
    assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
    assert html.get_attribute("data-snapshot") == "unused"
    page.locator('#screen [data-action="new-game"]').click()
    acked(page)
    page.locator('#screen [data-phase="pass"]').wait_for()


def test_after_two_drops_the_page_stops_making_snapshots_for_this_version(warm, site, open_game):
    page = restored(warm, site, open_game)
    bad = base64.b64encode(b"\0snp" + bytes(4092)).decode()
    for made_again in (True, False):
        page.evaluate(PUT_CACHED, [SNAPSHOT, bad, "application/octet-stream"])
        page = open_game(page, site.game_url())
        assert page.locator("html").get_attribute("data-snapshot") == "unused"
        if made_again:
            page.locator(STORED).wait_for(state="attached", timeout=180000)
    # The page decides at ready that it makes none: it says so (a mark), and
    # nothing is made or stored after it.
    until_true(page, "performance.getEntriesByName('hearts:snapshot-skipped').length", "its choice to make none")
    assert page.locator("html[data-snapshot-made]").count() == 0
    assert page.evaluate(CACHED_SIZE, SNAPSHOT) is None
