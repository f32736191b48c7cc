"""update(model, msg) -> (model, effects): every change of the UI, in one place.

Messages and effects are records of :mod:`hearts.ui.messages` (what
happened; what the controller should do next: wait and think for an
opponent, save, announce, switch language). The handlers of
:mod:`hearts.ui.play`, :mod:`~hearts.ui.extras` and
:mod:`~hearts.ui.keeping` are registered here too. Nothing here touches
the browser, so all of it runs and is tested in CPython.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import replace
from typing import Callable

from ..cards import cards_of
from ..game import GAME_OVER_AT, Game, IllegalAction, Phase, deal
from ..save import MAX_REV, dumps
from ..choices import LEVELS, SPEEDS
from .model import CARD_DELAY, HUMAN, TRICK_PAUSE, Handler, Model, Settings, Ui, cleared, two_tap, with_ui
from ..i18n import LANGUAGES
from . import messages as M
from .messages import Effect, Msg


def _ai():
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


def opponent_search(view, level: str, rng: random.Random):
    """A generator that returns the opponent's card; Hard's search yields
    between samples so the controller can run it in slices."""
    bot = _ai().make_opponent(level)
    if hasattr(bot, "think"):
        return bot.think(view, rng)
    return _at_once(bot.choose_play, view, rng)


#: The pass search's time against a play's in the page (Hard's budget, 0.25 s).
PASS_SCALE = 2


def pass_search(view, level: str, rng: random.Random):
    """A generator that returns the opponent's three cards to pass (Hard's
    pass search yields between sampled deals; 0.5 s of it in the page,
    about the deals the tournament measured it with)."""
    options = {"pass_scale": PASS_SCALE} if level == "hard" else {}
    return _ai().make_opponent(level, **options).search(view, rng)


def _pass_key(model) -> tuple:
    """Which hand, and which level, the opponents' passes are chosen for."""
    game = model.game
    return (model.ui.settings.level, game.hand_number, game.legal_mask(HUMAN) if game.phase is Phase.PASS else 0)


def _passes_ready(model, msg):
    ui, game = model.ui, model.game
    if game is None or game.phase is not Phase.PASS or not ui.bot_passes or ui.bot_passes[0] != msg.key:
        return model, []  # a hand, or a level, that is no longer on the table
    return with_ui(model, bot_passes=(msg.key, msg.passes)), []


def hint_search(view, rng: random.Random):
    """Hard's search for the human's seat, as a generator (run it in slices):
    it returns three cards while passing, else a card."""
    return _ai().make_opponent("hard", budget=0.3, pass_scale=PASS_SCALE).search(view, rng)


def _at_once(choose, view, rng):
    return choose(view, rng)
    yield  # pragma: no cover - makes this a generator


# -- start and resume -------------------------------------------------------------

def init(*, lang="en", level="normal", speed="normal", four_colour=False,
         seed=None, saved=None, storage_ok=True, two_tap=None, touch=False,
         stats=None, refused=False, unsaved_rev=0, reminded=False) -> tuple[Model, list]:
    """The first model: settings from the page, the saved game if any, and
    the statistics' stored text (``stats``, see hearts.stats)."""
    settings = Settings(
        lang=lang if lang in LANGUAGES else "en",
        level=level if level in LEVELS else "normal",
        speed=speed if speed in SPEEDS else "normal",
        four_colour=bool(four_colour),
        two_tap=two_tap if type(two_tap) is bool else None,
        reminded=reminded is True,
    )
    ui = Ui(settings=settings, next_seed=seed, storage="ok" if storage_ok else "off",
            touch=touch is True, refused=bool(refused))
    stats_value, stats_error, stats_effects = _extras.load_stats(stats)
    if stats_effects and not storage_ok:
        stats_effects = []
    ui = replace(ui, stats=stats_value, stats_error=stats_error)
    # (a refused save is kept aside: hearts/ui/keeping.py)
    model, effects = _keeping.open_saved(Model(ui=ui), saved, unsaved_rev)
    model, recorded = _extras.record_game(model)  # a game that ended before its stats were kept
    return model, stats_effects + recorded + effects


# -- update -----------------------------------------------------------------------

