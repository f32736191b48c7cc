"""The game's own words: its name, cards, suits, seats, reasons, levels.

Each table is keyed by what the engine calls the thing (``hearts.engine.cards.Suit``
and ``RANK_CHARS``, ``hearts.engine.rules.Reason``, ``hearts.engine.game.PassDirection``,
the opponents' level names), so a word cannot drift from the value it
names; every function also takes the plain text the page stores
(``"QS"``, ``"must-follow-suit"``, ``"left"``). The translation runtime is
:mod:`hearts.text.i18n`.

    >>> from hearts.text.i18n import Translator
    >>> tr = Translator("en")
    >>> card_name("QS", tr), suit_name(Suit.HEARTS, tr)
    ('queen of spades', 'hearts')
    >>> reason_message("must-follow-suit", tr, suit="H")
    'You must follow suit (hearts).'
    >>> pass_direction_text(PassDirection.ACROSS, tr), level_name("hard", tr)
    ('Pass three cards across', 'Hard')
"""

from __future__ import annotations

from typing import Union

from ..engine.cards import RANK_CHARS, Card, Suit
from ..engine.game import PassDirection
from .i18n import N_, NP_, Translator
from ..engine.rules import Reason
from ..engine.choices import LEVELS

__all__ = [
    "REASON_CODES", "SAVE_ERROR_CODES", "LEVELS", "GAME_NAME",
    "game_name", "suit_name", "rank_name", "card_name", "reason_message",
    "save_error_message", "level_name", "level_description",
    "pass_direction_text", "seat_name",
]

GAME_NAME = NP_("game name", "Hearts")


def game_name(tr: Translator) -> str:
    """Hearts, Hertta, Hjerter, Širdys, Hartenjagen."""
    return tr.text(GAME_NAME)


_SUIT_NAMES = {
    # TRANSLATORS: a suit on its own, as in "You must follow suit (clubs)."
    Suit.CLUBS: NP_("suit", "clubs"),
    Suit.DIAMONDS: NP_("suit", "diamonds"),
    Suit.HEARTS: NP_("suit", "hearts"),
    Suit.SPADES: NP_("suit", "spades"),
}

# A card's accessible name is put together from these parts: a screen reader
# says it aloud, so write the name your players say.
_CARD_SUITS = {
    # TRANSLATORS: the suit as it appears in a card's name (see "{rank} of
    # {suit}"): e.g. Finnish "risti" for "ristikakkonen", Lithuanian "kryžių".
    Suit.CLUBS: NP_("card name: suit", "clubs"),
    Suit.DIAMONDS: NP_("card name: suit", "diamonds"),
    Suit.HEARTS: NP_("card name: suit", "hearts"),
    Suit.SPADES: NP_("card name: suit", "spades"),
}
_CARD_RANKS = dict(zip(RANK_CHARS, (
    # TRANSLATORS: a rank as it appears in a card's name (see "{rank} of
    # {suit}"): e.g. Finnish "kakkonen", Lithuanian "dvejetas", Dutch "twee".
    NP_("card name: rank", "2"),
    NP_("card name: rank", "3"),
    NP_("card name: rank", "4"),
    NP_("card name: rank", "5"),
    NP_("card name: rank", "6"),
    NP_("card name: rank", "7"),
    NP_("card name: rank", "8"),
    NP_("card name: rank", "9"),
    NP_("card name: rank", "10"),
    NP_("card name: rank", "jack"),
    NP_("card name: rank", "queen"),
    NP_("card name: rank", "king"),
    NP_("card name: rank", "ace"),
), strict=True))
# TRANSLATORS: how a card is named, read aloud by screen readers: "queen of
# spades", Finnish "{suit}{rank}" gives "patarouva", Norwegian "{suit} {rank}"
# gives "spar dame". Lower case, as in the middle of a sentence.
_CARD_PATTERN = NP_("card name", "{rank} of {suit}")


