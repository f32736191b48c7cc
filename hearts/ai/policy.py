"""Fast card-choosing rules on bit masks: Easy, Normal, and the look-ahead policy.

Everything here works on 52-bit masks (see :mod:`hearts.engine.cards`) and plain
lists, because the Hard opponent calls :func:`rollout_play` hundreds of
thousands of times per second of thinking. A rule sees one seat's
knowledge only: its own hand, the cards it may play, the trick so far, the
cards played this hand and the points each seat has taken.

The arguments shared by the play rules:

- ``hand``: the seat's cards; ``legal``: the cards it may play now (a
  non-empty subset of ``hand``);
- ``trick``: the cards of the trick in progress, in play order, and
  ``leader``: the seat that led it;
- ``played``: every card played this hand, the current trick included;
- ``taken``: points taken in tricks per seat this hand (before the moon rule);
- ``seat``: the seat choosing.

Each returns a card index (0..51).
"""

from __future__ import annotations
import random
from typing import Sequence

from ..engine.cards import FULL_DECK, POINT_CARDS_MASK, QS_MASK, SUIT_MASKS
from ..engine.rules import NO_POINTS, trick_state

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
H_MASK = SUIT_MASKS[HEARTS]
S_MASK = SUIT_MASKS[SPADES]
QS = 49
QS_BIT = QS_MASK
KS_AS = (1 << 50) | (1 << 51)
TWO_C = 0
POINT_MASK = POINT_CARDS_MASK
SPADES_BELOW_Q = S_MASK & (QS_BIT - 1)

#: A seat that holds every point taken so far and at least this many is
#: treated as shooting the moon by the others (look-ahead policy).
MOON_ALERT = 10
#: A seat that holds every point taken so far and at least this many plays
#: on for the moon itself (look-ahead policy).
MOON_PUSH = 14


def low(mask: int) -> int:
    """The lowest card of a non-empty mask (mask ^ (mask - 1): the bits up
    to it; no -mask, see NOT_QS)."""
    return (mask ^ (mask - 1)).bit_length() - 1


def high(mask: int) -> int:
    """The highest card of a non-empty mask."""
    return mask.bit_length() - 1


_SUIT_RANGE = tuple((s, SUIT_MASKS[s], 13 * s) for s in range(4))
_BELOW = tuple((1 << c) - 1 for c in range(52))  # _BELOW[c]: every card below c (a look-up on the hot path)
_ABOVE = tuple(FULL_DECK ^ ((2 << c) - 1) for c in range(52))  # _ABOVE[c]: every card above c
# Masks here stay positive: a bitwise step with a negative int (``~x``,
# ``-m``) costs Python a two's-complement copy of it, several times a plain
# one, so "all but the queen" is NOT_QS rather than ~QS_BIT, low() takes
# m ^ (m - 1), and the cards out are FULL_DECK ^ (hand | played) (hand and
# played are disjoint sets of the deck).
NOT_QS = FULL_DECK ^ QS_BIT


def highest_rank(mask: int) -> int:
    """The card of ``mask`` with the highest rank; ties go to the shortest suit
    (then the later suit)."""
    best = -1
    key = -1
    for s, sm, base in _SUIT_RANGE:
        m = mask & sm
        if m:
            c = m.bit_length() - 1
            # (rank, fewest cards, suit) as one int: rank first, then 13 - count, then the suit.
            k = ((c - base) << 8) | ((13 - m.bit_count()) << 2) | s
            if k > key:
                key = k
                best = c
    return best


def lowest_rank(mask: int) -> int:
    """The card of ``mask`` with the lowest rank; ties go to the longest suit
    (then the earlier suit)."""
    best = -1
    key = 1 << 30
    for s, sm, base in _SUIT_RANGE:
        m = mask & sm
        if m:
            c = (m & -m).bit_length() - 1
            k = ((c - base) << 8) | ((13 - m.bit_count()) << 2) | s
            if k < key:
                key = k
                best = c
    return best


# -- random -------------------------------------------------------------------


def random_card(legal: int, rng: random.Random) -> int:
    """A legal card, uniformly at random."""
    n = legal.bit_count()
    i = rng.randrange(n)
    m = legal
    for _ in range(i):
        m &= m - 1
    return low(m)


# -- easy ---------------------------------------------------------------------


