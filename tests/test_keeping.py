"""Keeping the game (hearts/app/keeping.py, the revision in hearts/engine/save.py):
one owner across tabs, refused saves kept aside, files in and out, saving
that resumes, in CPython."""

import json

import pytest

from hearts import Game
from hearts.engine.cards import Card
from hearts.text.i18n import LANGUAGES, Translator, load
from hearts.text.vocabulary import save_error_message
from hearts.engine.save import MAX_REV, SaveError, dumps, loads, revision, to_dict
from hearts.app import keeping_view as KV
from hearts.app import messages as M
from hearts.app import update as U
from hearts.app.model import HUMAN, visible
from hearts.app.blocks import esc
from hearts.app.view import view

from test_ui import Driver, pass_three, play_legal

EN = Translator("en")


def html(model, tr=EN):
    return view(*visible(model), tr)


def saves(effects):
    return [e for e in effects if isinstance(e, M.Save)]


def playing(seed=1):
    """A driver in the play phase of a new game (seed 1: the human passed)."""
    d = Driver()
    d.send(M.NewGame(seed))
    pass_three(d)
    return d


# -- the revision in a save ---------------------------------------------------------

def test_a_save_carries_its_revision_and_old_saves_still_load():
    game = Game.new(7)
    text = dumps(game, rev=41)
    assert revision(text) == 41 and json.loads(text)["rev"] == 41
    assert loads(text).view(0) == game.view(0)
    old = to_dict(game)
    del old["rev"]  # a save written before revisions
    old_text = json.dumps(old, separators=(",", ":"))
    assert revision(old_text) == 0 and loads(old_text).view(0) == game.view(0)


@pytest.mark.parametrize("rev", [-1, "3", 1.5, None, MAX_REV + 1, True])
def test_a_tampered_revision_is_refused(rev):
    data = to_dict(Game.new(7), rev=3)
    data["rev"] = rev
    with pytest.raises(SaveError) as error:
        loads(json.dumps(data))
    assert error.value.code == "save-impossible"


@pytest.mark.parametrize("text", [None, "", "[" * 6000 + "]" * 6000, "{not json", 12,
                                  '{"format":"hearts-save","version":1,"rev":-4}',
                                  '{"rev":9,"format":"hearts-save","version":1}',
                                  '{"format":"hearts-save","version":1,"rev":' + "9" * 40 + "}"])
def test_revision_of_anything_else_is_zero_without_parsing(text):
    assert revision(text) == 0


# -- one owner -------------------------------------------------------------------------

def test_every_change_raises_the_revision_and_its_save_carries_it():
    d = Driver()
    model, effects = U.update(d.model, M.NewGame(1))
    [save] = saves(effects)
    assert save.rev == model.ui.rev == 1 and revision(save.text) == 1
    for card in model.game.view(HUMAN).hand[:3]:
        model, effects = U.update(model, M.ClickCard(card))
        assert not saves(effects)  # picking is not a change of the game
    model, effects = U.update(model, M.ConfirmPass())
    assert saves(effects)[0].rev == 2
    resumed, _ = U.init(saved=saves(effects)[0].text)
    assert resumed.ui.rev == resumed.ui.saved_rev == 2


def test_another_tab_owns_the_game_here_nothing_plays():
    d = playing()
    before = d.model
    d.send(M.Elsewhere("open"))
    m = d.model
    assert m.ui.owner == "open" and m.ui.overlay == "elsewhere" and m.ui.epoch > before.ui.epoch
    page = html(m)
    assert 'data-action="take-over"' in page and "open in another tab" in page
    assert 'class="screen' in page and " inert>" in page.split("</section>")[0].split(">", 1)[0] + ">"
    # clicks, keys, closing and stale timers change nothing and save nothing
    for msg in (M.ClickCard(m.game.view(HUMAN).legal[0]), M.ConfirmPass(), M.Continue(),
                M.Dismiss(), M.CloseOverlay(), M.AskHint(), M.ExportGame(), M.ImportGame(),
                M.Imported(dumps(Game.new(3))), M.OpponentMove(before.ui.epoch, 1, Card.parse("2C")),
                M.Collect(before.ui.epoch)):
        model, effects = U.update(m, msg)
        assert model.game is m.game and model.ui.overlay == "elsewhere", msg
        assert not saves(effects), msg
    # an error panel over it goes back to it, not to the table
    model, _ = U.update(U.update(m, M.Crash("boom"))[0], M.KeepGame())
    assert model.ui.overlay == "elsewhere"


