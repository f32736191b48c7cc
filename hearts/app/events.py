"""The page's events, named once: every ``data-action`` the view writes, and
the message each one means.

The view writes an action only as an :class:`Action`; hearts/page/worker.py
turns a click's ``data-action``/``data-value`` (or a card's ``data-card``, or a
key) into a message with :func:`decode` (:func:`card`, :func:`key`). What
comes from the page is untrusted text: anything unknown or malformed
decodes to None, never to an exception. The action strings are the page's
test contract: they never change.

    >>> decode("new-game", None, seed=lambda: 7)
    NewGame(seed=7)
    >>> decode("level", "hard"), decode("level", "impossible"), decode("no-such-thing", "x")
    (SetLevel(level='hard'), None, None)
    >>> decode("replay", "2"), decode("replay", "-1"), decode("replay", "2.0")
    (ShowReplay(hand=2), None, None)
"""

from __future__ import annotations

import random
from enum import StrEnum
from collections.abc import Container
from typing import Any, Callable

from ..engine.cards import Card
from ..engine.choices import LEVELS, SPEEDS
from ..text.i18n import LANGUAGES
from . import messages as M
from .stored import whole_number


class Action(StrEnum):
    """Every ``data-action`` of the page (its values are the test contract)."""

    NEW_GAME = "new-game"
    CONFIRM_PASS = "confirm-pass"
    CONTINUE = "continue"
    HINT = "hint"
    RULES = "rules"
    MENU = "menu"
    CLOSE = "close"
    LEVEL = "level"  # data-value: the level
    SPEED = "speed"  # data-value: the speed
    LANG = "lang"  # data-value: the language
    FOUR_COLOUR = "four-colour"
    START_OVER = "start-over"
    KEEP_GAME = "keep-game"
    UNDO = "undo"
    LAST_TRICK = "last-trick"
    CONFIRM_NEW_GAME = "confirm-new-game"
    TWO_TAP = "two-tap"
    STATS = "stats"
    STATS_RESET = "stats-reset"
    CONFIRM_STATS_RESET = "confirm-stats-reset"
    REPLAY = "replay"  # data-value: the hand's index, from 0
    REPLAY_NEXT = "replay-next"
    REPLAY_PREV = "replay-prev"
    TAKE_OVER = "take-over"
    DOWNLOAD_REFUSED = "download-refused"
    HIDE_REFUSED = "hide-refused"
    EXPORT_GAME = "export-game"
    IMPORT_GAME = "import-game"
    CONFIRM_OPEN_GAME = "confirm-open-game"  # a game from a file replaces the one in progress
    EXPORT_STATS = "export-stats"
    IMPORT_STATS = "import-stats"
    CONFIRM_OPEN_STATS = "confirm-open-stats"  # statistics from a file replace these
    REVIEW = "review"  # data-value: the hand's index, from 0
    CLAIM = "claim"
    UPDATE_NOW = "update-now"  # switch to the new version now (hearts.app.versions)
    DISMISS_NOTICE = "dismiss-notice"
    PAR = "par"  # the par of each hand on or off (a setting)
    TODAY = "today"  # today's hand (hearts.app.today_play)
    SHARE = "share"  # copy today's result (the text of [data-share-text])
    WHY = "why"  # the hint's reasons, in a dialog (the table's line shows the hint alone)


_NAMES = frozenset(a.value for a in Action)


def new_seed() -> int:
    """The seed of a new game started by a click (unless ?seed=N is pending)."""
    return random.randrange(1, 2**31)


def _choice(allowed: Container[str]) -> Callable[[str | None], str | None]:
    return lambda value: value if value in allowed else None


def _index(value: str | None) -> int | None:
    """A hand's index: plain ASCII digits only, a few of them."""
    return whole_number(value, 4)


# The message of each action without a value, and of each one with one (its
# value checked first: an unknown value is no message).
_PLAIN: dict[Action, Callable[[], M.Msg]] = {
    Action.CONFIRM_PASS: M.ConfirmPass,
    Action.CONTINUE: M.Continue,
    Action.HINT: M.AskHint,
    Action.RULES: lambda: M.ShowOverlay("rules"),
    Action.MENU: lambda: M.ShowOverlay("menu"),
    Action.CLOSE: M.CloseOverlay,
    Action.FOUR_COLOUR: M.ToggleFourColour,
    Action.START_OVER: M.StartOver,
    Action.KEEP_GAME: M.KeepGame,
    Action.UNDO: M.Undo,
    Action.LAST_TRICK: lambda: M.ShowOverlay("last-trick"),
    Action.WHY: lambda: M.ShowOverlay("hint"),
    Action.TWO_TAP: M.ToggleTwoTap,
    Action.STATS_RESET: M.AskResetStats,
    Action.CONFIRM_STATS_RESET: M.ConfirmResetStats,
    Action.EXPORT_STATS: M.ExportStats,
    Action.IMPORT_STATS: M.ImportStats,
    Action.CONFIRM_OPEN_STATS: M.ConfirmOpenStats,
    Action.REPLAY_NEXT: lambda: M.ReplayStep(1),
    Action.REPLAY_PREV: lambda: M.ReplayStep(-1),
    Action.TAKE_OVER: M.TakeOver,
    Action.DOWNLOAD_REFUSED: M.DownloadRefusedSave,
    Action.HIDE_REFUSED: M.HideRefused,
    Action.EXPORT_GAME: M.ExportGame,
    Action.IMPORT_GAME: M.ImportGame,
    Action.CONFIRM_OPEN_GAME: M.ConfirmOpenGame,
    Action.CLAIM: M.ClaimTricks,
    Action.UPDATE_NOW: M.UpdateNow,
    Action.DISMISS_NOTICE: M.DismissNotice,
    Action.PAR: M.TogglePar,
    Action.SHARE: M.Share,
}
_VALUED: dict[Action, tuple[Callable[[str | None], object], Callable[[Any], M.Msg]]] = {
    Action.LEVEL: (_choice(LEVELS), M.SetLevel),
    Action.SPEED: (_choice(SPEEDS), M.SetSpeed),
    Action.LANG: (_choice(LANGUAGES), M.SetLang),
    Action.REPLAY: (_index, M.ShowReplay),
    Action.REVIEW: (_index, M.ShowReview),
}


