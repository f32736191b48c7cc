"""JSON from untrusted text, refused before parsing when it is too long or
nested too deep.

Python's ``json`` parses nested arrays and objects by recursion in C. In
the page (Pyodide, WebAssembly) the C stack is far smaller than CPython's
recursion limit assumes: 6,000 levels of ``[`` overflow it and kill the
interpreter ("Maximum call stack size exceeded") before Python can raise
``RecursionError``. So every stored text is measured first: its length,
and the depth of its brackets outside strings, found by :func:`scan` in
one pass that never goes back (linear in the length whatever the text:
the regular expression of before started again at every escaped quote of
an unclosed string, and 1 MB of them froze the page for hours).

>>> loads('{"a": [1, "[[[["]}', max_chars=100, max_depth=2)
{'a': [1, '[[[[']}
>>> loads("[" * 6000 + "]" * 6000, max_chars=20000, max_depth=16)
Traceback (most recent call last):
...
hearts.engine.boundedjson.TooDeep: nested 6000 levels deep, at most 16 allowed
>>> depth('{"a": "\\\\"}", "b": [[]]}')
3
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, NamedTuple

# The text's tokens, one after the other from its first character: a string
# (a quote, then plain runs and escapes, up to its closing quote or the end
# of the text: an unclosed string is a token too, so a string never fails
# once begun), or a run of anything up to the next quote. Every character
# begins one of the two, so each match starts where the last one ended, and
# the possessive quantifiers (++, *+) never give back what they took: no
# character is read twice.
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)|[^"]++', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class Refused(ValueError):
    """The text was not parsed."""


class TooLong(Refused):
    pass


class TooDeep(Refused):
    pass


class Scan(NamedTuple):
    depth: int  # the deepest nesting (or the first past ``stop_above``)
    steps: int  # characters the scan read, plus one a token: the test of linearity


def scan(text: str, stop_above: int | None = None) -> Scan:
    """How deep the text's arrays and objects nest, outside strings, read
    token by token from the start (an unclosed string runs to the end of
    the text, its brackets not counted: the text is not JSON anyway);
    stops at the first level past ``stop_above``.

    >>> scan('[1, "]]", {"a": []}]')
    Scan(depth=3, steps=31)
    """
    level = deepest = steps = pos = 0
    for token in _TOKEN.finditer(text):
        start, pos = token.span()
        steps += pos - start + 1
        if text[start] == '"':
            continue
        brackets = _NOT_BRACKET.sub("", token.group())
        if not brackets:
            continue
        steps += len(brackets)
        deepest = max(deepest, *accumulate(map(_STEP.__getitem__, brackets), initial=level))
        level += 2 * (brackets.count("[") + brackets.count("{")) - len(brackets)
        if stop_above is not None and deepest > stop_above:
            break
    return Scan(deepest, steps)


def depth(text: str) -> int:
    """How deep the text's arrays and objects nest (0 for a scalar); see :func:`scan`."""
    return scan(text).depth


def loads(text: str, *, max_chars: int, max_depth: int) -> Any:
    """``json.loads(text)``, or :class:`TooLong` / :class:`TooDeep` without
    parsing, or ``ValueError`` (not JSON)."""
    if not isinstance(text, str):
        raise Refused("not a text")
    if len(text) > max_chars:
        raise TooLong(f"{len(text)} characters, at most {max_chars} allowed")
    levels = scan(text, stop_above=max_depth).depth
    if levels > max_depth:
        raise TooDeep(f"nested {levels} levels deep, at most {max_depth} allowed")
    return json.loads(text)