def test_a_tab_that_lost_the_game_ignores_late_answers_of_every_kind():
    """A statistics file chosen in a tab after another tab took the game over
    replaced the "elsewhere" dialog, and the table behind it went live. Every
    late answer is dropped now, and the tab stores nothing."""
    from hearts.app import stats as ST

    d = playing()
    d.send(M.ShowStats())
    d.send(M.ImportStats())  # the chooser is open when the other tab takes the game
    d.send(M.Elsewhere("open"))
    m = d.model
    theirs = ST.dumps(ST.record(ST.EMPTY, ST.GameSummary("t", "easy", False, (20, 30, 40, 110), (20,), 0, 0, 0)))
    for msg in (M.Imported(theirs), M.Imported(None), M.HintReady(m.ui.epoch, ("2C",)),
                M.PassesReady(m.ui.bot_passes[0] if m.ui.bot_passes else (), ()), M.SaveResumed(m.ui.rev),
                M.ShowStats(), M.ShowOverlay("menu"), M.ShowReplay(0), M.ConfirmOpenStats(), M.Undo(),
                M.NewGame(3), M.ConfirmNewGame(3), M.ClaimTricks(), M.SetLevel("hard")):
        model, effects = U.update(m, msg)
        assert model == m and effects == [], msg
    assert 'data-action="take-over"' in html(m)


def test_taking_over_adopts_the_stored_position():
    d = playing()
    other = playing()
    play_legal(other)  # the other tab went on: a later position, stored
    stored = other.saved
    d.send(M.Elsewhere("moved"))
    assert "went on in another tab" in html(d.model)
    model, effects = U.update(d.model, M.TakeOver())
    assert effects == [M.StealLock()] and model.ui.owner == "moved"
    model, effects = U.update(model, M.Adopt(stored))
    assert model.ui.owner == "here" and model.ui.overlay is None
    assert model.game.view(HUMAN) == loads(stored).view(HUMAN)
    assert model.ui.rev == revision(stored)
    assert model.ui.epoch > d.model.ui.epoch  # the old tab's timers are stale
    # the next change is newer than what was stored
    model, effects = U.update(model, M.ClickCard(model.game.view(HUMAN).legal[0]))
    assert saves(effects)[0].rev == revision(stored) + 1


def test_taking_over_with_nothing_stored_is_the_start_screen():
    d = playing()
    d.send(M.Elsewhere())
    model, _ = U.update(d.model, M.Adopt(None))
    assert model.game is None and model.ui.screen == "start" and model.ui.owner == "here"
    model, effects = U.update(model, M.NewGame(5))
    assert saves(effects)[0].rev > d.model.ui.rev  # revisions never go back


def test_the_owner_does_not_take_over_from_itself():
    d = playing()
    assert U.update(d.model, M.TakeOver()) == (d.model, [])


# -- a refused save ---------------------------------------------------------------------

def newer_text():
    data = to_dict(Game.new(4), rev=5)
    data["version"] = 99
    return json.dumps(data)


def test_a_refused_save_is_kept_aside_and_offered_as_a_file():
    text = newer_text()
    model, effects = U.init(saved=text)
    assert model.ui.save_error == "save-newer-version" and model.ui.refused
    assert effects == [M.KeepAside(text)]
    page = html(model)
    assert 'data-action="download-refused"' in page and 'data-action="hide-refused"' in page
    assert U.update(model, M.DownloadRefusedSave())[1] == [M.DownloadRefused()]
    # New game: the game's slot gets the new game, nothing else is touched
    model2, effects = U.update(model, M.NewGame(1))
    assert {type(e) for e in effects} <= {M.Save, M.Announce, M.Think, M.AskPersist}
    assert model2.ui.refused  # still downloadable, from the menu
    model2, _ = U.update(model2, M.ShowOverlay("menu"))
    assert 'data-action="download-refused"' in html(model2)


def test_hiding_a_refused_save_clears_the_slot_not_the_copy():
    model, _ = U.init(saved=newer_text())
    model, effects = U.update(model, M.HideRefused())
    assert effects == [M.ClearSave()] and model.ui.save_error is None
    assert 'role="alert"' not in html(model)
    assert U.update(model, M.HideRefused()) == (model, [])  # once


def test_nothing_kept_nothing_to_download():
    d = Driver()
    assert U.update(d.model, M.DownloadRefusedSave()) == (d.model, [])
    assert 'download-refused' not in d.html()


# -- files ---------------------------------------------------------------------------------

def test_export_gives_the_game_as_a_file():
    d = playing()
    model, effects = U.update(d.model, M.ExportGame())
    [download] = effects
    assert isinstance(download, M.Download) and download.name.endswith(".json")
    assert loads(download.text).view(HUMAN) == d.pv
    assert U.update(Driver().model, M.ExportGame())[1] == []  # no game, no file


