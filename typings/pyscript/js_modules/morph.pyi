# assets/morph.js

import js

def morph(target: js.HTMLElement, html: str, /) -> None:
    """``target``'s content patched to be ``html`` (morphdom)."""
