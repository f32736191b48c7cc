"""Issue 15, first half, in a real page: the question before a game in
progress is abandoned, where the passed cards went, the previous trick,
undo, and "Tap twice to play" — through their data-action hooks, in
English and Lithuanian (the longest words), on a 360x740 phone and a
1366x768 screen, each new screen checked with axe-core.

One Chromium per language and screen size (a module's fixture, `table`):
each test first empties what the page stores and loads the game again
(`start_screen`, `pass_phase`, `first_trick`), so it starts from a state of its own
whatever ran before it (`pytest --random-order` shuffles them).
"""

import json
import shutil
from types import SimpleNamespace

import pytest

from test_game import LEGAL, TABLE, TIMEOUT, assert_accessible, click_card, hand, pass_three, saved_game
from settle import acked

SIZES = {"phone": (360, 740), "desktop": (1366, 768)}
COMBOS = [(lang, size) for lang in ("en", "lt") for size in SIZES]
TEXTS = {
    "en": {"abandon": "Abandon this game?", "passed": "You passed to West; East passed to you.",
           "undone": "Your last card is taken back.", "given": "Cards you passed",
           "received": "You received these cards"},
    "lt": {"abandon": "Nutraukti šią partiją?", "passed": "Perdavėte kortas Vakarams; Rytai perdavė jums.",
           "undone": "Paskutinė jūsų korta atsiimta.", "given": "Jūsų perduotos kortos",
           "received": "Gavote šias kortas"},
}


@pytest.fixture(scope="module", params=COMBOS, ids=[f"{lang}-{size}" for lang, size in COMBOS])
def table(request, launch_warm_copy, tmp_path_factory, site, watch, open_game):
    # A returning visit (a copy of the warm profile, nothing stored): what
    # these tests look at is the table, not a first visit's downloads.
    lang, size = request.param
    width, height = SIZES[size]
    copy = tmp_path_factory.mktemp("play-page") / "profile"
    context = launch_warm_copy(copy, viewport={"width": width, "height": height})
    watcher = watch(context)
    page = context.pages[0] if context.pages else context.new_page()
    page = open_game(page, site.game_url(lang=lang))
    yield SimpleNamespace(page=page, lang=lang, width=width, texts=TEXTS[lang], url=site.game_url(lang=lang))
    try:
        watcher.assert_clean()
    finally:
        context.close()
        shutil.rmtree(copy, ignore_errors=True)


def my_turn(page):
    page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)


def start_screen(table, open_game):
    """The module's page on the start screen of a first game: nothing the
    page stores is left (no game, no setting), the game loaded again.
    The game's worker is ended first: it could store again before the page
    goes (an opponent's card still on its way), and the next load would
    then resume that game."""
    table.page.evaluate("() => heartsWorker.terminate()")
    table.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    table.page = open_game(table.page, table.url)
    table.page.locator('#screen [data-phase="start"]').wait_for(timeout=TIMEOUT)
    return table.page


