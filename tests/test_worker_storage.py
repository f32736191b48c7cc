"""Storage with Python in a worker (hearts/page/mirror.py): the worker's copy,
the page's compare-and-set, and the runtime's answer to a write the page
refused or made (Runtime.write_done), in CPython: a stale tab never
overwrites, and a save counts as stored only once the page has stored it."""

from hearts.app import messages as M
from hearts.app import stored as ST
from hearts.engine.save import revision
from hearts.page.mirror import Mirror

from fake_ports import FakePorts
from test_keeping import playing
from test_ui import play_legal


class Page:
    """The page's main thread as assets/page.js stores: a write of
    localStorage only if the storage still holds what the worker's copy
    held (``expect``); else, or when the storage is full, a refusal for the
    worker; each answer (``answers``) waits for :meth:`deliver`."""

    def __init__(self, storage: dict, full: bool = False) -> None:
        self.storage = storage  # localStorage
        self.session: dict = {}
        self.full = full  # localStorage refuses every write
        self.answers: list[dict] = []

    def post(self, kind, **fields) -> None:
        area = self.storage if fields.get("area") == "local" else self.session
        if kind == "forget":
            area.pop(fields["key"], None)
        if kind != "store":
            return
        key, value = fields["key"], fields["value"]
        actual = area.get(key)
        if area is self.storage and actual != fields["expect"]:
            self.answers.append(dict(fields, kind="refused", actual=actual, full=False))
        elif area is self.storage and self.full:
            self.answers.append(dict(fields, kind="refused", actual=actual, full=True))
        else:
            area[key] = value
            if area is self.storage:
                self.answers.append(dict(fields, kind="written"))

    @property
    def refusals(self) -> list[dict]:
        return [a for a in self.answers if a["kind"] == "refused"]

    def deliver(self, driver) -> None:
        """The answers reach the worker (hearts.page.worker: "written", "refused")."""
        while self.answers:
            a = self.answers.pop(0)
            if a["kind"] == "refused":
                driver.fake.mirror.refused(a["area"], a["key"], a["value"], a["actual"])
            elif a["area"] == "local":
                driver.fake.mirror.written()
            if a["area"] == "local":
                driver.write_done(a["key"], a["value"], a["kind"] == "written", a["full"] if a["kind"] == "refused" else False)


class MirrorPorts(FakePorts):
    """FakePorts whose storage is the worker's copy (hearts.page.worker.WorkerPorts)."""

    def __init__(self, page: Page) -> None:
        super().__init__()
        self.mirror = Mirror(page.post, dict(page.storage), {})

    def storage_get(self, key):
        return self.mirror.get("local", key)

    def storage_set(self, key, value):
        return self.mirror.set("local", key, value)

    def storage_remove(self, key):
        self.mirror.remove("local", key)

    def session_get(self, key):
        return self.mirror.get("session", key)

    def session_set(self, key, value):
        self.mirror.set("session", key, value)

    def session_remove(self, key):
        self.mirror.remove("session", key)


def in_worker(page: Page):
    """A tab playing a game whose ports are the worker's (its save written by ``page``)."""
    d = playing()
    ports = MirrorPorts(page)
    ports.mirror.set("local", d.key_of(ST.SAVE), d.saved)  # the position so far, stored
    d.ports = d.fake = ports
    return d


def test_the_copy_sends_each_write_with_what_it_held_before():
    sent = []
    mirror = Mirror(lambda kind, **f: sent.append((kind, f)), {"k": "1", 2: "x", "n": None}, {})
    assert mirror.values["local"] == {"k": "1"}  # only text keys and values are taken
    mirror.set("local", "k", "2")
    mirror.set("session", "s", "a")
    mirror.remove("local", "k")
    assert sent == [("store", {"area": "local", "key": "k", "value": "2", "expect": "1"}),
                    ("store", {"area": "session", "key": "s", "value": "a", "expect": None}),
                    ("forget", {"area": "local", "key": "k"})]
    assert mirror.get("local", "k") is None and mirror.get("session", "s") == "a"


def test_storage_that_did_not_work_is_asked_again_and_works_once_a_write_does():
    sent = []
    mirror = Mirror(lambda kind, **f: sent.append(kind), {}, {}, works=False)
    assert mirror.set("local", "k", "v") is False  # told as failed at once...
    assert sent == ["store"]  # ...but the page tries it all the same (room again?)
    assert mirror.refused("local", "k", "v", None) and mirror.get("local", "k") is None
    mirror.written()  # a write went in: the storage works again
    assert mirror.set("local", "k", "w") is None


