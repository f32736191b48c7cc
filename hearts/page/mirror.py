"""The page's storage as the worker sees it: a copy, kept by messages.

Python runs in a Web Worker (``hearts/page/worker.py``), where there is no
localStorage or sessionStorage; the page's main thread (:mod:`hearts.page.controller`)
has them. The runtime reads storage synchronously, so the worker keeps a
copy of this install's keys: the page sends them at the start and every
change another tab makes (the storage event); each write the runtime makes
changes the copy at once and goes to the page as a message.

A write to localStorage is a compare-and-set: it carries the value the copy
held before it (``expect``), and the page stores it only if the storage
still holds that value. So a tab whose copy is behind (another tab stored a
later position a moment ago, its storage event not here yet) never
overwrites it: the page refuses, sends what is stored, and the runtime
decides again from that (:meth:`hearts.page.binding.Runtime.write_done`).
A write the page made is confirmed ("written"): only then is a save stored.
A write the browser refuses (storage full, or disabled) comes back the same
way.

>>> sent = []
>>> mirror = Mirror(lambda kind, **fields: sent.append((kind, fields)), {"a": "1"}, {})
>>> mirror.set("local", "a", "2"), mirror.get("local", "a")
(None, '2')
>>> sent
[('store', {'area': 'local', 'key': 'a', 'value': '2', 'expect': '1'})]
>>> mirror.refused("local", "a", "2", "9")  # another tab stored 9 first
True
>>> mirror.get("local", "a")
'9'
"""

from __future__ import annotations

from typing import Callable, Mapping

from . import protocol as P
from .protocol import AREAS


class Mirror:
    """This install's stored values, local and session (see the module).
    ``post(kind, **fields)`` sends a message to the page; ``works``: the
    page could write to its storage when the worker started."""

    def __init__(self, post: Callable[..., None], local: Mapping[str, str], session: Mapping[str, str],
                 works: bool = True) -> None:
        self.post = post
        self.values: dict[str, dict[str, str]] = {
            "local": _strings(local),
            "session": _strings(session),
        }
        self.works = works

    def get(self, area: str, key: str) -> str | None:
        return self.values[area].get(key)

    def set(self, area: str, key: str, value: str) -> bool | None:
        """Store ``value``: None, the page stores it and answers ("written",
        or "refused": :meth:`refused`). False while the page's storage does
        not work (as at the start, or until a write works again: a full
        storage that has room again): the page is asked all the same, and
        its first "written" (:meth:`written`) says it works."""
        values = self.values[area]
        expect = values.get(key)
        values[key] = value
        self.post(P.STORE, area=area, key=key, value=value, expect=expect)
        return None if self.works else False

    def written(self) -> None:
        """The page stored a value: its storage works."""
        self.works = True

    def remove(self, area: str, key: str) -> None:
        """Forget ``key`` (as the runtime's removals always did: whatever is stored)."""
        self.values[area].pop(key, None)
        self.post(P.FORGET, area=area, key=key)

    def changed(self, key: str, value: str | None) -> None:
        """Another tab stored ``value`` under ``key`` (None: removed it)."""
        if value is None:
            self.values["local"].pop(key, None)
        else:
            self.values["local"][key] = value

    def refused(self, area: str, key: str, value: str | None, actual: str | None) -> bool:
        """The page did not store ``value``; the storage holds ``actual``.
        The copy takes ``actual`` unless a later write of the same key is
        on its way (then that one's answer will tell). True when the copy
        now holds ``actual``."""
        values = self.values[area]
        if values.get(key) != value:
            return False
        if actual is None:
            values.pop(key, None)
        else:
            values[key] = actual
        return True


def _strings(values: Mapping[str, object]) -> dict[str, str]:
    """Only str keys and values (anything else the page sent is dropped)."""
    return {k: v for k, v in values.items() if type(k) is str and type(v) is str}
