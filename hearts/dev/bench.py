"""Benchmarks that print figures, run from the command line.

    python -m hearts.dev.bench engine [--hands N] [--runs R] [--seed S]
    python -m hearts.dev.bench rollouts [--positions N] [--runs R] [--seed S]
    python -m hearts.dev.bench par [--hands N] [--level L] [--seed S]
    python -m hearts.dev.bench ai [...]        (see hearts.dev.tournament)

``engine`` plays whole hands with uniformly random legal passes and plays,
from seeded deals, through the real engine's public API, and prints the
median of several runs as ``random hands/s: N``. In the same run it plays
the same kind of hands with :mod:`hearts.dev.plain_engine` (lists, tuples and
dicts) and prints the ratio, since absolute figures on a shared machine
say little; the ratio is the figure to compare.

``rollouts`` times Hard's look-ahead (:func:`hearts.ai.hard.playout`, the
hand played out to its end by the look-ahead policy under the rules of
:mod:`hearts.engine.rules`) from a fixed set of positions taken from seeded
random games, and prints ``rollouts/s: N`` (median of the runs). Compare
it with the same command on another version of the code, run beside it.

``par`` times a hand's par (:mod:`hearts.app.par_search`: the hand played
again with Hard in the player's seat, Hard's fixed samples per decision)
for hands of seeded games played by Normal in every seat, and prints the
median, the 95th percentile and the longest, in CPython (the page runs
the same search in its worker, in slices).

Times are CPU time of this process (time.process_time), which other busy
processes disturb less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from . import plain_engine
from ..engine.game import Game, Phase


def random_hands(hands: int, seed: int) -> float:
    """Play ``hands`` random hands with the engine; hands per second."""
    rand = random.Random(seed).random
    PLAY, PASS, HAND_END = Phase.PLAY, Phase.PASS, Phase.HAND_END
    game_seed = seed
    played = 0
    start = time.process_time()
    while played < hands:
        game = Game.new(game_seed)  # whole games: hands follow each other as in play
        game_seed += 1
        play, legal_actions, pass_cards = game.play, game.legal_actions, game.pass_cards
        while played < hands:
            phase = game.phase
            if phase is PLAY:  # a whole hand (or what is left of it)
                while (seat := game.to_act) is not None:
                    legal = game.legal
                    play(seat, legal[int(rand() * len(legal))])
            elif phase is PASS:
                for seat in (0, 1, 2, 3):
                    pass_cards(seat, plain_engine.three_of(legal_actions(seat), rand))
            elif phase is HAND_END:
                played += 1
                game.next_hand()
            else:  # the game is over
                played += 1
                break
    return hands / (time.process_time() - start)


def plain_hands(hands: int, seed: int) -> float:
    """The same workload on the plain reference engine; hands per second."""
    rng = random.Random(seed)
    start = time.process_time()
    for n in range(hands):
        plain_engine.random_hand(rng, n)
    return hands / (time.process_time() - start)


def bench_engine(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts.dev.bench engine")
    parser.add_argument("--hands", type=int, default=3000, help="hands per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is printed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ours, plain = [], []
    for run in range(args.runs):  # interleaved, so both see the same machine
        ours.append(random_hands(args.hands, args.seed + run))
        plain.append(plain_hands(args.hands, args.seed + run))
    ours_median, plain_median = statistics.median(ours), statistics.median(plain)
    print(f"random hands/s: {ours_median:.0f}")
    print(f"plain reference hands/s: {plain_median:.0f}")
    print(f"ratio to plain: {ours_median / plain_median:.2f}x")
    print(f"({args.runs} runs of {args.hands} hands, medians; python {sys.version.split()[0]})")
    return 0


# playout's arguments: hands, trick, leader, played, taken, hearts broken, first trick, seat.
Position = tuple[list[int], list[int], int, int, list[int], bool, bool, int]


def rollout_positions(count: int, seed: int) -> list[Position]:
    """``count`` positions of play from seeded games with random legal moves:
    playout's arguments for the seat to act, with the true hands."""
    rng = random.Random(seed)
    positions: list[Position] = []
    while len(positions) < count:
        game = Game.new(seed + len(positions))
        for seat in (0, 1, 2, 3):
            game.pass_cards(seat, rng.sample(game.legal_actions(seat), 3))
        for _ in range(rng.randrange(0, 44)):
            game.play(game.to_act, rng.choice(game.legal))
        me = game.to_act
        assert me is not None  # (44 cards at most: the hand is still being played)
        view = game.view(me)
        trick = view.trick
        assert trick is not None
        hands = [game.view(s).hand_mask for s in (0, 1, 2, 3)]
        positions.append((
            hands, list(trick.cards), trick.leader, view.played_mask,
            list(view.points_taken), view.hearts_broken, not view.tricks, me,
        ))
    return positions


