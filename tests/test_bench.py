"""The engine benchmark measures what it says: random legal play, fairly picked."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hearts.dev import bench, plain_engine
from hearts.dev.bench import plain_hands, random_hands
from hearts.engine.game import Game
from hearts.dev.plain_engine import three_of


def test_three_of_picks_every_set_of_three_equally_often():
    items = "abcde"  # 10 possible sets
    rand = random.Random(3).random
    draws = 20000
    seen = Counter(frozenset(three_of(items, rand)) for _ in range(draws))
    assert set(seen) == {frozenset(c) for c in itertools.combinations(items, 3)}
    expected = draws / 10
    assert all(abs(n - expected) < 0.08 * expected for n in seen.values()), seen


def test_three_of_never_repeats_an_item():
    rand = random.Random(4).random
    for n in range(3, 14):
        for _ in range(200):
            assert len(set(three_of(range(n), rand))) == 3


class _Clock:
    """A fake process_time that reads 10.0 and then 12.5: a run of 2.5 s."""

    def __init__(self):
        self.readings = iter([10.0, 12.5])

    def process_time(self):
        return next(self.readings)


def test_the_engine_bench_plays_whole_hands_and_reports_hands_per_second(monkeypatch):
    plays = []

    class Counted(Game):
        __slots__ = ()

        def play(self, seat, card):
            plays.append(card)
            super().play(seat, card)

    monkeypatch.setattr(bench, "Game", Counted)
    monkeypatch.setattr(bench, "time", _Clock())
    assert random_hands(20, 1) == 20 / 2.5
    assert len(plays) == 20 * 52  # 20 hands, every card of each


def test_the_plain_bench_plays_the_same_number_of_hands(monkeypatch):
    hands = []
    real = plain_engine.random_hand

    def counted(rng, hand_number):
        points = real(rng, hand_number)
        assert sum(points) in (26, 78)  # a hand played to its end
        hands.append(hand_number)
        return points

    monkeypatch.setattr(plain_engine, "random_hand", counted)
    monkeypatch.setattr(bench, "time", _Clock())
    assert plain_hands(20, 1) == 20 / 2.5
    assert hands == list(range(20))


def test_the_bench_without_a_command_prints_usage(capsys):
    from hearts.dev.bench import main

    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m hearts.dev.bench COMMAND")
    assert all(command in err for command in ("engine", "rollouts", "ai"))


def test_rollout_positions_are_real_positions():
    from hearts.dev.bench import rollout_positions

    for hands, trick, leader, played, taken, broken, first, me in rollout_positions(20, 3):
        trick_mask = sum(1 << c for c in trick)
        assert hands[0] | hands[1] | hands[2] | hands[3] | played == (1 << 52) - 1
        assert sum(h.bit_count() for h in hands) + played.bit_count() == 52
        assert trick_mask & played == trick_mask and me == (leader + len(trick)) % 4
        assert first == (played.bit_count() - len(trick) == 0)
