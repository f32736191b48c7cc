"""The opponents: always legal, and each level does what RULES.md says of it."""

import random

import pytest

from hearts import Card, Game, Phase
from hearts.ai import Easy, Hard, Normal, RandomPlayer, make_opponent, step
from hearts.ai.hard import candidates, pass_candidates, playout
from hearts.engine.slices import finish
from hearts.ai.knowledge import infer, sample_deal
from hearts.engine.cards import FULL_DECK, SUIT_MASKS, cards_of, mask_of

C = Card.parse


def cards(text):
    return [C(t) for t in text.split()]


def fast_levels():
    return [RandomPlayer(), Easy(), Normal(), Hard(samples=3)]


# -- legality ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_every_decision_is_legal(seed):
    """Whole hands with every level at the table: each pass is three of the
    seat's cards, each card one of view.legal (the engine would refuse it too)."""
    game = Game.new(seed)
    rng = random.Random(seed)
    bots = fast_levels()
    rng.shuffle(bots)
    for _ in range(2):  # two hands: a pass hand and the next
        if game.phase is Phase.PASS:
            for s in range(4):
                view = game.view(s)
                chosen = bots[s].choose_pass(view, rng)
                assert len(set(chosen)) == 3 and set(chosen) <= set(view.hand)
                game.pass_cards(s, chosen)
        while game.phase is Phase.PLAY:
            s = game.to_act
            view = game.view(s)
            card = bots[s].choose_play(view, rng)
            assert card in view.legal
            game.play(s, card)
        game.next_hand()


def test_levels_by_name():
    assert isinstance(make_opponent("easy"), Easy)
    assert isinstance(make_opponent("Normal"), Normal)
    assert isinstance(make_opponent("hard", samples=5), Hard)
    assert isinstance(make_opponent("random"), RandomPlayer)
    with pytest.raises(ValueError):
        make_opponent("expert")


def test_an_opponent_refuses_to_act_out_of_turn():
    game = Game.new(1)
    for s in range(4):
        game.pass_cards(s, game.view(s).hand[:3])
    idle = (game.to_act + 1) % 4
    for bot in fast_levels():
        with pytest.raises(ValueError):
            bot.choose_play(game.view(idle), random.Random(0))


# -- easy ----------------------------------------------------------------------


def _game_after(hands_text, plays_text, direction="none"):
    """A game dealt ``hands_text`` (four strings of 13 cards) after ``plays_text``."""
    game = Game.from_deal([cards(h) for h in hands_text], direction)
    for card in cards(plays_text):
        game.play(game.to_act, card)
    return game


# A deal in which seat 1 takes every point in the first nine tricks: QS and
# eight hearts (21 points). Seat 0 then holds AH 2H over seat 1's lead of KH.
MOON_DEAL = [
    "4C 7C QD KD 2D 3D 5H 8H 2H AH 4S 7S JS",
    "9C TC JC QC KC AC AD QH KH 8S 9S KS AS",
    "2C 5C 8C TD 4D 5D 6D 3H 6H TH 2S 5S QS",
    "3C 6C 7D 8D 9D JD 4H 7H 9H JH 3S 6S TS",
]
MOON_PLAYS = (
    "2C 3C 4C JC  8S 2S 3S 4S  9S 5S 6S 7S  KS QS TS JS  AS 6H 7H 8H"
    "  TC 5C 6C 7C  9C 8C 9H QD  QH TH JH 5H  AD TD JD KD  KH 3H 4H"
)


def test_moon_position_is_what_it_says():
    game = _game_after(MOON_DEAL, MOON_PLAYS)
    view = game.view(0)
    assert view.points_taken == (0, 21, 0, 0)
    assert view.legal == (C("2H"), C("AH"))


def test_easy_ducks_and_throws_points():
    # Trick led by seat 1 with KH, seat 2 and 3 follow low: Easy ducks with 2H.
    game = _game_after(MOON_DEAL, MOON_PLAYS)
    assert Easy().choose_play(game.view(0), random.Random(0)) == C("2H")
    # Seat 0 void in clubs on trick 6 (9C led): Easy throws a point card.
    game = _game_after(MOON_DEAL, MOON_PLAYS.split("9C 8C")[0] + "9C 8C 9H")
    view = game.view(0)
    assert not view.legal[0].suit == 0
    assert Easy().choose_play(view, random.Random(0)).points > 0


