"""Running a generator a slice of time at a time (standard library only).

A long computation that must not freeze the page (Hard's search, the
hint) is a generator: it yields now and then and returns its result
(``StopIteration.value``). :func:`run_slice` advances one for about a
given number of seconds; :func:`finish` runs one to its end. The page's
runtime (:mod:`hearts.page.runtime`) awaits between slices, tests and the
tournament simply finish.

>>> def count(n):
...     for i in range(n):
...         yield i
...     return "done"
>>> finish(count(3))
'done'
>>> search = count(3)
>>> ticks = iter(range(100))  # a clock that moves a second each time it is read
>>> [run_slice(search, 0.5, lambda: next(ticks)) for _ in range(4)]  # a step a slice
[None, None, None, Done(value='done')]
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator, Iterator, NamedTuple, TypeVar

T = TypeVar("T")


class Done(NamedTuple):
    """A finished generator's return value (which may be None)."""
    value: Any


def run_slice(gen: Iterator[Any], seconds: float, clock: Callable[[], float] = time.perf_counter) -> Done | None:
    """Advance ``gen`` until ``clock`` says ``seconds`` have passed (at least
    one step): ``Done(value)`` once it has returned, else None (call again)."""
    end = clock() + seconds
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return Done(done.value)
        if clock() >= end:
            return None


def finish(gen: Generator[Any, Any, T]) -> T:
    """Run ``gen`` to its end; its return value."""
    while True:
        try:
            next(gen)
        except StopIteration as done:
            value: T = done.value  # (StopIteration knows no types: gen returns a T)
            return value
