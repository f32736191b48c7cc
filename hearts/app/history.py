"""The handlers of the statistics screen and of a finished hand told trick
by trick (their messages are in :mod:`hearts.app.messages`;
:func:`update` matches ``HistoryMsg``). Pure, like hearts.app.update:
effects are data the runtime runs (``StoreStats``).

The statistics travel as a file as a game does (``Download``,
``PickFile``): ``ExportStats`` saves their stored text; ``ImportStats``
opens the chooser for them, and the file (:func:`stats_opened`) is checked
whole as stored statistics are (:func:`hearts.app.stats.loads`: bounded
JSON, version, counts that add up). A file refused leaves the statistics as
they are and says why. A file read replaces the statistics here: at once if
there are none or they are the same, else after "stats-open" says what will
be replaced (``ConfirmOpenStats``). Replacing, not adding up, is what keeps
a game from counting twice: the counters hold no list of games to merge by.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from . import stats as ST
from ..engine.game import Phase
from . import messages as M
from .model import Model, with_ui
from .messages import Effect


def load_stats(text: object) -> tuple[ST.Stats, str | None, list[Effect]]:
    """Stored statistics at start: (stats, error code, effects). Refused
    ones are reset (stored empty) and the code says why."""
    if not text:
        return ST.EMPTY, None, []
    try:
        return ST.loads(text), None, []
    except ST.StatsError as error:
        return ST.EMPTY, error.code, [M.StoreStats(ST.dumps(ST.EMPTY))]
    except Exception:  # anything else about the text: damaged
        return ST.EMPTY, "stats-corrupt", [M.StoreStats(ST.dumps(ST.EMPTY))]


def stats_read(model: Model, text: str | None) -> Model:
    """``model`` with the statistics stored as ``text`` (another tab's: it
    counted a game, or reset them), so that the next game is added to them,
    not to what this tab read before; unchanged when there are none or they
    cannot be read (these are kept, and stored again with the next game)."""
    if not text:
        return model
    try:
        stats = ST.loads(text)
    except Exception:  # StatsError, or anything else wrong with the text
        return model
    return model if stats == model.ui.history.stats else with_ui(model, history=replace(model.ui.history, stats=stats))


def _stats_stored(model: Model, msg: M.StatsStored) -> tuple[Model, list[Effect]]:
    return stats_read(model, msg.text), []


def record_game(model: Model) -> tuple[Model, list[M.Effect]]:
    """Once the game is over: fold it into the statistics (once per game)."""
    game = model.game
    if game is None or game.phase is not Phase.GAME_END:
        return model, []
    summary = ST.summarize(game, model.ui.settings.level, model.undo_used)
    new = ST.record(model.ui.history.stats, summary)
    if new is model.ui.history.stats:
        return model, []
    # Stored also while storage is "off" (it may fit), and again when saving
    # resumes (hearts.app.keeping): a game finished meanwhile still counts.
    return with_ui(model, history=replace(model.ui.history, stats=new)), [M.StoreStats(ST.dumps(new))]


def _show_stats(model: Model, msg: M.ShowStats) -> tuple[Model, list[Effect]]:
    return with_ui(model, overlay="stats", history=replace(model.ui.history, file=None, note=None)), []


STATS_FILE = "hearts-statistics.json"


def _export_stats(model: Model, msg: M.ExportStats) -> tuple[Model, list[Effect]]:
    if model.ui.overlay != "stats":
        return model, []
    history = model.ui.history
    return with_ui(model, history=replace(history, note=None)), [M.Download(ST.dumps(history.stats), STATS_FILE)]


def _import_stats(model: Model, msg: M.ImportStats) -> tuple[Model, list[Effect]]:
    if model.ui.overlay != "stats":
        return model, []
    return with_ui(model, picking="stats", history=replace(model.ui.history, note=None, file=None)), [M.PickFile()]


def stats_opened(model: Model, text: str | None) -> tuple[Model, list[Effect]]:
    """The file chosen for statistics (None: it could not be read)."""
    model = with_ui(model, picking="game")
    try:
        if text is None:
            raise ST.StatsError("stats-corrupt", "the file could not be read")
        stats = ST.loads(text)
    except ST.StatsError as error:
        return with_ui(model, overlay="stats", history=replace(model.ui.history, note=error.code)), []
    except Exception:  # anything else about the text: damaged
        return with_ui(model, overlay="stats", history=replace(model.ui.history, note="stats-corrupt")), []
    if stats == model.ui.history.stats or model.ui.history.stats == ST.EMPTY:
        return _replace_stats(model, stats)
    return with_ui(model, overlay="stats-open", history=replace(model.ui.history, file=stats, note=None)), []


def _replace_stats(model: Model, stats: ST.Stats) -> tuple[Model, list[Effect]]:
    history = replace(model.ui.history, stats=stats, file=None, error=None, note="stats-opened")
    model = with_ui(model, overlay="stats", history=history)
    return model, [M.StoreStats(ST.dumps(stats))]


def _confirm_open(model: Model, msg: M.ConfirmOpenStats) -> tuple[Model, list[Effect]]:
    if model.ui.overlay != "stats-open" or model.ui.history.file is None:
        return model, []  # only from the question
    return _replace_stats(model, model.ui.history.file)


def _ask_reset(model: Model, msg: M.AskResetStats) -> tuple[Model, list[Effect]]:
    if model.ui.overlay not in ("stats", "stats-reset"):
        return model, []
    return with_ui(model, overlay="stats-reset"), []


def _confirm_reset(model: Model, msg: M.ConfirmResetStats) -> tuple[Model, list[Effect]]:
    if model.ui.overlay != "stats-reset":
        return model, []  # only from the question
    model = with_ui(model, overlay="stats", history=replace(model.ui.history, stats=ST.EMPTY, error=None, note=None))
    return model, [M.StoreStats(ST.dumps(ST.EMPTY))]


def _show_replay(model: Model, msg: M.ShowReplay) -> tuple[Model, list[Effect]]:
    from ..engine import replay

    game = model.game
    if game is None or type(msg.hand) is not int or not 0 <= msg.hand < replay.finished_hands(game):
        return model, []
    history = replace(model.ui.history, replay=replay.build(game, msg.hand), step=0)
    return with_ui(model, overlay="replay", history=history), []


def _replay_step(model: Model, msg: M.ReplayStep) -> tuple[Model, list[Effect]]:
    r = model.ui.history.replay
    if model.ui.overlay != "replay" or r is None:
        return model, []
    step = max(0, min(r.steps - 1, model.ui.history.step + msg.delta))
    if step == model.ui.history.step:
        return model, []
    return with_ui(model, history=replace(model.ui.history, step=step)), []


def update(model: Model, msg: M.HistoryMsg) -> tuple[Model, list[Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.StatsStored():
            return _stats_stored(model, msg)
        case M.ShowStats():
            return _show_stats(model, msg)
        case M.AskResetStats():
            return _ask_reset(model, msg)
        case M.ConfirmResetStats():
            return _confirm_reset(model, msg)
        case M.ExportStats():
            return _export_stats(model, msg)
        case M.ImportStats():
            return _import_stats(model, msg)
        case M.ConfirmOpenStats():
            return _confirm_open(model, msg)
        case M.ShowReplay():
            return _show_replay(model, msg)
        case M.ReplayStep():
            return _replay_step(model, msg)
        case _:
            assert_never(msg)
