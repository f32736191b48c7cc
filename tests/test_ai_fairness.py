"""Fair by construction: an opponent's decision depends on its view only.

For real mid-hand positions we build other full games that give the seat to
act the very same view (its hand, what it passed and received, every card
played and by whom, the scores) but spread the unseen cards differently
among the other three seats, respecting what the seat knows: a seat that
showed out of a suit gets none of it, the cards the seat passed stay with
the receiver, every seat keeps its count, and the whole history replays
legally. Every level, from the same random seed, must decide the same.
"""

import random

import pytest

from hearts import Game, IllegalAction, Phase
from hearts.ai import Hard, make_opponent
from hearts.engine.cards import SUIT_MASKS, cards_of
from hearts.engine.game import deal


def levels():
    return [make_opponent("random"), make_opponent("easy"), make_opponent("normal"), Hard(samples=6)]


def _mid_hand(seed: int, direction: str, n_plays: int) -> Game:
    game = Game.from_deal([cards_of(m) for m in deal(seed)], direction)
    bot = make_opponent("normal")
    rng = random.Random(seed)
    if game.phase is Phase.PASS:
        for s in range(4):
            game.pass_cards(s, bot.choose_pass(game.view(s), rng))
    for _ in range(n_plays):
        s = game.to_act
        game.play(s, bot.choose_play(game.view(s), rng))
    return game


def _shown_out(game: Game) -> list[int]:
    """Per seat, a mask of the suits it has shown out of (from the public tricks)."""
    out = [0, 0, 0, 0]
    for t in game.tricks:
        lead = t.cards[0] // 13
        for s, c in zip(t.seats, t.cards):
            if c // 13 != lead:
                out[s] |= SUIT_MASKS[lead]
    return out


