"""Where focus goes when the screen changes (the page's controller, in
MicroPython): into a dialog that opened, back to what opened it when it
closes, onto the same card or button, or near it when that is gone.
"""

import js
from pyscript.ffi import create_proxy

try:
    from hearts.page import protocol as P
    from hearts.page.dom import NO_SCROLL, attr, document, escape, one
except ImportError:  # MicroPython: pyscript.toml puts them at the top
    import protocol as P  # type: ignore[import-not-found, no-redef]
    from dom import NO_SCROLL, attr, document, escape, one  # type: ignore[import-not-found, no-redef]

TYPE_CHECKING = False  # (hearts/page/dom.py says why)
if TYPE_CHECKING:
    from typing import Callable, TypedDict

    class FocusKey(TypedDict, total=False):
        """What has focus, to find again after a render: a card and its
        place in the hand, or a button's action and value."""

        card: str
        index: int
        action: str
        value: str | None


def focus_key() -> FocusKey | None:
    """What has focus, as something to find again after a render."""
    el = document.activeElement
    if el is None or not hasattr(el, "getAttribute"):
        return None
    card = attr(el, "data-card")
    if card:
        # (and its place in the hand: when it was played, focus goes on to
        # the card that takes its place)
        cards = document.querySelectorAll("#screen .hand [data-card]")
        index = 0
        for i in range(int(cards.length)):
            if cards.item(i) == el:
                index = i
                break
        return {"card": card, "index": index}
    action = attr(el, "data-action")
    return {"action": action, "value": attr(el, "data-value")} if action else None


def overlay_id() -> str | None:
    """Which dialog is open (its classes: "overlay menu"), or None."""
    el = one("#screen .overlay")
    return None if el is None else str(el.className)


def within(el: js.HTMLElement | None, selector: str) -> bool:
    return el is not None and hasattr(el, "closest") and el.closest(selector) is not None


class Focus:
    def __init__(self, morph: Callable[[js.HTMLElement, str], None]) -> None:
        self.morph_into = morph  # assets/morph.js's morph(target, html)
        self.opener: FocusKey | None = None  # the focus key before the open dialog opened
        self.later: js.HTMLElement | None = None  # an element to focus with the next frame
        self._later_proxy = create_proxy(self.focus_later)

    def morph(self, markup: str) -> None:
        """#screen's content becomes ``markup``, focus kept."""
        key = focus_key()
        before = overlay_id()
        had_overlay = before is not None
        had_ending = one("#screen .ending") is not None
        screen = document.getElementById("screen")
        if screen is None:
            return
        self.morph_into(screen, markup)
        panel = one("#screen .overlay .panel")
        if panel is not None:
            if not had_overlay:  # a dialog opened: focus moves into it
                self.opener = key
                panel.focus()
            elif overlay_id() != before:
                # Another dialog in its place (the menu's Statistics, a
                # hand's replay, New game's question): focus moves into it;
                # closed, focus goes back to what opened the first.
                panel.focus()
            elif key:
                self.restore(key)
            else:
                panel.focus()
            if not within(document.activeElement, "#screen .overlay"):
                panel.focus()  # (what had focus is gone: never left on <body>)
        elif had_overlay:  # a dialog closed: back to what opened it
            opener = self.opener
            self.opener = None
            self.restore(opener or key)
        else:
            self.restore(key)
        # The hand (or the game) ended: focus moves into its dialog over the
        # table, onto the panel rather than Continue, so a stray Enter does
        # not deal on.
        ending = one("#screen .ending-panel")
        if not had_ending and ending is not None and panel is None:
            ending.focus()

    def restore(self, key: FocusKey | None) -> None:
        if not key:
            return
        target = None
        card = key.get("card")
        action = key.get("action")
        if card:
            # The card was played: focus goes on to the card in its place
            # (the next one; the last when it was the last), which cannot be
            # played until the player's turn comes again (aria-disabled).
            target = one('#screen [data-card="' + escape(card) + '"]')
            if target is None:
                cards = document.querySelectorAll("#screen .hand [data-card]")
                count = int(cards.length)
                if count:
                    target = cards.item(min(key.get("index", 0), count - 1))
                    for i in range(count):
                        cards.item(i).setAttribute("tabindex", "-1")
                    target.setAttribute("tabindex", "0")
                else:
                    target = one("#screen .hand")
        elif action == P.CONFIRM_PASS and one('#screen [data-action="' + P.CONFIRM_PASS + '"]') is None:
            target = one("#screen [data-card]")  # the pass is made: on into the hand
        elif action:
            selector = '#screen [data-action="' + escape(action) + '"]'
            value = key.get("value")
            if value:
                selector += '[data-value="' + escape(value) + '"]'
            target = one(selector)
        if target is None:
            target = one("#screen .btn.primary, .overlay .btn.primary")  # e.g. the hand ended
        if target is None or target == document.activeElement:
            return
        if card or action in P.LATER_FOCUS:
            # A card played, a new table or a new hand: focusing makes the
            # browser style the page at once, and the new cards' pictures are
            # most of that: let it come with the next frame, which has to
            # style them anyway.
            self.later = target
            js.requestAnimationFrame(self._later_proxy)
            return
        target.focus(NO_SCROLL)  # the table never scrolls

    def focus_later(self, *_: object) -> None:
        target = self.later
        self.later = None
        if target is not None and target.isConnected and one("#screen .overlay") is None:
            active = document.activeElement
            if active is None or active == document.body or not active.isConnected:
                target.focus(NO_SCROLL)
