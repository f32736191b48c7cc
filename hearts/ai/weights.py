"""What the others' plays say: how likely a sampled deal makes what they did.

A sampled deal (:func:`hearts.ai.knowledge.sample_deal`) only respects hard
facts. But a player who ducked under the queen of spades with the king in
hand would have been unlikely to do so; a deal that gives that player the
king should count for less. :func:`decisions` lists the other seats' plays
of this hand from the view (the cards played, in order, by whom, in what
trick); :func:`likelihood` gives a deal a weight: for each of those plays
the seat's hand at that moment is the deal's hand plus the cards it played
since, its legal cards follow from :func:`hearts.engine.rules.legal`, and a play
Normal's rules (:func:`hearts.ai.policy.normal_play`) would have made
counts 1, another ``SOFT`` (the model is softened: people, and other
levels, play otherwise too). Plays with one legal card say nothing.

Only the view's public history and the deal are used.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ..engine.game import PlayerView
from ..engine.rules import breaks_hearts, legal, trick_state
from .policy import normal_play

#: The weight of a play that Normal's rules would not have made in that deal.
SOFT = 0.5


class Decision(NamedTuple):
    seat: int
    card: int
    trick: tuple[int, ...]  # the trick before the card
    leader: int
    played: int  # every card played this hand before it
    taken: tuple[int, int, int, int]  # the points taken before it
    led: int | None
    first: bool
    broken: bool
    later: int  # the cards the seat played from this one on (this one included)


def decisions(view: PlayerView) -> tuple[Decision, ...]:
    """The other seats' plays of this hand, as they stood when each was made."""
    me = view.seat
    tricks = list(view.tricks)
    if view.trick is not None and view.trick.cards:
        tricks.append(view.trick)
    out: list[Decision] = []
    played = 0
    taken = [0, 0, 0, 0]
    broken = False
    for i, t in enumerate(tricks):
        cards = t.cards
        for j, c in enumerate(cards):
            seat = (t.leader + j) & 3
            if seat != me:
                out.append(Decision(
                    seat, c, tuple(cards[:j]), t.leader, played, (taken[0], taken[1], taken[2], taken[3]),
                    cards[0] // 13 if j else None, not i, broken, 0))
            played |= 1 << c
        if len(cards) == 4:
            _, at, points = trick_state(list(cards))
            taken[(t.leader + at) & 3] += points
        if not broken:
            broken = breaks_hearts(list(cards))
    # Each decision's later cards: what its seat played from then on.
    later = [0, 0, 0, 0]
    result = []
    for d in reversed(out):
        later[d.seat] |= 1 << d.card
        result.append(d._replace(later=later[d.seat]))
    result.reverse()
    return tuple(result)


def likelihood(deal: Sequence[int], history: tuple[Decision, ...]) -> float:
    """The weight of ``deal`` (four hands, as held now) given ``history``."""
    w = 1.0
    for d in history:
        hand = deal[d.seat] | d.later
        options = legal(hand, d.led, d.first, d.broken)
        if options & (options - 1):
            if normal_play(hand, options, list(d.trick), d.leader, d.played, list(d.taken), d.seat) != d.card:
                w *= SOFT
    return w
