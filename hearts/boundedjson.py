"""JSON from untrusted text, refused before parsing when it is too long or
nested too deep.

Python's ``json`` parses nested arrays and objects by recursion in C. In
the page (Pyodide, WebAssembly) the C stack is far smaller than CPython's
recursion limit assumes: 6,000 levels of ``[`` overflow it and kill the
interpreter ("Maximum call stack size exceeded") before Python can raise
``RecursionError``. So every stored text is measured first: its length,
and the depth of its brackets outside strings, found with two regular
expressions and no recursion.

>>> loads('{"a": [1, "[[[["]}', max_chars=100, max_depth=2)
{'a': [1, '[[[[']}
>>> loads("[" * 6000 + "]" * 6000, max_chars=20000, max_depth=16)
Traceback (most recent call last):
...
hearts.boundedjson.TooDeep: nested 6000 levels deep, at most 16 allowed
>>> depth('{"a": "\\\\"}", "b": [[]]}')
3
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

# A JSON string: a quote, then runs of plain characters and escapes (the
# unrolled form: linear, whatever the text).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class Refused(ValueError):
    """The text was not parsed."""


class TooLong(Refused):
    pass


class TooDeep(Refused):
    pass


def depth(text: str) -> int:
    """How deep the text's arrays and objects nest (0 for a scalar), counted
    outside strings; an unclosed string's brackets count too (the text is
    not JSON then anyway)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def loads(text: str, *, max_chars: int, max_depth: int) -> Any:
    """``json.loads(text)``, or :class:`TooLong` / :class:`TooDeep` without
    parsing, or ``ValueError`` (not JSON)."""
    if not isinstance(text, str):
        raise Refused("not a text")
    if len(text) > max_chars:
        raise TooLong(f"{len(text)} characters, at most {max_chars} allowed")
    levels = depth(text)
    if levels > max_depth:
        raise TooDeep(f"nested {levels} levels deep, at most {max_depth} allowed")
    return json.loads(text)
