"""The review of a hand (hearts/app/review.py): fair, repeatable, and it tells
a bad hand from a good one."""

import random

import pytest

from hearts import Game, Phase
from hearts.app import review as R
from hearts.ai import Hard, make_opponent
from hearts.ai.explain import Explanation
from hearts.ai.hard import candidates
from hearts.app.review_view import _item
from hearts.engine.cards import cards_of
from hearts.engine.game import deal
from hearts.text.hint_text import explanation
from hearts.text.i18n import Translator

from test_ai_fairness import _mid_hand, _respread


def _rank(card) -> tuple:
    return (card % 13, card)


def play_hand(seed: int, player: str, direction: str = "left") -> Game:
    """One hand of ``seed``'s deal; seat 0 plays ``player``: "high" (always
    its highest legal card, and its three highest to pass) or "hint" (the
    hint's choice: Hard's search on its view). The opponents play Normal
    from a fixed generator."""
    game = Game.from_deal([cards_of(m) for m in deal(seed)], direction)
    bot = make_opponent("normal")
    rng = random.Random(seed)
    hint = Hard(samples=60)
    if game.phase is Phase.PASS:
        for s in (1, 2, 3):
            game.pass_cards(s, bot.choose_pass(game.view(s), rng))
        if player == "high":
            game.pass_cards(0, sorted(game.hand(0), key=_rank)[-3:])
        else:
            game.pass_cards(0, hint.choose_pass(game.view(0), rng))
    while game.phase is Phase.PLAY:
        s = game.to_act
        if s != 0:
            card = bot.choose_play(game.view(s), rng)
        elif player == "high":
            card = max(game.legal, key=_rank)
        else:
            card = hint.choose_play(game.view(0), random.Random(f"hint:{seed}:{len(game.record().plays)}"))
        game.play(s, card)
    return game


@pytest.mark.parametrize("seed,direction", [(1, "left"), (2, "right"), (3, "across"), (4, "none"), (5, "left")])
def test_the_highest_card_every_time_costs_more_than_the_hint(seed, direction):
    bad = R.review(play_hand(seed, "high", direction), 0)
    good = R.review(play_hand(seed, "hint", direction), 0)
    assert bad.total > good.total, (R.tenths(bad.total), R.tenths(good.total))
    assert any(i.mark != "fine" for i in bad.items)


def test_a_review_is_its_items_added_up_and_never_below_zero():
    game = play_hand(3, "high")
    r = R.review(game, 0)
    assert r.total == sum(i.cost for i in r.items)
    for item in r.items:
        assert item.cost >= 0
        if item.chosen_points is not None:
            assert item.best_points is not None
            assert item.chosen_points - item.best_points >= item.cost / 10 - 0.05
        if item.cost:
            assert item.best != item.chosen and item.mark == R.mark_of(item.cost)
        else:
            assert item.best == item.chosen


def test_every_decision_is_listed_the_pass_first():
    game = play_hand(1, "high")
    items = R.decisions(game, 0)
    assert items[0].view.phase is Phase.PASS and len(items[0].chosen) == 3
    assert list(items[0].chosen) == [str(c) for c in game.passed(0)]
    plays = [d for d in items[1:]]
    assert all(d.view.phase is Phase.PLAY and len(d.view.legal) > 1 for d in plays)
    mine = [str(c) for t in game.tricks for s, c in zip(t.seats, t.cards) if s == 0]
    assert [d.chosen[0] for d in plays] == [c for c in mine if c in {d.chosen[0] for d in plays}]
    # each one is the very view the game gave the player then
    record = game.record().plays
    for d in plays:
        n = sum(len(t.cards) for t in d.view.tricks) + len(d.view.trick.cards)
        assert game.rewound(n).view(0) == d.view
        assert str(record[n]) == d.chosen[0]


def test_the_same_hand_reviewed_twice_gives_the_same_figures():
    game = play_hand(2, "high")
    assert R.review(game, 0) == R.review(game.copy(), 0)


