"""The hand-end and game-end dialogs over the table, on a phone (360x740)
and a desktop (1366x768), in English and in Lithuanian (the longest words).

A whole hand is played at ?speed=instant with a seed; the game-end screens
come from saves made here with the engine (a finished game, loaded as a
player's saved game would be), one that the human wins (the celebration)
and one where they share third place. Screenshots go to build/screenshots/.
"""

import json
import random
from pathlib import Path

import pytest

from hearts.engine.cards import cards_of
from hearts.engine.game import Game, PassDirection, Phase
from hearts.text.i18n import Translator, load
from hearts.text.vocabulary import seat_name
from hearts.engine.save import dumps, loads
from hearts.text import strings as S
from test_game import LEGAL, TABLE, assert_accessible, phase, seen_by_the_page
from settle import acked

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "screenshots"
MOVE_ON = (LEGAL + ', #screen [data-phase="hand-end"], #screen [data-phase="game-end"], '
           '#screen [data-phase="pass"]')
TIMEOUT = 30_000
SIZES = {"phone": (360, 740), "desktop": (1366, 768), "small": (320, 640), "landscape": (740, 360)}


@pytest.fixture(scope="module")
def tr():
    locale = ROOT / "build" / "locale"
    return {"en": Translator("en"), "lt": load("lt", str(locale))}


def play_to_hand_end(page):
    """Pass the first three cards and play the first legal card until the hand ends."""
    for _ in range(400):
        page.locator(MOVE_ON).first.wait_for(timeout=TIMEOUT)
        now = phase(page)
        if now in ("hand-end", "game-end"):
            return now
        if now == "pass":
            for card in [b.get_attribute("data-card") for b in page.locator("#screen [data-card]").all()][:3]:
                page.locator(f'#screen [data-card="{card}"]').dispatch_event("click")
                acked(page)
            page.locator('[data-action="confirm-pass"]').click()
            acked(page)
            page.locator(f'{TABLE}[data-phase="play"]').wait_for()
            continue
        legal = page.locator(LEGAL)
        if legal.count() == 0:
            continue
        card = legal.first.get_attribute("data-card")
        if card is None:
            continue
        # dispatch: the table's layout is not this test's business, only that a card can be played
        page.locator(f'#screen [data-card="{card}"]').dispatch_event("click")
        acked(page)
        page.locator(f'#screen [data-card="{card}"]').wait_for(state="detached", timeout=TIMEOUT)
    pytest.fail("the hand did not end")


# Before the page's scripts run, on the game's page only (not on about:blank).
INJECT = "if (location.protocol === 'http:') localStorage.setItem('hearts.save@/', {});"


def open_size(warm_context, size, url, open_game, save=None):
    """The game at url in a clean warm context of its own at one of SIZES,
    with ``save`` stored before the page's scripts run: (context, watcher, page)."""
    width, height = SIZES[size]
    context, watcher = warm_context(viewport={"width": width, "height": height}, has_touch=size == "phone")
    if save is not None:
        context.add_init_script(INJECT.format(json.dumps(save)))
    page = context.pages[0] if context.pages else context.new_page()
    page = open_game(page, url)
    return context, watcher, page


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def assert_over_the_table(page):
    """The dialog is in view over the table, which is beneath it (still
    there, laid out, covered by the dimmed backdrop), while the table's bar
    (Menu, Rules) stays above it and in use, its buttons once in the page."""
    dialog = page.locator("#screen .ending[role=dialog]")
    assert dialog.is_visible()
    felt = page.locator("#screen .felt")
    assert felt.count() == 1 and felt.bounding_box()["height"] > 50
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    panel = page.locator("#screen .ending-panel").bounding_box()
    assert panel["x"] >= 0 and panel["y"] >= 0
    assert panel["x"] + panel["width"] <= width and panel["y"] + panel["height"] <= height
    # A point of the table is covered by the backdrop; Menu and Rules are
    # the table's own, on top, not hidden under the panel.
    probe = page.evaluate(
        """() => { const r = document.querySelector('#screen .felt').getBoundingClientRect();
                   const el = document.elementFromPoint(r.left + 3, r.top + r.height / 2);
                   const hit = (b) => { const q = b.getBoundingClientRect();
                                        return document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2) === b; };
                   const buttons = ['menu', 'rules'].map((a) => document.querySelectorAll(`#screen [data-action="${a}"]`));
                   return [!!el.closest('.ending'), buttons.map((b) => b.length), buttons.every((b) => hit(b[0]))]; }""")
    assert probe == [True, [1, 1], True]
    # The primary action is in view without scrolling.
    action = page.locator("#screen .ending .btn.primary").bounding_box()
    assert action["y"] >= 0 and action["y"] + action["height"] <= height


