"""Today's hand on the table (hearts/app/today_play.py, today_view.py): played
beside a game in progress and that game back untouched after it, Hard
opponents, saved as it is played (a reload comes back to it), the day's
result kept once with its par, a replay said so, the share button's copy
and its fallback, and the clock's faults, with a fake clock (FakePorts.day)."""

from __future__ import annotations

import asyncio
import html as H
import json
import re
from dataclasses import replace
from datetime import date

from hearts.app import events, messages as M, stored as ST, today as T, update as U
from hearts.app.model import visible
from hearts.app.par import par_key
from hearts.app.steps import pass_key
from hearts.app.view import view
from hearts.engine.game import Phase
from hearts.engine.save import read
from hearts.page import worker as W
from hearts.text.i18n import LANGUAGES, Translator, load

from fake_ports import Driver, FakePorts

EN = Translator("en")
DAY = "2026-12-07"


def play_on(d: Driver, until_end: bool = True, moves: int = 99) -> None:
    """Pass (the first three cards) and play the first legal card until the
    hand ends (or ``moves`` cards of the player's are played)."""
    if d.phase() == "pass":
        for card in d.pv.hand[:3]:
            d.send(M.ClickCard(card))
        d.send(M.ConfirmPass())
    while d.model.game.phase is Phase.PLAY and moves > 0:
        if d.model.ui.pause:
            d.send(M.Continue(), settle=False)
        elif d.model.game.to_act == 0:
            d.send(M.ClickCard(d.pv.legal[0]), settle=False)
            moves -= 1
        else:
            assert d.queue, "an opponent's turn, and nothing under way"
        d.settle(until=lambda m: m.game.phase is not Phase.PLAY or m.ui.pause or m.game.to_act == 0)
    if until_end:
        d.settle()


def today(d: Driver, day: str | None = None) -> None:
    """A click on today's button, the date from the page's fake clock (or ``day``)."""
    if day is not None:
        d.fake.day = day
    d.send(events.decode("today", day=d.today))


def game_in_progress() -> tuple[Driver, str]:
    d = Driver()
    d.send(M.NewGame())
    play_on(d, until_end=False, moves=2)
    d.settle()  # the opponents' cards after the player's: the player's turn
    assert d.model.game.phase is Phase.PLAY and d.model.game.to_act == 0
    return d, d.saved


def share_text(html: str) -> str | None:
    found = re.search(r'<p class="share-text" data-share-text="">(.*?)</p>', html, re.S)
    return H.unescape(found.group(1)) if found else None


def test_todays_hand_is_played_beside_a_game_in_progress_which_comes_back_untouched():
    d, before = game_in_progress()
    kept, _, _ = read(before)
    today(d, DAY)
    ui, game = d.model.ui, d.model.game
    assert ui.today.date == DAY and not ui.today.replay and game.seed == T.day_seed(date(2026, 12, 7))
    assert game.hand_number == 0 and game.pass_direction == 1  # to the left, for everyone
    record = json.loads(d.get(ST.TODAY))
    assert record == {"date": DAY, "replay": False, "aside": ui.today.aside} and read(ui.today.aside)[0].record() == kept.record()
    assert read(d.saved)[0].seed == game.seed  # the day's hand is saved as it is played
    assert pass_key(d.model)[0] == "hard"  # Hard opponents, whatever the setting (Normal)
    assert 'data-action="today"' not in d.html()  # not twice
    assert "Today's hand" in H.unescape(d.html())
    play_on(d)
    assert d.phase() == "hand-end"
    par = dict(d.model.ui.pars)[par_key(d.model.game, 0)]
    points = d.model.game.results[0].points[0]
    html = d.html()
    assert f'data-par="{par.points}"' in html
    assert share_text(html) == T.share_text(date(2026, 12, 7), points, par.points, EN)
    assert 'data-action="share"' in html and "Back to the game" in html
    assert d.model.ui.today.days.result(date(2026, 12, 7)) == (points, par.points)
    assert T.loads(d.get(ST.DAYS)).result(date(2026, 12, 7)) == (points, par.points)
    d.send(M.Continue())
    assert d.model.ui.today.date is None and d.get(ST.TODAY) is None
    assert d.model.game.record() == kept.record() and read(d.saved)[0].record() == kept.record()
    assert d.phase() == "play" and 'data-action="today"' not in d.html()  # (the menu has it)
    d.send(M.ShowOverlay("menu"))
    assert 'data-action="today"' in d.html()


