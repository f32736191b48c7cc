"""Today's hand on the table, beside a game in progress (issue 50).

The day's rules are data in :mod:`hearts.app.today`; this module plays
them. ``PlayToday(day)`` (the start screen's and the menu's button; ``day``
is the page's local date or ``?date=``, never a clock read here) puts the
day's hand on the table: a game of the day's seed, of which one hand is
played, against Hard (:func:`hearts.app.model.level_of`). The game in
progress is kept as it was saved (``ui.today.aside``, its save text), and the
record of today's hand (:func:`record_text`: its date, whether it is a
replay, the game beside it) is stored *before* the day's hand is saved in
the game's slot, so a reload in the middle of it comes back to it
(:func:`resume`) and the game in progress is never lost.

At the hand's end the day's result is recorded once its par is known (or
when the player leaves without it): the first result of a date only, so a
replay changes nothing and a day never counts twice; the date is the one
the hand started on, whatever the clock says since. Continue (or New game)
puts the game in progress back on the table, saved again as it was.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from typing import assert_never

from ..engine import boundedjson
from ..engine.game import Game, Phase
from ..engine.save import dumps, read
from . import messages as M
from . import today as T
from .messages import Effect
from .model import HUMAN, Coach, Model, cleared, with_ui
from .par import par_key
from .steps import changed, next_step

RECORD_DEPTH = 2


def record_text(ui_today: str, replay: bool, aside: str | None) -> str:
    return json.dumps({"date": ui_today, "replay": replay, "aside": aside}, separators=(",", ":"))


def read_record(text: str | None, max_chars: int) -> tuple[str, bool, str | None] | None:
    """The stored record (date, replay, the game beside it), or None when
    there is none or it cannot be used (read as hostile input).

    >>> read_record(record_text("2026-12-07", False, None), 100)
    ('2026-12-07', False, None)
    >>> read_record('{"date": "2026-13-01", "replay": false, "aside": null}', 100), read_record("[" * 99, 50)
    (None, None)
    """
    if not text:
        return None
    try:
        data = boundedjson.loads(text, max_chars=max_chars, max_depth=RECORD_DEPTH)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    day, replay, aside = data.get("date"), data.get("replay"), data.get("aside")
    if T.parse_date(day) is None or type(replay) is not bool or not (aside is None or type(aside) is str):
        return None
    assert isinstance(day, str)
    return day, replay, aside


def is_days_hand(game: Game | None, day: date) -> bool:
    """Whether ``game`` is ``day``'s hand: its seed, its first hand, no points before it."""
    return (game is not None and game.seed == T.day_seed(day) and game.hand_number == 0
            and not any(game.scores))


def resume(model: Model, text: str | None, max_chars: int) -> Model:
    """After a reload: the table's game is today's hand when the stored
    record says so and the game is that day's hand; else the record is
    left as it is (a later PlayToday replaces it)."""
    found = read_record(text, max_chars)
    if found is None:
        return model
    day, replay, aside = found
    parsed = T.parse_date(day)
    if parsed is None or not is_days_hand(model.game, parsed):
        return model
    return with_ui(model, today=replace(model.ui.today, date=day, replay=replay, aside=aside))


def game_beside(save: str, record: str | None, max_chars: int) -> str | None:
    """The game in progress when ``save`` is a day's hand that ``record``
    (today's hand's stored record) says was played beside it: its save
    text; else None. For the loading screen's Start fresh, which puts both
    aside: the game to offer back is the one in progress, not the day's hand.

    >>> from hearts.engine.game import Game
    >>> day, game = dumps(Game.new(20261207)), dumps(Game.new(5))
    >>> game_beside(day, record_text("2026-12-07", False, game), 10**6) == game
    True
    >>> game_beside(game, record_text("2026-12-07", False, day), 10**6), game_beside(day, "{", 99)
    (None, None)
    """
    found = read_record(record, max_chars)
    if found is None or not found[2]:
        return None
    try:
        game = read(save).game
    except Exception:  # (a damaged save: it is offered as it is)
        return None
    day = T.parse_date(found[0])
    return found[2] if day is not None and is_days_hand(game, day) else None


def resumed(model: Model, text: str | None) -> tuple[Model, list[Effect]]:
    """:func:`resume` with the stored record's limit, and Hard's passes
    searched meanwhile when the day's hand is at its pass (a reload, a tab
    that takes the game over)."""
    from .stored import TODAY

    model = resume(model, text, TODAY.max_chars or 0)
    game = model.game
    if model.ui.today.date is None or game is None or game.phase is not Phase.PASS:
        return model, []
    model, more = next_step(model)
    return model, [e for e in more if isinstance(e, M.ThinkPasses)]


