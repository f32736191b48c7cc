"""Issue 26: a new version told and never forced in the middle of a hand,
"works offline now", and storage the browser keeps (hearts/app/versions.py),
over the page's runtime with fake ports."""

import json
import re

from hearts.engine.game import Phase
from hearts.engine.save import loads
from hearts.app import messages as M
from hearts.app import stored as ST
from hearts.page import binding as R
from hearts.app import update as U

from fake_ports import Driver, FakePorts
from test_ui import play_hand, play_legal


def notice(d, name):
    return re.search(rf'<div class="tell"[^>]*data-notice="{name}"', d.html()) is not None


def test_a_new_version_is_told_and_waits_for_the_end_of_the_hand():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.UpdateReady())
    assert notice(d, "update") and 'data-action="update-now"' in d.html()
    assert "It starts when this hand is over" in d.html()
    play_hand(d)  # every card of the hand, the opponents' too
    assert d.fake.updates_applied == 0  # never in the middle of the hand
    assert d.model.game.phase is Phase.HAND_END and notice(d, "update")
    assert "It starts with the next hand" in d.html() and d.html().count('data-notice="update"') == 1
    d.send(M.Continue())  # the next hand: the switch, the new hand saved before it
    assert d.fake.updates_applied == 1
    assert loads(d.saved).hand_number == 1 == d.model.game.hand_number


def test_update_now_switches_at_once_with_the_game_saved():
    d = Driver()
    d.send(M.NewGame())
    play_hand(d)
    d.send(M.Continue())
    for _ in range(3):
        play_legal(d) if d.phase() == "play" else None
    d.send(M.UpdateReady())
    assert d.fake.updates_applied == 0
    d.send(M.UpdateNow())
    assert d.fake.updates_applied == 1
    assert loads(d.saved).view(0) == d.model.game.view(0)  # the reload finds the game as it is


def test_a_new_game_is_a_moment_between_hands():
    d = Driver()
    d.send(M.UpdateReady())
    assert "It starts with your next game" in d.html()
    d.send(M.NewGame())
    assert d.fake.updates_applied == 1 and loads(d.saved).hand_number == 0


def test_a_game_given_up_for_a_new_one_switches_too_but_a_dialog_does_not():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.UpdateReady())
    d.send(M.NewGame())  # in the middle of a hand: the question only
    d.send(M.ShowOverlay("menu"))
    d.send(M.CloseOverlay())
    assert d.fake.updates_applied == 0
    d.send(M.NewGame())
    d.send(M.ConfirmNewGame(seed=5))
    assert d.fake.updates_applied == 1


def test_no_switch_while_nothing_can_be_saved():
    from hearts.app.model import with_ui
    from hearts.app.view import view
    from hearts.app.model import visible
    from hearts.text.i18n import Translator

    d = Driver()
    d.send(M.NewGame())
    d.send(M.UpdateReady())
    play_hand(d)
    off = with_ui(d.model, storage="off")  # the game could not be kept across a reload
    assert U.update(off, M.UpdateNow())[1] == []
    assert not any(isinstance(e, M.ApplyUpdate) for e in U.update(off, M.Continue())[1])
    html = view(*visible(off), Translator("en"))
    assert 'data-notice="update"' in html and 'data-action="update-now"' not in html
    assert any(isinstance(e, M.ApplyUpdate) for e in U.update(d.model, M.Continue())[1])


def test_the_first_visit_says_once_that_the_game_works_offline():
    d = Driver()
    d.send(M.OfflineReady())
    d.send(M.OfflineReady())
    assert d.html().count('data-notice="offline"') == 1
    d.send(M.DismissNotice())
    assert not notice(d, "offline")


def test_an_update_that_did_not_fit_is_told_once_at_a_calm_moment():
    # sw.js: the new version ran out of storage quota (issue 47); this one plays on.
    d = Driver(ports=FakePorts())
    d.fake.persist_answer = "granted"  # (else the reminder would come first)
    d.send(M.UpdateTooBig())
    d.send(M.UpdateTooBig())
    assert d.html().count('data-notice="update-quota"') == 1
    assert "did not fit" in d.html() and not notice(d, "update")
    d.send(M.DismissNotice())
    assert not notice(d, "update-quota")
    d.send(M.NewGame())
    d.send(M.UpdateTooBig())
    assert not notice(d, "update-quota")  # not over the table during a hand
    play_hand(d)
    assert notice(d, "update-quota") and d.fake.updates_applied == 0


