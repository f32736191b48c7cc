"""What the page stores, tried as an attacker and as a second install would
(issue 17, items 2, 3 and 6): hostile nesting in every key the game reads,
a failed boot that offers to start fresh, two installs on one origin
offline, the keys of before, a seedless save at a hand's end, a huge
?seed=, the picks and the finished trick after a reload.

Keys: the game stores ``<name>@<the install's folder>`` (hearts/app/stored.py);
the root install moves the values under today's names (``hearts.save``) to
its own keys once. Where a test stores a hostile value it stores it under
both names, so that it would reach the code of before too: every test here
failed on the code before these changes.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import expect

from hearts import Game, Phase
from hearts.engine.save import dumps, loads
from hearts.app.stored import position
from test_game import LEGAL, TABLE, TIMEOUT, click_card, hand, new_game, phase
from settle import acked, art_preloaded

ROOT = Path(__file__).resolve().parent.parent
NESTED = "[" * 6000 + "]" * 6000  # 12 kB: killed the page's Python ("Maximum call stack size exceeded")
NESTED_SETTINGS = '{"a":' * 10000 + "1" + "}" * 10000  # 10,000 levels
NAMES = ("hearts.save", "hearts.settings", "hearts.lang")
OVERLAY = "#screen .overlay"


def boot_text(lang, key):
    """The loading screen's text ``key`` in ``lang``, as the build wrote it
    from the catalogs (build/boot-i18n.json)."""
    return json.loads((ROOT / "build" / "boot-i18n.json").read_text(encoding="utf-8"))[lang][key]


def store(page, name, value, scope="/"):
    """value under the install's key and under the name of before."""
    page.evaluate("([keys, v]) => keys.forEach((k) => localStorage.setItem(k, v))",
                  [[name, f"{name}@{scope}"], value])


def storage(page):
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def test_hostile_nesting_in_every_key_still_starts_and_says_so(warm, site, open_game):
    page = warm.page
    page = open_game(page, site.game_url())
    # the keys of before alone (the root install moves them to its own keys) ...
    for name in NAMES:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [name, NESTED])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["hearts.settings", NESTED_SETTINGS])
    # ... then the install's own keys, the view's state among them
    for values in ({}, {"hearts.settings@/": NESTED}):
        for name in NAMES + ("hearts.view", "hearts.stats"):
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"{name}@/", NESTED])
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["hearts.settings@/", NESTED_SETTINGS])
        for key, value in values.items():
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
        page = open_game(page, site.game_url(lang=None))  # the stored language is read too
        alerts = page.locator("#screen [role=alert]").all_inner_texts()
        assert any("damaged" in a for a in alerts), alerts
        assert any("settings couldn't be read" in a for a in alerts), alerts
        assert any("statistics" in a for a in alerts), alerts  # refused, and said
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator("html").get_attribute("data-boot-error") is None
        assert phase(page) == "start" and page.locator(OVERLAY).count() == 0
        # and the game plays
        new_game(page)
        assert phase(page) == "pass" and len(hand(page)) == 13
        assert loads(storage(page)["hearts.save@/"]).phase is Phase.PASS


