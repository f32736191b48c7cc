"""Issue 15, first half: undo, the previous trick, the question before a game
in progress is abandoned, where the passed cards went, two-tap play; the
engine's Game.rewound and the save's undo_used under them (CPython)."""

import json
import random
import re

import pytest

from hearts import Game, Phase
from hearts.engine.cards import Card
from hearts.text import strings as S
from hearts.text.i18n import LANGUAGES, load
from hearts.text.vocabulary import card_name
from hearts.engine.save import SaveError, dumps, loads, read
from hearts.app import table_extras as P
from hearts.app import play_view as PV
from hearts.text import spoken
from hearts.app import messages as M
from hearts.app import update as U
from hearts.app.model import HUMAN, two_tap, visible
from hearts.app.view import view
from hearts.text.spoken import announcement

from test_ui import EN, Driver, pass_three, play_hand, play_legal

LT = load("lt")


def state(game: Game):
    """Everything a game is, as comparable values: every seat's view, the
    history (the save) and the engine's ready-made fields."""
    return (game.phase, game.to_act, game.legal, game.scores, game.results, game.winner,
            tuple(game.view(s) for s in range(4)), game.record(), game.log, dumps(game))


# -- the engine: Game.rewound -----------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3, 11])
def test_rewound_is_the_state_at_every_earlier_card(seed):
    rng = random.Random(seed)
    game = Game.new(seed)
    hands = 0
    while game.phase is not Phase.GAME_END and hands < 3:
        if game.phase is Phase.PASS:
            for s in range(4):
                game.pass_cards(s, rng.sample(game.hand(s), 3))
        snapshots = [state(game.copy())]
        while game.phase is Phase.PLAY:
            game.play(game.to_act, rng.choice(game.legal))
            snapshots.append(state(game.copy()))
        after = state(game)
        for n, snap in enumerate(snapshots):
            assert state(game.rewound(n)) == snap, n
        assert state(game) == after  # the game itself is left as it was
        if game.phase is Phase.HAND_END:
            game.next_hand()
        hands += 1


def test_rewound_opens_a_finished_game_again_and_refuses_bad_counts():
    rng = random.Random(5)
    game = Game.new(5)
    while game.phase is not Phase.GAME_END:
        if game.phase is Phase.PASS:
            for s in range(4):
                game.pass_cards(s, rng.sample(game.hand(s), 3))
        elif game.phase is Phase.PLAY:
            before_last = game.copy() if len(game.record().plays) == 51 else None
            game.play(game.to_act, rng.choice(game.legal))
            if before_last is not None:
                last = before_last
        else:
            game.next_hand()
    back = game.rewound(51)
    assert back.phase is Phase.PLAY and back.winner is None
    assert state(back) == state(last)
    for bad in (-1, 53, 1.0, True, "3"):
        with pytest.raises(ValueError):
            game.rewound(bad)


# -- the save: undo_used ---------------------------------------------------------------

def test_undo_used_is_saved_and_old_saves_load_without_it():
    game = Game.new(3)
    plain = dumps(game)
    assert "undo_used" not in plain and read(plain).undo_used is False
    marked = dumps(game, undo_used=True)
    assert json.loads(marked)["undo_used"] is True
    assert read(marked).undo_used is True
    assert loads(marked).view(0) == game.view(0)
    data = json.loads(marked)
    data["undo_used"] = "yes"
    with pytest.raises(SaveError) as e:
        read(json.dumps(data))
    assert e.value.code == "save-impossible"


def test_a_restored_save_keeps_the_mark():
    game = Game.new(3)
    model, _ = U.init(saved=dumps(game, undo_used=True), speed="instant")
    assert model.undo_used is True
    model, _ = U.init(saved=dumps(game), speed="instant")
    assert model.undo_used is False


# -- undo ------------------------------------------------------------------------------

def to_my_turn(d):
    """Runs the opponents until the human is to play (a trick collected too)."""
    d.settle()
    assert d.pv.to_act == HUMAN and not d.model.ui.pause


