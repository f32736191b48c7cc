"""What the others' plays say (hearts.ai.weights): the deal weights Hard's search uses."""

import random

from test_ai_fairness import _mid_hand

from hearts import Game
from hearts.ai import make_opponent
from hearts.ai.weights import SOFT, decisions, likelihood
from hearts.engine.cards import cards_of


def _normal_hand(seed: int, plays: int) -> Game:
    return _mid_hand(seed, "left", plays)  # four Normal players


def test_the_true_deal_of_normal_players_explains_every_play():
    """Against four Normal players the true hands make every play Normal's:
    weight 1, however far into the hand."""
    for seed in range(6):
        for plays in (5, 17, 30, 43):
            game = _normal_hand(seed, plays)
            me = game.to_act
            history = decisions(game.view(me))
            assert len(history) == plays - sum(1 for t in game.tricks for s in t.seats[:len(t.cards)] if s == me)
            true_hands = [game.view(s).hand_mask for s in range(4)]
            assert likelihood(true_hands, history) == 1.0


def test_a_deal_that_contradicts_a_play_weighs_less():
    """Swap a card the others' plays say something about and the deal weighs less."""
    lighter = 0
    for seed in range(10):
        game = _normal_hand(seed, 20)
        me = game.to_act
        history = decisions(game.view(me))
        hands = [game.view(s).hand_mask for s in range(4)]
        others = [s for s in range(4) if s != me]
        a, b = others[0], others[1]
        for ca in cards_of(hands[a]):
            for cb in cards_of(hands[b]):
                if ca // 13 == cb // 13:  # same suit: no void broken, the deal stays possible
                    alt = hands[:]
                    alt[a] ^= (1 << ca) | (1 << cb)
                    alt[b] ^= (1 << ca) | (1 << cb)
                    w = likelihood(alt, history)
                    assert w in {SOFT ** k for k in range(40)}
                    lighter += w < 1.0
    assert lighter > 0


def test_the_weights_use_the_view_only():
    """The decisions come from the public history: two games with the same
    view give the same list; the seat's own plays are not in it."""
    game = _normal_hand(3, 22)
    me = game.to_act
    view = game.view(me)
    history = decisions(view)
    assert all(d.seat != me for d in history)
    assert decisions(game.copy().view(me)) == history
    bot = make_opponent("hard", samples=5)
    bot.choose_play(view, random.Random(1))
    assert 0 < bot.last_stats["weight"] <= 1.0
