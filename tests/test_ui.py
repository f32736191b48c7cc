"""The UI's model, update and view, in CPython (no browser).

The driver (tests/fake_ports.py) is the page's runtime over fake ports: it
runs the effects update() returns (opponent turns, timers, hints) at once.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import Game, IllegalAction, Phase
from hearts.engine.cards import Card, CARDS
from hearts.text.i18n import LANGUAGES, Translator, load
from hearts.text.vocabulary import reason_message
from hearts.engine.slices import finish
from hearts.engine.save import dumps
from hearts.app import messages as M
from hearts.app import update as U
from hearts.app.model import HUMAN, Model, Ui, visible
from hearts.app import warmup
from hearts.app.view import view
from hearts.text.spoken import announcement

from fake_ports import Driver

EN = Translator("en")


run_search = finish  # a search generator, to its end


def pass_three(d):
    for card in d.pv.hand[:3]:
        d.send(M.ClickCard(card))
    d.send(M.ConfirmPass())


def play_legal(d):
    d.send(M.ClickCard(d.pv.legal[0]))


def play_hand(d):
    if d.phase() == "pass":
        pass_three(d)
    while d.phase() == "play":
        assert d.pv.to_act == HUMAN and not d.model.ui.pause
        play_legal(d)


def card_attrs(html):
    return {m.group(1): m.group(0) for m in re.finditer(r'<button[^>]*data-card="(\w\w)"[^>]*>', html)}


# -- start ------------------------------------------------------------------------

def test_start_screen_has_new_game_and_settings():
    d = Driver()
    html = d.html()
    assert 'data-phase="start"' in html
    assert 'data-action="new-game"' in html
    for lang in LANGUAGES:
        assert f'data-value="{lang}"' in html
    assert 'data-action="level" data-value="normal" aria-pressed="true"' in html


def test_bad_flags_fall_back():
    model, effects = U.init(lang="<x>", level="god", speed="warp")
    assert model.ui.settings.lang == "en" and model.ui.settings.level == "normal"
    assert model.ui.settings.speed == "normal" and effects == []


def test_url_seed_makes_deals_reproducible():
    d = Driver()
    d.send(M.NewGame(seed=999))
    assert d.model.game.seed == 1
    d.send(M.NewGame(seed=999))
    assert d.model.game.seed == 1 and d.model.ui.overlay == "confirm-new"  # a game in progress: asked
    d.send(M.ConfirmNewGame(seed=999))
    assert d.model.game.seed == 2


# -- passing --------------------------------------------------------------------------

def test_pick_unpick_and_fourth_card_refused():
    d = Driver()
    d.send(M.NewGame())
    assert d.phase() == "pass"
    hand = list(d.pv.hand)
    for c in hand[:3]:
        d.send(M.ClickCard(c))
    assert d.model.ui.picked == tuple(hand[:3])
    attrs = card_attrs(d.html())
    assert 'aria-pressed="true"' in attrs[str(hand[0])]
    assert 'aria-disabled="true"' in attrs[str(hand[5])]
    before = d.model
    d.send(M.ClickCard(hand[3]))
    assert d.model.ui.picked == before.ui.picked
    assert d.model.ui.message == M.Refusal("pass-three-cards", None)
    assert "Choose exactly three cards to pass." in d.html()
    d.send(M.ClickCard(hand[0]))
    assert d.model.ui.picked == tuple(hand[1:3])
    assert 'aria-pressed="false"' in card_attrs(d.html())[str(hand[0])]


def test_pass_with_two_is_refused():
    d = Driver()
    d.send(M.NewGame())
    for c in d.pv.hand[:2]:
        d.send(M.ClickCard(c))
    d.send(M.ConfirmPass())
    assert d.model.game.phase is Phase.PASS
    assert d.model.ui.message == M.Refusal("pass-three-cards")


def test_pass_exchanges_and_highlights_received():
    d = Driver()
    d.send(M.NewGame())
    given = [str(c) for c in d.pv.hand[:3]]
    pass_three(d)
    pv = d.pv
    assert pv.phase is Phase.PLAY
    assert not set(given) & {str(c) for c in pv.hand}
    assert len(pv.received) == 3
    html = d.html()
    attrs = card_attrs(html)
    for c in pv.received:
        if str(c) in attrs:
            assert "received" in attrs[str(c)]
    assert "You received these cards" in html


# -- playing ---------------------------------------------------------------------------

def test_illegal_card_refused_with_reason_and_state_kept():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    while len(d.pv.legal) == len(d.pv.hand):
        play_legal(d)
    pv = d.pv
    assert pv.to_act == HUMAN
    illegal = next(c for c in pv.hand if c not in pv.legal)
    with pytest.raises(IllegalAction) as refused:
        d.model.game.copy().play(HUMAN, illegal)
    reason = refused.value.reason.value
    game_before = dumps(d.model.game)
    d.send(M.ClickCard(illegal))
    assert dumps(d.model.game) == game_before
    assert d.model.ui.message == M.Refusal(reason, d.model.ui.message.suit)
    html = d.html()
    assert reason_message(reason, EN, suit=d.model.ui.message.suit) in html
    attrs = card_attrs(html)
    assert 'aria-disabled="true"' in attrs[str(illegal)]
    assert 'aria-disabled' not in attrs[str(pv.legal[0])]


def test_must_follow_suit_names_the_suit():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    for _ in range(40):
        pv = d.pv
        if pv.trick and pv.trick.cards and pv.to_act == HUMAN and len(pv.legal) < len(pv.hand):
            led = str(pv.trick.cards[0])[-1]
            bad = next(c for c in pv.hand if c not in pv.legal)
            if str(bad)[-1] != led and any(str(c)[-1] == led for c in pv.legal):
                d.send(M.ClickCard(bad))
                assert d.model.ui.message == M.Refusal("must-follow-suit", led)
                assert "You must follow suit (" in d.html()
                return
        play_legal(d)
    pytest.skip("no follow-suit situation met")


def test_a_whole_hand_then_hand_end_and_continue():
    d = Driver()
    d.send(M.NewGame())
    play_hand(d)
    assert d.phase() == "hand-end"
    html = d.html()
    assert 'data-action="continue"' in html and "Score sheet" in html
    assert sum(d.pv.results[0].points) in (26, 78)
    d.send(M.Continue())
    assert d.pv.hand_number == 1 and d.phase() == "pass"


def test_whole_game_to_the_end():
    d = Driver()
    d.send(M.NewGame())
    for _ in range(60):
        if d.phase() == "game-end":
            break
        if d.phase() == "hand-end":
            d.send(M.Continue())
        play_hand(d)
    assert d.phase() == "game-end"
    html = d.html()
    assert 'data-action="new-game"' in html and "Game over" in html
    assert max(d.pv.scores) >= 100
    assert M.Won(d.pv.winner) in d.announced[-1]


def test_trick_pauses_then_collects():
    model, effects = U.init(speed="slow", seed=1)
    d = Driver(model, effects)
    d.send(M.NewGame())
    pass_three(d)
    while d.pv.trick.cards:  # let the trick go round until we lead
        play_legal(d)
    assert d.pv.to_act == HUMAN and not d.model.ui.pause
    d.model, effects = U.update(d.model, M.ClickCard(d.pv.legal[0]))
    think = [e for e in effects if isinstance(e, M.Think)][0]
    assert think.delay > 0 and d.model.ui.thinking == think.seat
    assert "is thinking" in d.html()
    for _ in range(3):
        e = [e for e in effects if isinstance(e, M.Think)][0]
        game = d.model.game
        card = run_search(U.opponent_search(game.view(e.seat), "normal", U.rng_for(game, e.seat)))
        d.model, effects = U.update(d.model, M.OpponentMove(e.epoch, e.seat, card))
    assert d.model.ui.pause
    assert d.phase() == "play"
    html = d.html()
    assert html.count('class="card played') == 4 and "won the trick" in html
    later = [e for e in effects if isinstance(e, M.Later)][0]
    assert later.delay > 0
    model, effects = U.update(d.model, later.msg)
    assert not model.ui.pause
    # a stale timer does nothing
    same, none = U.update(model, later.msg)
    assert same is model and none == []


def test_stale_opponent_move_ignored():
    d = Driver()
    d.send(M.NewGame())
    before = d.model
    d.send(M.OpponentMove(before.ui.epoch - 1, 1, Card.parse("2C")))
    assert d.model is before


def test_clicks_at_the_wrong_moment():
    model, _ = U.init(speed="slow", seed=3)
    model, _ = U.update(model, M.NewGame())
    game = model.game
    for seat in range(4):
        game.pass_cards(seat, game.view(seat).hand[:3])  # pass for everyone
    if game.to_act == HUMAN:
        pytest.skip("we lead")
    model = U.Model(ui=model.ui, game=game)
    card = game.view(0).hand[0]
    new, _ = U.update(model, M.ClickCard(card))
    assert new.game is game and new.ui.message == M.Refusal("not-your-turn")
    new, _ = U.update(model, M.ConfirmPass())
    assert new.ui.message == M.Refusal("wrong-phase")
    held = set(game.view(0).hand)
    new, _ = U.update(model, M.ClickCard(next(c for c in CARDS if c not in held)))
    assert new.ui.message == M.Refusal("card-not-held")


def test_hint_gives_a_legal_card():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.AskHint())
    assert len(d.model.ui.hint) == 3
    assert "Hint: pass" in d.html()
    pass_three(d)
    d.send(M.AskHint())
    (card,) = d.model.ui.hint
    assert card in d.pv.legal
    assert "hinted" in card_attrs(d.html())[str(card)]
    assert "Hint: " in d.html()


# -- view safety -------------------------------------------------------------------------

def hidden_cards(pv):
    visible_cards = {str(c) for c in pv.hand}
    for t in pv.tricks:
        visible_cards |= {str(c) for c in t.cards}
    if pv.trick:
        visible_cards |= {str(c) for c in pv.trick.cards}
    return [r + s for s in "CDHS" for r in "23456789TJQKA" if r + s not in visible_cards]


def test_view_never_shows_an_opponents_unplayed_card():
    d = Driver()
    d.send(M.NewGame())
    checks = 0
    while d.phase() != "hand-end":
        html = d.html()
        for card in hidden_cards(d.pv):
            assert f'"{card}"' not in html
            assert f">{card}<" not in html
        checks += 1
        if d.phase() == "pass":
            pass_three(d)
        else:
            play_legal(d)
    assert checks > 10


def test_view_takes_no_game():
    import inspect
    from hearts.app import view as V
    assert list(inspect.signature(V.view).parameters) == ["ui", "pv", "tr"]
    assert "Game" not in V.__dict__


@pytest.mark.parametrize("phase", ["start", "pass", "play", "hand-end", "game-end"])
def test_data_phase(phase):
    d = Driver()
    if phase != "start":
        d.send(M.NewGame())
    if phase == "play":
        pass_three(d)
    if phase == "hand-end":
        play_hand(d)
    if phase == "game-end":
        while d.phase() != "game-end":
            if d.phase() == "hand-end":
                d.send(M.Continue())
            play_hand(d)
    assert f'data-phase="{phase}"' in d.html()


def test_hostile_inputs_stay_text():
    evil = '<img src=x onerror=alert(1)>"\'&'
    model, _ = U.init(lang=evil, level=evil, speed=evil, saved=evil)
    model = U.Model(ui=U.Ui(**{**model.ui.__dict__, "error": evil, "overlay": "error"}), game=None)
    html = view(*visible(model), EN)
    assert "<img" not in html and "&lt;img" in html
    assert model.ui.save_error == "save-corrupt"


def test_refused_saves_say_why():
    g = Game.new(4)
    text = dumps(g)
    for saved, code in [(text[:-5], "save-corrupt"), ('{"a":1}', "save-not-hearts"),
                        (text.replace('"version":1', '"version":99'), "save-newer-version")]:
        model, _ = U.init(saved=saved)
        assert model.ui.save_error == code
        html = view(*visible(model), EN)
        assert 'role="alert"' in html and 'data-action="new-game"' in html


def test_resume_from_save_schedules_the_pending_opponent():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    play_legal(d)
    saved = d.saved
    model, effects = U.init(saved=saved, speed="slow")
    assert model.ui.screen == "table"
    assert dumps(model.game, model.ui.rev) == saved and model.ui.rev > 0
    assert model.game.view(0) == d.pv
    # stop mid-trick: an opponent to play after a reload
    model2, _ = U.init(speed="slow", seed=1)
    model2, _ = U.update(model2, M.NewGame())
    for c in model2.game.view(0).hand[:3]:
        model2, _ = U.update(model2, M.ClickCard(c))
    model2, effects = U.update(model2, M.ConfirmPass())
    waiting = model2.game.to_act
    assert waiting != HUMAN  # seed 1: North holds the 2 of clubs
    saved = [e for e in effects if isinstance(e, M.Save)][-1].text
    resumed, effects = U.init(saved=saved)
    assert [e for e in effects if isinstance(e, M.Think)][0].seat == waiting


def test_storage_off_notice_and_saving_still_tried():
    model, _ = U.init(storage_ok=False, seed=1)
    model, effects = U.update(model, M.NewGame())
    # still tried: the page can only find out by trying that storage works again
    assert [e for e in effects if isinstance(e, M.Save)]
    assert "Not saved" in view(*visible(model), EN)


def test_save_failure_turns_notice_on():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.SaveFailed(), settle=False)  # (its retry, a RetrySave, waits in the queue)
    assert "Not saved" in d.html()


def test_crash_panel_start_over_and_keep():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.Crash("Traceback <boom>"))
    html = d.html()
    assert 'role="alertdialog"' in html and "&lt;boom&gt;" in html
    assert 'data-action="start-over"' in html and 'data-action="keep-game"' in html
    kept = d.send(M.KeepGame())
    assert kept.ui.overlay is None and kept.game is not None
    d.send(M.Crash("again"))
    d.send(M.StartOver())
    assert d.model.game is None and d.phase() == "start"


def test_language_switch_keeps_the_game():
    d = Driver()
    d.send(M.NewGame())
    game = d.model.game
    model, effects = U.update(d.model, M.SetLang("fi"))
    assert model.game is game and M.Language("fi") in effects
    assert model.ui.settings.lang == "fi"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_language_renders_every_screen(lang):
    tr = load(lang)
    d = Driver()
    assert "Hearts" not in d.html(tr) or lang == "en"
    d.send(M.NewGame())
    d.send(M.ShowOverlay("rules"))
    assert "<h3>" in d.html(tr)
    d.send(M.CloseOverlay())
    play_hand(d)
    html = d.html(tr)
    assert 'data-phase="hand-end"' in html
    for items in d.announced:
        text = announcement(items, tr)
        assert text and "{" not in text
        if lang != "en":
            assert text != announcement(items, EN), text


def test_announcements_cover_plays_tricks_and_turns():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    play_legal(d)
    kinds = {type(item) for items in d.announced for item in items}
    assert {M.Played, M.TrickTaken, M.Turn, M.Received} <= kinds
    text = announcement((M.Played(1, "QS"), M.TrickTaken(0, 13), M.Turn(1), M.Turn(0, "C", 3)), EN)
    assert text == ("West: queen of spades. You won the trick. 13 points in this trick. "
                    "Your turn. Follow suit (clubs): 3 cards can be played.")


def test_fourth_hand_has_no_passing_and_says_so():
    d = Driver()
    d.send(M.NewGame())
    for _ in range(3):
        play_hand(d)
        assert d.phase() == "hand-end"
        said = len(d.announced)
        d.send(M.Continue())
    assert d.pv.hand_number == 3 and d.pv.phase is Phase.PLAY
    assert "No passing this hand" in d.html()
    assert M.Passing(0) in d.announced[said]  # the new hand's first words


def test_pass_target_seat_is_marked():
    d = Driver()
    d.send(M.NewGame())
    html = d.html()
    assert html.count("pass-target") == 1
    assert 'class="seat seat-w pass-target"' in html  # hand 1 passes to the left: West


def test_tie_is_announced():
    text = announcement((M.HandScored((26, 0, 0, 0), None), M.Tie()), EN)
    assert "Tie for the lowest score: one more hand" in text


def test_only_the_worker_and_the_controller_touch_the_browser():
    # hearts/page/worker.py is the one module of the game's Python that
    # imports the browser's (`js`, Pyodide's FFI), and only inside main():
    # CPython, the tests and the browser's snapshot can import it
    # (tools/page_only.py); so does hearts/page/app_zip.py, which mounts
    # app.zip, only to download what the cut standard library left out.
    # The controller's modules run in MicroPython on
    # the page's main thread, where `js` is there from the start; no module
    # of the game imports them.
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "hearts"
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        indents = re.findall(r"^([ \t]*)(?:from|import)\s+(?:js|pyodide)\b", text, re.M)
        if path in (root / "page" / "worker.py", root / "page" / "app_zip.py"):
            assert indents and all(indents), "in a function, never at the top"
        elif path.parent == root / "page" and path.stem in MICROPYTHON:
            assert indents == [""], "a module of the controller imports js once, at its top"
        else:
            assert not indents, path
            assert not re.search(rf"^\s*(?:from|import)\s+hearts\.page(?:\.|\s+import\s+)({'|'.join(MICROPYTHON)})\b",
                                 text, re.M), path


# The modules of the page's controller, which MicroPython runs on the main
# thread (pyscript.toml).
MICROPYTHON = ("controller", "dom", "focus", "start_screen")


def test_continue_during_a_trick_pause_collects_it():
    model, effects = U.init(speed="slow", seed=1)
    d = Driver(model, effects)
    d.send(M.NewGame())
    pass_three(d)
    d.model, effects = U.update(d.model, M.ClickCard(d.pv.legal[0]))
    while not d.model.ui.pause:
        e = [e for e in effects if isinstance(e, M.Think)][0]
        game = d.model.game
        card = run_search(U.opponent_search(game.view(e.seat), "normal", U.rng_for(game, e.seat)))
        d.model, effects = U.update(d.model, M.OpponentMove(e.epoch, e.seat, card))
    assert 'data-action="continue"' in d.html()
    model, effects = U.update(d.model, M.Continue())
    assert not model.ui.pause and model.ui.epoch > d.model.ui.epoch


def test_menu_shows_the_score_sheet_once_a_hand_is_played():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.ShowOverlay("menu"))
    assert "Score sheet" not in d.html()
    d.send(M.CloseOverlay())
    play_hand(d)
    d.send(M.Continue())
    d.send(M.ShowOverlay("menu"))
    html = d.html()
    assert "Score sheet" in html and 'data-action="close"' in html
    assert " inert" in html  # the table behind the dialog is out of reach


def test_opponents_wait_while_a_dialog_is_open():
    model, effects = U.init(speed="slow", seed=1)
    model, _ = U.update(model, M.NewGame())
    for c in model.game.view(0).hand[:3]:
        model, _ = U.update(model, M.ClickCard(c))
    model, effects = U.update(model, M.ConfirmPass())
    think = [e for e in effects if isinstance(e, M.Think)][0]  # seed 1: North leads
    model, _ = U.update(model, M.ShowOverlay("rules"))
    same, none = U.update(model, M.OpponentMove(think.epoch, think.seat, Card.parse("2C")))
    assert same is model and none == []
    model, effects = U.update(model, M.CloseOverlay())
    again = [e for e in effects if isinstance(e, M.Think)]
    assert again and again[0].seat == think.seat and again[0].epoch == model.ui.epoch
    model, _ = U.update(model, M.OpponentMove(model.ui.epoch, think.seat, Card.parse("2C")))
    assert len(model.game.view(0).trick.cards) == 1


def test_the_start_screen_needs_no_opponents_and_warm_up_imports_them():
    # The boot imports hearts.app.update without hearts.ai (~15 ms in the
    # page) or hashlib (~10 ms); the runtime (hearts/page/binding.py) calls
    # warm_up() once the start screen is up.
    code = """
