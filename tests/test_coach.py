"""The coach in the page: the review's screen and its costs in the
statistics, the claim and the quick finish (hearts/app/coach.py,
hearts/ai/claim.py, hearts/app/costs.py)."""

import json
import random
import re

import pytest

from hearts import Game, Phase
from hearts.ai import claim as CL
from hearts.app import review as R
from hearts.app import stats as ST, stored as SD
from hearts.ai import make_opponent
from hearts.engine.cards import cards_of
from hearts.engine.game import deal
from hearts.text.i18n import load
from hearts.app import messages as M, update as U
from hearts.app.model import HUMAN, Model, Ui
from hearts.app.view import view
from hearts.app.model import visible

from fake_ports import Driver
from hearts.page.binding import Runtime
from test_ai_fairness import _respread
from test_ui import pass_three, play_hand

EN = load("en")


def at_hand_end():
    d = Driver()
    d.send(M.NewGame())
    play_hand(d)
    assert d.phase() == "hand-end"
    return d


def test_review_at_the_hand_end_lists_every_decision_with_its_figures():
    d = at_hand_end()
    html = d.html()
    assert re.search(r'data-action="review" data-value="0"', html)
    d.send(M.ShowReview(0), settle=False)
    assert d.model.ui.overlay == "review" and d.model.ui.coach.review is None
    assert "data-review-progress" in d.html() and "<progress" in d.html()
    d.settle()
    r = d.model.ui.coach.review
    assert r == R.review(d.model.game, 0)  # the same figures as the model's own
    html = d.html()
    assert 'data-review="0"' in html and 'role="dialog"' in html
    items = re.findall(r'<li [^>]*data-review-item[^>]*>', html)
    assert len(items) == len(r.items) == len(R.decisions(d.model.game, 0))
    first = items[0]
    assert len(re.search(r'data-card="([^"]*)"', first).group(1).split()) == 3  # the pass
    costs = [re.search(r'data-cost="(\d+\.\d)"', i).group(1) for i in items]
    total = re.search(r'data-review-total="(\d+\.\d)"', html).group(1)
    assert f"{sum(int(c.replace('.', '')) for c in costs) / 10:.1f}" == total
    for i in items:
        assert re.search(r'data-best="[2-9TJQKA][CDHS]( [2-9TJQKA][CDHS]){0,2}"', i)
        assert re.search(r'data-mark="(fine|inaccuracy|mistake|blunder)"', i)
    assert "Blunder: 3.0 or more" in html  # the thresholds, on the screen
    assert "button" not in "".join(re.findall(r"<li [^>]*data-review-item.*?</li>", html))


def test_progress_is_shown_while_the_review_is_made():
    d = at_hand_end()
    d.fake.tick = 0.01  # a clock that moves: the search is cut in slices
    d.send(M.ShowReview(0), settle=False)
    shares = []
    while d.queue:
        msg = d.queue.popleft()
        if isinstance(msg, M.ReviewProgress):
            shares.append(msg.done)
        d.step(msg)
    assert len(shares) > 3 and shares == sorted(shares) and 0 < shares[0] < 1
    slept = [s for s in d.fake.loop.sleeps if s[1] == 0]
    assert len(slept) > len(shares)  # the page got its turn between slices
    assert d.model.ui.coach.review == R.review(d.model.game, 0)  # slices change nothing


def test_a_closed_review_stops_and_a_finished_one_opens_at_once():
    d = at_hand_end()
    d.fake.tick = 0.01
    d.model, effects = U.update(d.model, M.ShowReview(0))
    Runtime.run(d, effects)  # the search starts, the fake loop not yet run through
    d.fake.loop.run(until=d.fake.loop.now + 0.2)  # a few slices
    assert d.model.ui.coach.review is None
    d.step(M.CloseOverlay())  # closed while the search runs
    d.fake.loop.run()
    d.settle()
    assert d.model.ui.overlay is None and not d.model.ui.coach.finished
    assert not any(isinstance(m, M.ReviewReady) for m in d.queue)
    d.send(M.ShowReview(0))
    assert d.model.ui.coach.review is not None
    d.send(M.CloseOverlay())
    model, effects = U.update(d.model, M.ShowReview(0))
    assert model.ui.coach.review is not None and not effects  # kept: no second search


