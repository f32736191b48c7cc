"""Hearts for four players: the rules engine.

Pure Python, standard library only: the same code runs in CPython and in
Pyodide. The public API is re-exported here::

    >>> from hearts import Game, Phase
    >>> game = Game.new(seed=42)
    >>> game.phase is Phase.PASS
    True

See :mod:`hearts.engine.cards` for cards and masks, :mod:`hearts.engine.game` for the
game, and :mod:`hearts.engine.save` for saving and restoring a game as JSON.
"""

from .engine.cards import CARDS, QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, Suit, cards_of, mask_of
from .engine.game import (
    Game,
    HandResult,
    IllegalAction,
    PassDirection,
    Phase,
    PlayerView,
    Reason,
    Trick,
    deal,
)

__all__ = [
    "CARDS", "QUEEN_OF_SPADES", "TWO_OF_CLUBS", "Card", "Suit", "cards_of", "mask_of",
    "Game", "HandResult", "IllegalAction", "PassDirection", "Phase", "PlayerView",
    "Reason", "Trick", "deal",
]
