"""update(model, msg) -> (model, effects): every change of the UI, in one place.

Messages and effects are records of :mod:`hearts.app.messages` (what
happened; what the runtime should do next: wait and think for an
opponent, save, announce, switch language). The table's messages are
handled here; each feature's are a union in hearts.app.messages that its
module's ``update`` matches (hearts.app.history ``HistoryMsg``,
hearts.app.keeping ``KeepingMsg``...), and :func:`update` hands each union
to its module, so a message's handler is found by following its type, and
mypy fails on a message without one (``assert_never``). Nothing here
touches the browser, so all of it runs and is tested in CPython.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import replace
from types import ModuleType
from typing import Any, Callable, Generator, assert_never

from ..engine.cards import Card, cards_of
from ..engine.game import GAME_OVER_AT, Game, IllegalAction, Phase, PlayerView, deal
from ..engine.rules import Reason
from ..engine.save import MAX_REV, dumps
from ..engine.choices import LEVELS, SPEEDS
from .messages import Settings
from .model import CARD_DELAY, HUMAN, TRICK_PAUSE, Model, Ui, cleared, level_of, two_tap, with_ui
from ..text.i18n import LANGUAGES
from . import messages as M
from .messages import Effect, Msg
from . import coach as _coach, history as _history, keeping as _keeping, stored as _stored, table_extras as _table_extras, versions as _versions
from . import par as _par, saving as _saving, today as _today, today_play as _today_play
from .steps import changed, change_settings, moved, next_step, pass_key, played, refuse, start_game, turn_items


def _ai() -> ModuleType:
    """The opponents' package, imported when first needed: the start screen
    does not need it, and every module less at start-up is boot time saved."""
    from .. import ai

    return ai


# -- opponents --------------------------------------------------------------------

def rng_for(game: Game, seat: int, what: str = "play") -> random.Random:
    """A generator fixed by the position: the same game plays the same way,
    also after a reload."""
    played = sum(len(t.cards) for t in game.tricks)
    return random.Random(f"{game.seed}:{game.hand_number}:{played}:{seat}:{what}")


def opponent_search(view: PlayerView, level: str, rng: random.Random,
                    **options: Any) -> Generator[Any, None, Any]:
    """A generator that returns the opponent's card; Hard's search yields
    between samples so the runtime can run it in slices. ``options`` go
    to Hard (``clock``, ``deadline``: hearts.page.binding bounds its time)."""
    bot = _ai().make_opponent(level, **options) if level == "hard" else _ai().make_opponent(level)
    if hasattr(bot, "think"):
        search: Generator[Any, None, Any] = bot.think(view, rng)
        return search
    return _at_once(bot.choose_play, view, rng)


#: The pass search's time against a play's in the page (Hard's budget, 0.25 s).
PASS_SCALE = 2


def pass_search(view: PlayerView, level: str, rng: random.Random) -> Generator[Any, None, Any]:
    """A generator that returns the opponent's three cards to pass (Hard's
    pass search yields between sampled deals; 0.5 s of it in the page,
    about the deals the tournament measured it with)."""
    options = {"pass_scale": PASS_SCALE} if level == "hard" else {}
    search: Generator[Any, None, Any] = _ai().make_opponent(level, **options).search(view, rng)
    return search


def _passes_ready(model: Model, msg: M.PassesReady) -> tuple[Model, list[Effect]]:
    ui, game = model.ui, model.game
    if game is None or game.phase is not Phase.PASS or not ui.bot_passes or ui.bot_passes[0] != msg.key:
        return model, []  # a hand, or a level, that is no longer on the table
    return with_ui(model, bot_passes=(msg.key, msg.passes)), []


def _at_once(choose: Callable[[PlayerView, random.Random], Any], view: PlayerView,
             rng: random.Random) -> Generator[Any, None, Any]:
    return choose(view, rng)
    yield  # pragma: no cover - makes this a generator


# -- start and resume -------------------------------------------------------------

def init(*, lang: str = "en", level: str = "normal", speed: str = "normal", four_colour: bool = False,
         seed: int | None = None, saved: str | None = None, storage_ok: bool = True,
         two_tap: bool | None = None, touch: bool = False, stats: str | None = None,
         refused: bool = False, unsaved_rev: int = 0, reminded: bool = False,
         par: bool = True, put_aside: bool = False, today: str | None = None,
         days: str | None = None) -> tuple[Model, list[Effect]]:
    """The first model: settings from the page, the saved game if any, and
    the statistics' stored text (``stats``, see hearts.app.stats).
    ``put_aside``: the loading screen's Start fresh put a game in progress
    aside, now in the refused save's slot: the start screen says so and
    offers it as a file. ``today``, ``days``: today's hand's stored record
    and days played (hearts.app.today_play)."""
    settings = Settings(
        lang=lang if lang in LANGUAGES else "en",
        level=level if level in LEVELS else "normal",
        speed=speed if speed in SPEEDS else "normal",
        four_colour=bool(four_colour),
        two_tap=two_tap if type(two_tap) is bool else None,
        reminded=reminded is True,
        par=par is not False,
    )
    ui = Ui(settings=settings, next_seed=seed, storage="ok" if storage_ok else "off",
            touch=touch is True, refused=bool(refused) or put_aside is True,
            save_error=_keeping.PUT_ASIDE if put_aside is True and not saved else None)
    stats_value, stats_error, stats_effects = _history.load_stats(stats)
    if stats_effects and not storage_ok:
        stats_effects = []
    ui = replace(ui, history=replace(ui.history, stats=stats_value, error=stats_error),
                 today=replace(ui.today, days=_today.loads(days)))
    # (a refused save is kept aside: hearts/app/keeping.py)
    model, effects = _keeping.open_saved(Model(ui=ui), saved, unsaved_rev)
    model, more = _today_play.resumed(model, today)  # (Hard's passes searched while the player chooses)
    effects += more
    model, recorded = _history.record_game(model)  # a game that ended before its stats were kept
    return model, stats_effects + recorded + effects


# -- update -----------------------------------------------------------------------

def update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """The change ``msg`` makes, and the effects the runtime runs next.

    Each feature's messages go to its module's ``update`` (a union of
    :mod:`hearts.app.messages` each); the table's are handled here. Three
    steps surround some of them, written out in :func:`_handle`: today's
    hand puts the game in progress back first (New game, Continue after
    it, Open a game), is forgotten with Start over, and after any message
    its result is recorded once it can be; a new hand on the table is the
    moment for a new version (hearts.app.versions.at_a_boundary)."""
    if model.ui.owner != "here" and not isinstance(msg, WhileElsewhere):
        return model, []  # another tab plays the game: see WhileElsewhere
    after, effects = _handle(model, msg)
    if after.ui.today.date is not None:
        after, more = _today_play.settle(after)
        effects = effects + more
    if isinstance(msg, (M.NewGame, M.ConfirmNewGame, M.Continue)):
        after, more = _versions.at_a_boundary(model, after, msg)
        effects = effects + more
    return after, effects


def _handle(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    # Messages that today's hand changes first, then each feature's union.
    match msg:
        case M.Continue() if _today_play.at_its_end(model):
            return _today_play.leave(model)
        case M.NewGame():
            back, effects = _today_play.put_back(model)
            after, more = _new_game(back, msg)
            return after, effects + more
        case M.ConfirmNewGame():
            back, effects = _today_play.put_back(model)
            after, more = _table_extras.update(back, msg)
            return after, effects + more
        case M.ConfirmOpenGame():
            back, effects = _today_play.put_back(model)
            after, more = _keeping.update(back, msg)
            return after, effects + more
        case M.StartOver():
            after, effects = _start_over(model, msg)
            after, more = _today_play.forget(model, after)
            return after, effects + more
        case M.ShowStats():
            after, effects = _history.update(model, msg)
            return _today_play.see_day(after, msg), effects
        case M.Adopt():
            after, effects = _keeping.update(model, msg)
            after, more = _today_play.adopted(after, msg)
            return after, effects + more
    if isinstance(msg, M.TableExtrasMsg):
        return _table_extras.update(model, msg)
    if isinstance(msg, M.HistoryMsg):
        return _history.update(model, msg)
    if isinstance(msg, M.KeepingMsg):
        return _keeping.update(model, msg)
    if isinstance(msg, M.SavingMsg):
        return _saving.update(model, msg)
    if isinstance(msg, M.CoachMsg):
        return _coach.update(model, msg)
    if isinstance(msg, M.ParMsg):
        return _par.update(model, msg)
    if isinstance(msg, M.VersionsMsg):
        return _versions.update(model, msg)
    if isinstance(msg, M.TodayMsg):
        return _today_play.update(model, msg)
    return _table(model, msg)


def _table(model: Model, msg: M.TableMsg) -> tuple[Model, list[Effect]]:
    match msg:
        case M.NewGame():
            return _new_game(model, msg)
        case M.SetLevel():
            return _set_level(model, msg)
        case M.SetLang():
            return _set_lang(model, msg)
        case M.SetSpeed():
            return _set_speed(model, msg)
        case M.ToggleFourColour():
            return _toggle_four_colour(model, msg)
        case M.ShowOverlay():
            return _show_overlay(model, msg)
        case M.CloseOverlay():
            return _close_overlay(model, msg)
        case M.Dismiss():
            return _dismiss(model, msg)
        case M.ClickCard():
            return _click_card(model, msg)
        case M.ConfirmPass():
            return _confirm_pass(model, msg)
        case M.Continue():
            return _continue(model, msg)
        case M.Collect():
            return _collect(model, msg)
        case M.OpponentMove():
            return _opponent_move(model, msg)
        case M.AskHint():
            return _ask_hint(model, msg)
        case M.HintReady():
            return _hint_ready(model, msg)
        case M.PassesReady():
            return _passes_ready(model, msg)
        case M.Crash():
            return _crash(model, msg)
        case M.StartOver():
            return _start_over(model, msg)
        case M.KeepGame():
            return _keep_game(model, msg)
        case _:
            assert_never(msg)


def page_update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """:func:`update`, and first among its effects what the page does after
    any change, whatever the message (:func:`after_change`): the update the
    page's runtime runs."""
    after, effects = update(model, msg)
    return after, after_change(model, after) + effects