def easy_play(hand: int, legal: int, trick: Sequence[int], leader: int, played: int,
              taken: Sequence[int], seat: int) -> int:
    """Avoid taking points right now; otherwise play simply.

    Leads its lowest card; follows with the highest card that still loses
    when the trick holds points, else its lowest; when it must win, wins
    with its lowest card that is not the queen of spades; when void, throws
    the queen of spades, then its highest heart, then its highest card.
    """
    if not legal & (legal - 1):
        return high(legal)
    if not trick:
        nq = legal & ~QS_BIT
        return lowest_rank(nq or legal)
    best, _, pts = trick_state(trick)
    suit = SUIT_MASKS[trick[0] // 13]
    if legal & suit:
        below = legal & ((1 << best) - 1)
        if below:
            return high(below) if pts else low(below)
        nq = legal & ~QS_BIT
        return low(nq or legal)
    if legal & QS_BIT:
        return QS
    if legal & H_MASK:
        return high(legal & H_MASK)
    return highest_rank(legal)


def easy_pass(hand: int) -> int:
    """The three highest-ranked cards (ties: the later suit)."""
    cards = sorted(range(52), key=lambda c: (c % 13, c // 13), reverse=True)
    chosen = 0
    for c in cards:
        if hand >> c & 1:
            chosen |= 1 << c
            if chosen.bit_count() == 3:
                break
    return chosen


# -- normal -------------------------------------------------------------------


def normal_play(hand: int, legal: int, trick: Sequence[int], leader: int, played: int,
                taken: Sequence[int], seat: int) -> int:
    """Duck with the highest losing card, shed the queen of spades on the
    ace or king, fish for the queen with low spades, lead where it is safe,
    count the cards still out."""
    if not legal & (legal - 1):
        return high(legal)
    out = FULL_DECK & ~hand & ~played
    if not trick:
        return _normal_lead(hand, legal, out)
    best, _, pts = trick_state(trick)
    lead_suit = trick[0] // 13
    if legal & SUIT_MASKS[lead_suit]:
        return _normal_follow(legal, trick, best, pts, lead_suit, out)
    return _normal_discard(legal, out)


def _normal_lead(hand: int, legal: int, out: int) -> int:
    qs_out = out & QS_BIT
    spades = legal & S_MASK
    if qs_out and spades and not hand & (QS_BIT | KS_AS):
        # Fish for the queen: spades below her, the highest first.
        return spades.bit_length() - 1
    best_card = -1
    best_score = 1e9
    for s, sm, _ in _SUIT_RANGE:
        m = legal & sm
        if not m:
            continue
        c = low(m)
        if c == QS and m & NOT_QS:
            c = low(m & NOT_QS)
        o = out & sm
        if not o:
            score = 50.0  # nobody can follow: I win it and they throw points on it
        else:
            score = 10.0 * (o & _BELOW[c]).bit_count() / o.bit_count()
        if s == SPADES:
            if hand & QS_BIT:
                score += 6.0 if c != QS else 40.0
            elif qs_out and c > QS:
                score += 30.0
        elif s == HEARTS:
            score += 2.0
        if m.bit_count() <= 2:
            score -= 1.0  # on the way to a void
        if score < best_score:
            best_score = score
            best_card = c
    return best_card


def _normal_follow(legal: int, trick: Sequence[int], best: int, pts: int, lead_suit: int, out: int) -> int:
    # (x.bit_length() - 1 is high(x), inlined: this is the look-ahead's hot path.)
    below = legal & _BELOW[best]
    last = len(trick) == 3
    if lead_suit == SPADES:
        if legal & QS_BIT and best > QS:
            return QS  # shed the queen on the king or ace
        if below:
            return below.bit_length() - 1
        nq = legal & NOT_QS
        if not nq:
            return QS
        if last:
            return nq.bit_length() - 1
        # The queen may still come: win as low as possible below her when we can.
        return low(nq)
    if below:
        if last and not pts:
            return legal.bit_length() - 1  # a free trick: get rid of the high card
        return below.bit_length() - 1
    if last or lead_suit != HEARTS:
        return legal.bit_length() - 1
    return low(legal)


def _normal_discard(legal: int, out: int) -> int:
    if legal & QS_BIT:
        return QS
    if out & QS_BIT and legal & KS_AS:
        return high(legal & KS_AS)
    h = legal & H_MASK
    if h:
        return h.bit_length() - 1  # the highest heart
    return highest_rank(legal)


def normal_pass(hand: int) -> int:
    """Pass dangerous cards: the queen of spades when short in spades, high
    spades with few guards, high hearts, and cards of short suits to void them."""
    ranked = pass_ranking(hand)
    return (1 << ranked[0]) | (1 << ranked[1]) | (1 << ranked[2])


def pass_ranking(hand: int) -> list[int]:
    """The cards of ``hand``, the most dangerous to keep first (Normal's pass order)."""
    low_spades = (hand & SPADES_BELOW_Q).bit_count()
    has_q = bool(hand & QS_BIT)
    suit_len = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    scored = []
    m = hand
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        rank = c % 13 + 2
        s = c // 13
        if c == QS:
            score = 100 if low_spades < 4 else -5
        elif c > QS:
            score = 90 if low_spades < 4 or (has_q and low_spades < 5) else 15
        elif s == SPADES:
            score = -20 + rank  # low spades guard the queen
        elif s == HEARTS:
            score = rank * 4 - 12 if rank >= 8 else rank - 10
        else:
            score = rank * 3
            if c == TWO_C:
                score = -50
            elif suit_len[s] <= 2:
                score += 25
            elif suit_len[s] == 3:
                score += 10
        scored.append((score, c))
    scored.sort(reverse=True)
    return [c for _, c in scored]


# -- the look-ahead policy (Normal plus the moon) ------------------------------


def rollout_play(hand: int, legal: int, trick: Sequence[int], leader: int, played: int,
                 taken: Sequence[int], seat: int) -> int:
    """Normal's rules, plus the moon: a seat holding every point taken so far
    (enough of them) plays on for the moon, and the others try to stop it.

    It decides as :func:`normal_play` does, with Normal's own lead, follow
    and discard rules, and the defence and the push for the moon of
    :func:`rollout_choice`, to which it gives the trick's state."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    best, at, pts = trick_state(trick) if trick else (-1, 0, 0)
    return rollout_choice(hand, legal, trick, leader, played, taken, seat, best, at, pts, sum(taken))


def rollout_choice(hand: int, legal: int, trick: Sequence[int], leader: int, played: int,
                   taken: Sequence[int], seat: int, best: int, at: int, pts: int, total: int) -> int:
    """:func:`rollout_play` for a caller that knows the trick's state:
    ``best``, ``at`` and ``pts`` are :func:`hearts.engine.rules.trick_state`
    of ``trick`` (anything while leading), ``total`` is the sum of
    ``taken``; ``legal`` holds two cards or more.

    The look-ahead's hot path: Hard's playout keeps the trick's state card
    by card and the points taken trick by trick, where reading them again
    at each choice was a fifth of a playout's time. Normal's lead, follow
    and discard rules are called directly, without the second call of
    :func:`normal_play`."""
    if not trick:  # a lead: the defence has no idea for one
        if total >= MOON_PUSH and taken[seat] == total:
            return shoot_play(hand, legal, trick, leader, played)
        return _normal_lead(hand, legal, FULL_DECK ^ (hand | played))
    lead_suit = trick[0] // 13
    follow = legal & SUIT_MASKS[lead_suit]
    if total >= MOON_ALERT and total in taken:  # one seat holds every point taken (total > 0)
        shooter = taken.index(total)
        if shooter == seat:
            if total >= MOON_PUSH:
                return shoot_play(hand, legal, trick, leader, played)
        else:
            card = _defend(legal, follow, trick, leader, shooter, best, at, pts, lead_suit)
            if card >= 0:
                return card
            if follow:
                return _normal_follow(legal, trick, best, pts, lead_suit, 0)
            return _normal_discard(legal, FULL_DECK ^ (hand | played))
    if follow:
        return _normal_follow(legal, trick, best, pts, lead_suit, 0)
    return _normal_discard(legal, FULL_DECK ^ (hand | played))


def shoot_play(hand: int, legal: int, trick: Sequence[int], leader: int, played: int) -> int:
    """Play to take every trick: lead and follow high; throw off low non-points."""
    if not trick:
        # Lead from strength: the suit in which we hold the highest card still out.
        out = FULL_DECK & ~hand & ~played
        best = -1
        key = None
        for s in (0, 1, 2, 3):
            m = legal & SUIT_MASKS[s]
            if not m:
                continue
            c = m.bit_length() - 1
            o = out & SUIT_MASKS[s]
            boss = not (o >> c)
            k = (boss, s != HEARTS or not o, c % 13)
            if key is None or k > key:
                key = k
                best = c
        return best
    best = trick_state(trick)[0]
    lead_suit = trick[0] // 13
    if legal & SUIT_MASKS[lead_suit]:
        over = legal & _ABOVE[best]
        return high(over) if over else low(legal)
    np = legal & NO_POINTS
    return lowest_rank(np or legal)


def _defend(legal: int, follow: int, trick: Sequence[int], leader: int, shooter: int,
            best: int, at: int, pts: int, lead_suit: int) -> int:
    """Stop ``shooter`` from within a trick (``trick``'s state from
    :func:`hearts.engine.rules.trick_state`; ``follow``: the legal cards of
    the suit led): take a point, or let someone else take one. -1: no idea."""
    winner = (leader + at) & 3
    if follow:
        if winner == shooter and (pts or lead_suit == HEARTS):
            over = legal & _ABOVE[best]
            if over:
                return high(over)
        return -1
    if winner != shooter and (shooter - leader) & 3 < len(trick):  # the shooter has played to it
        h = legal & POINT_MASK
        if h:
            return QS if h & QS_BIT else high(h)
        return -1
    np = legal & NO_POINTS
    if np:
        return highest_rank(np)
    return -1