def test_review_from_the_replay_goes_back_to_it():
    d = at_hand_end()
    d.send(M.ShowReplay(0))
    assert 'data-action="review"' in d.html()
    d.send(M.ShowReview(0))
    assert d.model.ui.overlay == "review"
    d.send(M.CloseOverlay())
    assert d.model.ui.overlay == "replay"
    assert U.update(d.model, M.ShowReview(5))[0] is d.model  # no such hand


def test_each_reviewed_hand_costs_once_in_the_statistics():
    d = at_hand_end()
    d.send(M.ShowReview(0))
    tenths = d.model.ui.coach.review.total
    stats = d.model.ui.history.stats
    assert stats.costs.buckets == tuple((b, 1, tenths) if b == "normal" else (b, 0, 0) for b, _, _ in stats.costs.buckets)
    stored = ST.loads(d.get(SD.STATS))
    assert stored == stats
    d.send(M.CloseOverlay())
    d.send(M.ShowReview(0))
    assert d.model.ui.history.stats is stats  # the same hand again: not counted twice
    d.send(M.ShowStats())
    html = d.html()
    shown = re.search(r'data-stat="cost">([^<]*)<', html).group(1)
    assert shown == f"{tenths / 10:.1f}"
    assert re.search(r'data-stat="cost.normal">', html) and 'data-stat-chart="cost"' in html


def test_a_hand_played_with_undo_after_a_review_takes_the_games_costs_to_undo():
    """The first reviewed hand does not fix the game's bucket: once undo is
    used in the game, its reviewed hands count under "undo", as the game will."""
    d = at_hand_end()
    d.send(M.ShowReview(0))
    first = d.model.ui.coach.review.total
    d.send(M.CloseOverlay())
    d.send(M.Continue())
    d.settle()
    while d.phase() == "pass" or not d.pv.my_turn:  # to the player's first card of hand 2
        if d.phase() == "pass":
            pass_three(d)
        d.settle()
    d.send(M.ClickCard(d.pv.legal[0]))
    d.send(M.Undo())
    assert d.model.undo_used
    play_hand(d)
    d.send(M.ShowReview(1))
    second = d.model.ui.coach.review.total
    rows = {b: (n, t) for b, n, t in d.model.ui.history.stats.costs.buckets}
    assert rows["normal"] == (0, 0) and rows["undo"] == (2, first + second)
    assert [g.bucket for g in d.model.ui.history.stats.costs.games] == ["undo"]
    assert ST.loads(d.get(SD.STATS)) == d.model.ui.history.stats


def test_older_statistics_without_costs_read_as_before():
    s = ST.record(ST.EMPTY, ST.GameSummary("g1", "normal", False, (40, 101, 60, 70), (3, 10, 1, 26), 1, 0, 1))
    text = ST.dumps(s)
    assert "costs" not in json.loads(text)  # as the older version wrote it
    assert ST.loads(text) == s and ST.loads(text).costs == ST.C.EMPTY
    withcost = ST.record_cost(s, "g2", "hard", 0, 17)
    assert ST.loads(ST.dumps(withcost)) == withcost
    data = json.loads(ST.dumps(withcost))
    data["costs"]["buckets"]["hard"] = [1, 10**7]  # more than a hand can cost
    with pytest.raises(ST.StatsError):
        ST.loads(json.dumps(data))
    html = view(*visible(U.update(U.init(stats=text)[0], M.ShowStats())[0]), EN)
    assert re.search(r'data-stat="cost">\u2013<', html)


# -- the claim ------------------------------------------------------------------------

def _position(seed: int, plays: int) -> Game:
    game = Game.from_deal([cards_of(m) for m in deal(seed)], "none")
    rng = random.Random(seed)
    bot = make_opponent("normal")
    for _ in range(plays):
        game.play(game.to_act, bot.choose_play(game.view(game.to_act), rng))
    return game