def assert_nothing_overflows(page):
    """No horizontal scroll, and no text sticks out of its tile or cell."""
    wide = page.evaluate(
        """() => {
          const out = [];
          if (document.documentElement.scrollWidth > innerWidth) out.push('page ' + document.documentElement.scrollWidth);
          const panel = document.querySelector('#screen .ending-panel');
          if (panel.scrollWidth > panel.clientWidth) out.push('panel ' + panel.scrollWidth + '>' + panel.clientWidth);
          const boxes = '.player, .player > *, .sheet th, .sheet td, .ending-head > *, .ending-actions > *';
          for (const el of panel.querySelectorAll(boxes)) {
            if (el.matches('.sr, .celebration')) continue;  // unseen, or decoration meant to reach the edges
            if (el.scrollWidth > el.clientWidth + 1) out.push(el.className + ' ' + el.textContent);
            const r = el.getBoundingClientRect(), p = panel.getBoundingClientRect();
            if (r.right > p.right + 0.5 || r.left < p.left - 0.5) out.push('outside: ' + el.textContent);
          }
          return out; }""")
    assert wide == []


def focused(page, selector):
    return page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)


def assert_focus_stays_in_the_dialog(page):
    """Focus is on the dialog (not on Continue: the Enter that played the
    last card must not deal on); Tab reaches Continue; the rules opened from
    the bar give focus back to their button, the dialog still there."""
    assert focused(page, "#screen .ending-panel")
    ending = phase(page)
    page.keyboard.press("Enter")
    acked(page)
    assert phase(page) == ending and page.locator("#screen .ending").count() == 1
    page.keyboard.press("Tab")
    acked(page)
    assert focused(page, "#screen .ending .btn.primary")
    page.locator('#screen [data-action="rules"]').click()
    acked(page)
    page.locator(".overlay.rules").wait_for()
    page.keyboard.press("Escape")
    acked(page)
    page.locator(".overlay").wait_for(state="detached")
    assert focused(page, '#screen [data-action="rules"]')
    assert page.locator("#screen .ending").count() == 1


def tile_texts(page):
    return page.locator("#screen .players .player .p-name").all_inner_texts()