def test_a_failed_boot_offers_to_start_fresh_and_keeps_the_data_aside(browser, site, open_game, tmp_path):
    # ... and the start screen then says where the game went, and how to
    # play it on: downloaded, then opened from the file (issue 47).
    context = browser.new_context(service_workers="block", accept_downloads=True)  # every request goes through route()
    try:
        page = context.new_page()
        page = open_game(page, site.game_url(lang="fi"))
        new_game(page)
        cards = sorted(hand(page))
        saved = storage(page)["hearts.save@/"]
        # a boot that fails (here: the game's Python cannot be loaded)
        context.route("**/build/app.zip", lambda route: route.abort())
        page.goto(site.game_url(lang="fi"))
        page.locator('html[data-boot-error="failed"]').wait_for(state="attached", timeout=TIMEOUT)
        fresh = page.locator('#boot [data-action="start-fresh"]')
        expect(fresh).to_have_text(boot_text("fi", "fresh"), timeout=TIMEOUT)
        assert "ei poisteta" in page.locator("#boot-fresh").inner_text()
        context.unroute("**/build/app.zip")
        fresh.click()
        acked(page)
        page.locator("html[data-ready]").wait_for(state="attached", timeout=90_000)
        assert phase(page) == "start"
        kept = storage(page)
        assert kept.get("hearts.aside.hearts.save@/") == saved
        assert "hearts.save@/" not in kept and "hearts.save" not in kept
        expect(page.locator("#screen [role=alert]")).to_contain_text("Avaa tiedostosta")  # how to get it back
        with page.expect_download() as info:
            page.locator('#screen [data-action="download-refused"]').click()
        path = tmp_path / "put-aside.json"
        info.value.save_as(path)
        assert path.read_text() == saved
        with page.expect_file_chooser() as chooser:
            page.locator('#screen [data-action="import-game"]').click()
        chooser.value.set_files(str(path))
        page.locator('#screen [data-phase="pass"]').wait_for()
        assert sorted(hand(page)) == cards  # the game put aside, played on
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached", timeout=90_000)
        assert page.locator("#screen [role=alert]").count() == 0, "said once"
        # A second failed boot and Start fresh: what was put aside stays where
        # it was (it was moved one prefix deeper, out of the start screen's sight)
        context.route("**/build/app.zip", lambda route: route.abort())
        page.goto(site.game_url(lang="fi"))
        page.locator('html[data-boot-error="failed"]').wait_for(state="attached", timeout=TIMEOUT)
        assert page.locator('#boot [data-action="reload"]').count() == 1  # a way out with no keyboard
        context.unroute("**/build/app.zip")
        page.locator('#boot [data-action="start-fresh"]').click()
        page.locator("html[data-ready]").wait_for(state="attached", timeout=90_000)
        kept = storage(page)
        assert kept.get("hearts.aside.hearts.save@/") == saved
        assert not [key for key in kept if key.startswith("hearts.aside.hearts.aside.")], kept.keys()
    finally:
        context.close()


# Blocks the page's main thread for good once the game's Python is about to
# run, on the load after the test asks for it: a Python that never returns
# (issue 26: 1 MB of escaped quotes in the save did; a future bug might).
FREEZE_ONCE = """if (sessionStorage.getItem("freeze") === "1") {
  sessionStorage.setItem("freeze", "done");
  addEventListener("hearts:python", () => { console.log("frozen"); for (;;) {} });
}"""
BOOTING = "hearts.booting@/"


def kill_frozen_renderer(browser, page):
    """What the player's reload of a frozen page comes to (Chromium: "Page
    unresponsive", Exit page): its renderer ends, the one of ours spinning
    (the most CPU time in a second), its pagehide never run."""
    cdp = browser.new_browser_cdp_session()

    def cpu():
        info = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
        return {p["id"]: p["cpuTime"] for p in info if p["type"] == "renderer"}

    before = cpu()
    time.sleep(1)  # (the page cannot answer now)
    after = cpu()
    spinning = max(after, key=lambda pid: after[pid] - before.get(pid, 0))
    with page.expect_event("crash", timeout=TIMEOUT):
        os.kill(spinning, signal.SIGKILL)


def in_tab(cdp, expression):
    """``expression``'s value in the tab, through its DevTools session
    (Playwright gives up a page whose renderer crashed; the tab lives on)."""
    reply = cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return reply["result"].get("value")


def until_in_tab(cdp, expression, tries=180):
    for _ in range(tries):
        try:
            value = in_tab(cdp, expression)
        except Exception:  # (between two documents)
            value = None
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"never true in the tab: {expression}")


def test_a_page_that_froze_while_booting_offers_start_fresh_before_python_runs(browser, site, open_game):
    """The boot's own watchdog is a timer on the main thread, which a blocked
    Python never lets fire: the player reloads a frozen page, and before
    Python runs the reload offers Start fresh (or Try again). A real freeze,
    a real end of the renderer, the same tab after."""
    context = browser.new_context()
    context.add_init_script(FREEZE_ONCE)
    try:
        page = open_game(context.new_page(), site.game_url(lang="nl"))
        new_game(page)
        saved = storage(page)["hearts.save@/"]
        tab = context.new_cdp_session(page)  # (while the page can still answer)
        page.evaluate("() => sessionStorage.setItem('freeze', '1')")
        with page.expect_console_message(lambda m: m.text == "frozen", timeout=TIMEOUT):
            page.reload(wait_until="commit")
        kill_frozen_renderer(browser, page)
        tab.send("Page.navigate", {"url": site.game_url(lang="nl")})
        text = until_in_tab(tab, "document.getElementById('boot-stuck')?.innerText")
        assert boot_text("nl", "stuck") in text and boot_text("nl", "fresh") in text
        assert in_tab(tab, "document.documentElement.dataset.bootStuck") == "1"
        # the game's Python has not run, and does not while the choice is shown:
        # once the interpreter, app.zip and the texts are in, only the choice holds it
        until_in_tab(tab, "performance.getEntriesByName('hearts:boot-held').length > 0")
        assert in_tab(tab, "[document.documentElement.dataset.preload ?? null,"
                           " document.documentElement.hasAttribute('data-ready')]") == [None, False]
        in_tab(tab, "document.querySelector('#boot-stuck [data-action=start-fresh]').click()")
        until_in_tab(tab, "document.documentElement.hasAttribute('data-ready')")
        kept = json.loads(in_tab(tab, "JSON.stringify(Object.fromEntries(Object.entries(localStorage)))"))
        assert kept.get("hearts.aside.hearts.save@/") == saved and "hearts.save@/" not in kept
        assert in_tab(tab, "[!!document.getElementById('boot-stuck'),"
                           " document.querySelector('#screen [data-phase]')?.dataset.phase]") == [False, "start"]
    finally:
        context.close()


