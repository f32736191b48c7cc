# assets/attempt.js

from typing import Any, Protocol

class Attempted(Protocol):
    @property
    def ok(self) -> bool: ...
    @property
    def value(self) -> Any: ...  # what the call returned: anything (missing when not ok)
    @property
    def error(self) -> str: ...

def attempt(target: object, method: str, /, *args: object) -> Attempted:
    """``target[method](*args)``: ``{ok: true, value}``, or ``{ok: false,
    error}`` when it threw; never throws."""