def test_during_a_hand_only_the_new_version_is_told():
    d = Driver(ports=FakePorts())
    d.fake.persist_answer = "granted"  # (else the reminder would come first)
    d.send(M.NewGame())
    d.send(M.OfflineReady())
    d.send(M.UpdateReady())
    assert notice(d, "update") and not notice(d, "offline")
    play_hand(d)
    assert notice(d, "update") and notice(d, "offline")


# -- storage the browser keeps ----------------------------------------------------------

def test_persistent_storage_is_asked_at_the_first_new_game_not_at_load():
    ports = FakePorts()
    rt = R.Runtime(ports, U.init(speed="instant", seed=1)[0])
    rt.boot(lambda name: {"speed": "instant", "seed": "1"}.get(name), "en", False)
    ports.loop.run()
    assert ports.persist_asks == [False]  # only a look at the start
    rt.dispatch(M.NewGame())
    ports.loop.run()
    assert ports.persist_asks == [False, True]
    rt.dispatch(M.ShowOverlay("menu"))
    rt.dispatch(M.NewGame())
    rt.dispatch(M.ConfirmNewGame(seed=3))
    ports.loop.run()
    assert ports.persist_asks == [False, True]  # once a page


def test_the_menu_says_whether_the_browser_keeps_the_data():
    d = Driver(ports=FakePorts())
    d.fake.persist_answer = "granted"
    d.send(M.NewGame())
    d.send(M.ShowOverlay("menu"))
    assert 'data-persist="granted"' in d.html() and "Your browser keeps the game" in d.html()
    assert not notice(d, "keep-file")


def test_where_it_is_not_granted_one_reminder_once_ever():
    storage = {}
    d = Driver(ports=FakePorts(storage))
    d.send(M.NewGame())
    assert d.model.ui.versions.notices == ("keep-file",) and not notice(d, "keep-file")  # not during the hand
    play_hand(d)
    assert notice(d, "keep-file") and "save them to files" in d.html()  # its end: a calm moment
    assert "the statistics from Statistics" in d.html()  # the reminder points to both files
    d.send(M.ShowOverlay("menu"))
    assert 'data-persist="denied"' in d.html()
    d.send(M.CloseOverlay())
    d.send(M.DismissNotice())
    assert not notice(d, "keep-file") and d.model.ui.versions.notices == ()
    assert json.loads(d.get(ST.SETTINGS))["reminded"] is True
    # The next visit (same storage) asks again, and says nothing more.
    rt = R.Runtime(FakePorts(storage))
    rt.boot(lambda name: {"speed": "instant"}.get(name), "en", False)
    rt.ports.loop.run()
    assert rt.model.ui.screen == "table"  # (the game of before, resumed)
    rt.dispatch(M.NewGame())
    rt.dispatch(M.ConfirmNewGame(seed=4))
    rt.ports.loop.run()
    assert rt.ports.persist_asks == [False, True] and rt.model.ui.versions.notices == ()


def test_a_browser_without_navigator_storage_works_as_before():
    d = Driver(ports=FakePorts())
    d.fake.persist_answer = "none"
    d.send(M.NewGame())
    d.send(M.ShowOverlay("menu"))
    assert "data-persist" not in d.html() and d.model.ui.versions.notices == ()
    d.send(M.CloseOverlay())
    assert d.phase() == "pass"


def test_a_tab_that_lost_the_game_still_switches_to_a_new_version():
    """A tab whose game another tab plays (the "elsewhere" dialog) drops
    late answers and clicks, but Update now still reloads it into the new
    version: it stores nothing first."""
    from hearts.app.model import with_ui

    d = Driver()
    d.send(M.NewGame())
    d.send(M.UpdateReady())
    elsewhere = with_ui(d.model, owner="open", overlay="elsewhere")
    after, effects = U.update(elsewhere, M.UpdateNow())
    assert [type(e) for e in effects] == [M.ApplyUpdate]
    assert U.update(elsewhere, M.Undo())[1] == []  # (a click behind the dialog: dropped)
