"""The game in a real page: pass, play a hand, play a whole game, illegal
clicks, reload and resume, and no opponent card ever in the DOM.

Each test boots its own page in a clean warm context (the ``game``
fixture; its watcher fails the test on any console error or foreign
request) and starts its game itself: no test depends on another or on the
order they run in. Deals follow ?seed=1 (the first new game is seed 1,
the next 2, ...).
"""

import json
import re

import pytest
from playwright.sync_api import expect

from hearts.engine.game import Reason
from hearts.text.i18n import Translator
from hearts.text.vocabulary import reason_message

import page_play  # tools/page_play.py (on the path by conftest.py): one driver for the tests and bench/
from page_play import TABLE, click_card, hand, phase
from settle import acked

LEGAL = '#screen [data-card]:not([aria-disabled="true"])'
MOVE_ON = (LEGAL + ', #screen [data-phase="hand-end"], #screen [data-phase="game-end"], '
           '#screen [data-phase="pass"]')
TIMEOUT = 30_000
# What the page may say when a card is refused (English).
REFUSALS = {reason_message(r, Translator("en"), suit=s) for r in Reason for s in (None, *"CDHS")}


def assert_accessible(page, site):
    """axe-core (served from our origin, so the CSP allows it) finds no
    serious or critical violation on the current screen."""
    if page.locator("script[data-axe]").count() == 0:
        page.add_script_tag(url=site.url + "node_modules/axe-core/axe.min.js")
        page.evaluate("() => document.querySelector('script[src*=axe]').setAttribute('data-axe', '')")
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.help + ' -> ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '))"
    )
    assert violations == []


def new_game(page):
    page_play.new_game(page, TIMEOUT)


def pass_three(page):
    page_play.pass_three(page, TIMEOUT)