def test_easy_does_not_give_itself_the_queen():
    # Seat 0 holds QS and KS (and nothing lower in spades) on a spade lead.
    hands = [
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD QS KS",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2S",
        "AC AD KD 2H 3H 4H 5H 6H 7H 8H 9H TH 3S",
        "JH QH KH AH 4S 5S 6S 7S 8S 9S TS JS AS",
    ]
    game = _game_after(hands, "2C AC 4S 2D  3S 5S")  # seat 2 wins trick 1, leads 3S
    view = game.view(0)
    assert view.to_act == 0 and set(view.legal) == {C("QS"), C("KS")}
    assert Easy().choose_play(view, random.Random(0)) == C("KS")


def test_easy_avoids_points_more_than_random():
    """Over whole hands Easy takes fewer points than random players."""
    easy, rand = 0, 0
    for seed in range(12):
        game = Game.new(seed)
        bots = [Easy(), RandomPlayer(), RandomPlayer(), RandomPlayer()]
        rng = random.Random(seed)
        for s in range(4):
            game.pass_cards(s, bots[s].choose_pass(game.view(s), rng))
        while game.phase is Phase.PLAY:
            s = game.to_act
            game.play(s, bots[s].choose_play(game.view(s), rng))
        pts = game.results[-1].points
        easy += pts[0]
        rand += sum(pts[1:]) / 3
    assert easy < rand


# -- normal --------------------------------------------------------------------


def _pass_view(hand_text):
    """A pass-phase view whose seat 0 holds ``hand_text``."""
    mine = mask_of(cards(hand_text))
    rest = cards_of(FULL_DECK & ~mine)
    game = Game.from_deal([cards(hand_text), rest[:13], rest[13:26], rest[26:]], "left")
    return game.view(0)


def test_normal_passes_the_queen_when_short_in_spades():
    view = _pass_view("QS 3S 5S 2C 4C 6C 8C 3D 5D 7D 9D 2H 4H")
    assert C("QS") in Normal().choose_pass(view, random.Random(0))


def test_normal_keeps_a_well_guarded_queen_and_passes_danger():
    view = _pass_view("QS 2S 3S 5S 7S 2C 4C 6C 8C 3D AH KH 4H")
    chosen = Normal().choose_pass(view, random.Random(0))
    assert C("QS") not in chosen
    assert {C("AH"), C("KH")} <= set(chosen)


def test_normal_sheds_high_spades_without_guards():
    view = _pass_view("AS KS 3S 2C 4C 6C 8C 3D 5D 7D 9D 2H 4H")
    assert {C("AS"), C("KS")} <= set(Normal().choose_pass(view, random.Random(0)))


def test_normal_follows_with_the_highest_card_that_still_loses():
    game = _game_after(MOON_DEAL, MOON_PLAYS.split("  TC")[0] + "  TC 5C 6C")
    view = game.view(0)  # clubs led with TC; seat 0 holds 7C
    assert Normal().choose_play(view, random.Random(0)) == C("7C")
    hands = [
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QS 2S 9S",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3S",
        "AC AD KD 2H 3H 4H 5H 6H 7H 8H 9H TH 4S",
        "JH QH KH AH QD 5S 6S 7S 8S TS JS KS AS",
    ]
    # Seat 2 leads a low spade, seat 3 plays the ace: Normal sheds the queen on it.
    game = _game_after(hands, "2C AC QD 2D  4S AS")
    view = game.view(0)
    assert view.trick.cards == (C("4S"), C("AS")) and C("QS") in view.legal
    assert Normal().choose_play(view, random.Random(0)) == C("QS")
    assert Easy().choose_play(view, random.Random(0)) != C("QS")


# -- hard ----------------------------------------------------------------------


def test_hard_breaks_a_moon_by_taking_a_point():
    game = _game_after(MOON_DEAL, MOON_PLAYS)
    view = game.view(0)
    # Normal ducks and lets seat 1 take all 26 (it holds AC KC QC after this).
    assert Normal().choose_play(view, random.Random(0)) == C("2H")
    assert Hard(samples=20).choose_play(view, random.Random(0)) == C("AH")


