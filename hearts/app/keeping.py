"""Keeping the game: one tab owns it, refused saves are kept aside, a game
travels as a file, and saving comes back after storage was full.

Their handlers (the messages, ``KeepingMsg``, and the effects are in
:mod:`hearts.app.messages`; :func:`update` matches each message); the
runtime runs the effects:

- one owner: the tab that holds the game's Web Lock plays it. Any other
  tab shows the "open in another tab" dialog (``ui.owner == "open"``) and
  plays only after ``TakeOver``, which steals the lock and adopts the
  stored position (``Adopt``). A save carries a revision
  (``ui.rev``, raised by every change); a write that is not newer than
  the stored one is refused (:func:`hearts.app.saving.verdict`) and reported
  (``Elsewhere`` ``("moved")``), so no stale tab replaces a newer
  position, with or without locks.
- a refused save is copied aside (``KeepAside``) before anything can
  overwrite it, and can be downloaded (``DownloadRefused``); hiding
  its message (``HideRefused``) removes the refused text from the
  game's slot, so it does not come back on the next reload.
- ``ExportGame`` downloads the game as a file; ``ImportGame``
  asks for one and ``Imported`` refuses it exactly as a refused save
  is refused (the codes of :mod:`hearts.engine.save`). The same chooser
  opens statistics (``ImportStats``, :mod:`hearts.app.history`): then
  ``Imported`` goes there.
- a failed save: ``ui.storage`` goes "off" and the position is tried
  again by itself (``RetrySave``, :mod:`hearts.app.saving`) and with every
  move; when a write works again the runtime sends ``SaveResumed``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ..engine.game import Game, Phase
from ..engine.save import SaveError, read, revision  # read: measured before parsed (hearts.engine.boundedjson)
from . import messages as M
from .model import Model, cleared, with_ui
from . import history, steps
from .messages import Effect

#: The save error of a game in progress that the loading screen's Start
#: fresh put aside (hearts.page.binding offer_put_aside): offered as a file.
PUT_ASIDE = "put-aside"
EXPORT_NAME = "hearts-game.json"


# -- handlers -------------------------------------------------------------------

def open_saved(model: Model, saved: str | None, unsaved_rev: int = 0) -> tuple[Model, list[Effect]]:
    """``model`` (on the start screen) with the saved game ``saved`` open,
    or with its refusal shown and the text kept aside; and the effects."""
    if not saved:
        return model, []
    try:
        game, undo_used, _ = read(saved)
    except SaveError as error:
        return with_ui(model, save_error=error.code, refused=True), [M.KeepAside(saved)]
    except Exception:  # anything else wrong with the text: it is damaged
        return with_ui(model, save_error="save-corrupt", refused=True), [M.KeepAside(saved)]
    rev = revision(saved)
    ui = replace(model.ui, screen="table", rev=max(rev, model.ui.rev), saved_rev=rev,
                 behind=unsaved_rev > rev)
    model, effects = steps.next_step(Model(ui=ui, game=game, undo_used=undo_used))
    said = steps.turn_items(model)
    return model, ([M.Announce(said)] if said else []) + effects


def _elsewhere(model: Model, msg: M.Elsewhere) -> tuple[Model, list[Effect]]:
    why = msg.why
    return with_ui(model, owner=why, overlay="elsewhere", epoch=model.ui.epoch + 1, thinking=None,
                   hint_pending=False, hint=(), pause=False, error=None), []


def _take_over(model: Model, msg: M.TakeOver) -> tuple[Model, list[Effect]]:
    if model.ui.owner == "here":
        return model, []
    return model, [M.StealLock()]


def _adopt(model: Model, msg: M.Adopt) -> tuple[Model, list[Effect]]:
    ui = cleared(model.ui, screen="start", owner="here", epoch=model.ui.epoch + 1, thinking=None,
                 file_error=None, behind=False)
    return open_saved(history.stats_read(Model(ui=ui), msg.stats), msg.saved)


def _save_resumed(model: Model, msg: M.SaveResumed) -> tuple[Model, list[Effect]]:
    from . import stats as ST

    # the statistics too: a game finished while storage was full counts now
    return (with_ui(model, storage="ok", saved_rev=max(msg.rev, model.ui.saved_rev)),
            [M.StoreStats(ST.dumps(model.ui.history.stats))])


def _download_refused(model: Model, msg: M.DownloadRefusedSave) -> tuple[Model, list[Effect]]:
    return model, ([M.DownloadRefused()] if model.ui.refused else [])


def _hide_refused(model: Model, msg: M.HideRefused) -> tuple[Model, list[Effect]]:
    if model.ui.save_error is None or model.game is not None:
        return model, []
    return with_ui(model, save_error=None), [M.ClearSave()]


def _export_game(model: Model, msg: M.ExportGame) -> tuple[Model, list[Effect]]:
    from ..engine.save import dumps

    if model.game is None or model.ui.owner != "here":
        return model, []
    hide = model.game.phase is not Phase.GAME_END  # (the hands hidden from a look at the file)
    return model, [M.Download(dumps(model.game, model.ui.rev, undo_used=model.undo_used, hide=hide,
                                    level=model.ui.settings.level), EXPORT_NAME)]


def _import_game(model: Model, msg: M.ImportGame) -> tuple[Model, list[Effect]]:
    if model.ui.owner != "here":
        return model, []
    return with_ui(model, file_error=None, picking="game"), [M.PickFile()]


def _imported(model: Model, msg: M.Imported) -> tuple[Model, list[Effect]]:
    if model.ui.picking == "stats":  # the chooser was opened for statistics
        from .history import stats_opened

        return stats_opened(model, msg.text)
    if model.ui.owner != "here":
        return model, []
    try:
        if msg.text is None:
            raise SaveError("save-corrupt", "the file could not be read")
        read(msg.text)
    except SaveError as error:
        return with_ui(model, file_error=error.code), []
    except Exception:
        return with_ui(model, file_error="save-corrupt"), []
    if model.game is not None and model.game.phase is not Phase.GAME_END:  # a game in progress: ask first
        return with_ui(model, overlay="open-game", file_game=msg.text, file_error=None), []
    return _open_file_game(model, msg.text)


def _confirm_open_game(model: Model, msg: M.ConfirmOpenGame) -> tuple[Model, list[Effect]]:
    if model.ui.overlay != "open-game" or model.ui.file_game is None:
        return model, []  # only from the question
    return _open_file_game(model, model.ui.file_game)


def _open_file_game(model: Model, text: str) -> tuple[Model, list[Effect]]:
    """The game of a file read (and checked) replaces the one on screen. It
    keeps the level it was played at (the opponents play on at it, and it
    counts under it), and its undo mark; and it is marked as a game with
    undo when it takes the game on screen back to an earlier position (a
    file saved earlier in this very game: going back to it is an undo)."""
    saved = read(text)
    undo_used = saved.undo_used or rewound(model, saved.game)
    ui = cleared(model.ui, screen="table", file_error=None, rev=max(model.ui.rev, model.ui.saved_rev))
    opened = Model(ui=ui, game=saved.game, undo_used=undo_used)
    effects: list[Effect] = []
    if saved.level is not None and saved.level != ui.settings.level:
        opened, effects = steps.change_settings(opened, level=saved.level)
    opened, more = steps.changed(opened, [])
    return opened, effects + more


def rewound(model: Model, game: Game) -> bool:
    """Whether ``game`` (from a file) is the game on screen in ``model`` at
    an earlier position, or the game on screen was played with undo: the
    game it carries on then counts as one with undo. (A file of a game
    no longer on screen cannot be told apart from one of another device.)"""
    from .stats import game_key

    table = model.game
    if table is None or game_key(table) != game_key(game):
        return False
    return model.undo_used or moves(table) > moves(game)


def moves(game: Game) -> int:
    """How far a game has gone: its passes and cards played, every hand."""
    return sum(len(r.plays) + sum(p is not None for p in r.passes) for r in (*game.log, game.record()))


def update(model: Model, msg: M.KeepingMsg) -> tuple[Model, list[Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.Elsewhere():
            return _elsewhere(model, msg)
        case M.TakeOver():
            return _take_over(model, msg)
        case M.Adopt():
            return _adopt(model, msg)
        case M.SaveResumed():
            return _save_resumed(model, msg)
        case M.DownloadRefusedSave():
            return _download_refused(model, msg)
        case M.HideRefused():
            return _hide_refused(model, msg)
        case M.ExportGame():
            return _export_game(model, msg)
        case M.ImportGame():
            return _import_game(model, msg)
        case M.Imported():
            return _imported(model, msg)
        case M.ConfirmOpenGame():
            return _confirm_open_game(model, msg)
        case _:
            assert_never(msg)
