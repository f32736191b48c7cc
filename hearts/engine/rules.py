"""The rules of Hearts, written once, as small functions on card masks.

Everything that decides what is legal, who takes a trick, when hearts are
broken, what a hand scores and where passed cards go is here, and only
here: the engine (:mod:`hearts.engine.game`), the opponents' look-ahead
(:mod:`hearts.ai.hard`), their policies and their card inference
(:mod:`hearts.ai.knowledge`) all call these functions. Change a rule here
and every one of them plays by the new rule.

A set of cards is a 52-bit mask (card ``c`` is bit ``c``; see
:mod:`hearts.engine.cards`), a trick is the list of its cards in play order and a
suit is 0 to 3 (clubs, diamonds, hearts, spades). The functions take plain
ints, lists and bools, because the look-ahead calls them hundreds of
thousands of times a second.

>>> from hearts.engine.cards import mask_of, format_cards, cards_of
>>> hand = mask_of(["2C", "9C", "5H", "QS"])
>>> format_cards(cards_of(legal(hand, led=None, first=True, broken=False)))
'2C'
>>> format_cards(cards_of(legal(hand, led=DIAMONDS, first=False, broken=False)))
'2C 9C 5H QS'
"""

from __future__ import annotations

from enum import Enum
from typing import Sequence

from .cards import FULL_DECK, HEARTS_MASK, POINT_CARDS_MASK, POINTS, SUIT_MASKS

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
NOT_HEARTS = FULL_DECK & ~HEARTS_MASK
NO_POINTS = FULL_DECK & ~POINT_CARDS_MASK  # POINTS (1 a heart, 13 the queen): hearts.engine.cards
TWO_OF_CLUBS_BIT = 1  # card 0
#: TAKES_FROM[best]: the cards that take a trick from ``best``, its best card
#: so far: the higher cards of its suit, which is the suit led. The highest
#: card of the suit led takes the trick; a card of another suit never does.
#: This table is that rule, once: :func:`trick_state` reads it, and so does
#: Hard's look-ahead, which keeps a trick's state card by card
#: (:func:`hearts.ai.hard.play_out`); the engine reads it as a grid of
#: booleans made from it (``hearts.engine.game._TAKES``). A frozenset:
#: ``card in`` one is as quick as the comparisons it replaces.
TAKES_FROM: tuple[frozenset[int], ...] = tuple(
    frozenset(range(best + 1, best - best % 13 + 13)) for best in range(52)
)
#: All the points of one hand; a seat that takes them all has shot the moon.
HAND_POINTS = 26


class Reason(str, Enum):
    """Why an action was refused. Codes, not prose: the page translates them."""

    GAME_OVER = "game-over"
    WRONG_PHASE = "wrong-phase"
    NOT_YOUR_TURN = "not-your-turn"
    NO_SUCH_SEAT = "no-such-seat"
    NOT_A_CARD = "not-a-card"
    CARD_NOT_HELD = "card-not-held"
    MUST_LEAD_TWO_OF_CLUBS = "must-lead-two-of-clubs"
    MUST_FOLLOW_SUIT = "must-follow-suit"
    HEARTS_NOT_BROKEN = "hearts-not-broken"
    NO_POINTS_ON_FIRST_TRICK = "no-points-on-first-trick"
    PASS_THREE_CARDS = "pass-three-cards"
    PASS_DUPLICATE_CARD = "pass-duplicate-card"
    ALREADY_PASSED = "already-passed"


# -- playing a card ------------------------------------------------------------


def legal(hand: int, led: int | None, first: bool, broken: bool) -> int:
    """The cards of ``hand`` that may be played now, as a mask.

    ``led`` is the suit of the trick's first card (None to lead), ``first``
    whether this is the hand's first trick, ``broken`` whether hearts are
    broken (see :func:`breaks_hearts`).

    - Follow the suit led when you can.
    - Unable to follow on the first trick: no heart and not the queen of
      spades, unless the hand holds nothing else.
    - Lead the two of clubs to the first trick.
    - No heart lead before hearts are broken, unless the hand is all hearts.

    >>> from hearts.engine.cards import mask_of, format_cards, cards_of
    >>> show = lambda m: format_cards(cards_of(m))
    >>> show(legal(mask_of(["3D", "5H", "QS"]), CLUBS, True, False))
    '3D'
    >>> show(legal(mask_of(["5H", "QS"]), CLUBS, True, False))
    '5H QS'
    >>> show(legal(mask_of(["5H", "QS"]), None, False, False))
    'QS'
    >>> show(legal(mask_of(["5H", "7H"]), None, False, False))
    '5H 7H'
    """
    if led is not None:
        follow = hand & SUIT_MASKS[led]
        if follow:
            return follow
        if first:
            return hand & NO_POINTS or hand
        return hand
    if first:
        return hand & TWO_OF_CLUBS_BIT
    if broken:
        return hand
    return hand & NOT_HEARTS or hand


