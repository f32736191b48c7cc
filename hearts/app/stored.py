"""What the page keeps in localStorage, read as hostile input: whose it is,
how big it may be, and what of the screen comes back after a reload.

Pure functions (no browser): the page hands them the texts it read.

- Every key the page stores is defined here once (:data:`KEYS`: its name,
  local or session storage, its size limit). Each install of the game has
  its own keys: a key is the name defined here (``hearts.save``) and the install's path, the folder
  of its page and the service worker's scope (``hearts.save@/beta/``), so
  two copies on one origin never share a save. The root install moves the
  values under the names of before (``hearts.save``) to its own keys once.
- Every stored text is bounded before it is parsed (hearts.engine.boundedjson);
  one that cannot be used is ignored and the player told (``notes``: their
  words are hearts.text.spoken.NOTES).
- The cards picked for the pass and a finished trick on the table are not
  part of the game's save (which is the game's history): they are kept
  under a key of their own, with the position they belong to.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import boundedjson, save
from . import stats, today
from . import messages as M
from . import stored_settings
from .model import Model

if TYPE_CHECKING:
    from ..engine.game import Game

SEPARATOR = "@"
ROOT_SCOPE = "/"


# -- every key the page stores ---------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One thing the page stores: its name (stored as :func:`scoped`, the
    install's own), where (``"local"``: localStorage, kept; ``"session"``:
    sessionStorage, this tab's; ``"lock"``: the name of a Web Lock), and the
    most characters a stored text of it may have before it is even parsed
    (None: a mark the page writes itself and reads by a rule of its own)."""

    name: str
    area: str
    max_chars: int | None


SETTINGS_MAX_CHARS = stored_settings.MAX_CHARS
LANG_MAX_CHARS = 16
VIEW_MAX_CHARS = 500
REV_MAX_DIGITS = 16  # a revision: at most 2**53 - 1 (hearts.engine.save.MAX_REV)

PREFIX = "hearts."  # every key's name starts so (assets/loading-screen.js's reset clears them)
SAVE = Key("hearts.save", "local", save.MAX_TEXT)  # the game (hearts/app/keeping.py)
STATS = Key("hearts.stats", "local", stats.MAX_TEXT)  # statistics across games (hearts.app.stats)
SETTINGS = Key(stored_settings.NAME, "local", SETTINGS_MAX_CHARS)  # level, speed, colours, two-tap, par off (stored_settings)
LANG = Key("hearts.lang", "local", LANG_MAX_CHARS)  # also read by assets/start-screen.js before Python
REFUSED = Key("hearts.refused", "local", save.MAX_TEXT)  # a refused save, kept aside (keeping.py)
VIEW = Key("hearts.view", "local", VIEW_MAX_CHARS)  # the picks and a finished trick (view_state)
PROBE = Key("hearts.probe", "local", None)  # written and removed: whether storage works
UNSAVED = Key("hearts.unsaved", "session", REV_MAX_DIGITS)  # revision of a position not stored
BOOTING = Key("hearts.booting", "session", None)  # a boot under way (assets/boot-watch.js)
SNAPSHOT_TRIAL = Key("hearts.snapshot-trial", "local", None)  # a boot from a memory snapshot (assets/boot.js)
RECHECKED = Key("hearts.rechecked", "session", None)  # a failed boot had the cache checked again (assets/boot.js)
OWNER = Key("hearts.owner", "lock", None)  # the Web Lock of the tab that plays the game
TODAY = Key("hearts.today", "local", save.MAX_TEXT + 200)  # today's hand's record, the game beside it (today_play)
DAYS = Key("hearts.days", "local", today.MAX_TEXT)  # the days of today's hand played (hearts.app.today)
ASIDE = Key("hearts.aside.", "local", None)  # prefix: values the loading screen's reset moved aside
KEYS = (SAVE, STATS, SETTINGS, LANG, REFUSED, VIEW, PROBE, UNSAVED, BOOTING, SNAPSHOT_TRIAL, RECHECKED, OWNER, TODAY,
        DAYS, ASIDE)
