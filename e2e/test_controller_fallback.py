"""The page's controller where MicroPython cannot run it (issue 46's faults):
its wasm does not load, or its module throws as it is imported. The boot
(assets/boot.js) then has PyScript run the same controller,
hearts/page/controller.py, in Pyodide on the main thread
(build/controller/pyodide.json, assets/pyodide-page.js): the game starts
and plays a whole hand, what is played is saved, and a reload goes on with
the game where it was."""

import pytest
from playwright.sync_api import expect

from page_play import hand, play_turns
from settle import acked
from test_game import TABLE, new_game, pass_three, saved_game

MICROPYTHON = "**/build/vendor/micropython/"
FAULTS = {
    "its wasm missing": ("micropython.wasm", dict(status=404, body="")),
    "its module throws": ("micropython.mjs", dict(status=200, content_type="text/javascript",
                                                 body='throw new Error("MicroPython cannot start (a test)");')),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_the_game_plays_when_micropython_cannot_run_the_controller(browser, site, watch, open_game, fault):
    name, answer = FAULTS[fault]
    # (no service worker: every file of the boot comes through the routes)
    context = browser.new_context(service_workers="block")
    watcher = watch(context)
    asked = []

    def broken(route):
        asked.append(route.request.url)
        route.fulfill(**answer)

    context.route(MICROPYTHON + name, broken)
    errors = []  # (what, where) of each console error and uncaught error
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append((m.text, m.location.get("url", ""))) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append((e.message, e.stack or "")))
        page = open_game(page, site.game_url())
        html = page.locator("html")
        expect(html).to_have_attribute("data-controller", "up")
        assert html.get_attribute("data-controller-python") == "cpython"  # Pyodide's
        assert asked, "MicroPython's file was never asked for"
        new_game(page)
        pass_three(page)
        assert len(hand(page)) == 13
        saved = saved_game(page)
        assert play_turns(page) == "hand-end"
        ended = saved_game(page)
        assert ended != saved  # the hand was saved as it was played
        page = open_game(page, site.game_url())  # again
        expect(page.locator(TABLE)).to_have_attribute("data-phase", "hand-end")
        assert page.locator("html").get_attribute("data-controller-python") == "cpython"
        assert saved_game(page) == ended
        page.locator('#screen [data-action="continue"]').click()
        acked(page)
        expect(page.locator(TABLE)).to_have_attribute("data-phase", "pass")
        # Nothing went wrong but in MicroPython's own files.
        assert errors and all("/build/vendor/micropython/" in where for _, where in errors), errors
        assert [f for f in watcher.failed if "/build/vendor/micropython/" not in f] == []
        assert watcher.foreign_requests() == []
    finally:
        context.close()
