"""Properties of the engine over random seeded games (hypothesis)."""

from __future__ import annotations

import random

from engine_helpers import oracle_broken, oracle_legal, play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Game, IllegalAction, Phase, Reason, cards_of, deal, mask_of
from hearts.engine.cards import FULL_DECK
from hearts.engine.save import dumps, loads

seeds = st.integers(min_value=0, max_value=2**63)


def rules_legal(game: Game) -> int:
    """The legal set of the seat to act by the tests' own reading of RULES.md
    (engine_helpers.oracle_legal, written apart from hearts.engine.rules), as a mask."""
    view = game.view(game.to_act)
    broken = oracle_broken(t.cards for t in view.tricks)
    return oracle_legal(view.hand_mask, view.trick.cards, not view.tricks, broken)


def check_invariants(game: Game) -> None:
    hands = [mask_of(game.hand(s)) for s in range(4)]
    played = game.view(0).played_mask
    # 52 cards, each in exactly one place.
    assert sum(h.bit_count() for h in hands) + played.bit_count() == 52
    assert hands[0] | hands[1] | hands[2] | hands[3] | played == FULL_DECK
    if game.phase is Phase.PLAY:
        legal = game.legal_mask()
        assert legal, "the seat to act always has a legal card"
        assert legal & ~hands[game.to_act] == 0, "legal cards are in the hand"
        assert legal == rules_legal(game)
        assert game.legal == game.legal_actions() == cards_of(legal)
    elif game.phase is Phase.PASS:
        for s in game.waiting_to_pass:
            assert game.legal_actions(s) == game.hand(s)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, choices=st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_every_invariant(seed, choices):
    game = Game.new(seed)

    def check(g: Game) -> None:
        check_invariants(g)
        if g.phase is Phase.HAND_END:
            result = g.results[-1]
            assert sum(result.points) == (78 if result.moon is not None else 26)

    play_random(game, random.Random(choices), each=check)
    check_invariants(game)  # the end too (play_random checks before each step only)
    assert all(sum(r.points) == (78 if r.moon is not None else 26) for r in game.results)
    assert max(game.scores) >= 100
    assert game.scores.count(min(game.scores)) == 1


@settings(max_examples=40, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=400), choices=st.integers(0, 2**32))
def test_save_and_restore_round_trip_at_any_point(seed, steps, choices):
    rng = random.Random(choices)
    game = Game.new(seed)
    for _ in range(steps):
        if game.phase is Phase.GAME_END:
            break
        if game.phase is Phase.PASS:
            s = game.waiting_to_pass[0]
            game.pass_cards(s, rng.sample(game.legal_actions(s), 3))
        elif game.phase is Phase.PLAY:
            game.play(game.to_act, rng.choice(game.legal_actions()))
        else:
            game.next_hand()
    text = dumps(game)
    restored = loads(text)
    assert dumps(restored) == text
    assert [restored.view(s) for s in range(4)] == [game.view(s) for s in range(4)]


@settings(max_examples=60, deadline=None)
@given(seed=seeds, steps=st.integers(0, 60), card=st.integers(0, 51), seat=st.integers(-1, 4))
def test_any_refused_play_changes_nothing(seed, steps, card, seat):
    rng = random.Random(seed)
    game = Game.from_deal([cards_of(m) for m in deal(seed)], "none")
    for _ in range(steps):
        if game.phase is not Phase.PLAY:
            break
        game.play(game.to_act, rng.choice(game.legal_actions()))
    before, to_act, legal = dumps(game), game.to_act, game.legal_mask()
    try:
        game.play(seat, card)
    except IllegalAction:
        assert dumps(game) == before
    else:  # accepted only when it was that seat's turn and a legal card
        assert seat == to_act and legal >> card & 1


# Anything that is not the int 0, 1, 2 or 3: other ints, bools (True == 1),
# floats (2.0 == 2), strings. (None is legal_actions' default: the seat to act.)
not_seats = st.one_of(
    st.integers().filter(lambda n: not 0 <= n <= 3),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=60), seat=not_seats)
def test_a_seat_that_is_not_a_seat_number_is_refused_with_its_code(seed, steps, seat):
    game = Game.new(seed)
    count = [0]

    def stop(g):
        count[0] += 1
        return count[0] > steps or g.phase is not Phase.PLAY and count[0] > 1

    play_random(game, random.Random(seed), stop=stop)
    before = dumps(game)
    actions = [
        lambda: game.view(seat),
        lambda: game.hand(seat),
        lambda: game.legal_actions(seat),
    ]
    if game.phase is Phase.PLAY:
        actions.append(lambda: game.play(seat, game.legal[0]))
    elif game.phase is Phase.PASS:
        actions.append(lambda: game.pass_cards(seat, game.legal_actions(0)[:3]))
    for action in actions:
        try:
            action()
        except IllegalAction as refused:
            assert refused.reason is Reason.NO_SUCH_SEAT
        else:
            raise AssertionError(f"seat {seat!r} was accepted")
    assert dumps(game) == before, "a refused seat changed the game"
