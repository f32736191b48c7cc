"""Today's hand on the real page, in Chromium (issue 50): the start
screen's button (`data-action="today"`), `?date=` pinning the day, the
day's deal (`data-fingerprint`, then `data-seed`), its par (`data-par`,
Hard in the player's seat, the same as CPython's), the share button
(`data-action="share"`) copying the text of `[data-share-text]`, or
selecting it where the clipboard is missing; the next day a new hand and
the days counted; and a game in progress back untouched afterwards.
Screenshots at 360x740 and 1366x768 go to build/screenshots/."""

from datetime import date

from hearts.app import par_search, today as T, today_view as TV
from hearts.engine.game import fingerprint
from hearts.engine.save import loads
from hearts.engine.slices import finish
from hearts.text.i18n import Translator, load
from test_coach_page import BAD_BUTTONS
from test_game import TABLE, phase
from test_hand_end import ROOT, SIZES, open_size, play_to_hand_end, shoot
from settle import acked

TIMEOUT = 60_000
EN = Translator("en")
DAY = date(2026, 12, 9)
LOCAL_DATE = """() => { const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`; }"""
NO_CLIPBOARD = """Object.defineProperty(Navigator.prototype, "clipboard", {get: () => undefined, configurable: true});"""


def saved_game(page):
    return loads(page.evaluate("() => localStorage.getItem('hearts.save@/')"))


def click(page, selector):
    page.locator(selector).click()
    acked(page)


def test_todays_hand_from_the_start_screen_its_par_the_share_and_the_next_day(warm_context, site, open_game):
    context, watcher = warm_context(viewport=dict(zip(("width", "height"), SIZES["phone"])), has_touch=True,
                                    permissions=["clipboard-read", "clipboard-write"])
    page = context.pages[0] if context.pages else context.new_page()
    page = open_game(page, site.game_url(date=DAY.isoformat()))
    try:
        click(page, '#screen [data-action="today"]')
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        seed = T.day_seed(DAY)
        assert page.locator("#screen [data-fingerprint]").first.get_attribute("data-fingerprint") == fingerprint(seed, 0)
        assert page.locator("#screen .bar .hand-no").inner_text() == "Today's hand"
        assert page.locator('#screen [data-action="today"]').count() == 0
        shoot(page, "today-pass-en-phone")
        assert play_to_hand_end(page) == "hand-end"
        assert page.locator("#screen [data-seed]").get_attribute("data-seed") == str(seed)
        # The par comes from the worker (Hard, as the opponents were); the share text once it is known.
        page.locator('#screen [data-par]:not([data-par=""])').wait_for(timeout=TIMEOUT)
        par = int(page.locator("#screen [data-par]").get_attribute("data-par"))
        game = saved_game(page)
        assert game.seed == seed and game.hand_number == 0
        assert par == finish(par_search.search(game, "hard")).points  # CPython finds the same
        points = game.results[0].points[0]
        expected = T.share_text(DAY, points, par, EN)
        shown = page.locator("#screen [data-share-text]")
        assert shown.text_content() == expected
        assert shown.inner_text().splitlines() == expected.splitlines()  # line by line on the screen too
        assert page.locator("#screen .today-streak").inner_text() == "Days in a row: 1"
        click(page, '#screen [data-action="share"]')
        page.locator("#screen .share-said").wait_for()
        assert page.locator("#screen .share-said").inner_text() == "Copied. Paste it into a message."
        assert page.evaluate("() => navigator.clipboard.readText()") == expected
        shoot(page, "today-end-en-phone")
        stored = T.loads(page.evaluate("() => localStorage.getItem('hearts.days@/')"))
        assert stored.result(DAY) == (points, par)
        click(page, '#screen [data-action="continue"]')  # "Back": no game was in progress
        page.locator('#screen [data-phase="start"]').wait_for()
        assert page.evaluate("() => localStorage.getItem('hearts.save@/')") is None

        # The next day (the clock moved on): a new hand, and the day before counted.
        nextday = date(2026, 12, 10)
        page = open_game(page, site.game_url(date=nextday.isoformat()))
        click(page, '#screen [data-action="stats"]')
        days = page.locator(".overlay .today-days").inner_text()
        assert "Days played: 1" in days and "Days in a row: 1" in days and "Longest run: 1" in days
        kept = page.locator(f'.overlay .today-results [data-day="{DAY.isoformat()}"]')  # the day's own result
        assert kept.inner_text().split() == [DAY.isoformat(), *T.share_text(DAY, points, par, EN).splitlines()[-1].split()]
        click(page, '.overlay [data-action="close"]')
        click(page, '#screen [data-action="today"]')
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert (page.locator("#screen [data-fingerprint]").first.get_attribute("data-fingerprint")
                == fingerprint(T.day_seed(nextday), 0))
        assert page.locator("#screen .bar .hand-no").inner_text() == "Today's hand"  # not a replay
    finally:
        context.close()
    watcher.assert_clean()


