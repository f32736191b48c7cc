"""Never lose a game, round two (issue 17, items 1, 4 and 5): one game, one
owner across tabs; a refused save kept aside and downloadable; a game
exported to a file and imported; saving that resumes after storage was
full, and says when the stored position is older than the screen's.

Each test has its own context (two pages in one where it is about tabs),
watched: any console error or foreign request fails it.
"""

import json

import pytest
from playwright.sync_api import expect

from hearts.engine.game import Game, Phase
from hearts.engine.save import dumps, loads

from settle import acked, handled, locks_settled, settled
from test_game import LEGAL, TABLE, TIMEOUT, assert_accessible, hand, pass_three, phase

ELSEWHERE = ".overlay.elsewhere"
# Before the page's scripts run, on the game's page only (not on about:blank).
INJECT = "if (location.protocol === 'http:' && !sessionStorage.getItem('seeded')) {{" \
         " localStorage.setItem('hearts.save@/', {}); sessionStorage.setItem('seeded', '1'); }}"
NO_LOCKS = "delete Navigator.prototype.locks;"


def near_hand_end(seed: int = 3) -> Game:
    """A seeded game in its first hand, one trick to go, the human (seat 0)
    to play a card: a few clicks from hand 2."""
    game = Game.new(seed)
    for seat in (0, 1, 2, 3):
        game.pass_cards(seat, game.legal_actions(seat)[:3])
    while not (len(game.view(0).hand) == 1 and game.to_act == 0):
        if game.phase is not Phase.PLAY or len(game.view(0).hand) == 0:
            raise AssertionError("take another seed")
        game.play(game.to_act, game.legal_actions()[0])
    return game


def stored(page):
    text = page.evaluate("() => localStorage.getItem('hearts.save@/')")
    return None if text is None else json.loads(text)


def click(page, selector):
    """A click the element gets even where the page makes it inert (a stale
    tab's table behind its dialog): what a script or a stray event would do."""
    page.locator(selector).first.dispatch_event("click")
    acked(page)


def into_hand_2(page):
    """Play the last card of hand 1, Continue: hand 2's pass."""
    page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)
    click(page, LEGAL)
    page.locator(f'{TABLE}[data-phase="hand-end"]').wait_for(timeout=TIMEOUT)
    page.locator('#screen [data-action="continue"]').click()
    acked(page)
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for(timeout=TIMEOUT)


def two_tabs(warm_copy, watch, init=None):
    context = warm_copy()
    context.add_init_script(INJECT.format(json.dumps(dumps(near_hand_end()))))
    if init:
        context.add_init_script(init)
    return context, watch(context)


def test_one_game_one_owner_across_two_tabs(warm_copy, watch, site, open_game):
    context, watcher = two_tabs(warm_copy, watch)
    try:
        a = open_game(context.new_page(), site.game_url())
        b = open_game(context.new_page(), site.game_url())
        # the scenario: A plays into hand 2; stale B (hand 1) gets a click
        into_hand_2(a)
        totals = stored(a)["scores"]
        before = handled(b)
        click(b, "#screen [data-card]")
        settled(b, before)  # B handled the click, and nothing of it is still running
        a.reload()
        a.locator("html[data-ready]").wait_for(state="attached")
        assert "Hand 2" in a.locator("#screen .hand-no").inner_text()
        assert phase(a) == "pass" and a.locator(".overlay").count() == 0
        assert stored(a)["scores"] == totals and len(stored(a)["hands"]) == 2
        # B says all along that the game is played elsewhere, and offers to take it over
        expect(b.locator(ELSEWHERE)).to_be_visible()
        assert "open in another tab" in b.locator(ELSEWHERE).inner_text()
        assert (a.get_attribute("html", "data-lock"), b.get_attribute("html", "data-lock")) == ("held", "elsewhere")
        assert b.locator(f'{ELSEWHERE} [data-action="take-over"]').is_visible()
        assert_accessible(b, site)
        # play in both: B takes over from A's position; A is told and stops
        b.locator(f'{ELSEWHERE} [data-action="take-over"]').click()
        expect(b.locator(ELSEWHERE)).to_have_count(0)
        assert phase(b) == "pass" and "Hand 2" in b.locator("#screen .hand-no").inner_text()
        expect(a.locator(ELSEWHERE)).to_be_visible()
        pass_three(b)
        after_b = stored(b)
        assert after_b["hands"][1]["passes"][0] is not None
        before = handled(a)
        for _ in range(3):  # A's stale table: its clicks change nothing stored
            click(a, "#screen [data-card]")
        click(a, '#screen [data-action="confirm-pass"]')
        settled(a, before)
        assert stored(a) == after_b
        # and back: A takes over, from B's position
        a.locator(f'{ELSEWHERE} [data-action="take-over"]').click()
        expect(a.locator(ELSEWHERE)).to_have_count(0)
        assert phase(a) == "play" and sorted(hand(a)) == sorted(hand(b))
        expect(b.locator(ELSEWHERE)).to_be_visible()
        watcher.assert_clean()
    finally:
        context.close()