def test_a_reload_in_the_middle_of_todays_hand_comes_back_to_it_and_then_to_the_game():
    d, before = game_in_progress()
    kept = read(before)[0]
    today(d, DAY)
    play_on(d, until_end=False, moves=3)
    model, effects = U.init(speed="instant", saved=d.saved, today=d.get(ST.TODAY), days=d.get(ST.DAYS))
    assert model.ui.today.date == DAY and model.game.record() == d.model.game.record()
    again = Driver(model, effects, ports=d.fake)
    assert "Today" in again.html()
    play_on(again)
    again.send(M.Continue())
    assert again.model.ui.today.date is None and again.model.game.record() == kept.record()


def test_a_reload_with_a_record_that_is_not_the_tables_game_leaves_the_game_alone():
    d, before = game_in_progress()
    stale = json.dumps({"date": DAY, "replay": False, "aside": None})
    model, _ = U.init(speed="instant", saved=before, today=stale)
    assert model.ui.today.date is None and model.game.seed == read(before)[0].seed
    for junk in ("{", "[" * 5000, '{"date": "2026-02-30", "replay": false, "aside": null}', "7"):
        assert U.init(speed="instant", saved=before, today=junk)[0].ui.today.date is None


def test_leaving_before_the_par_is_known_keeps_the_days_result_without_it_and_once():
    d = Driver()
    held: list[M.FindPar] = []
    d.handle({M.FindPar: held.append})  # a slow phone: the par's search has not finished
    today(d, DAY)
    play_on(d)
    assert d.phase() == "hand-end" and len(held) == 1
    assert 'data-par=""' in d.html() and share_text(d.html()) is None  # "par: …", nothing to share yet
    assert d.model.ui.today.days.result(date(2026, 12, 7)) is None  # not before its par, while the player stays
    points = d.model.game.results[0].points[0]
    d.send(M.Continue())  # the player leaves first
    assert d.phase() == "start" and d.model.ui.today.days.result(date(2026, 12, 7)) == (points, None)
    kept = d.get(ST.DAYS)
    assert T.loads(kept).result(date(2026, 12, 7)) == (points, None)
    d.spawn(d._par(held[0]))  # the par comes in after: nothing counted again, nothing changed
    d.fake.loop.run()
    d.settle()
    assert dict(d.model.ui.pars).get(held[0].key) is not None
    assert d.model.ui.today.days.results == (("2026-12-07", points, None),) and d.get(ST.DAYS) == kept


def test_without_a_game_in_progress_the_hands_end_goes_back_to_the_start():
    d = Driver()
    today(d, DAY)
    play_on(d)
    assert "Back to the game" not in d.html()
    d.send(M.Continue())
    assert d.phase() == "start" and d.saved is None and d.get(ST.TODAY) is None


def test_a_replay_the_same_day_is_said_and_keeps_the_first_result():
    d = Driver()
    today(d, DAY)
    play_on(d)
    first = d.model.ui.today.days
    d.send(M.Continue())
    today(d, DAY)
    assert d.model.ui.today.replay and "Today's hand, again" in H.unescape(d.html())
    # another way through the same cards: pass the last three, not the first three
    for card in d.pv.hand[-3:]:
        d.send(M.ClickCard(card))
    d.send(M.ConfirmPass())
    play_on(d)
    assert "A replay: the day keeps your first result." in d.html()
    assert d.model.ui.today.days == first and T.loads(d.get(ST.DAYS)) == first


def test_new_game_during_todays_hand_puts_the_game_in_progress_back_first():
    d, before = game_in_progress()
    today(d, DAY)
    d.send(M.ShowOverlay("menu"))
    d.send(M.NewGame())
    assert d.model.ui.today.date is None and d.model.ui.overlay == "confirm-new"
    assert d.model.game.record() == read(before)[0].record() and d.get(ST.TODAY) is None


