"""The save's rules (hearts/app/saving.py): the revision rule against stale
tabs, what the model is told of a write, and the retry of a failed save as a
message and a timer; pure, then once over the page's runtime and fake ports."""

import json

import pytest

from hearts import Game
from hearts.engine.save import MAX_REV, dumps, revision, to_dict
from hearts.app import messages as M
from hearts.app import saving as S
from hearts.app import steps, stored as ST
from hearts.app import update as U
from hearts.app.model import HUMAN, Model, Ui, with_ui
from hearts.page.binding import Runtime

from fake_ports import FakePorts

STORED = dumps(Game.new(seed=4), rev=7)


def newer_version(rev=7):
    data = to_dict(Game.new(seed=4), rev=rev)
    data["version"] = 99
    return json.dumps(data, separators=(",", ":"))


# -- the revision rule ---------------------------------------------------------------

@pytest.mark.parametrize("rev", [1, 6, 7])
def test_a_later_or_equal_stored_position_of_another_tab_is_never_replaced(rev):
    assert S.verdict(rev, STORED, own=None) == S.STALE
    assert S.verdict(rev, STORED, own=dumps(Game.new(seed=5), rev=6)) == S.STALE


def test_an_older_stored_position_or_an_empty_slot_is_replaced():
    assert S.verdict(8, STORED, own=None) == S.STORE
    assert S.verdict(1, None, own=None) == S.STORE
    assert S.verdict(0, STORED, own=None) == S.STORE  # a position without a revision


def test_the_slot_holding_this_tabs_own_save_lets_it_write_at_the_cap():
    at_cap = dumps(Game.new(seed=4), rev=MAX_REV)
    assert S.verdict(MAX_REV, at_cap, own=at_cap) == S.STORE
    assert S.verdict(MAX_REV, at_cap, own=None) == S.STALE  # another tab's save at the cap


@pytest.mark.parametrize("damaged", [STORED[: len(STORED) // 2], newer_version()])
def test_a_damaged_or_newer_version_text_is_kept_aside_never_a_reason_to_stop(damaged):
    """Of a revision above the position's (7 > 1): not read as later, kept aside."""
    assert S.verdict(1, damaged, own=None) == S.KEEP_ASIDE
    assert S.verdict(1, "{}", own=None) == S.STORE  # no revision: reads as 0, older


# -- what the model is told ------------------------------------------------------------

def test_a_write_tells_the_model_only_what_it_does_not_know():
    ok, off = Ui(), Ui(storage="off")
    assert S.told(ok, True, 5, 4) is None  # the usual save: no message, no render
    assert S.told(off, True, 5, 4) == M.SaveResumed(5)
    assert S.told(ok, False, 5, 4) == M.SaveFailed(4)
    assert S.told(with_ui(Model(ui=ok), saved_rev=3).ui, False, 5, None) == M.SaveFailed(3)
    assert S.told(off, False, 5, 4) == M.SaveFailed(4)  # off from the start: its retry is scheduled
    assert S.told(Ui(storage="off", retrying=True), False, 5, 4) is None


# -- the retry: a message and a timer ----------------------------------------------------

def playing():
    model, _ = U.init(speed="instant", seed=1)
    model, _ = U.update(model, M.NewGame(1))
    return model


def laters(effects):
    return [e for e in effects if isinstance(e, M.Later)]


def test_a_failed_save_schedules_one_retry_and_no_second_while_one_waits():
    model, effects = U.update(playing(), M.SaveFailed(1))
    assert model.ui.storage == "off" and model.ui.retrying
    assert laters(effects) == [M.Later(S.RETRY_SAVE, M.RetrySave())]
    model, effects = U.update(model, M.SaveFailed(1))  # the next move's save failed too
    assert effects == [] and model.ui.retrying  # still one retry, not two


def test_the_retry_stores_the_position_on_screen_and_schedules_the_next():
    model, _ = U.update(playing(), M.SaveFailed(1))
    model, effects = U.update(model, M.RetrySave())
    assert effects == [steps.save_of(model), M.Later(S.RETRY_SAVE, M.RetrySave())]
    save = effects[0]
    assert save.rev == model.ui.rev and save.text == dumps(model.game, model.ui.rev, undo_used=model.undo_used)
    assert model.ui.retrying


@pytest.mark.parametrize("why", ["resumed", "moved", "no game"])
def test_the_retries_end_once_saved_or_nothing_of_this_tabs_is_left(why):
    model, _ = U.update(playing(), M.SaveFailed(1))
    if why == "resumed":
        model, _ = U.update(model, M.SaveResumed(model.ui.rev))
    elif why == "moved":
        model, _ = U.update(model, M.Elsewhere("moved"))
    else:
        model = Model(ui=model.ui)
    model, effects = U.update(model, M.RetrySave())
    assert effects == [] and not model.ui.retrying
    model, effects = U.update(model, M.SaveFailed(1))  # a later failure starts one again
    assert len(laters(effects)) == 1


def attempts(ports):
    """When the page tried to write the game's slot (fake clock)."""
    return [when for when, key in ports.writes if key.startswith("hearts.save@")]


class CountingPorts(FakePorts):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.writes = []

    def storage_set(self, key, value):
        self.writes.append((self.loop.now, key))
        return super().storage_set(key, value)


@pytest.mark.parametrize("from_the_start", [False, True])
def test_over_the_runtime_a_full_storage_is_tried_once_every_retry_save_seconds(from_the_start):
    """One retry chain, its tries RETRY_SAVE apart (none missing, none
    doubled by the failures of the moves between), until a write works;
    also when storage was full from the start (no SaveFailed that turns it
    off: the first failure schedules the retry all the same)."""
    ports = CountingPorts()
    model, effects = U.init(speed="instant", seed=1, storage_ok=not from_the_start)
    rt = Runtime(ports, model)
    rt.run(effects)
    ports.storage_works = False
    rt.dispatch(M.NewGame(1))
    for card in rt.model.game.view(HUMAN).hand[:3]:
        rt.dispatch(M.ClickCard(card))
    rt.dispatch(M.ConfirmPass())  # a second failed save, before the first retry
    ports.loop.run(until=3 * S.RETRY_SAVE + 0.5)
    tries = attempts(ports)
    # (the moves' own saves come in the first tenths of a second: each
    # opponent's card takes hearts.page.binding.THINK_AT_LEAST, even at Instant)
    retries = [t for t in tries if t > S.RETRY_SAVE / 2]
    assert retries == [S.RETRY_SAVE, 2 * S.RETRY_SAVE, 3 * S.RETRY_SAVE]
    assert rt.model.ui.storage == "off"
    ports.storage_works = True
    ports.loop.run(until=4 * S.RETRY_SAVE + 0.5)
    assert rt.model.ui.storage == "ok" and revision(rt.get(ST.SAVE)) == rt.model.ui.rev
    ports.loop.run()
    assert not rt.model.ui.retrying and rt.tasks == 0
    assert len([t for t in attempts(ports) if t > 3 * S.RETRY_SAVE]) == 1  # stopped once stored
