"""What the page says, and its words: the things it says (:data:`Said`, each
a small frozen record of plain data), their words (:func:`say`), and the
text of the polite live region (:func:`announcement`).

The update puts these records in the live region's ``Announce`` effect and
on the table's message line (``Ui.message``; hearts.app.messages re-exports
them beside the other messages); the table's view shows :func:`say`'s
words and the page's runtime speaks :func:`announcement`'s. Seat 0 is the
player ("you"), as everywhere in the words.

>>> from hearts.text.i18n import Translator
>>> announcement([Played(2, "2C"), TrickTaken(3, 1), Turn(0, "H", 2)], Translator("en"))
'North: 2 of clubs. East won the trick. 1 point in this trick. Your turn. Follow suit (hearts): 2 cards can be played.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from ..engine.cards import Card
from ..engine.game import SEATS
from ..engine.tally import places
from . import strings as S
from .i18n import N_, Translator
from .vocabulary import card_name, pass_direction_text, reason_message

if TYPE_CHECKING:  # (the type of a hint's figures, never imported at run time)
    from .hint_text import Explained

_YOU = 0  # the player's seat (hearts.app.model.HUMAN)


# -- the things the page says -----------------------------------------------------

@dataclass(frozen=True)
class Played:
    seat: int
    card: Card


@dataclass(frozen=True)
class TrickTaken:
    seat: int
    points: int = 0  # the points in the trick


@dataclass(frozen=True)
class Turn:
    """Whose turn it is (None: nobody's); on the player's turn, the suit to
    follow ("C", "D", "H", "S"; None: they lead) and how many cards are legal."""
    seat: int | None
    suit: str | None = None
    legal: int = 0


@dataclass(frozen=True)
class Passing:
    """Which way this hand passes (hearts.engine.game.PassDirection as an int; 0: no pass)."""
    direction: int


@dataclass(frozen=True)
class Received:
    cards: tuple[str, ...]


@dataclass(frozen=True)
class HandScored:
    points: tuple[int, ...]  # per seat
    moon: int | None  # the seat that shot the moon
    totals: tuple[int, ...] = ()  # per seat, the scores after the hand


@dataclass(frozen=True)
class Tie:
    """The game reached its end with a shared lowest total: one more hand."""


@dataclass(frozen=True)
class Won:
    seat: int


@dataclass(frozen=True)
class Refusal:
    """A refused action: a hearts.engine.game.Reason's value, and the suit
    led when it matters."""
    code: str
    suit: str | None = None


@dataclass(frozen=True)
class Hint:
    cards: tuple[Card, ...]  # one card to play, or three to pass
    explain: Explained | None = None  # when the search gave one (a hearts.ai.explain.Explanation)


@dataclass(frozen=True)
class Undone:
    """The player's last card was taken back."""


@dataclass(frozen=True)
class Lifted:
    """Two-tap play: the first tap lifted this card."""
    card: Card


@dataclass(frozen=True)
class Text:
    """A fixed sentence, marked for translation (N_)."""
    text: str


@dataclass(frozen=True)
class Note:
    """A note about stored data or the address (a code of :data:`NOTES`)."""
    code: str


Said = Union[Played, TrickTaken, Turn, Passing, Received, HandScored, Tie, Won, Refusal, Hint,
             Undone, Lifted, Text, Note]


# -- their words --------------------------------------------------------------------

UNDONE = N_("Your last card is taken back.")

#: Notes for the player about stored data or the address (codes -> text):
#: the start screen shows them (hearts.app.stored reads the data).
NOTES = {
    # TRANSLATORS: shown on the start screen when the settings kept in the
    # browser are damaged (e.g. edited by hand); the game starts anyway.
    "settings-unreadable": N_("Your saved settings couldn't be read, so the standard ones are used."),
    # TRANSLATORS: ?seed=N in the page's address fixes the deal (for testing
    # and sharing deals); shown when N is not a number the game can use.
    "seed-refused": N_(
        "The seed in the address isn't a whole number of up to 18 digits, "
        "so the cards are dealt at random."
    ),
}


def trick_points(n: int, tr: Translator) -> str:
    """The points in one trick: "0 points in this trick", "1 point in this trick"."""
    return tr.ngettext("{n} point in this trick", "{n} points in this trick", n).format(
        n=tr.format_number(n))


def lifted_text(card: Card, tr: Translator) -> str:
    """Said after the first tap of two-tap play."""
    # TRANSLATORS: {card} is a card's name; the player tapped it once and must tap it again to play it.
    return tr.gettext("Lifted: {card}. Tap it again to play it.").format(card=card_name(card, tr))


def say(item: Said, tr: Translator) -> str:
    """The words of one thing the page says."""
    if isinstance(item, Played):
        return S.card_played(item.seat, item.card, tr)
    if isinstance(item, TrickTaken):
        return f"{full_stop(S.trick_won(item.seat, tr))} {trick_points(item.points, tr)}"
    if isinstance(item, Turn):
        # An opponent's turn goes unsaid (their card is said when it comes):
        # the speech keeps pace with the table.
        if item.seat != _YOU:
            return ""
        return f"{full_stop(S.to_play(item.seat, tr))} {S.your_move(item.suit, item.legal, tr)}"
    if isinstance(item, Passing):
        return pass_direction_text(item.direction, tr)
    if isinstance(item, Received):
        if not item.cards:
            return ""
        return tr.text(S.RECEIVED_CARDS) + ": " + ", ".join(card_name(c, tr) for c in item.cards)
    if isinstance(item, HandScored):
        moon = [S.shot_the_moon(item.moon, tr)] if item.moon is not None else []
        if len(item.totals) == len(SEATS):  # with each total and place
            ranks = places(item.totals)
            return " ".join(full_stop(t) for t in moon + [
                S.hand_total(s, item.points[s], item.totals[s], ranks[s][0], tr) for s in SEATS])
        return " ".join(full_stop(t) for t in moon + [S.hand_points(s, item.points[s], tr) for s in SEATS])
    if isinstance(item, Tie):
        return tr.text(S.TIE_ONE_MORE_HAND)
    if isinstance(item, Won):
        return S.game_won(item.seat, tr)
    if isinstance(item, Refusal):
        return reason_message(item.code, tr, suit=item.suit)
    if isinstance(item, Hint):
        text, more = hint_words(item, tr)
        return f"{text}. {more}" if more else text
    if isinstance(item, Undone):
        return tr.text(UNDONE)
    if isinstance(item, Lifted):
        return lifted_text(item.card, tr)
    if isinstance(item, Text):
        return tr.text(item.text)
    if isinstance(item, Note):
        return tr.gettext(NOTES[item.code]) if item.code in NOTES else ""
    return ""


def hint_words(item: Hint, tr: Translator) -> tuple[str, str]:
    """A hint's two parts: what to play or pass, and why ("" when the
    search gave no reasons). The live region says both; the table's line
    shows the first, and its Why? button opens the second in a dialog
    (at 360 px a pass's reasons, ~370 characters, covered the status line)."""
    cards = item.cards
    text = S.hint_pass(cards, tr) if len(cards) > 1 else S.hint(cards[0], tr)
    if item.explain is None:
        return text, ""
    from .hint_text import explanation  # loaded with the first hint's figures, not at start

    return text, explanation(item.explain, tr)


def full_stop(text: str) -> str:
    """``text`` ending as a sentence: with a full stop unless it ends with one
    (or with "!" or "?").

    >>> full_stop("West won the trick"), full_stop("You win the game!")
    ('West won the trick.', 'You win the game!')
    """
    return text if text[-1] in ".!?" else text + "."


def announcement(items: Iterable[Said], tr: Translator) -> str:
    """Text for the polite live region: the items of an Announce, in order."""
    return " ".join(full_stop(t) for t in (say(item, tr) for item in items) if t)
