"""Issue 26 in the browser: a new version deployed under an open game is
told, never forced in the middle of a hand; the player chooses when (Update
now, or the next hand), and lands on the new version with the game kept;
the first visit says once that the game now works offline (sw.js,
assets/updates.js, hearts/app/versions.py). Two versions are served: `make
dist` in a folder of its own, then "deployed" again with another boot
title and another precache version. Screenshots go to build/screenshots/.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import Game, Phase
from hearts.engine.save import dumps, loads
from deploys import NEW_VERSION, deploy_site
from settle import acked
from test_game import LEGAL, TABLE, hand, new_game, pass_three, phase
from test_hand_end import shoot

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120_000  # the worker's install (13 MB from a local server) on a loaded machine


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dist") / "site"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(folder)],
                   check=True, capture_output=True)
    return folder


def deploy(site):
    """A new build over the old one: another boot title, another version."""
    deploy_site(site)


def served_title(page):
    """The boot title the page's worker serves now (the new build's, or not)."""
    return page.evaluate("fetch('build/boot-i18n.json').then((r) => r.json()).then((j) => j.en.title)")


def first_visit(page, url):
    """The first visit, until the worker serves it, and its offline notice."""
    page.goto(url)
    page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
    page.locator('html[data-sw="controlled"]').wait_for(state="attached", timeout=WAIT)
    page.locator('#screen [data-notice="offline"]').wait_for(timeout=WAIT)


def look_for_updates(page):
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.locator('html[data-update="ready"]').wait_for(state="attached", timeout=WAIT)
    page.locator('#screen [data-notice="update"]').wait_for(timeout=WAIT)


def before_the_hand_ends() -> str:
    """A dealt game's first hand with one card left, yours."""
    game = Game.new(seed=9)
    for seat in range(4):
        game.pass_cards(seat, game.view(seat).hand[:3])
    while not (sum(len(t.cards) for t in game.tricks) >= 48 and game.to_act == 0 and len(game.view(0).hand) == 1):
        game.play(game.to_act, game.legal_actions(game.to_act)[0])
    return dumps(game)


@pytest.mark.parametrize("size", [(360, 740), (1366, 768)], ids=["phone", "desktop"])
def test_a_new_version_is_told_not_forced_and_update_now_keeps_the_game(browser, watch, dist, tmp_path,
                                                                        serve_directory, size):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    origin = serve_directory(site)
    url = f"{origin}/?seed=1&speed=instant&lang=en"
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    watcher = watch(context, origin)
    try:
        page = context.new_page()
        first_visit(page, url)
        assert "works offline" in page.locator('#screen [data-notice="offline"]').inner_text()
        shoot(page, f"update-offline-{size[0]}")
        page.locator('#screen [data-action="dismiss-notice"]').click()
        acked(page)
        page.locator('#screen [data-notice="offline"]').wait_for(state="detached")
        # A hand in progress...
        new_game(page)
        pass_three(page)
        page.locator(LEGAL).first.wait_for()
        page.locator(LEGAL).first.dispatch_event("click")
        acked(page)
        page.evaluate("window.heartsSamePage = 1")
        before = hand(page)
        # ...when a new build is deployed: told, nothing else changes.
        deploy(site)
        look_for_updates(page)
        assert page.locator('#screen [data-notice="update"] [data-action="update-now"]').is_visible()
        assert "when this hand is over" in page.locator('#screen [data-notice="update"]').inner_text()
        assert page.evaluate("window.heartsSamePage") == 1  # no reload
        assert phase(page) == "play" and hand(page) == before
        assert served_title(page) == "Hearts"  # the old worker still serves this page
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting))")
        page.locator(LEGAL).first.wait_for()
        page.locator(LEGAL).first.dispatch_event("click")  # the hand plays on, on the old version
        acked(page)
        page.locator(f"{TABLE}").wait_for()
        assert page.evaluate("window.heartsSamePage") == 1
        shoot(page, f"update-ready-{size[0]}")
        # The player chooses: now. The page reloads into the new version, the game as it was.
        with page.expect_navigation(timeout=WAIT):
            page.locator('#screen [data-action="update-now"]').click()
        page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
        assert page.evaluate("window.heartsSamePage") is None
        saved = loads(page.evaluate("localStorage.getItem('hearts.save@/')"))
        assert phase(page) == "play" and sorted(hand(page)) == sorted(str(c) for c in saved.view(0).hand)
        assert len(hand(page)) <= len(before)
        assert served_title(page) == "Hearts 2"
        assert page.evaluate("caches.keys()") == [f"hearts / {NEW_VERSION}"]
        assert page.locator('#screen [data-notice]').count() == 0
        assert page.locator("html").get_attribute("data-update") is None
        watcher.assert_clean()
    finally:
        context.close()


def test_the_next_hand_is_the_moment_to_switch(browser, watch, dist, tmp_path, serve_directory):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    origin = serve_directory(site)
    url = f"{origin}/?speed=instant&lang=en"
    context = browser.new_context(viewport={"width": 360, "height": 740})
    watcher = watch(context, origin)
    try:
        page = context.new_page()
        first_visit(page, url)
        page.evaluate(f"localStorage.setItem('hearts.save@/', {json.dumps(before_the_hand_ends())})")
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
        assert phase(page) == "play" and len(hand(page)) == 1
        page.evaluate("window.heartsSamePage = 1")
        deploy(site)
        look_for_updates(page)
        # The last card: the hand's end, still this page, the notice in the hand's dialog.
        page.locator(LEGAL).first.dispatch_event("click")
        acked(page)
        page.locator(f'{TABLE}[data-phase="hand-end"]').wait_for()
        assert page.evaluate("window.heartsSamePage") == 1
        assert page.locator('#screen .ending [data-notice="update"]').is_visible()
        assert page.locator('#screen [data-notice="update"]').count() == 1
        assert "with the next hand" in page.locator('#screen [data-notice="update"]').inner_text()
        # Within the dialog's edges, as its buttons are: not over its border or its rounded foot.
        notice = page.locator('#screen .ending [data-notice="update"]').bounding_box()
        panel = page.locator("#screen .ending-panel").bounding_box()
        assert notice["x"] >= panel["x"] + 4, (notice, panel)
        assert notice["x"] + notice["width"] <= panel["x"] + panel["width"] - 4, (notice, panel)
        assert notice["y"] + notice["height"] <= panel["y"] + panel["height"] - 4, (notice, panel)
        shoot(page, "update-hand-end-360")
        with page.expect_navigation(timeout=WAIT):
            page.locator('#screen [data-action="continue"]').click()
        page.locator("html[data-ready]").wait_for(state="attached", timeout=WAIT)
        assert page.evaluate("window.heartsSamePage") is None
        assert phase(page) in ("pass", "play") and len(hand(page)) == 13
        assert loads(page.evaluate("localStorage.getItem('hearts.save@/')")).hand_number == 1
        assert served_title(page) == "Hearts 2"
        watcher.assert_clean()
    finally:
        context.close()
