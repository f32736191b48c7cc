"""Issue 15, second half, in the browser: the statistics screen (updated
once when a game ends, kept across reloads, refused and reset when
damaged, reset with a question), a hand told trick by trick (from the
hand-end dialog and from the score sheet, buttons and keyboard), and the
hint that explains itself; in English and Lithuanian at 360x740 and
1366x768, axe-core clean. Screenshots go to build/screenshots/.
"""

import json
import re

import pytest

from hearts.app import stats as ST
from hearts.text.i18n import Translator, load
from test_game import TABLE, assert_accessible, phase
from test_hand_end import ROOT, moon_game, open_size, play_to_hand_end, shoot
from settle import acked

# Moons by West, North, you, West: you end on 78, West wins with 52, North
# 78 and East 104; the last card of the game is yours (West leads the last
# trick, you play fourth).
SHOOTERS = (1, 2, 0, 1)


def before_the_last_card() -> str:
    """A save of that game with one card left: yours, which ends it. The
    game did not deal it (a constructed deal, no seed): it counts apart, as
    imported (issue 26)."""
    return moon_game(SHOOTERS, stop=lambda game: sum(len(t.cards) for t in game.tricks) == 51 and game.to_act == 0)


def dealt_before_the_last_card(seed: int = 1) -> str:
    """A game the game dealt (from ``seed``; everyone plays the first legal
    card, passes the first three) saved before the last card of the game,
    which is yours (the first seed from ``seed`` where it is)."""
    from hearts.engine.game import Game, Phase
    from hearts.engine.save import dumps

    for seed in range(seed, seed + 50):
        game, saved, last = Game.new(seed=seed), None, None
        while game.phase is not Phase.GAME_END:
            if game.phase is Phase.PASS:
                for seat in range(4):
                    game.pass_cards(seat, game.hand(seat)[:3])
            elif game.phase is Phase.HAND_END:
                game.next_hand()
            else:
                last = game.to_act
                if last == 0:
                    saved = dumps(game)
                game.play(last, game.legal_actions(last)[0])
        if last == 0:
            return saved
    raise AssertionError("no such seed")


@pytest.fixture(scope="module")
def tr():
    locale = ROOT / "build" / "locale"
    return {"en": Translator("en"), "lt": load("lt", str(locale))}


def stat(page, name):
    return page.locator(f'.overlay [data-stat="{name}"]').inner_text()


def no_overflow(page, selector=".overlay .panel"):
    return page.evaluate(
        """(s) => { const p = document.querySelector(s); const out = [];
             if (document.documentElement.scrollWidth > innerWidth) out.push('page');
             if (p.scrollWidth > p.clientWidth + 1) out.push('panel ' + p.scrollWidth + '>' + p.clientWidth);
             return out; }""", selector)


