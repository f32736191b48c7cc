"""Statistics across games: what is kept, how it is stored, what it shows.

Pure data and functions (no browser): the page keeps the text of
:func:`dumps` in localStorage next to the saved game (``hearts.app.stored.STATS``,
stored by hearts/page/binding.py) and hands it back to :func:`loads` at start.

Each finished game is folded into one *bucket* of counters: its level
(``easy``, ``normal``, ``hard``) when no move was taken back, or ``undo``
for a game in which undo was used, whatever its level (taking back a card
after seeing the others' is not the same game). A game whose cards the
game did not deal (:func:`dealt_by_the_game`: no seed, a deal of the
player's choosing, an imported constructed deal) goes to a bucket of its
own, ``imported``, and is not among the games of any level nor in "all"
(:data:`COUNTED`). Every game counts once: the
summary carries an id (:func:`game_key`: the seed and the first deal) and a
game whose id is among the last :data:`SEEN` recorded is not counted again
(a reload at the game's end, an undo after the last card and the end once
more, the same finished game opened from a file five times). The last
:data:`RECENT` games' final scores are kept for the chart.

Like a save, a stored text is versioned and checked whole: too long, not
JSON, not ours, newer, or numbers that do not add up -> :class:`StatsError`
(the page then starts from empty statistics and says so, never crashes).

>>> s = record(EMPTY, GameSummary("g1", "normal", False, (40, 101, 60, 70), (3, 10, 1, 26), 1, 0, 1))
>>> figures(s)["all"].games, figures(s)["all"].won, figures(s)["normal"].best
(1, 1, 40)
>>> record(s, GameSummary("g1", "normal", False, (40, 101, 60, 70), (3, 10, 1, 26), 1, 0, 1)) is s
True
>>> loads(dumps(s)) == s
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..engine import boundedjson
from ..engine.tally import places
from . import costs as C
from ..engine.choices import LEVELS

if TYPE_CHECKING:
    from ..engine.game import Game

FORMAT = "hearts-stats"
VERSION = 1
MAX_TEXT = 100_000  # characters; real statistics are well under 5 kB
MAX_DEPTH = 4  # {"buckets": {"easy": [...]}}: three levels; deeper is not ours
RECENT = 20  # final scores kept for the chart
SEEN = 200  # ids of the games last counted, kept so that none counts twice
COUNTED = LEVELS + ("undo",)  # the games the game dealt: "all" adds these up
IMPORTED = "imported"  # games of a deal the game did not deal, counted apart
BUCKETS = COUNTED + (IMPORTED,)
# The order of Counters' fields is the order of their list in the JSON.
FIELDS = ("games", "won", "place1", "place2", "place3", "place4", "hands", "points",
          "moons_by", "moons_against", "queens", "best", "worst")


class StatsError(ValueError):
    """Stored statistics that cannot be read; ``code`` says why."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


@dataclass(frozen=True)
class GameSummary:
    """What one finished game adds: made by :func:`summarize` from the game."""

    game_id: str
    level: str
    undo: bool
    scores: tuple[int, int, int, int]  # final totals, seat 0 is the player
    hands_points: tuple[int, ...]  # the player's points in each hand (moon rule applied)
    moons_by: int  # hands in which the player shot the moon
    moons_against: int  # hands in which an opponent did
    queens: int  # hands in which the player took the queen of spades
    imported: bool = False  # the game did not deal its cards (dealt_by_the_game)


@dataclass(frozen=True)
class Counters:
    games: int = 0
    won: int = 0
    place1: int = 0
    place2: int = 0
    place3: int = 0
    place4: int = 0
    hands: int = 0
    points: int = 0  # the player's points over all hands
    moons_by: int = 0
    moons_against: int = 0
    queens: int = 0
    best: int | None = None  # lowest final score
    worst: int | None = None  # highest final score

    @property
    def average(self) -> float | None:
        """Average points per hand, or None before the first hand."""
        return self.points / self.hands if self.hands else None

    def places(self) -> tuple[int, int, int, int]:
        return (self.place1, self.place2, self.place3, self.place4)


