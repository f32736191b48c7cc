"""Issue 15, second half: statistics across games, the hint that explains
itself, and a finished hand told trick by trick (models and views, CPython)."""

import random
import re
from dataclasses import replace

import pytest

from hearts.engine.cards import mask_of
from hearts.engine import replay as R
from hearts.app import stats as ST
from hearts.ai.explain import explained_search, play_reason
from hearts.ai.hard import Hard
from hearts.text.i18n import LANGUAGES, Translator, load
from hearts.text.vocabulary import card_name, seat_name
from hearts.app import history as X
from hearts.app import messages as M
from hearts.app import events as E
from hearts.app import update as U
from hearts.text.hint_text import decimal, explanation
from hearts.app.model import visible, with_ui
from hearts.app.view import view
from test_ui import Driver, play_hand, run_search

EN = Translator("en")


class StatsDriver(Driver):
    """The test driver, keeping what the statistics effect stores."""

    stored = None
    stores = 0

    def run(self, effects):
        for e in effects:
            if isinstance(e, M.StoreStats):
                self.stored = e.text
                self.stores += 1
        super().run(effects)


def finish_game(d):
    d.send(M.NewGame())
    for _ in range(80):
        if d.phase() == "game-end":
            return d
        if d.phase() == "hand-end":
            d.send(M.Continue())
        play_hand(d)
    raise AssertionError("the game did not end")