def _suit(suit: Union[Suit, int, str]) -> Suit:
    """``Suit.CLUBS``, ``0``, ``"C"`` or ``"clubs"`` -> ``Suit.CLUBS``."""
    if isinstance(suit, int):
        if 0 <= suit < 4:
            return Suit(suit)
    elif isinstance(suit, str):
        text = suit.strip().upper()
        for member in Suit:
            if text in (member.char, member.name):
                return member
    raise ValueError(f"not a suit: {suit!r}")


def _rank_char(rank: object) -> str:
    text = str(rank).strip().upper()
    return "T" if text == "10" else text


# A card the words take: a Card, or its text ("QS", "10h", "TD").
CardOrText = Union[Card, str]


def _card(card: CardOrText) -> Card:
    """A ``Card``, or its text: ``"QS"``, ``"10h"``, ``"TD"``."""
    if isinstance(card, Card):
        return card
    text = str(card).strip()
    return Card.parse(_rank_char(text[:-1]) + text[-1:])


def suit_name(suit: Union[Suit, int, str], tr: Translator) -> str:
    """A suit's name on its own: clubs, pata, spar, pikai, ruiten..."""
    return tr.text(_SUIT_NAMES[_suit(suit)])


def rank_name(rank: str, tr: Translator) -> str:
    """A rank as used in card names (``"Q"`` -> queen / rouva / dame...)."""
    return tr.text(_CARD_RANKS[_rank_char(rank)])


def card_name(card: CardOrText, tr: Translator) -> str:
    """The spoken name of a card given as text (``"QS"``, ``"2C"``, ``"TH"``)
    or a ``hearts.engine.cards.Card``: "queen of spades", "patarouva", "spar dame",
    "pikų dama", "schoppenvrouw"."""
    card = _card(card)
    return tr.text(_CARD_PATTERN).format(rank=tr.text(_CARD_RANKS[RANK_CHARS[card % 13]]),
                                         suit=tr.text(_CARD_SUITS[card.suit]))


_REASONS = {
    Reason.GAME_OVER: N_("The game is over."),
    Reason.WRONG_PHASE: N_("That can't be done right now."),
    Reason.NOT_YOUR_TURN: N_("It isn't your turn yet."),
    Reason.NO_SUCH_SEAT: N_("There is no such seat at this table."),
    Reason.NOT_A_CARD: N_("That isn't a card from this deck."),
    Reason.CARD_NOT_HELD: N_("You don't have that card."),
    Reason.MUST_LEAD_TWO_OF_CLUBS: N_("The first trick starts with the 2 of clubs."),
    Reason.MUST_FOLLOW_SUIT: N_("You must follow suit."),
    # TRANSLATORS: hearts are broken only by a heart discarded (played to a
    # trick of another suit); use the rules page's word for "discard".
    Reason.HEARTS_NOT_BROKEN: N_("You can't lead a heart until a heart has been discarded."),
    Reason.NO_POINTS_ON_FIRST_TRICK: N_(
        "No hearts and no queen of spades on the first trick, unless you have nothing else."
    ),
    Reason.PASS_THREE_CARDS: N_("Choose exactly three cards to pass."),
    Reason.PASS_DUPLICATE_CARD: N_("The same card can't be passed twice."),
    Reason.ALREADY_PASSED: N_("You have already passed your cards."),
}
# TRANSLATORS: {suit} is a suit's name on its own (context "suit").
_MUST_FOLLOW_SUIT = N_("You must follow suit ({suit}).")
_UNKNOWN_REASON = N_("That move isn't allowed.")

#: Every engine reason code that has its own message.
REASON_CODES: tuple[str, ...] = tuple(reason.value for reason in _REASONS)


def reason_message(code: object, tr: Translator, *, suit: Union[Suit, int, str, None] = None) -> str:
    """Why a card or a pass was refused, for the engine's reason ``code``
    (a ``hearts.engine.rules.Reason`` or its value). For ``must-follow-suit`` give
    ``suit`` (``"H"``, ``Suit.HEARTS``...) to name the suit led. An unknown
    code gets a general message."""
    try:
        reason = Reason(code)
    except (TypeError, ValueError):
        return tr.gettext(_UNKNOWN_REASON)
    if reason is Reason.MUST_FOLLOW_SUIT and suit is not None:
        return tr.gettext(_MUST_FOLLOW_SUIT).format(suit=suit_name(suit, tr))
    return tr.gettext(_REASONS[reason])


