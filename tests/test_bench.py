"""The engine benchmark measures what it says: random legal play, fairly picked."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hearts.bench import plain_hands, random_hands
from hearts.plain_engine import three_of


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


def test_both_benchmarks_play_and_report_a_rate():
    assert random_hands(20, 1) > 0
    assert plain_hands(20, 1) > 0