def after_change(before: Model | None, after: Model) -> list[Effect]:
    """The effects of going from ``before`` to ``after`` (None: the page's
    first model): the picks and a finished trick kept for a reload when they
    changed (hearts.app.stored.view_state), and the page measured when a
    game has just ended."""
    effects: list[Effect] = []
    if before is not None and (text := _stored.view_state(after)) != _stored.view_state(before):
        effects.append(M.StoreView(text))
    if _ended(after) and (before is None or not _ended(before) or before.ui.epoch != after.ui.epoch):
        effects.append(M.Measure())
    return effects + _par.wanted(before, after)


def _ended(model: Model) -> bool:
    return model.game is not None and model.game.phase is Phase.GAME_END


def _new_game(model: Model, msg: M.NewGame) -> tuple[Model, list[Effect]]:
    if model.game is not None and model.game.phase is not Phase.GAME_END:
        return with_ui(model, overlay="confirm-new"), []  # a game in progress: ask first
    return start_game(model, msg.seed)


def _set_level(model: Model, msg: M.SetLevel) -> tuple[Model, list[Effect]]:
    return change_settings(model, level=msg.level)


def _set_speed(model: Model, msg: M.SetSpeed) -> tuple[Model, list[Effect]]:
    return change_settings(model, speed=msg.speed)


