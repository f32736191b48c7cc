"""Benchmarks that print figures, run from the command line.

    python -m hearts.bench engine [--hands N] [--runs R] [--seed S]
    python -m hearts.bench ai [...]        (see hearts.ai.tournament)

``engine`` plays whole hands with uniformly random legal passes and plays,
from seeded deals, through the real engine's public API, and prints the
median of several runs as ``random hands/s: N``. In the same run it plays
the same kind of hands with :mod:`hearts.plain_engine` (lists, tuples and
dicts) and prints the ratio, since absolute figures on a shared machine
say little; the ratio is the figure to compare. Times are CPU time
of this process (time.process_time), which other busy processes disturb less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from . import plain_engine
from .game import Game, Phase


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
    parser = argparse.ArgumentParser(prog="python -m hearts.bench engine")
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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in ("engine", "ai"):
        print(__doc__.strip().splitlines()[2:4], file=sys.stderr)
        print("usage: python -m hearts.bench engine|ai [options]", file=sys.stderr)
        return 2
    if argv[0] == "engine":
        return bench_engine(argv[1:])
    from .ai import tournament  # the opponents' benchmark lives with them

    return tournament.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