def test_without_web_locks_a_stale_tab_never_replaces_a_newer_position(warm_copy, watch, site, open_game):
    """Where there is no lock to hold, both tabs play, and the revision is
    what keeps the older one from saving over the newer: refused, and said."""
    context, watcher = two_tabs(warm_copy, watch, NO_LOCKS)
    try:
        a = open_game(context.new_page(), site.game_url())
        b = open_game(context.new_page(), site.game_url())
        assert a.locator(".overlay").count() == 0 and b.locator(".overlay").count() == 0
        assert a.get_attribute("html", "data-lock") == b.get_attribute("html", "data-lock") == "none"
        into_hand_2(a)
        newer = stored(a)
        click(b, LEGAL)  # B is still in hand 1: its move would replace hand 2
        moved = b.locator(ELSEWHERE)
        expect(moved).to_be_visible()
        assert "went on in another tab" in moved.inner_text()
        assert_accessible(b, site)
        assert stored(a) == newer
        a.reload()
        a.locator("html[data-ready]").wait_for(state="attached")
        assert "Hand 2" in a.locator("#screen .hand-no").inner_text()
        # B takes over from the newer position
        b.locator(f'{ELSEWHERE} [data-action="take-over"]').click()
        expect(moved).to_have_count(0)
        assert "Hand 2" in b.locator("#screen .hand-no").inner_text()
        watcher.assert_clean()
    finally:
        context.close()


def newer_save() -> str:
    data = json.loads(dumps(near_hand_end()))
    data["version"] = 99
    data["future"] = {"what": "a field of a later version"}
    return json.dumps(data)


def test_a_refused_save_is_kept_aside_and_can_be_downloaded(warm_copy, watch, site, open_game, tmp_path):
    text = newer_save()
    context = warm_copy(accept_downloads=True)
    context.add_init_script(INJECT.format(json.dumps(text)))
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url())
        assert "newer version" in page.locator("#screen [role=alert]").inner_text()
        assert_accessible(page, site)
        with page.expect_download() as info:
            page.locator('#screen [data-action="download-refused"]').click()
        path = tmp_path / "refused.json"
        info.value.save_as(path)
        assert path.read_text() == text
        # New game does not destroy it: the copy aside stays, still downloadable
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert page.evaluate("() => localStorage.getItem('hearts.refused@/')") == text
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached")
        assert page.locator("#screen [role=alert]").count() == 0  # no message on every reload
        page.locator('#screen [data-action="menu"]').click()
        with page.expect_download() as info:
            page.locator('.overlay [data-action="download-refused"]').click()
        info.value.save_as(path)
        assert path.read_text() == text
        watcher.assert_clean()
    finally:
        context.close()


def test_hiding_a_refused_save_keeps_it_and_the_message_does_not_come_back(warm_copy, watch, site, open_game):
    text = newer_save()
    context = warm_copy()
    context.add_init_script(INJECT.format(json.dumps(text)))
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url())
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached")
        assert "newer version" in page.locator("#screen [role=alert]").inner_text()  # until one chooses
        page.locator('#screen [data-action="hide-refused"]').click()
        acked(page)
        assert page.locator("#screen [role=alert]").count() == 0
        for _ in range(2):
            page.reload()
            page.locator("html[data-ready]").wait_for(state="attached")
            assert page.locator("#screen [role=alert]").count() == 0
        assert page.evaluate("() => localStorage.getItem('hearts.refused@/')") == text
        watcher.assert_clean()
    finally:
        context.close()


