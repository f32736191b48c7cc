"""What the page's controller reads of the page, its messages and its storage.

Small helpers for the controller's modules (:mod:`hearts.page.controller`,
:mod:`hearts.page.focus`, :mod:`hearts.page.start_screen`), which run in
MicroPython on the main thread: a JavaScript value as Python reads it, and
a JavaScript call that may throw made so that Python hears of it
(``assets/attempt.js`` says why that one is JavaScript).

The controller's modules are typed for mypy against the stubs of the
browser's modules (``typings/js.pyi``, ``typings/pyscript/``). MicroPython
has no ``typing`` and never evaluates an annotation, so the annotations
name the stubs' types (``js.HTMLElement``) freely, and what mypy needs of
``typing`` comes in only while it checks (``TYPE_CHECKING``, which only
mypy takes to be true); ``cast`` is then typing's, and here the identity.
The one exception: a handler bound with PyScript's ``when``, whose
signature PyScript inspects in Pyodide (which evaluates it), names them in
strings.
"""

import json

import js
from pyscript.ffi import to_js
from pyscript.js_modules.attempt import attempt

try:
    from hearts.page import protocol as P
except ImportError:  # MicroPython: pyscript.toml puts it at the top
    import protocol as P  # type: ignore[import-not-found, no-redef]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, cast as cast
else:
    def cast(kind, value):
        return value

html = js.document.documentElement
document = js.document
NO_SCROLL = to_js({"preventScroll": True})


def one(selector: str) -> js.HTMLElement | None:
    """The first element that matches ``selector``, or None."""
    return document.querySelector(selector)


def file_input() -> js.HTMLInputElement | None:
    """The file chooser's input, once drawn (``protocol.FILE_INPUT_ID``)."""
    return cast("js.HTMLInputElement | None", document.getElementById(P.FILE_INPUT_ID))


def escape(value: str) -> str:
    return js.CSS.escape(value)


_UNDEFINED = type(js.undefined)


def field(data: object, name: str) -> Any:
    """A field of a message from the worker: None when it is missing, null
    or undefined (Pyodide sends Python's None as undefined)."""
    value = getattr(data, name, None)
    return None if value is None or type(value) is _UNDEFINED else value


def text(data: object, name: str) -> str:
    """A field of a message as a str (a missing one as "")."""
    value = field(data, name)
    return "" if value is None else str(value)


def has_class(el: object, name: str) -> bool:
    """Whether ``el`` (any event target: an element, the document) has the class."""
    classes = field(el, "classList")
    return classes is not None and classes.contains(name) is True


def attr(el: js.Element, name: str) -> str | None:
    """An attribute of ``el`` as a str, or None."""
    value = el.getAttribute(name)
    return None if value is None else str(value)


_AREAS = {"local": "localStorage", "session": "sessionStorage"}


def call(target: object | None, method: str, *args: object) -> tuple[bool, Any]:
    """target.method(*args), and whether it went well: (ok, value). A
    JavaScript exception (storage disabled, full) is an answer here, never a
    crash (assets/attempt.js says why it is JavaScript)."""
    if target is None:
        return False, None
    answer = attempt(target, method, *args)
    return answer.ok is True, field(answer, "value")


def time_origin() -> float:
    """The page's ``performance.timeOrigin`` in ms, as a float.

    Read through JSON, not as ``js.performance.timeOrigin``: MicroPython
    turns a JavaScript number with no fraction into a 32-bit int (Chromium's
    origin is sometimes whole: 1795296331432 arrived as 1704), and the
    worker, which times the opponents on the page's clock, then took the
    page to have started in 1970."""
    ok, encoded = call(js.JSON, "stringify", js.performance)
    try:
        return float(json.loads(str(encoded))["timeOrigin"]) if ok else 0.0
    except (ValueError, KeyError, TypeError):
        return 0.0


def area(name: str) -> js.Storage | None:
    """window's localStorage or sessionStorage, or None (disabled, a
    sandboxed frame, or no such area)."""
    if name not in _AREAS:
        return None
    ok, store = call(js.Reflect, "get", js.window, _AREAS[name])
    return store if ok else None


def read(store: js.Storage | None, key: str) -> str | None:
    ok, value = call(store, "getItem", key)
    return str(value) if ok and value is not None else None
