"""Languages, translations and the game's own words (cards, reasons, seats).

Standard library only (``gettext``): the same code runs in CPython and in
Pyodide. Translations live in gettext catalogs: ``i18n/<lang>.po`` in the
repository, compiled to ``<localedir>/<lang>/LC_MESSAGES/hearts.mo`` for
the app. English is the source language: every msgid is the English text.

Using it::

    >>> tr = Translator("en")                # no catalog: the English source
    >>> card_name("QS", tr)
    'queen of spades'
    >>> reason_message("must-follow-suit", tr, suit="H")
    'You must follow suit (hearts).'
    >>> tr.format_number(1234)
    '1,234'

    tr = load(negotiate(["nb-NO", "en"]), "locale")   # a Translator for Bokmål

Markers the extractor looks for (in ``hearts/**.py``):

- ``_("...")`` / ``tr._("...")`` / ``tr.gettext("...")``: translate now;
- ``N_("...")``: only mark a string, translate it later with ``tr.gettext``;
- ``NP_("context", "...")``: the same with a context, gives a tuple; use
  ``tr.text(marked)`` on either kind;
- ``tr.ngettext("{n} point", "{n} points", n)`` and
  ``tr.pgettext("context", "...")`` (``npgettext`` too).

The catalogs are made and compiled by :mod:`hearts.catalogs`, a tool
that the page does not ship.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
from typing import Iterable, Mapping, Union

__all__ = [
    "LANGUAGES", "DEFAULT_LANGUAGE", "DOMAIN", "BOOT_KEYS", "REASON_CODES",
    "SAVE_ERROR_CODES", "LEVELS", "PASS_DIRECTIONS", "SUITS", "RANKS",
    "N_", "NP_", "Translator", "negotiate", "load", "default_localedir",
    "game_name", "suit_name", "rank_name", "card_name", "reason_message",
    "save_error_message", "level_name", "level_description",
    "pass_direction_text", "seat_name", "boot_strings",
]

log = logging.getLogger(__name__)

DOMAIN = "hearts"
DEFAULT_LANGUAGE = "en"

#: Supported languages, in the order a language menu shows them: code -> the
#: language's name in itself. The codes are BCP 47 tags, fit for <html lang>.
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "fi": "Suomi",
    "nb": "Norsk (bokmål)",
    "lt": "Lietuvių",
    "nl": "Nederlands",
}

# Primary language subtags that mean one of ours.
_ALIASES = {"no": "nb", "nn": "nb", "nb": "nb"}

# Digit group separator and minus sign per language (CLDR). No-break space
# for Finnish, Norwegian and Lithuanian so a number never wraps in two.
_NUMBER_SYMBOLS = {
    "en": (",", "-"),
    "fi": ("\u00a0", "\u2212"),
    "nb": ("\u00a0", "\u2212"),
    "lt": ("\u00a0", "\u2212"),
    "nl": (".", "-"),
}

#: The command that builds the template, run from the repository root.

Marked = Union[str, "tuple[str, str]"]


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (yet)."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` with a context; translate later with ``tr.text``."""
    return (context, message)


