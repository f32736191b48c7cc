"""The opponent protocol and the rule-based levels: random, Easy and Normal.

An opponent decides from a :class:`~hearts.engine.game.PlayerView` and a
``random.Random`` it is handed, nothing else, so the same view and the same
generator state always give the same decision.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.cards import CARDS, Card, cards_of, mask_of
from ..engine.game import Phase, PlayerView
from . import policy


class Opponent(Protocol):
    """What the table asks of a computer player."""

    name: str

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        """Three cards of ``view.hand`` to pass (during ``Phase.PASS``)."""
        ...

    def choose_play(self, view: PlayerView, rng: random.Random) -> Card:
        """One of ``view.legal`` (on this seat's turn during ``Phase.PLAY``)."""
        ...


def play_args(view: PlayerView) -> tuple[int, int, list[int], int, int, list[int], int]:
    """The mask-level arguments of the rules in :mod:`hearts.ai.policy`:
    hand, legal cards, the trick's cards, its leader, played cards, points
    taken, seat."""
    trick = view.trick
    if view.phase is not Phase.PLAY or not view.legal or view.to_act != view.seat or trick is None:
        raise ValueError("it is not this seat's turn to play")
    return (
        view.hand_mask, mask_of(view.legal), list(trick.cards), trick.leader,
        view.played_mask, list(view.points_taken), view.seat,
    )


def _check_pass(view: PlayerView) -> None:
    if view.phase is not Phase.PASS or view.seat not in view.waiting_to_pass:
        raise ValueError("this seat has nothing to pass")


class RandomPlayer:
    """Any legal card, any three cards: the bench's weakest table."""

    name = "random"

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        _check_pass(view)
        return tuple(sorted(rng.sample(view.hand, 3)))  # type: ignore[return-value]

    def choose_play(self, view: PlayerView, rng: random.Random) -> Card:
        play_args(view)
        return CARDS[policy.random_card(mask_of(view.legal), rng)]


class _RuleBased:
    name = ""
    _play = staticmethod(policy.normal_play)
    _pass = staticmethod(policy.normal_pass)

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        _check_pass(view)
        return cards_of(self._pass(view.hand_mask))  # type: ignore[return-value]

    def choose_play(self, view: PlayerView, rng: random.Random) -> Card:
        return CARDS[self._play(*play_args(view))]


class Easy(_RuleBased):
    """Avoids taking points right now; passes its highest cards."""

    name = "easy"
    _play = staticmethod(policy.easy_play)
    _pass = staticmethod(policy.easy_pass)


class Normal(_RuleBased):
    """Passes dangerous cards, ducks, sheds the queen of spades well, counts cards."""

    name = "normal"
    _play = staticmethod(policy.normal_play)
    _pass = staticmethod(policy.normal_pass)
