# PyScript's FFI, the same in MicroPython and Pyodide.

from typing import TypeVar

_T = TypeVar("_T")

def create_proxy(obj: _T, /) -> _T:
    """``obj`` (a function) kept alive for JavaScript to call later; to
    Python it is still the same callable."""

def to_js(value: object, /) -> object:
    """A JavaScript value of ``value`` (a dict becomes a plain object, a
    list an array), to hand to a JavaScript call."""
