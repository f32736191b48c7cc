"""Counting what a seat can see, for the screens and the words: the places
the totals give (the one place rule), and what each seat took in a hand.

Pure functions of numbers and of a :class:`~hearts.engine.game.PlayerView`
(never the Game): the hand's end, the live region and the statistics count
with these, so they never count two ways.

>>> places([10, 20, 20, 30])
((1, False), (2, True), (2, True), (4, False))
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import PlayerView


def places(scores: Sequence[int]) -> tuple[tuple[int, bool], ...]:
    """(place, shared) per seat: the lowest total is 1st; equal totals share
    a place and the next place is skipped (10, 20, 20, 30 -> 1, 2, 2, 4).
    The one place rule: the table's final scores and the statistics use it."""
    return tuple((1 + sum(o < mine for o in scores), sum(o == mine for o in scores) > 1)
                 for mine in scores)


def hand_breakdown(pv: PlayerView) -> tuple[tuple[int, bool], ...]:
    """(hearts taken, took the queen of spades) per seat, from the finished
    hand's tricks in the view (``pv.tricks``: all 13 at the hand's end)."""
    hearts = [0, 0, 0, 0]
    queen = [False, False, False, False]
    for trick in pv.tricks:
        if trick.winner is None:
            continue
        for card in trick.cards:
            text = str(card)
            if text[-1] == "H":
                hearts[trick.winner] += 1
            elif text == "QS":
                queen[trick.winner] = True
    return tuple(zip(hearts, queen))