def rollouts(positions: list[Position], repeat: int) -> float:
    """Play every position out ``repeat`` times; playouts per second."""
    from ..ai.hard import playout

    start = time.process_time()
    for _ in range(repeat):
        for hands, trick, leader, played, taken, broken, first, me in positions:
            playout(hands[:], trick[:], leader, played, taken[:], broken, first, me)
    return repeat * len(positions) / (time.process_time() - start)


def bench_rollouts(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts.dev.bench rollouts")
    parser.add_argument("--positions", type=int, default=500, help="positions (default 500)")
    parser.add_argument("--repeat", type=int, default=10, help="playouts of each position per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is printed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    positions = rollout_positions(args.positions, args.seed)
    rates = [rollouts(positions, args.repeat) for _ in range(args.runs)]
    print(f"rollouts/s: {statistics.median(rates):.0f}")
    print(f"({args.runs} runs of {args.repeat} x {args.positions} positions, medians; "
          f"python {sys.version.split()[0]})")
    return 0


def bench_par(argv: list[str]) -> int:
    from ..ai import make_opponent
    from ..app import par_search
    from ..engine.slices import finish

    parser = argparse.ArgumentParser(prog="python -m hearts.dev.bench par")
    parser.add_argument("--hands", type=int, default=20, help="hands (default 20)")
    parser.add_argument("--level", default="hard", help="the opponents' level (default hard)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    normal = make_opponent("normal")
    times = []
    for k in range(args.hands):
        game = Game.new(args.seed + k)
        rng = random.Random(args.seed + k)
        for passer in (0, 1, 2, 3):
            game.pass_cards(passer, normal.choose_pass(game.view(passer), rng))
        while (seat := game.to_act) is not None:
            game.play(seat, normal.choose_play(game.view(seat), rng))
        start = time.process_time()
        finish(par_search.search(game, args.level))
        times.append(time.process_time() - start)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"par of a hand, s: median {statistics.median(times):.2f}, p95 {p95:.2f}, max {times[-1]:.2f}")
    print(f"({args.hands} hands, {args.level} opponents, {par_search.SAMPLES} deals a decision; "
          f"CPython {sys.version.split()[0]}, CPU time)")
    return 0


USAGE = """usage: python -m hearts.dev.bench COMMAND [options]

  engine    random hands per second through the engine, and the ratio to a plain engine
  rollouts  Hard's look-ahead playouts per second from fixed positions
  par       the time a hand's par takes (median, p95, max)
  ai        duplicate tournaments between the levels (hearts.dev.tournament)

python -m hearts.dev.bench COMMAND --help tells each command's options."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in ("engine", "rollouts", "par", "ai"):
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] == "engine":
        return bench_engine(argv[1:])
    if argv[0] == "rollouts":
        return bench_rollouts(argv[1:])
    if argv[0] == "par":
        return bench_par(argv[1:])
    from . import tournament  # the opponents' benchmark lives with them

    return tournament.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
