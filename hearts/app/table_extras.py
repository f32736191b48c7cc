"""What a player expects at the table beyond the rules: taking a card back
(undo), a look at the previous trick, a question before a game in progress
is thrown away, and two-tap play (the first tap lifts a card, the second
plays it).

Their handlers (the messages are in :mod:`hearts.app.messages`;
:func:`update` matches ``TableExtrasMsg``); nothing here touches the
browser.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ..engine.cards import Card
from ..engine.game import Game, Phase
from . import messages as M
from .model import HUMAN, Model, two_tap, visible, with_ui
from .play_view import NOTHING_TO_UNDO, undo_offered
from . import steps
from .messages import Effect


# -- reading the model --------------------------------------------------------

def last_play_of_human(game: Game) -> int | None:
    """How many cards of this hand had been played when the player last
    played one (the index of that card in the hand's plays), or None when
    the player has played no card this hand."""
    index, last = 0, None
    for trick in game.tricks:
        for seat in trick.seats:
            if seat == HUMAN:
                last = index
            index += 1
    return last


def can_undo(model: Model) -> bool:
    """Undo is offered while the hand is played (a finished trick on the
    table included, the hand's last one too) once the player has played a
    card in it; not while a dialog is open, nor once the game is over (its
    result is final, and counted). The view shows the same (play_view)."""
    if model.game is None or model.ui.overlay is not None:
        return False
    return undo_offered(*visible(model))


def last_trick_shown(model: Model) -> bool:
    """The previous trick can be looked at: during the hand's play, once a
    trick of it is complete."""
    game = model.game
    if game is None or model.ui.screen != "table":
        return False
    if game.phase is not Phase.PLAY and not model.ui.pause:
        return False
    return any(t.winner is not None for t in game.tricks)


# -- handlers -------------------------------------------------------------------

def _undo(model: Model, msg: M.Undo) -> tuple[Model, list[Effect]]:
    if not can_undo(model):
        if model.game is None or model.ui.overlay is not None:
            return model, []
        item = M.Text(NOTHING_TO_UNDO)
        return with_ui(model, message=item), [M.Announce((item,))]
    game = model.game
    assert game is not None  # (can_undo)
    last = last_play_of_human(game)
    assert last is not None
    new = game.rewound(last)
    ui = replace(model.ui, pause=False, picked=())
    return steps.changed(replace(model, ui=ui, game=new, undo_used=True), [M.Undone()])


def _confirm_new_game(model: Model, msg: M.ConfirmNewGame) -> tuple[Model, list[Effect]]:
    if model.ui.overlay != "confirm-new":
        return model, []
    return steps.start_game(model, msg.seed)


def _toggle_two_tap(model: Model, msg: M.ToggleTwoTap) -> tuple[Model, list[Effect]]:
    return steps.change_settings(with_ui(model, lifted=None), two_tap=not two_tap(model.ui))


def lift(model: Model, card: Card) -> tuple[Model, list[Effect]]:
    """The first tap of two-tap play: the card is lifted, and said."""
    return with_ui(model, lifted=card, message=None), [M.Announce((M.Lifted(card),))]


def update(model: Model, msg: M.TableExtrasMsg) -> tuple[Model, list[Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.Undo():
            return _undo(model, msg)
        case M.ConfirmNewGame():
            return _confirm_new_game(model, msg)
        case M.ToggleTwoTap():
            return _toggle_two_tap(model, msg)
        case _:
            assert_never(msg)