@pytest.mark.parametrize("lang", ["en", "lt"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_hand_end_over_the_table(warm_context, site, open_game, tr, size, lang):
    context, watcher, page = open_size(warm_context, size, site.game_url(lang=lang, seed=3), open_game)
    try:
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        assert_over_the_table(page)
        assert_nothing_overflows(page)
        t = tr[lang]
        names = [seat_name(s, t) for s in range(4)]
        # one order everywhere: the tiles, the sheet's columns
        assert tile_texts(page) == names
        assert page.locator("#screen .ending .sheet thead th").all_inner_texts()[1:] == names
        # the numbers are this hand's, and what made them adds up
        game = loads(page.evaluate("() => localStorage.getItem('hearts.save@/')"))
        result = game.results[-1]
        hearts = [0] * 4
        queen = [False] * 4
        for trick in game.tricks:
            for card in trick.cards:
                hearts[trick.winner] += str(card)[-1] == "H"
                queen[trick.winner] |= str(card) == "QS"
        tiles = page.locator("#screen .players .player")
        for s in range(4):
            tile = tiles.nth(s)
            shown = tile.locator(".p-pts").inner_text()
            assert shown.lstrip("+\u263e") == t.format_number(result.points[s])
            chip = tile.locator(".chip.hearts")
            assert chip.count() == (hearts[s] > 0)
            if hearts[s]:
                assert chip.inner_text().strip().endswith(str(hearts[s]))
                assert S.hearts_taken(hearts[s], t) in tile.inner_text()
            assert tile.locator(".chip.queen").count() == queen[s]
            assert tile.locator(".p-total b").inner_text() == t.format_number(game.scores[s])
        assert page.locator("#screen .ending .sheet tbody tr").count() == 1
        assert_accessible(page, site)
        shoot(page, f"hand-end-{lang}-{size}")
        assert_focus_stays_in_the_dialog(page)
        # Continue keeps its hook and leads on to the next hand, the dialog gone
        page.locator('#screen [data-action="continue"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert page.locator("#screen .ending").count() == 0
    finally:
        context.close()
    watcher.assert_clean()


# -- game end, from saves made here -------------------------------------------------

TOP = ["AC", "KC", "QC", "JC", "AD", "KD", "QD", "JD", "AS", "KS", "QS", "AH", "KH"]


def moon_hand(shooter: int, direction: PassDirection):
    """A deal and the passes after which ``shooter`` holds the top of every
    suit (and the queen), so that it wins all 13 tricks: it shoots the moon.

    ``hands`` are the hands after the pass; each seat passes three cards that
    its target then holds, so the dealt hands are what the pass undoes."""
    rest = [str(c) for c in cards_of((1 << 52) - 1) if str(c) not in TOP]
    after = [[] for _ in range(4)]
    after[shooter] = list(TOP)
    others = [s for s in range(4) if s != shooter]
    for i, card in enumerate(rest):
        after[others[i % 3]].append(card)
    if direction is PassDirection.NONE:
        return after, [None] * 4
    passes = [after[direction.target(s)][-3:] for s in range(4)]
    # what s holds after the pass, less what it received, plus what it passed on
    dealt = [[c for c in after[s] if c not in passes[(s - int(direction)) % 4]] + passes[s]
             for s in range(4)]
    return dealt, passes


def play_out(game: Game, shooter: int, stop=None) -> bool:
    """Play the hand so the shooter leads its highest card and everybody else
    plays their first legal card (the shooter wins every trick); with
    ``stop``, only until stop(game) holds before a card (True if it did)."""
    while game.phase is Phase.PLAY:
        if stop is not None and stop(game):
            return True
        seat = game.to_act
        legal = game.legal_actions(seat)
        game.play(seat, legal[-1] if seat == shooter else legal[0])
    return False


def moon_game(shooters, end=Phase.GAME_END, stop=None) -> str:
    """A game (as a save, at ``end``) whose every hand is a moon shot by the
    given seats, the passes going left, right, across, none as usual. It has
    no seed: once it has ended, a next hand could not be dealt. With
    ``stop``, the save is taken in the last hand, where stop(game) first
    holds before a card."""
    game = None
    for n, shooter in enumerate(shooters):
        dealt, passes = moon_hand(shooter, PassDirection.for_hand(n))
        if game is None:
            game = Game.from_deal(dealt, "left")
        else:
            game.next_hand(dealt)
        if game.phase is Phase.PASS:
            for seat in range(4):
                game.pass_cards(seat, passes[seat])
        if stop is not None and n == len(shooters) - 1:
            assert play_out(game, shooter, stop), "the game never came to the stop"
            return dumps(game)
        play_out(game, shooter)
        assert game.results[-1].moon == shooter
    assert game.phase is end
    return dumps(game)


# You 26+26+0+0 = 52 (the lowest: you win); West 0+26+26+26 = 78; North 26+0+26+26 = 78; East 104.
YOU_WIN = (1, 2, 0, 0)
# West 26, North 78, you and East 104 each: you share third place.
YOU_SHARE_THIRD = (1, 1, 2, 1)


@pytest.mark.parametrize("lang", ["en", "lt"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_game_end_you_win(warm_context, site, open_game, tr, size, lang):
    save = moon_game(YOU_WIN)
    context, watcher, page = open_size(warm_context, size, site.game_url(lang=lang), open_game, save=save)
    try:
        assert phase(page) == "game-end"
        t = tr[lang]
        assert_over_the_table(page)
        assert_nothing_overflows(page)
        ending = page.locator("#screen .ending")
        assert "you-won" in ending.get_attribute("class")
        assert page.locator("#screen .celebration .ace").count() == 4
        text = ending.inner_text()
        assert S.game_won(0, t) in text and S.your_place(1, False, t) in text
        assert S.shot_the_moon(0, t) in text
        assert tile_texts(page) == [seat_name(s, t) for s in range(4)]
        badges = page.locator("#screen .players .place").all_inner_texts()
        assert badges == [S.place_badge(p, t) for p in (1, 2, 2, 4)]
        assert page.locator("#screen .ending .sheet tbody tr").count() == 4
        assert_accessible(page, site)
        shoot(page, f"game-end-won-{lang}-{size}")
        # ?speed=instant: the celebration is all there at once, nothing moves
        assert page.evaluate("() => document.getAnimations().filter(a => a.playState === 'running').length") == 0
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert page.locator("#screen .ending").count() == 0
    finally:
        context.close()
    watcher.assert_clean()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_game_end_shared_place(warm_context, site, open_game, tr, size):
    save = moon_game(YOU_SHARE_THIRD)
    context, watcher, page = open_size(warm_context, size, site.game_url(lang="lt"), open_game, save=save)
    try:
        t = tr["lt"]
        assert phase(page) == "game-end"
        assert_over_the_table(page)
        assert_nothing_overflows(page)
        text = page.locator("#screen .ending").inner_text()
        assert S.game_won(1, t) in text and S.your_place(3, True, t) in text
        assert "you-won" not in page.locator("#screen .ending").get_attribute("class")
        assert page.locator("#screen .celebration").count() == 0
        badges = page.locator("#screen .players .place").all_inner_texts()
        assert badges == [S.place_badge(p, t) for p in (3, 1, 2, 3)]
        assert_accessible(page, site)
        shoot(page, f"game-end-lost-lt-{size}")
    finally:
        context.close()
    watcher.assert_clean()


def test_celebration_moves_at_normal_speed_and_not_with_reduced_motion(warm_copy, watch, site, open_game):
    save = moon_game(YOU_WIN)
    running = "() => document.getAnimations().filter(a => a.effect.target.closest('.celebration')).length"
    for reduced, expected in ((False, True), (True, False)):
        context = warm_copy(viewport={"width": 1366, "height": 768},
                            reduced_motion="reduce" if reduced else "no-preference")
        context.add_init_script(INJECT.format(json.dumps(save)))
        watcher = watch(context)
        page = context.new_page()
        try:
            page = open_game(page, site.game_url(speed="normal"))
            assert phase(page) == "game-end"
            assert (page.evaluate(running) > 0) == expected
            if not reduced:  # for a person to look at: the fan opening, then open
                page.wait_for_timeout(250)
                shoot(page, "game-end-won-en-desktop-opening")
                page.wait_for_timeout(1300)
                shoot(page, "game-end-won-en-desktop-opened")
        finally:
            context.close()
        watcher.assert_clean()


def late_hand_end(seed: int, hands: int) -> str:
    """A seeded game played at random by all four seats to the end of hand
    ``hands`` (a long score sheet), saved."""
    rng = random.Random(seed)
    game = Game.new(seed)
    while not (game.phase is Phase.HAND_END and game.hand_number + 1 == hands):
        if game.phase is Phase.PASS:
            for seat in game.waiting_to_pass:
                game.pass_cards(seat, rng.sample(game.legal_actions(seat), 3))
        elif game.phase is Phase.PLAY:
            game.play(game.to_act, rng.choice(game.legal_actions()))
        elif game.phase is Phase.HAND_END:
            game.next_hand()
        else:
            raise AssertionError("the game ended too soon: take another seed")
    return dumps(game)


@pytest.mark.parametrize("size, lang", [("phone", "lt"), ("desktop", "lt"), ("phone", "fi"), ("small", "fi"),
                                        ("landscape", "en")])
def test_a_long_score_sheet_scrolls_under_its_buttons(warm_context, site, open_game, size, lang):
    """Finnish has the widest seat name (Pohjoinen): still one line at 320 px."""
    save = late_hand_end(seed=11, hands=8)
    context, watcher, page = open_size(warm_context, size, site.game_url(lang=lang), open_game, save=save)
    try:
        assert phase(page) == "hand-end"
        assert page.locator("#screen .ending .sheet tbody tr").count() == 8
        assert_over_the_table(page)
        assert_nothing_overflows(page)
        assert_accessible(page, site)
        shoot(page, f"hand-end-late-{lang}-{size}")
        # scrolled to the sheet's end, Continue is still there, in view
        page.locator("#screen .ending .sheet tfoot").scroll_into_view_if_needed()
        box = page.locator('#screen [data-action="continue"]').bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
        total = page.locator("#screen .ending .sheet tfoot").bounding_box()
        assert total["y"] + total["height"] <= box["y"] + 1  # the totals are not under the buttons
        page.locator('#screen [data-action="continue"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"], {TABLE}[data-phase="play"]').wait_for()
    finally:
        context.close()
    watcher.assert_clean()


@pytest.mark.parametrize("size, lang", [("phone", "lt"), ("desktop", "en")])
def test_a_moon_at_the_hand_end(warm_context, site, open_game, tr, size, lang):
    save = moon_game((2,), end=Phase.HAND_END)
    context, watcher, page = open_size(warm_context, size, site.game_url(lang=lang), open_game, save=save)
    try:
        t = tr[lang]
        assert phase(page) == "hand-end"
        moon = page.locator("#screen .ending .moon")
        assert moon.inner_text().strip().endswith(S.shot_the_moon(2, t) + " " + t.text(S.MOON_OTHERS))
        assert page.locator("#screen .players .p-pts").all_inner_texts() == ["+26", "+26", "\u263e0", "+26"]
        assert_over_the_table(page)
        assert_nothing_overflows(page)
        assert_accessible(page, site)
        shoot(page, f"hand-end-moon-{lang}-{size}")
    finally:
        context.close()
    watcher.assert_clean()


# -- the queen's and the moon's moments ---------------------------------------------

def moon_hand_before(stop) -> str:
    """A save of the first hand of a game in which you (South) shoot the moon,
    taken at your first turn where ``stop(game)`` holds."""
    return moon_game((0,), stop=lambda game: game.to_act == 0 and stop(game))


# The moment's motion, looked at by the page when the moment first appears
# (at ?speed=instant the queen's trick is gone before a test could look).
WATCH_MOMENT = """(selector) => {
  window.__moment = null;
  const look = () => {
    if (window.__moment === null && document.querySelector(selector))
      window.__moment = document.getAnimations()
        .filter((a) => a.effect && a.effect.target && a.effect.target.matches(selector))
        .map((a) => a.animationName);
  };
  new MutationObserver(look).observe(document.getElementById("screen"),
                                     {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
}"""


@pytest.mark.parametrize("speed, reduce, moving", [("normal", "no-preference", True),
                                                    ("normal", "reduce", False),
                                                    ("instant", "no-preference", False)])
def test_the_queen_and_the_moon_get_their_moments(warm_copy, watch, site, open_game, speed, reduce, moving):
    """The queen of spades lands on the trick with a moment of its own; when
    the hand's last trick completes a moon shot, a moon rises over the
    shooter. Both move at a normal speed, and neither with reduced motion or
    ?speed=instant (where the moon is not drawn at all)."""
    for save, card, selector, name in (
            (moon_hand_before(lambda g: "QS" in map(str, g.legal_actions(0))), "QS",
             '#screen .trick.has-qs .card.played.qs', "queen"),
            (moon_hand_before(lambda g: len(g.tricks) == 12), None, "#screen .moon-rise.at-s span", "moon")):
        context = warm_copy(viewport={"width": 1366, "height": 768}, reduced_motion=reduce)
        context.add_init_script(INJECT.format(json.dumps(save)))
        watcher = watch(context)
        page = context.new_page()
        try:
            page = open_game(page, site.game_url(speed=speed))
            if page.locator('#screen [data-action="continue"]').count():
                page.locator('#screen [data-action="continue"]').click()
                acked(page)
            card = card or page.locator(LEGAL).first.get_attribute("data-card")
            page.evaluate(WATCH_MOMENT, selector)
            page.locator(f'#screen [data-card="{card}"]').click()
            acked(page)
            if name == "moon" and speed == "instant":
                page.locator('#screen [data-phase="hand-end"]').wait_for(timeout=TIMEOUT)
                assert not page.locator("#screen .moon-rise").is_visible()
                continue
            running = seen_by_the_page(page, "__moment", f"the {name}'s moment")
            assert running == ([name] if moving else []), (name, running)
            if moving:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.wait_for_timeout(350)
                shoot(page, f"moment-{name}-desktop")
        finally:
            context.close()
        watcher.assert_clean()