def test_todays_hand_beside_a_game_in_progress_with_no_clipboard(warm_context, site, open_game):
    # No ?date=: the player's local date, in a time zone 14 hours ahead of UTC
    # (from 10:00 UTC on, its date is the next one).
    context, watcher = warm_context(viewport=dict(zip(("width", "height"), SIZES["desktop"])),
                                    timezone_id="Pacific/Kiritimati")
    context.add_init_script(NO_CLIPBOARD)
    page = context.pages[0] if context.pages else context.new_page()
    page = open_game(page, site.game_url(seed=3))
    try:
        click(page, '#screen [data-action="new-game"]')
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        before = saved_game(page).record()
        click(page, '#screen [data-action="menu"]')
        local = page.evaluate(LOCAL_DATE)
        click(page, '.overlay [data-action="today"]')
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        days = {date.fromisoformat(d) for d in (local, page.evaluate(LOCAL_DATE))}  # (midnight meanwhile: either)
        assert saved_game(page).seed in {T.day_seed(d) for d in days}  # saved as it is played
        assert play_to_hand_end(page) == "hand-end"
        page.locator("#screen [data-share-text]").wait_for(timeout=TIMEOUT)
        click(page, '#screen [data-action="share"]')
        page.locator("#screen .share-said").wait_for()
        assert page.locator("#screen .share-said").inner_text() == "The text is selected: copy it yourself."
        selected = page.evaluate("() => String(window.getSelection())")
        assert selected.split() == page.locator("#screen [data-share-text]").text_content().split()
        shoot(page, "today-end-en-desktop")
        back = page.locator('#screen [data-action="continue"]')
        assert back.inner_text() == "Back to the game"
        click(page, '#screen [data-action="continue"]')
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert phase(page) == "pass"
        assert saved_game(page).record() == before
        assert page.locator("#screen [data-fingerprint]").first.get_attribute("data-fingerprint") == fingerprint(3, 0)
    finally:
        context.close()
    watcher.assert_clean()


def test_todays_hand_in_lithuanian_at_320_px(warm_context, site, open_game):
    """The longest words on the narrowest screen: no button wraps to a third
    line, and the text to share is the language's own, 20 characters a line."""
    lt = load("lt", str(ROOT / "build" / "locale"))
    context, watcher, page = open_size(warm_context, "small", site.game_url(lang="lt", date=DAY.isoformat()),
                                       open_game)
    try:
        bad = {"start": page.evaluate(BAD_BUTTONS)}
        click(page, '#screen [data-action="today"]')
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert page.locator("#screen .bar .hand-no").inner_text() == lt.text(TV.TODAY_HAND)
        assert play_to_hand_end(page) == "hand-end"
        page.locator("#screen [data-share-text]").wait_for(timeout=TIMEOUT)
        par = int(page.locator("#screen [data-par]").get_attribute("data-par"))
        points = saved_game(page).results[0].points[0]
        text = page.locator("#screen [data-share-text]").text_content()
        assert text == T.share_text(DAY, points, par, lt) and "paras" in text
        assert max(len(line) for line in text.splitlines()) <= T.SHARE_WIDTH
        bad["today's end"] = page.evaluate(BAD_BUTTONS)
        shoot(page, "today-end-lt-320")
        assert {k: v for k, v in bad.items() if v} == {}
    finally:
        context.close()
    watcher.assert_clean()