def _claimable_positions(limit=6):
    out = []
    for seed in range(1, 400):
        game = _position(seed, 0)
        rng = random.Random(seed)
        bot = make_opponent("normal")
        while game.phase is Phase.PLAY:
            if game.to_act == 0 and len(game.hand(0)) > 1 and CL.claimable(game.view(0)):
                out.append(game.copy())
                break
            game.play(game.to_act, bot.choose_play(game.view(game.to_act), rng))
        if len(out) == limit:
            break
    return out


def test_a_claim_gives_what_playing_out_gives_and_every_play_agrees():
    positions = _claimable_positions()
    assert len(positions) >= 3
    for game in positions:
        claimed = game.copy()
        CL.play_rest(claimed, 0, claim=True)
        left = len(game.hand(0))
        assert claimed.phase is not Phase.PLAY
        assert all(t.winner == 0 for t in claimed.tricks[-left:])
        for spread in range(4):  # the other hands spread otherwise, and any legal plays
            rng = random.Random(spread)
            alt = _respread(game, 0, rng) if spread else game.copy()
            if alt is None:
                continue
            assert alt.view(0) == game.view(0) and CL.claimable(alt.view(0))
            while alt.phase is Phase.PLAY:
                s = alt.to_act
                alt.play(s, rng.choice(alt.legal) if s != 0 else alt.legal[rng.randrange(len(alt.legal))])
            # whatever is played, the player takes every trick: the same points
            assert all(t.winner == 0 for t in alt.tricks[-left:])
            if spread == 0:
                assert alt.results[-1] == claimed.results[-1]


def test_the_claim_is_offered_only_when_sure_and_plays_through_the_page():
    game = _claimable_positions(1)[0]
    model = U.update(Model(ui=Ui(screen="table"), game=game), M.CloseOverlay())[0]
    assert 'data-action="claim"' in view(*visible(model), EN)
    d = Driver(model)
    d.send(M.ClaimTricks())
    assert d.phase() == "hand-end"
    expected = game.copy()
    CL.play_rest(expected, 0, claim=True)
    assert d.model.game.results == expected.results
    assert json.loads(d.saved)  # saved as played
    # not offered (and refused) at a position that is not sure
    other = _position(3, 4)
    while other.to_act != 0:
        other.play(other.to_act, other.legal[0])
    m = U.update(Model(ui=Ui(screen="table"), game=other), M.CloseOverlay())[0]
    assert not CL.claimable(other.view(0)) and 'data-action="claim"' not in view(*visible(m), EN)
    assert U.update(m, M.ClaimTricks()) == (m, [])


# -- the quick finish --------------------------------------------------------------------

def test_no_points_left_finishes_the_hand_at_once_with_the_same_points():
    found = 0
    for seed in range(1, 60):
        game = _position(seed, 0)
        rng = random.Random(seed)
        bot = make_opponent("normal")
        while game.phase is Phase.PLAY and not CL.settled(game):
            game.play(game.to_act, bot.choose_play(game.view(game.to_act), rng))
        if game.phase is not Phase.PLAY:
            continue
        found += 1
        quick = game.copy()
        CL.play_rest(quick, 0, claim=False)
        slow = game.copy()
        while slow.phase is Phase.PLAY:  # played out card by card, any legal cards
            slow.play(slow.to_act, rng.choice(slow.legal))
        assert quick.results == slow.results  # the moon rule as usual
        if found == 5:
            break
    assert found == 5


def test_the_page_finishes_the_hand_once_the_last_point_is_taken():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    while d.phase() == "play":
        assert d.pv.to_act == HUMAN
        d.send(M.ClickCard(d.pv.legal[0]))
    game = d.model.game
    assert len(game.tricks) == 13 and game.phase is Phase.HAND_END
    last_point = max(i for i, t in enumerate(game.tricks) if t.points)
    # after the trick that took the last point, the player played no card by hand
    assert last_point < 12  # (this deal: points were gone early)
    assert d.saved and json.loads(d.saved)
