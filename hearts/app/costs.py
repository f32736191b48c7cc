"""What the reviews cost, across games: part of the statistics (hearts.app.stats).

Each reviewed hand's total cost (hearts.app.review: tenths of an expected
point) is added once to its game's bucket (the level, ``undo``, or
``imported`` for a game whose cards the game did not deal: like the
statistics, those count apart, never in a level nor in the average of all;
a game that comes to count elsewhere, undo used after a hand was reviewed,
takes its reviewed hands there) and to its game's line among the last :data:`RECENT` games with a reviewed
hand, for the trend (the imported games' lines are kept apart, the last
:data:`RECENT` of them, and are not in the trend). Stored inside the
statistics' JSON under ``"costs"``; older statistics without it read as no
reviews yet, and the imported games' bucket and lines are stored apart
(``"imported"``, ``"imported_games"``) so that a page of before still reads
the rest.

>>> c = add(EMPTY, "g1", "hard", 0, 13)
>>> add(c, "g1", "hard", 0, 40) is c, average(add(c, "g1", "hard", 1, 7), "hard")
(True, 1.0)
>>> moved = add(c, "g1", "undo", 1, 7)  # undo used since hand 0 was reviewed: the game's hands go with it
>>> average(moved, "hard"), average(moved, "undo"), moved.games[0].bucket
(None, 1.0, 'undo')
>>> from_data(to_data(c)) == c
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.choices import LEVELS

COUNTED = LEVELS + ("undo",)  # the games the game dealt: the average of all adds these up
IMPORTED = "imported"  # reviewed hands of games the game did not deal, counted apart
BUCKETS = COUNTED + (IMPORTED,)
RECENT = 20
MAX_HANDS = 60  # hands of one game that can be counted (a game is over long before)
MAX_HAND_COST = 14 * 260  # tenths: fourteen decisions, each at most 26 points


class CostsError(ValueError):
    pass


@dataclass(frozen=True)
class GameCost:
    game_id: str
    bucket: str
    hands: int  # a bit per reviewed hand (bit n: hand n)
    tenths: int

    @property
    def count(self) -> int:
        return bin(self.hands).count("1")


@dataclass(frozen=True)
class Costs:
    buckets: tuple[tuple[str, int, int], ...] = tuple((b, 0, 0) for b in BUCKETS)  # (bucket, hands, tenths)
    games: tuple[GameCost, ...] = ()


EMPTY = Costs()


def add(costs: Costs, game_id: str, bucket: str, hand: int, tenths: int) -> Costs:
    """``costs`` with hand ``hand`` of game ``game_id`` reviewed (once: the
    same hand again changes nothing)."""
    if bucket not in BUCKETS or not 0 <= hand < MAX_HANDS or not 0 <= tenths <= MAX_HAND_COST:
        return costs
    old = next((g for g in costs.games if g.game_id == game_id), None)
    if old is not None and old.bucket != bucket:
        costs, old = _moved(costs, old, bucket)
    if old is not None and old.hands >> hand & 1:
        return costs
    line = GameCost(game_id, bucket, (old.hands if old else 0) | 1 << hand, (old.tenths if old else 0) + tenths)
    others = tuple(g for g in costs.games if g.game_id != game_id)
    # The dealt games' lines first, then the imported ones (the order they are stored in).
    dealt = tuple(g for g in others if g.bucket != IMPORTED) + ((line,) if bucket != IMPORTED else ())
    imported = tuple(g for g in others if g.bucket == IMPORTED) + ((line,) if bucket == IMPORTED else ())
    buckets = tuple((b, n + 1, t + tenths) if b == bucket else (b, n, t) for b, n, t in costs.buckets)
    return Costs(buckets, dealt[-RECENT:] + imported[-RECENT:])


def _moved(costs: Costs, line: GameCost, bucket: str) -> tuple[Costs, GameCost]:
    """The game of ``line`` counts in ``bucket`` now (undo was used in it
    after a hand was reviewed, say): its line and its reviewed hands' costs
    move there, as the game itself will count (hearts.app.stats.record)."""
    buckets = tuple((b, n - line.count, t - line.tenths) if b == line.bucket
                    else (b, n + line.count, t + line.tenths) if b == bucket else (b, n, t)
                    for b, n, t in costs.buckets)
    new = GameCost(line.game_id, bucket, line.hands, line.tenths)
    others = tuple(g for g in costs.games if g.game_id != line.game_id)
    dealt = tuple(g for g in others if g.bucket != IMPORTED) + ((new,) if bucket != IMPORTED else ())
    imported = tuple(g for g in others if g.bucket == IMPORTED) + ((new,) if bucket == IMPORTED else ())
    return Costs(buckets, dealt + imported), new


def trend(costs: Costs) -> tuple[GameCost, ...]:
    """The lines of the games the game dealt, oldest first (the chart's)."""
    return tuple(g for g in costs.games if g.bucket != IMPORTED)


def average(costs: Costs, bucket: str | None = None) -> float | None:
    """Average cost per reviewed hand (points), of one bucket or of all the
    games the game dealt (:data:`COUNTED`); None before any."""
    rows = [(n, t) for b, n, t in costs.buckets if b == bucket or bucket is None and b in COUNTED]
    hands = sum(n for n, _ in rows)
    return sum(t for _, t in rows) / hands / 10 if hands else None


def to_data(costs: Costs) -> dict[str, Any]:
    rows = {b: [n, t] for b, n, t in costs.buckets}
    apart = rows.pop(IMPORTED)
    imported = [[g.game_id, g.hands, g.tenths] for g in costs.games if g.bucket == IMPORTED]
    return {"buckets": rows, "games": [[g.game_id, g.bucket, g.hands, g.tenths] for g in trend(costs)],
            **({IMPORTED: apart, "imported_games": imported} if apart[0] or imported else {})}


def _count(value: object, limit: int) -> int:
    if type(value) is not int or not 0 <= value <= limit:
        raise CostsError(f"not a count: {value!r}")
    return value


def from_data(data: object) -> Costs:
    """The costs stored as ``data`` (None: none yet), or CostsError."""
    if data is None:
        return EMPTY
    if not isinstance(data, dict) or not isinstance(data.get("buckets"), dict) or set(data["buckets"]) != set(COUNTED):
        raise CostsError("costs")
    # (costs stored before the imported bucket have none: empty)
    rows = {**data["buckets"], IMPORTED: data.get(IMPORTED, [0, 0])}
    buckets = []
    for b in BUCKETS:
        row = rows[b]
        if type(row) is not list or len(row) != 2:
            raise CostsError("costs bucket")
        n = _count(row[0], 10**9)
        buckets.append((b, n, _count(row[1], n * MAX_HAND_COST)))
    games = data.get("games")
    imported = data.get("imported_games", [])
    if type(games) is not list or len(games) > RECENT or type(imported) is not list or len(imported) > RECENT:
        raise CostsError("costs games")
    if any(type(g) is not list or len(g) != 3 for g in imported):
        raise CostsError("costs imported game")
    lines: list[GameCost] = []
    for g in games + [[g[0], IMPORTED, *g[1:]] for g in imported]:
        if (type(g) is not list or len(g) != 4 or type(g[0]) is not str or len(g[0]) > 64 or g[1] not in BUCKETS
                or (g[1] == IMPORTED) != (len(lines) >= len(games))):
            raise CostsError("costs game")
        hands = _count(g[2], (1 << MAX_HANDS) - 1)
        line = GameCost(g[0], g[1], hands, _count(g[3], bin(hands).count("1") * MAX_HAND_COST))
        if not hands:
            raise CostsError("costs game without hands")
        lines.append(line)
    return Costs(tuple(buckets), tuple(lines))
