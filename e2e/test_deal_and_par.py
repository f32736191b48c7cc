"""Deals anyone can check and a par for every hand, in Chromium: the
page's hooks `data-fingerprint` (during a hand), `data-seed` and `data-par`
(at its end), the par worked out in the worker while the player looks at
the table, the same as CPython's, and Continue never waiting for it."""

import re

from playwright.sync_api import expect

from hearts.app import par_search
from hearts.engine.game import fingerprint
from hearts.engine.save import loads
from hearts.engine.slices import finish
from test_game import TABLE, phase
from test_hand_end import open_size, play_to_hand_end, shoot
from settle import acked

TIMEOUT = 60_000


def saved_game(page):
    return loads(page.evaluate("() => localStorage.getItem('hearts.save@/')"))


def test_the_fingerprint_during_the_hand_then_the_seed_and_the_par(warm_context, site, open_game):
    context, watcher, page = open_size(warm_context, "phone", site.game_url(seed=7), open_game)
    try:
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        shown = page.locator("#screen [data-fingerprint]").first.get_attribute("data-fingerprint")
        assert shown == fingerprint(7, 0) and re.fullmatch(r"[0-9a-f]{12}", shown)
        assert page.locator("#screen [data-seed]").count() == 0  # the seed tells every card: not yet
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        assert f"This deal's fingerprint: {shown}" in page.locator(".overlay.menu").inner_text()
        page.locator('.overlay [data-action="close"]').click()
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        assert page.locator("#screen [data-seed]").get_attribute("data-seed") == "7"
        par = page.locator("#screen [data-par]")
        # the par is worked out in the worker: empty first (or already there), then the points
        page.locator('#screen [data-par]:not([data-par=""])').wait_for(timeout=TIMEOUT)
        points = int(par.get_attribute("data-par"))
        game = saved_game(page)
        assert points == finish(par_search.search(game, "normal")).points  # CPython finds the same
        assert f"par {points}" in par.inner_text()
        assert page.locator("#screen .ending .sheet small.par").inner_text() == f"par {points}"
        shoot(page, "hand-end-par-en-phone")
    finally:
        context.close()
    watcher.assert_clean()


def test_continue_does_not_wait_for_the_par(warm_context, site, open_game):
    context, watcher, page = open_size(warm_context, "desktop", site.game_url(seed=11, level="hard"), open_game)
    try:
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        page.locator('#screen [data-action="continue"]').click()  # at once, the par or not
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert page.locator("#screen [data-par]").count() == 0
        # the par came in meanwhile (or comes), for the score sheet's column
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        # (the open menu is drawn again when the par comes in)
        cell = page.locator(".overlay.menu .sheet small.par")
        expect(cell).to_have_text(re.compile(r"^par \d+$"), timeout=TIMEOUT)
        assert 0 <= int(cell.inner_text().split()[1]) <= 26
        shoot(page, "menu-par-en-desktop")
    finally:
        context.close()
    watcher.assert_clean()


def test_the_par_turned_off_in_the_menu(warm_context, site, open_game):
    context, watcher, page = open_size(warm_context, "phone", site.game_url(seed=5), open_game)
    try:
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        toggle = page.locator('.overlay [data-action="par"]')
        assert toggle.get_attribute("aria-pressed") == "true"
        toggle.click()
        acked(page)
        assert toggle.get_attribute("aria-pressed") == "false"
        page.locator('.overlay [data-action="close"]').click()
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        assert page.locator("#screen [data-par]").count() == 0
        assert page.locator("#screen .sheet .par").count() == 0
        assert page.locator("#screen [data-seed]").get_attribute("data-seed") == "5"
        assert '"par": false' in page.evaluate("() => localStorage.getItem('hearts.settings@/')")
    finally:
        context.close()
    watcher.assert_clean()


def test_a_reload_at_the_hands_end_works_the_par_out_again(warm_context, site, open_game):
    context, watcher, page = open_size(warm_context, "phone", site.game_url(seed=9), open_game)
    try:
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        page = open_game(page, site.game_url(seed=9))  # the same address again: the saved game goes on
        assert phase(page) == "hand-end"
        page.locator('#screen [data-par]:not([data-par=""])').wait_for(timeout=TIMEOUT)
        points = int(page.locator("#screen [data-par]").get_attribute("data-par"))
        assert points == finish(par_search.search(saved_game(page), "normal")).points
        assert page.locator("#screen [data-seed]").get_attribute("data-seed") == "9"
    finally:
        context.close()
    watcher.assert_clean()
