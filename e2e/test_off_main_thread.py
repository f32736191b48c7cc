"""Python off the main thread (issue 25): the page answers while the worker
boots and while Hard thinks; a worker that dies or never starts shows a way
back; a message the worker does not understand changes nothing.

The moments are caught by a watcher in the page (an init script), not by
the test's round trips, which a loaded machine stretches."""

import json

from playwright.sync_api import expect

from page_play import acked, click_card, hand, new_game, pass_three, phase
from settle import python_worker

TIMEOUT = 60_000

# Notes, on the page's own clock, the moment a dialog opens (#screen's
# .overlay) and what the boot had reached then.
WATCH_DIALOGS = """
window.__dialogs = [];
new MutationObserver(() => {
  const open = document.querySelector("#screen .overlay");
  const last = window.__dialogs[window.__dialogs.length - 1];
  if (open && (!last || !last.open)) {
    window.__dialogs.push({open: true, at: performance.now(), cls: open.className,
      ready: document.documentElement.hasAttribute("data-ready"),
      interpreter: performance.getEntriesByName("hearts:interpreter").length > 0});
  } else if (!open && last && last.open) {
    window.__dialogs.push({open: false, at: performance.now()});
  }
}).observe(document, {subtree: true, childList: true});
"""


def dialogs(page):
    return page.evaluate("window.__dialogs")


def test_the_start_screen_answers_while_python_starts(fresh, site):
    """A first visit: Python starts anew in its worker (seconds of work).
    The start screen's Rules opens at once, before the interpreter is even
    up, and the game takes the open rules over when it is ready."""
    page = fresh.page
    page.add_init_script(WATCH_DIALOGS)
    page.goto(site.game_url())
    page.locator('#screen [data-action="rules"]').click()
    page.locator("#screen .overlay.rules").wait_for()
    first = dialogs(page)[0]
    assert first["open"] and not first["ready"] and not first["interpreter"], first
    page.locator("html[data-ready]").wait_for(state="attached", timeout=TIMEOUT)
    expect(page.locator("#screen .overlay.rules")).to_be_visible()
    page.keyboard.press("Escape")  # now the worker's: it closes the rules
    expect(page.locator("#screen .overlay")).to_have_count(0)
    expect(page.locator('#screen [data-action="rules"]')).to_be_focused()


def test_a_click_before_the_takeover_counts_once(fresh, site):
    """The start screen answers the clicks made before Python is ready; the
    worker must not get them too (a toggle would flip back)."""
    page = fresh.page
    page.goto(site.game_url())
    toggle = page.locator('#screen [data-action="four-colour"]')
    toggle.click()
    assert page.locator("html[data-ready]").count() == 0  # (a first visit: Python starts for seconds yet)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.locator("html[data-ready]").wait_for(state="attached", timeout=TIMEOUT)
    acked(page)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert json.loads(page.evaluate("() => localStorage.getItem('hearts.settings@/')"))["four_colour"] is True


def test_the_page_answers_while_hard_thinks(warm_context, site, open_game):
    """Hard chooses the three opponents' passes by search while the player
    looks at the new hand (hundreds of ms each). A click on Rules then is
    answered in the middle of that thinking: the worker's search yields to
    the page's messages."""
    context, _ = warm_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(WATCH_DIALOGS)
    page = open_game(page, site.game_url(level="hard", debug="think"))  # (data-think-spans)
    page.locator('#screen [data-action="new-game"]').click()
    page.locator('#screen [data-action="rules"]').click()
    page.locator("#screen .overlay.rules").wait_for(timeout=TIMEOUT)
    opened = dialogs(page)[0]["at"]
    page.locator("html[data-running='0']").wait_for(state="attached", timeout=TIMEOUT)
    spans = [tuple(map(float, s.split("-"))) for s in page.get_attribute("html", "data-think-spans").split(",")]
    assert len(spans) >= 3  # the three passes
    assert spans[0][0] < opened < spans[-1][1], (opened, spans)
    page.keyboard.press("Escape")
    expect(page.locator("#screen .overlay")).to_have_count(0)
    assert phase(page) == "pass"


# performance.timeOrigin with no fraction, as Chromium sometimes has it:
# MicroPython reads such a JavaScript number as a 32-bit int.
WHOLE_TIME_ORIGIN = """
(() => {
  const whole = Math.floor(performance.timeOrigin);
  const json = performance.toJSON.bind(performance);
  Object.defineProperty(performance, "timeOrigin", {get: () => whole});
  performance.toJSON = () => ({...json(), timeOrigin: whole});
})();
"""


