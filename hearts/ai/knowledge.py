"""What one seat can know about the hidden cards, and deals that agree with it.

From a :class:`~hearts.game.PlayerView` only:

- the unseen cards are the deck less the seat's hand and the cards played;
- the cards it passed are in the receiver's hand until the receiver plays them;
- a seat that did not follow the suit led holds none of that suit;
- a seat that led a heart before hearts were broken held only hearts;
- a seat that threw a point card on the first trick held only point cards;
- each seat holds as many cards as the view counts;
- a seat that could have dropped the queen of spades (showing out of a suit
  led, or following a spade trick the ace or king already held) and did not
  probably does not hold her: as long as some other seat may, she is not
  dealt to it (the one inference about how people play, not about rules).

:func:`infer` gathers that into a :class:`Knowledge`, and :func:`sample_deal`
draws hands for the other seats that satisfy all of it. Both depend on the
view and the random generator only, so the same view and the same generator
state always give the same deal, whatever the true deal is.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import FULL_DECK, POINTS, SUIT_MASKS, mask_of
from ..game import PassDirection, PlayerView
from .policy import H_MASK, HEARTS, POINT_MASK, QS, QS_BIT, SPADES

_BITS = tuple(1 << c for c in range(52))


class Knowledge(NamedTuple):
    """Constraints on the hidden cards, as masks per seat.

    ``known[s]``: cards surely in seat ``s``'s hand; ``allowed[s]``: cards it
    may hold (``known[s]`` included); ``need[s]``: how many cards of
    ``free`` it still gets; ``free``: unseen cards whose place is unknown.
    The seat's own entries are its hand, exactly.
    """

    seat: int
    hand: int
    unseen: int
    known: tuple[int, int, int, int]
    allowed: tuple[int, int, int, int]
    need: tuple[int, int, int, int]
    free: int
    voids: tuple[tuple[bool, bool, bool, bool], ...]


def infer(view: PlayerView) -> Knowledge:
    """Everything the view tells about where the unseen cards are."""
    me = view.seat
    hand = view.hand_mask
    played = view.played_mask
    unseen = FULL_DECK & ~hand & ~played
    allowed = [unseen, unseen, unseen, unseen]
    known = [0, 0, 0, 0]
    if view.passed and view.pass_direction is not PassDirection.NONE:
        known[view.pass_direction.target(me)] = mask_of(view.passed) & unseen
    tricks = list(view.tricks)
    if view.trick is not None and view.trick.cards:
        tricks.append(view.trick)
    broken = False
    queen_out = True
    no_queen = set()
    for i, t in enumerate(tricks):
        cards = t.cards
        lead_suit = cards[0] // 13
        if i and lead_suit == HEARTS and not broken:
            allowed[t.leader] &= H_MASK
        best = cards[0]
        if best == QS:
            queen_out = False
        for j in range(1, len(cards)):
            c = cards[j]
            s = (t.leader + j) & 3
            if c // 13 != lead_suit:
                allowed[s] &= ~SUIT_MASKS[lead_suit]
                if i == 0 and POINTS[c]:
                    allowed[s] &= POINT_MASK
                if i and queen_out and c != QS:
                    no_queen.add(s)
            else:
                if lead_suit == SPADES and best > QS and queen_out and c != QS:
                    no_queen.add(s)
                best = max(best, c)
            if c == QS:
                queen_out = False
        if any(26 <= c < 39 for c in cards):
            broken = True
    if unseen & QS_BIT and not any(known[s] & QS_BIT for s in range(4)):
        could = [s for s in range(4) if s != me and allowed[s] & QS_BIT and s not in no_queen]
        if could:
            for s in no_queen:
                allowed[s] &= ~QS_BIT
    all_known = known[0] | known[1] | known[2] | known[3]
    for s in range(4):
        allowed[s] = (allowed[s] & ~all_known) | known[s]
    allowed[me] = known[me] = hand
    need = [view.card_counts[s] - known[s].bit_count() for s in range(4)]
    need[me] = 0
    voids = tuple(
        tuple(not allowed[s] & SUIT_MASKS[u] & unseen for u in range(4)) for s in range(4)
    )
    return Knowledge(
        me, hand, unseen, tuple(known), tuple(allowed), tuple(need),  # type: ignore[arg-type]
        unseen & ~all_known, voids,
    )


def sample_deal(k: Knowledge, rng) -> list[int]:
    """Four hands (masks) that agree with ``k``, drawn with ``rng``.

    Unconstrained cards are shuffled and dealt out; when voids or other
    limits apply, the most constrained cards are placed first, each with a
    chance proportional to the room left in the seats that may take it,
    starting over on a dead end (and falling back to an exhaustive search).
    """
    me = k.seat
    others = [(me + 1) & 3, (me + 2) & 3, (me + 3) & 3]
    free = k.free
    cards = []
    m = free
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    hands = list(k.known)
    if all(k.allowed[s] & free == free for s in others if k.need[s]):
        rng.shuffle(cards)
        at = 0
        bits = _BITS
        for s in others:
            n = k.need[s]
            h = hands[s]
            for c in cards[at:at + n]:
                h |= bits[c]
            hands[s] = h
            at += n
        return hands
    options = []
    for c in cards:
        seats = [s for s in others if k.allowed[s] >> c & 1]
        options.append((len(seats), c, seats))
    options.sort()
    for _ in range(50):
        room = list(k.need)
        got = list(hands)
        for _, c, seats in options:
            total = 0
            for s in seats:
                total += room[s]
            if not total:
                break
            pick = rng.randrange(total)
            for s in seats:
                pick -= room[s]
                if pick < 0:
                    break
            room[s] -= 1
            got[s] |= _BITS[c]
        else:
            return got
    return _exhaustive(options, list(k.need), list(hands), rng)


def _exhaustive(options, room, hands, rng):
    """A deal found by backtracking (there always is one: the true deal)."""
    order = [(c, seats[:]) for _, c, seats in options]
    for _, seats in order:
        rng.shuffle(seats)

    def place(i: int) -> bool:
        if i == len(order):
            return True
        c, seats = order[i]
        for s in seats:
            if room[s]:
                room[s] -= 1
                hands[s] |= _BITS[c]
                if place(i + 1):
                    return True
                room[s] += 1
                hands[s] &= ~_BITS[c]
        return False

    if not place(0):
        raise ValueError("no deal agrees with this view")
    return hands
