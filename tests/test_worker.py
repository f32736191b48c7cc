"""The game's side of the page/worker messages (hearts/page/worker.py), in
CPython: the page's messages in, the worker's out, over asyncio as in Pyodide."""

import asyncio
import json

import pytest

from hearts.app import stored as ST
from hearts.page import worker as W


class Console:
    def __init__(self):
        self.warnings = []

    def warn(self, text):
        self.warnings.append(text)


class Page:
    """What the page received from the worker, and a helper to answer."""

    def __init__(self):
        self.sent = []

    def post(self, kind, **fields):
        self.sent.append(dict(fields, kind=kind))

    def last(self, kind):
        return next((m for m in reversed(self.sent) if m["kind"] == kind), None)

    def marks(self):
        return {m["name"]: m["value"] for m in self.sent if m["kind"] == "mark"}


def booted(local=None, params=None):
    """The worker started as the page starts it, its lock granted; (page, console)."""
    page, console = Page(), Console()

    async def run():
        W.start(page.post, {"kind": "start", "path": "/", "params": {"seed": "1", "speed": "instant", **(params or {})},
                            "lang": "en", "storage": True, "local": local or {}, "session": {}},
                console, lambda: 0.0)
        for _ in range(50):
            await asyncio.sleep(0)
            asked = page.last("lock")
            if asked and not any(m["kind"] == "answered" for m in page.sent):
                W.receive({"kind": "answer", "id": asked["id"], "value": "held"})
                page.sent.append({"kind": "answered"})
            if page.marks().get("data-ready"):
                break

    asyncio.run(run())
    return page, console


def test_the_worker_boots_to_the_start_screen_and_asks_the_page_for_the_lock():
    page, console = booted()
    assert page.sent[0] == {"kind": "limits", "file": W.MAX_TEXT * 4}
    assert 'data-phase="start"' in page.last("render")["html"]
    assert page.last("lock")["key"] == ST.scoped(ST.OWNER.name, "/") and page.last("lock")["steal"] is False
    assert page.marks()["data-ready"] == "1" and page.marks()["data-lock"] == "held"
    assert console.warnings == []


@pytest.mark.parametrize("message", [
    {"kind": "bogus"}, {"kind": None}, {}, {"kind": "card", "card": 7}, {"kind": "action", "action": ["x"]},
    {"kind": "answer", "id": 999, "value": "held"}, {"kind": "lost", "id": "x"},
    {"kind": "refused", "area": "disk", "key": "k", "value": "v"}, {"kind": "stored", "key": None},
    "not an object", 42,
])
def test_a_message_the_worker_does_not_understand_is_dropped(message):
    page, console = booted()
    before = W.RUNTIME.model
    rendered = len(page.sent)

    async def run():
        W.receive(message)
        await asyncio.sleep(0)

    asyncio.run(run())
    assert W.RUNTIME.model.ui.error is None
    assert W.RUNTIME.model.game is before.game and W.RUNTIME.model.ui.screen == "start"
    assert not any(m["kind"] == "render" and "error" in m["html"] for m in page.sent[rendered:])
    kind = message.get("kind") if isinstance(message, dict) else None
    if kind in ("bogus", None) or not isinstance(message, dict):
        assert console.warnings and "dropped" in console.warnings[-1]


@pytest.mark.parametrize("what, notice", [("offline", "offline"), ("quota", "update-quota")])
def test_the_pages_word_of_the_service_worker_becomes_a_notice(what, notice):
    page, _ = booted()

    async def run():
        W.receive({"kind": "update", "what": what})
        await asyncio.sleep(0)

    asyncio.run(run())
    assert W.RUNTIME.model.ui.versions.notices == (notice,)
    assert f'data-notice="{notice}"' in page.last("render")["html"]


def test_a_parameter_given_twice_is_read_as_the_start_screen_reads_it():
    """?level=easy&level=hard: the first value, as URLSearchParams.get (the
    start screen before Python) reads it; the level button pressed stays."""
    console, sent = Console(), []

    async def run():
        W.start(lambda kind, **f: sent.append(dict(f, kind=kind)),
                {"kind": "start", "path": "/", "search": "?level=easy&speed=instant&level=hard&seed=1&seed=2",
                 "lang": "en", "storage": True, "local": {}, "session": {}}, console, lambda: 0.0)
        await asyncio.sleep(0)

    asyncio.run(run())
    settings = W.RUNTIME.model.ui.settings
    assert (settings.level, settings.speed, W.RUNTIME.model.ui.next_seed) == ("easy", "instant", 1)