def test_undo_takes_back_the_last_card_and_every_card_after_it():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    play_legal(d)  # the first trick
    to_my_turn(d)
    at_decision = (state(d.model.game), visible(d.model), d.saved)
    # The human plays; the opponents answer and the trick is collected.
    d.send(M.ClickCard(d.pv.legal[-1]))
    assert state(d.model.game) != at_decision[0]
    d.send(M.Undo())
    game = d.model.game
    assert state(game) == at_decision[0]  # exactly the state of that decision
    ui, pv = visible(d.model)
    assert pv == at_decision[1][1] and not ui.pause and ui.thinking is None
    assert d.model.undo_used is True
    assert d.saved == dumps(game, d.model.ui.rev, undo_used=True)  # the save follows it (at its revision)
    assert read(d.saved).game.view(HUMAN) == pv
    assert M.Undone() in d.announced[-1]
    assert "Your last card is taken back." in announcement(d.announced[-1], EN)


def test_undo_while_opponents_think_and_a_trick_waits():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    to_my_turn(d)
    before = state(d.model.game)
    model, effects = U.update(d.model, M.ClickCard(d.pv.legal[0]))
    epoch = model.ui.epoch
    model, effects = U.update(model, M.Undo())  # before any opponent answered
    assert state(model.game) == before and model.ui.epoch > epoch
    stale = [e for e in effects if isinstance(e, M.Think)]
    assert stale == []  # the human is to play again: nobody thinks
    # A late answer from the opponent who was thinking is ignored.
    same, _ = U.update(model, M.OpponentMove(epoch, (HUMAN + 1) % 4, Card.parse("2C")))
    assert same is model


def test_undo_of_the_hands_last_card_takes_its_points_back():
    d = Driver(*U.init(speed="instant", seed=2))  # a deal with points in its last trick (no quick finish)
    d.send(M.NewGame())
    pass_three(d)
    while len(d.pv.hand) > 1:
        play_legal(d)
    to_my_turn(d)
    before = state(d.model.game)
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    d.settle(until=lambda m: m.ui.pause and m.game.phase is Phase.HAND_END)
    assert P.can_undo(d.model)
    d.queue.clear()
    d.send(M.Undo())
    assert state(d.model.game) == before and d.model.game.scores == (0, 0, 0, 0)


def test_nothing_to_undo_before_the_first_card_and_after_the_game():
    d = Driver()
    d.send(M.NewGame())
    for moment in ("pass", "before my first card"):
        before = state(d.model.game)
        d.send(M.Undo())
        assert state(d.model.game) == before and d.model.undo_used is False
        assert d.model.ui.message == M.Text(PV.NOTHING_TO_UNDO)
        button = re.search(r'<button[^>]*data-action="undo"[^>]*>', d.html())
        if moment == "pass":
            assert button is None  # nothing can be taken back while passing: no button
        else:
            assert button is not None and 'aria-disabled="true"' in button.group(0)
        if moment == "pass":
            pass_three(d)
            assert d.pv.trick.cards and HUMAN not in d.pv.trick.seats  # North led; not me yet
    while d.phase() != "game-end":
        play_hand(d)
        if d.phase() == "hand-end":
            d.send(M.Continue())
    before = state(d.model.game)
    d.send(M.Undo())
    assert state(d.model.game) == before and d.model.undo_used is False


def test_a_new_game_clears_the_mark():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    play_legal(d)
    d.send(M.Undo())
    assert d.model.undo_used
    d.send(M.NewGame())
    d.send(M.ConfirmNewGame(seed=7))
    assert d.model.undo_used is False and "undo_used" not in d.saved


def test_undo_is_offered_on_every_level():
    for level in ("easy", "normal", "hard"):
        d = Driver(level=level)
        d.send(M.NewGame())
        pass_three(d)
        play_legal(d)
        to_my_turn(d)
        html = d.html()
        button = re.search(r'<button[^>]*data-action="undo"[^>]*>', html).group(0)
        assert "aria-disabled" not in button


# -- a new game while one is in progress -------------------------------------------------

def test_new_game_from_the_menu_asks_first():
    d = Driver()
    d.send(M.NewGame())  # the start screen: at once
    assert d.model.game is not None and d.model.ui.overlay is None
    pass_three(d)
    game = d.model.game
    d.send(M.ShowOverlay("menu"))
    d.send(M.NewGame(seed=5))
    assert d.model.game is game and d.model.ui.overlay == "confirm-new"
    html = d.html()
    assert 'data-action="confirm-new-game"' in html and "Abandon this game?" in html
    assert "The hand in progress and its points will be lost." in html
    d.send(M.CloseOverlay())  # the cancel
    assert d.model.game is game and d.model.ui.overlay is None
    d.send(M.NewGame(seed=5))
    d.send(M.Dismiss())  # Escape cancels too
    assert d.model.game is game and d.model.ui.overlay is None
    d.send(M.ConfirmNewGame(seed=5))  # not asked: nothing happens
    assert d.model.game is game
    d.send(M.NewGame(seed=5))
    d.send(M.ConfirmNewGame(seed=5))
    assert d.model.game is not game and d.model.ui.overlay is None
    assert d.model.game.phase is Phase.PASS


