"""The Hard opponent: determinized Monte Carlo over the hidden cards.

For each of its decisions Hard repeats: draw a deal of the unseen cards that
agrees with everything its view tells (:mod:`hearts.ai.knowledge`: voids,
the cards it passed, counts), then for each candidate card play the rest of
the hand out with a fast policy (:func:`hearts.ai.policy.rollout_play`:
Normal's rules plus moon attack and defence) and note the points Hard ends
the hand with, the moon rule applied. Every candidate sees the same deals.
The card with the fewest points on average wins.

The pass is chosen the same way (:meth:`Hard.think_pass`): a few candidate
sets of three from Normal's danger order, tried on the same sampled deals
with the other seats passing as Normal would, whole hands played out.

The search runs in slices: :meth:`Hard.search` (or ``think`` /
``think_pass``) is a generator that yields after each sampled deal and
returns the decision (``StopIteration.value``), so a page without threads
can run it a few milliseconds per frame::

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

from ..cards import CARDS, FULL_DECK, POINTS, SUIT_MASKS, Card, cards_of, mask_of
from ..game import Phase, PlayerView
from . import policy
from .knowledge import infer, sample_deal
from .opponents import _check_pass, play_args

_NOT_HEARTS = FULL_DECK & ~policy.H_MASK
#: The pass is searched once a hand, over whole hands: it gets this many
#: times the per-card budget.
PASS_BUDGET_FACTOR = 3


def playout(hands, trick, leader, played, taken, broken, first, me, my_policy=None) -> int:
    """Play the hand to its end from the given state; Hard's points (moon rule).

    ``hands`` (list of 4 masks), ``trick`` and ``taken`` are modified.
    ``my_policy`` replaces the look-ahead policy for seat ``me``.
    """
    rule = policy.rollout_play
    suits = SUIT_MASKS
    no_points = policy.NO_POINTS
    pts_of = POINTS
    while True:
        n = len(trick)
        seat = (leader + n) & 3
        hand = hands[seat]
        if n:
            legal = hand & suits[trick[0] // 13]
            if not legal:
                legal = (hand & no_points or hand) if first else hand
        else:
            if not hand:
                break
            if first:
                legal = 1  # the two of clubs
            else:
                legal = hand if broken else (hand & _NOT_HEARTS or hand)
        if legal & (legal - 1):
            if seat == me and my_policy is not None:
                c = my_policy(hand, legal, trick, leader, played, taken, seat)
            else:
                c = rule(hand, legal, trick, leader, played, taken, seat)
        else:
            c = legal.bit_length() - 1
        bit = 1 << c
        hands[seat] = hand ^ bit
        played |= bit
        trick.append(c)
        if n == 3:
            lead = trick[0]
            top = lead - lead % 13 + 13
            best = lead
            at = 0
            for i in (1, 2, 3):
                x = trick[i]
                if best < x < top:
                    best = x
                    at = i
            pts = pts_of[lead] + pts_of[trick[1]] + pts_of[trick[2]] + pts_of[x]
            leader = (leader + at) & 3
            if pts:
                taken[leader] += pts
                if taken[0] + taken[1] + taken[2] + taken[3] == 26:
                    break  # every point is taken: the rest changes nothing
                if pts % 13:
                    broken = True
            trick = []
            first = False
    if taken[me] == 26:
        return 0
    if 26 in taken:
        return 26
    return taken[me]


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


def moon_possible(view: PlayerView) -> bool:
    """Whether Hard should weigh shooting the moon itself: nobody else has a
    point yet and its hand is strong in high cards (or it already holds points)."""
    taken = view.points_taken
    me = view.seat
    if sum(taken) != taken[me]:
        return False
    if taken[me] >= 6:
        return True
    hand = view.hand_mask
    high_cards = sum(1 for c in cards_of(hand) if c % 13 >= 10)  # Q, K, A
    hearts = hand & policy.H_MASK
    high_hearts = sum(1 for c in cards_of(hearts) if c % 13 >= 9)
    return high_cards + high_hearts >= 6 and bool(hand & policy.KS_AS or view.played_mask & policy.QS_BIT)


def _shoot_policy(hand, legal, trick, leader, played, taken, seat):
    total = taken[0] + taken[1] + taken[2] + taken[3]
    if total != taken[seat]:
        return policy.rollout_play(hand, legal, trick, leader, played, taken, seat)
    return policy.shoot_play(hand, legal, trick, leader, played)


class Hard:
    """Normal's knowledge plus void tracking, inference and Monte Carlo look-ahead.

    ``budget``: seconds of thinking per decision (None: no time limit);
    ``max_samples``: the most deals sampled per decision; ``samples``: a
    fixed number of deals (time-independent decisions: tests, fairness);
    ``pass_search``: choose the pass by search too (off by default: over
    600 duplicate hands against Normal it scored the same as the rule-based
    pass, 5.34 against 5.22 points a hand, at three times the cost);
    ``moon``: also try a shoot-the-moon policy for its own seat when its hand
    may (:func:`moon_possible`) and keep the better of the two (off by
    default: the look-ahead already plays on for the moon once Hard holds
    every point so far, 14 or more, and over 600 duplicate hands against
    Normal Hard shot the moon as often without it, 8.0% of hands against
    7.5%, and scored 5.17 points a hand against 5.36, at half the cost);
    ``clock``: what the budget is measured with: wall time by default (the
    page must stay responsive), ``time.process_time`` in the tournament so
    that other busy processes on the machine do not starve the search.
    """

    name = "hard"

    def __init__(
        self, budget: float | None = 0.25, max_samples: int = 600, samples: int | None = None,
        min_samples: int = 8, pass_search: bool = False, moon: bool = False,
        clock=time.perf_counter,
    ):
        if samples is not None:
            budget, max_samples = None, samples
        self.budget = budget
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.pass_search = pass_search
        self.moon = moon
        self.clock = clock
        self.last_stats: dict = {}

    # -- passing ------------------------------------------------------------

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        if not self.pass_search:
            _check_pass(view)
            return cards_of(pass_for_hand(view.hand_mask))  # type: ignore[return-value]
        return _run(self.think_pass(view, rng))

    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[int, None, tuple]:
        """The pass, by the same kind of search: a few candidate sets of three
        (from Normal's danger order, and a moon pass when the hand may shoot),
        each tried on the same sampled deals, the other seats passing as
        Normal would, and the hand played out. Yields after each deal."""
        _check_pass(view)
        hand = view.hand_mask
        me = view.seat
        offset = view.pass_direction.value
        ranked = policy.pass_ranking(hand)
        top = ranked[:5]
        cands = []
        for a in range(5):
            for b in range(a + 1, 5):
                for c in range(b + 1, 5):
                    cands.append((1 << top[a]) | (1 << top[b]) | (1 << top[c]))
        moon = pass_for_hand(hand)
        if moon not in cands:
            cands.append(moon)
        unseen = FULL_DECK & ~hand
        cards = [c for c in range(52) if unseen >> c & 1]
        others = [(me + 1) & 3, (me + 2) & 3, (me + 3) & 3]
        totals = [0] * len(cands)
        n = 0
        spent = 0.0
        budget = None if self.budget is None else self.budget * PASS_BUDGET_FACTOR
        clock = self.clock
        while n < self.max_samples:
            t0 = clock()
            rng.shuffle(cards)
            dealt = [0, 0, 0, 0]
            for i, s in enumerate(others):
                h = 0
                for c in cards[13 * i:13 * i + 13]:
                    h |= 1 << c
                dealt[s] = h
            passes = [0, 0, 0, 0]
            for s in others:
                passes[s] = policy.normal_pass(dealt[s])
            for i, mine in enumerate(cands):
                dealt[me] = hand
                passes[me] = mine
                hands = [dealt[s] & ~passes[s] for s in range(4)]
                for s in range(4):
                    hands[(s + offset) & 3] |= passes[s]
                leader = next(s for s in range(4) if hands[s] & 1)
                totals[i] += playout(hands, [], leader, 0, [0, 0, 0, 0], False, True, me)
            n += 1
            spent += clock() - t0
            if budget is not None and spent >= budget and n >= self.min_samples:
                break
            yield n
        best = min(range(len(cands)), key=lambda i: (totals[i], i))
        self.last_stats = {"samples": n, "choices": len(cands), "seconds": spent}
        return cards_of(cands[best])

    # -- playing ------------------------------------------------------------

    def choose_play(self, view: PlayerView, rng: random.Random) -> Card:
        return _run(self.think(view, rng))

    def search(self, view: PlayerView, rng: random.Random) -> Generator:
        """The decision this view asks for, as a sliced search: :meth:`think_pass`
        while passing (returns three cards), else :meth:`think` (returns a card)."""
        if view.phase is Phase.PASS:
            if not self.pass_search:
                return _now(self.choose_pass(view, rng))
            return self.think_pass(view, rng)
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
        broken = any(26 <= c < 39 for t in view.tricks for c in t.cards)
        first = not view.tricks
        shoot = self.moon and moon_possible(view)
        policies = (None, _shoot_policy) if shoot else (None,)
        totals = [[0] * len(cands) for _ in policies]
        n = 0
        spent = 0.0
        budget = self.budget
        clock = self.clock
        while n < self.max_samples:
            t0 = clock()
            deal = sample_deal(k, rng)
            for p, row in zip(policies, totals):
                for i, c in enumerate(cands):
                    hands = deal[:]
                    hands[me] = hand ^ (1 << c)
                    t = trick + [c]
                    tk = taken[:]
                    if len(t) == 4:
                        leader_, broken_ = _finish_trick(t, leader, tk, broken)
                        row[i] += playout(hands, [], leader_, played | (1 << c), tk, broken_, False, me, p)
                    else:
                        row[i] += playout(hands, t, leader, played | (1 << c), tk, broken, first, me, p)
            n += 1
            spent += clock() - t0
            if budget is not None and spent >= budget and n >= self.min_samples:
                break
            yield n
        best_i = 0
        best_v = None
        for i in range(len(cands)):
            v = min(row[i] for row in totals)
            if best_v is None or v < best_v:
                best_v, best_i = v, i
        self.last_stats = {
            "samples": n, "choices": len(cands), "seconds": spent, "moon": shoot,
            "means": {str(CARDS[c]): min(row[i] for row in totals) / n for i, c in enumerate(cands)},
        }
        return CARDS[cands[best_i]]


def _now(value):
    """A search that is already decided."""
    return value
    yield  # pragma: no cover  (makes this a generator)


def _run(search):
    while True:
        try:
            next(search)
        except StopIteration as done:
            return done.value


def _finish_trick(trick, leader, taken, broken):
    """After a trick's fourth card: (next leader, broken), ``taken`` updated."""
    _, winner, pts = policy.trick_state(trick, leader)
    if pts:
        taken[winner] += pts
        if pts % 13:
            broken = True
    return winner, broken


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


def step(search: Iterator, seconds: float) -> Card | None:
    """Run ``search`` (from :meth:`Hard.think`) for about ``seconds``; its card
    once it has finished, else None (call again later)."""
    end = time.perf_counter() + seconds
    try:
        while True:
            next(search)
            if time.perf_counter() >= end:
                return None
    except StopIteration as done:
        return done.value
