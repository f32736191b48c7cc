"""The page's runtime (the loop, hearts/page/runtime.py, and the game's
binding, hearts/page/binding.py) over fake ports: messages go through
dispatch, effects run in order, time is a fake clock's, and no failing port
loses the game."""

import json

import pytest

from hearts.engine.save import loads, revision
from hearts.engine.slices import run_slice
from hearts.app import saving as S, stats as ST_stats, stored as ST
from hearts.page import binding as R
from hearts.app import update as U
from hearts.app import messages as M
from hearts.app.model import CARD_DELAY, HUMAN
from hearts.page.binding import Runtime

from fake_ports import Driver, FakePorts


def page(ports=None, speed="instant", **init):
    """A runtime on the start screen (seed 1), as the page's, not the Driver."""
    ports = FakePorts() if ports is None else ports
    model, effects = U.init(speed=speed, seed=1, **init)
    rt = Runtime(ports, model)
    rt.run(effects)
    return rt, ports


def pass_three(rt):
    for card in rt.model.game.view(HUMAN).hand[:3]:
        rt.dispatch(M.ClickCard(card))
    rt.dispatch(M.ConfirmPass())


def stored_game(rt):
    return loads(rt.get(ST.SAVE))


class LoggingPorts(FakePorts):
    """FakePorts that note, in order, what the runtime asked of them."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.log = []

    def render(self, html):
        self.log.append("render")
        super().render(html)

    def storage_set(self, key, value):
        if key.startswith(ST.SAVE.name + "@"):
            self.log.append("save")
        return super().storage_set(key, value)

    def announce(self, text):
        self.log.append("announce")
        super().announce(text)

    def start(self, coro):
        self.log.append("task")
        super().start(coro)


# -- the loop ------------------------------------------------------------------------

def test_a_messages_effects_run_in_order_and_its_tasks_after_it():
    rt, ports = page(LoggingPorts())
    rt.dispatch(M.NewGame())
    ports.loop.run()  # (the first New game asks the browser to keep storage: its answer)
    for card in rt.model.game.view(HUMAN).hand[:3]:
        rt.dispatch(M.ClickCard(card))
    ports.log.clear()
    rt.dispatch(M.ConfirmPass())  # seed 1: North leads, so an opponent thinks
    assert ports.log == ["render", "save", "announce", "task"]
    game = rt.model.game
    assert stored_game(rt).view(HUMAN) == game.view(HUMAN)  # what was stored is what is shown
    ports.log.clear()
    ports.loop.run()  # North's card arrives, then East's, and the human's turn
    assert ports.log[:3] == ["render", "save", "announce"]
    assert rt.model.game.to_act == HUMAN and rt.model.game is not game


def test_the_page_counts_its_messages_and_its_running_tasks():
    # data-messages and data-running: what the e2e tests wait for instead of
    # a fixed time before asserting that a click changed nothing.
    rt, ports = page(speed="normal")
    rt.dispatch(M.NewGame())
    ports.loop.run()  # (the first New game asks the browser to keep storage: answered here)
    assert ports.marks["data-running"] == "0"
    pass_three(rt)  # seed 1: North leads, so an opponent's card is on its way
    handled = int(ports.marks["data-messages"])
    assert handled >= 5 and ports.marks["data-running"] == "1"
    ports.loop.run()  # the opponents' cards (a message each), up to the human's turn
    assert ports.marks["data-running"] == "0" and rt.model.game.to_act == HUMAN
    assert int(ports.marks["data-messages"]) > handled + 1


def test_a_browser_prompt_left_open_is_not_the_pages_work():
    # Firefox asks the person before it keeps a site's storage: the page's
    # question (persist(), at the first New game) may wait for ever, and
    # data-running must still come to 0 once the page's own work is done.
    rt, ports = page(speed="normal")
    ports.prompt_open = True
    rt.dispatch(M.NewGame())
    ports.loop.run(until=60.0)
    assert ports.persist_asks[-1] is True and rt.tasks >= 1  # still asking
    assert ports.marks["data-running"] == "0"
    pass_three(rt)
    assert ports.marks["data-running"] == "1"  # North's card, on its way
    ports.loop.run(until=120.0)
    assert ports.marks["data-running"] == "0" and rt.model.game.to_act == HUMAN
    ports.prompt_open = False  # the person answers
    ports.loop.run(until=200.0)
    assert rt.tasks == 0 and rt.model.ui.versions.persist == "denied"


def test_a_message_sent_while_one_is_handled_waits_for_it():
    rt, ports = page()
    seen = []
    real_step = rt.step

    def step(msg):
        seen.append(type(msg).__name__)
        if isinstance(msg, M.NewGame):
            rt.dispatch(M.ShowOverlay("menu"))  # as an effect's refused save would
            assert seen == ["NewGame"]  # not handled inside NewGame's
        real_step(msg)

    rt.step = step
    rt.dispatch(M.NewGame())
    assert seen == ["NewGame", "ShowOverlay"] and rt.model.ui.overlay == "menu" and not rt.queue


def test_the_opponents_card_waits_for_its_delay_by_the_clock():
    rt, ports = page(speed="normal")
    rt.dispatch(M.NewGame())
    pass_three(rt)
    trick = rt.model.game.view(HUMAN).trick
    seat = rt.model.ui.thinking
    assert seat is not None and seat != HUMAN
    ports.loop.run(until=CARD_DELAY["normal"] - 0.01)
    assert rt.model.game.view(HUMAN).trick == trick and rt.model.ui.thinking == seat
    ports.loop.run(until=CARD_DELAY["normal"] + 0.01)
    assert len(rt.model.game.view(HUMAN).trick.cards) == len(trick.cards) + 1
    assert "data-think-ms" not in ports.marks and "data-think-spans" not in ports.marks  # only under ?debug=think


@pytest.mark.parametrize("debug", [None, "think", "yes"])
def test_the_thinking_times_are_on_the_page_only_under_the_debug_flag(debug):
    ports = FakePorts(tick=0.001)
    rt = Runtime(ports, U.init(speed="instant", seed=1)[0])
    params = {"speed": "instant", "seed": "1", "debug": debug}
    rt.boot(params.get, "en", False)
    ports.loop.run()
    rt.dispatch(M.NewGame())
    pass_three(rt)
    ports.loop.run()
    shown = debug == "think"
    assert ("data-think-ms" in ports.marks) is shown and ("data-think-spans" in ports.marks) is shown
    if shown:  # one time and one span a decision, for bench/ai_browser.py
        times = ports.marks["data-think-ms"].split(",")
        assert len(times) == len(ports.marks["data-think-spans"].split(",")) >= 1
        assert all(float(t) >= 0 for t in times)


@pytest.mark.parametrize("level, speed", [("hard", "instant"), ("normal", "instant"), ("hard", "fast")])
def test_a_card_with_no_choice_comes_when_a_chosen_one_would(level, speed):
    """Issue 47: Hard answered at once when it had one legal card (or cards
    all alike) and after its search otherwise, so the card's arrival told
    what the seat held. Over a whole hand, every opponent's card comes the
    same time after its turn began, choice or not (a fake clock that moves
    5 ms at each reading: a search's time grows with its work)."""
    ports = FakePorts(tick=0.005)
    d = Driver(U.init(speed=speed, level=level, seed=3)[0], ports=ports)
    turns = {}  # (epoch, seat) -> (when the turn began, whether the seat had a choice)
    took: dict[bool, list[float]] = {True: [], False: []}
    run, dispatch = d.run, d.dispatch

    def running(effects):
        for effect in effects:
            if isinstance(effect, M.Think):
                legal = d.model.game.view(effect.seat).legal
                turns[effect.epoch, effect.seat] = (ports.loop.now, len(legal) > 1)
        run(effects)

    def dispatching(msg):
        if isinstance(msg, M.OpponentMove):
            began, choice = turns.pop((msg.epoch, msg.seat))
            took[choice].append(ports.loop.now - began)
        dispatch(msg)

    d.run, d.dispatch = running, dispatching
    d.send(M.NewGame())
    for card in d.pv.hand[:3]:
        d.send(M.ClickCard(card))
    d.send(M.ConfirmPass())
    while d.phase() == "play":
        d.send(M.ClickCard(d.pv.legal[0]))
    assert d.phase() == "hand-end"
    assert len(took[False]) >= 3 and len(took[True]) >= 10  # the last trick has no choice
    times = took[False] + took[True]
    least = max(CARD_DELAY[speed], R.THINK_AT_LEAST[level])
    assert min(times) >= least, (took, least)
    assert max(times) - min(times) <= 0.02, (min(took[False]), max(took[False]), min(took[True]), max(took[True]))


# -- slices --------------------------------------------------------------------------

def test_a_sliced_search_keeps_to_its_budget_by_the_clock():
    ports = FakePorts(tick=0.01)  # every reading of the clock: 10 ms later
    rt = Runtime(ports)
    pauses_at_step = []

    def search():
        for _ in range(20):
            pauses_at_step.append(len(ports.loop.sleeps))
            yield
        return "found"

    result = []

    async def think():
        result.append(await rt.sliced(search()))

    rt.spawn(think())
    ports.loop.run()
    assert result == ["found"]
    per_slice = [pauses_at_step.count(n) for n in sorted(set(pauses_at_step))]
    # 25 ms a slice: the clock read at its start and after each step (10 ms each)
    assert max(per_slice) == 3 and sum(per_slice) == 20
    assert len(per_slice) == 7  # a pause for the page between slices


def test_run_slice_stops_at_its_budget_and_gives_a_result_of_none():
    def gen():
        yield
        yield
        return None

    ticks = iter(range(10))
    search = gen()
    assert run_slice(search, 0.5, lambda: next(ticks)) is None  # a step a slice
    assert run_slice(search, 0.5, lambda: next(ticks)) is None
    done = run_slice(search, 0.5, lambda: next(ticks))
    assert done is not None and done.value is None  # finished, though its value is None


def test_a_hard_opponent_thinks_in_slices_and_the_page_gets_turns():
    d = Driver(level="hard", ports=FakePorts(tick=0.004))
    d.send(M.NewGame())
    for card in d.pv.hand[:3]:
        d.send(M.ClickCard(card))
    before = len(d.fake.loop.sleeps)
    d.send(M.ConfirmPass())  # North leads the two of clubs, East thinks
    assert len(d.pv.trick.cards) == 2 and d.pv.to_act == HUMAN
    assert len(d.fake.loop.sleeps) - before > 3  # not one search in one go


def test_hard_opponents_choose_their_passes_while_the_player_chooses():
    """Hard's pass search runs in slices as soon as the hand is dealt; the
    exchange uses the passes it found. Were they not ready, Hard would pass
    by its rules at once rather than keep the page waiting."""
    from hearts.ai import Hard

    d = Driver(level="hard", ports=FakePorts(tick=0.004))
    before = len(d.fake.loop.sleeps)
    d.send(M.NewGame())
    key, ready = d.model.ui.bot_passes
    assert ready is not None and len(ready) == 3 and all(len(p) == 3 for p in ready)
    assert len(d.fake.loop.sleeps) - before > 3  # not three searches in one go
    for seat, cards in zip((1, 2, 3), ready):
        assert set(cards) <= set(d.model.game.hand(seat))
    for card in d.pv.hand[:3]:
        d.send(M.ClickCard(card))
    d.send(M.ConfirmPass())
    game = d.model.game
    assert [tuple(game.passed(s)) for s in (1, 2, 3)] == list(ready)
    # The same hand, its passes not found yet: the rules' passes, at once.
    fresh, _ = U.init(speed="instant", level="hard", seed=1)
    fresh, _ = U.update(fresh, M.NewGame())
    assert fresh.ui.bot_passes[1] is None
    for card in fresh.game.view(HUMAN).hand[:3]:
        fresh, _ = U.update(fresh, M.ClickCard(card))
    dealt = fresh.game
    fresh, _ = U.update(fresh, M.ConfirmPass())
    rules = Hard(pass_search=False)
    for s in (1, 2, 3):
        assert fresh.game.passed(s) == rules.choose_pass(dealt.view(s), U.rng_for(dealt, s, "pass"))


# -- ports that fail -------------------------------------------------------------------

class Failing(FakePorts):
    def __init__(self, what, **kw):
        super().__init__(**kw)
        self.what = what

    def announce(self, text):
        if self.what == "announce":
            raise RuntimeError("the live region is gone")
        super().announce(text)

    def render(self, html):
        if self.what == "render":
            raise RuntimeError("morph failed")
        super().render(html)

    async def request_lock(self, key, steal, lost):
        if self.what == "lock":
            raise RuntimeError("no locks today")
        return await super().request_lock(key, steal, lost)


def test_a_failing_port_shows_the_error_and_loses_no_game():
    ports = Failing("announce")
    rt, _ = page(ports)
    rt.dispatch(M.NewGame())  # its announcement fails
    game = rt.model.game
    assert rt.model.ui.overlay == "error" and "the live region is gone" in rt.model.ui.error
    assert any("RuntimeError" in w for w in ports.warnings)
    assert game is not None and stored_game(rt).view(HUMAN) == game.view(HUMAN)  # saved before
    ports.what = None
    rt.dispatch(M.KeepGame())
    assert rt.model.ui.overlay is None and rt.model.game is game
    pass_three(rt)
    ports.loop.run()
    assert rt.model.game.to_act == HUMAN and len(rt.model.game.view(HUMAN).hand) == 13


def test_a_failing_task_shows_the_error_too():
    ports = Failing("lock")
    rt, _ = page(ports)
    rt.dispatch(M.NewGame())
    rt.dispatch(M.Elsewhere("open"))
    rt.dispatch(M.TakeOver())
    ports.loop.run()
    assert rt.model.ui.overlay == "error" and "no locks today" in rt.model.ui.error
    assert rt.tasks == 0


def test_when_not_even_the_error_can_be_drawn_it_is_plain_text():
    ports = Failing("render")
    rt, _ = page(ports)
    rt.dispatch(M.NewGame())
    assert "morph failed" in ports.rendered[-1] and "Traceback" in ports.rendered[-1]
    assert stored_game(rt) is not None  # the game was stored all the same


def test_saving_resumes_by_itself_when_storage_works_again():
    rt, ports = page()
    rt.dispatch(M.NewGame())
    ports.storage_works = False
    pass_three(rt)
    ports.loop.run(until=0.5)
    assert rt.model.ui.storage == "off"
    rev = rt.model.ui.rev
    assert ports.session[rt.key_of(ST.UNSAVED)] == str(rev)  # a reload can tell
    assert revision(rt.get(ST.SAVE)) < rev
    ports.storage_works = True
    ports.loop.run(until=0.5 + S.RETRY_SAVE)  # tried again after RETRY_SAVE seconds
    assert rt.model.ui.storage == "ok" and revision(rt.get(ST.SAVE)) == rt.model.ui.rev
    assert rt.key_of(ST.UNSAVED) not in ports.session and not rt.write_failed
    ports.loop.run()  # and no more retries: the loop ends
    assert not rt.model.ui.retrying and rt.tasks == 0


def test_a_stale_tab_never_overwrites_a_newer_position():
    storage = {}
    a, a_ports = page(FakePorts(storage=storage))
    a.dispatch(M.NewGame())
    b = Runtime(FakePorts(storage=storage), a.model)  # the same position in a second tab
    pass_three(a)
    a_ports.loop.run()
    newer = a.get(ST.SAVE)
    for card in b.model.game.view(HUMAN).hand[:3]:
        b.dispatch(M.ClickCard(card))
    b.dispatch(M.ConfirmPass())  # its save is refused: not newer than the stored one
    assert storage[b.key_of(ST.SAVE)] == newer
    assert b.model.ui.owner == "moved" and b.model.ui.overlay == "elsewhere"


# -- the start, and the game's lock -------------------------------------------------------

def boot(ports, **params):
    rt = Runtime(ports)
    rt.boot(lambda name: params.get(name), "en", False)
    return rt


def test_boot_waits_for_the_lock_then_is_ready_and_warms_up():
    ports = FakePorts()
    rt = boot(ports, speed="instant", seed="3")
    assert "data-ready" not in ports.marks and ports.title == "Hearts"
    assert rt.model.ui.next_seed == 3 and rt.model.ui.settings.speed == "instant"
    ports.loop.run()
    assert ports.marks["data-ready"] == "1" and ports.marks["data-lock"] == "held"
    assert ports.marks["data-warm"] == "done" and ports.marks["data-update-ms"]
    assert ports.locks_asked == [(rt.key_of(ST.OWNER), False)]


def test_a_page_whose_game_another_tab_holds_plays_nothing_until_taken_over():
    storage = {}
    first = boot(FakePorts(storage=storage), speed="instant")
    first.ports.loop.run()
    first.dispatch(M.NewGame())
    ports = FakePorts(storage=storage, lock="elsewhere")
    rt = boot(ports, speed="instant")
    ports.loop.run()
    assert len(ports.locks_asked) == 1 + len(R.LOCK_WAIT)  # asked again, then gave up
    assert ports.marks["data-lock"] == "elsewhere" and rt.model.ui.overlay == "elsewhere"
    rt.dispatch(M.TakeOver())
    ports.loop.run()
    assert ports.locks_asked[-1][1] is True and ports.marks["data-lock"] == "held"
    assert rt.model.ui.owner == "here" and rt.model.game.view(HUMAN) == first.model.game.view(HUMAN)
    first.ports.lost()  # the first tab is told that its lock was taken
    assert first.model.ui.overlay == "elsewhere" and first.ports.marks["data-lock"] == "elsewhere"


def finished_save(seed):
    """The save of a whole game, played to its end (random legal moves)."""
    import random

    from hearts import Game
    from hearts.engine.save import dumps
    from engine_helpers import play_random

    game = Game.new(seed)
    play_random(game, random.Random(seed))
    return dumps(game, rev=1)


@pytest.mark.parametrize("told", [True, False], ids=["storage-event", "no-event"])
def test_a_game_finished_in_each_tab_counts_twice_not_once(told):
    """Tab A finishes a game while B shows "elsewhere"; B takes the game
    over and finishes another: both count (B added its game to the
    statistics it read when it opened, and A's was lost). B counts on from
    what A stored: told by the storage event, and read again as it takes
    the game over (a tab in the back-forward cache gets no event)."""
    storage = {}
    a_ports = FakePorts(storage=storage)
    a = boot(a_ports, speed="instant")
    a_ports.loop.run()
    b_ports = FakePorts(storage=storage, lock="elsewhere")
    b = boot(b_ports, speed="instant")
    b_ports.loop.run()
    assert b.model.ui.owner == "open"
    for tab, seed in ((a, 11), (b, 12)):
        if tab is b:
            if told:
                b.stored_elsewhere(b.key_of(ST.STATS))
            b.dispatch(M.TakeOver())
            b_ports.loop.run()
            assert b.model.ui.owner == "here"
        tab.dispatch(M.ImportGame())
        tab.dispatch(M.Imported(finished_save(seed)))
        tab.ports.loop.run()
    stats = ST_stats.loads(storage[b.key_of(ST.STATS)])
    assert ST_stats.figures(stats)["all"].games == 2 and len(stats.seen) == 2


def damaged_saves():
    """A save cut in half, and one of a newer version, both of a revision
    far above a new game's."""
    from hearts import Game
    from hearts.engine.save import dumps, to_dict

    whole = dumps(Game.new(seed=4), rev=40)
    newer = to_dict(Game.new(seed=4), rev=40)
    newer["version"] = 2
    return [whole[: len(whole) // 2], json.dumps(newer, separators=(",", ":"))]


@pytest.mark.parametrize("damaged", damaged_saves())
def test_a_damaged_save_never_blocks_the_next_game(damaged):
    """Issue 26: one tab, a damaged save of revision 40 in the slot, New game:
    the new game's revision (1) was compared with the damaged text's, and the
    tab said the game went on in another tab."""
    storage = {}
    ports = FakePorts(storage=storage)
    rt = boot(ports, speed="instant")
    storage[rt.key_of(ST.SAVE)] = damaged
    rt = boot(ports, speed="instant")
    ports.loop.run()
    assert rt.model.ui.save_error and rt.get(ST.REFUSED) == damaged  # kept aside
    rt.dispatch(M.NewGame(1))
    ports.loop.run()
    assert rt.model.ui.overlay is None and rt.model.ui.owner == "here"
    assert stored_game(rt).view(HUMAN) == rt.model.game.view(HUMAN)
    assert rt.get(ST.REFUSED) == damaged
    pass_three(rt)  # and the game goes on being saved
    assert stored_game(rt).view(HUMAN) == rt.model.game.view(HUMAN)


def test_a_game_put_aside_by_start_fresh_is_offered_once_as_a_file():
    """Issue 47: the loading screen's Start fresh moves every stored value
    aside (under ST.ASIDE's prefix); the game in progress was kept but the
    page never said where, nor how to get it back."""
    from hearts import Game
    from hearts.engine.save import dumps

    storage = {}
    ports = FakePorts(storage=storage)
    rt = boot(ports, speed="instant")
    text = dumps(Game.new(5), 7)
    aside = ST.ASIDE.name + rt.key_of(ST.SAVE)
    storage[aside] = text  # as startFresh leaves it: nothing else stored
    rt = boot(ports, speed="instant")
    ports.loop.run()
    assert rt.model.game is None and rt.model.ui.save_error == "put-aside"
    [page] = ports.rendered
    assert "Open game from file" in page and 'data-action="download-refused"' in page
    rt.dispatch(M.DownloadRefusedSave())
    ports.loop.run()
    assert ports.downloads[-1][0] == text
    assert storage[aside] == text, "the copy put aside stays"
    rt = boot(ports, speed="instant")
    ports.loop.run()
    assert rt.model.ui.save_error is None, "said once"
    assert rt.model.ui.refused  # (still downloadable from the menu)


def test_start_fresh_during_todays_hand_offers_the_game_in_progress_not_the_days_hand():
    """Issue 50 with 47: the day's hand is saved in the game's slot and the
    game in progress beside it, in today's hand's record; Start fresh puts
    both aside, and the file offered is the game in progress."""
    from hearts import Game
    from hearts.engine.save import dumps
    from hearts.app.today_play import record_text

    storage = {}
    ports = FakePorts(storage=storage)
    rt = boot(ports, speed="instant")
    in_progress, days_hand = dumps(Game.new(5), 7), dumps(Game.new(20261207), 2)
    storage[ST.ASIDE.name + rt.key_of(ST.SAVE)] = days_hand
    storage[ST.ASIDE.name + rt.key_of(ST.TODAY)] = record_text("2026-12-07", False, in_progress)
    rt = boot(ports, speed="instant")
    ports.loop.run()
    assert rt.model.ui.save_error == "put-aside"
    rt.dispatch(M.DownloadRefusedSave())
    ports.loop.run()
    assert ports.downloads[-1][0] == in_progress


def test_a_file_opened_over_a_damaged_save_is_played_and_saved():
    from hearts import Game
    from hearts.engine.save import dumps

    storage = {}
    ports = FakePorts(storage=storage)
    storage["hearts.save"] = damaged_saves()[0]
    rt = boot(ports, speed="instant")
    ports.loop.run()
    rt.dispatch(M.Imported(dumps(Game.new(seed=9), rev=3)))
    ports.loop.run()
    assert rt.model.ui.overlay is None and rt.model.ui.owner == "here"
    assert stored_game(rt).view(HUMAN) == Game.new(seed=9).view(HUMAN)


def test_a_damaged_save_written_meanwhile_is_kept_aside_before_it_is_replaced():
    rt, ports = page()
    rt.dispatch(M.NewGame())
    damaged = damaged_saves()[0]
    ports.storage[rt.key_of(ST.SAVE)] = damaged  # (another tab's, cut short)
    pass_three(rt)
    assert rt.model.ui.overlay is None
    assert rt.get(ST.REFUSED) == damaged
    assert stored_game(rt).view(HUMAN) == rt.model.game.view(HUMAN)


def test_play_here_in_the_tab_that_holds_the_lock_ends_with_it_playing():
    """Issue 26: beside a tab without Web Locks that moved on, Play here in the
    tab with the lock stole it from itself: the browser ended its own earlier
    request, which read as a lost lock, and 'open in another tab' came back."""
    storage = {}
    ports = FakePorts(storage=storage)
    rt = boot(ports, speed="instant")
    ports.loop.run()
    rt.dispatch(M.NewGame(1))
    other_ports = FakePorts(storage=storage, lock="none")
    other = boot(other_ports, speed="instant")
    other_ports.loop.run()
    pass_three(other)  # the tab without locks went on
    pass_three(rt)
    ports.loop.run()
    assert rt.model.ui.owner == "moved" and rt.model.ui.overlay == "elsewhere"
    rt.dispatch(M.TakeOver())
    ports.loop.run()
    assert rt.model.ui.owner == "here" and rt.model.ui.overlay is None
    assert ports.marks["data-lock"] == "held"
    assert rt.model.game.view(HUMAN).hand == other.model.game.view(HUMAN).hand  # its position


@pytest.mark.parametrize("start", [2**53 - 3, 2**53 - 1])
def test_a_revision_near_the_cap_plays_on_and_every_save_it_writes_loads(start):
    """Issue 26: a save at 2**53-1 loaded and played, and the game's own next
    save (2**53) was refused on reload."""
    from hearts import Game
    from hearts.engine.save import MAX_REV, dumps, read

    storage = {"hearts.save@/": dumps(Game.new(seed=4), rev=start)}
    ports = FakePorts(storage=storage)
    rt = boot(ports, speed="instant")
    ports.loop.run()
    assert rt.model.game is not None
    for _ in range(4):
        pass_three(rt) if rt.model.game.phase.name == "PASS" else rt.dispatch(
            M.ClickCard(rt.model.game.view(HUMAN).legal[0]))
        ports.loop.run()
        assert rt.model.ui.overlay is None, rt.model.ui.owner
        text = rt.get(ST.SAVE)
        read(text)  # what it stored loads
        assert start <= revision(text) <= MAX_REV
    assert stored_game(rt).view(HUMAN) == rt.model.game.view(HUMAN)
    # a reload goes on from there
    again = boot(FakePorts(storage=storage), speed="instant")
    again.ports.loop.run()
    assert again.model.game.view(HUMAN) == rt.model.game.view(HUMAN)


def test_at_the_cap_a_stale_tab_is_still_told():
    from hearts import Game
    from hearts.engine.save import dumps

    storage = {"hearts.save@/": dumps(Game.new(seed=4), rev=2**53 - 1)}
    tabs = [boot(FakePorts(storage=storage, lock="none"), speed="instant") for _ in range(2)]
    for tab in tabs:
        tab.ports.loop.run()
    pass_three(tabs[0])
    tabs[0].ports.loop.run()
    pass_three(tabs[1])
    tabs[1].ports.loop.run()
    assert tabs[1].model.ui.owner == "moved"
    assert stored_game(tabs[0]).view(HUMAN) == tabs[0].model.game.view(HUMAN)


@pytest.mark.parametrize("text", ["²", "٣", "１２", "1" * 17, "-3", " 4", "", "3.0"])
def test_a_number_in_session_storage_that_is_not_plain_digits_reads_as_none(text):
    """Issue 26: hearts.unsaved@/ = '²' crashed the boot: isdigit() took it, int() did not."""
    from hearts import Game
    from hearts.engine.save import dumps

    ports = FakePorts(storage={"hearts.save@/": dumps(Game.new(seed=4), rev=3)})
    ports.session["hearts.unsaved@/"] = text
    rt = boot(ports, speed="instant")
    ports.loop.run()
    assert rt.model.ui.overlay is None and rt.model.game is not None
    assert rt.model.ui.behind is False and rt.unsaved_rev() == 0


class RacingPorts(FakePorts):
    """A tab whose next read of the save comes before another tab's write
    lands (two writes in the same millisecond)."""

    stale: str | None = None

    def storage_get(self, key):
        if self.stale is not None and key.startswith("hearts.save"):
            stale, self.stale = self.stale, None
            return stale
        return super().storage_get(key)


def test_two_tabs_without_locks_writing_the_same_revision_are_told_at_once():
    """Issue 26: both stored the same revision, the last writer won, and the
    other was told only at its next move."""
    from hearts import Game
    from hearts.engine.save import dumps

    storage = {"hearts.save@/": dumps(Game.new(seed=4), rev=3)}
    a_ports, b_ports = FakePorts(storage=storage, lock="none"), RacingPorts(storage=storage, lock="none")
    a, b = boot(a_ports, speed="instant"), boot(b_ports, speed="instant")
    a_ports.loop.run(), b_ports.loop.run()
    before = storage["hearts.save@/"]
    pass_three(a)  # A stores revision 4 ...
    for card in b.model.game.view(HUMAN).hand[3:6]:  # (another pass: another position)
        b.dispatch(M.ClickCard(card))
    b_ports.stale = before  # ... and B, reading before A's write landed, stores revision 4 too
    b.dispatch(M.ConfirmPass())
    assert revision(storage["hearts.save@/"]) == 4 and b.own_text == storage["hearts.save@/"]
    # each tab gets the other's storage event
    b.stored_elsewhere("hearts.save@/")
    a.stored_elsewhere("hearts.save@/")
    assert a.model.ui.owner == "moved" and a.model.ui.overlay == "elsewhere"
    assert b.model.ui.owner == "here" and b.model.ui.overlay is None
    # other keys, and a tab's own save, say nothing
    b.stored_elsewhere("hearts.stats@/")
    assert b.model.ui.owner == "here"


def test_a_tab_without_locks_is_told_as_soon_as_another_moves_on():
    storage = {}
    a, a_ports = page(FakePorts(storage=storage, lock="none"))
    a.dispatch(M.NewGame())
    b = Runtime(FakePorts(storage=storage, lock="none"), a.model)
    b.own_text = a.own_text
    pass_three(a)
    b.stored_elsewhere("hearts.save@/")
    assert b.model.ui.owner == "moved"


def test_without_web_locks_the_lock_says_none():
    ports = FakePorts(lock="none")
    boot(ports)
    ports.loop.run()
    assert ports.marks["data-lock"] == "none"


def test_a_page_going_stores_nothing_more_and_lets_the_lock_go():
    rt, ports = page()
    rt.dispatch(M.NewGame())
    text = rt.get(ST.SAVE)
    rt.leave()
    assert ports.released == 1
    pass_three(rt)
    assert rt.get(ST.SAVE) == text
    rt.come_back()  # back from the back-forward cache: from the stored position
    ports.loop.run()
    assert not rt.leaving and rt.model.game.view(HUMAN) == loads(text).view(HUMAN)


def test_moves_stored_while_the_page_started_are_adopted():
    storage = {}
    old = boot(FakePorts(storage=storage), speed="instant")
    old.ports.loop.run()
    old.dispatch(M.NewGame())
    ports = FakePorts(storage=storage)
    rt = boot(ports, speed="instant")  # the reload reads the save...
    pass_three(old)  # ...its old self still stores a move
    old.ports.loop.run()
    ports.loop.run()
    assert rt.model.game.view(HUMAN) == old.model.game.view(HUMAN)


def test_the_boot_moves_the_keys_of_before_and_reads_settings_and_notes():
    storage = {"hearts.settings": json.dumps({"level": "hard", "four_colour": True}), "hearts.lang": "[" * 99}
    ports = FakePorts(storage=storage)
    rt = boot(ports, seed="x" * 20)
    assert "hearts.settings" not in storage and ST.SETTINGS.name + "@/" in storage
    settings = rt.model.ui.settings
    assert settings.level == "hard" and settings.four_colour is True
    assert rt.model.ui.notes == ("settings-unreadable", "seed-refused")


# -- effects that are the page's: settings, language, files ---------------------------------

def test_settings_language_and_files_reach_their_ports():
    d = Driver()
    d.send(M.SetLevel("hard"))
    assert json.loads(d.get(ST.SETTINGS))["level"] == "hard"
    d.send(M.SetLang("fi"))
    assert d.get(ST.LANG) == "fi" and d.fake.lang == "fi" and d.fake.title == "Hertta"
    d.send(M.NewGame())
    d.send(M.ExportGame())
    [(text, name)] = d.fake.downloads
    assert loads(text).view(HUMAN) == d.pv and name == "hearts-game.json"
    d.send(M.ImportGame())
    assert d.model.ui.picking == "game"  # (the page opened the file chooser in the click's own handler)


def test_the_runtime_is_a_generic_loop_that_knows_nothing_of_the_game():
    # hearts/page/runtime.py is the loop (queue, effects table, tasks); what
    # the game stores, its effects and its boot are given to it
    # (hearts/page/binding.py, hearts/app/stored.py), never written in it.
    import ast
    from pathlib import Path

    from hearts.page import runtime

    tree = ast.parse(Path(runtime.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    ours = {name for name in imported if name.startswith((".", "hearts"))}
    assert ours == {"..engine.slices"}, "the runtime imports only the generic slicing of a search"
    texts = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    keys = [key.name for key in ST.KEYS]
    assert not [t for t in texts if t.startswith(ST.PREFIX) or any(k in t for k in keys)], "a storage key"
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    app_types = {name for name in vars(M) if isinstance(getattr(M, name), type) and getattr(M, name).__module__ == M.__name__}
    assert not names & app_types, "a message or an effect of the app"
    assert not {"Phase", "Model", "HUMAN", "gc", "json"} & names