class Translator:
    """Translations for one language, falling back to the English source.

    ``lang`` is the language the texts are in (``"en"`` when a catalog was
    missing); ``requested`` is the one asked for, and ``problem`` says why
    they differ (``None`` when all is well).
    """

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        translations: gettext.NullTranslations | None = None,
        *,
        requested: str | None = None,
        problem: str | None = None,
    ):
        self.lang = lang
        self.requested = requested or lang
        self.problem = problem
        self._t = translations if translations is not None else gettext.NullTranslations()

    def __repr__(self) -> str:
        extra = f", problem={self.problem!r}" if self.problem else ""
        return f"Translator({self.lang!r}{extra})"

    @property
    def native_name(self) -> str:
        return LANGUAGES.get(self.lang, self.lang)

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` by the language's plural rule (not formatted)."""
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    def text(self, marked: Marked) -> str:
        """Translate what ``N_`` (a string) or ``NP_`` (a tuple) marked."""
        if isinstance(marked, tuple):
            return self._t.pgettext(*marked)
        return self._t.gettext(marked)

    def format_number(self, n: int) -> str:
        """An integer written the language's way: ``1,234`` / ``1 234`` / ``1.234``."""
        if isinstance(n, float) and n.is_integer():
            n = int(n)
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"format_number takes an integer, not {n!r}")
        group, minus = _NUMBER_SYMBOLS.get(self.lang, _NUMBER_SYMBOLS[DEFAULT_LANGUAGE])
        digits = f"{abs(n):,}".replace(",", group)
        return minus + digits if n < 0 else digits


def _primary(tag: str) -> str:
    return tag.strip().replace("_", "-").split("-")[0].lower()


def negotiate(preferences: Iterable[str] | str | None) -> str:
    """The first supported language among ``preferences``, else English.

    ``preferences`` is a list of BCP 47 tags, best first, as
    ``navigator.languages`` gives them; an Accept-Language style string
    (``"nb-NO,nb;q=0.9,en;q=0.8"``) works too. ``no``, ``nn`` and ``nb`` in
    any region all mean Bokmål.

    >>> negotiate(["nn-NO", "en-US"]), negotiate(["sv", "fi-FI"]), negotiate([])
    ('nb', 'fi', 'en')
    """
    if preferences is None:
        return DEFAULT_LANGUAGE
    if isinstance(preferences, str):
        weighted = []
        for i, item in enumerate(preferences.split(",")):
            tag, _sep, params = item.partition(";")
            q = 1.0
            params = params.strip()
            if params.startswith("q="):
                try:
                    q = float(params[2:])
                except ValueError:
                    q = 0.0
            weighted.append((-q, i, tag))
        preferences = [tag for _q, _i, tag in sorted(weighted)]
    for tag in preferences:
        if not isinstance(tag, str):
            continue
        code = _primary(tag.split(";")[0])
        code = _ALIASES.get(code, code)
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def _zip_loader():
    """The zipimport loader this package came from (the page imports it from
    app.zip), or None when it came from files."""
    loader = getattr(__spec__, "loader", None)
    return loader if getattr(loader, "archive", None) else None


def default_localedir() -> str:
    """Where compiled catalogs are looked for when ``load`` is given none:
    ``locale/`` inside the zip archive the package is imported from (the
    page), else ``locale/`` or ``build/locale`` beside the package (a
    development checkout)."""
    if (loader := _zip_loader()) is not None:
        return os.path.join(loader.archive, "locale")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for candidate in (os.path.join(here, "locale"), os.path.join(here, "build", "locale")):
        if os.path.isdir(candidate):
            return candidate
    return "locale"


def _read(path: str) -> bytes:
    """A file's bytes, also when it lies inside the package's zip archive."""
    loader = _zip_loader()
    if loader is not None and path.startswith(loader.archive + os.sep):
        return loader.get_data(path)
    with open(path, "rb") as f:
        return f.read()


def load(lang: str, localedir: str | None = None) -> Translator:
    """A Translator for ``lang`` from ``<localedir>/<lang>/LC_MESSAGES/hearts.mo``.

    Never raises: an unknown language or a missing or unreadable catalog
    gives the English source texts, with ``problem`` saying why (and a
    warning in the log).
    """
    if localedir is None:
        localedir = default_localedir()
    code = lang if lang in LANGUAGES else None
    if code is None:
        problem = f"unsupported language {lang!r}"
    else:
        try:
            data = _read(os.path.join(localedir, code, "LC_MESSAGES", DOMAIN + ".mo"))
            return Translator(code, gettext.GNUTranslations(io.BytesIO(data)))
        except Exception as error:  # missing, unreadable or corrupt: fall back
            if code == DEFAULT_LANGUAGE:  # the source texts are English already
                return Translator(code)
            problem = f"no catalog for {code!r} in {localedir!r}: {error}"
    log.warning("i18n: %s; using English", problem)
    return Translator(DEFAULT_LANGUAGE, requested=lang, problem=problem)


# ---------------------------------------------------------------------------
# The game's own words.

_GAME_NAME = NP_("game name", "Hearts")


def game_name(tr: Translator) -> str:
    """Hearts, Hertta, Hjerter, Širdys, Hartenjagen."""
    return tr.text(_GAME_NAME)


SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")

_SUIT_NAMES = {
    # TRANSLATORS: a suit on its own, as in "You must follow suit (clubs)."
    "C": NP_("suit", "clubs"),
    "D": NP_("suit", "diamonds"),
    "H": NP_("suit", "hearts"),
    "S": NP_("suit", "spades"),
}

# A card's accessible name is put together from these parts: a screen reader
# says it aloud, so write the name your players say.
_CARD_SUITS = {
    # TRANSLATORS: the suit as it appears in a card's name (see "{rank} of
    # {suit}"): e.g. Finnish "risti" for "ristikakkonen", Lithuanian "kryžių".
    "C": NP_("card name: suit", "clubs"),
    "D": NP_("card name: suit", "diamonds"),
    "H": NP_("card name: suit", "hearts"),
    "S": NP_("card name: suit", "spades"),
}
_CARD_RANKS = {
    # TRANSLATORS: a rank as it appears in a card's name (see "{rank} of
    # {suit}"): e.g. Finnish "kakkonen", Lithuanian "dvejetas", Dutch "twee".
    "2": NP_("card name: rank", "2"),
    "3": NP_("card name: rank", "3"),
    "4": NP_("card name: rank", "4"),
    "5": NP_("card name: rank", "5"),
    "6": NP_("card name: rank", "6"),
    "7": NP_("card name: rank", "7"),
    "8": NP_("card name: rank", "8"),
    "9": NP_("card name: rank", "9"),
    "T": NP_("card name: rank", "10"),
    "J": NP_("card name: rank", "jack"),
    "Q": NP_("card name: rank", "queen"),
    "K": NP_("card name: rank", "king"),
    "A": NP_("card name: rank", "ace"),
}
# TRANSLATORS: how a card is named, read aloud by screen readers: "queen of
# spades", Finnish "{suit}{rank}" gives "patarouva", Norwegian "{suit} {rank}"
# gives "spar dame". Lower case, as in the middle of a sentence.
_CARD_PATTERN = NP_("card name", "{rank} of {suit}")

_SUIT_WORDS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


def _suit_char(suit) -> str:
    """``"C"``, ``"clubs"``, ``Suit.CLUBS`` or ``0`` -> ``"C"``."""
    if isinstance(suit, int):  # hearts.cards.Suit is an IntEnum
        if 0 <= suit < 4:
            return SUITS[suit]
    elif isinstance(suit, str):
        text = suit.strip()
        if text.upper() in ("C", "D", "H", "S"):
            return text.upper()
        if text.lower() in _SUIT_WORDS:
            return _SUIT_WORDS[text.lower()]
    raise ValueError(f"not a suit: {suit!r}")


def _split_card(card) -> tuple[str, str]:
    """``"QS"``, ``"10h"``, ``Card('TD')`` -> (rank char, suit char)."""
    text = str(card).strip().upper()
    rank, suit = text[:-1], text[-1:]
    if rank == "10":
        rank = "T"
    if rank not in RANKS or suit not in SUITS or not suit:
        raise ValueError(f"not a card: {card!r}")
    return rank, suit


def suit_name(suit, tr: Translator) -> str:
    """A suit's name on its own: clubs, pata, spar, pikai, ruiten..."""
    return tr.text(_SUIT_NAMES[_suit_char(suit)])


def rank_name(rank: str, tr: Translator) -> str:
    """A rank as used in card names (``"Q"`` -> queen / rouva / dame...)."""
    key = "T" if str(rank).upper() == "10" else str(rank).upper()
    return tr.text(_CARD_RANKS[key])


def card_name(card, tr: Translator) -> str:
    """The spoken name of a card given as text (``"QS"``, ``"2C"``, ``"TH"``)
    or a ``hearts.cards.Card``: "queen of spades", "patarouva", "spar dame",
    "pikų dama", "schoppenvrouw"."""
    rank, suit = _split_card(card)
    return tr.text(_CARD_PATTERN).format(rank=tr.text(_CARD_RANKS[rank]), suit=tr.text(_CARD_SUITS[suit]))


_REASONS = {
    "game-over": N_("The game is over."),
    "wrong-phase": N_("That can't be done right now."),
    "not-your-turn": N_("It isn't your turn yet."),
    "no-such-seat": N_("There is no such seat at this table."),
    "not-a-card": N_("That isn't a card from this deck."),
    "card-not-held": N_("You don't have that card."),
    "must-lead-two-of-clubs": N_("The first trick starts with the 2 of clubs."),
    "must-follow-suit": N_("You must follow suit."),
    # TRANSLATORS: hearts are broken only by a heart discarded (played to a
    # trick of another suit); use the rules page's word for "discard".
    "hearts-not-broken": N_("You can't lead a heart until a heart has been discarded."),
    "no-points-on-first-trick": N_(
        "No hearts and no queen of spades on the first trick, unless you have nothing else."
    ),
    "pass-three-cards": N_("Choose exactly three cards to pass."),
    "pass-duplicate-card": N_("The same card can't be passed twice."),
    "already-passed": N_("You have already passed your cards."),
}
# TRANSLATORS: {suit} is a suit's name on its own (context "suit").
_MUST_FOLLOW_SUIT = N_("You must follow suit ({suit}).")
_UNKNOWN_REASON = N_("That move isn't allowed.")

#: Every engine reason code that has its own message.
REASON_CODES: tuple[str, ...] = tuple(_REASONS)


def reason_message(code, tr: Translator, *, suit=None) -> str:
    """Why a card or a pass was refused, for the engine's reason ``code``
    (a string or ``hearts.game.Reason``). For ``must-follow-suit`` give
    ``suit`` (``"H"``, ``Suit.HEARTS``...) to name the suit led. An unknown
    code gets a general message."""
    code = getattr(code, "value", code)
    if code == "must-follow-suit" and suit is not None:
        return tr.gettext(_MUST_FOLLOW_SUIT).format(suit=suit_name(suit, tr))
    return tr.gettext(_REASONS.get(code, _UNKNOWN_REASON))


_SAVE_ERRORS = {
    "save-corrupt": N_("The saved game is damaged and can't be opened."),
    "save-not-hearts": N_("The saved data isn't a game of Hearts."),
    "save-newer-version": N_(
        "This game was saved by a newer version of the app. Reload the page to update it."
    ),
    "save-impossible": N_("The saved game holds a position the rules don't allow."),
    "storage-unavailable": N_("This browser isn't letting the game save anything."),
}
_UNKNOWN_SAVE_ERROR = N_("The saved game can't be opened.")

#: Every save/storage error code that has its own message.
SAVE_ERROR_CODES: tuple[str, ...] = tuple(_SAVE_ERRORS)


def save_error_message(code, tr: Translator) -> str:
    """Why a saved game could not be used (codes from ``hearts.save``)."""
    code = getattr(code, "value", code)
    return tr.gettext(_SAVE_ERRORS.get(code, _UNKNOWN_SAVE_ERROR))


_LEVEL_NAMES = {
    "easy": NP_("level", "Easy"),
    "normal": NP_("level", "Normal"),
    "hard": NP_("level", "Hard"),
}
_LEVEL_DESCRIPTIONS = {
    "easy": N_("Tries not to take points in the trick at hand."),
    "normal": N_(
        "Passes dangerous cards, follows low and gets rid of the queen of spades at the right time."
    ),
    "hard": N_(
        "Remembers who is void in which suit and fights back when someone goes for the moon."
    ),
}
# The levels named here: hearts.choices.LEVELS (this module imports only the
# standard library; tests/test_ui.py checks that the two agree).
LEVELS = tuple(_LEVEL_NAMES)


def level_name(level, tr: Translator) -> str:
    """``"easy"`` / ``"normal"`` / ``"hard"`` -> the level's name."""
    return tr.text(_LEVEL_NAMES[getattr(level, "value", level)])


def level_description(level, tr: Translator) -> str:
    """One line saying how a computer player of this level plays."""
    return tr.gettext(_LEVEL_DESCRIPTIONS[getattr(level, "value", level)])


PASS_DIRECTIONS = ("left", "right", "across", "none")
_PASS_TEXTS = {
    "left": N_("Pass three cards to the left"),
    "right": N_("Pass three cards to the right"),
    "across": N_("Pass three cards across"),
    "none": N_("No passing this hand"),
}
# hearts.game.PassDirection values: how many seats to the left.
_PASS_BY_OFFSET = {0: "none", 1: "left", 2: "across", 3: "right"}


def pass_direction_text(direction, tr: Translator) -> str:
    """``"left"``/``"right"``/``"across"``/``"none"`` or a
    ``hearts.game.PassDirection`` -> "Pass three cards to the left"..."""
    if isinstance(direction, int):
        key = _PASS_BY_OFFSET[int(direction) % 4]
    else:
        key = str(getattr(direction, "value", direction)).lower()
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


#: What the boot screen says before Python runs (exported to JSON and read
#: by assets/boot.js): stages "loading" (download), "booting" (the Python
#: interpreter starts) and "starting" (the game itself loads), then errors.
BOOT_KEYS = ("title", "description", "loading", "booting", "starting", "unsupported", "failed",
             "fresh", "fresh_note")
_BOOT = {
    "title": _GAME_NAME,
    # The page's description and the installed app's (web app manifest).
    "description": N_("Hearts, the card game, against three computer players. It plays offline too."),
    "loading": N_("Downloading the game…"),
    "booting": N_("Starting the game engine…"),
    "starting": N_("Setting up the table…"),
    "unsupported": N_(
        "This browser can't run the game: it needs WebAssembly. Please use an up-to-date browser."
    ),
    "failed": N_("The game couldn't start. Please reload the page."),
    # TRANSLATORS: a button under "The game couldn't start": starts the game
    # without what it stored in the browser (which may be what broke it).
    "fresh": N_("Start fresh"),
    # TRANSLATORS: under the "Start fresh" button.
    "fresh_note": N_("Your saved game and settings are put aside, not deleted, and the game starts without them."),
}


def boot_strings(lookup) -> dict[str, str]:
    """The boot-screen texts, each through ``lookup(marked) -> str``."""
    return {key: lookup(_BOOT[key]) for key in BOOT_KEYS}
