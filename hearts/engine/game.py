"""The game of Hearts: deal, pass, play, score, and the end of the game.

A :class:`Game` is the true state of one game at a table of four. It moves
through explicit phases (see :class:`Phase`) and changes only through three
actions, each checked before anything changes:

- :meth:`Game.pass_cards` during ``Phase.PASS``,
- :meth:`Game.play` during ``Phase.PLAY``,
- :meth:`Game.next_hand` during ``Phase.HAND_END``.

An action that breaks a rule raises :class:`IllegalAction`, whose ``reason``
is a :class:`Reason` code (the page translates it), and the game is left
exactly as it was. A seat sees the game only through :meth:`Game.view`, a
frozen :class:`PlayerView` that holds no reference back to the game.

>>> game = Game.new(seed=7)
>>> game.phase, game.pass_direction
(<Phase.PASS: 'pass'>, <PassDirection.LEFT: 1>)
>>> for seat in range(4):
...     game.pass_cards(seat, game.view(seat).hand[:3])
>>> game.phase, game.to_act == game.view(0).to_act
(<Phase.PLAY: 'play'>, True)
>>> game.legal_actions()
(Card('2C'),)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
import struct
from typing import Any, Iterable, NamedTuple, Sequence

from . import rules
from .cards import (  # the suit tables: a suit pattern's cards in one look-up
    _CLUBS,
    _DIAMONDS,
    _HEARTS,
    _SPADES,
    _BITS,
    CARDS,
    FULL_DECK,
    POINTS as _POINTS,
    TWO_OF_CLUBS,
    SUIT_MASKS,
    Card,
    cards_of,
    count,
    format_cards,
    mask_of,
)
from .rules import Reason as Reason  # re-exported: IllegalAction's codes (hearts.engine.game.Reason)

GAME_OVER_AT = 100
SEATS = (0, 1, 2, 3)


class Phase(str, Enum):
    """Where a game is. Every phase but ``GAME_END`` has at least one legal action."""

    PASS = "pass"
    PLAY = "play"
    HAND_END = "hand-end"
    GAME_END = "game-end"


class PassDirection(IntEnum):
    """Where passed cards go; the value is how many seats to the left."""

    NONE = 0
    LEFT = 1
    ACROSS = 2
    RIGHT = 3

    @staticmethod
    def for_hand(hand_number: int) -> "PassDirection":
        """Left, right, across, none, and again: the cycle of the rules.

        >>> [PassDirection.for_hand(n).name for n in range(5)]
        ['LEFT', 'RIGHT', 'ACROSS', 'NONE', 'LEFT']
        """
        return _PASS_CYCLE[hand_number % 4]

    def target(self, seat: int) -> int:
        """The seat that receives what ``seat`` passes."""
        return (seat + self.value) % 4


_PASS_CYCLE = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
_PASS_NONE = PassDirection.NONE
# Enum members are slow to look up on their class (the metaclass is asked
# each time), so the engine's hot paths compare against these names.
_PASS, _PLAY, _HAND_END, _GAME_END = Phase.PASS, Phase.PLAY, Phase.HAND_END, Phase.GAME_END


class IllegalAction(Exception):
    """An action the rules do not allow now. The game did not change.

    ``reason`` is a :class:`Reason`; ``str(error)`` is a note for developers.
    """

    def __init__(self, reason: Reason, detail: str = ""):
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason


class Trick(NamedTuple):
    """A trick: who led it, the cards in play order, and who won it (once complete)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card of ``cards``."""
        return tuple((self.leader + i) % 4 for i in range(len(self.cards)))

    @property
    def points(self) -> int:
        return rules.trick_state(self.cards)[2] if self.cards else 0


class HandRecord(NamedTuple):
    """One hand as it was played: enough to replay it exactly (see :mod:`hearts.engine.save`).

    ``dealt`` and ``passes`` are masks per seat (a pass is None until chosen);
    ``plays`` are the cards in the order they were played.
    """

    dealt: tuple[int, int, int, int]
    passes: tuple[int | None, int | None, int | None, int | None]
    plays: tuple[Card, ...]


class HandResult(NamedTuple):
    """The score of a finished hand, after the moon rule, and who shot the moon."""

    points: tuple[int, int, int, int]
    moon: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know, and nothing more.

    Built by :meth:`Game.view`; it copies values out of the game and keeps no
    link to it, so another seat's hand cannot be reached from here.
    ``legal`` is this seat's legal actions now (its hand while it still has
    to pass, the playable cards on its turn, else empty).
    """

    seat: int
    phase: Phase
    hand_number: int
    pass_direction: PassDirection
    hand: tuple[Card, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    waiting_to_pass: tuple[int, ...]
    to_act: int | None
    legal: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    hearts_broken: bool
    points_taken: tuple[int, int, int, int]
    card_counts: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    results: tuple[HandResult, ...]
    winner: int | None
    hand_mask: int
    played_mask: int

    @property
    def my_turn(self) -> bool:
        return bool(self.legal) and (self.phase is _PASS or self.to_act == self.seat)

    @property
    def is_extra_hand(self) -> bool:
        """True for a hand played only because the lowest total was shared at 100 or more."""
        return self.phase is not _GAME_END and max(self.scores) >= GAME_OVER_AT


def _check_deal(hands: Sequence[Iterable[Card | str | int]]) -> tuple[int, int, int, int]:
    """Four 13-card masks that together are the whole deck, or ValueError."""
    if len(hands) != 4:
        raise ValueError("a deal has four hands")
    masks = []
    for h in hands:
        cards = list(h)
        for c in cards:
            if not isinstance(c, (str, int)) or isinstance(c, bool) or (
                isinstance(c, int) and not 0 <= c < 52
            ):
                raise ValueError(f"not a card: {c!r}")
        m = mask_of(cards)
        if len(cards) != 13 or count(m) != 13:
            raise ValueError("each hand holds 13 different cards")
        masks.append(m)
    if masks[0] | masks[1] | masks[2] | masks[3] != FULL_DECK:
        raise ValueError("a card is in two hands")
    return tuple(masks)  # type: ignore[return-value]


def deal(seed: int, hand_number: int = 0) -> tuple[int, int, int, int]:
    """The four hands (as masks) dealt for ``hand_number`` of game ``seed``.

    The deck is sorted by 52 random 32-bit keys read from SHAKE-128 of the
    seed and hand number (card ``c``'s key is the little-endian word at
    byte ``4 * c``; equal keys keep the cards' order): a uniform shuffle
    that deals the same cards on every platform and Python version.

    >>> format_cards(cards_of(deal(1)[0]))
    '8C QC AC 5D QD KD 4H 6H QH 5S 7S 8S QS'
    """
    global _shake_128
    if _shake_128 is None:  # imported on the first deal: the page's start screen deals none (~10 ms)
        from hashlib import shake_128 as _shake_128

    digest = memoryview(_shake_128(b"hearts:%d:%d" % (seed, hand_number)).digest(208)).cast("I")
    # Card c becomes the float 1 + (key * 2**16 + c) / 2**52: its key's four
    # bytes are copied into bytes 2-5 of its record in a copy of
    # _DEAL_RECORDS (the records seen from byte 2 on as 4-byte words: every
    # other word is a key's place). One sort of plain floats (Python's
    # quickest sort) then orders the cards by key, then by card, and the
    # sorted floats' low bytes are the cards in that order. (Sorting the
    # cards with the keys as a key function took a sixth of a random hand.)
    records = _DEAL_RECORDS[:]
    memoryview(records)[2:414].cast("I")[0::2] = digest  # (a byte copy: the same on any byte order)
    deck = _DEAL_FLOATS.pack(*sorted(_DEAL_FLOATS.unpack(records)))[0::8]
    # Each card's seat as a digit, "0" to "3", last card first; then one
    # seat's cards as the binary digits of its mask. The last seat holds
    # the rest of the deck.
    seats = bytes.maketrans(deck, _DEAL_SEATS)[51::-1]
    south = int(seats.translate(_DEAL_BINARY[0]), 2)
    west = int(seats.translate(_DEAL_BINARY[1]), 2)
    north = int(seats.translate(_DEAL_BINARY[2]), 2)
    return (south, west, north, FULL_DECK ^ (south | west | north))


#: Hex digits of a deal's fingerprint (:func:`fingerprint`): 48 bits.
FINGERPRINT_DIGITS = 12


def fingerprint(seed: int, hand_number: int = 0) -> str:
    """The deal's fingerprint: the first 12 hex digits (lowercase) of the
    SHA-256 of the very text :func:`deal` hashes, ``hearts:SEED:HAND``
    (the seed and the hand's number, from 0, in decimal). Shown before a
    hand is played, it lets anyone check later, with the seed and any
    SHA-256 tool (``printf 'hearts:42:0' | sha256sum``), that the hand was
    dealt from that seed and not made up after the play.

    >>> fingerprint(42, 0)
    '54177e5ec835'
    """
    from hashlib import sha256

    return sha256(b"hearts:%d:%d" % (seed, hand_number)).hexdigest()[:FINGERPRINT_DIGITS]


_shake_128: Any = None  # hashlib.shake_128, once deal() has imported it
# deal()'s 52 little-endian doubles: card c in bytes 0-1 of record c, its key
# to come in bytes 2-5, and 1.0's sign and exponent in bytes 6-7.
_DEAL_RECORDS = bytearray(b"".join(bytes((c, 0, 0, 0, 0, 0, 0xF0, 0x3F)) for c in range(52)))
_DEAL_FLOATS = struct.Struct("<52d")
_DEAL_SEATS = b"0" * 13 + b"1" * 13 + b"2" * 13 + b"3" * 13  # the seat of each place in the deck
# For seats 0-2 (the fourth holds the rest), its digit to "1" and the others' to "0".
_DEAL_BINARY = tuple(bytes.maketrans(b"0123", b"0000"[:s] + b"1" + b"0000"[s + 1 :]) for s in (0, 1, 2))


_SUIT_OF = tuple(c // 13 for c in range(52))
_NEXT_SEAT = (1, 2, 3, 0)  # the seat to the left (a look-up is a step shorter than (s + 1) & 3)
# The rules, as local names: the hot path calls them on every card.
_legal, _breaks_hearts = rules.legal, rules.breaks_hearts
# rules.TAKES_FROM as a look-up: _TAKES[best][card] is whether card takes
# the trick from best (two tuple look-ups are quicker than a frozenset's).
_TAKES = tuple(tuple(card in takes for card in range(52)) for takes in rules.TAKES_FROM)
# A set of cards within one suit is one look-up in that suit's table (see
# hearts.engine.cards): suit s's table at mask >> 13 * s.
_SUIT_TABLES = (_CLUBS, _DIAMONDS, _HEARTS, _SPADES)
_OUTSIDE = tuple(FULL_DECK & ~m for m in SUIT_MASKS)  # every card not of that suit


_new_tuple = tuple.__new__  # builds a Trick without NamedTuple's Python-level __new__


def _check_seat(seat: Any) -> int:
    """``seat`` if it is a seat number (0 to 3), else IllegalAction(no-such-seat)."""
    if seat.__class__ is int and 0 <= seat <= 3:
        return seat
    raise IllegalAction(Reason.NO_SUCH_SEAT, repr(seat))


# A finished trick in Game._tricks: its leader, its four cards (as plain
# ints, see Game.play) and its winner in one plain tuple, built in a fraction
# of a Trick's time (Game.tricks and Game.view make the Tricks).
_RawTrick = tuple[int, int, int, int, int, int]
# One finished hand in Game._log: the deal, the passes, the tricks.
_LogEntry = tuple[tuple[int, int, int, int], tuple[int | None, ...], tuple[_RawTrick, ...]]


def _as_tricks(raw: Iterable[_RawTrick]) -> tuple[Trick, ...]:
    return tuple([
        _new_tuple(Trick, (leader, (CARDS[a], CARDS[b], CARDS[c], CARDS[d]), winner))
        for leader, a, b, c, d, winner in raw
    ])


def _as_cards(plain: Iterable[int]) -> tuple[Card, ...]:
    """Cards kept as plain ints (see Game.play) as Cards again."""
    return tuple([CARDS[c] for c in plain])


def _hand_record(
    dealt: tuple[int, int, int, int], passes: Sequence[int | None], tricks: Iterable[Trick]
) -> HandRecord:
    a, b, c, d = passes
    return HandRecord(dealt, (a, b, c, d), tuple(card for t in tricks for card in t.cards))


class Game:
    """The full, true state of a game of Hearts. See the module docstring.

    Seats are 0 (south, the human at the page) to 3, in play order; the seat
    to the left of ``s`` is ``(s + 1) % 4``.

    ``phase``, ``to_act`` and ``legal`` are plain attributes, read-only by
    contract (as python-chess does with ``Board.turn``): they are read on
    every move of every look-ahead, where a property would cost.
    ``to_act`` is the seat whose card is next during ``Phase.PLAY`` (else
    None) and ``legal`` the cards it may play, in sort order (else empty).

    >>> game = Game.from_deal([cards_of(m) for m in deal(3)], "none")
    >>> game.legal
    (Card('2C'),)
    >>> game.play(game.to_act, game.legal[0])
    >>> game.legal == game.legal_actions(game.to_act)
    True
    """

    __slots__ = (
        "phase", "to_act", "legal", "_seed", "_pass_offset", "_hand_number", "_scores",
        "_results", "_log", "_dealt", "_hands", "_passes", "_received", "_trick",
        "_leader", "_led", "_tricks", "_taken", "_hearts_broken", "_winner",
    )

    phase: Phase
    to_act: int | None
    legal: tuple[Card, ...]
    _seed: int | None
    _pass_offset: int  # the first hand's place in _PASS_CYCLE
    _hand_number: int
    _scores: list[int]
    _results: list[HandResult]
    _log: list[_LogEntry]
    _winner: int | None
    # This hand: the masks as dealt, as held now (_hands[seat]), as chosen
    # to pass (None until chosen) and as received.
    _dealt: tuple[int, int, int, int]
    _hands: list[int]
    _passes: list[int | None]
    _received: list[int]
    # The cards of the trick in progress (as plain ints, see play), led by
    # _leader (None while passing), of suit _led (None before its first card).
    _trick: list[int]
    _leader: int | None
    _led: int | None
    _tricks: list[_RawTrick]
    _taken: list[int]
    _hearts_broken: bool

    # -- creating games -------------------------------------------------

    @classmethod
    def new(cls, seed: int) -> "Game":
        """A new game whose every deal comes from ``seed`` (see :func:`deal`)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed is an integer")
        return cls._start(deal(seed, 0), seed=seed, pass_offset=0)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Iterable[Card | str | int]],
        pass_direction: PassDirection | str = PassDirection.LEFT,
        *,
        seed: int | None = None,
    ) -> "Game":
        """A game whose first hand is ``hands`` (four lists of 13 cards, as dealt).

        The pass cycle continues from ``pass_direction``. Later hands are dealt
        from ``seed`` when one is given, else passed to :meth:`next_hand`.

        >>> g = Game.from_deal([cards_of(m) for m in deal(3)], "none")
        >>> g.phase, g.to_act == g.view(0).to_act
        (<Phase.PLAY: 'play'>, True)
        """
        if isinstance(pass_direction, str):
            try:
                pass_direction = PassDirection[pass_direction.upper()]
            except KeyError:
                raise ValueError(f"no pass direction {pass_direction!r}") from None
        offset = _PASS_CYCLE.index(PassDirection(pass_direction))
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError("the seed is an integer")
        return cls._start(_check_deal(hands), seed=seed, pass_offset=offset)

    @classmethod
    def _start(
        cls, dealt: tuple[int, int, int, int], *, seed: int | None, pass_offset: int
    ) -> "Game":
        g = cls.__new__(cls)
        g._seed = seed
        g._pass_offset = pass_offset
        g._hand_number = 0
        g._scores = [0, 0, 0, 0]
        g._results = []
        g._log = []
        g._winner = None
        g._begin_hand(dealt)
        return g

    def _begin_hand(self, dealt: tuple[int, int, int, int]) -> None:
        self._dealt = dealt
        self._hands = list(dealt)
        self._passes = [None, None, None, None]
        self._received = [0, 0, 0, 0]
        self._trick = []
        self._led = None
        self._tricks = []
        self._taken = [0, 0, 0, 0]
        self._hearts_broken = False
        if self.pass_direction is _PASS_NONE:
            self._start_play()
        else:
            self.phase = _PASS
            self._leader = self.to_act = None
            self.legal = ()

    def _start_play(self) -> None:
        self.phase = _PLAY
        self.legal = (TWO_OF_CLUBS,)
        h = self._hands  # the seat that holds the two of clubs (card 0) leads
        self._leader = self.to_act = 0 if h[0] & 1 else 1 if h[1] & 1 else 2 if h[2] & 1 else 3

    def copy(self) -> "Game":
        """An independent copy (for looking ahead without touching this game).

        Every slot is copied, lists as new lists (all else in a game is
        immutable), so a new attribute can never be forgotten here.
        """
        g = Game.__new__(Game)
        for name in Game.__slots__:
            value = getattr(self, name)
            setattr(g, name, value[:] if value.__class__ is list else value)
        return g

    # -- reading the state ----------------------------------------------

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def hand_number(self) -> int:
        """0 for the first hand of the game."""
        return self._hand_number

    @property
    def pass_direction(self) -> PassDirection:
        return _PASS_CYCLE[(self._hand_number + self._pass_offset) % 4]

    @property
    def first_pass_direction(self) -> PassDirection:
        """The pass direction of the game's first hand; the cycle goes on from it."""
        return _PASS_CYCLE[self._pass_offset]

    @property
    def waiting_to_pass(self) -> tuple[int, ...]:
        """Seats that still have to choose their cards, during ``Phase.PASS``."""
        if self.phase is not _PASS:
            return ()
        return tuple(s for s in SEATS if self._passes[s] is None)

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """Running totals over finished hands (lower is better)."""
        return tuple(self._scores)  # type: ignore[return-value]

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Each finished hand's points, first hand first."""
        return tuple(self._results)

    @property
    def points_taken(self) -> tuple[int, int, int, int]:
        """Points each seat has taken in tricks so far this hand (before the moon rule)."""
        return tuple(self._taken)  # type: ignore[return-value]

    @property
    def hearts_broken(self) -> bool:
        """Whether hearts are broken: a heart was discarded on a trick of another
        suit this hand (the trick in progress included). See :func:`rules.breaks_hearts`."""
        return self._hearts_broken or bool(self._trick) and _breaks_hearts(self._trick)

    @property
    def winner(self) -> int | None:
        """The seat with the lowest total once the game has ended."""
        return self._winner

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """This hand's tricks so far, the one in progress last (without a winner)."""
        if self._trick and self._leader is not None:  # (a trick begun has a leader)
            return (*_as_tricks(self._tricks), Trick(self._leader, _as_cards(self._trick)))
        return _as_tricks(self._tricks)

    @property
    def played_mask(self) -> int:
        """Every card played to a trick this hand, as a mask."""
        return mask_of(c for t in self.tricks for c in t.cards)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, sorted. The true state: not for opponents."""
        return cards_of(self._hands[_check_seat(seat)])

    def dealt(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt this hand, before passing."""
        return cards_of(self._dealt[_check_seat(seat)])

    def passed(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` chose to pass this hand (empty until it has chosen)."""
        return cards_of(self._passes[_check_seat(seat)] or 0)

    def legal_actions(self, seat: int | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: the seat to play) may choose now.

        While passing, a seat that has not chosen yet may pick any three of
        its cards, so its whole hand is listed. Empty when ``seat`` has
        nothing to do; never empty for the seat to act while the game runs.
        For the seat to act this is :attr:`legal`.

        >>> Game.new(seed=1).legal_actions(0) == Game.new(seed=1).hand(0)
        True
        """
        if seat is self.to_act or seat is None:  # (seats are small ints, one object each, as in play)
            return self.legal
        if self.phase is _PASS and seat.__class__ is int and 0 <= seat <= 3:
            # Nothing has left the hands yet: they are as dealt.
            return () if self._passes[seat] is not None else cards_of(self._dealt[seat])
        _check_seat(seat)  # raises for something that is no seat
        return ()

    def legal_mask(self, seat: int | None = None) -> int:
        """:meth:`legal_actions` as a bit mask."""
        return mask_of(self.legal_actions(seat))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now, as a frozen :class:`PlayerView`."""
        seat = _check_seat(seat)
        passed = self._passes[seat]
        phase = self.phase
        hand = self._hands[seat]
        return PlayerView(
            seat=seat,
            phase=phase,
            hand_number=self._hand_number,
            pass_direction=self.pass_direction,
            hand=cards_of(hand),
            passed=cards_of(passed) if passed else (),
            received=cards_of(self._received[seat]) if phase is not _PASS else (),
            waiting_to_pass=self.waiting_to_pass,
            to_act=self.to_act,
            legal=self.legal_actions(seat),
            tricks=_as_tricks(self._tricks),
            trick=Trick(self._leader, _as_cards(self._trick))
            if phase is _PLAY and self._leader is not None  # (always, while playing)
            else None,
            hearts_broken=self.hearts_broken,
            points_taken=self.points_taken,
            card_counts=tuple(count(h) for h in self._hands),  # type: ignore[arg-type]
            scores=self.scores,
            results=self.results,
            winner=self._winner,
            hand_mask=hand,
            played_mask=self.played_mask,
        )

    # -- actions --------------------------------------------------------

    def pass_cards(self, seat: int, cards: Iterable[Card | str]) -> None:
        """``seat`` chooses the three cards it gives away this hand.

        Choices stay hidden until all four seats have chosen; then every pass
        is exchanged at once and play begins.
        """
        if self.phase is not _PASS:
            raise self._phase_error()
        seat = _check_seat(seat)
        passes = self._passes
        if passes[seat] is not None:
            raise IllegalAction(Reason.ALREADY_PASSED, f"seat {seat}")
        m = _pass_mask(cards)
        if m & self._dealt[seat] != m:  # while passing, the hands are as dealt (and ~dealt, negative, is slow)
            raise IllegalAction(Reason.CARD_NOT_HELD)
        passes[seat] = m
        if None not in passes:  # the fourth pass: all are exchanged at once
            # (No None is left. cast(list[int], passes) built a list[int] on each hand.)
            chosen: list[int] = passes  # type: ignore[assignment]
            offset = int(self.pass_direction)  # (an int: an enum's .value is slow)
            self._hands = rules.exchange(self._dealt, chosen, offset)
            self._received = rules.received(chosen, offset)
            self._start_play()

    def play(self, seat: int | None, card: Card | str) -> None:
        """``seat`` plays ``card`` to the current trick.

        ``seat`` is usually :attr:`to_act` as it is: any other value, None
        included (no seat is to act), is refused with IllegalAction.

        This is the engine's hot path (the benchmark plays thousands of
        hands through it), so it is short: the legal cards of the seat to act
        are kept ready in :attr:`legal`, and the rules themselves are the
        functions of :mod:`hearts.engine.rules`.
        """
        # Seats 0-3 are small ints, one object each: `is` also refuses True,
        # 1.0 and "1". Outside _PLAY no seat is to act and `legal` is empty,
        # so None passes the first test and not the second.
        if seat is not self.to_act:
            raise self._not_your_turn(seat)
        if card.__class__ is not Card or card not in self.legal:
            card = self._checked(seat, card)  # a card as text or index, or IllegalAction
        # (Here seat is an int: None is to_act only when legal is empty.)
        # From here on the card is a plain int: +card is int's own copy of it,
        # one of Python's cached small ints. CPython 3.11 specialises a tuple
        # look-up only for an exact int (a Card, an int subclass, takes the
        # slow general path), and the trick's cards are looked up ~8 times.
        played = +card
        hands = self._hands
        hands[seat] = hands[seat] ^ _BITS[played]  # type: ignore[index]  # (two stack steps fewer than ^=)
        self._trick.append(played)
        seat = _NEXT_SEAT[seat]  # type: ignore[index]
        if seat != self._leader:  # the trick goes on
            self.to_act = seat
            led = self._led
            if led is None:
                self._led = led = _SUIT_OF[played]
            legal = _legal(hands[seat], led, not self._tricks, False)
            if not legal & _OUTSIDE[led]:  # all in the suit led: one look-up in its table
                self.legal = _SUIT_TABLES[led][legal >> 13 * led]
            else:
                self.legal = cards_of(legal)
            return
        # The fourth card: the trick's best card by the rules' table of what
        # takes from what (rules.TAKES_FROM, as rules.trick_state reads it,
        # here as the look-up _TAKES), unrolled here: a call to trick_state
        # was a tenth of a random hand.
        a, b, c, d = trick = self._trick
        best, at = a, 0
        if _TAKES[best][b]:
            best, at = b, 1
        if _TAKES[best][c]:
            best, at = c, 2
        if _TAKES[best][d]:
            at = 3
        winner = (seat + at) & 3
        points = _POINTS[a] + _POINTS[b] + _POINTS[c] + _POINTS[d]
        if points:
            self._taken[winner] += points
            if not self._hearts_broken:
                self._hearts_broken = _breaks_hearts(trick)
        self._tricks.append((seat, a, b, c, d, winner))
        self._trick = []
        self._led = None
        self._leader = self.to_act = winner
        hand = hands[winner]
        if not hand:  # the thirteenth trick
            self._end_hand()
            return
        self.legal = cards_of(_legal(hand, None, False, self._hearts_broken))

    def next_hand(self, hands: Sequence[Iterable[Card | str | int]] | None = None) -> None:
        """Deal the next hand, after a hand has ended and the game has not.

        The cards come from the game's seed; a game made by :meth:`from_deal`
        without a seed takes the next deal as ``hands``.
        """
        if self.phase is not _HAND_END:
            raise self._phase_error()
        if hands is not None:
            dealt = _check_deal(hands)
        elif self._seed is not None:
            dealt = deal(self._seed, self._hand_number + 1)
        else:
            raise ValueError("this game has no seed: give the next hands")
        self._log.append((self._dealt, tuple(self._passes), tuple(self._tricks)))
        self._hand_number += 1
        self._begin_hand(dealt)

    def record(self) -> HandRecord:
        """This hand so far: the deal, the passes chosen, the cards played."""
        return _hand_record(self._dealt, self._passes, self.tricks)

    def rewound(self, plays: int) -> "Game":
        """A new game: this one as it was when only the first ``plays`` cards
        of the current hand had been played (the passes stay made).

        It is rebuilt from the hand's history, deal and passes and the cards
        in their order, through :meth:`pass_cards` and :meth:`play`, so it is
        the very state the game was in then: the same seat to act, the same
        legal cards, and a hand that had ended (``Phase.HAND_END`` or
        ``GAME_END``) is open again, its points off the totals. This game is
        left as it is. ``plays`` is 0 to the number of cards played.

        >>> g = Game.from_deal([cards_of(m) for m in deal(3)], "none", seed=3)
        >>> before = g.copy()
        >>> for _ in range(6):
        ...     g.play(g.to_act, g.legal[0])
        >>> back = g.rewound(0)
        >>> back.view(0) == before.view(0), back.record() == before.record()
        (True, True)
        >>> g.rewound(6).record() == g.record()
        True
        >>> g.rewound(7)
        Traceback (most recent call last):
        ...
        ValueError: 7 cards cannot be taken back to: 6 were played
        """
        played = self.record().plays
        if plays.__class__ is not int or not 0 <= plays <= len(played):
            raise ValueError(f"{plays!r} cards cannot be taken back to: {len(played)} were played")
        g = self.redealt()
        for seat in SEATS:
            chosen = self._passes[seat]
            if chosen is not None:
                g.pass_cards(seat, cards_of(chosen))
        for card in played[:plays]:
            g.play(g.to_act, card)
        return g

    def redealt(self) -> "Game":
        """A new game: this one as it was when the current hand had just been
        dealt, before any pass (a hand that had ended is open again, its
        points off the totals). This game is left as it is. The same cards,
        pass direction, scores, seed and hand number: another way to play
        the very same hand (the par of :mod:`hearts.app.par`).

        >>> g = Game.new(seed=3)
        >>> for seat in range(4):
        ...     g.pass_cards(seat, g.hand(seat)[:3])
        >>> again = g.redealt()
        >>> again.phase, again.hand(0) == g.dealt(0), again.view(0) == Game.new(seed=3).view(0)
        (<Phase.PASS: 'pass'>, True, True)
        """
        g = self.copy()
        if self.phase is _HAND_END or self.phase is _GAME_END:  # take the hand's score back
            result = g._results.pop()
            g._scores = [t - p for t, p in zip(g._scores, result.points)]
            g._winner = None
        g._begin_hand(self._dealt)
        return g

    @property
    def log(self) -> tuple[HandRecord, ...]:
        """Every hand of the game before this one, enough to replay the game."""
        return tuple(_hand_record(dealt, passes, _as_tricks(raw)) for dealt, passes, raw in self._log)

    # -- inner workings -------------------------------------------------

    def _end_hand(self) -> None:
        points, moon = rules.hand_result(self._taken)
        self._results.append(_new_tuple(HandResult, (points, moon)))
        a, b, c, d = points
        s0, s1, s2, s3 = self._scores
        self._scores = scores = [s0 + a, s1 + b, s2 + c, s3 + d]
        self.to_act = None
        self.legal = ()
        low = min(scores)
        if max(scores) >= GAME_OVER_AT and scores.count(low) == 1:
            self.phase = _GAME_END
            self._winner = scores.index(low)
        else:
            self.phase = _HAND_END

    def _checked(self, seat: int | None, card: object) -> Card:
        """:meth:`play`'s slow path: ``card`` as a Card if ``seat`` (the seat
        to act, or None) may play it now, else IllegalAction."""
        if seat is None:  # no seat is to act: the game is not in _PLAY
            raise self._not_your_turn(seat)
        card = card if card.__class__ is Card else _card(card)
        if card not in self.legal:
            raise IllegalAction(self._why_not(seat, card))
        return card

    def _why_not(self, seat: int, card: Card) -> Reason:
        reason = rules.refusal(
            self._hands[seat], self._led, not self._tricks, self._hearts_broken, card
        )
        assert reason is not None, "a legal card was refused"
        return reason

    def _not_your_turn(self, seat: object) -> IllegalAction:
        if self.phase is not _PLAY:
            return self._phase_error()
        _check_seat(seat)  # raises for something that is no seat at all
        return IllegalAction(Reason.NOT_YOUR_TURN, f"seat {self.to_act} is to play")

    def _phase_error(self) -> IllegalAction:
        if self.phase is _GAME_END:
            return IllegalAction(Reason.GAME_OVER)
        return IllegalAction(Reason.WRONG_PHASE, f"the game is in phase {self.phase.value}")

    def __repr__(self) -> str:
        return (
            f"<Game hand={self._hand_number} phase={self.phase.value} "
            f"scores={self._scores} to_act={self.to_act}>"
        )


def _card(card: object) -> Card:
    """``card`` as a Card (from a Card, its text form or its index), or IllegalAction."""
    if isinstance(card, str):
        try:
            return Card.parse(card)
        except ValueError:
            raise IllegalAction(Reason.NOT_A_CARD, repr(card)) from None
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
        return CARDS[card]
    raise IllegalAction(Reason.NOT_A_CARD, repr(card))


def _pass_mask(cards: Any) -> int:
    """Three distinct cards as a mask, or the IllegalAction that says what is wrong."""
    if (cards.__class__ is list or cards.__class__ is tuple) and len(cards) == 3:
        a, b, c = cards  # the usual case, kept short
        if a.__class__ is Card and b.__class__ is Card and c.__class__ is Card:
            m = _BITS[a] | _BITS[b] | _BITS[c]
            if m.bit_count() == 3:
                return m
    try:  # a string iterates as characters, none of them a card
        chosen = [c if c.__class__ is Card else _card(c) for c in cards]
    except TypeError:
        raise IllegalAction(Reason.NOT_A_CARD, repr(cards)) from None
    m = mask_of(chosen)
    if m.bit_count() != len(chosen):
        raise IllegalAction(Reason.PASS_DUPLICATE_CARD)
    if len(chosen) != 3:
        raise IllegalAction(Reason.PASS_THREE_CARDS, f"{len(chosen)} cards")
    return m
