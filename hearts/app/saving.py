"""The save's rules: whether this tab's position may replace what the game's
slot holds, what the model is told of a write, and when a save that failed
is tried again.

Pure: :mod:`hearts.page.binding` reads the slot and writes it over the
ports, and asks these functions what to do; the retry is a message
(``RetrySave``, sent by a ``Later``), so "when is a save tried again" has
its one answer here.

- A revision is compared only with a save this tab would play
  (:func:`verdict`): a later one stored by another tab is never replaced
  (``STALE``); a damaged or newer-version text of any revision never blocks
  the next game, it is kept aside before it is replaced (``KEEP_ASIDE``).
  The slot holding this tab's own last save lets it write at the cap
  (revisions stop at MAX_REV, where the next equals the last).
- A failed save turns ``ui.storage`` "off" (:func:`told`); while it is off
  the position on screen is tried again every :data:`RETRY_SAVE` seconds,
  one retry scheduled at a time (``ui.retrying``), until a write works
  (``SaveResumed``), the game goes, or another tab has it.
"""

from __future__ import annotations

from typing import Literal, assert_never

from ..engine.save import read, revision
from . import messages as M
from . import steps
from .messages import Effect
from .model import Model, Ui, with_ui

# Seconds between tries to store a position that could not be stored.
RETRY_SAVE = 2.0

Verdict = Literal["store", "stale", "keep-aside"]
STORE: Verdict = "store"  # write the position
STALE: Verdict = "stale"  # the slot holds a later position: this tab is told (Elsewhere "moved")
KEEP_ASIDE: Verdict = "keep-aside"  # copy the slot's unreadable text aside, then write


def verdict(rev: int, stored: str | None, own: str | None) -> Verdict:
    """What to do with a position of revision ``rev`` (0: no revision, always
    written), given the slot's text ``stored`` and the text this tab stored or
    adopted last (``own``).

    >>> from hearts import Game
    >>> from hearts.engine.save import dumps
    >>> later = dumps(Game.new(seed=1), rev=5)
    >>> verdict(4, later, None), verdict(4, later, later), verdict(6, later, None), verdict(0, later, None)
    ('stale', 'store', 'store', 'store')
    >>> verdict(4, later[:-9], None)
    'keep-aside'
    """
    if not rev or stored is None or revision(stored) < rev or stored == own:
        return STORE
    try:
        read(stored)
    except Exception:  # SaveError, or anything else wrong with it: damaged
        return KEEP_ASIDE
    return STALE


def told(ui: Ui, written: bool, rev: int, last_stored: int | None) -> M.Msg | None:
    """What the model is told after a write of revision ``rev``: that saving
    works again, or that it failed (with the revision of the last position
    this tab stored, ``last_stored``; None: the one the model knows), which
    schedules its retry; or nothing when the model knows already (storage
    "off" with a retry scheduled)."""
    if written:
        return M.SaveResumed(rev) if ui.storage != "ok" else None
    if ui.storage == "ok" or not ui.retrying:
        return M.SaveFailed(ui.saved_rev if last_stored is None else last_stored)
    return None


# -- handlers -------------------------------------------------------------------

def _save_failed(model: Model, msg: M.SaveFailed) -> tuple[Model, list[Effect]]:
    saved_rev = model.ui.saved_rev if msg.saved_rev is None else msg.saved_rev
    model = with_ui(model, storage="off", saved_rev=saved_rev)
    if model.ui.retrying:
        return model, []  # one retry scheduled at a time
    return with_ui(model, retrying=True), [M.Later(RETRY_SAVE, M.RetrySave())]


def _retry_save(model: Model, msg: M.RetrySave) -> tuple[Model, list[Effect]]:
    model = with_ui(model, retrying=False)
    ui = model.ui
    if ui.storage == "ok" or ui.owner != "here" or model.game is None:
        return model, []  # saved meanwhile, or nothing of this tab's to save
    return with_ui(model, retrying=True), [steps.save_of(model), M.Later(RETRY_SAVE, M.RetrySave())]


def update(model: Model, msg: M.SavingMsg) -> tuple[Model, list[Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.SaveFailed():
            return _save_failed(model, msg)
        case M.RetrySave():
            return _retry_save(model, msg)
        case _:
            assert_never(msg)
