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


# The flag no_spare_browser starts its Chromium with: it also tells that
# browser's processes from the session's own Chromium.
NO_SPARE = "--disable-features=SpareRendererForSitePerProcess"


def renderers():
    """The process ids of no_spare_browser's renderers: below its browser
    process (a descendant of this test process whose command line holds
    NO_SPARE and no --type=), those whose command line says
    --type=renderer. Read from /proc: no call to the browser, which a route
    handler is inside of (asked there, DevTools' SystemInfo.getProcessInfo
    once never answered, and the run waited 24 minutes). The session's
    Chromium, which later tests use, keeps its renderers."""
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:  # "pid (name) state ppid ...": the name may hold spaces, not ")"
                ppid = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):  # (gone meanwhile)
                continue
            children.setdefault(ppid, []).append(int(entry.name))

    def below(root):
        todo = [root]
        while todo:
            for pid in children.get(todo.pop(), []):
                todo.append(pid)
                yield pid

    def cmdline(pid):
        try:
            return Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:  # (gone meanwhile)
            return b""

    browsers = [pid for pid in below(os.getpid())
                if NO_SPARE.encode() in cmdline(pid) and b"--type=" not in cmdline(pid)]
    return [pid for root in browsers for pid in below(root) if b"--type=renderer" in cmdline(pid)]


def crash(route):
    """A route handler: every renderer of no_spare_browser (the page that
    asked is the only one it shows) is killed, as a crash would."""
    for pid in renderers():
        os.kill(pid, signal.SIGKILL)
    try:
        route.abort()
    except PlaywrightError:  # (the page is gone)
        pass


@pytest.fixture(scope="module")
def no_spare_browser(browser_type, browser_type_launch_args):
    """A Chromium of this module's own, without the spare renderer Chromium
    keeps ready for the next tab. crash() killed every renderer this test
    process had started, spares among them, and a tab made while a killed
    spare was being replaced waited forever now and then: new_page() in
    boot()'s second try, in 3 of 21 runs of this file beside a CI run (the
    15-minute timeout of pyproject.toml ended it); 0 of 55 with this
    browser. (Chromium may take NO_SPARE in place of Playwright's own
    --disable-features list; nothing this module checks depends on those.)"""
    launched = browser_type.launch(**{**browser_type_launch_args,
                                      "args": [*browser_type_launch_args["args"], NO_SPARE]})
    yield launched
    launched.close()


def test_a_renderer_crash_while_booting_is_booted_again_in_a_new_tab(no_spare_browser, site, open_game):
    context = no_spare_browser.new_context()
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


def test_a_second_crash_fails_the_boot(no_spare_browser, site, open_game):
    context = no_spare_browser.new_context()
    try:
        context.route(BOOT_JS, crash)  # every tab
        with pytest.warns(UserWarning, match="crashed while booting"), pytest.raises(PlaywrightError, match="crashed"):
            open_game(context.new_page(), site.game_url())
    finally:
        context.close()