def test_an_earlier_hand_is_reviewed_with_its_views_of_then():
    game = Game.new(11)
    bot = make_opponent("normal")
    rng = random.Random(0)
    for _hand in range(2):
        for s in range(4):
            game.pass_cards(s, bot.choose_pass(game.view(s), rng))
        while game.phase is Phase.PLAY:
            game.play(game.to_act, bot.choose_play(game.view(game.to_act), rng))
        if _hand == 0:
            first = R.review(game, 0)
            first_views = R.decisions(game, 0)
            game.next_hand()
    again = R.decisions(game, 0)
    assert [d.view for d in again] == [d.view for d in first_views]
    assert R.review(game, 0) == first
    assert again[0].view.hand_number == 0 and R.decisions(game, 1)[0].view.hand_number == 1
    assert R.decisions(game, 1)[0].view.scores == game.results[0].points
    with pytest.raises(ValueError):
        R.decisions(game, 2)


# -- fair by construction --------------------------------------------------------------

def _my_turn(seed: int, direction: str, n_plays: int) -> Game:
    """A real position with seat 0 to play and a real choice (cards the search compares)."""
    game = _mid_hand(seed, direction, n_plays)
    bot = make_opponent("normal")
    rng = random.Random(seed)
    while game.to_act != 0 or len(candidates(game.view(0), game.legal_mask(0))) < 2:
        game.play(game.to_act, bot.choose_play(game.view(game.to_act), rng))
    return game


@pytest.mark.parametrize("seed,direction,n_plays", [(1, "left", 5), (2, "across", 13), (4, "right", 25)])
def test_a_decision_is_judged_on_the_view_alone(seed, direction, n_plays):
    game = _my_turn(seed, direction, n_plays)
    view = game.view(0)
    rng = random.Random(seed)
    variants = [v for v in (_respread(game, 0, rng) for _ in range(40)) if v is not None][:3]
    assert variants and any(
        any(alt.hand(s) != game.hand(s) for s in (1, 2, 3)) for alt in variants)
    for card in (view.legal[0], view.legal[-1]):
        want = R.finish_judge(R.Decision(view, (str(card),)))
        assert want.chosen_points is not None
        for alt in variants:
            assert alt.view(0) == view
            assert R.finish_judge(R.Decision(alt.view(0), (str(card),))) == want


def test_the_pass_is_judged_on_the_players_hand_alone():
    hands = [cards_of(m) for m in deal(7)]
    game = Game.from_deal(hands, "left")
    view = game.view(0)
    chosen = tuple(str(c) for c in hands[0][:3])  # the three lowest: rarely the best pass
    want = R.finish_judge(R.Decision(view, chosen))
    rest = [c for s in (1, 2, 3) for c in hands[s]]
    rng = random.Random(7)
    for _ in range(2):
        rng.shuffle(rest)
        alt = Game.from_deal([hands[0], rest[:13], rest[13:26], rest[26:]], "left")
        assert alt.view(0) == view
        assert R.finish_judge(R.Decision(alt.view(0), chosen)) == want
    assert want.cost > 0 and want.best != chosen


def test_a_review_that_peeked_would_be_caught():
    """The check has teeth: a seed taken from the true hands gives other
    figures over the respread games."""
    game = _my_turn(2, "across", 13)
    view = game.view(0)
    rng = random.Random(0)
    variants = [v for v in (_respread(game, 0, rng) for _ in range(40)) if v is not None][:4]
    card = str(view.legal[-1])

    def peeking(g):
        gen = R._judge_play(g.view(0), card, random.Random(str([g.hand(s) for s in (1, 2, 3)])))
        return R.finish(gen)

    assert len({peeking(g) for g in [game, *variants]}) > 1


def test_a_pass_s_reason_reads_as_a_sentence_of_its_own():
    # In the review, a line of its own; in the hint, an item after "Why:".
    en = Translator("en")
    item = R.Item(0, ("3C", "JC", "KC"), ("KC", "AH", "QS"), 10.8, 9.5, 14, ("pass", "AH", "high-heart"))
    assert '<p class="rv-why">Ace of hearts: a high heart that would take points.</p>' in _item(item, en)
    played = R.Item(2, ("5S",), ("5S",), 10.0, 10.0, 0, ("duck", "7S"))
    assert '<p class="rv-why">Duck under the 7 of spades: the trick goes to someone else.</p>' in _item(played, en)
    hint = Explanation(cards=("AH",), options=(), reason=None, pass_reasons=(("AH", "high-heart"),))
    assert explanation(hint, en) == "Why: ace of hearts: a high heart that would take points."