@dataclass(frozen=True)
class Recent:
    score: int
    place: int
    level: str
    undo: bool
    imported: bool = False  # a game of a deal the game did not deal


@dataclass(frozen=True)
class Stats:
    buckets: tuple[tuple[str, Counters], ...] = tuple((b, Counters()) for b in BUCKETS)
    recent: tuple[Recent, ...] = ()
    last_id: str | None = None
    seen: tuple[str, ...] = ()  # ids of the games counted, the last SEEN (last_id among them)
    costs: C.Costs = C.EMPTY  # the reviewed hands' costs (hearts.app.costs)

    def bucket(self, name: str) -> Counters:
        return dict(self.buckets)[name]


EMPTY = Stats()


def place_of(scores: Sequence[int], seat: int = 0) -> int:
    """The place of ``seat`` (:func:`hearts.engine.tally.places`)."""
    return places(scores)[seat][0]


def game_key(game: Game) -> str:
    """Which game this is: its seed and its first deal, not its history, so
    that a game finished, taken back by undo and finished again is still the
    one game (counted once, as first finished)."""
    import hashlib  # not at start-up: the boot does without it (tests/test_ui.py)

    first = (*game.log, game.record())[0].dealt
    return hashlib.sha256(json.dumps([game.seed, list(first)]).encode()).hexdigest()[:16]


def dealt_by_the_game(game: Game) -> bool:
    """Whether the game dealt this game's cards: a seed, the first hand as
    :func:`hearts.engine.game.deal` deals it from that seed, passing left first
    (as :meth:`hearts.engine.game.Game.new` does). A save with ``"seed": null``, a
    deal of the player's choosing or a constructed deal with a seed put on
    it are not: such games count apart (``imported``)."""
    from ..engine.game import PassDirection, deal

    if type(game.seed) is not int or game.first_pass_direction is not PassDirection.LEFT:
        return False
    first = (*game.log, game.record())[0].dealt
    return tuple(first) == deal(game.seed, 0)


def summarize(game: Game, level: str, undo: bool = False) -> GameSummary:
    """The summary of a finished :class:`hearts.engine.game.Game` (phase game-end)."""
    from ..engine.replay import hand_tricks

    game_id = game_key(game)
    hands = tuple(r.points[0] for r in game.results)
    moons_by = sum(1 for r in game.results if r.moon == 0)
    moons_against = sum(1 for r in game.results if r.moon not in (None, 0))
    queens = 0
    for n in range(len(game.results)):
        queens += any(t.winner == 0 and "QS" in {str(c) for c in t.cards}
                      for t in hand_tricks(game, n))
    return GameSummary(game_id, level if level in LEVELS else "normal", bool(undo),
                       cast("tuple[int, int, int, int]", tuple(game.scores)), hands, moons_by, moons_against, queens,
                       not dealt_by_the_game(game))


def record(stats: Stats, summary: GameSummary) -> Stats:
    """``stats`` with one more finished game (the same game twice: unchanged)."""
    if summary.game_id == stats.last_id or summary.game_id in stats.seen:
        return stats
    name = IMPORTED if summary.imported else "undo" if summary.undo else summary.level
    place = place_of(summary.scores)
    score = summary.scores[0]
    old = stats.bucket(name)
    new = replace(
        old,
        games=old.games + 1,
        won=old.won + (place == 1 and summary.scores.count(score) == 1),
        hands=old.hands + len(summary.hands_points),
        points=old.points + sum(summary.hands_points),
        moons_by=old.moons_by + summary.moons_by,
        moons_against=old.moons_against + summary.moons_against,
        queens=old.queens + summary.queens,
        best=score if old.best is None else min(old.best, score),
        worst=score if old.worst is None else max(old.worst, score),
        **{f"place{place}": getattr(old, f"place{place}") + 1},
    )
    buckets = tuple((b, new if b == name else c) for b, c in stats.buckets)
    recent = (stats.recent + (Recent(score, place, summary.level, summary.undo, summary.imported),))[-RECENT:]
    seen = (stats.seen + (summary.game_id,))[-SEEN:]
    return Stats(buckets=buckets, recent=recent, last_id=summary.game_id, seen=seen, costs=stats.costs)