def _set_lang(model: Model, msg: M.SetLang) -> tuple[Model, list[Effect]]:
    if msg.lang not in LANGUAGES:
        return model, []
    model, effects = change_settings(model, lang=msg.lang)
    return model, effects + [M.Language(msg.lang)]


def _toggle_four_colour(model: Model, msg: M.ToggleFourColour) -> tuple[Model, list[Effect]]:
    return change_settings(model, four_colour=not model.ui.settings.four_colour)


def _show_overlay(model: Model, msg: M.ShowOverlay) -> tuple[Model, list[Effect]]:
    if msg.name == "last-trick" and not _table_extras.last_trick_shown(model):
        return model, []
    if msg.name == "hint" and not (isinstance(model.ui.message, M.Hint) and model.ui.message.explain is not None):
        return model, []  # (no hint with reasons on the table: nothing to show)
    return with_ui(model, overlay=msg.name), []


def _close_overlay(model: Model, msg: M.CloseOverlay | M.Dismiss) -> tuple[Model, list[Effect]]:
    if model.ui.overlay in ("error", "elsewhere"):
        return model, []  # these close only through their own buttons
    if model.ui.overlay == "review":
        return next_step(_coach.close_review(with_ui(model, message=None)))
    # Opponents wait while a dialog is open (see _opponent_move): go on now.
    return next_step(with_ui(model, overlay=None, message=None, file_error=None, file_game=None))