def test_try_again_after_a_stuck_boot_plays_the_stored_game(warm, site, open_game):
    page = warm.page
    page = open_game(page, site.game_url())
    new_game(page)
    cards = sorted(hand(page))
    # the mark of a boot that never finished (as a frozen page leaves it)
    warm.context.add_init_script(
        f"if (!sessionStorage.getItem('marked')) {{ sessionStorage.setItem('marked', '1');"
        f" sessionStorage.setItem('{BOOTING}', '1'); }}")
    page.goto(site.game_url())
    retry = page.locator('#boot-stuck [data-action="boot-retry"]')
    expect(retry).to_have_text("Try again", timeout=TIMEOUT)
    retry.click()
    acked(page)
    page.locator("html[data-ready]").wait_for(state="attached", timeout=TIMEOUT)
    assert phase(page) == "pass" and sorted(hand(page)) == cards  # nothing put aside
    assert page.evaluate(f"() => sessionStorage.getItem('{BOOTING}')") is None


def test_a_reload_in_the_middle_of_a_boot_does_not_ask_anything(warm, site, open_game):
    page = warm.page
    page = open_game(page, site.game_url())
    new_game(page)
    page.reload(wait_until="commit")
    for _ in range(2000):  # until this boot is marked (boot.js ran), and not yet ready
        if page.evaluate(f"() => sessionStorage.getItem('{BOOTING}')") is not None:
            break
    assert page.locator("html").get_attribute("data-ready") is None
    page.reload()
    page.locator("html[data-ready]").wait_for(state="attached", timeout=TIMEOUT)
    assert page.locator("#boot-stuck").count() == 0 and phase(page) == "pass"
    assert page.evaluate(f"() => sessionStorage.getItem('{BOOTING}')") is None


def test_the_root_install_finds_the_save_of_before_once(warm, site, open_game):
    page = warm.page
    page = open_game(page, site.game_url())
    game = Game.new(seed=77)
    page.evaluate("() => localStorage.clear()")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["hearts.save", dumps(game)])
    # another install does not take it
    page = open_game(page, site.game_url(base=site.subpath_url))
    assert phase(page) == "start"
    art_preloaded(page)  # (the root install's worker fetches them: left early, they fail)
    # the root install does, and moves it to its own key
    page = open_game(page, site.game_url())
    assert phase(page) == "pass"
    assert sorted(hand(page)) == sorted(str(c) for c in game.view(0).hand)
    kept = storage(page)
    assert "hearts.save" not in kept and loads(kept["hearts.save@/"]).view(0) == game.view(0)
    assert "hearts.save@/games/hearts/" not in kept


def _two_installs(tmp_path):
    """`make dist` at / and a copy of it, of another version, at /beta/."""
    site = tmp_path / "site"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(site)],
                   check=True, capture_output=True)
    beta = site / "beta"
    shutil.copytree(site, beta, ignore=shutil.ignore_patterns("beta"))
    precache = beta / "build" / "precache.js"
    text = precache.read_text(encoding="utf-8")
    version = json.loads(text[text.index("{"):text.rindex("}") + 1])["version"]
    precache.write_text(text.replace(version, "0123456789abcdef"), encoding="utf-8")
    return site