import sys
from hearts.app import update
assert "hearts.ai" not in sys.modules, "the start screen imports the opponents"
assert "hashlib" not in sys.modules, "the start screen imports hashlib"
from hearts.app import warmup
warmup.warm_up()
assert "hearts.ai.hard" in sys.modules and "hashlib" in sys.modules
"""
    root = Path(__file__).resolve().parents[1]
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_rehearsal_runs_the_first_clicks_of_a_game(level):
    # The runtime renders these models while the start screen is up, so
    # that the code of a real game's first clicks has run once: New game,
    # picking, the pass (the opponents choosing theirs at the player's
    # level), playing cards, a trick ending and the next one.
    steps = list(warmup.rehearsal(level))
    first, picked, passed, last = steps[0], steps[1], steps[2], steps[-1]
    assert first.ui.screen == "table" and first.game.phase is Phase.PASS
    assert len(picked.ui.picked) == 3
    assert passed.game.phase is Phase.PLAY and passed.ui.picked == ()
    assert len(passed.game.view(0).received) == 3
    assert len(last.game.view(0).hand) == 11, "the human played two cards"
    assert any(m.ui.pause for m in steps), "a full trick was on the table"
    assert len(last.game.tricks) >= 2, "and the next trick began"
    assert all(view(*visible(m), load("en")) for m in steps)


def test_the_hearts_indicator_stays_closed_after_a_heart_lead():
    # The human (seat 0) ends up with only hearts and leads one; nobody
    # discards a heart, so the table must still say hearts are not broken.
    from dataclasses import replace

    from engine_helpers import heart_lead_game

    from hearts.text import strings as S

    game = heart_lead_game()
    d = Driver()
    d.model = replace(d.model, game=game, ui=replace(d.model.ui, screen="table"))
    html = d.html()
    assert S.hearts_broken_text(False, EN) in html and S.hearts_broken_text(True, EN) not in html
    game.play(game.to_act, game.legal_actions()[0])  # seat 2 leads a club; seat 3 follows
    game.play(game.to_act, game.legal_actions()[0])
    game.play(game.to_act, "3H")  # seat 0, void in clubs, discards a heart
    assert S.hearts_broken_text(True, EN) in d.html()


# -- the hand-end and game-end dialogs ------------------------------------------------

from engine_helpers import moon_deal, play_lowest  # noqa: E402

from hearts import PassDirection  # noqa: E402
from hearts.text import strings as S  # noqa: E402
from hearts.engine.tally import hand_breakdown, places  # noqa: E402


def _tiles(html):
    """(name, shown points, tile html) of each player tile, in page order."""
    out = []
    for tile in re.findall(r'<li class="player.*?</li>', html):
        name = re.search(r'class="p-name">([^<]*)<', tile).group(1)
        shown = re.search(r'class="p-pts" aria-hidden="true">(?:<span class="moon-sign">.</span>)?\+?([^<]*)<',
                          tile).group(1)
        out.append((name, shown, tile))
    return out


def _hand_end():
    d = Driver()
    d.send(M.NewGame())
    play_hand(d)
    assert d.phase() == "hand-end"
    return d


def test_hand_breakdown_adds_up_to_the_points_taken():
    d = _hand_end()
    pv = d.pv
    assert len(pv.tricks) == 13  # the finished hand's tricks are in the view at its end
    breakdown = hand_breakdown(pv)
    assert sum(h for h, _ in breakdown) == 13 and sum(q for _, q in breakdown) == 1
    for seat, (hearts, queen) in enumerate(breakdown):
        assert hearts + 13 * queen == pv.points_taken[seat]


def test_hand_end_is_a_dialog_over_the_table_in_seat_order():
    d = _hand_end()
    pv, html = d.pv, d.html()
    section = re.match(r'<section class="[^"]*" data-phase="hand-end">(.*)</section>$', html, re.S)
    assert section, "the dialog is inside the table's section"
    inner = section.group(1)
    assert inner.startswith('<div class="table"><header class="bar">')  # the table, beneath
    assert '<div class="ending instant" role="dialog" aria-labelledby="ending-title">' in inner
    assert inner.endswith("</div></div>")
    assert 'data-action="continue"' in inner and 'class="sheet"' in inner
    for action in ("continue", "menu", "rules"):  # each once: the table's bar has Menu and Rules
        assert inner.count(f'data-action="{action}"') == 1
    tiles = _tiles(html)
    assert [name for name, _, _ in tiles] == ["You", "West", "North", "East"]
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", html).group(1)
    assert re.findall(r">([^<]+)</th>", head) == ["Hand", "You", "West", "North", "East"]
    breakdown = hand_breakdown(pv)
    for seat, (name, shown, tile) in enumerate(tiles):
        assert shown == str(pv.results[-1].points[seat])
        hearts, queen = breakdown[seat]
        assert ("chip hearts" in tile) == (hearts > 0) and ("chip queen" in tile) == queen
        if hearts:
            assert S.hearts_taken(hearts, EN) in tile
        if queen:
            assert "queen of spades" in tile
        assert f"<b>{pv.scores[seat]}</b>" in tile


def test_a_moon_shot_is_said_and_marked():
    hands, passes = moon_deal(2, PassDirection.LEFT)
    game = Game.from_deal(hands, "left", seed=None)
    for seat in range(4):
        game.pass_cards(seat, passes[seat])
    play_lowest(game)
    model, effects = U.init(saved=dumps(game), speed="instant")
    html = view(*visible(model), EN)
    assert "North shot the moon! Everyone else gets 26 points." in html
    tiles = _tiles(html)
    assert [shown for _, shown, _ in tiles] == ["26", "26", "0", "26"]
    assert 'class="moon-sign"' in tiles[2][2] and "13 hearts, queen of spades" in tiles[2][2]
    assert "shot the moon" in tiles[2][2] and "chip" not in tiles[0][2]
    assert "(shot the moon)" in re.search(r"<tbody>.*</tbody>", html).group(0)


@pytest.mark.parametrize("scores, expected", [
    ((10, 20, 30, 40), ((1, False), (2, False), (3, False), (4, False))),
    ((10, 20, 20, 30), ((1, False), (2, True), (2, True), (4, False))),
    ((104, 26, 78, 104), ((3, True), (1, False), (2, False), (3, True))),
    ((50, 50, 50, 50), ((1, True),) * 4),
])
def test_places_share_ties(scores, expected):
    assert places(scores) == expected


def test_place_wording():
    assert S.your_place(1, False, EN) == "You finished first."
    assert S.your_place(4, False, EN) == "You finished fourth."
    assert S.your_place(2, True, EN) == "You tied for second place."
    assert S.your_place(3, True, EN) == "You tied for third place."
    assert [S.place_badge(n, EN) for n in (1, 2, 3, 4)] == ["1st", "2nd", "3rd", "4th"]
    lt = load("lt")
    assert S.your_place(3, True, lt) == "Pasidalijote trečiąją vietą."
    assert [S.hearts_taken(n, lt) for n in (1, 2, 10, 21)] == ["1 širdis", "2 širdys", "10 širdžių", "21 širdis"]


def _finished(scores_wanted):
    """Play whole games (lowest legal cards) until one ends with the human's
    place as wanted; returns the Driver."""
    for seed in range(1, 40):
        model, effects = U.init(speed="instant", seed=seed)
        d = Driver(model, effects)
        d.send(M.NewGame())
        while d.phase() != "game-end":
            if d.phase() == "hand-end":
                d.send(M.Continue())
            play_hand(d)
        if scores_wanted(d.pv):
            return d
    pytest.skip("no such game met")


def test_game_end_says_the_winner_your_place_and_celebrates_only_a_win():
    d = _finished(lambda pv: pv.winner != HUMAN)
    pv, html = d.pv, d.html()
    place, shared = places(pv.scores)[HUMAN]
    assert place > 1
    assert S.game_won(pv.winner, EN) in html and S.your_place(place, shared, EN) in html
    assert 'data-phase="game-end"' in html and 'data-action="new-game"' in html
    assert "celebration" not in html and "you-won" not in html
    badges = re.findall(r'<span class="place place-(\d)">([^<]+)</span>', html)
    assert [int(n) for n, _ in badges] == [p for p, _ in places(pv.scores)]
    assert len(re.findall(r"<tbody>.*?</tbody>", html, re.S)) == 1
    assert html.count("<tr") - 2 == len(pv.results)  # the whole sheet: every hand, head and total


def _moon_game(shooters) -> str:
    """A finished game, saved, whose every hand is a moon shot by ``shooters[n]``."""
    game = None
    for n, shooter in enumerate(shooters):
        direction = PassDirection.for_hand(n)
        hands, passes = moon_deal(shooter, direction)
        if game is None:
            game = Game.from_deal(hands, direction)
        else:
            game.next_hand(hands)
        if direction is not PassDirection.NONE:
            for seat in range(4):
                game.pass_cards(seat, passes[seat])
        play_lowest(game)
    assert game.phase is Phase.GAME_END
    return dumps(game)


def test_a_win_is_celebrated():
    model, _ = U.init(saved=_moon_game((1, 2, 0, 0)), speed="instant")  # 52, 78, 78, 104
    html = view(*visible(model), EN)
    assert "You win the game!" in html and "You finished first." in html
    assert 'class="ending game-over you-won instant"' in html
    assert html.count('class="ace ') == 4 and 'class="celebration" aria-hidden="true"' in html
    badges = re.findall(r'<span class="place place-\d">([^<]+)</span>', html)
    assert badges == ["1st", "2nd", "2nd", "4th"]
    model, _ = U.init(saved=_moon_game((1, 2, 0, 0)), speed="normal")
    assert 'class="ending game-over you-won"' in view(*visible(model), EN)  # it moves


def test_a_shared_place_is_said():
    model, _ = U.init(saved=_moon_game((1, 1, 2, 1)), speed="instant")  # 104, 26, 78, 104
    html = view(*visible(model), EN)
    assert "West wins the game" in html and "You tied for third place." in html
    assert re.findall(r'<span class="place place-\d">([^<]+)</span>', html) == ["3rd", "1st", "2nd", "3rd"]
    assert "celebration" not in html


def test_levels_and_speeds_are_defined_once():
    from hearts import ai
    from hearts.engine import choices
    from hearts.app import stats
    from hearts.text import strings, vocabulary
    from hearts.app import model

    assert ai.LEVELS is choices.LEVELS and stats.LEVELS is choices.LEVELS
    assert vocabulary.LEVELS is choices.LEVELS
    assert strings.SPEEDS is choices.SPEEDS
    assert tuple(model.CARD_DELAY) == tuple(model.TRICK_PAUSE) == choices.SPEEDS
    html = view(*visible(U.init()[0]), EN)
    shown = {action: re.findall(rf'data-action="{action}" data-value="([^"]*)"', html) for action in ("level", "speed")}
    assert shown == {"level": list(choices.LEVELS), "speed": list(choices.SPEEDS)}
