"""What one seat can know about the hidden cards, and deals that agree with it.

From a :class:`~hearts.engine.game.PlayerView` only:

- the unseen cards are the deck less the seat's hand and the cards played;
- the cards it passed are in the receiver's hand until the receiver plays them;
- what a legal card tells about the hand that played it
  (:func:`hearts.engine.rules.revealed_void`): a seat that did not follow holds
  none of the suit led, one that led a heart before hearts were broken
  held only hearts, one that threw a point card on the first trick held
  only point cards;
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

import random
from functools import lru_cache
from typing import NamedTuple, Sequence

from ..engine.cards import _BITS, FULL_DECK, SUIT_MASKS, mask_of
from ..engine.game import PassDirection, PlayerView
from ..engine.rules import breaks_hearts, revealed_void
from .policy import QS, QS_BIT, SPADES


class Knowledge(NamedTuple):
    """Constraints on the hidden cards, as masks per seat.

    ``known[s]``: cards surely in seat ``s``'s hand; ``allowed[s]``: cards it
    may hold (``known[s]`` included); ``need[s]``: how many cards of
    ``free`` it still gets; ``free``: unseen cards whose place is unknown;
    ``groups``: the free cards by the set of seats that may hold them
    (a 4-bit seat mask and the cards), the most constrained first.
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
    groups: tuple[tuple[int, tuple[int, ...]], ...]


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
        first = not i
        lead_suit = cards[0] // 13
        allowed[t.leader] &= ~revealed_void(cards[0], None, first, broken)
        best = cards[0]
        if best == QS:
            queen_out = False
        for j in range(1, len(cards)):
            c = cards[j]
            s = (t.leader + j) & 3
            allowed[s] &= ~revealed_void(c, lead_suit, first, broken)
            if c // 13 != lead_suit:
                if i and queen_out and c != QS:
                    no_queen.add(s)
            else:
                if lead_suit == SPADES and best > QS and queen_out and c != QS:
                    no_queen.add(s)
                best = max(best, c)
            if c == QS:
                queen_out = False
        if not broken:
            broken = breaks_hearts(cards)
    all_known = known[0] | known[1] | known[2] | known[3]
    for s in range(4):
        allowed[s] = (allowed[s] & ~all_known) | known[s]
    allowed[me] = known[me] = hand
    need = [view.card_counts[s] - known[s].bit_count() for s in range(4)]
    need[me] = 0
    free = unseen & ~all_known
    groups = _groups(me, allowed, free)
    if not _feasible(groups, need):
        raise ValueError("no deal agrees with this view")
    if no_queen and free & QS_BIT:
        # The soft inference, only where some deal still agrees with it.
        guess = [a & ~QS_BIT if s in no_queen else a for s, a in enumerate(allowed)]
        guess_groups = _groups(me, guess, free)
        if _feasible(guess_groups, need):
            allowed, groups = guess, guess_groups
    voids = tuple(_voids(allowed[s] & unseen) for s in range(4))
    return Knowledge(
        me, hand, unseen, tuple(known), tuple(allowed), tuple(need),  # type: ignore[arg-type]
        free, voids, groups,
    )


def _voids(cards: int) -> tuple[bool, bool, bool, bool]:
    """For each suit, clubs to spades, whether ``cards`` holds none of it."""
    clubs, diamonds, hearts, spades = SUIT_MASKS
    return (not cards & clubs, not cards & diamonds, not cards & hearts, not cards & spades)


