"""Duplicate tournaments between the opponent levels.

``python -m hearts.dev.tournament [--hands N | --games N] [--json] [--budget S]
[--fixed --samples N] [--hard NAME=VALUE ...] [--jobs J]`` (also ``python -m
hearts.dev.bench ai ...``).

Each table seats one player of a level (the "hero") with three of the level
below. Every deal is played four times, the hero in each seat in turn, so
every seat gets every hand and the luck of the cards cancels out. For each
deal the hero's mean over its four plays and the field's mean over its
twelve are one data point; the 95% confidence intervals come from those
per-deal means (the four plays of a deal are not independent).

Tables: Hard vs 3 Normal, Normal vs 3 Easy, Easy vs 3 random-legal players.
With ``--games N`` each table plays whole games to 100 instead (every game
four times, the hero in each seat, the same deals each time) and reports the
hero's share of the games won, with its 95% interval over the games, and the
points a hand over them. ``--hard pass_search=false`` (or ``game=false``)
turns one of Hard's parts off, to measure what it is worth with the same
deals. The deals are split across worker processes (``--jobs``, default: all cores).

Measured 2026-11-29 with ``python -m hearts.dev.bench ai --hands 2000`` (Hard:
0.05 s of CPU a decision, at most 150 deals; 2 cores shared with other
busy processes: 21 minutes wall, 835 s of CPU, about 7 minutes on an idle
machine). Points per hand, 95% intervals:

    hard 5.32 ± 0.25   vs  normal 8.10 ± 0.22   ratio 0.657
    normal 4.95 ± 0.25 vs  easy 7.42 ± 0.13     ratio 0.667
    easy 2.70 ± 0.24   vs  random 8.10 ± 0.09   ratio 0.333
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from typing import TYPE_CHECKING, Any, Sequence
from multiprocessing import get_context

from ..engine.cards import cards_of
from ..engine.game import Game, Phase, deal
from ..ai import make_opponent

if TYPE_CHECKING:
    from hearts.ai import Opponent

TABLES = (("hard", "normal"), ("normal", "easy"), ("easy", "random"))
_DIRECTIONS = ("left", "right", "across", "none")
#: Hard's thinking in the bench, per decision: seconds, and the sample cap.
BENCH_BUDGET = 0.05
BENCH_MAX_SAMPLES = 150


def _seats(hero: str, field: str, rotation: int, hard_options: dict[str, Any]) -> list[Opponent]:
    """The four players: the hero in seat ``rotation``, the field elsewhere."""
    levels = [hero if s == rotation else field for s in range(4)]
    return [make_opponent(level, **(hard_options if level == "hard" else {})) for level in levels]


def play_deal(index: int, hero: str, field: str, seed: int, hard_options: dict[str, Any]) -> tuple[float, float]:
    """Play deal ``index`` four times, the hero in each seat once.

    Returns (hero's mean points, the field's mean points) over the four plays.
    Hard's budget counts CPU time of this process (see :class:`~hearts.ai.Hard`).
    """
    if "budget" in hard_options:
        hard_options = {**hard_options, "clock": time.process_time}
    hands = [cards_of(m) for m in deal(seed, index)]
    direction = _DIRECTIONS[index % 4]
    hero_total = 0
    field_total = 0
    for rotation in range(4):
        bots = _seats(hero, field, rotation, hard_options)
        rngs = [random.Random((seed * 1_000_003 + index) * 16 + rotation * 4 + s) for s in range(4)]
        game = Game.from_deal(hands, direction)
        if game.phase is Phase.PASS:
            for s in range(4):
                game.pass_cards(s, bots[s].choose_pass(game.view(s), rngs[s]))
        while game.phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None  # (a seat is always to act while playing)
            game.play(seat, bots[seat].choose_play(game.view(seat), rngs[seat]))
        points = game.results[-1].points
        hero_total += points[rotation]
        field_total += sum(points) - points[rotation]
    return hero_total / 4, field_total / 12


def play_game(index: int, hero: str, field: str, seed: int,
              hard_options: dict[str, Any]) -> tuple[float, int, int, int]:
    """Play whole game ``index`` (to 100) four times, the hero in each seat
    once; every play of it gets the same deals (from the game's seed).

    Returns (the hero's share of the four games won, the hero's points, the
    field's points, hands played): points summed over the four plays, the
    field's over its twelve seats. The engine plays extra hands while the
    lowest total is shared, so a game has one winner; a tie would be shared.
    """
    if "budget" in hard_options:
        hard_options = {**hard_options, "clock": time.process_time}
    game_seed = seed * 1_000_003 + index
    won = 0.0
    hero_points = field_points = hands = 0
    for rotation in range(4):
        bots = _seats(hero, field, rotation, hard_options)
        rngs = [random.Random(game_seed * 16 + rotation * 4 + s) for s in range(4)]
        game = Game.new(game_seed)
        while game.phase is not Phase.GAME_END:
            if game.phase is Phase.PASS:
                for s in range(4):
                    game.pass_cards(s, bots[s].choose_pass(game.view(s), rngs[s]))
            while game.phase is Phase.PLAY:
                seat = game.to_act
                assert seat is not None
                game.play(seat, bots[seat].choose_play(game.view(seat), rngs[seat]))
            if game.phase is Phase.HAND_END:
                game.next_hand()
        scores = game.scores
        low = min(scores)
        if scores[rotation] == low:
            won += 1 / scores.count(low)
        hero_points += scores[rotation]
        field_points += sum(scores) - scores[rotation]
        hands += len(game.results)
    return won / 4, hero_points, field_points, hands


# A chunk of work: the table, its deals (or games), seed, Hard's options, games or not.
_Task = tuple[int, list[int], int, dict[str, Any], int]
# One deal's row (play_deal) or one game's (play_game).
_Row = tuple[float, ...]


def _run_chunk(task: _Task) -> tuple[int, list[int], list[_Row], float]:
    table, indices, seed, hard_options, games = task
    hero, field = TABLES[table]
    t0 = time.process_time()
    play = play_game if games else play_deal
    rows: list[_Row] = [play(i, hero, field, seed, hard_options) for i in indices]
    return table, indices, rows, time.process_time() - t0


def mean_ci(values: list[float]) -> tuple[float, float | None]:
    """The mean and the half-width of its 95% confidence interval (None: one value)."""
    n = len(values)
    m = sum(values) / n
    if n < 2:
        return m, None
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def run(hands: int, jobs: int, seed: int, hard_options: dict[str, Any], tables: Sequence[int] = (0, 1, 2),
        games: int = 0, first: int = 0) -> dict[str, Any]:
    """Play every table over ``hands`` hands (rounded up to whole deals of 4),
    or, with ``games``, over that many whole games (rounded up to 4: each
    game's deals are played four times, the hero in each seat); the deals
    (or games) numbered from ``first`` on, so that a long run can be made
    of shorter ones."""
    deals = max(1, math.ceil((games or hands) / 4))
    tasks: list[_Task] = []
    for t in tables:
        size = 1 if games else 4 if TABLES[t][0] == "hard" or TABLES[t][1] == "hard" else 50
        for start in range(first, first + deals, size):
            tasks.append((t, list(range(start, min(first + deals, start + size))), seed, hard_options, games))
    tasks.sort(key=lambda task: TABLES[task[0]][0] != "hard")  # the slow ones first
    results: dict[int, dict[int, _Row]] = {t: {} for t in tables}
    cpu = {t: 0.0 for t in tables}
    t0 = time.perf_counter()
    if jobs > 1 and len(tasks) > 1:
        with get_context("spawn").Pool(jobs) as pool:
            for table, indices, rows, secs in pool.imap_unordered(_run_chunk, tasks):
                results[table].update(zip(indices, rows))
                cpu[table] += secs
    else:
        for task in tasks:
            table, indices, rows, secs = _run_chunk(task)
            results[table].update(zip(indices, rows))
            cpu[table] += secs
    wall = time.perf_counter() - t0
    if first:  # (the rows are numbered from 0 in the report)
        results = {t: {i - first: row for i, row in rows.items()} for t, rows in results.items()}
    if games:
        return _games_report(results, cpu, deals, seed, jobs, hard_options, tables, wall)
    out: dict[str, Any] = {"hands_per_table": deals * 4, "deals_per_table": deals,
                           **_header(seed, jobs, hard_options, wall)}
    for t in tables:
        hero, field = TABLES[t]
        rows = [results[t][i] for i in range(deals)]
        hm, hci = mean_ci([r[0] for r in rows])
        fm, fci = mean_ci([r[1] for r in rows])
        dm, dci = mean_ci([r[0] - r[1] for r in rows])
        out["tables"].append({
            "table": f"{hero} vs 3 {field}",
            "hero": {"level": hero, "mean": round(hm, 3), "ci95": _round(hci)},
            "field": {"level": field, "mean": round(fm, 3), "ci95": _round(fci)},
            "difference": {"mean": round(dm, 3), "ci95": _round(dci)},
            "ratio": round(hm / fm, 3) if fm else None,
            "separated": hci is not None and fci is not None and hm + hci < fm - fci,
            "cpu_seconds": round(cpu[t], 1),
            "rows": [[round(x, 4) for x in r] for r in rows],  # per deal: hero, field
        })
    return out


def _header(seed: int, jobs: int, hard_options: dict[str, Any], wall: float) -> dict[str, Any]:
    return {"seed": seed, "jobs": jobs, "hard": hard_options, "wall_seconds": round(wall, 1), "tables": []}


def _games_report(results: dict[int, dict[int, _Row]], cpu: dict[int, float], deals: int, seed: int, jobs: int,
                  hard_options: dict[str, Any], tables: Sequence[int], wall: float) -> dict[str, Any]:
    """Whole games: the hero's share of games won (a fair share is 0.25), with
    its 95% interval over the games' seeds, and points per hand over them."""
    out: dict[str, Any] = {"games_per_table": deals * 4, "game_seeds": deals,
                           **_header(seed, jobs, hard_options, wall)}
    for t in tables:
        hero, field = TABLES[t]
        rows = [results[t][i] for i in range(deals)]
        wm, wci = mean_ci([r[0] for r in rows])
        hands = sum(r[3] for r in rows)
        hero_pph = sum(r[1] for r in rows) / hands
        field_pph = sum(r[2] for r in rows) / (3 * hands)
        # Per seed, the hero's points a hand less the field's: the interval of the difference.
        dm, dci = mean_ci([(r[1] - r[2] / 3) / r[3] for r in rows])
        out["tables"].append({
            "table": f"{hero} vs 3 {field}",
            "games_won": {"level": hero, "share": round(wm, 4), "ci95": _round(wci)},
            "hands": hands,
            "hero_points_per_hand": round(hero_pph, 3),
            "field_points_per_hand": round(field_pph, 3),
            "ratio": round(hero_pph / field_pph, 3) if field_pph else None,
            "difference": {"mean": round(dm, 3), "ci95": _round(dci)},
            "cpu_seconds": round(cpu[t], 1),
            "rows": [list(r) for r in rows],  # per game: won, hero's points, field's, hands
        })
    return out


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def _pm(mean: float, ci: float | None) -> str:
    return f"{mean:6.2f} ± " + ("n/a " if ci is None else f"{ci:.2f}")


def format_text(report: dict[str, Any]) -> str:
    if "games_per_table" in report:
        return _format_games(report)
    lines = [
        f"duplicate tournament: {report['hands_per_table']} hands per table "
        f"({report['deals_per_table']} deals x 4 seats), seed {report['seed']}, "
        f"{report['jobs']} jobs, Hard {report['hard']}",
    ]
    for t in report["tables"]:
        h, f, d = t["hero"], t["field"], t["difference"]
        lines.append(
            f"  {t['table']:<20} {h['level']:>6} {_pm(h['mean'], h['ci95'])}   "
            f"{f['level']:>6} {_pm(f['mean'], f['ci95'])}   "
            f"ratio {t['ratio']:.3f}   diff {_pm(d['mean'], d['ci95']).strip()}   "
            f"{'separated' if t['separated'] else 'OVERLAP'}   cpu {t['cpu_seconds']}s"
        )
    lines.append(f"wall time {report['wall_seconds']}s (points per hand, lower is better)")
    return "\n".join(lines)


def _format_games(report: dict[str, Any]) -> str:
    lines = [
        f"whole games to 100: {report['games_per_table']} games per table "
        f"({report['game_seeds']} games x 4 seats), seed {report['seed']}, "
        f"{report['jobs']} jobs, Hard {report['hard']}",
    ]
    for t in report["tables"]:
        w, d = t["games_won"], t["difference"]
        ci = "n/a" if w["ci95"] is None else f"{100 * w['ci95']:.1f}%"
        lines.append(
            f"  {t['table']:<20} {w['level']} won {100 * w['share']:.1f}% ± {ci} of the games "
            f"(a fair share 25%)   points a hand {t['hero_points_per_hand']:.2f} against "
            f"{t['field_points_per_hand']:.2f}, ratio {t['ratio']:.3f}, diff {_pm(d['mean'], d['ci95']).strip()}   "
            f"{t['hands']} hands   cpu {t['cpu_seconds']}s"
        )
    lines.append(f"wall time {report['wall_seconds']}s")
    return "\n".join(lines)


def _option(text: str) -> tuple[str, Any]:
    """``name=value`` for Hard: a number, true/false (or 1/0), else the text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"not name=value: {text!r}")
    low = value.lower()
    if low in ("true", "false"):
        return name, low == "true"
    try:
        return name, int(value)
    except ValueError:
        pass
    try:
        return name, float(value)
    except ValueError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hearts.dev.tournament", description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per table (default 2000)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--budget", type=float, default=BENCH_BUDGET,
                        help=f"Hard's seconds per decision (default {BENCH_BUDGET})")
    parser.add_argument("--samples", type=int, default=BENCH_MAX_SAMPLES,
                        help=f"Hard's most deals sampled per decision (default {BENCH_MAX_SAMPLES})")
    parser.add_argument("--fixed", action="store_true",
                        help="Hard samples exactly --samples deals (no time budget)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals")
    parser.add_argument("--tables", default="hard,normal,easy",
                        help="which tables, by hero level (default: all three)")
    parser.add_argument("--games", type=int, default=0,
                        help="play N whole games to 100 per table instead of hands (game wins)")
    parser.add_argument("--first", type=int, default=0,
                        help="number of the first deal (or game) played (default 0): a run in parts")
    parser.add_argument("--hard", type=_option, action="append", default=[], metavar="NAME=VALUE",
                        help="an option of Hard's, e.g. pass_search=false or game=false (repeatable)")
    args = parser.parse_args(argv)
    if args.fixed:
        hard_options = {"samples": args.samples}
    else:
        hard_options = {"budget": args.budget, "max_samples": args.samples}
    hard_options.update(dict(args.hard))
    heroes = [h.strip() for h in args.tables.split(",") if h.strip()]
    tables = tuple(i for i, (hero, _) in enumerate(TABLES) if hero in heroes)
    if not tables or args.hands < 1 or args.jobs < 1 or args.games < 0 or args.first < 0:
        parser.error("nothing to play")
    report = run(args.hands, args.jobs, args.seed, hard_options, tables, args.games, args.first)
    report["first"] = args.first
    print(json.dumps(report, indent=2) if args.json else format_text(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