def test_a_refusal_behind_a_later_write_leaves_the_copy_alone():
    mirror = Mirror(lambda kind, **f: None, {}, {})
    mirror.set("local", "k", "1")
    mirror.set("local", "k", "2")
    assert mirror.refused("local", "k", "1", None) is False and mirror.get("local", "k") == "2"
    assert mirror.refused("local", "k", "2", "other") is True and mirror.get("local", "k") == "other"


def test_moves_are_stored_through_the_page():
    page = Page({})
    d = in_worker(page)
    before = revision(page.storage[d.key_of(ST.SAVE)])
    play_legal(d)
    page.deliver(d)
    d.settle()
    assert not page.refusals
    assert revision(page.storage[d.key_of(ST.SAVE)]) > before
    assert page.storage[d.key_of(ST.SAVE)] == d.get(ST.SAVE)


def test_a_stale_tab_never_overwrites_a_later_save():
    """Another tab stored a later position; its storage event has not reached
    this worker yet: this tab's next move is refused by the page, and the
    tab is told that the game moved on elsewhere."""
    page = Page({})
    d = in_worker(page)
    other = playing()
    play_legal(other)
    play_legal(other)
    later = other.saved
    page.storage[d.key_of(ST.SAVE)] = later  # written by the other tab, unseen here
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    assert page.refusals and page.storage[d.key_of(ST.SAVE)] == later
    page.deliver(d)
    assert M.Elsewhere("moved") in d.queue  # told at once, not at the next move
    d.settle()
    assert page.storage[d.key_of(ST.SAVE)] == later  # never overwritten
    assert d.model.ui.owner == "moved" and d.model.ui.overlay == "elsewhere"


def test_a_write_the_full_storage_refuses_is_a_failed_save():
    page = Page({})
    d = in_worker(page)
    stored = page.storage[d.key_of(ST.SAVE)]
    page.full = True
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    assert page.refusals
    page.deliver(d)
    d.settle(until=lambda m: m.ui.storage == "off")
    assert d.model.ui.storage == "off"  # "Not saved", and a retry is scheduled
    assert page.storage[d.key_of(ST.SAVE)] == stored
    page.deliver(d)  # (the moves made meanwhile were refused too)
    assert d.get(ST.SAVE) == stored  # the copy holds what the storage holds
    assert page.session[d.key_of(ST.UNSAVED)] == d.ports.session_get(d.key_of(ST.UNSAVED)) is not None
    page.full = False  # space again: the retry stores the position
    for _ in range(5):  # (the fake clock runs each retry at once: one at a time)
        d.settle(until=lambda m: bool(page.answers) or m.ui.storage == "ok")
        page.deliver(d)
        if d.model.ui.storage == "ok":
            break
    assert d.model.ui.storage == "ok" and revision(page.storage[d.key_of(ST.SAVE)]) == d.model.ui.rev


def test_a_save_is_stored_only_once_the_page_says_so():
    page = Page({})
    d = in_worker(page)
    page.deliver(d)
    before = d.saved_rev
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    assert d.awaiting and d.saved_rev == before  # asked, not yet stored
    page.deliver(d)
    assert not d.awaiting and d.saved_rev == revision(page.storage[d.key_of(ST.SAVE)]) > (before or 0)


def test_a_new_version_waits_for_the_last_save():
    page = Page({})
    d = in_worker(page)
    page.deliver(d)
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    d.apply_update()
    assert d.fake.updates_applied == 0  # not with a position the page has not stored yet
    page.deliver(d)
    assert d.fake.updates_applied == 1


def test_a_page_whose_storage_was_full_at_the_start_saves_once_there_is_room():
    """The page's probe failed at the start (storage full): writes are
    still sent, told as failed; once one goes in, saving resumes."""
    page = Page({}, full=True)
    d = playing()
    ports = MirrorPorts(page)
    ports.mirror.works = False
    d.ports = d.fake = ports
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    page.deliver(d)
    d.settle(until=lambda m: m.ui.storage == "off")
    assert d.model.ui.storage == "off"
    page.full = False
    for _ in range(6):  # the retries (M.RetrySave; the fake clock runs each at once: one at a time)
        d.settle(until=lambda m: bool(page.answers) or m.ui.storage == "ok")
        page.deliver(d)
        if d.model.ui.storage == "ok":
            break
    assert d.model.ui.storage == "ok" and revision(page.storage[d.key_of(ST.SAVE)]) == d.model.ui.rev