LEGACY = (SAVE, SETTINGS, LANG)  # the root install's keys of before (migrations), unscoped


def install_scope(pathname: str) -> str:
    """The install's path from the page's location.pathname: its folder.

    >>> install_scope("/beta/"), install_scope("/games/hearts/index.html"), install_scope("")
    ('/beta/', '/games/hearts/', '/')
    """
    folder = str(pathname or "")[: str(pathname or "").rfind("/") + 1]
    return folder if folder.startswith("/") else ROOT_SCOPE


def scoped(key: str, scope: str) -> str:
    """The key of ``key`` for the install at ``scope``.

    >>> scoped("hearts.save", "/"), scoped("hearts.lang", "/beta/")
    ('hearts.save@/', 'hearts.lang@/beta/')
    """
    return f"{key}{SEPARATOR}{scope}"


def migrations(scope: str, keys: Iterable[str]) -> list[tuple[str, str]]:
    """(old key, new key) pairs to move once: the keys of before belong to
    the root install (that is where the game was installed until then).

    >>> migrations("/", ["hearts.save"]), migrations("/beta/", ["hearts.save"])
    ([('hearts.save', 'hearts.save@/')], [])
    """
    if scope != ROOT_SCOPE:
        return []
    return [(key, scoped(key, scope)) for key in keys]


# -- bounded reads -------------------------------------------------------------

SETTINGS_MAX_DEPTH = stored_settings.MAX_DEPTH

def read_settings(text: str | None) -> tuple[dict[str, Any], bool]:
    """The stored settings as a dict, and whether the text could be used
    (no text at all is fine): :func:`hearts.app.stored_settings.decode`,
    which the page's controller uses too.

    >>> read_settings('{"level": "hard"}'), read_settings(None)
    (({'level': 'hard'}, True), ({}, True))
    >>> read_settings("{" * 10000 + "}" * 10000), read_settings("[1]")
    (({}, False), ({}, False))
    """
    data, ok = stored_settings.decode(text)
    return data, ok


def lang_ok(text: object, languages: Iterable[str]) -> bool:
    """Whether a stored language (read by assets/loading-screen.js, which ignores a bad
    one) is none or usable.

    >>> lang_ok(None, ["en"]), lang_ok("fi", ["fi"]), lang_ok("[" * 6000, ["en"])
    (True, True, False)
    """
    if not text:
        return True
    text = str(text)
    if len(text) > LANG_MAX_CHARS:
        return False
    base = text.lower().replace("_", "-").split("-")[0]
    return base in languages or base in ("no", "nn")


# Seeds the game makes are below 2**31. A seed becomes text in every deal's
# hash, and Python refuses to turn an int of more than 4,300 digits into
# text: 18 digits are plenty and stay far below hearts.engine.save.MAX_SEED, also
# after the +1 of each new game.
SEED_MAX_DIGITS = 18


def whole_number(text: object, max_digits: int) -> int | None:
    """The one rule for every number the page reads from storage, the
    address or the page: 1 to ``max_digits`` ASCII digits and nothing else,
    else None (``str.isdigit`` takes '²' and '٣', which ``int`` refuses or
    reads as another number).

    >>> whole_number("42", 4), whole_number("²", 4), whole_number("٣", 4), whole_number("12345", 4)
    (42, None, None, None)
    >>> whole_number("", 4), whole_number("-1", 4), whole_number(None, 4), whole_number(" 7", 4)
    (None, None, None, None)
    """
    if type(text) is not str or not 0 < len(text) <= max_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def parse_seed(text: object) -> tuple[int | None, bool]:
    """``?seed=`` as (seed or None, whether a given seed was refused).

    >>> parse_seed("42"), parse_seed(None), parse_seed(" 7 ")
    ((42, False), (None, False), (7, False))
    >>> parse_seed("9" * 4300), parse_seed("-1"), parse_seed("x"), parse_seed("")
    ((None, True), (None, True), (None, True), (None, True))
    """
    if text is None:
        return None, False
    seed = whole_number(str(text).strip(), SEED_MAX_DIGITS)
    return seed, seed is None


