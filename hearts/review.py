"""The review of a finished hand: every decision the player made, what the
search would have chosen, and what the difference cost.

A hand's decisions (:func:`decisions`) are rebuilt from the game's history
(:attr:`hearts.game.Game.log`), each as the player's
:class:`~hearts.game.PlayerView` at that moment and what the player did:
the pass (three cards), then each card played when more than one was
legal. Nothing else goes into the search: every figure comes from the view
alone (Hard's sampling of the unseen cards that agree with it), so the
review cannot know where the hidden cards really were
(tests/test_review.py gives it the same views over differently spread
hidden cards and requires the same figures).

- A card: Hard's search (:meth:`hearts.ai.hard.Hard.think`, a fixed number
  of sampled deals) gives the points the player is expected to end the
  hand with after each candidate; the chosen card's figure is that of the
  candidate it is equivalent to (same suit, no card in play between them).
- The pass: the chosen three and Hard's three are each played out over the
  same sampled deals of the 39 cards the player cannot see (the others
  pass as Hard would, then the whole hand is played with the search's
  playout policy).

The cost is the chosen option's expected points minus the best one's,
never below 0, in tenths of a point (the screen shows one decimal; the
hand's total is the sum of the shown items). The random generator of
each decision is seeded by what the player saw then, so the same hand
reviewed twice gives the same figures.

:func:`search` is a generator, run by the page in slices
(:mod:`hearts.slices`): it yields the share of the work done (0..1) and
returns the :class:`Review`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Generator, Literal

from . import rules
from .cards import CARDS, FULL_DECK, cards_of, mask_of
from .game import Game, Phase, PlayerView
from .slices import finish

PLAY_SAMPLES = 160  # deals sampled for a card (the hint: as many as 0.3 s allow)
PASS_SAMPLES = 240  # deals played out for the pass (each option, the whole hand)
# The marks, by cost in tenths of a point: below 5 fine, below 15 an
# inaccuracy, below 30 a mistake, else a blunder (the screen says so).
Mark = Literal["fine", "inaccuracy", "mistake", "blunder"]
MARKS: tuple[tuple[int, Mark], ...] = ((5, "fine"), (15, "inaccuracy"), (30, "mistake"))


@dataclass(frozen=True)
class Decision:
    """What the player saw (``view``) and did (``chosen``: a card, or three)."""

    view: PlayerView
    chosen: tuple[str, ...]


@dataclass(frozen=True)
class Item:
    """One decision, judged."""

    trick: int  # 0: the pass; 1..13: the trick the card was played to
    chosen: tuple[str, ...]
    best: tuple[str, ...]
    chosen_points: float | None  # expected points this hand (None: no real choice)
    best_points: float | None
    cost: int  # tenths of a point, >= 0
    reason: tuple | None = None  # a rule of thumb (hearts.ai.explain's codes)

    @property
    def mark(self) -> Mark:
        return mark_of(self.cost)


@dataclass(frozen=True)
class Review:
    hand: int  # index of the hand in the game
    items: tuple[Item, ...]

    @property
    def total(self) -> int:
        """The hand's cost in tenths: the sum of the items as shown."""
        return sum(i.cost for i in self.items)


def mark_of(cost: int) -> Mark:
    """The mark of a cost in tenths of a point.

    >>> [mark_of(c) for c in (0, 4, 5, 14, 15, 29, 30, 130)]
    ['fine', 'fine', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
    """
    for limit, name in MARKS:
        if cost < limit:
            return name
    return "blunder"


def tenths(cost: int) -> str:
    """A cost in tenths as a decimal with a dot: ``"1.3"``.

    >>> tenths(13), tenths(0), tenths(130)
    ('1.3', '0.0', '13.0')
    """
    return f"{cost // 10}.{cost % 10}"


def to_tenths(points: float) -> int:
    """Expected points as a cost in tenths, never below 0.

    >>> to_tenths(1.26), to_tenths(-0.2), to_tenths(0.04)
    (13, 0, 0)
    """
    return max(0, int(points * 10 + 0.5))


# -- the decisions, from the history -------------------------------------------------

def decisions(game: Game, hand: int, seat: int = 0) -> tuple[Decision, ...]:
    """The decisions ``seat`` made in finished hand ``hand`` of ``game``,
    each with its view as it was then (the score before the hand included)."""
    from .replay import direction_of, finished_hands

    if not 0 <= hand < finished_hands(game):
        raise ValueError(f"hand {hand} is not finished")
    rec = (*game.log, game.record())[hand]
    before = game.results[:hand]
    s0, s1, s2, s3 = (sum(r.points[s] for r in before) for s in range(4))
    scores = (s0, s1, s2, s3)

    def seen(g: Game) -> PlayerView:  # the view as the real game gave it then
        return replace(g.view(seat), hand_number=hand, scores=scores, results=before)

    g = Game.from_deal([cards_of(m) for m in rec.dealt], direction_of(game, hand))
    out = []
    if g.phase is Phase.PASS:
        passed = rec.passes[seat]
        assert passed is not None
        out.append(Decision(seen(g), tuple(str(c) for c in cards_of(passed))))
        for s, p in enumerate(rec.passes):
            g.pass_cards(s, cards_of(p or 0))
    for card in rec.plays:
        if g.to_act == seat and len(g.legal) > 1:
            out.append(Decision(seen(g), (str(card),)))
        g.play(g.to_act, card)
    return tuple(out)


