"""The Hard opponent: determinized Monte Carlo over the hidden cards.

For each of its decisions Hard repeats: draw a deal of the unseen cards that
agrees with everything its view tells (:mod:`hearts.ai.knowledge`: voids,
the cards it passed, counts), then for each candidate card play the rest of
the hand out with a fast policy (:func:`hearts.ai.policy.rollout_play`:
Normal's rules plus moon attack and defence) and note the points Hard ends
the hand with, the moon rule applied. Every candidate sees the same deals.
The card with the fewest points on average wins.

The pass is Normal's, unless the hand looks able to shoot the moon
(:func:`pass_for_hand`). The playouts follow the rules of
:mod:`hearts.rules`, the same functions the engine plays by.

The search runs in slices: :meth:`Hard.search` (or ``think``) is a
generator that yields after each sampled deal and returns the decision
(``StopIteration.value``), so a page without threads can run it a few
milliseconds per frame::

    search = hard.search(view, rng)
    decision = step(search, 0.008)   # None until done; call again next frame

``choose_play`` simply runs it to the end. The budget is thinking time
(the time spent inside the generator, pauses excluded) and a sample cap;
``samples=N`` fixes the count instead, which makes the decision independent
of the machine's speed.
"""

from __future__ import annotations

import random
import time
from typing import Generator, Iterator

from .. import rules
from ..slices import finish, run_slice
from ..cards import CARDS, FULL_DECK, Card, cards_of, mask_of
from ..game import Phase, PlayerView
from . import policy
from .knowledge import infer, sample_deal
from .opponents import _check_pass, play_args

# What a search returns: three cards while passing, else the card to play.
Decision = Card | tuple[Card, Card, Card]