# hearts.engine.save.CODES, storage-unavailable (hearts.app.stored) and
# put-aside (hearts.app.keeping.PUT_ASIDE).
_SAVE_ERRORS = {
    "save-corrupt": N_("The saved game is damaged and can't be opened."),
    "save-not-hearts": N_("The saved data isn't a game of Hearts."),
    "save-newer-version": N_(
        "This game was saved by a newer version of the app. Reload the page to update it."
    ),
    "save-impossible": N_("The saved game holds a position the rules don't allow."),
    "storage-unavailable": N_("This browser isn't letting the game save anything."),
    # TRANSLATORS: on the start screen after the loading screen's "Start
    # fresh"; "Open a game from a file" is the start screen's button.
    "put-aside": N_(
        "Your game in progress was put aside when the game started fresh. To play on, "
        "download it, then open the file with \u201cOpen a game from a file\u201d."
    ),
}
_UNKNOWN_SAVE_ERROR = N_("The saved game can't be opened.")

#: Every save/storage error code that has its own message.
SAVE_ERROR_CODES: tuple[str, ...] = tuple(_SAVE_ERRORS)


def save_error_message(code: object, tr: Translator) -> str:
    """Why a saved game could not be used (codes from ``hearts.engine.save``)."""
    code = getattr(code, "value", code)
    return tr.gettext(_SAVE_ERRORS[code] if code in _SAVE_ERRORS else _UNKNOWN_SAVE_ERROR)


# The levels are hearts.engine.choices.LEVELS (the opponents' names: hearts.ai).
_LEVEL_NAMES: dict[str, tuple[str, str]] = dict(zip(LEVELS, (NP_("level", "Easy"), NP_("level", "Normal"), NP_("level", "Hard")), strict=True))
_LEVEL_DESCRIPTIONS: dict[str, str] = dict(zip(LEVELS, (
    N_("Tries not to take points in the trick at hand."),
    N_("Passes dangerous cards, follows low and gets rid of the queen of spades at the right time."),
    N_("Remembers who is void in which suit, fights back when someone goes for the moon, "
       "and near the end plays to win the game."),
), strict=True))


def level_name(level: str, tr: Translator) -> str:
    """``"easy"`` / ``"normal"`` / ``"hard"`` -> the level's name."""
    return tr.text(_LEVEL_NAMES[level])


def level_description(level: str, tr: Translator) -> str:
    """One line saying how a computer player of this level plays."""
    return tr.gettext(_LEVEL_DESCRIPTIONS[level])


_PASS_TEXTS = {
    PassDirection.LEFT: N_("Pass three cards to the left"),
    PassDirection.RIGHT: N_("Pass three cards to the right"),
    PassDirection.ACROSS: N_("Pass three cards across"),
    PassDirection.NONE: N_("No passing this hand"),
}


def pass_direction_text(direction: Union[PassDirection, int, str], tr: Translator) -> str:
    """A ``hearts.engine.game.PassDirection`` (or its name, ``"left"``, ``"right"``,
    ``"across"``, ``"none"``) -> "Pass three cards to the left"..."""
    if isinstance(direction, int):
        key = PassDirection(int(direction) % 4)
    else:
        key = PassDirection[str(direction).upper()]
    return tr.gettext(_PASS_TEXTS[key])


_SEAT_NAMES = (
    # TRANSLATORS: the human player's seat, shown as a player's name.
    NP_("seat", "You"),
    NP_("seat", "West"),
    NP_("seat", "North"),
    NP_("seat", "East"),
)


def seat_name(seat: int, tr: Translator) -> str:
    """0 You, 1 West, 2 North, 3 East."""
    return tr.text(_SEAT_NAMES[seat])
