from collections.abc import Callable

def to_js(obj: object, /, *, dict_converter: Callable[..., object] | None = None) -> object:
    """A JavaScript value of ``obj`` (``dict_converter``: what a dict becomes)."""