def record_cost(stats: Stats, game_id: str, bucket: str, hand: int, tenths: int) -> Stats:
    """``stats`` with a reviewed hand's total cost (once per hand; hearts.app.costs)."""
    new = C.add(stats.costs, game_id, bucket, hand, tenths)
    return stats if new is stats.costs else replace(stats, costs=new)


def total(stats: Stats, names: Sequence[str] = COUNTED) -> Counters:
    """The buckets ``names`` added up (best and worst over all of them)."""
    out: dict[str, Any] = {f: 0 for f in FIELDS}
    out["best"] = out["worst"] = None
    for name in names:
        c = stats.bucket(name)
        for f in FIELDS[:-2]:
            out[f] += getattr(c, f)
        if c.best is not None:
            out["best"] = c.best if out["best"] is None else min(out["best"], c.best)
            out["worst"] = c.worst if out["worst"] is None else max(out["worst"], c.worst)
    return Counters(**out)


def figures(stats: Stats) -> dict[str, Counters]:
    """What the screen shows: every game the game dealt ("all"), each level
    without undo, the games with undo, and the imported games apart."""
    out = {"all": total(stats)}
    out.update((b, stats.bucket(b)) for b in BUCKETS)
    return out


# -- storing ------------------------------------------------------------------

def to_dict(stats: Stats) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "buckets": {b: [getattr(c, f) for f in FIELDS] for b, c in stats.buckets if b != IMPORTED},
        "recent": [[r.score, r.place, r.level, r.undo] for r in stats.recent],
        # Apart, so that a page of before (an old tab still open) reads the
        # rest as it always did: the imported bucket, and which of the
        # recent games were imported (their places in "recent").
        IMPORTED: [getattr(stats.bucket(IMPORTED), f) for f in FIELDS],
        "recent_imported": [i for i, r in enumerate(stats.recent) if r.imported],
        "last": stats.last_id,
        "seen": list(stats.seen),
        **({"costs": C.to_data(stats.costs)} if stats.costs != C.EMPTY else {}),
    }


def dumps(stats: Stats) -> str:
    return json.dumps(to_dict(stats), separators=(",", ":"))


