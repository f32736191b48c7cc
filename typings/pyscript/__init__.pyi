# PyScript (@pyscript/core 0.7.31), as the page's controller uses it
# (hearts/page/controller.py, start_screen.py, focus.py, dom.py).

from collections.abc import Callable, Sequence
from typing import TypeVar

import js

_Handler = TypeVar("_Handler", bound=Callable[..., object])

def when(event_type: str, selector: str | Sequence[js.EventTarget], /) -> Callable[[_Handler], _Handler]:
    """Binds the decorated function to ``event_type`` on the elements the
    CSS ``selector`` matches now, or on the given targets."""