def seed_of(view: PlayerView) -> str:
    """The random seed of a decision: what the player saw (never the hidden cards)."""
    trick = view.trick.cards if view.trick is not None else ()
    return f"review:{view.hand_number}:{view.seat}:{view.hand_mask}:{view.played_mask}:{mask_of(trick)}"


# -- judging -------------------------------------------------------------------------

def judge(decision: Decision) -> Generator[int, None, Item]:
    """One decision judged, as a generator (yields after each sampled deal)."""
    view = decision.view
    rng = random.Random(seed_of(view))
    if view.phase is Phase.PASS:
        return (yield from _judge_pass(view, decision.chosen, rng))
    return (yield from _judge_play(view, decision.chosen[0], rng))


def work(decision: Decision) -> int:
    """How many sampled deals :func:`judge` goes through (for the progress)."""
    return PASS_SAMPLES if decision.view.phase is Phase.PASS else PLAY_SAMPLES


def search(hand: int, items: tuple[Decision, ...]) -> Generator[float, None, Review]:
    """Every decision judged in turn: yields the share done (0..1), returns the Review."""
    total = sum(work(d) for d in items) or 1
    done = 0
    judged = []
    for d in items:
        gen = judge(d)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                judged.append(stop.value)
                break
            done += 1
            yield min(done / total, 1.0)
        done = sum(work(x) for x in items[:len(judged)])
    return Review(hand, tuple(judged))


def review(game: Game, hand: int) -> Review:
    """The whole review at once (tests, tools)."""
    return finish(search(hand, decisions(game, hand)))


def _trick_of(view: PlayerView) -> int:
    return len(view.tricks) + 1 if view.phase is Phase.PLAY else 0


def _equivalent(view: PlayerView, card: int, cands: list[int]) -> int:
    """The candidate the search compared in place of ``card``: the highest
    candidate of its suit not above it (see hearts.ai.hard.candidates)."""
    return max(c for c in cands if c // 13 == card // 13 and c <= card)


def _judge_play(view: PlayerView, chosen: str, rng: random.Random) -> Generator[int, None, Item]:
    from .ai.explain import play_reason
    from .ai.hard import Hard, candidates

    bot = Hard(samples=PLAY_SAMPLES)
    yield from bot.think(view, rng)
    means = bot.last_stats.get("means")
    trick = _trick_of(view)
    if not means:  # every legal card is the same card here
        return Item(trick, (chosen,), (chosen,), None, None, 0, None)
    cands = candidates(view, mask_of(view.legal))
    card = mask_of([chosen]).bit_length() - 1
    stand_in = str(CARDS[_equivalent(view, card, cands)])
    best = min(means, key=means.__getitem__)  # the first of equals, as Hard chooses
    mine, low = means[stand_in], means[best]
    cost = to_tenths(mine - low)
    if cost == 0 or stand_in == best:
        best, low, cost = chosen, mine, 0
    reason = play_reason(view, chosen if cost == 0 else best)
    return Item(trick, (chosen,), (best,), mine, low, cost, reason)


def _judge_pass(view: PlayerView, chosen: tuple[str, ...], rng: random.Random) -> Generator[int, None, Item]:
    from .ai.hard import pass_for_hand, playout

    me = view.seat
    hand = view.hand_mask
    pool = list(cards_of(FULL_DECK & ~hand))
    offset = int(view.pass_direction)
    mine = mask_of(chosen)
    hards = pass_for_hand(hand)
    options = [mine] if hards == mine else [mine, hards]
    totals = [0] * len(options)
    others = [s for s in range(4) if s != me]
    for n in range(PASS_SAMPLES):
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        hands[me] = hand
        for i, s in enumerate(others):
            hands[s] = mask_of(pool[13 * i:13 * i + 13])
        passes = [pass_for_hand(h) for h in hands]
        for i, option in enumerate(options):
            passes[me] = option
            held = rules.exchange(hands, passes, offset)
            leader = next(s for s in range(4) if held[s] & 1)  # the two of clubs
            totals[i] += playout(held, [], leader, 0, [0, 0, 0, 0], False, True, me)
        yield n
    means = [t / PASS_SAMPLES for t in totals]
    cost = to_tenths(means[0] - min(means))
    chosen_cards = tuple(str(c) for c in cards_of(mine))
    if cost == 0:
        return Item(0, chosen_cards, chosen_cards, means[0], means[0], 0, None)
    best = tuple(str(c) for c in cards_of(hards))
    return Item(0, chosen_cards, best, means[0], means[1], cost, _pass_reason(view, best, chosen_cards))


def _pass_reason(view: PlayerView, best: tuple[str, ...], chosen: tuple[str, ...]) -> tuple | None:
    """("pass", card, code): why the best pass gives a card the player kept."""
    from .ai.explain import pass_reasons

    for card, code in pass_reasons(view, best):
        if card not in chosen:
            return ("pass", card, code)
    return None


def finish_judge(decision: Decision) -> Item:
    """One decision judged at once (tests, tools)."""
    return finish(judge(decision))