def _dismiss(model: Model, msg: M.Dismiss) -> tuple[Model, list[Effect]]:
    if model.ui.overlay in ("rules", "menu", "last-trick", "confirm-new", "stats", "stats-reset", "replay",
                          "review", "open-game", "hint"):
        return _close_overlay(model, msg)
    return with_ui(model, message=None), []


def _click_card(model: Model, msg: M.ClickCard) -> tuple[Model, list[Effect]]:
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None:
        return model, []
    card = msg.card
    pv = game.view(HUMAN)
    if card not in pv.hand:
        return refuse(model, Reason.CARD_NOT_HELD)
    if ui.pause and game.to_act != HUMAN:
        return refuse(model, Reason.NOT_YOUR_TURN)
    if pv.phase is Phase.PASS:
        if card in ui.picked:
            return with_ui(model, picked=tuple(c for c in ui.picked if c != card), message=None), []
        if len(ui.picked) >= 3:
            return refuse(model, Reason.PASS_THREE_CARDS)
        return with_ui(model, picked=ui.picked + (card,), message=None), []
    if pv.phase is not Phase.PLAY:
        return refuse(model, Reason.WRONG_PHASE)
    if game.to_act != HUMAN:
        return refuse(model, Reason.NOT_YOUR_TURN)
    if two_tap(ui) and ui.lifted != card and card in pv.legal:
        return _table_extras.lift(model, card)  # the first tap lifts the card
    try:
        after = moved(model, lambda new: new.play(HUMAN, card))
    except IllegalAction as error:
        suit = str(pv.trick.cards[0])[-1] if pv.trick and pv.trick.cards else None
        return refuse(model, error.reason, suit)
    return played(after, game, HUMAN, card)


def _confirm_pass(model: Model, msg: M.ConfirmPass) -> tuple[Model, list[Effect]]:
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None:
        return model, []
    if game.phase is not Phase.PASS:
        return refuse(model, Reason.WRONG_PHASE)
    if len(ui.picked) != 3:
        return refuse(model, Reason.PASS_THREE_CARDS)

    ready = ui.bot_passes[1] if ui.bot_passes and ui.bot_passes[0] == pass_key(model) else None

    def exchange(new: Game) -> None:
        for seat in (1, 2, 3):
            if seat in new.waiting_to_pass:
                if ready:  # chosen while the player chose
                    new.pass_cards(seat, list(ready[seat - 1]))
                    continue
                # Not ready yet: Hard passes by its rules now rather than keep the page waiting.
                level = level_of(ui)
                bot = _ai().make_opponent(level, pass_search=False) if level == "hard" else _ai().make_opponent(level)
                new.pass_cards(seat, bot.choose_pass(new.view(seat), rng_for(new, seat, "pass")))
        new.pass_cards(HUMAN, ui.picked)

    try:
        model = moved(model, exchange, picked=())
    except IllegalAction as error:
        return refuse(model, error.reason)
    assert model.game is not None
    return changed(model, [M.Received(tuple(str(c) for c in model.game.view(HUMAN).received))])


def _continue(model: Model, msg: M.Continue) -> tuple[Model, list[Effect]]:
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None:
        return model, []
    if ui.pause:
        return _collect(model, M.Collect(ui.epoch))
    if game.phase is not Phase.HAND_END:
        return model, []
    model = moved(model, lambda new: new.next_hand(None if new.seed is not None else _unseeded_deal(new)),
                   picked=())
    assert model.game is not None
    items: list[M.Said] = [M.Passing(0)] if model.game.phase is Phase.PLAY else []  # the hand without passing
    return changed(model, items)


def _unseeded_deal(game: Game) -> list[tuple[Card, ...]]:
    """The next hands of a game without a seed (a save of a dealt game,
    "seed": null): dealt from a seed its position fixes, so that Continue
    deals (the engine has no deal of its own for it) and the same save
    deals the same cards."""
    seed = zlib.crc32(dumps(game).encode())
    return [cards_of(mask) for mask in deal(seed, game.hand_number + 1)]