def _groups(me: int, allowed: Sequence[int], free: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    by_seats: dict[int, list[int]] = {}
    m = free
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        seats = 0
        for s in range(4):
            if s != me and allowed[s] & low:
                seats |= 1 << s
        by_seats.setdefault(seats, []).append(c)
    order = sorted(by_seats, key=lambda seats: (seats.bit_count(), seats))
    return tuple((seats, tuple(by_seats[seats])) for seats in order)


_SUBSETS = tuple(range(1, 16))


def _feasible(groups: Sequence[tuple[int, tuple[int, ...]]], need: Sequence[int],
              counts: list[int] | None = None) -> bool:
    """Hall's condition: for every set of seats, the cards only they may hold
    fit in the room they have left (then some deal places every card)."""
    if counts is None:
        counts = [len(cards) for _, cards in groups]
    for subset in _SUBSETS:
        inside = 0
        for (seats, _), n in zip(groups, counts):
            if n and seats & ~subset == 0:
                inside += n
        if inside:
            room = 0
            for s in range(4):
                if subset >> s & 1:
                    room += need[s]
            if inside > room:
                return False
    return True


@lru_cache(maxsize=256)  # Hard samples many deals from one Knowledge: the same groups each time
def _seat_checks(groups: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]:
    """For each seat, the sets of seats holding it that Hall's condition
    must be checked for when that seat takes one more card: (the seats of
    the set, the groups only they may hold), for every set with a group.

    Placing a card of a group in seat ``s`` takes one card from the group
    and one place from ``s``: a set of seats without ``s`` keeps its room
    and cannot gain cards, so from a placeable state only the sets holding
    ``s`` can become unplaceable. :func:`_feasible` checks every set; this
    is the same answer with about half the work."""
    out = []
    for seat in range(4):
        checks = []
        for subset in _SUBSETS:
            if subset >> seat & 1:
                inside = tuple(g for g, (seats, _) in enumerate(groups) if seats & ~subset == 0)
                if inside:
                    checks.append((tuple(s for s in range(4) if subset >> s & 1), inside))
        out.append(tuple(checks))
    return tuple(out)


def _fits(checks: Sequence[tuple[tuple[int, ...], tuple[int, ...]]], room: Sequence[int], counts: Sequence[int]) -> bool:
    """Hall's condition (as :func:`_feasible`) on the sets of ``checks`` only."""
    for seats, inside in checks:
        n = 0
        for g in inside:
            n += counts[g]
        if n:
            r = 0
            for s in seats:
                r += room[s]
            if n > r:
                return False
    return True


def sample_deal(k: Knowledge, rng: random.Random) -> list[int]:
    """Four hands (masks) that agree with ``k``, drawn with ``rng``.

    Unconstrained cards are shuffled and dealt out. When voids or other
    limits apply, the most constrained cards are placed first, each in a
    seat that may hold it with a chance proportional to the room it has
    left, among the seats that keep the rest placeable (Hall's condition):
    no dead ends, no starting over. ``k`` is placeable (:func:`infer`
    checks it) and stays so after every card, so each card's check is
    :func:`_fits` on the sets holding the seat it goes to.
    """
    me = k.seat
    hands = list(k.known)
    groups = k.groups
    if len(groups) == 1 and groups[0][0].bit_count() == 3:
        cards = list(groups[0][1])
        rng.shuffle(cards)
        at = 0
        bits = _BITS
        for s in ((me + 1) & 3, (me + 2) & 3, (me + 3) & 3):
            n = k.need[s]
            h = hands[s]
            for c in cards[at:at + n]:
                h |= bits[c]
            hands[s] = h
            at += n
        return hands
    room = list(k.need)
    counts = [len(cards) for _, cards in groups]
    checks = _seat_checks(groups)
    randrange, shuffle, bits = rng.randrange, rng.shuffle, _BITS
    for g, (seats, group) in enumerate(groups):
        cards = list(group)
        shuffle(cards)
        options = [s for s in range(4) if seats >> s & 1]
        several = len(options) > 1
        for c in cards:
            counts[g] -= 1
            if several:
                weights = []
                for s in options:
                    w = room[s]
                    if w:
                        room[s] = w - 1
                        if not _fits(checks[s], room, counts):
                            w = 0
                        room[s] += 1
                    weights.append(w)
                pick = randrange(sum(weights))
                for s, w in zip(options, weights):
                    pick -= w
                    if pick < 0:
                        break
            else:
                s = options[0]
                randrange(room[s])  # the draw the general case makes: the same deals follow
            room[s] -= 1
            hands[s] |= bits[c]
    return hands