def test_export_and_import_a_game_and_bad_files_refused_like_saves(warm_copy, watch, site, open_game, tmp_path):
    context = warm_copy(accept_downloads=True)
    context.add_init_script(INJECT.format(json.dumps(dumps(near_hand_end()))))
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url())
        page.locator('#screen [data-action="menu"]').click()
        acked(page)
        assert_accessible(page, site)
        with page.expect_download() as info:
            page.locator('.overlay [data-action="export-game"]').click()
        exported = tmp_path / info.value.suggested_filename
        info.value.save_as(exported)
        assert exported.suffix == ".json"
        game = loads(exported.read_text())
        assert game.view(0) == loads(json.dumps(stored(page))).view(0)
        before = hand(page)
        # another game, then the file back
        page.locator('.overlay [data-action="new-game"]').click()
        acked(page)
        page.locator('.overlay [data-action="confirm-new-game"]').click()  # a game in progress: asked first
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        page.locator('#screen [data-action="menu"]').click()
        with page.expect_file_chooser() as chooser:
            page.locator('.overlay [data-action="import-game"]').click()
        chooser.value.set_files(str(exported))
        question = page.locator(".overlay.open-game[role=alertdialog]")  # a game in progress: asked first
        expect(question).to_contain_text("Replace this game with the one in the file?")
        assert_accessible(page, site)
        question.locator('[data-action="confirm-open-game"]').click()
        acked(page)
        expect(page.locator(".overlay")).to_have_count(0)
        assert phase(page) == "play" and hand(page) == before
        assert loads(json.dumps(stored(page))).view(0) == game.view(0)  # and saved
        # bad files: refused with the very messages of a refused save
        for content, words in [("{not json", "damaged"), (newer_save(), "newer version"),
                               (json.dumps({"format": "chess"}), "isn't a game of Hearts"),
                               ("[" * 6000 + "]" * 6000, "damaged")]:  # (never parsed)
            bad = tmp_path / "bad.json"
            bad.write_text(content)
            page.locator('#screen [data-action="menu"]').click()
            with page.expect_file_chooser() as chooser:
                page.locator('.overlay [data-action="import-game"]').click()
            chooser.value.set_files(str(bad))
            alert = page.locator(".overlay [role=alert]")
            expect(alert).to_contain_text(words)
            assert "file was not opened" in alert.inner_text()
            page.keyboard.press("Escape")
            acked(page)
            assert hand(page) == before  # the game on screen stays
        assert loads(json.dumps(stored(page))).view(0) == game.view(0)
        # and from the start screen (a new device): import there too
        page.evaluate("() => localStorage.clear()")
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached")
        assert phase(page) == "start"
        with page.expect_file_chooser() as chooser:
            page.locator('#screen [data-action="import-game"]').click()
        chooser.value.set_files(str(exported))
        page.locator(f'{TABLE}[data-phase="play"]').wait_for()
        assert hand(page) == before
        watcher.assert_clean()
    finally:
        context.close()


FILL = """() => {
  // Fill localStorage to its quota: chunks halving down to one character.
  let n = 0;
  for (let size = 1 << 22; size >= 1; size >>= 1) {
    const chunk = 'x'.repeat(size);
    for (;;) {
      try { localStorage.setItem('filler.' + n, chunk); n++; } catch (e) { break; }
    }
  }
  return n;
}"""
FREE = "() => Object.keys(localStorage).filter((k) => k.startsWith('filler.')).forEach((k) => localStorage.removeItem(k))"


def test_saving_resumes_after_storage_was_full(warm_copy, watch, site, open_game):
    context = warm_copy()
    context.add_init_script(INJECT.format(json.dumps(dumps(near_hand_end()))))
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url())
        before = stored(page)
        assert page.evaluate(FILL) > 0
        click(page, LEGAL)  # the hand's last card: not stored, and said so
        page.locator(f'{TABLE}[data-phase="hand-end"]').wait_for(timeout=TIMEOUT)
        notice = page.locator("#screen .ending .notice")
        expect(notice).to_contain_text("storage is full")
        expect(notice).to_contain_text("older than the one on screen")
        assert stored(page) == before
        # a reload now restores the older position, and says so
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached")
        expect(page.locator("#screen .south .notice")).to_contain_text("last position that could be saved")
        click(page, LEGAL)
        page.locator(f'{TABLE}[data-phase="hand-end"]').wait_for(timeout=TIMEOUT)
        expect(page.locator("#screen .ending .notice")).to_contain_text("storage is full")
        # room again: saved by itself, without a move
        page.evaluate(FREE)
        expect(page.locator("#screen .notice")).to_have_count(0, timeout=10_000)
        assert len(stored(page)["hands"][0]["plays"]) == 52
        # and with the next move
        page.locator('#screen [data-action="continue"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert len(stored(page)["hands"]) == 2
        watcher.assert_clean()
    finally:
        context.close()


def test_saving_resumes_with_the_next_move(warm_copy, watch, site, open_game):
    context = warm_copy()
    context.add_init_script(INJECT.format(json.dumps(dumps(near_hand_end()))))
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url())
        page.evaluate(FILL)
        click(page, LEGAL)
        page.locator(f'{TABLE}[data-phase="hand-end"]').wait_for(timeout=TIMEOUT)
        page.evaluate(FREE)
        page.locator('#screen [data-action="continue"]').click()  # play on: saved again
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for()
        assert len(stored(page)["hands"]) == 2
        expect(page.locator("#screen .notice")).to_have_count(0)
        watcher.assert_clean()
    finally:
        context.close()


