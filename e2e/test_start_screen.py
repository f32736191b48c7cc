"""The start screen is in the page (index.html, written by the build from
the game's view: hearts/dev/prerender.py) and answers before Python is ready
(assets/start-screen.js); Python takes it over without a change on screen.

Most tests hold build/boot-i18n.json back (a route answered only when the
test says so): the runtime's big files all come in, Python starts in its
worker, but the page does not let it start the game, so every click surely
lands before html[data-ready].
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from test_game import TABLE, new_game
from settle import acked, files_in, until_true

START = '#screen > section[data-phase="start"]'
NEW_GAME = '#screen [data-action="new-game"]'
STATE = "html[data-start-screen]"
READY_MS = 120_000
SHOT_SIZES = [(360, 740), (1366, 768)]

# A sampler of every frame from the document's start (requestAnimationFrame
# runs before each paint): what the page would show in it.
FRAMES = """
window.__frames = [];
(function sample() {
  const html = document.documentElement;
  if (!html) return requestAnimationFrame(sample);
  const body = document.body;
  const button = document.querySelector('#screen [data-action="new-game"]');
  const shown = (el) => !!el && el.checkVisibility({visibilityProperty: true});
  if (!html.hasAttribute('data-ready')) {
    window.__frames.push({
      body: !!body && getComputedStyle(body).visibility === 'visible',
      lang: html.lang, state: html.dataset.startScreen || '',
      start: shown(button), label: button ? button.textContent : null,
      boot: shown(document.getElementById('boot')),
    });
    requestAnimationFrame(sample);
  }
})();
"""

LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    window.__shifts.push({value: entry.value, recent: entry.hadRecentInput,
                          sources: (entry.sources || []).map((s) => s.node ? s.node.outerHTML.slice(0, 80) : '')});
}).observe({type: 'layout-shift', buffered: true});
"""