def summary(game_id="g", level="normal", undo=False, scores=(40, 101, 60, 70), hands=None,
            by=0, against=1, queens=1):
    """A game's summary; its hands (the player's points in each, unless
    given) add up to the player's final score, as a real game's do."""
    if hands is None:
        hands = (3, 10, 0, 27) if scores[0] == 40 else (*[10] * (scores[0] // 10), scores[0] % 10, 0, 0, 0)
    return ST.GameSummary(game_id, level, undo, scores, hands, by, against, queens)


# -- the statistics' model ---------------------------------------------------------------

def test_record_counts_a_game_once_in_its_bucket():
    s = ST.record(ST.EMPTY, summary("a"))
    assert ST.record(s, summary("a")) is s  # the same game twice: unchanged
    s = ST.record(s, summary("b", level="hard", scores=(120, 30, 40, 50), hands=(26, 26, 26, 42), by=1))
    s = ST.record(s, summary("c", undo=True, scores=(10, 100, 50, 60)))
    f = ST.figures(s)
    assert (f["all"].games, f["normal"].games, f["hard"].games, f["undo"].games, f["easy"].games) == (3, 1, 1, 1, 0)
    assert f["all"].won == 2 and f["hard"].won == 0 and f["undo"].won == 1
    assert f["hard"].places() == (0, 0, 0, 1)
    assert f["all"].best == 10 and f["all"].worst == 120
    assert f["normal"].best == f["normal"].worst == 40
    assert f["all"].moons_by == 1 and f["all"].moons_against == 3 and f["all"].queens == 3
    assert f["normal"].average == pytest.approx(40 / 4)
    assert f["all"].average == pytest.approx((40 + 120 + 10) / (4 + 4 + 5))
    assert [(r.score, r.place, r.level, r.undo) for r in s.recent] == [
        (40, 1, "normal", False), (120, 4, "hard", False), (10, 1, "normal", True)]


def test_a_shared_lowest_total_is_first_place_but_not_a_win():
    s = ST.record(ST.EMPTY, summary(scores=(50, 50, 100, 70)))
    assert ST.figures(s)["all"].place1 == 1 and ST.figures(s)["all"].won == 0


def test_recent_keeps_the_last_games_only():
    s = ST.EMPTY
    for i in range(ST.RECENT + 5):
        s = ST.record(s, summary(str(i), scores=(i, 100, 100, 100)))
    assert len(s.recent) == ST.RECENT and s.recent[-1].score == ST.RECENT + 4
    assert ST.figures(s)["all"].games == ST.RECENT + 5


def test_stored_text_round_trips():
    s = ST.record(ST.record(ST.EMPTY, summary("a")), summary("b", level="easy", undo=True))
    assert ST.loads(ST.dumps(s)) == s


@pytest.mark.parametrize("text, code", [
    ("{", "stats-corrupt"),
    ("[]", "stats-corrupt"),
    ('{"format": "hearts-save", "version": 1}', "stats-corrupt"),
    ('{"format": "hearts-stats", "version": 99}', "stats-newer-version"),
    ('{"format": "hearts-stats", "version": 1}', "stats-corrupt"),
    ("x" * (ST.MAX_TEXT + 1), "stats-corrupt"),
    ("[" * 100000, "stats-corrupt"),
])
def test_bad_texts_are_refused_with_a_code(text, code):
    with pytest.raises(ST.StatsError) as e:
        ST.loads(text)
    assert e.value.code == code


def test_deep_nesting_is_refused_before_it_is_parsed(monkeypatch):
    """In the page, json's recursion over 6,000 levels overflows the C stack
    before Python can raise RecursionError: the text must never reach it."""
    import hearts.engine.boundedjson

    def no_parse(text):
        raise AssertionError("parsed")

    monkeypatch.setattr(hearts.engine.boundedjson.json, "loads", no_parse)
    for text in ("[" * 6000 + "]" * 6000, '{"a":' * 10000 + "1" + "}" * 10000):
        with pytest.raises(ST.StatsError) as e:
            ST.loads(text)
        assert e.value.code == "stats-corrupt" and "deep" in str(e.value)


def test_numbers_that_do_not_add_up_are_refused():
    data = ST.to_dict(ST.record(ST.EMPTY, summary()))
    data["buckets"]["normal"][0] = 5  # five games but one place
    with pytest.raises(ST.StatsError):
        ST.loads(ST.json.dumps(data))
    data = ST.to_dict(ST.EMPTY)
    data["recent"] = [[10, 9, "normal", False]]
    with pytest.raises(ST.StatsError):
        ST.loads(ST.json.dumps(data))


def _bucket_with(**changes):
    """One game of the normal level, stored, with ``changes`` made to its counters."""
    data = ST.to_dict(ST.record(ST.EMPTY, summary("a")))
    row = dict(zip(ST.FIELDS, data["buckets"]["normal"]))
    row.update(changes)
    data["buckets"]["normal"] = [row[f] for f in ST.FIELDS]
    return ST.json.dumps(data)


@pytest.mark.parametrize("changes", [
    dict(points=999_999_999),  # in 4 hands (shown as an average of 249999999.8)
    dict(hands=1, points=40),  # 40 of the player's points in one hand
    dict(won=5, games=5, place1=0, place4=5, hands=20, points=200, best=40, worst=40),  # wins, no first place
    dict(moons_by=500, queens=500),  # 500 moons in four hands
    dict(moons_against=4),  # an opponent's moon in a hand where the player took the queen
    dict(best=500, worst=500),  # a score of 500 from 40 points
    dict(best=10),  # the one game's score is its points
])
def test_statistics_the_hands_cannot_give_are_refused(changes):
    with pytest.raises(ST.StatsError) as refused:
        ST.loads(_bucket_with(**changes))
    assert refused.value.code == "stats-corrupt"
    assert ST.loads(_bucket_with())  # (as recorded, they load)


def test_a_recent_game_its_bucket_does_not_count_is_refused():
    data = ST.to_dict(ST.record(ST.EMPTY, summary("a")))
    for recent in ([[500, 1, "normal", False]], [[40, 2, "normal", False]], [[40, 1, "hard", False]],
                   [[40, 1, "normal", False]] * 2):
        with pytest.raises(ST.StatsError):
            ST.loads(ST.json.dumps({**data, "recent": recent}))


def test_a_file_of_impossible_statistics_is_refused_and_the_statistics_stay():
    model, _ = U.init(speed="instant", stats=ST.dumps(ST.record(ST.EMPTY, summary("mine"))))
    model, _ = U.update(model, M.ShowStats())
    kept = model.ui.history.stats
    model, effects = U.update(model, M.ImportStats())
    model, effects = U.update(model, M.Imported(_bucket_with(points=999_999_999)))
    assert model.ui.history.stats == kept and effects == [] and model.ui.history.note == "stats-corrupt"
    assert "Your statistics are unchanged." in view(*visible(model), EN)


def test_the_size_is_checked_before_parsing(monkeypatch):
    calls = []
    monkeypatch.setattr(ST.json, "loads", lambda t: calls.append(t))
    with pytest.raises(ST.StatsError):
        ST.loads(" " * (ST.MAX_TEXT + 1))
    assert calls == []


# -- the statistics in the game ------------------------------------------------------------

def test_a_finished_game_updates_the_statistics_exactly_once():
    d = finish_game(StatsDriver(level="easy"))
    f = ST.figures(d.model.ui.history.stats)
    assert d.stores == 1 and f["all"].games == 1 and f["easy"].games == 1
    assert ST.loads(d.stored) == d.model.ui.history.stats
    game = d.model.game
    assert f["all"].hands == len(game.results)
    assert f["all"].points == sum(r.points[0] for r in game.results)
    assert f["all"].best == game.scores[0]
    # Nothing after it counts it again: dialogs, a reload of the finished game.
    for msg in (M.ShowOverlay("menu"), M.CloseOverlay(), M.ShowStats(), M.CloseOverlay(), M.Continue()):
        d.send(msg)
    assert d.stores == 1
    model, effects = U.init(speed="instant", saved=U.dumps(game), stats=d.stored)
    assert not [e for e in effects if isinstance(e, M.StoreStats)]
    assert ST.figures(model.ui.history.stats)["all"].games == 1


def test_a_game_that_ended_before_its_statistics_were_kept_is_counted_at_reload():
    d = finish_game(StatsDriver())
    model, effects = U.init(speed="instant", saved=U.dumps(d.model.game), stats=None)
    stored = [e for e in effects if isinstance(e, M.StoreStats)]
    assert len(stored) == 1 and ST.figures(ST.loads(stored[0].text))["all"].games == 1


def test_queens_and_moons_come_from_the_games_history():
    d = finish_game(StatsDriver())
    game = d.model.game
    s = ST.summarize(game, "normal")
    queens = 0
    for n in range(len(game.results)):
        tricks = R.hand_tricks(game, n)
        queens += any(t.winner == 0 and "QS" in {str(c) for c in t.cards} for t in tricks)
        assert sum(t.points for t in tricks) == 26
    assert s.queens == queens
    assert s.moons_by == sum(r.moon == 0 for r in game.results)


def test_games_with_undo_count_apart():
    d = finish_game(StatsDriver())
    model = with_ui(d.model, history=replace(d.model.ui.history, stats=ST.EMPTY))
    assert not model.undo_used
    recorded, _ = X.record_game(replace(model, undo_used=True))  # the flag on the model
    f = ST.figures(recorded.ui.history.stats)
    assert f["undo"].games == 1 and f["normal"].games == 0 and f["all"].games == 1


def test_refused_statistics_are_reset_with_a_message_never_a_crash():
    model, effects = U.init(stats="{broken")
    assert model.ui.history.stats == ST.EMPTY and model.ui.history.error == "stats-corrupt"
    assert [ST.loads(e.text) for e in effects if isinstance(e, M.StoreStats)] == [ST.EMPTY]
    html = Driver(model).html()
    assert "The saved statistics were damaged" in html and 'role="alert"' in html
    model, _ = U.update(model, M.ShowStats())
    assert "The saved statistics were damaged" in Driver(model).html()


def test_the_stats_screen_shows_every_figure_and_a_chart():
    d = finish_game(StatsDriver())
    d.send(M.ShowStats())
    html = d.html()
    assert re.search(r'data-stat="games">1<', html)
    for name in ("won", "average", "moons-by", "moons-against", "queens", "best", "worst", "place-1"):
        assert f'data-stat="{name}"' in html
    for bucket in ST.BUCKETS:
        assert f'data-stat="games.{bucket}"' in html
    assert len(re.findall(r'<rect class="score-bar', html)) == 1
    assert 'class="stat-chart"' in html and 'role="img"' in html
    assert "button" in html and "data-card" not in html.split('class="overlay')[1]


def test_the_place_counts_say_what_they_count():
    """A count of games beside "1st" alone read as a place, not as a count:
    each tile and each row of the table says what it counts."""
    d = finish_game(StatsDriver())
    d.send(M.ShowStats())
    html = d.html()
    all_games = ST.figures(d.model.ui.history.stats)["all"]
    words = ("first", "second", "third", "fourth")
    tiles = re.findall(r'<dt>([^<]*)</dt><dd data-stat="place-(\d)">', html)
    assert tiles == [(f"Games finished {w}", str(n)) for n, w in enumerate(words, 1)]
    rows = re.findall(r'<th scope="row">([^<]*)</th><td data-stat="place-(\d)\.', html)
    assert rows == tiles
    assert sum(int(re.search(rf'data-stat="place-{n}">(\d+)<', html)[1]) for n in (1, 2, 3, 4)) == all_games.games


def test_reset_asks_first_and_then_empties():
    d = finish_game(StatsDriver())
    d.send(M.ConfirmResetStats())  # not without the question
    assert ST.figures(d.model.ui.history.stats)["all"].games == 1
    d.send(M.ShowStats())
    d.send(M.AskResetStats())
    assert d.model.ui.overlay == "stats-reset"
    assert 'data-action="confirm-stats-reset"' in d.html()
    assert "1 finished game will be deleted" in d.html()
    d.send(M.ShowStats())  # "Keep them"
    assert ST.figures(d.model.ui.history.stats)["all"].games == 1
    d.send(M.AskResetStats())
    d.send(M.ConfirmResetStats())
    assert d.model.ui.history.stats == ST.EMPTY and ST.loads(d.stored) == ST.EMPTY
    assert re.search(r'data-stat="games">0<', d.html())


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_stats_screens_render_in_every_language(lang):
    tr = load(lang)
    d = finish_game(StatsDriver())
    d.send(M.ShowStats())
    assert 'data-stat="games"' in d.html(tr)
    d.send(M.AskResetStats())
    assert "confirm-stats-reset" in d.html(tr)


# -- the hand told trick by trick --------------------------------------------------------------

def test_the_replay_follows_the_games_history():
    d = finish_game(StatsDriver())
    game = d.model.game
    for n in range(len(game.results)):
        r = R.build(game, n)
        record = (*game.log, game.record())[n]
        assert [c for t in r.tricks for c in t.cards] == [str(c) for c in record.plays]
        assert r.points == game.results[n].points
        assert R.hand_tricks(game, n) == R._play(game, n)[2].tricks  # the quick way = the engine's
        assert r.direction == int(R.direction_of(game, n))
        for i, t in enumerate(r.tricks):
            assert sum(len(h) for h in t.hands) == 4 * (13 - i)
            assert all(card in t.hands[seat] for seat, card in zip(t.seats, t.cards))
        # the winner of each trick leads the next
        assert all(a.winner == b.leader for a, b in zip(r.tricks, r.tricks[1:]))
        assert [len(p) for p in r.passed] == [3 if r.direction else 0] * 4
    with pytest.raises(ValueError):
        R.build(game, len(game.results))


def test_replay_steps_forward_and_back_and_only_finished_hands():
    d = StatsDriver()
    d.send(M.NewGame())
    d.send(M.ShowReplay(0))  # nothing finished yet
    assert d.model.ui.overlay is None
    play_hand(d)
    assert d.phase() == "hand-end" and 'data-action="replay"' in d.html()
    d.send(M.ShowReplay(0))
    assert d.model.ui.overlay == "replay" and d.model.ui.history.step == 0
    html = d.html()
    assert "The deal and the pass" in html and html.count('data-rcard=') >= 52
    assert 'data-action="replay-prev"' in html and re.search(r'data-action="replay-prev"[^>]*aria-disabled="true"', html)
    d.send(M.ReplayStep(-1))
    assert d.model.ui.history.step == 0
    d.send(M.ReplayStep(1))
    html = d.html()
    assert "Trick 1 of 13" in html and 'data-replay-trick="1"' in html
    d.send(M.ReplayStep(99))
    assert d.model.ui.history.step == 13
    assert re.search(r'data-action="replay-next"[^>]*aria-disabled="true"', d.html())
    d.send(M.Dismiss())
    assert d.model.ui.overlay is None and d.phase() == "hand-end"
    d.send(M.ShowReplay(-1))
    d.send(M.ShowReplay("0"))
    assert d.model.ui.overlay is None


def test_the_score_sheet_replays_any_earlier_hand():
    d = StatsDriver()
    d.send(M.NewGame())
    play_hand(d)
    d.send(M.Continue())
    play_hand(d)
    assert 'data-action="replay" data-value="0"' not in d.html()  # the dialog's own sheet: plain numbers
    d.send(M.ShowOverlay("menu"))
    html = d.html()
    assert 'data-action="replay" data-value="0"' in html and 'data-action="replay" data-value="1"' in html
    d.send(M.ShowReplay(0))
    assert d.model.ui.history.replay.hand == 0 and "Hand 1" in d.html()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_replay_renders_in_every_language(lang):
    tr = load(lang)
    d = StatsDriver()
    d.send(M.NewGame())
    play_hand(d)
    d.send(M.ShowReplay(0))
    for _ in range(14):
        assert "data-replay-step" in d.html(tr)
        d.send(M.ReplayStep(1))


# -- the hint that explains itself --------------------------------------------------------------

def _playing(d):
    d.send(M.NewGame())
    pass_cards = list(d.pv.hand[:3])
    for c in pass_cards:
        d.send(M.ClickCard(c))
    d.send(M.ConfirmPass())
    return d


def test_the_explanations_figures_are_the_searchs():
    d = _playing(StatsDriver())
    found = 0
    for _ in range(13):
        if d.phase() != "play":
            break
        pv = d.pv
        search = Hard(samples=12)
        card = run_search(search.think(pv, random.Random(7)))
        e = run_search(explained_search(pv, random.Random(7), samples=12))
        assert e.cards == (str(card),)
        means = search.last_stats.get("means", {})
        assert dict(e.options) == {c: means[c] for c in dict(e.options)}
        assert len(e.options) == min(3, len(means))
        # figures exactly when the search had a choice to make
        assert bool(e.options) == (search.last_stats["choices"] > 1)
        if e.options:
            found += 1
            assert e.options[0][0] == str(card)
            assert [m for _, m in e.options] == sorted(means.values())[:len(e.options)]
            text = explanation(e, EN)
            for c, m in e.options:
                assert f"about {decimal(m, EN)} points" in text
        play_hand_one(d)
    assert found > 0


def play_hand_one(d):
    d.send(M.ClickCard(d.pv.legal[0]))


def test_the_pass_hint_gives_three_cards_and_why():
    d = StatsDriver()
    d.send(M.NewGame())
    e = run_search(explained_search(d.pv, random.Random(1), samples=4))
    assert len(e.cards) == 3 and [c for c, _ in e.pass_reasons] == list(e.cards)
    assert explanation(e, EN).startswith("Why: ")


def test_rules_of_thumb():
    from hearts.engine.game import Trick

    class V:  # the fields play_reason reads from a PlayerView
        def __init__(self, hand, trick=None, taken=(0, 0, 0, 0), tricks=(), played=()):
            self.hand, self.trick, self.points_taken, self.seat = hand, trick, taken, 0
            self.tricks, self.played_mask = tricks, mask_of(played)
    trick = Trick(leader=1, cards=("KS", "AS"))
    assert play_reason(V(["9S", "TS", "QH"], trick), "9S") is None  # nothing higher to duck with
    assert play_reason(V(["9S", "TS", "QH"], Trick(1, ("KS",))), "9S") is None
    assert play_reason(V(["9S", "AS", "2C"], Trick(1, ("KS",))), "9S") == ("duck", "KS")
    assert play_reason(V(["QS", "2C", "3C"], Trick(1, ("KH", "AH"))), "QS") == ("queen", 2)
    assert play_reason(V(["2C", "3C", "AH"], None, (0, 14, 0, 0)), "2C") == ("stopper", 1, "AH")
    assert play_reason(V(["2D", "3C", "4C"]), "2D") == ("void", "D")
    # Above the trick's best with the highest card of the suit led, a lower one held:
    # on the first trick, and when last to a trick without points.
    later = (Trick(0, ("2C", "5C", "9C", "KC"), 3),)
    first = Trick(1, ("2C", "9C"))
    assert play_reason(V(["4C", "QC", "AD", "3H"], first), "QC") == ("first", "QC")
    assert play_reason(V(["4C", "QC", "AD", "3H"], first), "4C") == ("duck", "9C")  # the low one ducks
    assert play_reason(V(["4C", "QC", "KC", "3H"], first), "QC") is None  # not the highest club
    assert play_reason(V(["4C", "QC", "AD", "3H"], first, tricks=later), "QC") is None  # not the first trick
    assert play_reason(V(["TC", "QC", "AD", "3H"], Trick(1, ("2C", "KC"))), "QC") is None  # below the king: no win
    last = Trick(1, ("9S", "2S", "JS"))
    assert play_reason(V(["5S", "AS", "2D", "3H"], last, tricks=later), "AS") == ("last", "AS")
    assert play_reason(V(["5S", "AS", "2D", "3H"], Trick(1, ("9S", "2S")), tricks=later), "AS") is None  # not last
    assert play_reason(V(["5S", "AS", "2D", "3H"], Trick(1, ("9S", "4H", "JS")), tricks=later), "AS") is None  # a point
    assert play_reason(V(["AS", "2D", "3D", "3H"], last, tricks=later), "AS") == ("void", "S")  # the void comes first
    # Leading the lowest heart held, three or more higher hearts in other hands.
    assert play_reason(V(["3H", "9H", "2D", "5C"]), "3H") == ("low-heart", "3H")
    assert play_reason(V(["3H", "9H", "2D", "5C"]), "9H") is None  # not the lowest heart
    assert play_reason(V(["3H", "9H", "2D", "5C"]), "2D") == ("void", "D")
    assert play_reason(V(["TH", "JH", "2D", "5C"]), "TH") == ("low-heart", "TH")  # Q, K, A out
    assert play_reason(V(["TH", "JH", "2D", "5C"], played=["AH"]), "TH") is None  # only two higher left
    assert play_reason(V(["TH", "KH", "2D", "5C"], played=["AH"]), "TH") is None  # J and Q only
    assert play_reason(V(["TH", "JH", "2D", "5C"], played=["4H"]), "TH") == ("low-heart", "TH")  # a lower one gone
    # Unable to follow, a discard of the highest card of its suit, ten or higher.
    spade = Trick(1, ("5S",))
    assert play_reason(V(["TD", "4D", "3C", "5C"], spade, tricks=later), "TD") == ("high", "TD")
    assert play_reason(V(["9D", "4D", "3C", "5C"], spade, tricks=later), "9D") is None  # not high
    assert play_reason(V(["TD", "JD", "3C", "5C"], spade, tricks=later), "TD") is None  # not the highest diamond
    assert play_reason(V(["KH", "4H", "3C", "5C"], spade, tricks=later), "KH") == ("high", "KH")
    tr = EN
    assert "West has taken every point" in explanation(
        replace(_E, reason=("stopper", 1, "AH")), tr)


from hearts.ai.explain import Explanation  # noqa: E402

_E = Explanation(cards=("2C",))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_explanation_in_every_language(lang):
    tr = load(lang)
    e = Explanation(cards=("9S",), options=(("9S", 0.42), ("KS", 3.06)), reason=("duck", "AS"))
    text = explanation(e, tr)
    assert decimal(0.42, tr) in text and decimal(3.06, tr) in text
    assert ("0.4" if lang == "en" else "0,4") in text
    # each rule of thumb its own sentence, naming its card or player
    said = {code: explanation(Explanation(cards=("9S",), reason=code), tr)
            for code in (("duck", "AS"), ("queen", 2), ("stopper", 3, "AH"), ("void", "C"),
                         ("first", "QC"), ("last", "KS"), ("high", "JD"), ("low-heart", "4H"))}
    assert len(set(said.values())) == 8 and all(said.values())
    assert card_name("AS", tr) in said[("duck", "AS")] and seat_name(2, tr) in said[("queen", 2)]
    for code in (("first", "QC"), ("last", "KS"), ("high", "JD"), ("low-heart", "4H")):
        assert card_name(code[1], tr) in said[code]
    assert seat_name(3, tr) in said[("stopper", 3, "AH")] and card_name("AH", tr) in said[("stopper", 3, "AH")]
    p = Explanation(cards=("QS", "AH", "2D"), pass_reasons=(("QS", "queen"), ("AH", "high-heart"), ("2D", "void")))
    text = explanation(p, tr)
    assert all(card_name(c, tr) in text for c in p.cards)
    if lang != "en":
        english = load("en")
        assert text != explanation(p, english)
        assert not set(said.values()) & {explanation(Explanation(cards=("9S",), reason=c), english) for c in said}


def test_the_hint_in_the_page_carries_its_explanation():
    d = _playing(StatsDriver())
    for _ in range(13):  # the first of our turns with a choice to explain
        e = run_search(explained_search(d.pv, random.Random(3), samples=8))
        if len(e.options) > 1:
            break
        play_hand_one(d)
    assert len(e.options) > 1, "no turn with a choice in the whole hand"
    d.send(M.HintReady(d.model.ui.epoch, e.cards, e))
    html = d.html()
    assert M.Hint(tuple(e.cards), e) in d.announced[-1]  # the live region says it whole
    # The table's line shows the hint and a Why? button (the reasons, in
    # their room under the trick, covered the status line on a phone)...
    line = html[html.index('<p class="message'):]
    line = line[:line.index("</p>")]
    assert "Hint: " in line and "Expected this hand:" not in line and 'data-action="why"' in line
    # ...which opens them in a dialog, over the table; Escape closes it.
    d.send(E.decode("why", None))
    html = d.html()
    assert d.model.ui.overlay == "hint" and 'data-dialog="hint-why"' in html
    dialog = html[html.index('data-dialog="hint-why"'):]
    assert "Hint: " in dialog and "Expected this hand:" in dialog and 'data-action="close"' in dialog
    d.send(M.Dismiss())
    assert d.model.ui.overlay is None and "Expected this hand:" not in d.html()
    assert d.model.ui.message is None
    # with no hint on the table, Why? opens nothing
    d.send(E.decode("why", None))
    assert d.model.ui.overlay is None


# -- counted once, whatever the route (issue 26) ------------------------------------------

def finished_text(seed=1):
    """A finished game of ``seed``, as its save."""
    return U.dumps(finish_game(StatsDriver(*U.init(speed="instant", seed=seed))).model.game)


def test_the_same_finished_game_opened_five_times_counts_once():
    first, second = finished_text(), finished_text(seed=7)
    d = StatsDriver()
    for text in (first, second, first, first, second, first):
        d.send(M.Imported(text))
    f = ST.figures(d.model.ui.history.stats)["all"]
    assert f.games == 2, f
    assert ST.loads(d.stored) == d.model.ui.history.stats  # remembered across reloads too
    assert len(ST.loads(d.stored).seen) == 2


def test_a_game_finished_while_storage_is_full_counts_when_saving_resumes():
    from fake_ports import FakePorts
    from hearts.app import stored
    from hearts.app.saving import RETRY_SAVE
    from hearts.page import binding as RT

    text = finished_text()
    ports = FakePorts()
    rt = RT.Runtime(ports, U.init(speed="instant", seed=1)[0])
    ports.storage_works = False
    rt.dispatch(M.Imported(text))  # the game's end, while nothing can be stored
    ports.loop.run(until=0.5)
    assert rt.model.ui.storage == "off" and rt.get(stored.STATS) is None
    ports.storage_works = True
    ports.loop.run(until=0.5 + RETRY_SAVE)
    assert rt.model.ui.storage == "ok"
    assert ST.figures(ST.loads(rt.get(stored.STATS)))["all"].games == 1


# -- a deal the game did not deal counts apart (issue 26) ---------------------------------

def seedless(text, **change):
    """The save ``text`` as a deal of the player's choosing (no seed, or ``change``)."""
    import json

    data = json.loads(text)
    data.update({"seed": None, **change})
    return json.dumps(data)


def test_a_game_of_a_deal_the_game_did_not_deal_counts_apart_as_imported():
    d = StatsDriver()
    d.send(M.Imported(seedless(finished_text())))
    assert d.phase() == "game-end" and d.model.ui.file_error is None  # it opens
    f = ST.figures(d.model.ui.history.stats)
    assert f["imported"].games == 1 and f["all"].games == 0
    assert all(f[b].games == 0 for b in ST.COUNTED)
    stored = ST.loads(d.stored)
    assert stored == d.model.ui.history.stats and stored.recent[-1].imported
    d.send(M.ShowStats())
    html = d.html()
    assert re.search(r'data-stat="games.imported">1<', html) and re.search(r'data-stat="games">0<', html)
    assert "under Imported" in html and 'class="score-bar place-' in html and " imported" in html
    d.send(M.AskResetStats())
    assert "1 finished game will be deleted" in d.html()


def test_only_the_game_s_own_deal_of_its_seed_passing_left_first_is_dealt_by_the_game():
    from hearts.engine.cards import cards_of
    from hearts.engine.game import Game, deal

    hands = [cards_of(m) for m in deal(3)]
    assert ST.dealt_by_the_game(Game.new(seed=3))
    assert ST.dealt_by_the_game(Game.from_deal(hands, "left", seed=3))
    assert not ST.dealt_by_the_game(Game.from_deal(hands, "left"))  # no seed
    assert not ST.dealt_by_the_game(Game.from_deal(hands, "left", seed=4))  # cards not of that seed
    assert not ST.dealt_by_the_game(Game.from_deal(hands, "right", seed=3))  # a first pass of its own


def test_a_dealt_game_opened_from_a_file_still_counts_in_its_level():
    d = StatsDriver()
    d.send(M.Imported(finished_text()))
    f = ST.figures(d.model.ui.history.stats)
    assert f["normal"].games == f["all"].games == 1 and f["imported"].games == 0
    assert not d.model.ui.history.stats.recent[-1].imported


def test_a_dealt_game_played_to_its_end_counts_in_its_level():
    d = finish_game(StatsDriver())
    f = ST.figures(d.model.ui.history.stats)
    assert f["normal"].games == f["all"].games == 1 and f["imported"].games == 0


def test_statistics_of_the_old_format_still_load_and_a_page_of_before_reads_the_new():
    import json

    s = ST.record(ST.record(ST.EMPTY, summary("a")), summary("b", scores=(60, 20, 30, 100)))
    old = ST.to_dict(s)
    del old["imported"], old["recent_imported"]  # as a page of before stored them
    assert ST.loads(json.dumps(old)) == s
    both = ST.record(s, replace(summary("c", scores=(70, 10, 20, 30)), imported=True))
    new = json.loads(ST.dumps(both))
    # A page of before checked its buckets and recent games as these:
    assert set(new["buckets"]) == {"easy", "normal", "hard", "undo"}
    assert all(len(r) == 4 for r in new["recent"]) and new["recent_imported"] == [2]
    assert ST.loads(ST.dumps(both)) == both and ST.figures(both)["imported"].won == 0


@pytest.mark.parametrize("bad", [
    {"recent_imported": [5]}, {"recent_imported": [0, 0]}, {"recent_imported": "0"},
    {"imported": [1] + [0] * 12}, {"imported": 7},
])
def test_a_damaged_imported_bucket_is_refused(bad):
    import json

    data = ST.to_dict(ST.record(ST.EMPTY, summary("a")))
    data.update(bad)
    with pytest.raises(ST.StatsError):
        ST.loads(json.dumps(data))


# -- the new reasons: a pass chosen by search, a card played for the game -----------


def test_the_pass_hint_says_what_the_search_found():
    d = StatsDriver()
    d.send(M.NewGame())
    bot = Hard(samples=6)
    chosen = bot.choose_pass(d.pv, random.Random(2))
    e = run_search(explained_search(d.pv, random.Random(2), samples=6))
    assert e.cards == tuple(str(c) for c in chosen)
    mine, usual, theirs = e.pass_search
    means = bot.last_stats["pass_means"]
    assert mine == means[" ".join(e.cards)] and mine <= theirs
    assert (usual is None) == (bot.last_stats["normal_pass"] == " ".join(e.cards))
    text = explanation(e, EN)
    assert f"about {decimal(mine, EN)} points with this pass" in text
    # The rules' pass is named when it is clearly worse (half a point or more).
    assert ("instead" in text) == bool(usual and theirs - mine >= 0.5)
    if "instead" in text:
        assert f"about {decimal(theirs, EN)} points" in text and card_name(usual[0], EN) in text
    assert all(code in ("queen", "high-spade", "void", "high-heart", "moon", "high", "short", "searched")
               for _, code in e.pass_reasons)
    # By the rules alone there is nothing to report.
    plain = run_search(explained_search(d.pv, random.Random(2), samples=6, pass_search=False))
    assert plain.pass_search is None and "Played out" not in explanation(plain, EN)


def test_a_card_played_for_the_game_is_explained():
    """Near 100 the hint gives each card's chance of winning the game, and
    says so when that is not the card with the fewest points this hand."""
    seen_game = 0
    for scores in ((70, 96, 80, 85), (96, 70, 80, 85), (60, 99, 98, 50)):
        dd = _playing(StatsDriver())
        for _ in range(12):
            if dd.phase() != "play":
                break
            pv = replace(dd.pv, scores=scores)
            e = run_search(explained_search(pv, random.Random(5), samples=16))
            if len(e.options) > 1:
                assert e.wins and e.wins[0][0] == e.cards[0]
                assert [w for _, w in e.wins] == sorted((w for _, w in e.wins), reverse=True)
                text = explanation(e, EN)
                assert "Chance of winning the game: " in text
                points_best = min(m for _, m in e.options)
                if dict(e.options)[e.cards[0]] > points_best:
                    seen_game += 1
                    assert e.reason == ("game", 0 if scores[0] == max(scores) else scores.index(max(scores)))
                    assert "Not the fewest points this hand" in text
            play_hand_one(dd)
    assert seen_game > 0
    # Far from 100 it is the hand that counts: no chances.
    d = _playing(StatsDriver())
    e = run_search(explained_search(replace(d.pv, scores=(10, 20, 30, 40)), random.Random(5), samples=8))
    assert e.wins == () and (e.reason is None or e.reason[0] != "game")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_new_reasons_in_every_language(lang):
    tr = load(lang)
    english = load("en")
    found = Explanation(cards=("QS", "AH", "2D"), pass_search=(5.25, ("KS", "AH", "2D"), 7.5),
                        pass_reasons=(("QS", "queen"), ("AH", "short"), ("2D", "searched")))
    text = explanation(found, tr)
    assert decimal(5.25, tr) in text and decimal(7.5, tr) in text and card_name("KS", tr) in text
    close = explanation(replace(found, pass_search=(5.25, ("KS", "AH", "2D"), 5.5)), tr)
    assert decimal(5.25, tr) in close and card_name("KS", tr) not in close
    game = Explanation(cards=("9S",), options=(("9S", 3.1), ("KS", 0.4)), reason=("game", 2),
                       wins=(("9S", 0.62), ("KS", 0.48)))
    said = explanation(game, tr)
    assert seat_name(2, tr) in said and card_name("KS", tr) in said
    assert tr.format_number(62) in said and tr.format_number(48) in said
    you = explanation(replace(game, reason=("game", 0)), tr)
    assert you != said and seat_name(2, tr) not in you
    if lang != "en":
        assert text != explanation(found, english) and said != explanation(game, english)


# -- an imported game's review cost counts apart too (issue 26) -------------------------

def test_an_imported_game_s_review_cost_is_kept_out_of_its_level_and_of_all():
    d = StatsDriver()
    d.send(M.Imported(seedless(finished_text())))
    d.send(M.ShowReview(0))
    tenths = d.model.ui.coach.review.total
    costs = d.model.ui.history.stats.costs
    assert dict((b, (n, t)) for b, n, t in costs.buckets) == {
        **{b: (0, 0) for b in ST.COUNTED}, "imported": (1, tenths)}
    assert ST.C.average(costs) is None and ST.C.average(costs, "normal") is None
    assert ST.C.trend(costs) == () and ST.loads(d.stored) == d.model.ui.history.stats
    d.send(M.CloseOverlay())
    d.send(M.ShowReview(0))
    assert d.model.ui.history.stats.costs is costs  # the same hand again: not counted twice
    d.send(M.ShowStats())
    html = d.html()
    assert re.search(r'data-stat="cost">\u2013<', html) and re.search(r'data-stat="cost.normal">\u2013<', html)
    assert re.search(rf'data-stat="cost.imported">{tenths / 10:.1f}<', html)
    assert 'data-stat-chart="cost"' not in html  # the trend is of the games the game dealt


def test_imported_costs_are_stored_apart_so_a_page_of_before_reads_the_rest():
    import json

    c = ST.C.add(ST.C.add(ST.C.EMPTY, "a", "hard", 0, 30), "b", "imported", 1, 70)
    c = ST.C.add(c, "x", "easy", 0, 10)
    assert [g.game_id for g in c.games] == ["a", "x", "b"] and ST.C.average(c) == 2.0
    data = ST.C.to_data(c)
    assert set(data["buckets"]) == {"easy", "normal", "hard", "undo"}  # as a page of before checks them
    assert all(g[1] != "imported" for g in data["games"]) and data["imported_games"] == [["b", 2, 70]]
    assert ST.C.from_data(json.loads(json.dumps(data))) == c
    old = ST.C.to_data(ST.C.add(ST.C.EMPTY, "a", "hard", 0, 30))
    assert "imported" not in old and ST.C.from_data(old) == ST.C.add(ST.C.EMPTY, "a", "hard", 0, 30)
    for bad in ({"imported": [1, 10**6]}, {"imported_games": [["b", 0, 0]]}, {"imported_games": "b"},
                {"games": [["b", "imported", 1, 7]]}, {"imported_games": [["b", 1, 7]] * 21}):
        with pytest.raises(ST.C.CostsError):
            ST.C.from_data({**data, **bad})


# -- the statistics saved to a file and opened from one (issue 26) ------------------------

def _played(games=1):
    """A driver whose statistics count ``games`` finished games."""
    d = StatsDriver()
    for seed in range(1, games + 1):
        d.send(M.Imported(finished_text(seed=seed * 7)))
    assert ST.figures(d.model.ui.history.stats)["all"].games == games
    return d


def _saved_stats(d):
    d.send(M.ShowStats())
    assert 'data-action="export-stats"' in d.html() and 'data-action="import-stats"' in d.html()
    d.fake.downloads.clear()
    d.send(M.ExportStats())
    [(text, name)] = d.fake.downloads
    assert name == "hearts-statistics.json"
    return text


def _open_stats_file(d, text):
    d.send(M.ShowStats())
    d.send(M.ImportStats())
    assert d.model.ui.picking == "stats"
    d.send(M.Imported(text))


def test_statistics_saved_to_a_file_come_back_in_a_fresh_page():
    played = _played(2)
    text = _saved_stats(played)
    assert ST.loads(text) == played.model.ui.history.stats
    d = StatsDriver()  # storage wiped: empty statistics, so no question
    _open_stats_file(d, text)
    assert d.model.ui.history.stats == played.model.ui.history.stats and d.model.ui.overlay == "stats"
    assert ST.loads(d.stored) == played.model.ui.history.stats  # stored, for the next visit
    html = d.html()
    assert re.search(r'data-stat="games">2<', html) and "Statistics opened from the file." in html
    assert d.model.ui.picking == "game"  # the next file chosen is a game again
    _open_stats_file(d, text)  # the same file twice: the same statistics, nothing counted twice
    assert d.model.ui.history.stats == played.model.ui.history.stats and d.model.ui.overlay == "stats"
    # A finished game opened from a file after it still counts once
    d.send(M.Imported(finished_text(seed=7)))
    assert ST.figures(d.model.ui.history.stats)["all"].games == 2


def test_statistics_from_a_file_replace_these_only_after_the_question_says_what_goes():
    theirs = _saved_stats(_played(2))
    d = _played(1)
    mine = d.model.ui.history.stats
    stores = d.stores
    _open_stats_file(d, theirs)
    assert d.model.ui.overlay == "stats-open" and d.model.ui.history.stats is mine and d.stores == stores
    html = d.html()
    assert "count 2 finished games" in html and "the 1 finished game counted here" in html
    assert 'data-action="confirm-open-stats"' in html
    d.send(M.ShowStats())  # Keep mine
    assert d.model.ui.history.stats is mine and d.model.ui.overlay == "stats"
    d.send(M.ConfirmOpenStats())  # not from the question: nothing
    assert d.model.ui.history.stats is mine
    _open_stats_file(d, theirs)
    d.send(M.ConfirmOpenStats())
    assert d.model.ui.history.stats == ST.loads(theirs) and ST.loads(d.stored) == ST.loads(theirs)
    assert d.model.ui.overlay == "stats" and ST.figures(d.model.ui.history.stats)["all"].games == 2


@pytest.mark.parametrize("bad, code", [
    (None, "damaged"),  # the file could not be read
    ("", "damaged"),
    ("not json at all", "damaged"),
    ('{"format": "hearts-stats", "version": 1}', "damaged"),
    ('"' + '\\"' * 60_000, "damaged"),  # too long, and adversarial for a scanner
    ("[" * 5000, "damaged"),  # deep
    ('{"format": "hearts-stats", "version": 2, "buckets": {}}', "newer"),
    ("SAVE", "damaged"),  # a game's file, not statistics
])
def test_a_bad_or_foreign_statistics_file_keeps_the_statistics_and_says_why(bad, code):
    d = _played(1)
    mine, stores = d.model.ui.history.stats, d.stores
    if bad == "SAVE":
        bad = U.dumps(d.model.game)
    _open_stats_file(d, bad)
    assert d.model.ui.history.stats is mine and d.stores == stores and d.model.ui.overlay == "stats"
    assert d.model.game is not None and d.phase() == "game-end"  # the game is not touched
    html = d.html()
    assert "Your statistics are unchanged." in html and ("newer version" in html) == (code == "newer")
    d.send(M.ShowStats())
    assert "Your statistics are unchanged." not in d.html()


def test_the_statistics_file_s_strings_are_in_every_language():
    from hearts.app.model import History, Ui
    from hearts.app import stats_view as SV

    for lang in LANGUAGES:
        tr = load(lang)
        ui = Ui(history=History(stats=ST.record(ST.EMPTY, summary("a")), note="stats-newer-version"), overlay="stats")
        html = SV.stats_screen(ui, tr)
        for text in (SV.EXPORT, SV.IMPORT, SV._FILE_ERRORS["stats-newer-version"]):
            assert esc_text(tr.text(text)) in html and (lang == "en" or tr.text(text) != text)
        asked = SV.open_question(replace(ui, history=replace(ui.history, file=ST.record(ui.history.stats, summary("b")))), tr)
        assert 'data-action="confirm-open-stats"' in asked and "{n}" not in asked


def esc_text(text):
    from hearts.app.blocks import esc

    return esc(text)
