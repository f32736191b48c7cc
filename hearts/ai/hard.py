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
:mod:`hearts.engine.rules`, the same functions the engine plays by.

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
from typing import Any, Callable, Generator, Iterator, Sequence

from ..engine import rules
from ..engine.slices import finish, run_slice
from ..engine.cards import _BITS, CARDS, FULL_DECK, POINTS, Card, cards_of, mask_of
from ..engine.game import Phase, PlayerView
from . import policy
from .knowledge import infer, sample_deal
from .opponents import _check_pass, play_args
from .outlook import in_reach, win_chance
from .weights import decisions, likelihood

# What a search returns: three cards while passing, else the card to play.
Decision = Card | tuple[Card, Card, Card]


def playout(hands: list[int], trick: list[int], leader: int, played: int, taken: list[int],
            broken: bool, first: bool, me: int) -> int:
    """Play the hand to its end from the given state with the look-ahead
    policy; the points of seat ``me`` (moon rule applied).

    ``hands`` (list of 4 masks), ``trick`` (0 to 4 cards, led by
    ``leader``) and ``taken`` are modified; ``broken`` and ``first`` say
    whether hearts are broken and whether ``trick`` is the hand's first.
    """
    return rules.hand_result(play_out(hands, trick, leader, played, taken, broken, first))[0][me]


def play_out(hands: list[int], trick: list[int], leader: int, played: int, taken: list[int],
             broken: bool, first: bool) -> list[int]:
    """:func:`playout`'s work: the hand played to its end; returns ``taken``
    (the points each seat took in tricks, before the moon rule).

    One pass of the outer loop is one trick: the seats still to play to it
    play in turn (forced cards without asking the policy), then its winner
    leads the next. The trick's state (its best card, that card's place,
    its points; what :func:`hearts.engine.rules.trick_state` reads from a
    trick) is kept card by card with the rules' own table
    :data:`~hearts.engine.rules.TAKES_FROM`, the points taken in all trick
    by trick, and both are handed to the policy
    (:func:`hearts.ai.policy.rollout_choice`): reading the trick again at
    every choice and at every trick's end was a fifth of the time.
    """
    choose = policy.rollout_choice  # read at each call: a test records the choices
    legal_of, breaks_hearts, takes_from = rules.legal, rules.breaks_hearts, rules.TAKES_FROM
    all_points, points_of, bits = rules.HAND_POINTS, POINTS, _BITS
    if trick:
        best, at, points = rules.trick_state(trick)
        led: int | None = trick[0] // 13
    else:
        best, at, points, led = -1, 0, 0, None
    total = taken[0] + taken[1] + taken[2] + taken[3]
    while True:
        for seat in _TO_PLAY[leader][len(trick):]:
            hand = hands[seat]
            legal = legal_of(hand, led, first, broken)
            if legal.bit_count() > 1:  # a choice (cheaper to ask than legal & (legal - 1))
                c = choose(hand, legal, trick, leader, played, taken, seat, best, at, points, total)
            else:
                c = legal.bit_length() - 1
            bit = bits[c]
            hands[seat] = hand ^ bit
            played |= bit
            if led is None:  # the lead: the trick's best card so far
                led = c // 13
                best, at, points = c, 0, points_of[c]
            else:
                points += points_of[c]
                if c in takes_from[best]:
                    best, at = c, len(trick)
            trick.append(c)
        # The trick is complete: its winner leads the next.
        leader = (leader + at) & 3
        if points:
            taken[leader] += points
            total += points
            if total == all_points:
                break  # every point is taken: the rest changes nothing
            if not broken:
                broken = breaks_hearts(trick)
        if not hands[leader]:
            break  # that was the last trick
        trick = []
        first = False
        best, at, points, led = -1, 0, 0, None
    return taken