def seen_by_the_page(page, name, what):
    """window[name] once a watcher in the page has set it (not null): for
    moments too short for a test's round trips on a loaded machine (the
    page's CSP forbids wait_for_function)."""
    for _ in range(TIMEOUT // 50):
        found = page.evaluate("(name) => window[name]", name)
        if found is not None:
            return found
        page.wait_for_timeout(50)
    pytest.fail(f"the page never saw {what}")


def saved_game(page):
    return json.loads(page.evaluate("() => localStorage.getItem('hearts.save@/')"))


def hidden_cards(save):
    """Cards in the opponents' hands now, from the saved history."""
    h = save["hands"][-1]
    hands = [set(d) for d in h["dealt"]]
    passes = h["passes"]
    if all(p is not None for p in passes):
        offset = {"left": 1, "right": 3, "across": 2, "none": 0}
        # pass direction of this hand: the save's first_pass and the hand number
        cycle = ["left", "right", "across", "none"]
        start = cycle.index(save["first_pass"])
        direction = cycle[(start + len(save["hands"]) - 1) % 4]
        for seat, cards in enumerate(passes):
            hands[seat] -= set(cards)
            hands[(seat + offset[direction]) % 4] |= set(cards)
    for card in h["plays"]:
        for held in hands:
            held.discard(card)
    return hands[1] | hands[2] | hands[3]


def assert_nothing_hidden_in_dom(page):
    content = page.content()
    hidden = hidden_cards(saved_game(page))
    for card in hidden:
        assert f'"{card}"' not in content, card
        assert f">{card}<" not in content, card
        assert not re.search(rf"\b{card}\b", content.split("<body", 1)[1]), card
    return len(hidden)


def play_turns(page, until=("hand-end", "game-end"), check=None, limit=2000):
    """Click legal cards (and pass when asked) until the phase is in ``until``
    (tools/page_play.py, the benchmarks' driver too; ``check`` before each card)."""
    return page_play.play_turns(page, until, check, limit, TIMEOUT)


def test_start_screen_then_pass_three_cards(game, site):
    page = game.page
    assert phase(page) == "start"
    assert_accessible(page, site)
    new_game(page)
    assert phase(page) == "pass"
    assert_accessible(page, site)
    cards = hand(page)
    assert len(cards) == 13
    confirm = page.locator('[data-action="confirm-pass"]')
    assert confirm.get_attribute("aria-disabled") == "true"
    page.evaluate("() => document.querySelectorAll('#screen [data-card]').forEach((b) => { b.seenBefore = true; })")
    for card in cards[:3]:
        click_card(page, card)
    for card in cards[:3]:
        assert page.locator(f'[data-card="{card}"]').get_attribute("aria-pressed") == "true"
    # Clicks change the table in place (assets/morph.js): the hand's buttons
    # are the very elements they were, with only their state changed.
    assert page.evaluate("() => [...document.querySelectorAll('#screen [data-card]')].map((b) => b.seenBefore)") \
        == [True] * 13
    # a fourth card is refused, with a reason, and nothing changes
    click_card(page, cards[3])
    assert page.locator(f'[data-card="{cards[3]}"]').get_attribute("aria-pressed") == "false"
    assert "three" in page.locator("#screen .message").inner_text()
    # pick again to unpick
    click_card(page, cards[0])
    assert page.locator(f'[data-card="{cards[0]}"]').get_attribute("aria-pressed") == "false"
    click_card(page, cards[0])
    assert confirm.get_attribute("aria-disabled") is None
    confirm.click()
    acked(page)
    page.locator(f'{TABLE}[data-phase="play"]').wait_for()
    now = hand(page)
    assert not set(cards[:3]) & set(now)
    received = page.locator("#screen [data-card].received").evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
    assert sorted(received) == sorted(set(now) - set(cards)) and len(received) == 3
    assert page.get_attribute("[data-card]", "aria-pressed") is None


def test_illegal_click_says_why_and_changes_nothing(game, site):
    page = game.page
    new_game(page)
    pass_three(page)
    for _ in range(40):  # play on until a card is not playable on our turn
        page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)
        refused = page.locator('#screen [data-card][aria-disabled="true"]')
        if refused.count():
            break
        card = page.locator(LEGAL).first.get_attribute("data-card")
        click_card(page, card)
        page.locator(f'#screen [data-card="{card}"]').wait_for(state="detached")
    card = refused.first.get_attribute("data-card")
    before = hand(page)
    trick = page.locator("#screen .trick").inner_html()
    click_card(page, card)
    message = page.locator("#screen .message").inner_text().strip()
    assert message in REFUSALS, message  # the engine's reason, in words
    assert hand(page) == before
    assert page.locator("#screen .trick").inner_html() == trick
    assert phase(page) == "play"
    expect(page.locator("#live")).to_contain_text(message)  # and said to a screen reader
    assert_accessible(page, site)


def test_play_a_whole_hand_never_showing_opponents_cards(game, site):
    page = game.page
    checked = []
    new_game(page)

    def check(p):
        checked.append(assert_nothing_hidden_in_dom(p) if len(checked) % 3 == 0 else 0)

    assert play_turns(page, check=check) == "hand-end"
    assert len(checked) >= 4 and sum(checked) > 30  # the check saw hidden cards
    assert page.locator("#screen .sheet").is_visible()
    assert page.locator('#screen [data-action="continue"]').is_visible()
    assert_accessible(page, site)
    page.locator('#screen [data-action="continue"]').click()
    acked(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for()  # hand 2 passes to the right
    assert "right" in page.locator("#screen .status").inner_text()


def test_reload_resumes_the_same_game(game, open_game, site):
    page = game.page
    new_game(page)
    pass_three(page)
    card = page.locator(LEGAL).first
    card.wait_for(timeout=TIMEOUT)
    click_card(page, card.get_attribute("data-card"))
    page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)
    before = (hand(page), page.locator("#screen .trick").inner_html(), phase(page),
              page.locator("#screen .hand-no").inner_text())
    save = saved_game(page)
    page = open_game(page, site.game_url())
    page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)
    after = (hand(page), page.locator("#screen .trick").inner_html(), phase(page),
             page.locator("#screen .hand-no").inner_text())
    assert after == before
    assert saved_game(page) == save


