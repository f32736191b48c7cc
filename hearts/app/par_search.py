"""The par's search (see :mod:`hearts.app.par`): the hand that ended,
played again from its deal with Hard in the player's seat.

Everything is fixed by the game and what Hard plays, so the same hand has
the same par on every machine and after a reload:

- the deal, pass direction, scores and seed are the hand's
  (:meth:`hearts.engine.game.Game.redealt`);
- the opponents pass the cards they passed in the hand (their choice did
  not depend on the player's: passes are made blind) and play at the
  table's level, each decision seeded by the position as at the table
  (:func:`hearts.app.update.rng_for`);
- Hard, in the player's seat and among the opponents, samples a fixed
  number of deals per decision (:data:`SAMPLES`) instead of thinking for a
  time, so a slow phone finds the same par as a fast computer, only later.
"""

from __future__ import annotations

from typing import Any, Generator

from ..engine.cards import cards_of
from ..engine.game import Game, Phase
from . import messages as M
from .model import HUMAN
from .update import _ai, rng_for

#: Deals Hard samples per decision in the par (its own and a Hard
#: opponent's; five times as many for its pass): about 1 s of CPython for
#: a whole hand against Hard opponents (``python -m hearts.dev.bench par``).
SAMPLES = 100


def search(game: Game, level: str) -> Generator[Any, None, M.Par]:
    """The par of ``game``'s hand (``game`` at that hand's end), as a search
    that yields between samples (run it in slices: the runtime's
    ``sliced``); returns the :class:`~hearts.app.messages.Par`."""
    ai = _ai()
    g = game.redealt()
    passed = game.record().passes
    hard = ai.make_opponent("hard", samples=SAMPLES)
    others = ai.make_opponent(level, samples=SAMPLES) if level == "hard" else ai.make_opponent(level)
    if g.phase is Phase.PASS:
        for other in (1, 2, 3):
            mask = passed[other]
            # (a hand that ended was passed; should a record lack a pass, the opponent chooses it)
            cards = cards_of(mask) if mask is not None else others.choose_pass(g.view(other), rng_for(g, other, "pass"))
            g.pass_cards(other, cards)
        chosen = yield from hard.search(g.view(HUMAN), rng_for(g, HUMAN, "par"))
        g.pass_cards(HUMAN, chosen)
    while g.phase is Phase.PLAY:
        to_act = g.to_act
        assert to_act is not None
        seat: int = to_act
        if seat == HUMAN:
            card = yield from hard.think(g.view(HUMAN), rng_for(g, HUMAN, "par"))
        elif hasattr(others, "think"):
            card = yield from others.think(g.view(seat), rng_for(g, seat))
        else:
            card = others.choose_play(g.view(seat), rng_for(g, seat))
        g.play(seat, card)
    result = g.results[-1]
    return M.Par(result.points[HUMAN], result.moon)