@pytest.mark.parametrize("lang", ["en", "lt"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_statistics_count_the_finished_game_once(warm_context, site, open_game, tr, size, lang):
    t = tr[lang]
    context, watcher, page = open_size(warm_context, size, site.game_url(lang=lang), open_game,
                                       save=before_the_last_card())
    try:
        assert phase(page) == "play"
        (card,) = [b.get_attribute("data-card") for b in page.locator("#screen [data-card]").all()]
        page.locator(f'#screen [data-card="{card}"]').dispatch_event("click")
        acked(page)
        page.locator(f'{TABLE}[data-phase="game-end"]').wait_for()
        stored = ST.loads(page.evaluate("() => localStorage.getItem('hearts.stats@/')"))
        # A deal the game did not deal (no seed): counted apart, as imported,
        # not among the normal level's games nor in all games (issue 26).
        assert ST.figures(stored)["imported"].games == 1 and ST.figures(stored)["all"].games == 0
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        page.locator('.overlay [data-action="stats"]').click()
        acked(page)
        page.locator(".overlay.stats").wait_for()
        assert stat(page, "games") == "0" and stat(page, "games.normal") == "0"
        assert stat(page, "games.imported") == "1" and stat(page, "won.imported") == "0"
        assert stat(page, "moons-by.imported") == "1" and stat(page, "moons-against.imported") == "3"
        assert stat(page, "best.imported") == stat(page, "worst.imported") == "78"
        assert stat(page, "place-2.imported") == "1"
        assert stat(page, "average.imported") == ("19.5" if lang == "en" else "19,5")
        assert t.gettext("Imported") in page.locator(".overlay .stat-table thead").inner_text()
        assert page.locator(".overlay svg.stat-chart rect.score-bar.imported").count() == 1
        # drawn, not only there: 78 of 100 is most of the chart's height
        assert page.locator(".overlay svg.stat-chart rect.score-bar").bounding_box()["height"] > 40
        assert no_overflow(page) == []
        assert_accessible(page, site)
        shoot(page, f"stats-{lang}-{size}")
        # Kept across a reload, and the finished game is not counted again.
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached")
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        page.locator('.overlay [data-action="stats"]').click()
        acked(page)
        assert stat(page, "games.imported") == "1"
        # Reset asks first; keeping them keeps them; resetting empties.
        page.locator('.overlay [data-action="stats-reset"]').click()
        acked(page)
        page.locator(".overlay.stats-reset").wait_for()
        assert_accessible(page, site)
        shoot(page, f"stats-reset-{lang}-{size}")
        page.locator('.overlay [data-action="stats"]').click()
        acked(page)
        assert stat(page, "games.imported") == "1"
        page.locator('.overlay [data-action="stats-reset"]').click()
        acked(page)
        page.locator('.overlay [data-action="confirm-stats-reset"]').click()
        acked(page)
        page.locator(".overlay.stats").wait_for()
        assert stat(page, "games.imported") == "0"
        assert ST.loads(page.evaluate("() => localStorage.getItem('hearts.stats@/')")) == ST.EMPTY
        page.keyboard.press("Escape")
        acked(page)
        page.locator(".overlay").wait_for(state="detached")
    finally:
        context.close()
    watcher.assert_clean()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_game_the_game_dealt_counts_in_its_level(warm_context, site, open_game, size):
    """Issue 26: beside the imported deal above, a dealt game (a seed) still
    counts among its level's games and in all games."""
    context, watcher, page = open_size(warm_context, size, site.game_url(lang="en"), open_game,
                                       save=dealt_before_the_last_card())
    try:
        (card,) = [b.get_attribute("data-card") for b in page.locator("#screen [data-card]").all()]
        page.locator(f'#screen [data-card="{card}"]').dispatch_event("click")
        acked(page)
        page.locator(f'{TABLE}[data-phase="game-end"]').wait_for()
        stored = ST.loads(page.evaluate("() => localStorage.getItem('hearts.stats@/')"))
        assert ST.figures(stored)["normal"].games == ST.figures(stored)["all"].games == 1
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        page.locator('.overlay [data-action="stats"]').click()
        acked(page)
        page.locator(".overlay.stats").wait_for()
        assert stat(page, "games") == stat(page, "games.normal") == "1"
        assert stat(page, "games.imported") == "0"
        assert page.locator(".overlay svg.stat-chart rect.score-bar:not(.imported)").count() == 1
        assert no_overflow(page) == []
        page.locator(".overlay .stat-table").scroll_into_view_if_needed()
        shoot(page, f"stats-dealt-{size}")
    finally:
        context.close()
    watcher.assert_clean()


def test_damaged_statistics_are_reset_with_a_message(warm_copy, watch, site, open_game):
    context = warm_copy(viewport={"width": 360, "height": 740})
    context.add_init_script("if (location.protocol === 'http:' && !sessionStorage.getItem('x')) {"
                            " sessionStorage.setItem('x', '1'); localStorage.setItem('hearts.stats@/', '{\"format\": \"hearts-stats\", \"version\": 1, \"buckets\": 7}'); }")
    watcher = watch(context)
    page = context.new_page()
    try:
        page = open_game(page, site.game_url(lang="lt"))
        alert = page.locator('#screen [role="alert"]')
        assert alert.count() == 1 and "statistika" in alert.inner_text()
        assert ST.loads(page.evaluate("() => localStorage.getItem('hearts.stats@/')")) == ST.EMPTY
        page.locator('#screen [data-action="stats"]').click()
        acked(page)
        assert stat(page, "games") == "0"
        assert page.locator(".overlay .stat-empty").count() == 1
        assert_accessible(page, site)
    finally:
        context.close()
    watcher.assert_clean()


def replay_step(page):
    return int(page.locator(".overlay [data-replay-step]").get_attribute("data-replay-step"))


@pytest.mark.parametrize("lang", ["en", "lt"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_hand_told_trick_by_trick(warm_context, site, open_game, tr, size, lang):
    t = tr[lang]
    context, watcher, page = open_size(warm_context, size, site.game_url(lang=lang, seed=3), open_game)
    try:
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        assert play_to_hand_end(page) == "hand-end"
        save = json.loads(page.evaluate("() => localStorage.getItem('hearts.save@/')"))
        plays = save["hands"][0]["plays"]
        page.locator('#screen .ending-actions [data-action="replay"]').click()
        acked(page)
        page.locator(".overlay.replay").wait_for()
        assert replay_step(page) == 0
        assert page.locator(".overlay [data-rcard]").count() == 52 + 12  # the deal, and what each received
        assert page.locator(".overlay .mini.passed").count() == 12
        assert page.locator("#screen button[data-card]:not([inert] *)").count() == 0
        assert_accessible(page, site)
        shoot(page, f"replay-pass-{lang}-{size}")
        page.locator('.overlay [data-action="replay-next"]').click()
        acked(page)
        assert replay_step(page) == 1
        trick = page.locator(".overlay [data-replay-trick] [data-rcard]")
        assert [trick.nth(i).get_attribute("data-rcard") for i in range(4)] == plays[:4]
        assert page.locator(".overlay .r-took").count() == 1 and page.locator(".overlay .r-led").count() == 1
        assert no_overflow(page) == []
        assert_accessible(page, site)
        shoot(page, f"replay-trick-{lang}-{size}")
        # The keyboard: on, back, to the end and to the start.
        page.keyboard.press("ArrowRight")
        acked(page)
        assert replay_step(page) == 2
        page.keyboard.press("ArrowLeft")
        acked(page)
        page.keyboard.press("ArrowLeft")
        acked(page)
        assert replay_step(page) == 0
        page.keyboard.press("End")
        acked(page)
        assert replay_step(page) == 13
        trick = page.locator(".overlay [data-replay-trick] [data-rcard]")
        assert [trick.nth(i).get_attribute("data-rcard") for i in range(4)] == plays[48:52]
        assert page.locator('.overlay [data-action="replay-next"][aria-disabled="true"]').count() == 1
        page.keyboard.press("Home")
        acked(page)
        assert replay_step(page) == 0
        page.keyboard.press("Escape")
        acked(page)
        page.locator(".overlay").wait_for(state="detached")
        assert phase(page) == "hand-end"
        # From the score sheet, during the next hand: any earlier hand.
        page.locator('#screen [data-action="continue"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        page.locator('.overlay .sheet [data-action="replay"][data-value="0"]').click()
        acked(page)
        page.locator(".overlay.replay").wait_for()
        assert replay_step(page) == 0 and page.locator(".overlay [data-rcard]").count() == 64
        page.locator('.overlay [data-action="close"]').click()
        acked(page)
        page.locator(".overlay").wait_for(state="detached")
        assert phase(page) == "pass"
    finally:
        context.close()
    watcher.assert_clean()


@pytest.mark.parametrize("lang", ["en", "lt"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_hint_explains_itself(warm_context, site, open_game, tr, size, lang):
    t = tr[lang]
    context, watcher, page = open_size(warm_context, size, site.game_url(lang=lang, seed=3), open_game)
    dialog = page.locator('.overlay[data-dialog="hint-why"]')

    def reasons():
        """The hint's reasons: its Why? button (the table's line shows the
        hint alone) opens them in a dialog; Escape closes it."""
        page.locator('#screen .message [data-action="why"]').click()
        acked(page)
        dialog.wait_for()
        text = dialog.inner_text()
        return text

    def close():
        page.keyboard.press("Escape")
        acked(page)
        dialog.wait_for(state="detached")

    try:
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        page.locator('#screen [data-action="hint"]').click()
        acked(page)
        why = t.gettext("Why: {list}.").split("{list}")[0]
        page.locator('#screen .message [data-action="why"]').wait_for()
        assert page.locator("#screen [data-card].hinted").count() == 3
        assert why in reasons()
        shoot(page, f"hint-pass-{lang}-{size}")
        close()
        for card in [b.get_attribute("data-card") for b in page.locator("#screen .hinted").all()]:
            page.locator(f'#screen [data-card="{card}"]').dispatch_event("click")
            acked(page)
        page.locator('#screen [data-action="confirm-pass"]').click()
        acked(page)
        expected = t.gettext("Expected this hand: {list}.").split("{list}")[0]
        for _ in range(12):
            page.locator(f'{TABLE} .hand.my-turn').wait_for()
            legal = page.locator("#screen [data-card].playable")
            if legal.count() > 1:
                page.locator('#screen [data-action="hint"]').click()
                acked(page)
                page.locator("#screen [data-card].hinted").wait_for()
                card = page.locator("#screen [data-card].hinted").get_attribute("data-card")
                text = reasons()
                if expected in text:
                    numbers = re.findall(r"\d+[.,]\d", text)
                    assert len(numbers) >= 2 and all(("," in n) == (lang != "en") for n in numbers)
                    assert_accessible(page, site)
                    shoot(page, f"hint-play-{lang}-{size}")
                    break
                close()
            else:
                card = legal.first.get_attribute("data-card")
            page.locator(f'#screen [data-card="{card}"]').dispatch_event("click")
            acked(page)
            page.locator(f'#screen [data-card="{card}"]').wait_for(state="detached")
        else:
            pytest.fail("no hint with figures in a hand")
    finally:
        context.close()
    watcher.assert_clean()


def many_games() -> str:
    s = ST.EMPTY
    scores = [(45, 101, 60, 80), (110, 30, 50, 70), (75, 102, 75, 40), (20, 100, 90, 66)]
    for i in range(ST.RECENT + 3):
        a = scores[i % 4]
        quarter = a[0] // 4  # (the hands add up to the score; a moon of the player's takes the queen)
        s = ST.record(s, ST.GameSummary(str(i), ST.LEVELS[i % 3], i % 5 == 4, a,
                                        (a[0] - 3 * quarter,) + (quarter,) * 3, i % 7 == 0, 1,
                                        1 if i % 7 == 0 else i % 2))
    return ST.dumps(s)


@pytest.mark.parametrize("lang", ["en", "lt"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_chart_draws_the_last_games(warm_copy, watch, site, open_game, size, lang):
    context = warm_copy(viewport={"width": 360, "height": 740} if size == "phone"
                        else {"width": 1366, "height": 768})
    context.add_init_script("if (location.protocol === 'http:' && !localStorage.getItem('hearts.stats@/'))"
                            f" localStorage.setItem('hearts.stats@/', {json.dumps(many_games())});")
    watcher = watch(context)
    page = context.new_page()
    try:
        page = open_game(page, site.game_url(lang=lang))
        page.locator('#screen [data-action="stats"]').click()
        acked(page)
        page.locator(".overlay.stats").wait_for()
        assert stat(page, "games") == str(ST.RECENT + 3)
        bars = page.locator(".overlay svg.stat-chart rect.score-bar")
        assert bars.count() == ST.RECENT
        heights = [bars.nth(i).bounding_box()["height"] for i in range(4)]
        assert heights[2] > heights[3] > heights[1] > heights[0]  # 110, 75, 45, 20: games 5, 6, 4, 3
        assert int(stat(page, "games.undo")) == sum(1 for i in range(ST.RECENT + 3) if i % 5 == 4)
        assert no_overflow(page) == []
        assert_accessible(page, site)
        page.locator(".overlay .stat-chart").scroll_into_view_if_needed()
        shoot(page, f"stats-chart-{lang}-{size}")
    finally:
        context.close()
    watcher.assert_clean()


HUGE_GAMES = 3 * 999_999_999 + 1


def huge_stats() -> str:
    """Counts of nine digits in every level's bucket, ten digits in all
    games' (HUGE_GAMES), and a worst score of nine digits (one game of
    999,999,999 hands, with undo): as many as the hands allow
    (hearts.app.stats.possible)."""
    counts = [999_999_999, 333_333_333, 333_333_333, 333_333_333, 333_333_332, 1, 999_999_999, 999_999_999,
              333_333_333, 499_999_999, 499_999_999, 0, 26]
    data = ST.to_dict(ST.EMPTY)
    data["buckets"] = {name: list(counts) for name in data["buckets"]}
    data["buckets"]["undo"] = [1, 0, 0, 0, 0, 1, 999_999_999, 999_999_998, 0, 0, 0, 999_999_998, 999_999_998]
    text = json.dumps(data)
    ST.loads(text)  # (a text the game takes)
    return text


@pytest.mark.parametrize("lang", ["fi", "lt"])
def test_nine_and_ten_digit_counts_fit_the_statistics_at_360_px(warm_copy, watch, site, open_game, lang):
    """Issue 26: at 360 px the tiles of 9-10-digit counts ran out of the panel."""
    context = warm_copy(viewport={"width": 360, "height": 740}, has_touch=True)
    context.add_init_script(f"if (location.protocol === 'http:')"
                            f" localStorage.setItem('hearts.stats@/', {json.dumps(huge_stats())})")
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url(lang=lang))
        page.locator('#screen [data-action="stats"]').first.click()
        acked(page)
        page.locator(".overlay .stat-tiles").first.wait_for()
        assert re.sub(r"\D", "", stat(page, "games")) == str(HUGE_GAMES)
        assert no_overflow(page) == []
        wide = page.evaluate("""() => [...document.querySelectorAll('.overlay .stat, .overlay .stat dd')]
            .filter((e) => e.scrollWidth > e.clientWidth + 1).length""")
        assert wide == 0
        watcher.assert_clean()
    finally:
        context.close()