def _respread(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same history and the same view for ``seat``, other hidden hands (or None)."""
    record = game.record()
    direction = game.pass_direction
    others = [s for s in range(4) if s != seat]
    hidden = {s: sum(1 << c for c in game.hand(s)) for s in others}
    received = {s: 0 for s in range(4)}
    if direction.value:
        for s in range(4):
            received[direction.target(s)] = record.passes[s]
    movable = {s: hidden[s] & ~received[s] for s in others}  # keeps every pass valid
    void = _shown_out(game)
    for _ in range(60):
        a, b = rng.sample(others, 2)
        if not movable[a] or not movable[b]:
            continue
        ca = rng.choice(cards_of(movable[a]))
        cb = rng.choice(cards_of(movable[b]))
        if (1 << ca) & void[b] or (1 << cb) & void[a]:
            continue
        for s, give, take in ((a, ca, cb), (b, cb, ca)):
            movable[s] ^= (1 << give) | (1 << take)
            hidden[s] ^= (1 << give) | (1 << take)
    played = {s: 0 for s in range(4)}
    for t in game.tricks:
        for s, c in zip(t.seats, t.cards):
            played[s] |= 1 << c
    dealt = list(record.dealt)
    for s in others:
        dealt[s] = (hidden[s] | played[s] | (record.passes[s] or 0)) & ~received[s]
    try:
        alt = Game.from_deal([cards_of(m) for m in dealt], direction)
        if alt.phase is Phase.PASS:
            for s in range(4):
                alt.pass_cards(s, cards_of(record.passes[s]))
        for c in record.plays:
            alt.play(alt.to_act, c)
    except (IllegalAction, ValueError):
        return None  # this spread contradicts the history: try another
    return alt


POSITIONS = [(1, "left", 6), (2, "across", 13), (3, "none", 22), (4, "right", 30), (5, "left", 17)]


@pytest.mark.parametrize("seed,direction,n_plays", POSITIONS)
def test_same_view_same_decision(seed, direction, n_plays):
    game = _mid_hand(seed, direction, n_plays)
    seat = game.to_act
    view = game.view(seat)
    rng = random.Random(seed)
    variants = []
    for _ in range(40):
        alt = _respread(game, seat, rng)
        if alt is not None:
            variants.append(alt)
        if len(variants) == 4:
            break
    assert len(variants) >= 2
    assert any(
        any(alt.hand(s) != game.hand(s) for s in range(4) if s != seat) for alt in variants
    ), "the hidden cards were not spread differently"
    for alt in variants:
        assert alt.view(seat) == view  # the very same view...
    for bot in levels():
        for decision_seed in (0, 1):
            want = bot.choose_play(view, random.Random(decision_seed))
            for alt in variants:  # ...so the very same decision
                got = bot.choose_play(alt.view(seat), random.Random(decision_seed))
                assert got == want, (bot.name, decision_seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_same_hand_same_pass(seed):
    hands = [cards_of(m) for m in deal(seed)]
    game = Game.from_deal(hands, "left")
    rest = [c for s in (1, 2, 3) for c in hands[s]]
    rng = random.Random(seed)
    for _ in range(3):
        rng.shuffle(rest)
        alt = Game.from_deal([hands[0], rest[:13], rest[13:26], rest[26:]], "left")
        assert alt.view(0) == game.view(0)
        for bot in levels():
            assert bot.choose_pass(alt.view(0), random.Random(9)) == bot.choose_pass(
                game.view(0), random.Random(9)
            )


def test_a_cheating_opponent_would_be_caught():
    """The check has teeth: a player that peeks at the true hands decides
    differently across the respread games."""
    game = _mid_hand(3, "none", 22)
    seat = game.to_act
    rng = random.Random(0)
    variants = [v for v in (_respread(game, seat, rng) for _ in range(30)) if v is not None]
    nxt = (seat + 1) % 4

    def peeker(g):  # picks by how many hearts the next seat holds
        legal = g.view(seat).legal
        return legal[sum(c.suit == 2 for c in g.hand(nxt)) % len(legal)]

    assert len(game.view(seat).legal) > 1
    assert len({peeker(g) for g in [game, *variants]}) > 1


# -- the inputs Hard gained: the game's score, the weights, the pass search ------------


@pytest.mark.parametrize("seed,direction,n_plays", POSITIONS[:3])
def test_same_view_near_100_same_decision(seed, direction, n_plays):
    """With the game's end in reach Hard plays for the game (its totals are
    in the view, the same for every spread): still the same decision."""
    from dataclasses import replace

    game = _mid_hand(seed, direction, n_plays)
    seat = game.to_act
    rng = random.Random(seed)
    variants = [v for v in (_respread(game, seat, rng) for _ in range(40)) if v is not None][:3]
    assert len(variants) >= 2
    scores = (88, 91, 79, 95)
    view = replace(game.view(seat), scores=scores)
    bot = Hard(samples=6)
    want = bot.choose_play(view, random.Random(4))
    assert bot.last_stats["choices"] == 1 or bot.last_stats["objective"] == "game"
    for alt in variants:
        assert replace(alt.view(seat), scores=scores) == view
        assert bot.choose_play(replace(alt.view(seat), scores=scores), random.Random(4)) == want


class _PeekingWeights(Hard):
    """Hard whose deal weights favour the deals closest to the true hands:
    what the weights must never do."""

    def __init__(self, game, **options):
        super().__init__(**options)
        self.truth = [game.view(s).hand_mask for s in range(4)]

    def think(self, view, rng):
        from hearts.ai import hard

        truth = self.truth
        real = hard.likelihood
        hard.likelihood = lambda deal, history: 2.0 ** (4 * sum((a & b).bit_count() for a, b in zip(deal, truth)))
        try:
            return (yield from super().think(view, rng))
        finally:
            hard.likelihood = real


class _PeekingPass(Hard):
    """Hard whose pass search plays out the true deal: it must be caught."""

    def __init__(self, game, **options):
        super().__init__(**options)
        self.truth = [game.view(s).hand_mask for s in range(4)]

    def _pass_deal(self, view, rng):
        return list(self.truth)


def test_peeking_weights_and_a_peeking_pass_search_would_be_caught():
    """The cheating control for the new inputs: weights that look at the true
    hands, or a pass search that plays the true deal out, decide differently
    across games that give the seat the very same view."""
    caught = 0
    for seed, direction, n_plays in POSITIONS:
        game = _mid_hand(seed, direction, n_plays)
        seat = game.to_act
        rng = random.Random(0)
        games = [game, *[v for v in (_respread(game, seat, rng) for _ in range(40)) if v is not None][:5]]
        picks = {_PeekingWeights(g, samples=30).choose_play(g.view(seat), random.Random(1)) for g in games}
        honest = {Hard(samples=30).choose_play(g.view(seat), random.Random(1)) for g in games}
        assert len(honest) == 1
        caught += len(picks) > 1
    assert caught

    hands = [cards_of(m) for m in deal(1)]
    rest = [c for s in (1, 2, 3) for c in hands[s]]
    passes, honest_passes = set(), set()
    for k in range(6):
        random.Random(k).shuffle(rest)
        alt = Game.from_deal([hands[0], rest[:13], rest[13:26], rest[26:]], "left")
        passes.add(_PeekingPass(alt, samples=2).choose_pass(alt.view(0), random.Random(9)))
        honest_passes.add(Hard(samples=2).choose_pass(alt.view(0), random.Random(9)))
    assert len(passes) > 1 and len(honest_passes) == 1