# The seats in play order from each leader: _TO_PLAY[leader][k:] are those
# still to play to a trick of k cards.
_TO_PLAY = tuple(tuple((leader + k) & 3 for k in range(4)) for leader in range(4))


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
    ``deadline``: a time by ``clock`` at which the search stops, pauses
    between its slices counted (the page's bound on a decision's time,
    hearts.page.binding; None: none);
    ``max_samples``: the most deals sampled per decision; ``samples``: a
    fixed number of deals (time-independent decisions: tests, fairness);
    ``clock``: what the budget is measured with: wall time by default (the
    page must stay responsive), ``time.process_time`` in the tournament so
    that other busy processes on the machine do not starve the search.
    ``pass_search``: choose the pass by playing candidate passes out (else
    :func:`pass_for_hand`); ``game``: once the game's end is in reach, play
    for the best chance of winning the game rather than the fewest points
    (:mod:`hearts.ai.outlook`); ``weigh``: weight each sampled deal by how
    likely it makes the others' plays so far (:mod:`hearts.ai.weights`).
    All are on by default; off, Hard decides as it did before them (the
    tournament compares each). ``pass_scale``: the pass search's budget
    and sample count against a play's: one pass a hand compares some
    twenty candidates, and with as many deals as a play its choice was
    no better than the rules' in the tournament; with five times as many
    it was.
    """

    name = "hard"

    def __init__(
        self, budget: float | None = 0.25, max_samples: int = 600, samples: int | None = None,
        min_samples: int = 8, clock: Callable[[], float] = time.perf_counter, pass_search: bool = True,
        game: bool = True, weigh: bool = True, pass_scale: float = 5, deadline: float | None = None,
    ) -> None:
        if samples is not None:
            budget, max_samples = None, samples
        self.budget = budget
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.clock = clock
        self.pass_search = pass_search
        self.game = game
        self.weigh = weigh
        self.pass_scale = pass_scale
        self.deadline = deadline
        self.last_stats: dict[str, Any] = {}

    # -- passing ------------------------------------------------------------

    def choose_pass(self, view: PlayerView, rng: random.Random) -> tuple[Card, Card, Card]:
        _check_pass(view)
        if self.pass_search:
            return finish(self.think_pass(view, rng))
        return cards_of(pass_for_hand(view.hand_mask))  # type: ignore[return-value]

    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[int, None, tuple[Card, Card, Card]]:
        """The pass by search, in slices: for each sampled deal of the unseen
        cards, the others pass as Normal would from the hands drawn (what
        comes to Hard is unknown when it passes: it comes from the deal),
        and every candidate pass is played out from the first trick on the
        same deal; the pass with the fewest points on average wins (in reach
        of the game's end: the best chance of winning the game)."""
        _check_pass(view)
        hand, me = view.hand_mask, view.seat
        offset = view.pass_direction.value
        cands = pass_candidates(hand)
        scores = view.scores
        game_mode = self.game and in_reach(scores)
        totals = [0] * len(cands)
        wins = [0.0] * len(cands)
        hand_result, normal_pass, exchange = rules.hand_result, policy.normal_pass, rules.exchange

        def one_deal() -> None:
            hands = self._pass_deal(view, rng)
            passes = [normal_pass(h) for h in hands]
            for i, p in enumerate(cands):
                passes[me] = p
                after = exchange(hands, passes, offset)
                leader = next(s for s in (0, 1, 2, 3) if after[s] & 1)
                points = hand_result(play_out(after, [], leader, 0, [0, 0, 0, 0], False, True))[0]
                totals[i] += points[me]
                if game_mode:
                    wins[i] += win_chance(_totals(scores, points), me)

        n, spent = yield from self._sampling(one_deal, self.pass_scale)
        best_i = _best(totals, wins if game_mode else None)
        names = [" ".join(str(c) for c in cards_of(p)) for p in cands]
        self.last_stats = {
            "samples": n, "choices": len(cands), "seconds": spent, "objective": "game" if game_mode else "hand",
            "pass_means": {names[i]: totals[i] / n for i in range(len(cands))},
            "normal_pass": names[0],
        }
        if game_mode:
            self.last_stats["pass_wins"] = {names[i]: wins[i] / n for i in range(len(cands))}
        return cards_of(cands[best_i])  # type: ignore[return-value]

    def _sampling(self, one_deal: Callable[[], None], scale: float = 1) -> Generator[int, None, tuple[int, float]]:
        """Call ``one_deal`` (one sampled deal, every candidate played out)
        until the budget or the sample cap (both times ``scale``) is
        reached, or (once ``min_samples`` are in) the deadline would be
        passed by a deal as long as the longest so far, yielding the count
        after each; returns (deals sampled, seconds spent)."""
        n = 0
        spent = 0.0
        budget, clock, deadline = self.budget, self.clock, self.deadline
        if budget is not None:
            budget *= scale
        cap = round(self.max_samples * scale)
        longest = 0.0  # the longest deal so far: one more that may end past the deadline is not begun
        while n < cap:
            if deadline is not None and n >= self.min_samples and clock() + longest >= deadline:
                break
            t0 = clock()
            one_deal()
            n += 1
            took = clock() - t0
            spent += took
            longest = max(longest, took)
            if budget is not None and spent >= budget and n >= self.min_samples:
                break
            yield n
        return n, spent

    @staticmethod
    def _pass_deal(view: PlayerView, rng: random.Random) -> list[int]:
        """Four hands as dealt: the view's own, and the 39 cards it cannot see
        shuffled out to the others (nothing is known of them yet)."""
        me = view.seat
        cards = list(cards_of(FULL_DECK & ~view.hand_mask))
        rng.shuffle(cards)
        hands = [0, 0, 0, 0]
        hands[me] = view.hand_mask
        for k in range(3):
            hands[(me + 1 + k) & 3] = mask_of(cards[13 * k:13 * k + 13])
        return hands

    # -- playing ------------------------------------------------------------

    def choose_play(self, view: PlayerView, rng: random.Random) -> Card:
        return finish(self.think(view, rng))

    def search(self, view: PlayerView, rng: random.Random) -> Generator[int, None, Decision]:
        """The decision this view asks for, as a sliced search: three cards
        while passing (:meth:`think_pass`, or at once without the pass
        search), else :meth:`think` (returns a card)."""
        if view.phase is Phase.PASS:
            if self.pass_search:
                return self.think_pass(view, rng)
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
        scores = view.scores
        game_mode = self.game and in_reach(scores)
        hand_result = rules.hand_result
        history = decisions(view) if self.weigh else ()
        totals = [0.0] * len(cands)
        wins = [0.0] * len(cands)
        weights = [0.0]

        def one_deal() -> None:
            deal = sample_deal(k, rng)
            w = likelihood(deal, history) if history else 1.0
            weights[0] += w
            for i, c in enumerate(cands):
                hands = deal[:]
                hands[me] = hand ^ (1 << c)
                points = hand_result(play_out(hands, trick + [c], leader, played | (1 << c), taken[:], broken, first))[0]
                totals[i] += w * points[me]
                if game_mode:
                    wins[i] += w * win_chance(_totals(scores, points), me)

        n, spent = yield from self._sampling(one_deal)
        weight = weights[0]
        best_i = _best(totals, wins if game_mode else None)
        self.last_stats = {
            "samples": n, "choices": len(cands), "seconds": spent, "objective": "game" if game_mode else "hand",
            "means": {str(CARDS[c]): totals[i] / weight for i, c in enumerate(cands)},
            "weight": weight / n,  # the deals' mean weight (1: the others' plays said nothing)
        }
        if game_mode:
            self.last_stats["wins"] = {str(CARDS[c]): wins[i] / weight for i, c in enumerate(cands)}
        return CARDS[cands[best_i]]


def _totals(scores: Sequence[int], points: Sequence[int]) -> tuple[int, int, int, int]:
    """The game's totals after a hand: ``scores`` plus the hand's ``points``."""
    return (scores[0] + points[0], scores[1] + points[1], scores[2] + points[2], scores[3] + points[3])


def _best(totals: Sequence[float], wins: Sequence[float] | None) -> int:
    """The index of the best candidate: the fewest points (the first of
    equals), or with ``wins`` the best chance of winning the game, points
    breaking ties."""
    if wins is None:
        return min(range(len(totals)), key=totals.__getitem__)
    return min(range(len(totals)), key=lambda i: (-wins[i], totals[i]))


def pass_candidates(hand: int) -> list[int]:
    """The passes :meth:`Hard.think_pass` compares, as masks: Normal's pass
    first, then every three of Normal's six most dangerous cards, and the
    moon pass of :func:`pass_for_hand` when it differs."""
    ranked = policy.pass_ranking(hand)[:6]
    out = [policy.normal_pass(hand)]
    for i in range(len(ranked)):
        for j in range(i + 1, len(ranked)):
            for k in range(j + 1, len(ranked)):
                m = (1 << ranked[i]) | (1 << ranked[j]) | (1 << ranked[k])
                if m not in out:
                    out.append(m)
    moon = pass_for_hand(hand)
    if moon not in out:
        out.append(moon)
    return out


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
