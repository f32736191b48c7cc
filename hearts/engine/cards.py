"""Cards, suits and sets of cards as bit masks.

A card is a small immutable value: an ``int`` from 0 to 51, ordered by suit
(clubs, diamonds, hearts, spades) and then by rank (2 up to the ace). Its
text form is two characters, rank then suit:

>>> QUEEN_OF_SPADES
Card('QS')
>>> str(Card.parse("TH")), int(Card.parse("2C")), int(Card.parse("AS"))
('TH', 0, 51)
>>> Card.parse("QS").suit, Card.parse("QS").rank
(<Suit.SPADES: 3>, 12)

A set of cards is a 52-bit mask (bit ``n`` set means card ``n`` is in the
set), the way python-chess keeps squares. All the engine's rules are a few
``&`` and ``|`` on such masks:

>>> hand = mask_of(["2C", "KC", "QS"])
>>> hand & SUIT_MASKS[Suit.CLUBS] == mask_of(["2C", "KC"])
True
>>> [str(c) for c in cards_of(hand)]
['2C', 'KC', 'QS']
"""

from __future__ import annotations

from enum import IntEnum
from typing import Iterable

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"


class Suit(IntEnum):
    """The four suits, in the order cards are sorted."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """One letter: ``C``, ``D``, ``H`` or ``S``."""
        return SUIT_CHARS[self]


class Card(int):
    """One of the 52 cards; an ``int`` 0..51 so it is also a bit position.

    There is exactly one object per card (``Card.parse("QS") is
    QUEEN_OF_SPADES``); build cards with :meth:`parse` or ``CARDS[n]``.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> "Card":
        if not 0 <= value < 52:
            raise ValueError(f"no card with index {value!r}")
        return int.__new__(cls, value)

    @staticmethod
    def parse(text: str) -> "Card":
        """The card named by ``text`` (``"QS"``, ``"th"``, ``"2C"``).

        >>> Card.parse("qs")
        Card('QS')
        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        ValueError: not a card: '1X'
        """
        try:
            return _BY_TEXT[text.upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"not a card: {text!r}") from None

    @property
    def suit(self) -> Suit:
        return Suit(self // 13)

    @property
    def rank(self) -> int:
        """2 for a two up to 14 for an ace."""
        return self % 13 + 2

    @property
    def mask(self) -> int:
        """The one-card set ``1 << card``."""
        return 1 << self

    @property
    def points(self) -> int:
        """What taking this card costs: 1 for a heart, 13 for the queen of spades."""
        return POINTS[self]

    def __str__(self) -> str:
        return RANK_CHARS[self % 13] + SUIT_CHARS[self // 13]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:  # pickling and copying keep the one-object-per-card rule
        return (Card, (int(self),))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_BY_TEXT = {str(c): c for c in CARDS}
_BITS = tuple(1 << c for c in range(52))  # _BITS[c] == 1 << c, a look-up (the engine's and the AI's too)

TWO_OF_CLUBS = Card.parse("2C")
QUEEN_OF_SPADES = Card.parse("QS")

FULL_DECK = (1 << 52) - 1
SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]
QS_MASK = 1 << QUEEN_OF_SPADES
POINT_CARDS_MASK = HEARTS_MASK | QS_MASK
POINTS: tuple[int, ...] = tuple(
    13 if c == QUEEN_OF_SPADES else 1 if c // 13 == Suit.HEARTS else 0 for c in range(52)
)

# For each suit, the cards of every 13-bit pattern of that suit, lowest
# first: a suit of a hand is one shift and one look-up away from its cards.
# The patterns with bit h set are those below 2**h plus card h, so the
# table doubles 13 times (a few milliseconds at start-up).
def _suit_table(suit: int) -> tuple[tuple[Card, ...], ...]:
    table: list[tuple[Card, ...]] = [()]
    for high in range(13):
        card = (CARDS[13 * suit + high],)
        table += [cards + card for cards in table]
    return tuple(table)


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = (_suit_table(s) for s in range(4))


def mask_of(cards: Iterable[Card | str | int]) -> int:
    """The set holding ``cards`` (Card values, their text forms or their indexes).

    >>> bin(mask_of(["2C", "3C"]))
    '0b11'
    """
    m = 0
    for c in cards:
        m |= _BITS[c] if c.__class__ is Card else 1 << (Card.parse(c) if isinstance(c, str) else CARDS[c])
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a set, in sort order (clubs to spades, 2 to ace)."""
    low, high = mask & 0x3FFFFFF, mask >> 26  # 26-bit halves: one-digit ints (a set is 52 bits)
    return _CLUBS[low & 0x1FFF] + _DIAMONDS[low >> 13] + _HEARTS[high & 0x1FFF] + _SPADES[high >> 13]


def count(mask: int) -> int:
    """How many cards a set holds."""
    return mask.bit_count()


def points_of(mask: int) -> int:
    """The penalty points in a set of cards.

    >>> points_of(mask_of(["QS", "2H", "AH", "KS"]))
    15
    """
    return (mask & HEARTS_MASK).bit_count() + (13 if mask & QS_MASK else 0)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, space-separated: ``"2C QS"``."""
    return " ".join(str(c) for c in cards)