def local_day() -> str:
    """The calendar date here, ``YYYY-MM-DD`` (the page's runtime passes the
    page's own, or ``?date=``)."""
    from datetime import date

    return date.today().isoformat()


def decode(action: object, value: object = None, *, seed: Callable[[], int] = new_seed,
           day: Callable[[], str] = local_day) -> M.Msg | None:
    """The message of a click on ``data-action=action`` (with its
    ``data-value``), or None. ``seed`` makes a new game's seed, ``day``
    gives today's date (today's hand).

    >>> decode("today", day=lambda: "2026-12-24"), decode("share")
    (PlayToday(day='2026-12-24'), Share())
    """
    if type(action) is not str or action not in _NAMES:
        return None
    name = Action(action)
    if value is not None and type(value) is not str:
        value = None
    if name is Action.NEW_GAME:
        return M.NewGame(seed=seed())
    if name is Action.CONFIRM_NEW_GAME:
        return M.ConfirmNewGame(seed=seed())
    if name is Action.TODAY:
        return M.PlayToday(day())
    if name is Action.STATS:
        return M.ShowStats(day())
    plain = _PLAIN.get(name)
    if plain is not None:
        return plain()
    valued = _VALUED.get(name)
    if valued is None:
        return None
    check, make = valued
    checked = check(value)
    return None if checked is None else make(checked)


# The buttons whose quick clicks are steps (the replay's, a trick at a time):
# on every other button, a double click acts once (see repeated).
_STEPS = frozenset({Action.REPLAY_NEXT.value, Action.REPLAY_PREV.value})


def repeated(action: object, detail: object) -> bool:
    """Whether a click on ``data-action=action`` is the second (or later)
    click of a double click (``detail``: the click's count, the DOM's
    ``event.detail``; 0 from the keyboard), to be dropped: a double click
    on Undo takes back one card, on New game deals one game. Only the
    replay's steps go on with each click.

    >>> repeated("undo", 2), repeated("undo", 1), repeated("new-game", 3), repeated("undo", 0)
    (True, False, True, False)
    >>> repeated("replay-next", 2), repeated("undo", "2"), repeated("undo", None), repeated(["undo"], 2)
    (False, False, False, True)
    """
    if type(detail) is not int or detail < 2:
        return False
    return not (type(action) is str and action in _STEPS)


def card_repeated(code: object, detail: object, last: str | None) -> bool:
    """Whether a click on the card ``code`` is the second click of a double
    click on that same card (``last``: the card clicked before), to be
    dropped. The browser counts a quick click near the last one as its
    second (``detail`` 2) even on another card, and a hand's cards overlap:
    a quick tap on the next card is a play, as the player meant (issue 48:
    3 of 19 quick plays were lost).

    >>> card_repeated("QS", 2, "QS"), card_repeated("QS", 2, "KS"), card_repeated("QS", 1, "QS")
    (True, False, False)
    >>> card_repeated("QS", 3, None), card_repeated("QS", "2", "QS"), card_repeated("QS", 0, "QS")
    (False, False, False)
    """
    return type(detail) is int and detail > 1 and code == last


def card(code: object) -> M.Msg | None:
    """The message of a click on a card of the hand (``data-card``): the
    page's text decoded into a Card here, once; anything else is nothing.

    >>> card("QS"), card("XX"), card(12)
    (ClickCard(card=Card('QS')), None, None)
    """
    if type(code) is not str:
        return None
    try:
        return M.ClickCard(Card.parse(code))
    except ValueError:
        return None


# Keys that step through a hand told trick by trick (overlay "replay").
REPLAY_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1, "Home": -99, "End": 99}


def key(name: object, overlay: str | None = None) -> M.Msg | None:
    """The message of a key pressed anywhere on the page, or None (the
    arrow keys elsewhere move focus: the controller's business,
    hearts/page/controller.py).

    >>> key("Escape"), key("End", "replay"), key("End"), key("q", "replay")
    (Dismiss(), ReplayStep(delta=99), None, None)
    """
    if name == "Escape":
        return M.Dismiss()
    if overlay == "replay" and type(name) is str and name in REPLAY_KEYS:
        return M.ReplayStep(REPLAY_KEYS[name])
    return None


def backdrop() -> M.Msg:
    """The message of a click on a dialog's dimmed backdrop."""
    return M.Dismiss()
