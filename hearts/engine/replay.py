"""A finished hand told trick by trick, from the game's history.

The save keeps every hand as it was dealt, passed and played
(:attr:`hearts.engine.game.Game.log`, :meth:`~hearts.engine.game.Game.record`); this
module plays one hand again through the engine and returns plain data for
the page: the deal, the pass (who gave which cards to whom), and each trick
with its leader, cards, winner and points, plus the four hands as they
stood before every trick. Only finished hands are told: once a hand is
over nothing in it is hidden any more, so the page may show all four
hands face up.

>>> from hearts.engine.game import Game
>>> g = Game.new(3)
>>> for s in range(4): g.pass_cards(s, g.hand(s)[:3])
>>> while g.phase.value == "play": g.play(g.to_act, g.legal[0])
>>> r = build(g, 0)
>>> len(r.tricks), sum(t.points for t in r.tricks), r.direction
(13, 26, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from .cards import cards_of
from . import rules
from .game import Game, HandRecord, PassDirection, Phase, Trick

_CYCLE = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)


@dataclass(frozen=True)
class ReplayTrick:
    leader: int
    seats: tuple[int, ...]
    cards: tuple[str, ...]
    winner: int
    points: int
    hands: tuple[tuple[str, ...], ...]  # the four hands before this trick


@dataclass(frozen=True)
class Replay:
    hand: int  # index of the hand in the game (0 = the first)
    direction: int  # seats to the left the cards went (0: no passing)
    dealt: tuple[tuple[str, ...], ...]
    passed: tuple[tuple[str, ...], ...]  # what each seat gave (empty without passing)
    tricks: tuple[ReplayTrick, ...]
    points: tuple[int, int, int, int]  # the hand's score (moon rule applied)
    moon: int | None

    @property
    def steps(self) -> int:
        """Step 0 is the deal and the pass; step k (1..13) shows trick k."""
        return len(self.tricks) + 1


def direction_of(game: Game, hand: int) -> PassDirection:
    first = _CYCLE.index(game.first_pass_direction)
    return _CYCLE[(first + hand) % 4]


def _records(game: Game) -> tuple[HandRecord, ...]:
    return (*game.log, game.record())


def finished_hands(game: Game) -> int:
    """How many hands of the game can be told (the finished ones)."""
    return len(game.results)


def _play(game: Game, hand: int) -> tuple[HandRecord, PassDirection, Game, list[tuple[tuple[str, ...], ...]]]:
    """The engine's replay of hand ``hand``: (record, the game after it)."""
    if not 0 <= hand < finished_hands(game):
        raise ValueError(f"hand {hand} is not finished")
    rec = _records(game)[hand]
    direction = direction_of(game, hand)
    g = Game.from_deal([cards_of(m) for m in rec.dealt], direction)
    for seat, passed in enumerate(rec.passes):
        if passed is not None:
            g.pass_cards(seat, cards_of(passed))
    states = []
    for n, card in enumerate(rec.plays):
        if n % 4 == 0:  # a trick begins: the four hands as they stand
            states.append(tuple(tuple(str(c) for c in g.hand(s)) for s in range(4)))
        g.play(g.to_act, card)
    return rec, direction, g, states


def hand_tricks(game: Game, hand: int) -> tuple[Trick, ...]:
    """The finished hand's 13 tricks (hearts.engine.game.Trick, winners set),
    without replaying the engine (the statistics need them at the game's
    last click, for every hand): the first leader holds the two of clubs
    after the pass, the best card of the suit led takes each trick
    (:func:`hearts.engine.rules.trick_state`, the engine's own rule). Tested
    against the engine's replay (tests/test_stats.py)."""
    if not 0 <= hand < finished_hands(game):
        raise ValueError(f"hand {hand} is not finished")
    rec = _records(game)[hand]
    shift = int(direction_of(game, hand))
    held = list(rec.dealt)
    if shift:
        for seat, passed in enumerate(rec.passes):
            assert passed is not None  # a finished hand that passes: every pass is chosen
            held[seat] &= ~passed
            held[(seat + shift) % 4] |= passed
    leader = next(s for s in range(4) if held[s] & 1)  # the two of clubs is card 0
    plays = rec.plays
    out = []
    for start in range(0, len(plays), 4):
        cards = tuple(plays[start:start + 4])
        at = rules.trick_state(cards)[1]
        winner = (leader + at) % 4
        out.append(Trick(leader, cards, winner))
        leader = winner
    return tuple(out)


def build(game: Game, hand: int) -> Replay:
    """Hand ``hand`` (0-based, finished) of ``game`` as a :class:`Replay`."""
    rec, direction, g, states = _play(game, hand)
    assert g.phase in (Phase.HAND_END, Phase.GAME_END)  # so every trick has its winner
    tricks = tuple(
        ReplayTrick(t.leader, t.seats, tuple(str(c) for c in t.cards), cast(int, t.winner), t.points, states[i])
        for i, t in enumerate(g.tricks)
    )
    result = game.results[hand]
    return Replay(
        hand=hand,
        direction=int(direction),
        dealt=tuple(tuple(str(c) for c in cards_of(m)) for m in rec.dealt),
        passed=tuple(() if p is None else tuple(str(c) for c in cards_of(p)) for p in rec.passes),
        tricks=tricks,
        points=result.points,
        moon=result.moon,
    )