def test_play_a_whole_game_to_its_end(game, site):
    page = game.page
    new_game(page)
    hands = 0
    while True:
        if play_turns(page) == "game-end":
            break
        hands += 1
        page.locator('#screen [data-action="continue"]').click()
        acked(page)
    assert hands >= 2
    text = page.locator(TABLE).inner_text()
    assert "Game over" in text and ("win" in text)
    assert page.locator('#screen [data-action="new-game"]').is_visible()
    rows = page.locator("#screen .sheet tbody tr").count()
    assert rows == hands + 1
    assert_accessible(page, site)


def test_language_switch_keeps_the_game(game):
    page = game.page
    new_game(page)
    cards = hand(page)
    page.locator('#screen [data-action="menu"]').click()
    acked(page)
    page.locator('.overlay [data-action="lang"][data-value="fi"]').click()
    acked(page)
    page.locator('html[lang="fi"]').wait_for(state="attached")
    overlay = page.locator(".overlay").inner_text()
    assert "Asetukset" in overlay and "Settings" not in overlay  # the menu now in Finnish
    page.locator('.overlay [data-action="close"]').click()
    acked(page)
    assert hand(page) == cards
    assert page.locator('#screen [data-action="confirm-pass"]').inner_text() != "Confirm pass"
    page.locator('#screen [data-action="menu"]').click()
    acked(page)
    page.locator('.overlay [data-action="lang"][data-value="en"]').click()
    acked(page)
    page.locator('html[lang="en"]').wait_for(state="attached")
    page.keyboard.press("Escape")
    expect(page.locator(".overlay")).to_have_count(0)


def test_opponents_play_at_a_pace_a_person_can_follow(game, open_game, site):
    page = game.page
    page = open_game(page, site.game_url(speed="normal"))
    new_game(page)
    pass_three(page)
    page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)
    played = page.locator("#screen .trick .card.played")
    # The page notes when the trick's cards change (performance.now(), in the
    # page: the test's own round trips, slow on a loaded machine, do not count).
    page.evaluate("""() => {
      const count = () => document.querySelectorAll('#screen .trick .card.played').length;
      window.__trick = [[performance.now(), count()]];
      new MutationObserver(() => {
        const n = count();
        if (n !== window.__trick.at(-1)[1]) window.__trick.push([performance.now(), n]);
      }).observe(document.getElementById('screen'), { childList: true, subtree: true });
    }""")
    click_card(page, page.locator(LEGAL).first.get_attribute("data-card"))
    right_after = played.count()
    assert right_after >= 1  # our card is on the table at once
    # the opponents move on (Playwright waits for the trick to change, up to 30 s)...
    expect(played).not_to_have_count(right_after, timeout=TIMEOUT)
    # ...but not at once: a pause a person can follow, from our card's
    # appearance to the next change (CARD_DELAY["normal"] is 0.65 s; a lower
    # bound, which load only lengthens)
    changes = page.evaluate("window.__trick")
    ours = next(i for i, (_, n) in enumerate(changes) if n == changes[0][1] + 1)
    assert len(changes) > ours + 1
    assert changes[ours + 1][0] - changes[ours][0] >= 400


def test_reload_while_opponents_play_resumes_their_turns(game, open_game, site):
    page = game.page
    page = open_game(page, site.game_url(speed="normal"))  # opponents take their time: one is still to play
    new_game(page)
    pass_three(page)
    for _ in range(13):
        page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)
        click_card(page, page.locator(LEGAL).first.get_attribute("data-card"))
        if page.locator(LEGAL).count() == 0 and page.locator("#screen .seat.turn").count():
            break  # an opponent is to play now
    thinking = page.locator("#screen .seat.turn .seat-name").inner_text()
    page = open_game(page, site.game_url(speed="normal"))
    assert page.locator("#screen .seat.turn .seat-name").inner_text() == thinking
    page.locator(MOVE_ON).first.wait_for(timeout=TIMEOUT)  # they played on by themselves