def update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    handler = _HANDLERS.get(type(msg))
    if handler is None:
        raise TypeError(f"unknown message {msg!r}")
    return handler(model, msg)


def _new_game(model, msg):
    if model.game is not None and model.game.phase is not Phase.GAME_END:
        return with_ui(model, overlay="confirm-new"), []  # a game in progress: ask first
    return _start_game(model, msg.seed)


def _start_game(model, msg_seed):
    ui = model.ui
    seed = ui.next_seed if ui.next_seed is not None else msg_seed
    game = Game.new(seed)
    ui = cleared(ui, screen="table", file_error=None, notes=(),
                 next_seed=None if ui.next_seed is None else ui.next_seed + 1)
    return _changed(Model(ui=ui, game=game), [])


def _settings(model, **changes):
    settings = replace(model.ui.settings, **changes)
    return with_ui(model, settings=settings), [M.StoreSettings(settings)]


def _set_level(model, msg):
    if msg.level not in LEVELS:
        return model, []
    return _settings(model, level=msg.level)


def _set_speed(model, msg):
    if msg.speed not in SPEEDS:
        return model, []
    return _settings(model, speed=msg.speed)


def _set_lang(model, msg):
    if msg.lang not in LANGUAGES:
        return model, []
    model, effects = _settings(model, lang=msg.lang)
    return model, effects + [M.Language(msg.lang)]


def _toggle_four_colour(model, msg):
    return _settings(model, four_colour=not model.ui.settings.four_colour)


def _show_overlay(model, msg):
    if msg.name not in ("rules", "menu", "last-trick"):
        return model, []
    if msg.name == "last-trick" and not _play.last_trick_shown(model):
        return model, []
    return with_ui(model, overlay=msg.name), []


def _close_overlay(model, msg):
    if model.ui.overlay in ("error", "elsewhere"):
        return model, []  # these close only through their own buttons
    if model.ui.overlay == "review":
        return _next_step(_coach.close_review(with_ui(model, message=None)))
    # Opponents wait while a dialog is open (see _opponent_move): go on now.
    return _next_step(with_ui(model, overlay=None, message=None, file_error=None))


def _dismiss(model, msg):
    if model.ui.overlay in ("rules", "menu", "last-trick", "confirm-new", "stats", "stats-reset", "replay",
                          "review"):
        return _close_overlay(model, msg)
    return with_ui(model, message=None), []


def _refuse(model, code, suit=None):
    refusal = M.Refusal(code, suit)
    return with_ui(model, message=refusal), [M.Announce((refusal,))]


def _click_card(model, msg):
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None:
        return model, []
    card = msg.card
    pv = game.view(HUMAN)
    if card not in {str(c) for c in pv.hand}:
        return _refuse(model, "card-not-held")
    if ui.pause and game.to_act != HUMAN:
        return _refuse(model, "not-your-turn")
    if pv.phase is Phase.PASS:
        if card in ui.picked:
            return with_ui(model, picked=tuple(c for c in ui.picked if c != card), message=None), []
        if len(ui.picked) >= 3:
            return _refuse(model, "pass-three-cards")
        return with_ui(model, picked=ui.picked + (card,), message=None), []
    if pv.phase is not Phase.PLAY:
        return _refuse(model, "wrong-phase")
    if game.to_act != HUMAN:
        return _refuse(model, "not-your-turn")
    if two_tap(ui) and ui.lifted != card and card in {str(c) for c in pv.legal}:
        return _play.lift(model, card)  # the first tap lifts the card
    try:
        moved = _moved(model, lambda new: new.play(HUMAN, card))
    except IllegalAction as error:
        suit = str(pv.trick.cards[0])[-1] if pv.trick and pv.trick.cards else None
        return _refuse(model, error.reason.value, suit)
    return _played(moved, game, HUMAN, card)


def _moved(model: Model, change: Callable[[Game], object], **ui_changes) -> Model:
    """The model after ``change`` (calls of the engine) on a copy of its
    game, with the Ui's fields ``ui_changes``. The model's own game is never
    touched: when ``change`` raises (IllegalAction), nothing has changed."""
    assert model.game is not None
    new = model.game.copy()
    change(new)
    return replace(model, game=new, ui=replace(model.ui, **ui_changes))