def test_hard_shoots_when_it_holds_everything():
    # Seat 1 has all the points so far and every remaining trick is its own.
    game = _game_after(MOON_DEAL, MOON_PLAYS.split("  KH")[0])
    view = game.view(1)
    assert view.points_taken == (0, 21, 0, 0) and view.to_act == 1
    hard = Hard(samples=20)
    card = hard.choose_play(view, random.Random(3))
    assert card in (C("AC"), C("KC"), C("QC"), C("KH"))
    # Play it out with Hard on seat 1: it takes all 26 points.
    rng = random.Random(4)
    others = Normal()
    game.play(1, card)
    while game.phase is Phase.PLAY:
        s = game.to_act
        bot = hard if s == 1 else others
        game.play(s, bot.choose_play(game.view(s), rng))
    assert game.results[-1].moon == 1


def test_hard_search_runs_in_slices():
    game = _game_after(MOON_DEAL, MOON_PLAYS)
    view = game.view(0)
    hard = Hard(samples=12)
    search = hard.think(view, random.Random(7))
    results = []
    for _ in range(100):
        card = step(search, 0.0)  # one deal per slice
        if card is not None:
            break
        results.append(card)
    assert card == hard.choose_play(view, random.Random(7))
    assert len(results) >= 5  # it did stop in between


def test_hard_time_budget_bounds_the_search():
    game = Game.new(11)
    n = Normal()
    rng = random.Random(1)
    for s in range(4):
        game.pass_cards(s, n.choose_pass(game.view(s), rng))
    while len(game.view(0).legal) < 2 or game.to_act != 0:
        game.play(game.to_act, n.choose_play(game.view(game.to_act), rng))
    # A fake clock that advances 1 ms each time it is read: the search reads
    # it twice per sampled deal (1 ms apart), so 20 ms are spent after 20 deals.
    now = [0.0]

    def clock():
        now[0] += 0.001
        return now[0]

    hard = Hard(budget=0.02, max_samples=100000, min_samples=1, clock=clock)
    hard.choose_play(game.view(0), rng)
    assert hard.last_stats["samples"] == 20
    assert abs(hard.last_stats["seconds"] - 0.020) < 1e-9


def test_the_hint_is_hards_search():
    from hearts.ai.explain import explained_search

    game = _game_after(MOON_DEAL, MOON_PLAYS)
    assert step(explained_search(game.view(0), random.Random(0)), 60).cards == ("AH",)
    fresh = Game.new(2)
    passing = [C(c) for c in step(explained_search(fresh.view(0), random.Random(0)), 60).cards]
    # The pass by search (timed, so its count of deals varies): one of the passes it compares.
    assert len(passing) == 3 and mask_of(passing) in pass_candidates(fresh.view(0).hand_mask)


def test_candidates_merge_cards_nothing_separates():
    game = _game_after(MOON_DEAL, MOON_PLAYS.split("  KH")[0])
    view = game.view(1)  # seat 1 holds AC KC QC KH; the clubs are touching
    assert [C(c) for c in ("QC",)] == [Card(c) for c in candidates(view, mask_of(view.legal)) if c < 13]


# -- knowledge -----------------------------------------------------------------


def test_sampled_deals_agree_with_what_the_seat_knows():
    game = _game_after(MOON_DEAL, MOON_PLAYS)
    view = game.view(0)
    k = infer(view)
    # Seat 0 saw seats 2 and 3 show out of spades; seat 3 and 0 of clubs.
    assert k.voids[2][3] and k.voids[3][3] and k.voids[3][0]
    rng = random.Random(5)
    for _ in range(50):
        hands = sample_deal(k, rng)
        hands[0] = view.hand_mask
        assert sum(hands) | view.played_mask == FULL_DECK
        assert tuple(h.bit_count() for h in hands) == view.card_counts
        for s in (2, 3):
            assert not hands[s] & SUIT_MASKS[3]
        assert not hands[3] & SUIT_MASKS[0]


def test_passed_cards_stay_with_the_receiver():
    game = Game.new(4)
    passes = [game.view(s).hand[-3:] for s in range(4)]
    for s in range(4):
        game.pass_cards(s, passes[s])
    view = game.view(0)
    k = infer(view)
    rng = random.Random(1)
    for _ in range(20):
        hands = sample_deal(k, rng)
        assert hands[1] & mask_of(passes[0]) == mask_of(passes[0])  # passed left