def _play_today(model: Model, msg: M.PlayToday) -> tuple[Model, list[Effect]]:
    day = T.parse_date(msg.day)
    ui = model.ui
    if day is None:
        return model, []
    if ui.today.date is not None:  # it is on the table already: back to it
        return next_step(with_ui(model, overlay=None))
    game = model.game
    aside = None
    if game is not None and game.phase is not Phase.GAME_END:
        aside = dumps(game, ui.rev, undo_used=model.undo_used)
    iso = day.isoformat()
    replay = ui.today.days.result(day) is not None
    today = replace(ui.today, date=iso, replay=replay, aside=aside, seen=iso, shared=None)
    ui = cleared(ui, screen="table", file_error=None, notes=(), today=today, bot_passes=(), coach=Coach())
    new, effects = changed(Model(ui=ui, game=Game.new(T.day_seed(day))), [])
    # (the record first: the game in progress is stored there before the day's hand replaces it)
    return new, [M.StoreToday(record_text(iso, replay, aside))] + effects


def settle(model: Model, final: bool = False) -> tuple[Model, list[Effect]]:
    """The day's result recorded, once: at the end of today's hand (not a
    replay) with its par, or without it when ``final`` (the player leaves
    before the par is known)."""
    ui, game = model.ui, model.game
    day = T.parse_date(ui.today.date)
    if (day is None or game is None or ui.today.replay or not game.results
            or ui.today.days.result(day) is not None):
        return model, []
    par = dict(ui.pars).get(par_key(game, 0))
    if par is None and not final:
        return model, []
    days = T.record(ui.today.days, day, game.results[0].points[HUMAN], None if par is None else par.points)
    if days is ui.today.days:
        return model, []
    return with_ui(model, today=replace(model.ui.today, days=days)), [M.StoreDays(T.dumps(days))]


def leave(model: Model) -> tuple[Model, list[Effect]]:
    """Today's hand off the table (its result recorded if it ended): the
    game in progress back, saved again as it was, or the start screen."""
    model, effects = settle(model, final=True)
    ui = cleared(model.ui, today=model.ui.today.off_the_table(), screen="start",
                 thinking=None, epoch=model.ui.epoch + 1, bot_passes=(), coach=Coach())
    aside = model.ui.today.aside
    game = None
    undo_used = False
    if aside:
        try:
            game, undo_used, _ = read(aside)
        except Exception:  # (stored by this very code: only a damaged storage gets here)
            game = None
    if game is None:
        return Model(ui=ui), effects + [M.ClearSave(), M.StoreToday(None)]
    back, saved = changed(Model(ui=replace(ui, screen="table"), game=game, undo_used=undo_used), [])
    return back, effects + saved + [M.StoreToday(None)]


def _share(model: Model, msg: M.Share) -> tuple[Model, list[Effect]]:
    game = model.game
    if model.ui.today.date is None or game is None or not game.results:
        return model, []
    return with_ui(model, today=replace(model.ui.today, shared=None)), [M.CopyText()]


def _shared(model: Model, msg: M.Shared) -> tuple[Model, list[Effect]]:
    if model.ui.today.date is None:
        return model, []
    return with_ui(model, today=replace(model.ui.today, shared="copied" if msg.ok is True else "select")), []


def _ended(model: Model) -> bool:
    game = model.game
    return (model.ui.today.date is not None and game is not None and not model.ui.pause
            and (game.phase is Phase.HAND_END or game.phase is Phase.GAME_END))


def at_its_end(model: Model) -> bool:
    """Today's hand is over on the table and no dialog is open: Continue
    leaves it (:func:`leave`) rather than dealing a next hand."""
    return _ended(model) and model.ui.overlay is None


def put_back(model: Model) -> tuple[Model, list[Effect]]:
    """Before New game or Open a game during today's hand: the game in
    progress comes back first (the dialog open and the file it asks
    about kept), then the message is handled as without today's hand."""
    if model.ui.today.date is None:
        return model, []
    back, effects = leave(model)
    return with_ui(back, overlay=model.ui.overlay, file_game=model.ui.file_game), effects


def forget(before: Model, after: Model) -> tuple[Model, list[Effect]]:
    """After Start over: today's hand is forgotten with the game."""
    if before.ui.today.date is None:
        return after, []
    return with_ui(after, today=after.ui.today.off_the_table()), [M.StoreToday(None)]


def see_day(after: Model, msg: M.ShowStats) -> Model:
    """After the statistics open on a day (the days in a row): it is seen."""
    return with_ui(after, today=replace(after.ui.today, seen=msg.day)) if T.parse_date(msg.day) is not None else after


def adopted(after: Model, msg: M.Adopt) -> tuple[Model, list[Effect]]:
    """After this tab adopts the stored position, which may be today's hand
    (of this tab or another): go on from its record."""
    today = after.ui.today.off_the_table()
    after = with_ui(after, today=replace(today, days=T.loads(msg.days)) if msg.days else today)
    return resumed(after, msg.today)


def _days_stored(model: Model, msg: M.DaysStored) -> tuple[Model, list[Effect]]:
    return (with_ui(model, today=replace(model.ui.today, days=T.loads(msg.text))) if msg.text else model), []


def update(model: Model, msg: M.TodayMsg) -> tuple[Model, list[Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.PlayToday():
            return _play_today(model, msg)
        case M.DaysStored():
            return _days_stored(model, msg)
        case M.Share():
            return _share(model, msg)
        case M.Shared():
            return _shared(model, msg)
        case _:
            assert_never(msg)
