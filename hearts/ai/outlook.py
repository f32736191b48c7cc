"""The game, not the hand: how likely a seat is to win the game from its totals.

Hard plays each hand for the fewest points until the game's end is in reach
(:func:`in_reach`: some seat could pass 100 in this hand), and from then on
for the best chance of winning the game (:func:`win_chance`): a played-out
hand ends with totals that either end the game (the lowest total wins;
totals shared at the lowest mean more hands, between those seats) or leave
it open, and then the seats' chances follow how far apart their totals are
against how many hands are still to come. So 26 points to each of the
others (a moon) can end the game in Hard's favour; points given to the
seat closest to winning count more than points given to the last; taking
the queen of spades can be right when it keeps the leader from winning.

Only totals and points of the hand are used: the scores every seat sees.

>>> in_reach((40, 55, 73, 20)), in_reach((40, 55, 74, 20))
(False, True)
>>> win_chance((90, 101, 95, 99), 0), win_chance((90, 101, 90, 99), 0)
(1.0, 0.5)
>>> round(win_chance((60, 80, 70, 90), 0), 2), round(win_chance((60, 80, 70, 90), 3), 2)
(0.78, 0.01)
"""

from __future__ import annotations

from math import exp, sqrt
from typing import Sequence

from ..engine.game import GAME_OVER_AT
from ..engine.rules import HAND_POINTS

#: Points the seat with the highest total takes in a hand, roughly: how
#: fast the game runs to its end.
POINTS_A_HAND = 7.0
#: The spread of one seat's points over one hand, roughly (a logistic's scale).
SPREAD_A_HAND = 5.5


def in_reach(scores: Sequence[int]) -> bool:
    """Whether this hand can end the game: some total could pass 100 (or has,
    and a tie at the lowest means another hand)."""
    return max(scores) + HAND_POINTS >= GAME_OVER_AT


def win_chance(totals: Sequence[int], me: int) -> float:
    """The chance that seat ``me`` wins the game from ``totals`` (the scores
    after a hand): 1 or 0 when the game is over, shared between the seats
    tied at the lowest when it goes on for them, else a logistic model of
    the hands still to come (softmax of minus the totals, the wider the
    more hands are left)."""
    a, b, c, d = totals
    top = max(a, b, c, d)
    mine = totals[me]
    if top >= GAME_OVER_AT:
        low = min(a, b, c, d)
        if mine != low:
            return 0.0
        return 1.0 / ((a == low) + (b == low) + (c == low) + (d == low))
    hands_left = (GAME_OVER_AT - top) / POINTS_A_HAND
    scale = SPREAD_A_HAND * sqrt(hands_left if hands_left > 0.5 else 0.5)
    low = min(a, b, c, d)
    mine_w = exp((low - mine) / scale)
    return mine_w / (exp((low - a) / scale) + exp((low - b) / scale)
                     + exp((low - c) / scale) + exp((low - d) / scale))