def test_playout_scores_with_the_moon_rule():
    game = _game_after(MOON_DEAL, MOON_PLAYS)
    hands = [game.view(s).hand_mask for s in range(4)]
    trick = [C("KH"), C("3H"), C("4H"), C("2H")]  # seat 0 ducks
    hands[0] &= ~(1 << C("2H"))
    taken = [0, 21, 0, 0]
    played = game.view(0).played_mask | (1 << C("2H"))
    # Seat 1 takes this trick (25 points) and the queen later: a moon, 26 for seat 0.
    assert playout(hands, trick, 1, played, taken, True, False, 0) == 26
    assert taken == [0, 26, 0, 0]


def test_hards_pass_search_runs_in_slices_and_is_its_pass():
    view = _pass_view("QS 3S 5S 2C 4C 6C 8C 3D 5D 7D 9D 2H 4H")
    hard = Hard(samples=6)
    search = hard.search(view, random.Random(2))
    assert step(search, 0.0) is None  # one sampled deal at a time: not decided yet
    chosen = finish(search)
    assert len(set(chosen)) == 3 and set(chosen) <= set(view.hand)
    assert chosen == hard.choose_pass(view, random.Random(2))
    assert hard.last_stats["samples"] == 30 and len(hard.last_stats["pass_means"]) == hard.last_stats["choices"]  # five times a play's
    # The pass search may be given more deals than a play (one pass a hand).
    wider = Hard(samples=6, pass_scale=2)
    wider.choose_pass(view, random.Random(2))
    assert wider.last_stats["samples"] == 12
    # Without the pass search Hard passes by its rules, at once.
    rules_only = Hard(samples=6, pass_search=False)
    assert step(rules_only.search(view, random.Random(2)), 0.0) == rules_only.choose_pass(view, random.Random(2))


def test_deals_can_always_be_sampled_even_when_the_queen_guess_is_wrong():
    """Random players keep the queen when they could drop her, so the soft
    inference is often wrong: sampling must still find deals that agree
    with every hard fact (counts, voids, passed cards), at every turn."""
    rand = RandomPlayer()
    checked = 0
    for seed in range(25):
        game = Game.new(seed)
        rng = random.Random(seed)
        for s in range(4):
            game.pass_cards(s, rand.choose_pass(game.view(s), rng))
        passed_left = {s: mask_of(game.view(s).passed) for s in range(4)}
        while game.phase is Phase.PLAY:
            seat = game.to_act
            view = game.view(seat)
            k = infer(view)
            hands = sample_deal(k, rng)
            assert hands[seat] == view.hand_mask
            assert sum(hands) | view.played_mask == FULL_DECK
            assert tuple(h.bit_count() for h in hands) == view.card_counts
            receiver = (seat + 1) % 4
            assert hands[receiver] & passed_left[seat] == passed_left[seat] & ~view.played_mask
            for s in range(4):  # whoever showed out of a suit gets none of it
                true_suits = {c.suit for c in game.hand(s)}
                for suit in range(4):
                    if k.voids[s][suit] and s != seat and suit in true_suits:
                        assert C("QS") in game.hand(s) and suit == 3  # only the soft guess
                    if k.voids[s][suit]:
                        assert not hands[s] & SUIT_MASKS[suit] & k.unseen
            checked += 1
            game.play(seat, rand.choose_play(view, rng))
    assert checked == 25 * 52


def test_the_samplers_short_check_agrees_with_halls_condition():
    """sample_deal checks, for a card going to seat s, only the sets of seats
    holding s (knowledge._fits): from every placeable state it must give
    _feasible's answer over all fifteen sets."""
    from hearts.ai.knowledge import _feasible, _fits, _seat_checks
    from hearts.ai.opponents import Normal

    rng = random.Random(3)
    compared = 0
    for seed in range(40):
        game = Game.new(seed)
        normal = Normal()
        for s in range(4):
            game.pass_cards(s, normal.choose_pass(game.view(s), rng))
        for _ in range(rng.randrange(8, 40)):
            game.play(game.to_act, normal.choose_play(game.view(game.to_act), rng))
        k = infer(game.view(game.to_act))
        groups = k.groups
        checks = _seat_checks(groups)
        room, counts = list(k.need), [len(cards) for _, cards in groups]
        for g, (seats, cards) in enumerate(groups):
            for _ in cards:
                counts[g] -= 1
                fine = []
                for s in range(4):
                    if seats >> s & 1 and room[s]:
                        room[s] -= 1
                        full = _feasible(groups, room, counts)
                        assert _fits(checks[s], room, counts) == full
                        compared += 1
                        room[s] += 1
                        if full:
                            fine.append(s)
                room[rng.choice(fine)] -= 1
    assert compared > 500
