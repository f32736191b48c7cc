"""Issue 26 in the browser: the statistics saved to a file and opened from
one (the statistics screen's ``export-stats`` and ``import-stats``): saved
through a download, storage wiped, opened through the file chooser, the
figures come back; a file that is not statistics leaves them as they are.
At 360x740 and 1366x768; screenshots go to build/screenshots/.
"""

import json

import pytest
from playwright.sync_api import expect

from hearts.app import stats as ST
from test_game import assert_accessible
from test_hand_end import open_size, shoot
from settle import acked

# Before the page's scripts run, once (not again after the test's reload).
SEED_STATS = "if (location.protocol === 'http:' && !sessionStorage.getItem('seeded')) {{" \
             " localStorage.setItem('hearts.stats@/', {}); sessionStorage.setItem('seeded', '1'); }}"


def some_statistics() -> ST.Stats:
    """Three games of three levels, one of them won, and an imported one apart."""
    s = ST.EMPTY
    for n, (level, scores) in enumerate([("easy", (30, 101, 60, 70)), ("normal", (80, 40, 104, 60)),
                                         ("hard", (95, 100, 20, 50))]):
        s = ST.record(s, ST.GameSummary(f"g{n}", level, False, scores, (3, 10, 0, scores[0] - 13), 0, 1, 1))
    return ST.record(s, ST.GameSummary("i", "normal", False, (10, 50, 60, 110), (10,), 0, 0, 0, True))


def stat(page, name):
    return page.locator(f'.overlay [data-stat="{name}"]').inner_text()


def open_stats(page):
    page.locator('#screen [data-action="stats"]').click()
    acked(page)
    page.locator(".overlay.stats").wait_for()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_statistics_saved_to_a_file_and_opened_from_it_come_back(warm_context, site, open_game, tmp_path, size):
    stats = some_statistics()
    context, watcher, page = open_size(warm_context, size, site.game_url(), open_game)
    context.add_init_script(SEED_STATS.format(json.dumps(ST.dumps(stats))))
    page.reload()
    page.locator("html[data-ready]").wait_for(state="attached")
    open_stats(page)
    assert stat(page, "games") == "3" and stat(page, "games.imported") == "1"
    with page.expect_download() as info:
        page.locator('.overlay [data-action="export-stats"]').click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    assert saved.name == "hearts-statistics.json" and ST.loads(saved.read_text()) == stats
    shoot(page, f"stats-file-{size}")
    # Storage wiped: a new device, say
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.locator("html[data-ready]").wait_for(state="attached")
    open_stats(page)
    assert stat(page, "games") == "0"
    with page.expect_file_chooser() as chooser:
        page.locator('.overlay [data-action="import-stats"]').click()
    chooser.value.set_files(str(saved))
    expect(page.locator(".overlay.stats [role=status]")).to_contain_text("opened from the file")
    assert stat(page, "games") == "3" and stat(page, "won") == "1" and stat(page, "games.imported") == "1"
    assert ST.loads(page.evaluate("() => localStorage.getItem('hearts.stats@/')")) == stats  # kept
    assert_accessible(page, site)
    shoot(page, f"stats-file-opened-{size}")
    # A file that is not statistics: said, and the figures stay
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "hearts-save", "version": 1}))
    with page.expect_file_chooser() as chooser:
        page.locator('.overlay [data-action="import-stats"]').click()
    chooser.value.set_files(str(bad))
    expect(page.locator(".overlay.stats [role=alert]")).to_contain_text("Your statistics are unchanged")
    assert stat(page, "games") == "3"
    # Other statistics over these: asked first, and Keep mine keeps them
    other = tmp_path / "other.json"
    other.write_text(ST.dumps(ST.record(ST.EMPTY, ST.GameSummary("o", "easy", False, (20, 30, 40, 110),
                                                                 (20,), 0, 0, 0))))
    with page.expect_file_chooser() as chooser:
        page.locator('.overlay [data-action="import-stats"]').click()
    chooser.value.set_files(str(other))
    question = page.locator(".overlay.stats-open[role=alertdialog]")
    expect(question).to_contain_text("4 finished games counted here")
    shoot(page, f"stats-file-question-{size}")
    page.locator('.overlay [data-action="stats"]').click()
    acked(page)
    assert stat(page, "games") == "3"
    watcher.assert_clean()
