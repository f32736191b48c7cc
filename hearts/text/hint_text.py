"""The hint's explanation in words (hearts.ai.explain gives the figures).

    >>> from hearts.text.i18n import Translator
    >>> from hearts.ai.explain import Explanation
    >>> e = Explanation(cards=("9S",), options=(("9S", 0.42), ("KS", 3.06)), reason=("duck", "AS"))
    >>> print(explanation(e, Translator("en")))
    Expected this hand: 9 of spades: about 0.4 points; king of spades: about 3.1 points. Duck under the ace of spades: the trick goes to someone else.
"""

from __future__ import annotations
from typing import Any, Protocol

from .i18n import N_, Translator
from .vocabulary import card_name, seat_name


class Explained(Protocol):
    """What the words read of a hint's figures: a hearts.ai.explain.Explanation
    (the words do not import the opponents; its fields say what each is)."""

    @property
    def options(self) -> tuple[tuple[str, float], ...]: ...
    @property
    def reason(self) -> tuple[Any, ...] | None: ...
    @property
    def pass_reasons(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def wins(self) -> tuple[tuple[str, float], ...]: ...
    @property
    def pass_search(self) -> tuple[float, tuple[str, ...] | None, float] | None: ...


_PASS_REASONS = {
    "queen": N_("13 points you would rather not keep"),
    "high-spade": N_("a high spade that could catch the queen of spades"),
    "void": N_("empties a short suit"),
    "high-heart": N_("a high heart that would take points"),
    "high": N_("a high card that would win tricks"),
    "moon": N_("a low card: you keep your high cards to try for the moon"),
    "short": N_("leaves you only one card of its suit"),
    "searched": N_("the pass that played out best"),
}
#: The rules of thumb that name one card (hearts.ai.explain's codes), by code.
_CARD_REASONS = {
    # TRANSLATORS: {card} is the highest card of the trick so far, e.g. "ace of spades".
    "duck": N_("Duck under the {card}: the trick goes to someone else."),
    # TRANSLATORS: {card} is the player's lowest heart, e.g. "3 of hearts", which the player leads.
    "low-heart": N_(
        "Lead your lowest heart, the {card}: higher hearts are still out, so the trick and its "
        "points will likely go to someone else."),
    # TRANSLATORS: {card} is the player's highest club, e.g. "ace of clubs" (the first trick is clubs).
    "first": N_(
        "Points are almost never played to the first trick: a safe moment to get rid of "
        "the {card}, your highest club."),
    # TRANSLATORS: {card} is the player's highest card of the suit led, e.g. "ace of spades".
    "last": N_(
        "You play last and the trick holds no points: the {card}, your highest of the suit, "
        "takes it without points."),
    # TRANSLATORS: {card} is a high card the player discards, e.g. "king of diamonds".
    "high": N_(
        "You cannot follow suit: a chance to discard the {card}, a high card that could win "
        "a trick later."),
}
#: The rules' pass is named beside the one found only when it is this much worse.
WORTH_SAYING = 0.5


def decimal(x: float, tr: Translator) -> str:
    """One decimal, the language's way: 0.4 (en), 0,4 (fi, nb, lt, nl)."""
    text = f"{x:.1f}"
    if text == "-0.0":
        text = "0.0"
    return text if tr.lang == "en" else text.replace(".", ",")


def option(card: str, mean: float, tr: Translator) -> str:
    """"9 of spades: about 0.4 points" (expected points this hand)."""
    # TRANSLATORS: {points} is a number with one decimal, e.g. 0.4 or 3.1, always
    # shown with its decimal (so the plural, or the form for fractions, fits).
    return tr.gettext("{card}: about {points} points").format(card=card_name(card, tr), points=decimal(mean, tr))


def pass_reason(card: str, code: str, tr: Translator) -> str:
    """Why ``card`` is one to pass (a code of ``_PASS_REASONS``), as an item
    of a list: "queen of spades: 13 points you would rather not keep"."""
    return tr.pgettext("hint reason", "{card}: {reason}").format(
        card=card_name(card, tr), reason=tr.gettext(_PASS_REASONS[code]))


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: a capital first letter, a full stop.

    >>> sentence("ace of hearts: a high heart that would take points"), sentence("Done.")
    ('Ace of hearts: a high heart that would take points.', 'Done.')
    """
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def reason(code: tuple[Any, ...], tr: Translator) -> str:
    """A rule of thumb (hearts.ai.explain's RuleOfThumb: its code, then seats
    and cards) in words."""
    kind = code[0]
    if kind in _CARD_REASONS:  # code[1] is the card the sentence names
        return tr.gettext(_CARD_REASONS[kind]).format(card=card_name(code[1], tr))
    if kind == "queen":
        # TRANSLATORS: {player} is the seat winning the trick so far (West, North, East).
        return tr.gettext("The queen of spades goes to {player}, who is winning this trick.").format(
            player=seat_name(code[1], tr))
    if kind == "stopper":
        # TRANSLATORS: {card} is a high heart the player keeps, e.g. "ace of hearts".
        return tr.gettext("{player} has taken every point so far: keep the {card} to stop a moon.").format(
            player=seat_name(code[1], tr), card=card_name(code[2], tr))
    if kind == "void":
        return tr.gettext("Your last card of this suit: later you can throw other cards away when it is led.")
    if kind == "game":
        if code[1] == 0:
            return tr.gettext(
                "Not the fewest points this hand, but the best chance of winning the game: "
                "you are close to 100.")
        # TRANSLATORS: {player} is the seat whose total is closest to 100 (West, North, East).
        return tr.gettext(
            "Not the fewest points this hand, but the best chance of winning the game: "
            "{player} is close to 100.").format(player=seat_name(code[1], tr))
    return ""


def chance(card: str, value: float, tr: Translator) -> str:
    """"9 of spades: 62%" (the chance of winning the game)."""
    # TRANSLATORS: {chance} is a whole number from 0 to 100, a percentage.
    return tr.gettext("{card}: {chance}%").format(
        card=card_name(card, tr), chance=tr.format_number(round(100 * value)))


def pass_found(found: tuple[float, tuple[str, ...] | None, float], tr: Translator) -> str:
    """What the pass search found: this pass's expected points, and the
    rules' pass's when it is another one and clearly worse."""
    mine, usual, theirs = found
    # TRANSLATORS: {points} is a number with one decimal, e.g. 5.3.
    text = tr.gettext("Played out over many deals: about {points} points with this pass.").format(
        points=decimal(mine, tr))
    if usual and theirs - mine >= WORTH_SAYING:
        cards = ", ".join(card_name(c, tr) for c in usual)
        # TRANSLATORS: {cards} is a list of three cards, {points} a number with one decimal.
        text += " " + tr.gettext("Passing {cards} instead: about {points} points.").format(
            cards=cards, points=decimal(theirs, tr))
    return text


def explanation(e: Explained, tr: Translator) -> str:
    """The words after "Hint: ..." (an Explanation of hearts.ai.explain)."""
    parts = []
    if e.pass_reasons:
        items = "; ".join(pass_reason(c, code, tr) for c, code in e.pass_reasons)
        # TRANSLATORS: {list} is "card: reason; card: reason; card: reason".
        parts.append(tr.gettext("Why: {list}.").format(list=items))
    if e.pass_search:
        parts.append(pass_found(e.pass_search, tr))
    if len(e.wins) > 1:
        items = "; ".join(chance(c, w, tr) for c, w in e.wins)
        # TRANSLATORS: {list} is "card: 62%; card: 48%", each card's chance of winning the game.
        parts.append(tr.gettext("Chance of winning the game: {list}.").format(list=items))
    if len(e.options) > 1:
        items = "; ".join(option(c, m, tr) for c, m in e.options)
        # TRANSLATORS: {list} is "card: about 0.4 points; card: about 3.1 points",
        # the points each card is expected to leave the player with this hand.
        parts.append(tr.gettext("Expected this hand: {list}.").format(list=items))
    if e.reason:
        parts.append(reason(e.reason, tr))
    return " ".join(p for p in parts if p)
