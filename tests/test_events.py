"""The page's events (hearts.app.events): every data-action any screen shows
decodes to a message that update() takes, every action is shown by some
screen, and bad input from the page decodes to nothing."""

import json
import re

import pytest

from hearts import Game
from hearts.engine.cards import Card
from hearts.engine.save import dumps
from hearts.app import events as E
from hearts.app import messages as M
from hearts.app import update as U
from hearts.app.model import visible
from hearts.app.view import view

from test_ui import EN, Driver, pass_three, play_hand, play_legal

TAG = re.compile(r"<[^>]*\bdata-(?:action|card)=[^>]*>")


def _attr(tag, name):
    m = re.search(rf'\b{name}="([^"]*)"', tag)
    return None if m is None else m.group(1)


def found(html):
    """(data-action, data-value) of every element with an action, and the
    codes of every button[data-card], in page order."""
    actions, cards = [], []
    for tag in TAG.findall(html):
        if "data-action=" in tag:
            actions.append((_attr(tag, "data-action"), _attr(tag, "data-value")))
        elif tag.startswith("<button"):
            cards.append(_attr(tag, "data-card"))
    return actions, cards


def newer_save():
    data = json.loads(dumps(Game.new(3)))
    data["version"] = 99
    return json.dumps(data)


def claim_position():
    """A model at the player's lead with every remaining card above the unseen ones."""
    from hearts.engine.game import Game
    from hearts.app.model import Ui, Model
    clubs = [f"{r}C" for r in "23456789TJQKA"]
    hands = [["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2C"],
             clubs[1:5] + [f"{r}D" for r in "23456789T"],
             clubs[5:9] + [f"{r}H" for r in "23456789T"],
             clubs[9:] + ["JD", "QD", "KD", "AD", "JH", "QH", "KH", "AH", "2S"]]
    game = Game.from_deal(hands, "none")
    game.play(0, "2C")
    while game.to_act != 0:
        game.play(game.to_act, game.legal[-1])
    return U.update(Model(ui=Ui(screen="table"), game=game), M.CloseOverlay())


def screens():
    """(name, model) of every screen and overlay the page can show."""
    out = []
    start, _ = U.init(speed="instant", seed=1, saved=newer_save(), stats="{damaged")
    start, _ = U.update(start, M.Imported(None))  # a refused file too
    out.append(("start, a refused save, a refused file, refused statistics", start))
    out.append(("rules", U.update(start, M.ShowOverlay("rules"))[0]))
    out.append(("stats", U.update(start, M.ShowStats())[0]))

    d = Driver()
    d.send(M.NewGame())
    d.send(M.ClickCard(d.pv.hand[0]))
    out.append(("pass", d.model))
    hinted = Driver()
    hinted.send(M.NewGame())
    hinted.send(M.AskHint())
    out.append(("the pass's hint, its Why? on the table", hinted.model))
    out.append(("the hint's reasons", U.update(hinted.model, M.ShowOverlay("hint"))[0]))
    d.send(M.ClickCard(d.pv.hand[0]))
    pass_three(d)
    while len(d.pv.tricks) < 1:
        play_legal(d)
    out.append(("play, a trick done", d.model))
    out.append(("previous trick", U.update(d.model, M.ShowOverlay("last-trick"))[0]))
    out.append(("menu during a game", U.update(d.model, M.ShowOverlay("menu"))[0]))
    out.append(("abandon this game?", U.update(d.model, M.NewGame())[0]))
    opened = U.update(U.update(d.model, M.ImportGame())[0], M.Imported(dumps(Game.new(3))))[0]
    out.append(("replace this game with the file's?", opened))
    out.append(("error", U.update(d.model, M.Crash("boom"))[0]))
    out.append(("open in another tab", U.update(d.model, M.Elsewhere("open"))[0]))
    out.append(("went on in another tab", U.update(d.model, M.Elsewhere("moved"))[0]))

    paused = Driver()
    paused.send(M.NewGame())
    pass_three(paused)
    while not paused.model.ui.pause:  # the trick's Collect is left waiting
        paused.send(M.ClickCard(paused.pv.legal[0]), settle=False)
        while paused.queue and not paused.model.ui.pause:
            paused.model, effects = U.update(paused.model, paused.queue.popleft())
            paused.run(effects)
    out.append(("a full trick on the table", paused.model))

    play_hand(d)
    out.append(("hand end", d.model))
    replay = U.update(d.model, M.ShowReplay(0))[0]
    out.append(("replay, the deal", replay))
    out.append(("replay, a trick", U.update(replay, M.ReplayStep(3))[0]))
    reviewing = U.update(d.model, M.ShowReview(0))[0]
    out.append(("review, being made", reviewing))
    from hearts.app import review
    out.append(("review, made", U.update(reviewing, M.ReviewReady(reviewing.ui.coach.key, review.review(d.model.game, 0)))[0]))
    out.append(("a claim offered", claim_position()[0]))
    d.send(M.Continue())
    menu = U.update(d.model, M.ShowOverlay("menu"))[0]
    out.append(("menu with the score sheet", menu))
    kept, _ = U.init(speed="instant", saved=d.saved, refused=True)
    out.append(("menu, a refused save kept", U.update(kept, M.ShowOverlay("menu"))[0]))
    while d.model.game.phase.value != "game-end":
        if d.phase() == "hand-end":
            d.send(M.Continue())
        play_hand(d)
    out.append(("game end", d.model))
    stats = U.update(d.model, M.ShowStats())[0]
    out.append(("stats with a game", stats))
    out.append(("reset the statistics?", U.update(stats, M.AskResetStats())[0]))
    from hearts.app import stats as ST  # (statistics of one game more, from a file)

    other = ST.record(stats.ui.history.stats, ST.GameSummary("other", "easy", False, (20, 30, 40, 110), (20,), 0, 0, 0))
    asked = U.update(U.update(stats, M.ImportStats())[0], M.Imported(ST.dumps(other)))[0]
    out.append(("replace the statistics?", asked))
    told = U.update(U.update(d.model, M.UpdateReady())[0], M.OfflineReady())[0]
    out.append(("game end, a new version and offline told", told))
    start = U.update(U.init(speed="instant")[0], M.UpdateReady())[0]
    out.append(("start, a new version told", start))

    daily = Driver()
    daily.send(M.PlayToday("2026-12-07"))
    out.append(("today's hand, the pass", daily.model))
    out.append(("menu during today's hand", U.update(daily.model, M.ShowOverlay("menu"))[0]))
    play_hand(daily)
    out.append(("today's hand's end, its result to share", daily.model))
    out.append(("today's hand's end, the text selected", U.update(daily.model, M.Shared(False))[0]))
    daily.send(M.Continue())
    out.append(("stats with the days of today's hand", U.update(daily.model, M.ShowStats("2026-12-07"))[0]))
    return out


