"""A par for every hand: what Hard would have taken in the player's seat.

At the end of each hand (the setting ``Settings.par`` on), the page asks for
the hand's par (:func:`wanted`: the effect ``FindPar``, which
:func:`hearts.page.binding.Runtime` runs as a task in slices, never in the
way of a click): the hand played again from its deal
(:meth:`hearts.engine.game.Game.redealt`) with Hard in the player's seat,
the same cards, the same pass direction and scores, the opponents passing
what they passed and then playing as they do, each decision seeded by the
position (:mod:`hearts.app.par_search`). The result (``ParReady``) is kept
in the Ui for the rest of the game, by :func:`par_key`, and shown at the
hand's end and in the score sheet (:mod:`hearts.app.ending_view`).
"""

from __future__ import annotations

from typing import assert_never

from ..engine.game import Game, Phase
from . import messages as M
from . import stats as ST
from .messages import Effect
from .model import Model, level_of, with_ui
from .steps import change_settings

KEPT = 40  # pars kept in the Ui (a long game's hands, and a few of the game before)


def par_key(game: Game, hand: int) -> str:
    """Which par: the game (hearts.app.stats.game_key) and the hand's index."""
    return f"{ST.game_key(game)}:{hand}"


def _ended_hand(model: Model) -> str | None:
    """The key of the hand that has just ended on the table, if the table is
    at a hand's end (or the game's) and wants its par."""
    game = model.game
    if (game is None or not (model.ui.settings.par or model.ui.today.date)
            or (game.phase is not Phase.HAND_END and game.phase is not Phase.GAME_END)):
        return None
    return par_key(game, game.hand_number)


def wanted(before: Model | None, after: Model) -> list[Effect]:
    """FindPar when ``after`` is at a hand's end whose par is not known and
    ``before`` was not at that very moment already (it asked then): so once
    a hand, also after a reload at the hand's end or the setting turned on."""
    key = _ended_hand(after)
    if key is None or key in dict(after.ui.pars):
        return []
    if before is not None and _ended_hand(before) == key:
        return []
    assert after.game is not None
    return [M.FindPar(key, after.game, level_of(after.ui))]


def _ready(model: Model, msg: M.ParReady) -> tuple[Model, list[Effect]]:
    pars = tuple((k, p) for k, p in model.ui.pars if k != msg.key) + ((msg.key, msg.par),)
    return with_ui(model, pars=pars[-KEPT:]), []


def _toggle(model: Model, msg: M.TogglePar) -> tuple[Model, list[Effect]]:
    return change_settings(model, par=not model.ui.settings.par)


def update(model: Model, msg: M.ParMsg) -> tuple[Model, list[Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.ParReady():
            return _ready(model, msg)
        case M.TogglePar():
            return _toggle(model, msg)
        case _:
            assert_never(msg)