def start_texts():
    from conftest import ROOT

    text = (ROOT / "build" / "start-screen.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("= ") + 2:].rstrip().rstrip(";"))["texts"]


def label(lang, action):
    """A start screen button's text in lang, from the build's start screens."""
    found = re.search(f'data-action="{action}"[^>]*>([^<]*)<', start_texts()[lang]["screen"])
    return found.group(1)


class Held:
    """The game held back until release(): build/boot-i18n.json, the
    loading screen's texts, which the page waits for before it lets the
    worker's Python (up by then) start the game."""

    def __init__(self, context):
        self.routes = []
        self.released = False
        context.route("**/build/boot-i18n.json", self._hold)

    def _hold(self, route):
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def open_held(page, url):
    """The page, its game held back (Held), once the page's controller
    (MicroPython) answers the start screen's clicks."""
    held = Held(page.context)
    page.goto(url)
    page.locator(STATE).wait_for(state="attached")
    page.locator("html[data-controller]").wait_for(state="attached", timeout=READY_MS)
    return held


def ready(page):
    page.locator("html[data-ready]").wait_for(state="attached", timeout=READY_MS)


def art_in(page):
    """Until the card art is in, and drawn: the page's pixels the same in
    two screenshots in a row."""
    until_true(page, files_in("#screen use[href]"), "the card art", 60_000)  # (tools/cardart.py: a file per card)
    last = None
    for _ in range(600):
        shot = page.screenshot()
        if shot == last:
            return
        last = shot
        page.wait_for_timeout(100)  # (a poll of a condition, not a wait in its place)
    raise AssertionError("the start screen never stood still")


def not_ready(page):
    assert page.locator("html[data-ready]").count() == 0


def storage(page):
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def test_the_start_screen_shows_without_scripts_and_says_the_game_needs_them(browser, site):
    # (a touch screen: "two-tap" is offered on touch screens only)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(site.game_url())
        expect(page.locator(START)).to_be_visible()
        for action in ("new-game", "rules", "stats", "import-game", "four-colour", "two-tap"):
            expect(page.locator(f'#screen [data-action="{action}"]')).to_be_visible()
        assert page.locator('#screen [data-action="level"]').count() == 3
        note = page.locator("#app .noscript")
        expect(note).to_be_visible()
        assert "needs JavaScript" in note.inner_text()
        assert page.locator("#boot").is_hidden()
        assert page.locator("html[data-ready]").count() == 0
        page.screenshot(path="build/screenshots/start-noscript-360x740.png")
    finally:
        context.close()


def test_the_start_screen_is_up_before_python_and_new_game_pressed_then_deals(fresh, site):
    page = fresh.page
    page.add_init_script(FRAMES)
    held = open_held(page, site.game_url())
    expect(page.locator(STATE)).to_have_attribute("data-start-screen", "prerendered")
    expect(page.locator(NEW_GAME)).to_be_visible()
    assert page.locator("#boot").is_hidden()
    marks = page.evaluate("performance.getEntriesByName('hearts:start-screen').length")
    assert marks == 1
    page.locator(NEW_GAME).click()
    acked(page)
    not_ready(page)
    expect(page.locator("html")).to_have_attribute("data-start-pressed", "new-game")
    bar = page.locator(f"{NEW_GAME} progress.start-wait")
    expect(bar).to_be_visible()
    assert page.locator(NEW_GAME).get_attribute("aria-busy") == "true"
    # the start screen stays up (with the bar) until the deal replaces it
    held.release()
    ready(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
    assert page.locator("#screen [data-card]").count() == 13
    assert page.locator("html").get_attribute("data-start-pressed") is None
    assert page.locator("html").get_attribute("data-start-screen") == "python"
    frames = page.evaluate("window.__frames")
    painted = [f for f in frames if f["body"]]
    assert painted and all(f["start"] and not f["boot"] for f in painted), painted[:3]


@pytest.mark.parametrize("how", ["address", "storage"])
def test_the_language_is_applied_before_the_first_paint(browser, site, watch, how):
    context = browser.new_context(locale="en-US")
    watcher = watch(context)
    try:
        page = context.new_page()
        page.add_init_script(FRAMES)
        if how == "storage":
            page.add_init_script("try { localStorage.setItem('hearts.lang@/', 'fi') } catch (_) {}")
        held = open_held(page, site.game_url(lang="fi" if how == "address" else None))
        expect(page.locator(NEW_GAME)).to_be_visible()
        not_ready(page)
        finnish = label("fi", "new-game")
        assert finnish != label("en", "new-game")
        expect(page.locator(NEW_GAME)).to_have_text(finnish)
        assert page.locator("html").get_attribute("lang") == "fi"
        frames = page.evaluate("window.__frames")
        painted = [f for f in frames if f["body"]]
        assert painted, "no frame was painted before Python was ready"
        assert all(f["lang"] == "fi" and f["label"] == finnish for f in painted), painted[:3]
        assert [f for f in frames if not f["body"]] == [] or frames[0]["state"] in ("", "pending")
        assert page.title() == start_texts()["fi"]["title"]
        held.release()
        ready(page)
        expect(page.locator(NEW_GAME)).to_have_text(finnish)
        assert page.locator("html").get_attribute("lang") == "fi"
        watcher.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("width, height", SHOT_SIZES)
def test_python_takes_over_the_start_screen_without_a_change(browser, site, watch, width, height):
    """Nothing moves (no layout shift), the markup is the same (with stored
    settings the page applied itself), and the screen looks the same.

    No service worker: on a first visit its "works offline" notice comes
    whenever its cache is full, a change of its own (below New game, by
    design) that would land in this test's window at random."""
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    watcher = watch(context)
    try:
        page = context.new_page()
        page.add_init_script(LAYOUT_SHIFTS)
        page.add_init_script("""try { localStorage.setItem('hearts.settings@/',
            '{"level": "hard", "speed": "fast", "four_colour": true, "two_tap": true}') } catch (_) {}""")
        held = open_held(page, site.game_url(level=None, speed=None))
        page.locator("html[data-boot-stage='3']").wait_for(state="attached", timeout=READY_MS)
        page.locator('#screen use[href]').first.wait_for(state="attached")  # the emblem's art asked for
        art_in(page)
        not_ready(page)
        before = page.evaluate("document.getElementById('screen').innerHTML")
        shot_before = page.screenshot(path=f"build/screenshots/start-before-python-{width}x{height}.png")
        held.release()
        ready(page)
        page.locator("html[data-warm='done']").wait_for(state="attached", timeout=READY_MS)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        after = page.evaluate("document.getElementById('screen').innerHTML")
        shot_after = page.screenshot(path=f"build/screenshots/start-after-python-{width}x{height}.png")
        assert before == after
        assert 'class="screen four pace-fast phase-start"' in after
        pressed = page.locator('#screen [aria-pressed="true"]')
        assert sorted(pressed.evaluate_all("els => els.map(e => e.dataset.action + ':' + (e.dataset.value || ''))")) \
            == ["four-colour:", "lang:en", "level:hard", "speed:fast", "two-tap:"]
        assert page.evaluate("window.__shifts") == []
        assert shot_before == shot_after
        watcher.assert_clean()
    finally:
        context.close()


def test_settings_changed_before_python_are_kept(browser, site, watch):
    context = browser.new_context(locale="en-US", has_touch=True)  # (Tap twice to play: on touch screens)
    watcher = watch(context)
    try:
        page = context.new_page()
        held = open_held(page, site.game_url(level=None, speed=None, lang=None))
        for selector in ('[data-action="level"][data-value="hard"]', '[data-action="speed"][data-value="slow"]',
                         '[data-action="four-colour"]', '[data-action="two-tap"]',
                         '[data-action="lang"][data-value="nb"]'):
            page.locator("#screen " + selector).click()
            acked(page)
        not_ready(page)
        norwegian = label("nb", "new-game")
        expect(page.locator(NEW_GAME)).to_have_text(norwegian)
        assert page.locator("html").get_attribute("lang") == "nb"
        expect(page.locator('#screen [data-action="lang"][data-value="nb"]')).to_be_focused()
        stored = storage(page)
        assert stored["hearts.lang@/"] == "nb"
        early = stored["hearts.settings@/"]
        # (a touch screen taps twice by default: the click turned it off)
        assert json.loads(early) == {"level": "hard", "speed": "slow", "four_colour": True, "two_tap": False}
        description = start_texts()["nb"]["levels"]["hard"]
        expect(page.locator("#screen .choice-desc")).to_have_text(description)
        # (Python up in its worker: the emblem's art is asked for, as Python draws it)
        page.locator("html[data-boot-stage='3']").wait_for(state="attached", timeout=READY_MS)
        before = page.evaluate("document.getElementById('screen').innerHTML")
        held.release()
        ready(page)
        assert page.evaluate("document.getElementById('screen').innerHTML") == before
        # Python stores the same text for the same settings.
        page.locator('#screen [data-action="four-colour"]').click()
        acked(page)
        page.locator('#screen [data-action="four-colour"]').click()
        acked(page)
        assert storage(page)["hearts.settings@/"] == early
        new_game(page)
        assert "four" in page.locator(TABLE).get_attribute("class")
        assert "pace-slow" in page.locator(TABLE).get_attribute("class")
        watcher.assert_clean()
    finally:
        context.close()


def test_the_desktop_start_screen_needs_no_scrolling_in_any_language(browser, site, watch):
    """At 1366x768 all of the start screen is in sight at once, the longest
    level description chosen (its cell is as tall as the longest anyway),
    before Python and after, in each of the five languages."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    watcher = watch(context)
    try:
        page = context.new_page()
        for lang in ("en", "fi", "nb", "lt", "nl"):
            page.goto(site.game_url(level="hard", speed=None, lang=lang))
            page.locator(START).wait_for()
            assert page.evaluate("document.scrollingElement.scrollHeight") <= 768, f"{lang}, before Python"
            ready(page)
            assert page.evaluate("document.scrollingElement.scrollHeight") <= 768, lang
        watcher.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fi", "nl"])
def test_choosing_a_level_moves_nothing_below_it(browser, site, watch, lang):
    """The level's description changes length with the level (one line to
    five on a phone); the settings under it stay put, before Python (the
    page's script) and after."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    watcher = watch(context)
    try:
        page = context.new_page()
        held = open_held(page, site.game_url(level=None, speed=None, lang=lang))
        speed = page.locator('#screen [data-action="speed"]').first
        descriptions = start_texts()[lang]["levels"]

        def tops():
            out = []
            for level in ("easy", "hard", "normal", "easy"):
                page.locator(f'#screen [data-action="level"][data-value="{level}"]').click()
                acked(page)
                expect(page.locator("#screen .choice-desc")).to_have_text(descriptions[level])
                out.append(speed.bounding_box()["y"])
            return out

        before = tops()
        not_ready(page)
        held.release()
        ready(page)
        after = tops()
        assert len(set(before)) == 1 and after == before, (before, after)
        watcher.assert_clean()
    finally:
        context.close()


def test_clicks_before_the_controller_is_up_are_kept_and_carried_out(browser, site, watch):
    """Until MicroPython runs the page's controller, the start screen keeps
    its clicks (assets/start-screen.js); the controller carries them out
    once it is up, in order. A setting changed there keeps the rest of the
    stored settings (the once-only reminder to save to a file, which the
    start screen's script of before dropped)."""
    context = browser.new_context(locale="en-US")
    watcher = watch(context)
    held = []
    context.route("**/build/vendor/micropython/micropython.wasm", lambda route: held.append(route))
    context.add_init_script("""try {
  if (location.protocol === "http:" && !sessionStorage.getItem("seeded")) {
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("hearts.settings@/", '{"level": "easy", "speed": "normal", "four_colour": false, "reminded": true}');
  }
} catch (_) { /* a document with no storage (about:blank) */ }""")
    try:
        page = context.new_page()
        page.goto(site.game_url(level=None, speed=None, lang=None))
        page.locator("html[data-start-screen='prerendered']").wait_for(state="attached")
        for selector in ('[data-action="level"][data-value="hard"]', '[data-action="lang"][data-value="fi"]',
                         '[data-action="rules"]'):
            page.locator("#screen " + selector).click()
        for _ in range(READY_MS // 50):  # until MicroPython's wasm is asked for (and held)
            if held:
                break
            page.wait_for_timeout(50)  # (a poll of a condition, not a wait in its place)
        assert held and page.locator("html[data-controller]").count() == 0, "the clicks came before the controller"
        for route in held:
            route.continue_()
        context.unroute("**/build/vendor/micropython/micropython.wasm")
        expect(page.locator('#screen [data-action="level"][data-value="hard"]')).to_have_attribute(
            "aria-pressed", "true", timeout=READY_MS)
        expect(page.locator("#screen > .overlay.rules")).to_be_visible()
        assert page.locator("html").get_attribute("lang") == "fi"
        stored = storage(page)
        assert json.loads(stored["hearts.settings@/"]) == {"level": "hard", "speed": "normal", "four_colour": False,
                                                          "reminded": True}
        assert stored["hearts.lang@/"] == "fi"
        watcher.assert_clean()
    finally:
        context.close()


def test_the_rules_open_before_python_and_stay_open_when_it_takes_over(fresh, site):
    page = fresh.page
    held = open_held(page, site.game_url(lang="lt"))
    page.locator('#screen [data-action="rules"]').click()
    acked(page)
    rules = page.locator("#screen > .overlay.rules")
    expect(rules).to_be_visible()
    expect(rules.locator(".panel")).to_be_focused()
    assert page.locator(START).get_attribute("inert") == ""
    page.keyboard.press("Escape")
    expect(rules).to_have_count(0)
    expect(page.locator('#screen [data-action="rules"]')).to_be_focused()
    page.locator('#screen [data-action="rules"]').click()
    acked(page)
    not_ready(page)
    text = rules.inner_text()
    held.release()
    ready(page)
    expect(rules).to_be_visible()
    assert rules.inner_text() == text
    page.locator('#screen .overlay [data-action="close"]').click()
    expect(rules).to_have_count(0)
    expect(page.locator('#screen [data-action="rules"]')).to_be_focused()


def test_a_game_in_progress_resumes_without_the_start_screen_showing(browser, site, watch, open_game):
    context = browser.new_context(service_workers="block")  # boot-i18n.json is held by route(), not served by the service worker
    watcher = watch(context)
    try:
        resumes(context.new_page(), site, open_game)
        watcher.assert_clean()
    finally:
        context.close()


def resumes(page, site, open_game):
    page = open_game(page, site.game_url())
    new_game(page)
    hand = page.locator("#screen [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    page.add_init_script(FRAMES)
    held = Held(page.context)
    page.goto(site.game_url())
    page.locator("html[data-boot-stage]").wait_for(state="attached")
    expect(page.locator("#boot")).to_be_visible()
    assert page.locator(STATE).get_attribute("data-start-screen") == "resume"
    held.release()
    ready(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
    assert page.locator("#screen [data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    frames = page.evaluate("window.__frames")
    painted = [f for f in frames if f["body"]]
    assert painted and not [f for f in painted if f["start"]], "the start screen showed before the table"
    assert all(f["boot"] for f in painted[1:]), [f for f in painted if not f["boot"]][:5]


def test_statistics_pressed_before_python_open_once_it_is_ready(fresh, site):
    page = fresh.page
    held = open_held(page, site.game_url())
    page.locator('#screen [data-action="stats"]').click()
    expect(page.locator('#screen [data-action="stats"] progress.start-wait')).to_be_visible()
    not_ready(page)
    held.release()
    ready(page)
    expect(page.locator("#screen > .overlay")).to_have_count(1)
    expect(page.locator('#screen .overlay [data-action="close"]').first).to_be_visible()
    assert page.locator(START).get_attribute("inert") == ""


def test_a_file_chosen_before_python_is_opened_once_it_is_ready(fresh, site, tmp_path):
    from hearts.engine.game import Game
    from hearts.engine.save import dumps

    game = Game.new(7)
    exported = tmp_path / "hearts-game.json"
    exported.write_text(dumps(game, 1), encoding="utf-8")
    page = fresh.page
    held = open_held(page, site.game_url())
    with page.expect_file_chooser() as chooser:
        page.locator('#screen [data-action="import-game"]').click()
    chooser.value.set_files(str(exported))
    expect(page.locator("html")).to_have_attribute("data-start-pressed", "import-game")
    expect(page.locator('#screen [data-action="import-game"] progress.start-wait')).to_be_visible()
    not_ready(page)
    held.release()
    ready(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
    cards = page.locator("#screen [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(cards) == sorted(str(c) for c in game.view(0).hand)
    assert page.locator("#import-file").count() == 1  # the start screen's, kept


def test_hostile_stored_values_give_the_standard_start_screen_and_python_says_so(fresh, site):
    page = fresh.page
    page.add_init_script("""try {
      localStorage.setItem('hearts.settings@/', '{"level": "hard", "x": ' + '['.repeat(6000) + ']'.repeat(6000) + '}');
      localStorage.setItem('hearts.lang@/', 'fi'.repeat(5000));
    } catch (_) {}""")
    held = open_held(page, site.game_url(level=None, lang=None))
    expect(page.locator(NEW_GAME)).to_be_visible()
    assert page.locator('#screen [data-action="level"][aria-pressed="true"]').get_attribute("data-value") == "normal"
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator('#screen [data-action="level"][data-value="easy"]').click()  # stored anew, as Python would
    acked(page)
    assert json.loads(storage(page)["hearts.settings@/"])["level"] == "easy"
    held.release()
    ready(page)
    expect(page.locator('#screen [data-action="level"][aria-pressed="true"]')).to_have_attribute("data-value", "easy")
    expect(page.locator("#screen .alert")).to_contain_text("couldn't be read")  # (the language still is)


def test_a_damaged_save_shows_the_loading_screen_then_the_start_screen_that_says_so(fresh, site):
    page = fresh.page
    page.add_init_script("try { localStorage.setItem('hearts.save@/', '{not json') } catch (_) {}")
    page.goto(site.game_url())
    page.locator(STATE).wait_for(state="attached")
    assert page.locator(STATE).get_attribute("data-start-screen") == "resume"
    ready(page)
    expect(page.locator(START)).to_be_visible()
    expect(page.locator("#screen .alert").first).to_be_visible()
    assert page.locator("#boot").is_hidden()