class Proxy:
    """A JavaScript object as Pyodide hands it over: ``to_py`` converts it
    whole, which raises on a structure nested deeper than the worker's stack
    allows (2,000 arrays in Chromium's worker), or ``depth`` levels deep."""

    def __init__(self, data, deep=False, broken=False):
        self.data, self.deep, self.broken = data, deep, broken

    def to_py(self, depth=-1):
        if self.broken or (self.deep and depth == -1):
            raise RecursionError("maximum recursion depth exceeded")
        return {k: Proxy(v) if isinstance(v, list) else v for k, v in self.data.items()}


@pytest.mark.parametrize("message", [
    Proxy({"kind": "card", "card": [[[]]], "detail": 1}, deep=True),
    Proxy({"kind": "action", "action": "level", "value": [[[]]]}, deep=True),
    Proxy({"kind": "action", "action": "new-game"}, broken=True),
], ids=["nested-card", "nested-value", "unconvertible"])
def test_a_hostile_message_shape_is_dropped_and_logged_never_an_error(message):
    page, console = booted()

    async def run():
        W.receive({"kind": "action", "action": "new-game"})
        W.receive(message)
        await asyncio.sleep(0)

    asyncio.run(run())
    assert W.RUNTIME.model.ui.error is None and W.RUNTIME.model.ui.overlay is None
    assert console.warnings and "dropped" in console.warnings[-1]


def test_a_forged_leave_does_not_leave_later_moves_unsaved():
    """A "leave" the page did not send (pagehide sends it, and nothing comes
    after it but "back"): the next click shows the page is here, so the tab
    stores again (saying so in the console) and asks for the lock again."""
    page, console = booted()
    key = ST.scoped(ST.SAVE.name, "/")

    async def run():
        W.receive({"kind": "action", "action": "new-game"})
        W.receive({"kind": "leave"})
        for card in W.RUNTIME.model.game.view(0).hand[:3]:
            W.receive({"kind": "card", "card": str(card), "detail": 1})
        W.receive({"kind": "action", "action": "confirm-pass", "detail": 1})
        for _ in range(20):
            await asyncio.sleep(0)
            asked = page.last("lock")
            if asked["id"] > 1 and not any(m["kind"] == "answered-again" for m in page.sent):
                W.receive({"kind": "answer", "id": asked["id"], "value": "held"})
                page.sent.append({"kind": "answered-again"})

    asyncio.run(run())
    stores = [m for m in page.sent if m["kind"] == "store" and m["key"] == key]
    assert stores and json.loads(stores[-1]["value"])["rev"] == W.RUNTIME.model.ui.rev
    assert W.RUNTIME.model.game.phase.value == "play"
    assert any("going" in w for w in console.warnings) and page.marks()["data-lock"] == "held"


def test_clicks_become_messages_and_the_view_comes_back():
    page, _ = booted()

    async def run():
        W.receive({"kind": "action", "action": "new-game"})
        await asyncio.sleep(0)

    asyncio.run(run())
    assert W.RUNTIME.model.game is not None
    assert 'data-phase="pass"' in page.last("render")["html"]
    store = page.last("store")
    assert store["area"] == "local" and store["key"] == ST.scoped(ST.SAVE.name, "/") and store["expect"] is None


def test_a_second_click_of_a_double_click_is_not_a_choice_but_a_quick_click_on_another_card_is():
    page, _ = booted()

    async def run():
        W.receive({"kind": "action", "action": "new-game"})
        await asyncio.sleep(0)
        card, other = (str(c) for c in W.RUNTIME.model.game.view(0).hand[:2])
        W.receive({"kind": "card", "card": card, "detail": 1})
        assert {str(c) for c in W.RUNTIME.model.ui.picked} == {card}
        W.receive({"kind": "card", "card": card, "detail": 2})  # the same card's double click: once
        assert {str(c) for c in W.RUNTIME.model.ui.picked} == {card}
        # the browser counts a quick click near the last as its second, on another card too
        W.receive({"kind": "card", "card": other, "detail": 2})
        assert {str(c) for c in W.RUNTIME.model.ui.picked} == {card, other}

    asyncio.run(run())