def test_share_copies_and_where_it_cannot_the_text_is_selected_never_an_error():
    d = Driver()
    today(d, DAY)
    play_on(d)
    d.send(M.Share())
    assert d.fake.copies == 1
    d.send(M.Shared(True))
    assert "Copied. Paste it into a message." in d.html()
    d.send(M.Share())
    d.send(M.Shared(False))
    html = d.html()
    assert "The text is selected: copy it yourself." in html and share_text(html)
    assert d.model.ui.overlay is None


def test_the_shared_text_fits_a_narrow_bubble_and_names_no_card_in_every_language():
    for lang in LANGUAGES:
        tr = load(lang)
        assert tr.lang == lang, tr.problem
        text = T.share_text(date(2027, 10, 30), 26, 26, tr)
        assert all(len(line) <= T.SHARE_WIDTH for line in text.splitlines()), (lang, text)
        assert not re.search(r"\b(10|[2-9JQKA])[CDHS]\b", text)


def test_the_day_started_stays_the_day_when_midnight_passes_during_the_hand():
    d = Driver()
    today(d, "2026-12-07")
    d.fake.day = "2026-12-08"  # midnight, during the hand
    play_on(d)
    assert [r[0] for r in d.model.ui.today.days.results] == ["2026-12-07"]
    d.send(M.Continue())
    today(d)  # the new day's hand
    assert d.model.ui.today.date == "2026-12-08" and not d.model.ui.today.replay
    assert d.model.game.seed == 20261208


def test_a_clock_set_back_or_forward_breaks_neither_the_record_nor_the_saves():
    d = Driver()
    for day in ("2026-12-07", "2026-12-08", "2026-12-09"):
        today(d, day)
        play_on(d)
        d.send(M.Continue())
    days = d.model.ui.today.days
    assert days.best == 3 and T.streak(days, date(2026, 12, 9)) == 3
    today(d, "2026-12-08")  # the clock set back: a replay of that day, nothing counted again
    assert d.model.ui.today.replay
    play_on(d)
    d.send(M.Continue())
    assert d.model.ui.today.days == days
    today(d, "2027-03-01")  # the clock far ahead: a day of its own, the best run kept
    play_on(d)
    d.send(M.Continue())
    assert d.model.ui.today.days.best == 3 and len(d.model.ui.today.days.results) == 4
    today(d, "2026-12-10")  # and back again: the day after the run goes on with it
    play_on(d)
    d.send(M.Continue())
    assert d.model.ui.today.days.best == 4 and T.streak(d.model.ui.today.days, date(2026, 12, 10)) == 4
    assert T.loads(d.get(ST.DAYS)) == d.model.ui.today.days and d.saved is None


def test_the_statistics_show_the_days_played_the_run_and_the_average_against_par():
    d = Driver()
    for day in ("2026-12-07", "2026-12-08"):
        today(d, day)
        play_on(d)
        d.send(M.Continue())
    d.fake.day = "2026-12-08"
    d.send(events.decode("stats", day=d.today))
    html = d.html()
    assert "Days played: 2" in html and "Days in a row: 2" in html and "Longest run: 2" in html
    assert "Against par, on average:" in html
    # each day's result, the latest first
    kept = d.model.ui.today.days
    shown = re.findall(r'<li data-day="([0-9-]+)"><span class="day">[0-9-]+</span> ♥ (\d+) · par (\d+|–)</li>', html)
    assert shown == [(day, str(p), str(q)) for day, p, q in reversed(kept.results)]
    assert [day for day, _, _ in shown] == ["2026-12-08", "2026-12-07"]
    d.send(M.CloseOverlay())
    d.fake.day = "2026-12-11"  # three days later: the run is over, the longest kept
    d.send(events.decode("stats", day=d.today))
    assert "Days in a row: 0" in d.html() and "Longest run: 2" in d.html()


def test_date_in_the_address_pins_the_day_and_a_bad_one_is_the_clocks():
    d = Driver()
    d.fake.day = "2026-12-20"
    d.date_param = "2026-12-24"
    assert d.today() == "2026-12-24"
    for bad in ("2026-12-32", "24.12.2026", "", "2026-1-1"):
        d.date_param = bad
        assert d.today() == "2026-12-20"


