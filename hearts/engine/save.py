"""Save a game as JSON and restore it, refusing anything that is not a real game.

A save is the game's history, not a snapshot of its state: the deal of
every hand, the passes chosen and the cards played, plus the totals.
Restoring replays that history through the engine, so a save that breaks a
rule anywhere (a card in two hands, a card played out of turn, a pass of
four, a total that does not add up) cannot load. A save is refused whole,
with a :class:`SaveError` whose ``code`` the page translates:

- ``save-corrupt``: not JSON, or cut short;
- ``save-not-hearts``: JSON, but not a save of this game;
- ``save-newer-version``: written by a newer version of the game;
- ``save-impossible``: a save of this game that describes no legal game.

A save also carries a revision, ``rev``: a counter the page raises with
every position it stores, so that a tab holding an older position can tell
that its write would replace a newer one (:func:`revision` reads it without
parsing the text). Saves from before revisions have none and read as 0.

>>> from hearts.engine.game import Game
>>> game = Game.new(seed=5)
>>> text = dumps(game)
>>> loads(text).view(0) == game.view(0)
True
>>> loads(text[:-3])
Traceback (most recent call last):
...
hearts.engine.save.SaveError: save-corrupt: the text is not JSON (cut short?)
"""

from __future__ import annotations

import binascii
import json
import re
from typing import Any, NamedTuple

from . import boundedjson
from .cards import cards_of, mask_of
from .choices import LEVELS
from .game import Game, IllegalAction, Phase, deal

FORMAT = "hearts-save"
VERSION = 1
MAX_TEXT = 1_000_000  # characters; a real save is a few kilobytes
MAX_HANDS = 500  # a game ends long before this; a guard against made-up input
MAX_REV = 2**53 - 1  # revisions stay exact in JavaScript too
# What dumps() writes first: the revision is read from this head alone.
_HEAD = re.compile(r'\{"format":"hearts-save","version":[0-9]{1,6},"rev":([0-9]{1,16})[,}]')
# A save nests four levels (the save, its hands, a hand, its deal of four
# lists); deeper text is refused before it is parsed (hearts.engine.boundedjson:
# 6,000 levels overflowed the page's stack).
MAX_DEPTH = 8
# Seeds the game makes are below 2**31; a seed is text in every deal's hash,
# and Python refuses to turn an int of more than 4,300 digits into text.
# 2**128 (39 digits) is far from both.
MAX_SEED = 2**128


class SaveError(ValueError):
    """A save that cannot be restored; ``code`` says why (see the module docstring)."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


CODES = ("save-corrupt", "save-not-hearts", "save-newer-version", "save-impossible")


def _cards(mask: int) -> list[str]:
    return [str(c) for c in cards_of(mask)]


def to_dict(game: Game, rev: int = 0, *, undo_used: bool = False, level: str | None = None) -> dict[str, Any]:
    """The game as plain JSON-ready data (see :func:`dumps`), at revision ``rev``.

    ``undo_used`` (the player took a card back in this game) is written only
    when true, so a save without it is one where undo was never used;
    ``level``, the opponents' level the game is played at, when given (a
    save without it, of before, says nothing of its level).
    """
    records = (*game.log, game.record())
    data = {
        "format": FORMAT,
        "version": VERSION,
        "rev": rev,
        "seed": game.seed,
        "first_pass": game.first_pass_direction.name.lower(),
        "hands": [
            {
                "dealt": [_cards(m) for m in r.dealt],
                "passes": [None if p is None else _cards(p) for p in r.passes],
                "plays": [str(c) for c in r.plays],
            }
            for r in records
        ],
        "scores": list(game.scores),
    }
    if undo_used:
        data["undo_used"] = True
    if level is not None:
        data["level"] = level
    return data


def dumps(game: Game, rev: int = 0, *, undo_used: bool = False, hide: bool = False,
          level: str | None = None) -> str:
    """The game as a JSON text, with a format name, a schema version and
    the revision ``rev``. ``hide`` (a game saved to a file before its end):
    its hands, which list every player's cards, are written encoded
    (``"hidden"``: base64 of their JSON), so that a look at the file does
    not show the opponents' cards; it restores exactly as the plain text."""
    data = to_dict(game, rev, undo_used=undo_used, level=level)
    if hide:
        hands = json.dumps(data.pop("hands"), separators=(",", ":")).encode()
        data["hidden"] = binascii.b2a_base64(hands, newline=False).decode("ascii")
    return json.dumps(data, separators=(",", ":"))


def _unhide(data: Any) -> None:
    """The hands of a save written with ``hide``, back in place (or SaveError)."""
    if not isinstance(data, dict) or "hidden" not in data or "hands" in data:
        return
    hidden = data.pop("hidden")
    if type(hidden) is not str:
        raise SaveError("save-corrupt", "the hidden hands are not a text")
    try:
        text = binascii.a2b_base64(hidden.encode("ascii"), strict_mode=True).decode("utf-8")
        data["hands"] = boundedjson.loads(text, max_chars=MAX_TEXT, max_depth=MAX_DEPTH - 1)
    except (ValueError, UnicodeError, binascii.Error):
        raise SaveError("save-corrupt", "the hidden hands cannot be read") from None