def test_an_exported_unfinished_game_does_not_show_the_hidden_hands():
    """Issue 26: the file listed all four hands in plain text."""
    d = playing()
    [download] = U.update(d.model, M.ExportGame())[1]
    text = download.text
    game = d.model.game
    for seat in (1, 2, 3):  # no opponent's card in the file, in any spelling a look would find
        for card in game.view(seat).hand:
            assert f'"{card}"' not in text, card
    assert '"dealt"' not in text and '"passes"' not in text
    assert revision(text) == d.model.ui.rev  # the head stays readable without parsing
    restored = loads(text)  # and it restores exactly
    assert all(restored.view(seat) == game.view(seat) for seat in range(4))
    assert loads(dumps(game)).view(1) == game.view(1)  # (a plain save still loads too)


@pytest.mark.parametrize("hidden", ["", "not base64!", "e30=", "W1tb", 7])
def test_hidden_hands_that_cannot_be_read_are_refused(hidden):
    data = json.loads(dumps(Game.new(3), hide=True))
    data["hidden"] = hidden
    with pytest.raises(SaveError) as error:
        loads(json.dumps(data))
    assert error.value.code in ("save-corrupt", "save-impossible")


BAD_FILES = [
    (None, "save-corrupt"),
    ("[" * 6000 + "]" * 6000, "save-corrupt"),  # refused before it is parsed
    ("{not json", "save-corrupt"),
    (json.dumps({"format": "chess"}), "save-not-hearts"),
    (newer_text(), "save-newer-version"),
]


@pytest.mark.parametrize("text, code", BAD_FILES)
def test_a_bad_file_is_refused_as_a_refused_save_is(text, code):
    d = playing()
    d.send(M.ShowOverlay("menu"))
    model, effects = U.update(d.model, M.Imported(text))
    assert model.ui.file_error == code and model.game is d.model.game and not effects
    assert esc(save_error_message(code, EN)) in html(model)
    # the same code as loading it as a save
    if text is not None:
        assert U.init(saved=text)[0].ui.save_error == code


def test_an_impossible_file_is_refused_too():
    data = to_dict(Game.new(2))
    data["scores"] = [1, 2, 3, 4]
    model, _ = U.update(Driver().model, M.Imported(json.dumps(data)))
    assert model.ui.file_error == "save-impossible"


def test_a_good_file_replaces_the_game_and_is_saved_as_newer():
    source = playing(seed=9)
    play_legal(source)
    text = dumps(source.model.game)
    d = playing()
    d.send(M.ShowOverlay("menu"))
    model, effects = U.update(d.model, M.ImportGame())
    assert effects == [M.PickFile()]
    model, effects = U.update(model, M.Imported(text))
    assert model.ui.overlay == "open-game" and not effects  # a game in progress: asked first
    model, effects = U.update(model, M.ConfirmOpenGame())
    assert model.ui.overlay is None and model.ui.file_error is None and model.ui.file_game is None
    assert model.game.view(HUMAN) == source.pv
    assert saves(effects)[0].rev > d.model.ui.rev


def test_opening_a_file_during_a_game_asks_first_and_offers_a_copy():
    """A game from a file replaced the one in progress at once, and kept no
    copy: now the page asks, says what is lost, offers to save this game to
    a file first, and Keep playing (or Escape) keeps it."""
    text = dumps(playing(seed=9).model.game)
    d = playing()
    for no in (M.CloseOverlay(), M.Dismiss()):
        model, _ = U.update(U.update(d.model, M.ImportGame())[0], M.Imported(text))
        page = html(model)
        assert model.game is d.model.game and 'class="overlay open-game"' in page
        assert "Replace this game with the one in the file?" in page and "save it to a file first" in page
        assert 'data-action="confirm-open-game"' in page and 'data-action="close"' in page
        copy, effects = U.update(model, M.ExportGame())  # a copy of this game, the question still open
        assert copy.ui.overlay == "open-game" and effects[0].text == dumps(
            d.model.game, d.model.ui.rev, undo_used=False, hide=True, level="normal")
        model, effects = U.update(model, no)
        assert model.game is d.model.game and model.ui.overlay is None and model.ui.file_game is None
        assert not saves(effects)
        assert U.update(model, M.ConfirmOpenGame()) == (model, [])  # only from the question
    # no game in progress (the start screen, a game over): opened at once
    model, _ = U.update(Driver().model, M.Imported(text))
    assert model.ui.overlay is None and model.game.view(HUMAN) == loads(text).view(HUMAN)


