"""Soak test: many complete games between computer opponents, checked all along.

    python -m hearts.dev.soak [--games 10000] [--jobs 2] [--seed 1]

Every game is played by four opponents of mixed levels (Hard with a small
fixed sample count, so the run stays short) through the public API only:
views in, cards out. After every action the game is checked: 52 cards, each
in one place; the legal set non-empty while the game runs; at each hand's
end the hand is worth 26 points (78 after a moon) and the totals add up; at
the end, the winner holds the lowest total alone. Every few hands the game
is saved and restored and must come back identical. The run prints games
per second and every failure with its seed, and exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from typing import TYPE_CHECKING

from ..ai import make_opponent
from ..engine.cards import FULL_DECK
from ..engine.game import Game, Phase
from ..engine.save import dumps, loads

if TYPE_CHECKING:
    from hearts.ai import Opponent

LINEUPS = (
    ("easy", "normal", "easy", "normal"),
    ("normal", "normal", "normal", "normal"),
    ("hard", "easy", "normal", "random"),
    ("random", "hard", "random", "normal"),
)


def opponent(level: str) -> Opponent:
    return make_opponent("hard", samples=4) if level == "hard" else make_opponent(level)


def check(game: Game) -> None:
    """The invariants that must hold after every action."""
    views = [game.view(s) for s in range(4)]
    held = [v.hand_mask for v in views]
    played = views[0].played_mask
    if sum(h.bit_count() for h in held) + played.bit_count() != 52:
        raise AssertionError("the cards do not add up to 52")
    if held[0] | held[1] | held[2] | held[3] | played != FULL_DECK:
        raise AssertionError("a card is missing or in two places")
    if game.phase is Phase.PLAY and not game.legal_mask():
        raise AssertionError("the seat to act has no legal card")
    totals = [sum(r.points[s] for r in game.results) for s in range(4)]
    if tuple(totals) != game.scores:
        raise AssertionError("the totals do not add up")


def play_game(seed: int) -> int:
    """Play one whole game; the number of hands it took. Raises on any broken rule."""
    rng = random.Random(seed)
    lineup = [opponent(level) for level in LINEUPS[seed % len(LINEUPS)]]
    game = Game.new(seed)
    while game.phase is not Phase.GAME_END:
        if game.phase is Phase.PASS:
            for seat in game.waiting_to_pass:
                game.pass_cards(seat, lineup[seat].choose_pass(game.view(seat), rng))
        elif game.phase is Phase.PLAY:
            to_act = game.to_act
            assert to_act is not None  # (a seat is always to act while playing)
            game.play(to_act, lineup[to_act].choose_play(game.view(to_act), rng))
        else:
            result = game.results[-1]
            if sum(result.points) != (78 if result.moon is not None else 26):
                raise AssertionError(f"hand worth {sum(result.points)} points")
            if game.hand_number % 5 == 0 and dumps(loads(dumps(game))) != dumps(game):
                raise AssertionError("save and restore changed the game")
            game.next_hand()
        check(game)
    low = min(game.scores)
    winner = game.winner
    if winner is None or game.scores.count(low) != 1 or game.scores[winner] != low or max(game.scores) < 100:
        raise AssertionError(f"the game ended wrongly at {game.scores}")
    return len(game.results)


def _run(seeds: list[int]) -> tuple[int, int, list[str]]:
    games = hands = 0
    failures = []
    for seed in seeds:
        try:
            hands += play_game(seed)
            games += 1
        except Exception as e:  # a soak reports every failure and goes on
            failures.append(f"seed {seed}: {type(e).__name__}: {e}")
    return games, hands, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts.dev.soak", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [seeds[i :: args.jobs] for i in range(args.jobs)]
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            parts = pool.map(_run, chunks)
    else:
        parts = [_run(seeds)]
    seconds = time.perf_counter() - start
    games = sum(p[0] for p in parts)
    hands = sum(p[1] for p in parts)
    failures = [f for p in parts for f in p[2]]
    for f in failures:
        print(f)
    print(
        f"{games} games ({hands} hands) finished, {len(failures)} failed, "
        f"{seconds:.0f} s, {games / seconds:.1f} games/s on {args.jobs} processes"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
