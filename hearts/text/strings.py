"""The table's general texts, marked for translation.

Constants are marked only (``N_`` gives the English string, ``NP_`` a
``(context, English)`` tuple); translate them where they are shown with
``tr.text(CONSTANT)``, which takes either kind. Texts with a number or a
player in them are functions taking the value and a Translator.

    >>> from hearts.text.i18n import Translator
    >>> tr = Translator("en")
    >>> tr.text(NEW_GAME), tr.text(SPEED_NORMAL)
    ('New game', 'Normal')
    >>> points(1, tr), points(1234, tr), trick_won(2, tr), trick_won(0, tr)
    ('1 point', '1,234 points', 'North won the trick', 'You won the trick')

Add a new text here (or anywhere in hearts/ with ``_``/``N_``/``NP_``),
then run ``python -m hearts.dev.catalogs update`` and translate the new entries.
"""

from __future__ import annotations
from typing import Iterable

from ..engine.choices import SPEEDS  # noqa: F401  (the speeds speed_name names)
from .i18n import N_, NP_, Translator
from .vocabulary import CardOrText, card_name, seat_name, suit_name

# Start screen, menus and buttons
NEW_GAME = N_("New game")
CONTINUE = N_("Continue")
CONFIRM_PASS = N_("Confirm pass")
HINT = N_("Hint")
# TRANSLATORS: heading of a column: games in which a move was taken back (undo).
WITH_UNDO = N_("With undo")
# TRANSLATORS: heading of a column: games whose cards the game did not deal (opened from a file).
IMPORTED = N_("Imported")
RULES = N_("Rules")
SETTINGS = N_("Settings")
LANGUAGE = N_("Language")
DIFFICULTY = N_("Difficulty")
SPEED = N_("Speed")
SPEED_SLOW = NP_("speed", "Slow")
SPEED_NORMAL = NP_("speed", "Normal")
SPEED_FAST = NP_("speed", "Fast")
SPEED_INSTANT = NP_("speed", "Instant")
# TRANSLATORS: a setting: the deck with four suit colours. The button shows the four suit
# signs before it (8 characters): at most 12 characters here.
FOUR_COLOUR_DECK = N_("Four colours")
BACK = N_("Back")
# TRANSLATORS: a button offered when every remaining trick is surely the player's:
# takes them all at once.
CLAIM = N_("Take the rest")
MENU = N_("Menu")
BACK_TO_GAME = N_("Back to the game")
ERROR_DETAILS = N_("Error details")
# TRANSLATORS: label of the table with the four players' seats and the trick.
CARD_TABLE = N_("Card table")

# The table
YOUR_HAND = N_("Your hand")
CURRENT_TRICK = N_("Current trick")
YOUR_TURN = N_("Your turn")
RECEIVED_CARDS = N_("You received these cards")
# TRANSLATORS: a small button after a hint on the table; it opens the hint's reasons.
WHY = N_("Why?")
# TRANSLATORS: read by screen readers on the hand: which keys move between
# the cards. N and S are the keys themselves: keep them as they are.
HAND_KEYS = N_("Arrow keys: card by card. N: next playable card. S: next suit.")
HEARTS_BROKEN = N_("Hearts are broken")
HEARTS_NOT_BROKEN = N_("Hearts are not broken yet")

# Scores and results
SCORE_SHEET = N_("Score sheet")
# TRANSLATORS: column of the score sheet: the number of the hand (deal).
HAND = NP_("score sheet column", "Hand")
TOTAL = N_("Total")
POINTS_THIS_HAND = N_("Points this hand")
TIE_ONE_MORE_HAND = N_("Tie for the lowest score: one more hand")
GAME_OVER = N_("Game over")
FINAL_SCORES = N_("Final scores")

# Trouble
SOMETHING_WENT_WRONG = N_("Something went wrong")
START_OVER = N_("Start over")
KEEP_MY_GAME = N_("Keep my game")
NOT_SAVED = N_("Not saved: storage is unavailable")