def test_the_question_says_what_is_lost_with_plurals():
    assert PV.abandon_details(1, EN) == "The hand in progress, 1 finished hand and all the scores will be lost."
    assert "2 finished hands" in PV.abandon_details(2, EN)
    assert "1 baigtas raundas" in PV.abandon_details(1, LT)
    assert "3 baigti raundai" in PV.abandon_details(3, LT)
    assert "10 baigtų raundų" in PV.abandon_details(10, LT)
    assert "21 baigtas raundas" in PV.abandon_details(21, LT)


def test_game_end_starts_a_new_game_at_once():
    d = Driver()
    d.send(M.NewGame())
    while d.phase() != "game-end":
        play_hand(d)
        if d.phase() == "hand-end":
            d.send(M.Continue())
    old = d.model.game
    d.send(M.NewGame(seed=9))
    assert d.model.game is not old and d.model.ui.overlay is None


# -- the previous trick ------------------------------------------------------------------

def test_the_previous_trick_by_seat_with_leader_winner_and_points():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    d.send(M.ShowOverlay("last-trick"))
    assert d.model.ui.overlay is None  # no trick yet
    play_legal(d)
    to_my_turn(d)
    d.send(M.ShowOverlay("last-trick"))
    assert d.model.ui.overlay == "last-trick"
    html = d.html()
    trick = d.pv.tricks[-1]
    box = re.search(r'<div class="last-pile" data-last-trick[^>]*>(.*?)</div><ul', html).group(1)
    cards = re.findall(r'data-card="(\w\w)" data-seat="(\d)" data-pos="(\w)"( data-leader="true")?( data-winner="true")?', box)
    assert [c for c, *_ in cards] == [str(c) for c in trick.cards]
    assert [int(s) for _, s, *_ in cards] == list(trick.seats)
    assert [int(s) for _, s, _, lead, _ in cards if lead] == [trick.leader]
    assert [int(s) for _, s, _, _, won in cards if won] == [trick.winner]  # its card marked
    assert PV.led(trick.leader, EN) in html
    assert f'class="took">{PV.esc(S.trick_won(trick.winner, EN))}' in html
    assert spoken.trick_points(trick.points, EN) in html
    assert 'role="img" aria-label="' in box  # each card is named for screen readers
    # Opponents wait behind it; Escape closes it.
    d.send(M.Dismiss())
    assert d.model.ui.overlay is None and "data-last-trick" not in d.html()


def test_trick_points_plurals():
    assert spoken.trick_points(1, EN) == "1 point in this trick"
    assert spoken.trick_points(0, EN) == "0 points in this trick"
    assert spoken.trick_points(1, LT) == "1 taškas šiame kirtyje"
    assert spoken.trick_points(2, LT) == "2 taškai šiame kirtyje"
    assert spoken.trick_points(13, LT) == "13 taškų šiame kirtyje"


# -- where the cards went -----------------------------------------------------------------

def given_cards(html):
    """The names of the small cards you passed (they carry no card code)."""
    box = re.search(r'<span class="given-cards" role="group"[^>]*>(.*?)</span><span', html)
    return re.findall(r'aria-label="([^"]+)"', box.group(1)) if box else []


def received_cards(html):
    """The small cards beside "You received these cards", by name."""
    box = re.search(r'<div class="given-row got"><span class="given-cards">(.*?)</span>'
                    r'<span class="given-text">You received these cards</span>', html)
    return re.findall(r'aria-label="([^"]+)"', box.group(1)) if box else []


def test_after_the_pass_it_says_who_and_shows_the_cards_until_the_first_trick_is_over():
    d = Driver()
    d.send(M.NewGame())
    assert given_cards(d.html()) == []
    picked = [card_name(c, EN) for c in d.pv.hand[:3]]
    pass_three(d)  # hand 1 passes to the left: West
    html = d.html()
    assert "You passed to West; East passed to you." in html
    assert sorted(given_cards(html)) == sorted(picked)
    # the words "You received these cards" beside the cards received, not the ones passed
    assert received_cards(html) == [card_name(c, EN) for c in d.pv.received] and len(d.pv.received) == 3
    for card in d.pv.passed:  # West holds them now: their codes are nowhere in the page
        assert f'"{card}"' not in html and f">{card}<" not in html
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    d.settle(until=lambda m: m.ui.pause)  # the first trick, still on the table
    assert sorted(given_cards(d.html())) == sorted(picked)
    assert received_cards(d.html()) == [card_name(c, EN) for c in d.pv.received]  # (as long as the cards passed)
    d.settle()  # collected
    assert given_cards(d.html()) == [] and "passed to you" not in d.html()
    assert received_cards(d.html()) == []