def pass_phase(table, open_game):
    """A new game of the module's page (start_screen, then New game): the
    pass of its first hand."""
    page = start_screen(table, open_game)
    page.locator('#screen [data-action="new-game"]').click()
    acked(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for(timeout=TIMEOUT)
    return page


def first_trick(table, open_game):
    """pass_phase, the pass made: the player's turn in the first trick."""
    page = pass_phase(table, open_game)
    pass_three(page)
    my_turn(page)
    return page


def fits(page, width):
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


# Whether the menu's way back to the game and its New game are in sight as
# it opens (its settings below them may run past the screen's foot).
MENU_FIRST_IN_SIGHT = """() => ['close', 'new-game'].every((action) => {
    const r = document.querySelector(`.overlay.menu [data-action="${action}"]`).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
})"""


def test_new_game_from_the_menu_asks_first(table, site, open_game):
    page = start_screen(table, open_game)
    page.locator('#screen [data-action="new-game"]').click()  # the start screen: at once
    acked(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
    cards = hand(page)
    page.locator('#screen [data-action="menu"]').click()
    acked(page)
    assert page.evaluate(MENU_FIRST_IN_SIGHT), "the menu's Back to the game or New game is out of sight"
    page.locator('.overlay [data-action="new-game"]').click()
    acked(page)
    dialog = page.locator(".overlay.confirm-new")
    assert dialog.is_visible() and table.texts["abandon"] in dialog.inner_text()
    assert page.locator('.overlay [data-action="confirm-new-game"]').is_visible()
    fits(page, table.width)
    assert_accessible(page, site)
    page.locator('.overlay [data-action="close"]').click()  # cancel: the same game
    acked(page)
    assert page.locator(".overlay").count() == 0 and hand(page) == cards
    page.locator('#screen [data-action="menu"]').click()
    acked(page)
    page.locator('.overlay [data-action="new-game"]').click()
    acked(page)
    page.keyboard.press("Escape")  # Escape cancels too
    acked(page)
    assert page.locator(".overlay").count() == 0 and hand(page) == cards
    page.locator('#screen [data-action="menu"]').click()
    acked(page)
    page.locator('.overlay [data-action="new-game"]').click()
    acked(page)
    page.locator('.overlay [data-action="confirm-new-game"]').click()
    acked(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
    assert page.locator(".overlay").count() == 0 and hand(page) != cards  # seed 2's deal


def test_after_the_pass_whom_and_the_cards_given(table, site, open_game):
    page = pass_phase(table, open_game)
    given = hand(page)[:3]
    pass_three(page)  # the first hand passes left
    my_turn(page)
    box = page.locator("#screen .given")
    assert box.is_visible() and table.texts["passed"] in box.inner_text()
    passed = page.locator("#screen .given-cards[role=group]")
    assert passed.get_attribute("aria-label") == table.texts["given"] and passed.locator(".card").count() == 3
    # under them (beside them on a wide table), the three received: those the hand marks with a star
    got = box.locator(".given-row.got")
    names = got.locator(".card").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
    starred = page.locator("#screen .hand .card.received").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    # (a starred card's name says whence it came too)
    assert len(names) == len(starred) == 3 and all(any(n in s for s in starred) for n in names), (names, starred)
    assert table.texts["received"] in got.inner_text()
    for card in given:  # in West's hand now: not one of ours, its code nowhere in the page
        assert page.locator(f'#screen [data-card="{card}"]').count() == 0
    fits(page, table.width)
    assert_accessible(page, site)
    # the first trick over (collected), they are gone
    card = page.locator(LEGAL).first.get_attribute("data-card")
    click_card(page, card)
    page.locator("#screen .given").wait_for(state="detached", timeout=TIMEOUT)


def test_the_previous_trick_by_keyboard(table, site, open_game):
    page = first_trick(table, open_game)
    held = len(hand(page))
    click_card(page, page.locator(LEGAL).first.get_attribute("data-card"))  # the first trick ends
    page.locator("#screen [data-card]").nth(held - 1).wait_for(state="detached", timeout=TIMEOUT)
    my_turn(page)
    button = page.locator('#screen [data-action="last-trick"]')
    assert button.get_attribute("aria-disabled") is None
    button.focus()
    page.keyboard.press("Enter")
    acked(page)
    box = page.locator(".overlay [data-last-trick]")
    box.wait_for()
    assert box.locator("[data-card]").count() == 4
    seats = sorted(box.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.seat)"))
    assert seats == ["0", "1", "2", "3"]
    assert box.locator("[data-leader]").count() == 1
    labels = box.locator("[data-card]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(labels)
    facts = page.locator(".overlay .last-facts li").all_inner_texts()
    assert len(facts) == 3 and all(facts)
    fits(page, table.width)
    assert_accessible(page, site)
    page.keyboard.press("Escape")
    acked(page)
    assert page.locator(".overlay").count() == 0
    assert page.evaluate("() => document.activeElement.dataset.action") == "last-trick"


def test_undo_takes_the_card_back_and_the_save_follows(table, site, open_game):
    page = first_trick(table, open_game)
    before, save = hand(page), saved_game(page)
    assert "undo_used" not in save
    click_card(page, page.locator(LEGAL).first.get_attribute("data-card"))
    my_turn(page)
    assert hand(page) != before
    undo = page.locator('#screen [data-action="undo"]')
    assert undo.get_attribute("aria-disabled") is None
    undo.click()
    acked(page)
    page.locator(f"#live:has-text('{table.texts['undone']}')").wait_for(timeout=TIMEOUT)
    assert hand(page) == before
    after = saved_game(page)
    assert after.pop("undo_used") is True
    assert after.pop("rev") > save.pop("rev")  # a newer position (hearts.engine.save.revision)
    assert after == save
    assert_accessible(page, site)
    # and again after a reload
    page.reload()
    page.locator("html[data-ready]").wait_for(state="attached")
    my_turn(page)
    assert hand(page) == before


def test_a_quick_click_on_another_card_is_not_lost(table, open_game):
    # The browser counts a quick click near the last one as its second
    # (event.detail 2), on another card too, and a hand's cards overlap:
    # such a click is a choice of its own; on the same card it is not.
    page = pass_phase(table, open_game)
    page.evaluate("() => document.addEventListener('click', (e) => { window.__detail = e.detail; }, true)")
    first, second = hand(page)[:2]

    def click(card, count):  # one click whose event.detail is count
        box = page.locator(f'#screen [data-card="{card}"]').bounding_box()
        page.mouse.move(box["x"] + 6, box["y"] + 16)
        page.mouse.down(click_count=count)
        page.mouse.up(click_count=count)
        acked(page)

    click(first, 1)
    click(second, 2)  # (the second click of a double click, by its count)
    picked = page.locator('#screen [data-card][aria-pressed="true"]')
    assert sorted(picked.evaluate_all("bs => bs.map(b => b.dataset.card)")) == sorted([first, second])
    click(second, 2)  # again on the same card: a double click's second, not a choice
    assert picked.count() == 2
    assert page.evaluate("() => window.__detail") == 2  # (the clicks said so)


def test_tap_twice_is_not_offered_without_a_touch_screen(table, site, open_game):
    # These contexts have a mouse and no touch screen (any-pointer: fine):
    # Tap twice to play is for touch, so the menu does not offer it.
    page = first_trick(table, open_game)
    assert not page.evaluate("() => matchMedia('(any-pointer: coarse)').matches")
    page.locator('#screen [data-action="menu"]').click()
    acked(page)
    toggle = page.locator('.overlay [data-action="two-tap"]')
    assert toggle.get_attribute("aria-pressed") == "false"  # a desktop default, and ?speed=instant
    assert toggle.is_hidden()
    assert page.locator('.overlay [data-action="four-colour"]').is_visible()  # (its row stays)
    fits(page, table.width)
    assert_accessible(page, site)
    page.keyboard.press("Escape")
    acked(page)


def test_touch_screens_tap_twice_by_default_but_not_in_test_runs(warm_copy, site, watch, open_game):
    context = warm_copy(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    watcher = watch(context)
    page = context.new_page()
    try:
        assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
        for speed, default in (("instant", "false"), ("fast", "true")):
            page = open_game(page, site.game_url(speed=speed))
            page.locator('#screen [data-action="new-game"]').click()
            acked(page)
            page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
            page.locator('#screen [data-action="menu"]').click()
            acked(page)
            assert page.locator('.overlay [data-action="two-tap"]').get_attribute("aria-pressed") == default
            page.keyboard.press("Escape")
            acked(page)
            if default == "true":  # two taps play a card: the first lifts it
                pass_three(page)
                my_turn(page)
                card = page.locator(LEGAL).first.get_attribute("data-card")
                click_card(page, card)
                lifted = page.locator(f'#screen [data-card="{card}"]')
                assert "lifted" in lifted.get_attribute("class")
                click_card(page, card)
                lifted.wait_for(state="detached", timeout=TIMEOUT)
                # turned off in the menu (shown, on a touch screen, either way)
                page.locator('#screen [data-action="menu"]').click()
                acked(page)
                toggle = page.locator('.overlay [data-action="two-tap"]')
                toggle.click()
                acked(page)
                assert toggle.get_attribute("aria-pressed") == "false" and toggle.is_visible()
                assert json.loads(page.evaluate("() => localStorage.getItem('hearts.settings@/')"))["two_tap"] is False
                page.keyboard.press("Escape")
                acked(page)
            page.evaluate("() => localStorage.clear()")
        watcher.assert_clean()
    finally:
        context.close()