_SPEED_NAMES = {"slow": SPEED_SLOW, "normal": SPEED_NORMAL, "fast": SPEED_FAST, "instant": SPEED_INSTANT}


def speed_name(speed: str, tr: Translator) -> str:
    """``"slow"``, ``"normal"``, ``"fast"`` or ``"instant"`` -> its label."""
    return tr.text(_SPEED_NAMES[speed])


def hearts_broken_text(broken: bool, tr: Translator) -> str:
    return tr.text(HEARTS_BROKEN if broken else HEARTS_NOT_BROKEN)


def points(n: int, tr: Translator) -> str:
    """"1 point", "2 points"; Lithuanian 1 taškas, 2 taškai, 10 taškų."""
    return tr.ngettext("{n} point", "{n} points", n).format(n=tr.format_number(n))


def card_count(n: int, tr: Translator) -> str:
    return tr.ngettext("{n} card", "{n} cards", n).format(n=tr.format_number(n))


def hand_number(n: int, tr: Translator) -> str:
    """"Hand 3": ``n`` counts from 1 (the engine's ``hand_number + 1``)."""
    # TRANSLATORS: a heading for one hand (deal) of the game: "Hand 3".
    return tr.gettext("Hand {n}").format(n=tr.format_number(n))


def hint(card: CardOrText, tr: Translator) -> str:
    """"Hint: queen of spades" for a card (text like ``"QS"`` or a Card)."""
    # TRANSLATORS: {card} is a card's name, e.g. "queen of spades".
    return tr.gettext("Hint: {card}").format(card=card_name(card, tr))


def received_card(card: CardOrText, tr: Translator) -> str:
    """A card of the hand the player was passed, as a screen reader names it
    (the eye sees a blue ring and a star): "queen of spades, received"."""
    # TRANSLATORS: the name of a card in your hand that another player passed to you
    # ({card} e.g. "queen of spades"), until you play your first card.
    return tr.gettext("{card}, received").format(card=card_name(card, tr))


def card_played(seat: int, card: CardOrText, tr: Translator) -> str:
    """What a screen reader announces when a card lands on the table:
    "West: queen of spades", "You: 2 of clubs"."""
    # TRANSLATORS: announced when {player} (a seat's name) plays {card}.
    return tr.pgettext("card played", "{player}: {card}").format(
        player=seat_name(seat, tr), card=card_name(card, tr)
    )


def _about(seat: int, tr: Translator, yours: str, theirs: str) -> str:
    """``yours`` for the human player (seat 0), else ``theirs`` with ``{player}``."""
    if seat == 0:
        return tr.gettext(yours)
    return tr.gettext(theirs).format(player=seat_name(seat, tr))


def thinking(seat: int, tr: Translator) -> str:
    """"West is thinking" (a computer seat, 1 to 3)."""
    # TRANSLATORS: {player} is a seat's name: West, North or East.
    return tr.gettext("{player} is thinking").format(player=seat_name(seat, tr))


def to_play(seat: int, tr: Translator) -> str:
    """"Your turn" for seat 0, else "West to play"."""
    return _about(seat, tr, YOUR_TURN, N_("{player} to play"))


def trick_won(seat: int, tr: Translator) -> str:
    return _about(seat, tr, N_("You won the trick"), N_("{player} won the trick"))


def shot_the_moon(seat: int, tr: Translator) -> str:
    return _about(seat, tr, N_("You shot the moon!"), N_("{player} shot the moon!"))


def game_won(seat: int, tr: Translator) -> str:
    return _about(seat, tr, N_("You win the game!"), N_("{player} wins the game"))


def chosen(n: int, tr: Translator) -> str:
    """While passing: "Chosen: 2 of 3" (``n`` cards picked of the three)."""
    # TRANSLATORS: how many of the three cards to pass are picked so far.
    return tr.gettext("Chosen: {n} of 3").format(n=tr.format_number(n))