def test_an_early_click_on_todays_button_is_carried_out_once_the_worker_is_ready():
    sent: list[dict] = []

    async def run():
        W.start(lambda kind, **f: sent.append(dict(f, kind=kind)),
                {"kind": "start", "path": "/", "params": {"speed": "instant", "date": "2026-12-08"},
                 "lang": "en", "storage": True, "local": {}, "session": {}, "pressed": "today"},
                _Console(), lambda: 0.0)
        for _ in range(50):
            await asyncio.sleep(0)
            asked = next((m for m in reversed(sent) if m["kind"] == "lock"), None)
            if asked and not any(m["kind"] == "answered" for m in sent):
                W.receive({"kind": "answer", "id": asked["id"], "value": "held"})
                sent.append({"kind": "answered"})
            if W.RUNTIME.model.ui.today.date is not None:
                break

    asyncio.run(run())
    assert W.RUNTIME.model.ui.today.date == "2026-12-08" and W.RUNTIME.model.game.seed == 20261208


class _Console:
    def warn(self, *args):
        pass

    def log(self, *args):
        pass

    error = warn


def test_every_string_of_todays_hand_is_in_every_language():
    d = Driver()
    today(d, DAY)
    play_on(d)
    d.send(M.Share())
    d.send(M.Shared(False))
    d.model = replace(d.model, ui=replace(d.model.ui, today=replace(d.model.ui.today, replay=True)))
    english = view(*visible(d.model), EN)
    for lang in LANGUAGES:
        if lang == "en":
            continue
        tr = load(lang)
        assert tr.lang == lang, tr.problem
        html = H.unescape(view(*visible(d.model), tr))
        for phrase in ("A replay", ">Share<", "The text is selected", "Days in a row", "Today's hand"):
            assert phrase in H.unescape(english) and phrase not in html, (lang, phrase)


def test_a_tab_that_takes_over_during_todays_hand_goes_on_with_it_and_the_game_beside_it():
    """Two tabs share the storage: A plays today's hand beside a game in
    progress; B (told the game is open elsewhere) takes it over: B goes on
    with the day's hand, against Hard, and Continue brings B the game in
    progress back (B's own, older idea of today's hand is dropped)."""
    a, before = game_in_progress()
    kept = read(before)[0]
    b = Driver(ports=a.fake)
    b.model = replace(b.model, ui=replace(b.model.ui, today=replace(b.model.ui.today, date="2026-12-01", aside=None)))  # stale
    today(a, DAY)
    play_on(a, until_end=False, moves=2)
    stored = read(a.saved)[0].record()
    b.send(b._adopted())  # (and the opponents' cards up to B's turn)
    assert b.model.ui.today.date == DAY and b.model.ui.today.aside == a.model.ui.today.aside
    assert b.model.game.record().plays[:len(stored.plays)] == stored.plays and pass_key(b.model)[0] == "hard"
    play_on(b)
    b.send(M.Continue())
    assert b.model.ui.today.date is None and b.model.game.record() == kept.record()


def test_a_tab_that_takes_over_a_plain_game_forgets_its_own_todays_hand():
    a, before = game_in_progress()
    b = Driver(ports=a.fake)
    today(b, DAY)
    b.fake.storage[b.key_of(ST.SAVE)] = before  # (A's game stored since; no record of today's hand)
    b.fake.storage.pop(b.key_of(ST.TODAY))
    b.send(b._adopted())
    assert b.model.ui.today.date is None and b.model.ui.today.aside is None and b.model.game.record() == read(before)[0].record()


def test_days_stored_by_another_tab_are_gone_on_from_here():
    a = Driver()
    b = Driver(ports=a.fake)
    today(a, DAY)
    play_on(a)
    b.model = U.update(b.model, M.Elsewhere("open"))[0]  # (not the owner: it still follows)
    b.stored_elsewhere(b.key_of(ST.DAYS))  # the page's storage event
    b.settle()
    assert b.model.ui.today.days == a.model.ui.today.days and b.model.ui.today.days.results
    assert U.update(b.model, M.DaysStored(None))[0].ui.today.days == a.model.ui.today.days  # (nothing stored: kept)