def playout(hands, trick, leader, played, taken, broken, first, me) -> int:
    """Play the hand to its end from the given state with the look-ahead
    policy; the points of seat ``me`` (moon rule applied).

    ``hands`` (list of 4 masks), ``trick`` (0 to 4 cards, led by
    ``leader``) and ``taken`` are modified; ``broken`` and ``first`` say
    whether hearts are broken and whether ``trick`` is the hand's first.
    """
    choose = policy.rollout_play
    legal_of, trick_state, breaks_hearts = rules.legal, rules.trick_state, rules.breaks_hearts
    n = len(trick)
    while True:
        if n == 4:  # the trick is complete: its winner leads the next
            _, at, points = trick_state(trick)
            leader = (leader + at) & 3
            if points:
                taken[leader] += points
                if taken[0] + taken[1] + taken[2] + taken[3] == rules.HAND_POINTS:
                    break  # every point is taken: the rest changes nothing
                if not broken:
                    broken = breaks_hearts(trick)
            trick = []
            first = False
            n = 0
        seat = (leader + n) & 3
        hand = hands[seat]
        if not hand:
            break
        legal = legal_of(hand, trick[0] // 13 if n else None, first, broken)
        if legal & (legal - 1):
            c = choose(hand, legal, trick, leader, played, taken, seat)
        else:
            c = legal.bit_length() - 1
        bit = 1 << c
        hands[seat] = hand ^ bit
        played |= bit
        trick.append(c)
        n += 1
    return rules.hand_result(taken)[0][me]


def candidates(view: PlayerView, legal: int) -> list[int]:
    """The legal cards worth comparing: of cards that no unseen card and no
    card of the trick in progress separates (same suit, not the queen of
    spades) only the lowest is kept."""
    unseen = FULL_DECK & ~view.hand_mask & ~view.played_mask
    if view.trick is not None:
        unseen |= mask_of(view.trick.cards)
    out = []
    prev = -1
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if (
            prev >= 0 and prev // 13 == c // 13 and c != policy.QS and prev != policy.QS
            and not unseen & ((1 << c) - (1 << (prev + 1)))
        ):
            prev = c
            continue
        out.append(c)
        prev = c
    return out


class Hard:
    """Normal's knowledge plus void tracking, inference and Monte Carlo look-ahead.

    ``budget``: seconds of thinking per decision (None: no time limit);
    ``max_samples``: the most deals sampled per decision; ``samples``: a
    fixed number of deals (time-independent decisions: tests, fairness);
    ``clock``: what the budget is measured with: wall time by default (the
    page must stay responsive), ``time.process_time`` in the tournament so
    that other busy processes on the machine do not starve the search.
    """

    name = "hard"

    def __init__(
        self, budget: float | None = 0.25, max_samples: int = 600, samples: int | None = None,
        min_samples: int = 8, clock=time.perf_counter,
    ):
        if samples is not None:
            budget, max_samples = None, samples
        self.budget = budget
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.clock = clock
        self.last_stats: dict = {}

    # -- passing ------------------------------------------------------------

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        _check_pass(view)
        return cards_of(pass_for_hand(view.hand_mask))  # type: ignore[return-value]

    # -- playing ------------------------------------------------------------

    def choose_play(self, view: PlayerView, rng: random.Random) -> Card:
        return finish(self.think(view, rng))

    def search(self, view: PlayerView, rng: random.Random) -> Generator[int, None, Decision]:
        """The decision this view asks for, as a sliced search: three cards
        while passing (decided at once), else :meth:`think` (returns a card)."""
        if view.phase is Phase.PASS:
            return _now(self.choose_pass(view, rng))
        return self.think(view, rng)

    def think(self, view: PlayerView, rng: random.Random) -> Generator[int, None, Card]:
        """The search, in slices: yields the number of deals sampled so far
        after each one, and returns the chosen card."""
        args = play_args(view)
        hand, legal, trick, leader, played, taken, me = args
        if not legal & (legal - 1):
            self.last_stats = {"samples": 0, "choices": 1}
            return CARDS[legal.bit_length() - 1]
        cands = candidates(view, legal)
        if len(cands) == 1:
            self.last_stats = {"samples": 0, "choices": 1}
            return CARDS[cands[0]]
        k = infer(view)
        broken = view.hearts_broken
        first = not view.tricks
        totals = [0] * len(cands)
        n = 0
        spent = 0.0
        budget = self.budget
        clock = self.clock
        while n < self.max_samples:
            t0 = clock()
            deal = sample_deal(k, rng)
            for i, c in enumerate(cands):
                hands = deal[:]
                hands[me] = hand ^ (1 << c)
                totals[i] += playout(hands, trick + [c], leader, played | (1 << c), taken[:], broken, first, me)
            n += 1
            spent += clock() - t0
            if budget is not None and spent >= budget and n >= self.min_samples:
                break
            yield n
        best_i = min(range(len(cands)), key=totals.__getitem__)  # the first of equals
        self.last_stats = {
            "samples": n, "choices": len(cands), "seconds": spent,
            "means": {str(CARDS[c]): totals[i] / n for i, c in enumerate(cands)},
        }
        return CARDS[cands[best_i]]


def _now(value: Decision) -> Generator[int, None, Decision]:
    """A search that is already decided."""
    return value
    yield  # pragma: no cover  (makes this a generator)


def pass_for_hand(hand: int) -> int:
    """Hard's pass: Normal's, unless the hand looks able to shoot the moon,
    then it keeps its high cards and passes its lowest non-hearts."""
    high_cards = sum(1 for c in cards_of(hand) if c % 13 >= 10)
    hearts = hand & policy.H_MASK
    high_hearts = sum(1 for c in cards_of(hearts) if c % 13 >= 9)
    if high_cards >= 7 and high_hearts >= 3 and hand & (policy.QS_BIT | policy.KS_AS):
        lows = sorted(
            (c % 13, c) for c in cards_of(hand & ~policy.H_MASK) if c % 13 < 9
        )
        if len(lows) >= 3:
            return (1 << lows[0][1]) | (1 << lows[1][1]) | (1 << lows[2][1])
    return policy.normal_pass(hand)


def step(search: Iterator[int], seconds: float) -> Decision | None:
    """Run ``search`` (from :meth:`Hard.search` or ``think``) for about
    ``seconds``; its decision once it has finished, else None (call again later)."""
    done = run_slice(search, seconds)
    return None if done is None else done.value