@pytest.fixture(scope="module")
def all_screens():
    return [(name, model, view(*visible(model), EN)) for name, model in screens()]


def test_every_action_on_every_screen_decodes_to_a_message_update_takes(all_screens):
    for name, model, html in all_screens:
        actions, cards = found(html)
        assert actions, name
        for action, value in actions:
            msg = E.decode(action, value, seed=lambda: 5)
            assert msg is not None, (name, action, value)
            U.update(model, msg)  # a message update() knows (mypy checks it has a case)
        for code in cards:
            msg = E.card(code)
            assert msg == M.ClickCard(Card.parse(code)), (name, code)
            U.update(model, msg)


def test_every_action_is_shown_by_some_screen(all_screens):
    shown = {action for _, _, html in all_screens for action, _ in found(html)[0]}
    assert shown == {a.value for a in E.Action}


def test_the_action_strings_are_the_pages_contract():
    # Tests outside this repository click these: they never change.
    assert sorted(a.value for a in E.Action) == sorted("""
        new-game confirm-pass continue hint rules menu close level speed lang four-colour
        start-over keep-game undo last-trick confirm-new-game two-tap stats stats-reset
        confirm-stats-reset replay replay-next replay-prev take-over download-refused
        hide-refused export-game import-game review claim update-now dismiss-notice
        export-stats import-stats confirm-open-stats confirm-open-game par today share why""".split())


def test_values_are_checked_at_the_seam():
    assert E.decode("level", "hard") == M.SetLevel("hard")
    assert E.decode("speed", "instant") == M.SetSpeed("instant")
    assert E.decode("lang", "lt") == M.SetLang("lt")
    assert E.decode("replay", "0") == M.ShowReplay(0)
    assert E.decode("new-game", None, seed=lambda: 42) == M.NewGame(42)
    assert E.decode("confirm-new-game", "x", seed=lambda: 43) == M.ConfirmNewGame(43)
    for action, value in [("level", None), ("level", "HARD"), ("speed", ""), ("lang", "xx"),
                          ("replay", None), ("replay", "-1"), ("replay", "1e3"), ("replay", "\u0663"),
                          ("replay", "9" * 5000)]:
        assert E.decode(action, value) is None, (action, value)


@pytest.mark.parametrize("action", [None, "", "NEW-GAME", "new-game ", "nope", 3, ["menu"], b"menu",
                                    "__class__", "_value2member_map_", "<script>"])
def test_unknown_actions_decode_to_nothing(action):
    assert E.decode(action, None) is None
    assert E.decode(action, {"not": "text"}) is None


def test_a_value_that_is_not_text_is_no_value():
    assert E.decode("level", 3) is None
    assert E.decode("menu", object()) == M.ShowOverlay("menu")


def test_cards_and_keys():
    assert E.card("QS") == M.ClickCard(Card.parse("QS")) and E.card("qs") == E.card("QS")
    assert E.card("") is None and E.card(None) is None and E.card(7) is None
    assert E.card("XX") is None and E.card("QS ") is None and E.card("1" * 10_000) is None
    assert E.key("Escape") == M.Dismiss() == E.key("Escape", "replay") == E.backdrop()
    assert [E.key(k, "replay") for k in ("ArrowRight", "ArrowLeft", "Home", "End")] == [
        M.ReplayStep(1), M.ReplayStep(-1), M.ReplayStep(-99), M.ReplayStep(99)]
    assert E.key("ArrowRight") is None and E.key("ArrowRight", "menu") is None
    assert E.key(None, "replay") is None and E.key(["End"], "replay") is None
