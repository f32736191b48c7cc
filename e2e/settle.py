"""Waiting for the page to be done, instead of for a fixed time.

A test that asserts that something did NOT happen (a stale tab's click
stored nothing, a lost lock did not come back) must first know that the
page has handled what it was given and that nothing more will come of it.
The page's runtime counts its messages on <html> (data-messages, each once
its effects have started: a save is stored by then) and the effects'
tasks still running (data-running): hearts/page/runtime.py _took and spawn.

    before = handled(page)
    page.locator(...).dispatch_event("click")
    settled(page, before)   # the click was handled, and its tasks are done
    assert <nothing happened>
"""

import json

from playwright.sync_api import expect

from page_play import acked  # noqa: F401  (tools/: the worker has handled what the page sent)

TIMEOUT = 30_000


def handled(page) -> int:
    """How many messages the page has handled so far."""
    return int(page.get_attribute("html", "data-messages") or 0)


def settled(page, before: int, timeout: int = TIMEOUT) -> None:
    """Wait until page has handled a message since handled(page) was
    ``before`` and no effect's task is still running (a card on its way, a
    lock being claimed, a save being retried)."""
    acked(page, timeout)
    html = page.locator("html")
    expect(html).not_to_have_attribute("data-messages", str(before), timeout=timeout)
    expect(html).to_have_attribute("data-running", "0", timeout=timeout)


def locks_settled(page) -> None:
    """Let the browser's lock manager answer everything asked of it so far
    (a stolen or aborted lock request is told by then): a query is answered
    after every request made before it; then one turn of the event loop,
    for what the answers set off."""
    page.evaluate("() => navigator.locks.query().then(() => new Promise((done) => setTimeout(done)))")


def until_true(page, expression: str, what: str, timeout: int = TIMEOUT):
    """expression's value (a JS expression) once it is truthy, asked every
    50 ms: the page's CSP forbids page.wait_for_function's eval."""
    for _ in range(timeout // 50):
        value = page.evaluate(f"() => ({expression})")
        if value:
            return value
        page.wait_for_timeout(50)  # (a poll of a condition, not a wait in its place)
    raise AssertionError(f"the page never showed {what}")


# Whether every file that the <use> elements matching selector draw from
# has come in (its resource timing entry has ended; an entry's name keeps
# the fragment it was first asked with), and there are at least ``least``.
FILES_IN = """([selector, least]) => {
  const files = new Set([...document.querySelectorAll(selector)]
    .map((use) => new URL(use.getAttribute('href'), document.baseURI).href.split('#')[0]));
  const done = new Set(performance.getEntriesByType('resource')
    .filter((entry) => entry.responseEnd > 0).map((entry) => entry.name.split('#')[0]));
  return files.size >= least && [...files].every((url) => done.has(url));
}"""


def files_in(selector: str, least: int = 1) -> str:
    """A JS expression, for until_true: whether the files of the <use>
    elements matching ``selector`` (at least ``least`` files) are all in
    (see FILES_IN)."""
    return f"({FILES_IN})({json.dumps([selector, least])})"


def art_preloaded(page, timeout: int = TIMEOUT) -> None:
    """Wait until the page's art preload (hearts.page.worker's ART_PRELOAD,
    drawn once the game is ready and the browser idle) has all 52 card
    files in.

    A test that leaves the page before then cuts those downloads short. Where
    a service worker was fetching them from the network (an install that is
    not the worker's own, on its first visit), Chromium reports that as
    net::ERR_FAILED, not the ERR_ABORTED of a plain download cut short, and
    the context's watcher fails the test (seen in CI, 2026-12-06)."""
    until_true(page, files_in("svg.art use[href]", 52), "every card's file in", timeout)


def python_worker(page):
    """The page's worker that runs the game's Python (assets/python-worker.js)."""
    return next(w for w in page.workers if w.url.endswith("/assets/python-worker.js"))


def run_python(page, code: str):
    """``code``'s last expression's value, run by the game's interpreter in
    its worker (which keeps it in self.heartsPython for the tests)."""
    return python_worker(page).evaluate("(code) => self.heartsPython.runPython(code)", code)
