"""The e2e suite's boot() helper (e2e/conftest.py; the open_game fixture)
against a real renderer crash: the boot is tried once more in a new tab, and said; a second crash
fails the boot. (Through the fixture, not an import: with tests/ in the
same run, ``import conftest`` can find tests/conftest.py.)"""
import os
import signal
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError


BOOT_JS = "**/assets/boot.js*"  # asked for by the document itself (no service worker yet)


def renderers():
    """The process ids of the Chromium renderers this test process started
    (its descendants whose command line says --type=renderer), read from
    /proc: no call to the browser, which a route handler is inside of (asked
    there, DevTools' SystemInfo.getProcessInfo once never answered, and the
    run waited 24 minutes)."""
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:  # "pid (name) state ppid ...": the name may hold spaces, not ")"
                ppid = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):  # (gone meanwhile)
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [os.getpid()]
    while todo:
        for pid in children.get(todo.pop(), []):
            todo.append(pid)
            try:
                if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(pid)
            except OSError:
                pass
    return found


def crash(route):
    """A route handler: every renderer of this test's browser (the page
    that asked is the only one it shows) is killed, as a crash would."""
    for pid in renderers():
        os.kill(pid, signal.SIGKILL)
    try:
        route.abort()
    except PlaywrightError:  # (the page is gone)
        pass


def test_a_renderer_crash_while_booting_is_booted_again_in_a_new_tab(browser, site, open_game):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route(BOOT_JS, crash)  # this tab only
        with pytest.warns(UserWarning, match="crashed while booting") as said:
            booted = open_game(page, site.game_url())
        assert [w.category.__name__ for w in said] == ["RendererCrashed"]
        assert booted is not page and booted.context is context
        assert booted.locator("html").get_attribute("data-ready") is not None
        assert booted.locator('#screen [data-action="new-game"]').is_visible()
    finally:
        context.close()


def test_a_second_crash_fails_the_boot(browser, site, open_game):
    context = browser.new_context()
    try:
        context.route(BOOT_JS, crash)  # every tab
        with pytest.warns(UserWarning, match="crashed while booting"), pytest.raises(PlaywrightError, match="crashed"):
            open_game(context.new_page(), site.game_url())
    finally:
        context.close()