def finished(seed=21):
    import random

    from engine_helpers import play_random

    game = Game.new(seed)
    play_random(game, random.Random(seed))
    return game


def test_a_finished_game_from_a_file_counts_under_the_level_it_was_played_at():
    """It counted under the level chosen now; the file says its level."""
    from hearts.app import stats as ST

    text = dumps(finished(), 3, level="hard")
    model, effects = U.update(Driver().model, M.Imported(text))  # (the page's level: normal)
    assert model.ui.settings.level == "hard" and M.StoreSettings(model.ui.settings) in effects
    figures = ST.figures(model.ui.history.stats)
    assert figures["hard"].games == 1 and figures["normal"].games == 0
    # a file of before, which does not say its level: the level chosen now
    old, _ = U.update(Driver().model, M.Imported(dumps(finished(22), 3)))
    assert old.ui.settings.level == "normal" and ST.figures(old.ui.history.stats)["normal"].games == 1
    bad = json.loads(text)
    bad["level"] = "impossible"
    assert U.update(Driver().model, M.Imported(json.dumps(bad)))[0].ui.file_error == "save-impossible"


def test_an_earlier_file_of_the_game_on_screen_is_a_game_with_undo():
    """Re-opening one's own earlier file restored a position with no undo
    mark: going back to it is an undo, and the game counts as one."""
    d = playing()
    model, effects = U.update(d.model, M.ExportGame())
    text = effects[0].text
    assert json.loads(text)["level"] == "normal"
    play_legal(d)  # the game goes on past the file's position
    model, _ = U.update(U.update(d.model, M.Imported(text))[0], M.ConfirmOpenGame())
    assert model.undo_used and model.game.view(HUMAN) == loads(text).view(HUMAN)
    # the same position (the same game, a tab that did not go on), or another game: no undo
    fresh = playing()
    assert not U.update(U.update(fresh.model, M.Imported(text))[0], M.ConfirmOpenGame())[0].undo_used
    other, _ = U.update(U.update(fresh.model, M.Imported(dumps(playing(seed=9).model.game)))[0],
                        M.ConfirmOpenGame())
    assert not other.undo_used
    # and the mark a file carries is kept
    marked = dumps(playing(seed=9).model.game, undo_used=True)
    assert U.update(U.update(fresh.model, M.Imported(marked))[0], M.ConfirmOpenGame())[0].undo_used


# -- storage that fills up ---------------------------------------------------------------

def test_a_failed_save_says_the_stored_game_is_older_until_saving_resumes():
    d = playing()
    stored_rev = d.model.ui.rev
    d.send(M.SaveFailed(stored_rev), settle=False)  # (its retry, a RetrySave, waits in the queue)
    assert "Not saved" in d.html()  # nothing newer than the stored game yet
    model, effects = U.update(d.model, M.ClickCard(d.pv.legal[0]))
    assert saves(effects)  # still tried: that is how saving resumes
    page = html(model)
    assert "older than the one on screen" in page
    model, _ = U.update(model, M.SaveResumed(model.ui.rev))
    assert model.ui.storage == "ok" and "Not saved" not in html(model)


def test_a_reload_after_a_failed_save_says_moves_were_lost():
    d = playing()
    text = d.saved
    model, _ = U.init(saved=text, unsaved_rev=revision(text) + 3)
    assert model.ui.behind and "last position that could be saved" in html(model)
    model, _ = U.init(saved=text, unsaved_rev=revision(text))
    assert not model.ui.behind
    # the next move is newer than what was lost: the note goes
    model, _ = U.init(saved=text, unsaved_rev=revision(text) + 3, speed="instant")
    d2 = Driver(model)
    d2.settle()
    play_legal(d2)
    assert not d2.model.ui.behind


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_new_texts_in_every_language(lang):
    tr = load(lang)
    assert tr.problem is None
    for text in (KV.OPEN_ELSEWHERE, KV.OPEN_ELSEWHERE_TEXT, KV.MOVED_ELSEWHERE, KV.MOVED_ELSEWHERE_TEXT,
                 KV.PLAY_HERE, KV.NOT_SAVED_FULL, KV.RESTORED_OLDER, KV.REFUSED_KEPT,
                 KV.DOWNLOAD_REFUSED, KV.HIDE_MESSAGE, KV.EXPORT_GAME, KV.IMPORT_GAME, KV.FILE_REFUSED):
        translated = tr.text(text)
        assert translated.strip()
        if lang != "en":
            assert translated != text, text
