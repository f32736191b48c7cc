"""The coach in the browser: Review at the end of a hand (progress, then
each decision with its figures), and every button's text at 320 px in the
five languages (no third line, no overflow). Screenshots go to
build/screenshots/ (coach-*.png)."""

import re

import pytest

from test_hand_end import open_size, play_to_hand_end, shoot
from settle import acked

LANGS = ("en", "fi", "nb", "lt", "nl")
TIMEOUT = 60_000

# Every visible button whose text wraps to a third line or spills out of it.
BAD_BUTTONS = """() => [...document.querySelectorAll('#app button')].filter(b => {
    const r = b.getBoundingClientRect();
    if (!r.width || !r.height || b.hasAttribute('data-card')) return false;  // cards: no text
    const style = getComputedStyle(b);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25;
    const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
        + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const lines = Math.round((r.height - pad) / line);
    return lines > 2 || b.scrollWidth > b.clientWidth + 1;
}).map(b => b.getAttribute('data-action') + ': ' + b.textContent.trim())"""


# Every decision of the review wider than the screen (its text cut off).
WIDE_ITEMS = """() => [...document.querySelectorAll('[data-review-item], [data-review-item] *')]
    .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map(e => e.className + ': ' + e.textContent.trim().slice(0, 30))"""


def test_review_at_the_end_of_a_hand(warm_context, site, open_game):
    context, watcher, page = open_size(warm_context, "phone", site.game_url(seed=3, speed="instant"), open_game)
    try:
        page.locator('[data-action="new-game"]').first.click()
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        page.locator('#screen .ending [data-action="review"]').click()
        acked(page)
        page.locator("[data-review] progress, [data-review-total]").first.wait_for(timeout=TIMEOUT)
        page.locator("[data-review-total]").wait_for(timeout=TIMEOUT)
        items = page.locator("[data-review-item]")
        assert items.count() >= 8
        costs = [items.nth(i).get_attribute("data-cost") for i in range(items.count())]
        assert all(re.fullmatch(r"\d+\.\d", c) for c in costs)
        total = page.locator("[data-review-total]").get_attribute("data-review-total")
        assert total == f"{sum(int(c.replace('.', '')) for c in costs) / 10:.1f}"
        assert len(items.first.get_attribute("data-card").split()) == 3  # the pass
        shoot(page, "coach-review-phone")
        page.keyboard.press("Escape")
        acked(page)
        page.locator("[data-review-total]").wait_for(state="detached")
        watcher.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_no_button_wraps_to_a_third_line_at_320_px(warm_context, site, open_game, lang):
    context, watcher, page = open_size(warm_context, "small", site.game_url(lang=lang, seed=3, speed="instant"),
                                       open_game)
    try:
        bad = {"start": page.evaluate(BAD_BUTTONS)}
        page.locator('[data-action="new-game"]').first.click()
        acked(page)
        page.locator('#screen > section[data-phase="pass"]').wait_for()
        bad["pass"] = page.evaluate(BAD_BUTTONS)
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        page.locator('[data-action="export-game"]').wait_for()
        bad["menu"] = page.evaluate(BAD_BUTTONS)
        shoot(page, f"coach-menu-320-{lang}")
        page.keyboard.press("Escape")
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        bad["hand end"] = page.evaluate(BAD_BUTTONS)
        shoot(page, f"coach-hand-end-320-{lang}")
        page.locator('#screen .ending [data-action="review"]').click()
        acked(page)
        page.locator("[data-review-total]").wait_for(timeout=TIMEOUT)
        bad["review"] = page.evaluate(BAD_BUTTONS)
        bad["review items"] = page.evaluate(WIDE_ITEMS)
        shoot(page, f"coach-review-320-{lang}")
        assert {k: v for k, v in bad.items() if v} == {}
    finally:
        context.close()