def test_two_installs_on_one_origin_keep_their_own_offline_copy_and_save(
        browser_type, browser_type_launch_args, watch, tmp_path, serve_directory, open_game):
    origin = serve_directory(_two_installs(tmp_path))
    profile = tmp_path / "profile"  # one browser profile, started twice: the workers start again
    hands = {}
    context = browser_type.launch_persistent_context(str(profile), **browser_type_launch_args)
    watcher = watch(context, origin)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        for path, seed in (("/", 1), ("/beta/", 2)):
            page = open_game(page, f"{origin}{path}?seed={seed}&speed=instant&lang=en")
            # its own worker, not the one of the install at / (whose scope holds /beta/)
            page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=90_000)
            assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{origin}{path}sw.js"
            new_game(page)
            hands[path] = hand(page)
        assert hands["/"] != hands["/beta/"]
        names = page.evaluate("caches.keys()")
        assert sorted(n.split(" ")[1] for n in names) == ["/", "/beta/"], names
        watcher.assert_clean()
    finally:
        context.close()
    # the browser again, offline: each install starts from its own cache, with its own game
    context = browser_type.launch_persistent_context(str(profile), offline=True, **browser_type_launch_args)
    watcher = watch(context, origin)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        for path, seed in (("/", 1), ("/beta/", 2)):
            page = open_game(page, f"{origin}{path}?seed={seed}&speed=instant&lang=en")
            assert phase(page) == "pass" and hand(page) == hands[path], path
            card = hand(page)[0]
            click_card(page, card)
            assert page.locator(f'#screen [data-card="{card}"]').get_attribute("aria-pressed") == "true"
        kept = storage(page)
        assert loads(kept["hearts.save@/"]).view(0).hand != loads(kept["hearts.save@/beta/"]).view(0).hand
        assert "hearts.save" not in kept
        # both open at once, each plays its own game: neither holds the other's lock
        other = open_game(context.new_page(), f"{origin}/?seed=1&speed=instant&lang=en")
        assert [p.get_attribute("html", "data-lock") for p in (page, other)] == ["held", "held"]
        watcher.assert_clean()
    finally:
        context.close()


def _hand_end_without_seed():
    game = Game.new(seed=9)
    for seat in range(4):
        game.pass_cards(seat, game.view(seat).hand[:3])
    while game.phase is Phase.PLAY:
        game.play(game.to_act, game.legal[0])
    data = json.loads(dumps(game))
    data["seed"] = None
    return json.dumps(data)


def test_a_seedless_save_at_the_hand_s_end_continues(warm, site, open_game):
    page = warm.page
    page = open_game(page, site.game_url())
    store(page, "hearts.save", _hand_end_without_seed())
    page = open_game(page, site.game_url())
    page.locator(f'{TABLE}[data-phase="hand-end"]').wait_for(timeout=TIMEOUT)
    page.locator('#screen [data-action="continue"]').click()
    acked(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for(timeout=TIMEOUT)
    assert page.locator(OVERLAY).count() == 0 and len(hand(page)) == 13
    assert loads(storage(page)["hearts.save@/"]).hand_number == 1


def test_a_seed_of_4300_digits_is_refused_with_a_message(warm, site, open_game):
    page = warm.page
    page = open_game(page, site.game_url(seed="9" * 4300))
    assert "18 digits" in page.locator("#screen [role=alert]").inner_text()
    new_game(page)
    assert phase(page) == "pass" and page.locator(OVERLAY).count() == 0
    # a sane seed still fixes the deal, and the note is gone with the new game
    assert page.locator("#screen [role=alert]").count() == 0


def test_the_picks_and_the_finished_trick_come_back_after_a_reload(warm, site, open_game):
    page = warm.page
    page = open_game(page, site.game_url())
    new_game(page)
    picks = hand(page)[:2]
    for card in picks:
        click_card(page, card)
    page = open_game(page, site.game_url())
    pressed = [c for c in hand(page) if page.locator(f'#screen [data-card="{c}"]').get_attribute(
        "aria-pressed") == "true"]
    assert pressed == picks
    # a finished trick on the table when the page went: after the pass, the
    # first trick played, its cards still shown (the pause before it goes)
    game = Game.new(seed=4)
    for seat in range(4):
        game.pass_cards(seat, game.view(seat).hand[:3])
    for _ in range(4):
        game.play(game.to_act, game.legal[0])
    store(page, "hearts.save", dumps(game))
    state = {"at": position(game), "picked": [], "pause": True}
    store(page, "hearts.view", json.dumps(state))
    page = open_game(page, site.game_url(speed="slow"))
    expect(page.locator("#screen .trick .card.played")).to_have_count(4)
    winner = page.locator("#screen .trick .card.winner")
    assert winner.get_attribute("data-seat") == str(game.tricks[0].winner)
    # then it goes to its winner, as it would have
    expect(winner).to_have_count(0, timeout=TIMEOUT)