@pytest.mark.parametrize("hand,text", [(1, "You passed to East; West passed to you."),
                                       (2, "You passed to North, and North passed to you.")])
def test_the_pass_sentence_follows_the_direction(hand, text):
    d = Driver()
    d.send(M.NewGame())
    for _ in range(hand):
        play_hand(d)
        d.send(M.Continue())
    pass_three(d)
    assert text in d.html()


# -- two-tap play ---------------------------------------------------------------------------

def test_two_tap_defaults_and_setting():
    model, _ = U.init()
    assert two_tap(model.ui) is False
    model, _ = U.init(touch=True)
    assert two_tap(model.ui) is True
    model, _ = U.init(touch=True, two_tap=False)
    assert two_tap(model.ui) is False
    model, effects = U.update(model, M.ToggleTwoTap())
    assert two_tap(model.ui) is True and effects == [M.StoreSettings(model.ui.settings)]
    assert model.ui.settings.two_tap is True
    model, _ = U.init(two_tap="yes")  # a stored value that is no choice
    assert model.ui.settings.two_tap is None


def test_first_tap_lifts_second_plays():
    model, _ = U.init(speed="instant", seed=1, two_tap=True)
    d = Driver(model)
    d.send(M.NewGame())
    pass_three(d)
    to_my_turn(d)
    card = d.pv.legal[0]
    before = state(d.model.game)
    d.send(M.ClickCard(card))
    assert state(d.model.game) == before and d.model.ui.lifted == card
    assert re.search(rf'<button[^>]*class="[^"]*lifted[^"]*"[^>]*data-card="{card}"', d.html())
    assert M.Lifted(card) in d.announced[-1]
    if len(d.pv.legal) > 1:  # another card: that one is lifted instead
        other = d.pv.legal[1]
        d.send(M.ClickCard(other))
        assert d.model.ui.lifted == other
        d.send(M.ClickCard(card))
    d.send(M.ClickCard(card))
    assert card not in d.pv.hand and d.model.ui.lifted is None


def test_two_tap_refuses_an_illegal_card_at_the_first_tap_and_leaves_passing_alone():
    model, _ = U.init(speed="instant", seed=1, two_tap=True)
    d = Driver(model)
    d.send(M.NewGame())
    d.send(M.ClickCard(d.pv.hand[0]))
    assert d.model.ui.picked == (d.pv.hand[0],)  # one tap picks a card to pass
    d.send(M.ClickCard(d.pv.hand[0]))
    pass_three(d)
    to_my_turn(d)
    illegal = [c for c in d.pv.hand if c not in d.pv.legal]
    if illegal:
        d.send(M.ClickCard(illegal[0]))
        assert d.model.ui.lifted is None and isinstance(d.model.ui.message, M.Refusal)


def test_without_the_setting_one_click_plays():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    to_my_turn(d)
    n = len(d.pv.hand)
    play_legal(d)
    assert len(d.pv.hand) == n - 1


# -- every language ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_new_screen_renders_in_every_language(lang):
    tr = load(lang)
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    play_legal(d)
    to_my_turn(d)
    texts = []
    for overlay in ("last-trick", "confirm-new"):
        d.model = U.with_ui(d.model, overlay=overlay)
        html = view(*visible(d.model), tr)
        assert f'class="overlay {overlay}"' in html
        texts.append(html)
    d.model = U.with_ui(d.model, overlay=None)
    html = view(*visible(d.model), tr)
    assert 'data-action="undo"' in html and 'data-action="last-trick"' in html
    assert 'data-action="two-tap"' in view(*visible(U.init(lang=lang)[0]), tr)
    if lang != "en":  # translated, not the English text
        assert tr.text(PV.UNDO) != "Undo" and tr.text(PV.PREVIOUS_TRICK) != "Previous trick"
        assert spoken.lifted_text("QS", tr) != spoken.lifted_text("QS", EN)