def damaged_saves() -> list[str]:
    """Issue 26: a save cut in half, and one of version 2, both at revision 40."""
    whole = dumps(near_hand_end(), rev=40)
    newer = json.loads(whole)
    newer["version"] = 2
    return [whole[: len(whole) // 2], json.dumps(newer, separators=(",", ":"))]


@pytest.mark.parametrize("which", [0, 1], ids=["cut-in-half", "version-2"])
def test_a_damaged_save_never_blocks_the_next_game(warm_copy, watch, site, open_game, which):
    """One tab, a damaged save in the slot: New game plays and is saved (it was
    'This game went on in another tab', and Play here 'open in another tab'
    for ever), and so does a game opened from a file."""
    text = damaged_saves()[which]
    context = warm_copy()
    context.add_init_script(INJECT.format(json.dumps(text)))
    watcher = watch(context)
    try:
        page = open_game(context.new_page(), site.game_url())
        page.locator('#screen [data-action="new-game"]').click()
        acked(page)
        page.locator(f'{TABLE}[data-phase="pass"]').wait_for(timeout=TIMEOUT)
        before = handled(page)
        pass_three(page)
        settled(page, before)
        assert page.locator(ELSEWHERE).count() == 0
        assert stored(page)["rev"] > 1 and stored(page)["version"] == 1
        assert page.evaluate("() => localStorage.getItem('hearts.refused@/')") == text
        page.reload()
        page.locator("html[data-ready]").wait_for(state="attached")
        page.locator(LEGAL).first.wait_for(timeout=TIMEOUT)  # the new game, at its play
        assert page.locator(ELSEWHERE).count() == 0
        assert page.get_attribute("html", "data-lock") == "held"
        watcher.assert_clean()
    finally:
        context.close()


def test_play_here_beside_a_tab_without_web_locks_ends_with_this_tab_playing(warm_copy, watch, site, open_game):
    """Tab A has Web Locks, tab B has none; B moves on, A is told at its next
    move, and A's Play here plays (it stole its own lock and said 'open in
    another tab' for ever)."""
    context, watcher = two_tabs(warm_copy, watch)
    try:
        a = open_game(context.new_page(), site.game_url())
        b_page = context.new_page()
        b_page.add_init_script(NO_LOCKS)
        b = open_game(b_page, site.game_url())
        assert a.get_attribute("html", "data-lock") == "held"
        assert b.get_attribute("html", "data-lock") == "none"
        into_hand_2(b)
        click(a, LEGAL)
        moved = a.locator(ELSEWHERE)
        expect(moved).to_be_visible()
        before = handled(a)
        a.locator(f'{ELSEWHERE} [data-action="take-over"]').click()
        expect(moved).to_have_count(0)
        settled(a, before)  # the take-over's lock claim is done...
        locks_settled(a)  # ...and a lost lock would have been told by now (none may)
        assert a.locator(ELSEWHERE).count() == 0
        assert a.get_attribute("html", "data-lock") == "held"
        assert "Hand 2" in a.locator("#screen .hand-no").inner_text()
        pass_three(a)
        a.locator(f'{TABLE}[data-phase="play"]').wait_for(timeout=TIMEOUT)
        assert a.locator(ELSEWHERE).count() == 0
        watcher.assert_clean()
    finally:
        context.close()


def test_without_web_locks_a_stale_tab_is_told_as_soon_as_the_other_moves_on(warm_copy, watch, site, open_game):
    """Issue 26: told at once (the storage event), not only at its next move:
    two tabs writing in the same millisecond are told apart at once too."""
    context, watcher = two_tabs(warm_copy, watch, NO_LOCKS)
    try:
        a = open_game(context.new_page(), site.game_url())
        b = open_game(context.new_page(), site.game_url())
        into_hand_2(a)
        moved = b.locator(ELSEWHERE)
        expect(moved).to_be_visible()  # B was not touched
        assert "went on in another tab" in moved.inner_text()
        assert a.locator(ELSEWHERE).count() == 0
        watcher.assert_clean()
    finally:
        context.close()