def refusal(hand: int, led: int | None, first: bool, broken: bool, card: int) -> Reason | None:
    """Why ``card`` may not be played now (a :class:`Reason`), or None if it may.

    >>> from hearts.engine.cards import mask_of, Card
    >>> hand = mask_of(["3D", "5H", "QS"])
    >>> refusal(hand, DIAMONDS, False, False, Card.parse("5H"))
    <Reason.MUST_FOLLOW_SUIT: 'must-follow-suit'>
    >>> refusal(hand, None, False, False, Card.parse("5H"))
    <Reason.HEARTS_NOT_BROKEN: 'hearts-not-broken'>
    >>> refusal(hand, None, False, True, Card.parse("5H")) is None
    True
    """
    bit = 1 << card
    if not hand & bit:
        return Reason.CARD_NOT_HELD
    if legal(hand, led, first, broken) & bit:
        return None
    if led is not None:
        return Reason.MUST_FOLLOW_SUIT if hand & SUIT_MASKS[led] else Reason.NO_POINTS_ON_FIRST_TRICK
    return Reason.MUST_LEAD_TWO_OF_CLUBS if first else Reason.HEARTS_NOT_BROKEN


def revealed_void(card: int, led: int | None, first: bool, broken: bool) -> int:
    """The cards a seat cannot have held, seeing that it played ``card`` legally.

    What the rules of :func:`legal` let every other player conclude: a seat
    that did not follow holds none of the suit led; one that threw a point
    card on the first trick held nothing else; one that led a heart before
    hearts were broken held only hearts.

    >>> from hearts.engine.cards import Card, cards_of
    >>> revealed_void(Card.parse("5H"), CLUBS, True, False) == NO_POINTS  # clubs among them
    True
    >>> revealed_void(Card.parse("5H"), None, False, False) == NOT_HEARTS
    True
    """
    if led is not None:
        if card // 13 == led:
            return 0
        if first and POINTS[card]:
            return SUIT_MASKS[led] | NO_POINTS
        return SUIT_MASKS[led]
    if not first and not broken and card // 13 == HEARTS:
        return NOT_HEARTS
    return 0


# -- a trick -----------------------------------------------------------------------


def trick_state(trick: Sequence[int]) -> tuple[int, int, int]:
    """(the best card of the suit led so far, its place in ``trick``, points so far).

    The highest card of the suit led takes the trick; the others never do.

    >>> from hearts.engine.cards import Card
    >>> trick_state([Card.parse(c) for c in ("9C", "KC", "AH", "TC")])
    (Card('KC'), 1, 1)
    """
    best = trick[0]
    takes = TAKES_FROM[best]
    points = 0
    for c in trick:
        points += POINTS[c]
        if c in takes:
            best = c
            takes = TAKES_FROM[c]
    return best, trick.index(best), points


def breaks_hearts(trick: Sequence[int]) -> bool:
    """Whether ``trick`` (complete or not) breaks hearts: a heart discarded on
    a trick whose led suit is not hearts. A heart lead, and the hearts that
    follow it, do not break them; nor does the queen of spades.

    >>> from hearts.engine.cards import Card
    >>> breaks_hearts([Card.parse(c) for c in ("9C", "5H")])
    True
    >>> breaks_hearts([Card.parse(c) for c in ("5H", "9H", "QS")])
    False
    """
    if trick[0] // 13 == HEARTS:
        return False
    for c in trick:
        if c // 13 == HEARTS:
            return True
    return False


# -- a hand ----------------------------------------------------------------------


def hand_result(taken: Sequence[int]) -> tuple[tuple[int, int, int, int], int | None]:
    """A finished hand's points per seat, and the seat that shot the moon (or None).

    ``taken`` is the points each seat took in tricks. A seat that took all
    26 scores 0 and every other seat 26.

    >>> hand_result([3, 13, 10, 0])
    ((3, 13, 10, 0), None)
    >>> hand_result([0, 26, 0, 0])
    ((26, 0, 26, 26), 1)
    """
    if HAND_POINTS not in taken:
        return tuple(taken), None  # type: ignore[return-value]
    moon = taken.index(HAND_POINTS)
    points = [HAND_POINTS] * 4
    points[moon] = 0
    return tuple(points), moon  # type: ignore[return-value]


def received(passes: Sequence[int], offset: int) -> list[int]:
    """What each seat receives when every seat gives ``passes[s]`` to the
    seat ``offset`` places to its left (1 left, 2 across, 3 right).

    >>> received([1, 2, 4, 8], 3)
    [2, 4, 8, 1]
    """
    return [*passes[-offset:], *passes[:-offset]]  # seat s + offset receives passes[s]


def exchange(hands: Sequence[int], passes: Sequence[int], offset: int) -> list[int]:
    """The hands after every seat gives ``passes[s]`` to the seat ``offset``
    places to its left (see :func:`received`), all at once.

    >>> exchange([1, 2, 4, 8], [1, 2, 4, 8], 1)
    [8, 1, 2, 4]
    """
    h0, h1, h2, h3 = hands
    p0, p1, p2, p3 = passes
    r0, r1, r2, r3 = received(passes, offset)
    # (FULL_DECK ^ p is every card but p: ~p, negative, is slower)
    return [
        h0 & (FULL_DECK ^ p0) | r0,
        h1 & (FULL_DECK ^ p1) | r1,
        h2 & (FULL_DECK ^ p2) | r2,
        h3 & (FULL_DECK ^ p3) | r3,
    ]