def _played(model: Model, old: Game, seat: int, card: str) -> tuple[Model, list[Effect]]:
    """After ``seat`` played ``card`` (``old``: the game before): show a
    finished trick, then move on."""
    new = model.game
    assert new is not None
    items: list[M.Said] = [M.Played(seat, card)]
    done = _completed(new) > _completed(old)
    if done:
        items.append(M.TrickTaken(next(t.winner for t in reversed(new.tricks) if t.winner is not None)))
    return _changed(with_ui(model, pause=done), items)


def _completed(game) -> int:
    return sum(1 for t in game.tricks if t.winner is not None)


def _confirm_pass(model, msg):
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None:
        return model, []
    if game.phase is not Phase.PASS:
        return _refuse(model, "wrong-phase")
    if len(ui.picked) != 3:
        return _refuse(model, "pass-three-cards")

    ready = ui.bot_passes[1] if ui.bot_passes and ui.bot_passes[0] == _pass_key(model) else None

    def exchange(new: Game) -> None:
        for seat in (1, 2, 3):
            if seat in new.waiting_to_pass:
                if ready:  # chosen while the player chose
                    new.pass_cards(seat, list(ready[seat - 1]))
                    continue
                # Not ready yet: Hard passes by its rules now rather than keep the page waiting.
                level = ui.settings.level
                bot = _ai().make_opponent(level, pass_search=False) if level == "hard" else _ai().make_opponent(level)
                new.pass_cards(seat, bot.choose_pass(new.view(seat), rng_for(new, seat, "pass")))
        new.pass_cards(HUMAN, ui.picked)

    try:
        model = _moved(model, exchange, picked=())
    except IllegalAction as error:
        return _refuse(model, error.reason.value)
    return _changed(model, [M.Received(tuple(str(c) for c in model.game.view(HUMAN).received))])


def _continue(model, msg):
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None:
        return model, []
    if ui.pause:
        return _collect(model, M.Collect(ui.epoch))
    if game.phase is not Phase.HAND_END:
        return model, []
    model = _moved(model, lambda new: new.next_hand(None if new.seed is not None else _unseeded_deal(new)),
                   picked=())
    items = [M.Passing(0)] if model.game.phase is Phase.PLAY else []  # the hand without passing
    return _changed(model, items)


def _unseeded_deal(game):
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
        items.append(M.HandScored(result.points, result.moon))
        if game.phase is Phase.GAME_END:
            if game.winner is not None:  # (always, at the game's end)
                items.append(M.Won(game.winner))
        elif max(game.scores) >= GAME_OVER_AT:
            items.append(M.Tie())
    model, effects = _next_step(model)
    return model, settled + [M.Announce(tuple(items) + _turn_items(model))] + effects


def _opponent_move(model, msg):
    ui, game = model.ui, model.game
    if (game is None or msg.epoch != ui.epoch or ui.pause or ui.screen != "table"
            or game.phase is not Phase.PLAY or game.to_act != msg.seat or msg.seat == HUMAN):
        return model, []  # a stale timer: the game moved on meanwhile
    if ui.overlay is not None:
        return model, []  # nobody plays behind the rules or the menu; closing goes on
    moved = _moved(model, lambda new: new.play(msg.seat, msg.card))  # illegal here: a bug, let it show
    return _played(moved, game, msg.seat, msg.card)


def _ask_hint(model, msg):
    ui, game = model.ui, model.game
    if game is None or ui.screen != "table" or ui.overlay is not None or ui.pause:
        return model, []
    pv = game.view(HUMAN)
    if not pv.my_turn:
        return _refuse(model, "not-your-turn" if pv.phase is Phase.PLAY else "wrong-phase")
    return with_ui(model, hint_pending=True), [M.FindHint(ui.epoch)]


def _hint_ready(model, msg):
    if msg.epoch != model.ui.epoch:
        return with_ui(model, hint_pending=False), []
    hint = M.Hint(tuple(msg.cards), msg.explain)  # (explain: hearts.ui.hint_text)
    return with_ui(model, hint=hint.cards, hint_pending=False, message=hint), [M.Announce((hint,))]


def _save_failed(model, msg):
    saved_rev = model.ui.saved_rev if msg.saved_rev is None else msg.saved_rev
    return with_ui(model, storage="off", saved_rev=saved_rev), []


