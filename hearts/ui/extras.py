"""Messages and handlers of issue 15's second half: the statistics screen,
the hint that explains itself and a finished hand told trick by trick.

Kept apart from update.py (which registers :data:`HANDLERS`) so that the
table's own messages stay as they were. Pure, like update.py: effects are
data the controller runs (:class:`StoreStats`).
"""

from __future__ import annotations

from typing import NamedTuple

from .. import stats as ST
from ..game import Phase
from .model import with_ui


class ShowStats(NamedTuple):
    pass


class AskResetStats(NamedTuple):
    pass


class ConfirmResetStats(NamedTuple):
    pass


class ShowReplay(NamedTuple):
    hand: int  # 0-based index of a finished hand of the current game


class ReplayStep(NamedTuple):
    delta: int  # +1 next trick, -1 previous; large values go to the end / start


class StoreStats(NamedTuple):
    """Write the statistics' text to localStorage (controller: STATS_KEY)."""
    text: str


def warm_up() -> None:
    """Import what the hint's explanation and the replay need, ahead of
    time (update.warm_up calls it once the start screen is up), so that
    their first click does not pay for it; the page ships no module it
    never imports (e2e/test_platform.py)."""
    from .. import replay  # noqa: F401
    from ..ai import explain  # noqa: F401
    from . import replay_view  # noqa: F401


def load_stats(text) -> tuple[ST.Stats, str | None, list]:
    """Stored statistics at start: (stats, error code, effects). Refused
    ones are reset (stored empty) and the code says why."""
    if not text:
        return ST.EMPTY, None, []
    try:
        return ST.loads(text), None, []
    except ST.StatsError as error:
        return ST.EMPTY, error.code, [StoreStats(ST.dumps(ST.EMPTY))]
    except Exception:  # anything else about the text: damaged
        return ST.EMPTY, "stats-corrupt", [StoreStats(ST.dumps(ST.EMPTY))]


def record_game(model) -> tuple[object, list]:
    """Once the game is over: fold it into the statistics (once per game)."""
    game = model.game
    if game is None or game.phase is not Phase.GAME_END:
        return model, []
    summary = ST.summarize(game, model.ui.settings.level, model.undo_used)
    new = ST.record(model.ui.stats, summary)
    if new is model.ui.stats:
        return model, []
    effects = [StoreStats(ST.dumps(new))] if model.ui.storage == "ok" else []
    return with_ui(model, stats=new), effects


def _show_stats(model, msg):
    return with_ui(model, overlay="stats"), []


def _ask_reset(model, msg):
    if model.ui.overlay not in ("stats", "stats-reset"):
        return model, []
    return with_ui(model, overlay="stats-reset"), []


def _confirm_reset(model, msg):
    if model.ui.overlay != "stats-reset":
        return model, []  # only from the question
    model = with_ui(model, overlay="stats", stats=ST.EMPTY, stats_error=None)
    return model, [StoreStats(ST.dumps(ST.EMPTY))]


def _show_replay(model, msg):
    from .. import replay

    game = model.game
    if game is None or type(msg.hand) is not int or not 0 <= msg.hand < replay.finished_hands(game):
        return model, []
    return with_ui(model, overlay="replay", replay=replay.build(game, msg.hand), replay_step=0), []


def _replay_step(model, msg):
    r = model.ui.replay
    if model.ui.overlay != "replay" or r is None:
        return model, []
    step = max(0, min(r.steps - 1, model.ui.replay_step + msg.delta))
    if step == model.ui.replay_step:
        return model, []
    return with_ui(model, replay_step=step), []


HANDLERS = {
    ShowStats: _show_stats,
    AskResetStats: _ask_reset,
    ConfirmResetStats: _confirm_reset,
    ShowReplay: _show_replay,
    ReplayStep: _replay_step,
}