# The longest address query read (a real one is under 100 characters).
QUERY_MAX_CHARS = 2000


def query_params(search: object) -> dict[str, str]:
    """The address's parameters (``location.search``), each name's *first*
    value, as the start screen reads them before Python (URLSearchParams'
    ``get``, assets/start-screen.js): ``?level=easy&level=hard`` is easy on
    both sides. Decoded as URLSearchParams does ('+' a space, %XX a byte of
    UTF-8, a broken escape left as it is).

    >>> query_params("?level=easy&level=hard&seed=4")
    {'level': 'easy', 'seed': '4'}
    >>> query_params("?lang=f%69&x=a+b&y=%zz&=v&flag"), query_params(None), query_params("?%E9=%FF")
    ({'lang': 'fi', 'x': 'a b', 'y': '%zz', '': 'v', 'flag': ''}, {}, {'�': '�'})
    """
    if type(search) is not str:
        return {}
    params: dict[str, str] = {}
    for part in search[:QUERY_MAX_CHARS].removeprefix("?").split("&"):
        if part:
            name, _, value = part.partition("=")
            params.setdefault(_unquote(name), _unquote(value))
    return params


def _unquote(text: str) -> str:
    """URL form decoding, as URLSearchParams does it."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out, i = bytearray(), 0
    while i < len(text):
        hex_digits = text[i + 1:i + 3]
        if text[i] == "%" and len(hex_digits) == 2 and all(c in "0123456789abcdefABCDEF" for c in hex_digits):
            out.append(int(hex_digits, 16))
            i += 3
        else:
            out += text[i].encode("utf-8", "surrogatepass")
            i += 1
    return out.decode("utf-8", "replace")


# -- the screen beyond the save: picks and a finished trick ------------------------

VIEW_MAX_DEPTH = 2


def position(game: Game) -> str:
    """Where a game stands: its seed, hand and cards played (and totals)."""
    played = sum(len(t.cards) for t in game.tricks)
    return f"{game.seed}:{game.hand_number}:{played}:{','.join(map(str, game.scores))}"


def view_state(model: Model) -> str | None:
    """What to keep of the screen for a reload, as text (None: nothing)."""
    game, ui = model.game, model.ui
    if game is None or ui.screen != "table" or not (ui.picked or ui.pause):
        return None
    picked = [str(card) for card in ui.picked]  # (a Card is an int: stored by its name)
    return json.dumps({"at": position(game), "picked": picked, "pause": bool(ui.pause)},
                      separators=(",", ":"))


def restore_view(model: Model, effects: list[M.Effect], text: str | None) -> tuple[Model, list[M.Effect]]:
    """The model and effects of a restored game with the picks and the
    finished trick the stored text gives, when they belong to this very
    position and still make sense there; else unchanged."""
    from ..engine.game import Phase
    from .steps import next_step
    from .model import HUMAN, with_ui

    game = model.game
    if game is None or not text:
        return model, effects
    try:
        data = boundedjson.loads(text, max_chars=VIEW_MAX_CHARS, max_depth=VIEW_MAX_DEPTH)
    except (ValueError, RecursionError):
        return model, effects
    if not isinstance(data, dict) or data.get("at") != position(game):
        return model, effects
    picked = data.get("picked")
    held = {str(card): card for card in game.view(HUMAN).hand}
    if (game.phase is Phase.PASS and HUMAN in game.waiting_to_pass and type(picked) is list
            and 0 < len(picked) <= 3 and len(set(picked)) == len(picked)
            and all(type(c) is str for c in picked)
            and set(picked) <= held.keys()):
        return with_ui(model, picked=tuple(held[c] for c in picked)), effects
    tricks = game.tricks  # this hand's, the one in progress last (without a winner)
    if data.get("pause") is True and tricks and tricks[-1].winner is not None:
        # The trick is complete and nothing of the next one is played yet:
        # show it again, and let it be collected as it would have been.
        paused = with_ui(model, pause=True)
        paused, later = next_step(paused)
        kept = [e for e in effects if not isinstance(e, (M.Think, M.Later, M.Announce))]
        return paused, kept + later
    return model, effects