def _crash(model, msg):
    return with_ui(model, overlay="error", error=msg.text, epoch=model.ui.epoch + 1,
                   thinking=None, hint_pending=False), []


def _start_over(model, msg):
    ui = cleared(model.ui, screen="start", thinking=None, epoch=model.ui.epoch + 1, notes=())
    return Model(ui=ui), [M.ClearSave()]


def _keep_game(model, msg):
    model = with_ui(model, overlay=None if model.ui.owner == "here" else "elsewhere", error=None)
    if model.game is None:
        return with_ui(model, screen="start"), []
    return _next_step(model)


# -- moving on ----------------------------------------------------------------------

def _changed(model, items):
    """The game changed: new epoch, save it, announce, schedule what comes next."""
    rev = min(model.ui.rev + 1, MAX_REV)  # (at the cap, the runtime knows its own save: Runtime.save)
    ui = replace(model.ui, epoch=model.ui.epoch + 1, hint=(), hint_pending=False, message=None,
                 lifted=None, rev=rev, behind=False)
    model = replace(model, ui=ui)
    # Saved also while storage is "off": the controller finds out when it works again.
    effects = [M.Save(dumps(model.game, rev, undo_used=model.undo_used), rev)]
    model, recorded = _extras.record_game(model)  # the game is over: its statistics, once
    effects += recorded
    model, later = _next_step(model)
    if not model.ui.pause:
        items = list(items) + list(_turn_items(model))
    return model, effects + ([M.Announce(tuple(items))] if items else []) + later


def _next_step(model):
    """Schedule what the table waits for: a trick to be collected, or an opponent."""
    ui, game = model.ui, model.game
    speed = ui.settings.speed
    if game is None or ui.screen != "table":
        return with_ui(model, thinking=None), []
    if ui.pause:
        return with_ui(model, thinking=None), [M.Later(TRICK_PAUSE[speed], M.Collect(ui.epoch))]
    if game.phase is Phase.PLAY and game.to_act != HUMAN:
        seat = game.to_act
        return with_ui(model, thinking=seat), [M.Think(seat, ui.epoch, CARD_DELAY[speed])]
    if game.phase is Phase.PASS and ui.settings.level == "hard":
        key = _pass_key(model)
        if not ui.bot_passes or ui.bot_passes[0] != key:  # Hard searches its passes meanwhile
            return with_ui(model, thinking=None, bot_passes=(key, None)), [M.ThinkPasses(key)]
    return with_ui(model, thinking=None), []


def _turn_items(model) -> tuple[M.Said, ...]:
    game = model.game
    if game is None or model.ui.pause:
        return ()
    if game.phase is Phase.PLAY:
        return (M.Turn(game.to_act),)
    if game.phase is Phase.PASS:
        return (M.Passing(int(game.pass_direction)),)
    return ()


_HANDLERS: dict[type, Handler] = {
    M.NewGame: _new_game,
    M.SetLevel: _set_level,
    M.SetLang: _set_lang,
    M.SetSpeed: _set_speed,
    M.ToggleFourColour: _toggle_four_colour,
    M.ShowOverlay: _show_overlay,
    M.CloseOverlay: _close_overlay,
    M.Dismiss: _dismiss,
    M.ClickCard: _click_card,
    M.ConfirmPass: _confirm_pass,
    M.Continue: _continue,
    M.Collect: _collect,
    M.OpponentMove: _opponent_move,
    M.AskHint: _ask_hint,
    M.HintReady: _hint_ready,
    M.PassesReady: _passes_ready,
    M.SaveFailed: _save_failed,
    M.Crash: _crash,
    M.StartOver: _start_over,
    M.KeepGame: _keep_game,
}


# The handlers of the other message modules; they use the helpers above, so
# they are imported once those are defined.
from . import coach as _coach, extras as _extras, keeping as _keeping, play as _play  # noqa: E402
from . import updates as _updates  # noqa: E402

for _more in (_play.HANDLERS, _extras.HANDLERS, _keeping.HANDLERS, _coach.HANDLERS, _updates.HANDLERS):
    _HANDLERS.update(_more)
_HANDLERS.update(_updates.wrap(_HANDLERS))  # between hands: a new version, the storage question