def test_the_thinking_is_timed_on_the_page_clock_when_its_origin_is_whole(warm_context, site, open_game):
    """The controller hands the page's time origin to the worker, which
    times the opponents on the page's clock. A whole origin (one CI run's)
    once arrived wrapped to 32 bits, and the times were 55 years off."""
    context, _ = warm_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(WHOLE_TIME_ORIGIN)
    page = open_game(page, site.game_url(debug="think"))  # (data-think-spans)
    assert page.evaluate("Number.isInteger(performance.timeOrigin)")
    new_game(page)
    pass_three(page)
    page.locator("html[data-think-spans]").wait_for(state="attached", timeout=TIMEOUT)
    now = page.evaluate("performance.now()")
    start, end = map(float, page.get_attribute("html", "data-think-spans").split(",")[0].split("-"))
    assert 0 < start <= end <= now + 1, (start, end, now)


def test_a_worker_that_dies_mid_hand_shows_a_way_back_and_the_game_is_kept(game, site):
    page = game.page
    new_game(page)
    pass_three(page)
    page.locator('#screen button[data-card]:not([aria-disabled="true"])').first.wait_for(timeout=TIMEOUT)
    page.locator("html[data-running='0']").wait_for(state="attached", timeout=TIMEOUT)
    before = hand(page)
    page.evaluate("() => heartsWorker.terminate()")  # as a crash or the browser would end it
    stopped = page.locator("#boot [role=alert]")
    expect(stopped).to_contain_text("The game stopped", timeout=TIMEOUT)
    assert page.get_attribute("html", "data-boot-error") == "stopped"
    reload = page.locator('#boot [data-action="reload"]')
    expect(reload).to_be_focused()
    reload.click()
    page.locator("html[data-ready]").wait_for(state="attached", timeout=TIMEOUT)
    assert phase(page) == "play" and hand(page) == before  # the game goes on from where it was


def test_a_message_the_worker_does_not_understand_is_dropped(game):
    page = game.page
    with page.expect_console_message(lambda m: "no known kind" in m.text) as message:
        page.evaluate("() => heartsWorker.postMessage({kind: 'format-disk', value: 1})")
    assert message.value.type == "warning"
    page.evaluate("() => heartsWorker.postMessage('not even an object')")
    new_game(page)  # the game goes on
    card = hand(page)[0]
    click_card(page, card)
    assert page.locator(f'#screen [data-card="{card}"]').get_attribute("aria-pressed") == "true"


def test_timers_that_fire_late_do_not_end_a_live_game(game, open_game, site):
    """60 s of the page's timers fired at once (a clock moved on by hand, as
    a tab's timers come in a burst after it was frozen): the watchdog timed
    the worker's answer on those timers and said "The game stopped" of a
    live game. Now it times it on the events' own clock."""
    page = game.page
    page.clock.install()
    page = open_game(page, site.game_url())
    new_game(page)
    pass_three(page)
    page.locator("html[data-running='0']").wait_for(state="attached", timeout=TIMEOUT)
    page.clock.run_for(60_000)
    acked(page)
    page.clock.run_for(1_000)
    acked(page)
    assert page.get_attribute("html", "data-stopped") is None
    assert page.locator("#boot [role=alert]").count() == 0
    card = page.locator('#screen button[data-card]:not([aria-disabled="true"])').first
    card.wait_for(timeout=TIMEOUT)
    played = card.get_attribute("data-card")
    click_card(page, played)
    page.locator(f'#screen [data-card="{played}"]').wait_for(state="detached", timeout=TIMEOUT)


def test_a_hostile_message_shape_and_a_forged_leave_break_nothing(game):
    """2,000 nested arrays in a message: Pyodide's whole conversion raised,
    and the page showed "Something went wrong"; now dropped with a warning.
    A forged "leave" then: the moves after it were never stored; now the
    next click shows the page is here, and the pass is stored."""
    page = game.page
    new_game(page)
    with page.expect_console_message(lambda m: "dropped" in m.text) as message:
        page.evaluate("""() => {
            let nested = [];
            for (let i = 0; i < 2000; i++) nested = [nested];
            heartsWorker.postMessage({kind: "card", card: nested, detail: 1});
        }""")
    assert message.value.type == "warning"
    with page.expect_console_message(lambda m: "going" in m.text):
        page.evaluate("() => heartsWorker.postMessage({kind: 'leave'})")
        pass_three(page)
    assert page.locator("#screen .overlay").count() == 0  # no error, no "elsewhere"
    page.locator("html[data-running='0']").wait_for(state="attached", timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("data-lock", "held", timeout=TIMEOUT)
    saved = json.loads(page.evaluate("() => localStorage.getItem('hearts.save@/')"))
    assert saved["hands"][-1]["passes"][0] is not None  # the pass made after the forged leave is stored


def test_a_worker_that_cannot_start_shows_the_boot_error(browser, site, watch):
    context = browser.new_context()
    context.route("**/assets/python-worker.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="throw new Error('no Python here');"))
    try:
        page = context.new_page()
        page.goto(site.game_url())
        page.locator("html[data-boot-error='failed']").wait_for(state="attached", timeout=TIMEOUT)
        expect(page.locator("#boot [role=alert]")).to_contain_text("couldn't start")
        assert page.locator("html[data-ready]").count() == 0
    finally:
        context.close()