def _collect(model: Model, msg: M.Collect) -> tuple[Model, list[Effect]]:
    ui, game = model.ui, model.game
    if msg.epoch != ui.epoch or not ui.pause or game is None:
        return model, []
    model = with_ui(model, pause=False, epoch=ui.epoch + 1)
    model, settled = _coach.settle(model)  # no points left: the rest at once
    game = model.game
    assert game is not None
    items: list[M.Said] = []
    if game.phase is Phase.HAND_END or game.phase is Phase.GAME_END:
        result = game.results[-1]
        items.append(M.HandScored(result.points, result.moon, tuple(game.scores)))
        if game.phase is Phase.GAME_END:
            if game.winner is not None:  # (always, at the game's end)
                items.append(M.Won(game.winner))
        elif max(game.scores) >= GAME_OVER_AT:
            items.append(M.Tie())
    model, effects = next_step(model)
    said = tuple(items) + turn_items(model)
    return model, settled + ([M.Announce(said)] if said else []) + effects


def _opponent_move(model: Model, msg: M.OpponentMove) -> tuple[Model, list[Effect]]:
    ui, game = model.ui, model.game
    if (game is None or msg.epoch != ui.epoch or ui.pause or ui.screen != "table"
            or game.phase is not Phase.PLAY or game.to_act != msg.seat or msg.seat == HUMAN):
        return model, []  # a stale timer: the game moved on meanwhile
    if ui.overlay is not None:
        return model, []  # nobody plays behind the rules or the menu; closing goes on
    after = moved(model, lambda new: new.play(msg.seat, msg.card))  # illegal here: a bug, let it show
    return played(after, game, msg.seat, msg.card)


def _ask_hint(model: Model, msg: M.AskHint) -> tuple[Model, list[Effect]]:
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None or ui.pause:
        return model, []
    pv = game.view(HUMAN)
    if not pv.my_turn:
        return refuse(model, Reason.NOT_YOUR_TURN if pv.phase is Phase.PLAY else Reason.WRONG_PHASE)
    return with_ui(model, hint_pending=True), [M.FindHint(ui.epoch)]


def _hint_ready(model: Model, msg: M.HintReady) -> tuple[Model, list[Effect]]:
    if msg.epoch != model.ui.epoch:
        return with_ui(model, hint_pending=False), []
    hint = M.Hint(tuple(msg.cards), msg.explain)  # (explain: hearts.text.hint_text)
    return with_ui(model, hint=hint.cards, hint_pending=False, message=hint), [M.Announce((hint,))]


def _crash(model: Model, msg: M.Crash) -> tuple[Model, list[Effect]]:
    return with_ui(model, overlay="error", error=msg.text, epoch=model.ui.epoch + 1,
                   thinking=None, hint_pending=False), []


def _start_over(model: Model, msg: M.StartOver) -> tuple[Model, list[Effect]]:
    ui = cleared(model.ui, screen="start", thinking=None, epoch=model.ui.epoch + 1, notes=())
    return Model(ui=ui), [M.ClearSave()]


def _keep_game(model: Model, msg: M.KeepGame) -> tuple[Model, list[Effect]]:
    model = with_ui(model, overlay=None if model.ui.owner == "here" else "elsewhere", error=None)
    if model.game is None:
        return with_ui(model, screen="start"), []
    return next_step(model)


# What a tab that does not play the game (ui.owner "open" or "moved": the
# "elsewhere" dialog) still handles: being told so, taking the game back, an
# error and its dialog, the notices and Update now (the page reloads into
# the new version; this tab stores nothing first), and the save's retries
# (which store nothing then: hearts.app.saving). Anything else is dropped: a
# late answer of any kind (a file chosen before the game went, a review, a
# hint, a save that worked again) or a click behind the dialog, so its table
# never goes live again, nor does it store anything, until Play here.
WhileElsewhere = (M.Elsewhere | M.TakeOver | M.Adopt | M.Crash | M.KeepGame | M.StartOver
                  | M.UpdateReady | M.UpdateNow | M.UpdateTooBig | M.OfflineReady | M.Persisted | M.SaveFailed
                  | M.RetrySave | M.StatsStored | M.DaysStored)