def loads(text: object) -> Stats:
    """The statistics stored in ``text``, or :class:`StatsError` (never a part)."""
    if not isinstance(text, str):
        raise StatsError("stats-corrupt", "not a text")
    try:  # measured before it is parsed: deep nesting overflowed the page's stack
        data = boundedjson.loads(text, max_chars=MAX_TEXT, max_depth=MAX_DEPTH)
    except boundedjson.Refused as refused:
        raise StatsError("stats-corrupt", str(refused)) from None
    except (ValueError, RecursionError):
        raise StatsError("stats-corrupt", "not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError("stats-corrupt", "not our statistics")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise StatsError("stats-corrupt", "no version")
    if version > VERSION:
        raise StatsError("stats-newer-version", f"version {version}")
    try:
        return _from_dict(data)
    except StatsError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        raise StatsError("stats-corrupt", f"{type(e).__name__}: {e}") from None


def _count(value: object) -> int:
    if type(value) is not int or not 0 <= value < 10**9:
        raise StatsError("stats-corrupt", f"not a count: {value!r}")
    return value


HAND_POINTS = 26  # the most points the player takes in a hand (an opponent's moon)


def possible(c: Counters) -> bool:
    """Whether a bucket's counts fit in its hands (with :func:`_from_dict`'s
    sums: the places add up to the games, a win is a first place): at most
    :data:`HAND_POINTS` of the player's points a hand; a moon, the player's
    or an opponent's, at most once a hand, and the player's takes the queen,
    an opponent's leaves it to the opponent; and the points are the games'
    final scores added up, each game at least a hand long, so they lie
    between what the best and the worst score allow.

    >>> possible(Counters(games=1, won=1, place1=1, hands=5, points=40, best=40, worst=40))
    True
    >>> possible(Counters(games=1, place1=1, hands=1, points=999_999_999, best=5, worst=5))
    False
    >>> possible(Counters(games=1, place1=1, hands=5, points=40, moons_by=500, queens=500, best=40, worst=40))
    False
    >>> possible(Counters(games=1, won=1, place1=1, hands=5, points=40, best=500, worst=500))
    False
    """
    if c.points > HAND_POINTS * c.hands or c.moons_by > c.queens or c.queens + c.moons_against > c.hands:
        return False
    if c.best is None or c.worst is None:
        return c.games == 0 and c.points == 0
    return (c.worst + c.best * (c.games - 1) <= c.points <= c.best + c.worst * (c.games - 1)
            and c.worst <= HAND_POINTS * (c.hands - c.games + 1))


def _check_recent(recent: list[Recent], buckets: dict[str, Counters]) -> None:
    """Each of the last games is one its bucket counted: its score between
    the bucket's best and worst, and no more of them in a place than the
    bucket counts there (or StatsError)."""
    seen: dict[tuple[str, int], int] = {}
    for r in recent:
        name = IMPORTED if r.imported else "undo" if r.undo else r.level
        c = buckets[name]
        seen[name, r.place] = seen.get((name, r.place), 0) + 1
        if (c.best is None or c.worst is None or not c.best <= r.score <= c.worst
                or seen[name, r.place] > c.places()[r.place - 1]):
            raise StatsError("stats-corrupt", "a recent game its bucket does not count")


def _from_dict(data: dict[str, Any]) -> Stats:
    raw = data["buckets"]
    if not isinstance(raw, dict) or set(raw) != set(COUNTED):
        raise StatsError("stats-corrupt", "buckets")
    # (statistics stored before the imported bucket have none: empty)
    raw = {**raw, IMPORTED: data.get(IMPORTED, [0] * (len(FIELDS) - 2) + [None, None])}
    buckets = []
    for name in BUCKETS:
        values = raw[name]
        if type(values) is not list or len(values) != len(FIELDS):
            raise StatsError("stats-corrupt", f"bucket {name}")
        counts = {field: _count(v) for field, v in zip(FIELDS[:-2], values)}
        best, worst = values[-2:]
        c = Counters(**counts, best=None if best is None else _count(best),
                     worst=None if worst is None else _count(worst))
        if (sum(c.places()) != c.games or c.won > c.place1 or c.hands < c.games
                or (c.games == 0) != (c.best is None) or (c.best is None) != (c.worst is None)
                or (c.best is not None and c.worst is not None and c.best > c.worst)):
            raise StatsError("stats-corrupt", f"bucket {name} does not add up")
        if not possible(c):
            raise StatsError("stats-corrupt", f"bucket {name}: more than its hands allow")
        buckets.append((name, c))
    recent = []
    items = data["recent"]
    if type(items) is not list or len(items) > RECENT:
        raise StatsError("stats-corrupt", "recent")
    for item in items:
        if type(item) is not list or len(item) != 4:
            raise StatsError("stats-corrupt", "recent game")
        score, place, level, undo = item
        if type(undo) is not bool or level not in LEVELS or type(place) is not int or not 1 <= place <= 4:
            raise StatsError("stats-corrupt", "recent game")
        recent.append(Recent(_count(score), place, level, undo))
    marked = data.get("recent_imported", [])
    if (type(marked) is not list or any(type(i) is not int or not 0 <= i < len(recent) for i in marked)
            or len(set(marked)) != len(marked)):
        raise StatsError("stats-corrupt", "recent imported")
    recent = [replace(r, imported=True) if i in marked else r for i, r in enumerate(recent)]
    _check_recent(recent, dict(buckets))
    last = data["last"]
    if last is not None and (type(last) is not str or len(last) > 64):
        raise StatsError("stats-corrupt", "last id")
    seen = data.get("seen", [])  # (statistics stored before it have none)
    if type(seen) is not list or len(seen) > SEEN or any(type(i) is not str or len(i) > 64 for i in seen):
        raise StatsError("stats-corrupt", "seen ids")
    try:
        costs = C.from_data(data.get("costs"))
    except C.CostsError as e:
        raise StatsError("stats-corrupt", str(e)) from None
    return Stats(buckets=tuple(buckets), recent=tuple(recent), last_id=last, seen=tuple(seen), costs=costs)