def hint_pass(cards: Iterable[CardOrText], tr: Translator) -> str:
    """"Hint: pass the queen of spades, ace of spades, king of hearts"."""
    names = ", ".join(card_name(c, tr) for c in cards)
    # TRANSLATORS: {cards} is a list of card names separated by commas.
    return tr.gettext("Hint: pass {cards}").format(cards=names)


def your_move(suit: str | None, n: int, tr: Translator) -> str:
    """Said when the player's turn comes, after "Your turn": the suit to
    follow (or that they lead) and how many of their cards can be played."""
    if suit is None:
        # TRANSLATORS: said when it is your turn to lead a trick: how many of your cards can be played.
        return tr.ngettext("You lead: {n} card can be played", "You lead: {n} cards can be played",
                           n).format(n=tr.format_number(n))
    # TRANSLATORS: said when your turn comes in a trick: {suit} is the suit led (context "suit").
    return tr.ngettext("Follow suit ({suit}): {n} card can be played",
                       "Follow suit ({suit}): {n} cards can be played", n).format(
        suit=suit_name(suit, tr), n=tr.format_number(n))


def hand_total(seat: int, n: int, total: int, place: int, tr: Translator) -> str:
    """Said at the end of a hand: "West: 13 points, 47 in total, 2nd"."""
    # TRANSLATORS: said at a hand's end for each player: {points} e.g. "13 points" this hand,
    # {total} the player's score so far (a number), {place} the place by that score ("2nd").
    return tr.pgettext("hand result", "{player}: {points}, {total} in total, {place}").format(
        player=seat_name(seat, tr), points=points(n, tr), total=tr.format_number(total),
        place=place_badge(place, tr))


def hand_points(seat: int, n: int, tr: Translator) -> str:
    """Announced at the end of a hand: "West: 13 points"."""
    # TRANSLATORS: {player} is a seat's name, {points} e.g. "13 points".
    return tr.pgettext("hand result", "{player}: {points}").format(
        player=seat_name(seat, tr), points=points(n, tr)
    )


# -- after a hand, after the game (the hand-end and game-end dialogs) ---------

# TRANSLATORS: shown under "{player} shot the moon!": the moon's shooter
# scores 0 for the hand and each of the three other players 26.
MOON_OTHERS = N_("Everyone else gets 26 points.")
# TRANSLATORS: a mark in the score sheet for the player who shot the moon in
# that hand, read by screen readers after the points (lower case).
MOON_MARK = N_("shot the moon")

# TRANSLATORS: a player's place at the end of the game, in a small badge
# beside their name: 1st, 2nd, 3rd, 4th (two players with the same total
# share a place).
_place_badges = (NP_("place", "1st"), NP_("place", "2nd"), NP_("place", "3rd"), NP_("place", "4th"))
_places = (
    # TRANSLATORS: your place at the end of the game, said under who won.
    N_("You finished first."),
    N_("You finished second."),
    N_("You finished third."),
    N_("You finished fourth."),
)
_places_shared = (
    # TRANSLATORS: your place when another player has the same final total.
    N_("You tied for first place."),
    N_("You tied for second place."),
    N_("You tied for third place."),
)


def hearts_taken(n: int, tr: Translator) -> str:
    """How many hearts a player took in a hand: "1 heart", "3 hearts"."""
    # TRANSLATORS: the number of heart cards a player took in tricks this hand.
    return tr.ngettext("{n} heart", "{n} hearts", n).format(n=tr.format_number(n))


def place_badge(place: int, tr: Translator) -> str:
    """"1st" .. "4th" for a place from 1 to 4."""
    return tr.text(_place_badges[min(max(place, 1), 4) - 1])


def your_place(place: int, shared: bool, tr: Translator) -> str:
    """"You finished second." or, with another player on the same total,
    "You tied for second place." (places 1 to 4; a shared place is at most 3rd)."""
    place = min(max(place, 1), 4)
    if shared and place <= 3:
        return tr.text(_places_shared[place - 1])
    return tr.text(_places[place - 1])
