"""Every screen in each of the five languages, on a 360 px wide phone:
no text from another language, nothing wider than the screen.

One page (360x740) for the module; the language is switched from the
start screen, which re-renders at once.
"""

from pathlib import Path
from types import SimpleNamespace

import pytest

from hearts.text.i18n import LANGUAGES, load

from test_game import TABLE, new_game, pass_three, play_turns
from settle import acked

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 360


def own_texts(lang):
    """The translated texts of a language (those long enough to be telling)."""
    tr = load(lang, str(ROOT / "build" / "locale"))
    catalog = getattr(tr._t, "_catalog", {})
    texts = set()
    for key, value in catalog.items():
        if not key or not isinstance(value, str) or "{" in value:
            continue
        if len(value) >= 8:
            texts.add(value)
    return texts


@pytest.fixture
def phone(warm_context, site, open_game):
    """The game at a phone's width, in a clean warm context of the test's own."""
    context, _ = warm_context(viewport={"width": WIDTH, "height": 740})
    page = context.pages[0] if context.pages else context.new_page()
    page = open_game(page, site.game_url())
    return SimpleNamespace(page=page)


def check(page, lang, foreign, where):
    text = page.locator("#app").inner_text()
    found = sorted(t for t in foreign if t in text)
    assert found == [], f"{lang} {where}: text of another language"
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{lang} {where}: {width}px wide"
    cut = page.evaluate(
        "() => [...document.querySelectorAll('#screen button, #screen h1, #screen h2, #screen p, "
        "#screen th, #screen td, #screen .seat span')]"
        ".filter(e => e.offsetParent && !e.closest('.sr') && e.scrollWidth > e.clientWidth + 1 && "
        "getComputedStyle(e).overflow !== 'visible').map(e => e.textContent)"
    )
    assert cut == [], f"{lang} {where}: text cut"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_screen_in_one_language(phone, lang):
    page = phone.page
    mine = own_texts(lang)
    foreign = set()
    for other in LANGUAGES:
        if other != lang:
            foreign |= own_texts(other)
    foreign -= mine
    if page.locator("#screen [data-phase=start]").count() == 0:
        page.locator('#screen [data-action="menu"]').first.click()
        acked(page)
        page.locator(f'.overlay [data-action="lang"][data-value="{lang}"]').click()
        acked(page)
        page.keyboard.press("Escape")
        acked(page)
    else:
        page.locator(f'#screen [data-action="lang"][data-value="{lang}"]').click()
        acked(page)
    page.locator(f'html[lang="{lang}"]').wait_for(state="attached")
    if page.locator("#screen [data-phase=start]").count():
        check(page, lang, foreign, "start screen")
    new_game(page)
    check(page, lang, foreign, "passing")
    pass_three(page)
    check(page, lang, foreign, "playing")
    page.locator('#screen [data-action="rules"]').click()
    acked(page)
    check(page, lang, foreign, "rules")
    page.keyboard.press("Escape")
    acked(page)
    play_turns(page)
    page.locator(f'{TABLE}[data-phase="hand-end"], {TABLE}[data-phase="game-end"]').wait_for()
    check(page, lang, foreign, "hand result")
