"""Ahead of the player: what the runtime runs while the start screen is
up, so that a real game's first clicks pay for no import and no
first-time code.

In the page, code runs several times slower the first time it runs:
:func:`warm_up` imports what the game needs later, and :func:`rehearsal`
plays the first moves of a throwaway game, which the runtime renders
off-screen.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..engine.game import deal
from . import messages as M
from .model import HUMAN, Model
from .update import _ai, init, update


def warm_up() -> None:
    """Import the opponents, hashlib (for the deals), the hint's
    explanation, the replay, the hand's review and its par's search; the
    page ships no module it never imports (e2e/test_platform.py)."""
    _ai()
    deal(0)
    from ..engine import replay  # noqa: F401
    from . import review  # noqa: F401
    from ..ai import explain  # noqa: F401
    from . import par_search, replay_view, review_view  # noqa: F401


def rehearsal(level: str) -> Iterator[Model]:
    """The first moves of a throwaway game, one model after another: New
    game, three cards picked and passed (the opponents choosing theirs at
    ``level``), then everybody's first legal card, tricks collected, until
    the human has played two cards (one trick ended, the next one begun).

    >>> [m.game.phase.value for m in rehearsal("easy")][:3]
    ['pass', 'pass', 'play']
    """
    model, _ = init(level=level, speed="instant", seed=1)
    model, _ = update(model, M.NewGame())
    yield model
    assert model.game is not None
    for card in model.game.view(HUMAN).hand[:3]:
        model, _ = update(model, M.ClickCard(card))
    yield model
    model, _ = update(model, M.ConfirmPass())
    yield model
    played = 0
    while played < 2:
        game = model.game
        assert game is not None
        if model.ui.pause:  # a full trick on the table
            model, _ = update(model, M.Collect(model.ui.epoch))
        elif game.to_act != HUMAN:
            seat = game.to_act
            assert seat is not None
            model, _ = update(model, M.OpponentMove(model.ui.epoch, seat, game.view(seat).legal[0]))
        else:
            model, _ = update(model, M.ClickCard(game.view(HUMAN).legal[0]))
            played += 1
        yield model