class Saved(NamedTuple):
    """A restored save: the game, whether undo was used in it, and the
    level it was played at (None: a save that does not say)."""

    game: Game
    undo_used: bool = False
    level: str | None = None


def revision(text: Any) -> int:
    """The revision of a stored save, read from its first characters only
    (no parsing, so any text is safe to ask about): 0 for a save without
    one, for anything that is not a save written by :func:`dumps`, and for
    no text at all.

    >>> revision(dumps(Game.new(seed=5), rev=12)), revision('{"format":"hearts-save"}'), revision(None)
    (12, 0, 0)
    """
    if not isinstance(text, str):
        return 0
    match = _HEAD.match(text[:80])
    return min(int(match.group(1)), MAX_REV) if match else 0


def loads(text: str | bytes) -> Game:
    """The game saved in ``text``, or :class:`SaveError`; never half a game."""
    return read(text).game


def read(text: str | bytes) -> Saved:
    """:func:`loads`, with what the save says beside the game (``undo_used``;
    a save written before undo existed has none: False; ``level``: None in
    a save that does not say).

    >>> from hearts.engine.game import Game
    >>> read(dumps(Game.new(seed=5), undo_used=True)).undo_used
    True
    >>> read(dumps(Game.new(seed=5))).undo_used, read(dumps(Game.new(seed=5), level="hard")).level
    (False, 'hard')
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("save-corrupt", "the text is not UTF-8") from None
    if not isinstance(text, str):
        raise SaveError("save-corrupt", "a save is a text")
    try:
        data = boundedjson.loads(text, max_chars=MAX_TEXT, max_depth=MAX_DEPTH)
    except boundedjson.TooLong:
        raise SaveError("save-corrupt", "the text is far too long for a save") from None
    except boundedjson.TooDeep:
        raise SaveError("save-corrupt", "the text is nested far deeper than a save") from None
    except (ValueError, RecursionError):
        raise SaveError("save-corrupt", "the text is not JSON (cut short?)") from None
    _unhide(data)
    game = from_dict(data)
    undo_used = data.get("undo_used", False)
    if type(undo_used) is not bool:
        raise SaveError("save-impossible", "undo_used is not true or false")
    level = data.get("level")
    if level is not None and level not in LEVELS:
        raise SaveError("save-impossible", "level is not one of the levels")
    return Saved(game, undo_used, level)


def from_dict(data: Any) -> Game:
    """The game described by ``data`` (as made by :func:`to_dict`), or :class:`SaveError`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("save-not-hearts", "no Hearts save format marker")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("save-not-hearts", "no schema version")
    if version > VERSION:
        raise SaveError("save-newer-version", f"version {version}, this game reads {VERSION}")
    rev = data.get("rev", 0)
    if type(rev) is not int or not 0 <= rev <= MAX_REV:
        raise SaveError("save-impossible", "the revision is not a counter")
    try:
        return _replay(data)
    except SaveError:
        raise
    except (IllegalAction, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        raise SaveError("save-impossible", f"{type(e).__name__}: {e}") from None


def _replay(data: dict[str, Any]) -> Game:
    seed = data["seed"]
    if seed is not None and type(seed) is not int:
        raise SaveError("save-impossible", "the seed is not an integer")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise SaveError("save-impossible", "the seed is out of range")
    hands = data["hands"]
    if type(hands) is not list or not 1 <= len(hands) <= MAX_HANDS:
        raise SaveError("save-impossible", "no hands, or too many")
    first_pass = data["first_pass"]
    if type(first_pass) is not str:
        raise SaveError("save-impossible", "no pass direction")
    game = None
    for n, hand in enumerate(hands):
        dealt = hand["dealt"]
        _strings(dealt, nested=True)
        if game is None:
            game = Game.from_deal(dealt, first_pass, seed=seed)
        else:
            if game.phase is not Phase.HAND_END:
                raise SaveError("save-impossible", f"hand {n - 1} did not end")
            game.next_hand(dealt)
        if seed is not None and deal(seed, n) != tuple(mask_of(h) for h in dealt):
            raise SaveError("save-impossible", f"hand {n} is not the deal of the seed")
        passes = hand["passes"]
        if type(passes) is not list or len(passes) != 4:
            raise SaveError("save-impossible", f"hand {n}: four passes expected")
        for seat, cards in enumerate(passes):
            if cards is not None:
                _strings(cards)
                game.pass_cards(seat, cards)
        plays = hand["plays"]
        _strings(plays)
        if plays and game.phase is not Phase.PLAY:
            raise SaveError("save-impossible", f"hand {n}: cards played before all passed")
        for card in plays:
            game.play(game.to_act, card)
    if game is None:  # (not reached: the length of hands was checked above)
        raise SaveError("save-impossible", "no hands")
    scores = data["scores"]
    if scores != list(game.scores):
        raise SaveError("save-impossible", f"totals {scores} but the hands add up to {game.scores}")
    return game


def _strings(value: Any, nested: bool = False) -> None:
    """A list of strings (or, ``nested``, a list of lists of strings), or SaveError."""
    if type(value) is not list:
        raise SaveError("save-impossible", "a list of cards was expected")
    for item in value:
        if nested:
            _strings(item)
        elif type(item) is not str:
            raise SaveError("save-impossible", f"not a card: {item!r}")
