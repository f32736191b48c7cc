"""Moving on: what every change of the game goes through, shared by the
handlers of :mod:`hearts.app.update` and of its feature modules (play,
keeping, coach) and by :mod:`hearts.app.stored`.

A changed game gets a new epoch, is saved, is announced, and the table is
told what it waits for next (a trick to collect, an opponent to think).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..engine.cards import Card
from ..engine.game import Game, Phase
from ..engine.rules import Reason
from ..engine.save import MAX_REV, dumps
from ..text import strings as S
from . import history
from . import messages as M
from .messages import Effect
from .model import CARD_DELAY, HUMAN, TRICK_PAUSE, Model, cleared, level_of, with_ui


def pass_key(model: Model) -> M.PassKey:
    """Which hand, and which level, the opponents' passes are chosen for."""
    game = model.game
    assert game is not None
    return (level_of(model.ui), game.hand_number, game.legal_mask(HUMAN) if game.phase is Phase.PASS else 0)


def start_game(model: Model, msg_seed: int) -> tuple[Model, list[Effect]]:
    """A new game on the table (seeded by the page's next seed, if any)."""
    ui = model.ui
    seed = ui.next_seed if ui.next_seed is not None else msg_seed
    game = Game.new(seed)
    ui = cleared(ui, screen="table", file_error=None, notes=(),
                 next_seed=None if ui.next_seed is None else ui.next_seed + 1)
    return changed(Model(ui=ui, game=game), [])


def change_settings(model: Model, **changes: Any) -> tuple[Model, list[Effect]]:
    """The settings changed, and stored."""
    settings = replace(model.ui.settings, **changes)
    return with_ui(model, settings=settings), [M.StoreSettings(settings)]


def refuse(model: Model, code: Reason, suit: str | None = None) -> tuple[Model, list[Effect]]:
    """A move refused: the reason shown and said (its code, ``code.value``)."""
    refusal = M.Refusal(code.value, suit)
    return with_ui(model, message=refusal), [M.Announce((refusal,))]


def moved(model: Model, change: Callable[[Game], object], **ui_changes: Any) -> Model:
    """The model after ``change`` (calls of the engine) on a copy of its
    game, with the Ui's fields ``ui_changes``. The model's own game is never
    touched: when ``change`` raises (IllegalAction), nothing has changed."""
    assert model.game is not None
    new = model.game.copy()
    change(new)
    return replace(model, game=new, ui=replace(model.ui, **ui_changes))


def played(model: Model, old: Game, seat: int, card: Card) -> tuple[Model, list[Effect]]:
    """After ``seat`` played ``card`` (``old``: the game before): show a
    finished trick, then move on."""
    new = model.game
    assert new is not None
    items: list[M.Said] = [M.Played(seat, card)]
    done = completed_tricks(new) > completed_tricks(old)
    if not old.hearts_broken and new.hearts_broken:
        items.append(M.Text(S.HEARTS_BROKEN))
    if done:
        last = next(t for t in reversed(new.tricks) if t.winner is not None)
        assert last.winner is not None
        items.append(M.TrickTaken(last.winner, last.points))
    return changed(with_ui(model, pause=done), items)


def completed_tricks(game: Game) -> int:
    return sum(1 for t in game.tricks if t.winner is not None)


def changed(model: Model, items: list[M.Said] | tuple[M.Said, ...]) -> tuple[Model, list[Effect]]:
    """The game changed: new epoch, save it, announce, schedule what comes next."""
    rev = min(model.ui.rev + 1, MAX_REV)  # (at the cap, the slot holding its own save lets it write: hearts.app.saving.verdict)
    ui = replace(model.ui, epoch=model.ui.epoch + 1, hint=(), hint_pending=False, message=None,
                 lifted=None, rev=rev, behind=False)
    model = replace(model, ui=ui)
    assert model.game is not None
    # Saved also while storage is "off": the runtime finds out when it works again.
    effects: list[Effect] = [save_of(model)]
    model, recorded = history.record_game(model)  # the game is over: its statistics, once
    effects += recorded
    model, later = next_step(model)
    if not model.ui.pause:
        items = list(items) + list(turn_items(model))
    return model, effects + ([M.Announce(tuple(items))] if items else []) + later


def save_of(model: Model) -> M.Save:
    """The Save of the position on screen (its game and revision)."""
    assert model.game is not None
    return M.Save(dumps(model.game, model.ui.rev, undo_used=model.undo_used), model.ui.rev)


def next_step(model: Model) -> tuple[Model, list[Effect]]:
    """Schedule what the table waits for: a trick to be collected, or an opponent."""
    ui, game = model.ui, model.game
    speed = ui.settings.speed
    if game is None or ui.screen != "table":
        return with_ui(model, thinking=None), []
    if ui.pause:
        return with_ui(model, thinking=None), [M.Later(TRICK_PAUSE[speed], M.Collect(ui.epoch))]
    if game.phase is Phase.PLAY and game.to_act is not None and game.to_act != HUMAN:
        seat = game.to_act
        return with_ui(model, thinking=seat), [M.Think(seat, ui.epoch, CARD_DELAY[speed])]
    if game.phase is Phase.PASS and level_of(ui) == "hard":
        key = pass_key(model)
        if not ui.bot_passes or ui.bot_passes[0] != key:  # Hard searches its passes meanwhile
            return with_ui(model, thinking=None, bot_passes=(key, None)), [M.ThinkPasses(key)]
    return with_ui(model, thinking=None), []


def turn_items(model: Model) -> tuple[M.Said, ...]:
    game = model.game
    if game is None or model.ui.pause:
        return ()
    if game.phase is Phase.PLAY:
        if game.to_act != HUMAN:
            # An opponent's turn goes unsaid (their card is said when it
            # comes): the speech keeps pace with the table.
            return ()
        trick = game.view(HUMAN).trick
        suit = str(trick.cards[0])[-1] if trick is not None and trick.cards else None
        return (M.Turn(game.to_act, suit, len(game.legal)),)
    if game.phase is Phase.PASS:
        return (M.Passing(int(game.pass_direction)),)
    return ()