async def my_turn(runtime):
    """Pass, then let the opponents play (the worker's tasks) until the player is to play."""
    for _ in range(2000):
        game, ui = runtime.model.game, runtime.model.ui
        if game.phase.value == "pass" and len(ui.picked) < 3:
            W.receive({"kind": "card", "card": str(game.view(0).hand[len(ui.picked)]), "detail": 1})
        elif game.phase.value == "pass":
            W.receive({"kind": "action", "action": "confirm-pass", "detail": 1})
        elif game.to_act == 0 and not ui.pause:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("never the player's turn")


def test_a_double_click_on_undo_or_new_game_acts_once():
    """The 2nd click of a double click (its detail: 2) on a button is
    dropped: Undo takes back one card, New game deals one game and asks
    nothing."""
    booted()
    runtime = W.RUNTIME

    def held():
        return len(runtime.model.game.view(0).hand)

    async def run():
        async def click(action, detail):
            W.receive({"kind": "action", "action": action, "detail": detail})
            await asyncio.sleep(0)

        await click("new-game", 1)
        await click("new-game", 2)
        assert runtime.model.ui.overlay is None and runtime.model.game is not None
        for _ in range(2):
            await my_turn(runtime)
            W.receive({"kind": "card", "card": str(runtime.model.game.view(0).legal[0]), "detail": 1})
        await my_turn(runtime)
        assert held() == 11
        await click("undo", 1)
        await click("undo", 2)
        assert held() == 12  # one card back, not two
        await click("undo", 1)  # a click of its own acts
        assert held() == 13

    asyncio.run(run())


def test_another_tabs_write_reaches_the_copy():
    page, _ = booted()
    key = ST.scoped(ST.STATS.name, "/")

    async def run():
        W.receive({"kind": "stored", "key": key, "value": "{}"})
        assert W.PORTS.storage_get(key) == "{}"
        W.receive({"kind": "stored", "key": key, "value": None})
        assert W.PORTS.storage_get(key) is None

    asyncio.run(run())


def test_a_stolen_lock_stops_this_tab():
    page, _ = booted()

    async def run():
        W.receive({"kind": "action", "action": "new-game"})
        await asyncio.sleep(0)
        W.receive({"kind": "lost", "id": page.last("lock")["id"]})
        await asyncio.sleep(0)

    asyncio.run(run())
    assert W.RUNTIME.model.ui.owner == "open" and page.marks()["data-lock"] == "elsewhere"


def test_a_ping_is_answered():
    page, _ = booted()
    W.receive({"kind": "ping"})
    assert page.sent[-1] == {"kind": "pong"}


def test_the_page_opens_the_file_chooser_for_exactly_the_buttons_that_ask_for_a_file():
    """The controller opens the chooser in the click's own handler (a message
    from the worker is no user gesture) for the actions in
    protocol.PICKS_A_FILE: exactly those whose message asks for a file
    (M.PickFile), on the screen where each is drawn."""
    from hearts.app import events, messages as M
    from hearts.app import update as U
    from hearts.page import protocol

    listed = set(protocol.PICKS_A_FILE)
    model, _ = U.init(speed="instant", seed=1)
    stats, _ = U.update(model, events.decode("stats"))
    asking = set()
    for action in events.Action:
        msg = events.decode(action.value, None, seed=lambda: 1)
        if msg is None:
            continue
        for screen in (model, stats):
            if any(isinstance(e, M.PickFile) for e in U.update(screen, msg)[1]):
                asking.add(action.value)
    assert listed == asking == {"import-game", "import-stats"}


def test_a_download_is_the_pages_and_leaves_no_task_behind():
    """The page frees the file's URL itself (the controller): the worker keeps
    no 30-second task for it, so data-running goes back to 0 at once."""
    page, _ = booted()

    async def run():
        W.RUNTIME.download("{}", "hearts-game.json")
        await asyncio.sleep(0)

    asyncio.run(run())
    assert page.last("download") == {"kind": "download", "text": "{}", "name": "hearts-game.json"}
    assert W.RUNTIME.tasks == 0


def test_the_actions_the_controller_names_are_the_pages():
    """The controller moves focus by action names (protocol.LATER_FOCUS,
    CONFIRM_PASS): each is a data-action of the page (events.Action)."""
    from hearts.app import events
    from hearts.page import protocol

    actions = {action.value for action in events.Action}
    assert set(protocol.LATER_FOCUS) | {protocol.CONFIRM_PASS} <= actions
    assert protocol.CONFIRM_PASS == events.Action.CONFIRM_PASS
