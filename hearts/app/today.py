"""Today's hand, its rules as data: the day's deal from the date, the
day's number, the text a player shares, and the record of the days played
with their streak (``today_play.py`` plays it beside a game in progress,
``today_view.py`` draws it).

All of it is pure: the date is given (the page's local date, or ``?date=``),
never read from a clock here, so the tests move a fake date forwards and
backwards freely.

- The day's deal: the seed is the date's digits, ``YYYYMMDD``
  (2026-12-07 is seed 20261207), and the hand is that seed's hand 0, which
  passes to the left: the same cards for everyone on that calendar date,
  checked like any deal (``python -m hearts.dev.deal 20261207 0``).
- The day's number counts from :data:`FIRST_DAY`, day 1.
- Each day keeps its first result only (a replay the same day changes
  nothing); the current streak is the run of consecutive days played
  ending today (or yesterday, when today is not played yet); the best
  streak is kept apart and only ever grows, so a clock set to the future
  or back to the past never lowers it, and no day counts twice.

>>> from datetime import date
>>> day_seed(date(2026, 12, 7)), day_number(date(2026, 12, 7)), parse_date("2026-12-07")
(20261207, 1, datetime.date(2026, 12, 7))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import date, timedelta

from ..engine import boundedjson
from ..text.i18n import N_, Translator
from ..text.vocabulary import game_name

FIRST_DAY = date(2026, 12, 7)  # day 1
MAX_DAYS = 400  # the days kept: more than a year of results
MAX_TEXT = 40_000  # the stored record's length at most (MAX_DAYS lines of ~30 characters)
SHARE_WIDTH = 20  # a chat's narrow bubble: no line of the shared text is longer

# TRANSLATORS: a line of the shared result of the day's hand: the player's
# points and the par (what Hard would have taken). At most 20 characters
# with two-digit numbers: "♥ 26 · par 26".
SHARE_POINTS = N_("♥ {points} · par {par}")


def parse_date(text: object) -> date | None:
    """``?date=YYYY-MM-DD`` as a date, or None: exactly ten characters, ASCII
    digits and two hyphens, a real calendar date.

    >>> parse_date("2026-02-29"), parse_date("2026-2-1"), parse_date("２０２６-12-07"), parse_date(None)
    (None, None, None, None)
    """
    if type(text) is not str or len(text) != 10 or not text.isascii() or text[4] != "-" or text[7] != "-":
        return None
    parts = text[:4], text[5:7], text[8:]
    if not all(p.isdigit() for p in parts):
        return None
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        return None


def day_seed(day: date) -> int:
    """The seed of ``day``'s hand: its digits YYYYMMDD."""
    return day.year * 10_000 + day.month * 100 + day.day


def day_number(day: date) -> int:
    """``day``'s number: 1 on :data:`FIRST_DAY`, then one more each day."""
    return (day - FIRST_DAY).days + 1


def share_text(day: date, points: int, par: int, tr: Translator) -> str:
    """What the share button copies: the game and the day's number, the
    date, the points and the par; no card named, no line over
    :data:`SHARE_WIDTH` characters.

    >>> print(share_text(date(2026, 12, 9), 5, 3, Translator("en")))
    Hearts #3
    2026-12-09
    ♥ 5 · par 3
    """
    return "\n".join((
        f"{game_name(tr)} #{day_number(day)}",
        day.isoformat(),
        tr.text(SHARE_POINTS).format(points=points, par=par),
    ))


@dataclass(frozen=True)
class Days:
    """The days played: each date's first result, (ISO date, points, par),
    in date order, and the best streak ever counted."""

    results: tuple[tuple[str, int, int | None], ...] = ()
    best: int = 0

    def result(self, day: date) -> tuple[int, int | None] | None:
        """The day's result (points, par), if it was played."""
        key = day.isoformat()
        return next(((p, q) for d, p, q in self.results if d == key), None)


def record(days: Days, day: date, points: int, par: int | None) -> Days:
    """``days`` with ``day``'s result, unless that day has one already (the
    first result is the day's); the best streak grown by the new one.

    >>> d = record(Days(), date(2026, 12, 7), 5, 3)
    >>> record(d, date(2026, 12, 7), 0, 3) is d, record(d, date(2026, 12, 8), 2, 4).best
    (True, 2)
    """
    if days.result(day) is not None or not 0 <= points <= 26 or (par is not None and not 0 <= par <= 26):
        return days
    results = tuple(sorted(days.results + ((day.isoformat(), points, par),)))[-MAX_DAYS:]
    new = replace(days, results=results)
    return replace(new, best=max(days.best, streak(new, day)))


def streak(days: Days, today: date) -> int:
    """The days played in a row up to ``today``, or up to yesterday when
    today is not played yet; days after ``today`` (a clock set back since)
    do not count.

    >>> d = record(record(Days(), date(2026, 12, 7), 5, 3), date(2026, 12, 8), 2, 4)
    >>> streak(d, date(2026, 12, 8)), streak(d, date(2026, 12, 9)), streak(d, date(2026, 12, 10))
    (2, 2, 0)
    """
    played = {d for d, _, _ in days.results}
    day = today if today.isoformat() in played else today - timedelta(days=1)
    count = 0
    while day.isoformat() in played:
        count += 1
        day -= timedelta(days=1)
    return count


def against_par(days: Days) -> float | None:
    """The player's average points over the days' par (lower is better;
    None before a day with a par)."""
    diffs = [p - q for _, p, q in days.results if q is not None]
    return sum(diffs) / len(diffs) if diffs else None


def dumps(days: Days) -> str:
    return json.dumps({"best": days.best, "days": [list(r) for r in days.results]}, separators=(",", ":"))


def loads(text: str | None) -> Days:
    """The stored record, read as hostile input: whatever cannot be used is
    left out (a day with a bad date or figures), never an error.

    >>> loads('{"best": 3, "days": [["2026-12-07", 5, 3], ["x", 1, 1], ["2026-12-08", 99, 1]]}')
    Days(results=(('2026-12-07', 5, 3),), best=3)
    >>> loads("[" * 9000), loads(None), loads('{"best": -4, "days": 7}')
    (Days(results=(), best=0), Days(results=(), best=0), Days(results=(), best=0))
    """
    if not text:
        return Days()
    try:
        data = boundedjson.loads(text, max_chars=MAX_TEXT, max_depth=3)
    except (ValueError, RecursionError):
        return Days()
    if not isinstance(data, dict):
        return Days()
    seen: dict[str, tuple[str, int, int | None]] = {}
    rows = data.get("days")
    for row in rows if isinstance(rows, list) else []:
        if not (isinstance(row, list) and len(row) == 3):
            continue
        day, points, par = row
        if (parse_date(day) is None or type(points) is not int or not 0 <= points <= 26
                or not (par is None or (type(par) is int and 0 <= par <= 26))):
            continue
        seen.setdefault(day, (day, points, par))  # (a date twice: its first)
    results = tuple(sorted(seen.values()))[-MAX_DAYS:]
    best = data.get("best")
    best = best if type(best) is int and 0 <= best <= MAX_DAYS * 100 else 0
    return Days(results, best)
