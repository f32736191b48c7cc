"""A par for every hand (hearts/app/par.py, par_search.py, deal_view.py):
what Hard would have taken in the player's seat, computed as a task at the
hand's end, shown when ready, never in the way of Continue."""

from __future__ import annotations

import json
import re

import pytest

from hearts.ai import make_opponent
from hearts.app import messages as M, par_search, stored as ST, update as U
from hearts.app.model import HUMAN, Model, visible
from hearts.app.par import par_key
from hearts.app.view import view
from hearts.engine.game import Game, Phase
from hearts.engine.slices import finish
from hearts.text.i18n import Translator

from fake_ports import Driver, FakePorts
from test_ui import play_hand

EN = Translator("en")


def hard_in_the_seat(seed: int, level: str) -> Game:
    """A hand played with Hard in the player's seat exactly as the par plays
    it (the same samples and seeds), the opponents passing and playing as
    the page's opponents of ``level`` (Easy and Normal: no time budget)."""
    game = Game.new(seed)
    hard = make_opponent("hard", samples=par_search.SAMPLES)
    others = make_opponent(level)
    for seat in (1, 2, 3):
        game.pass_cards(seat, others.choose_pass(game.view(seat), U.rng_for(game, seat, "pass")))
    game.pass_cards(HUMAN, hard.choose_pass(game.view(HUMAN), U.rng_for(game, HUMAN, "par")))
    while game.phase is Phase.PLAY:
        seat = game.to_act
        bot, what = (hard, "par") if seat == HUMAN else (others, "play")
        game.play(seat, bot.choose_play(game.view(seat), U.rng_for(game, seat, what)))
    return game


@pytest.mark.parametrize("seed,level", [(3, "normal"), (8, "easy")])
def test_the_par_is_what_hard_takes_in_the_players_seat(seed, level):
    played = hard_in_the_seat(seed, level)
    par = finish(par_search.search(played, level))
    assert par == M.Par(played.results[-1].points[HUMAN], played.results[-1].moon)


def test_the_par_does_not_depend_on_what_the_player_played():
    hard = hard_in_the_seat(3, "normal")
    other = Game.new(3)  # the same deal, the opponents' same passes, the player's own choices
    normal = make_opponent("normal")
    for seat in (1, 2, 3):
        other.pass_cards(seat, hard.passed(seat))
    other.pass_cards(HUMAN, other.hand(HUMAN)[-3:])
    while other.phase is Phase.PLAY:
        other.play(other.to_act, other.legal[-1] if other.to_act == HUMAN else
                   normal.choose_play(other.view(other.to_act), U.rng_for(other, other.to_act)))
    assert other.record().plays != hard.record().plays
    assert finish(par_search.search(other, "normal")) == finish(par_search.search(hard, "normal"))


def test_a_hard_tables_par_is_the_same_on_every_run():
    played = hard_in_the_seat(5, "normal")
    first = finish(par_search.search(played, "hard"))
    assert 0 <= first.points <= 26
    assert finish(par_search.search(played, "hard")) == first


def at_the_hands_end(d: Driver) -> None:
    """Play the hand up to its end, the par not yet in (its ParReady waits)."""
    d.send(M.NewGame())
    if d.phase() == "pass":
        for card in d.pv.hand[:3]:
            d.send(M.ClickCard(card))
        d.send(M.ConfirmPass())
    while d.model.game.phase is Phase.PLAY:
        if d.model.ui.pause:
            d.send(M.Continue(), settle=False)
        else:
            d.send(M.ClickCard(d.pv.legal[0]), settle=False)
        d.settle(until=lambda m: m.game.phase is not Phase.PLAY or m.ui.pause)
    d.settle(until=lambda m: not m.ui.pause)


def data_par(html: str) -> str | None:
    found = re.search(r'data-par="(\d*)"', html)
    return found.group(1) if found else None


def test_the_hands_end_shows_the_par_once_computed_and_continue_never_waits():
    d = Driver()
    at_the_hands_end(d)
    assert d.phase() == "hand-end"
    assert any(isinstance(m, M.ParReady) for m in d.queue)  # computed, not yet in
    html = d.html()
    assert data_par(html) == "" and "par: …" in html
    assert '<small class="par">par: …</small>' in html
    game = d.model.game
    expected = finish(par_search.search(game, "normal"))
    d.send(M.Continue(), settle=False)  # Continue before the par: the next hand at once
    assert d.model.game.hand_number == 1 and d.phase() == "pass"
    d.send(M.ShowOverlay("menu"), settle=False)
    assert 'class="par"' not in d.html()  # not known yet, and no longer the hand that has just ended
    d.send(M.CloseOverlay(), settle=False)
    d.settle()
    assert dict(d.model.ui.pars)[par_key(game, 0)] == expected
    d.send(M.ShowOverlay("menu"))
    sheet = re.search(r'<table class="sheet">.*?</table>', d.html()).group(0)
    assert f'<small class="par">par {expected.points}</small>' in sheet


def test_the_par_at_the_hands_end_when_ready():
    d = Driver()
    at_the_hands_end(d)
    d.settle()
    par = dict(d.model.ui.pars)[par_key(d.model.game, 0)]
    html = d.html()
    assert data_par(html) == str(par.points) and f"par {par.points}" in html
    assert f'<small class="par">par {par.points}</small>' in html  # the hand's end's own sheet


def test_a_moon_in_the_par_is_said():
    d = Driver()
    at_the_hands_end(d)
    key = par_key(d.model.game, 0)
    d.queue.clear()
    d.send(M.ParReady(key, M.Par(0, HUMAN)))
    assert "Hard would have shot the moon." in d.html()
    d.send(M.ParReady(key, M.Par(26, 2)))
    assert "North would have shot the moon against Hard." in d.html() and data_par(d.html()) == "26"


def test_a_reload_at_the_hands_end_asks_for_the_par_again():
    d = Driver()
    at_the_hands_end(d)
    model, effects = U.init(speed="instant", saved=d.saved)
    finds = [e for e in U.after_change(None, model) + effects if isinstance(e, M.FindPar)]
    assert [f.key for f in finds] == [par_key(d.model.game, 0)]


def test_the_setting_turns_the_par_off_and_is_stored():
    ports = FakePorts()
    d = Driver(ports=ports)
    d.send(M.TogglePar())
    assert json.loads(d.get(ST.SETTINGS))["par"] is False
    at_the_hands_end(d)
    assert not any(isinstance(m, M.ParReady) for m in d.queue)
    html = d.html()
    assert data_par(html) is None and "par" not in re.search(r'<table class="sheet">.*?</table>', html).group(0)
    flags, _ = Driver(ports=FakePorts(storage=dict(ports.storage))).flags(lambda _: None, "en", False)
    assert flags["par"] is False
    d.send(M.ShowOverlay("menu"))
    assert 'data-action="par" aria-pressed="false"' in d.html()
    d.send(M.CloseOverlay())
    d.send(M.TogglePar())  # on again at the hand's end: its par is computed now
    assert any(isinstance(m, M.ParReady) for m in d.queue) or dict(d.model.ui.pars)


def test_the_review_of_a_hand_gives_its_par():
    d = Driver()
    at_the_hands_end(d)
    d.settle()
    par = dict(d.model.ui.pars)[par_key(d.model.game, 0)]
    d.send(M.ShowReview(0))
    assert f'<p class="rv-par">par {par.points}</p>' in d.html()
