"""Playing the page, shared by the browser benchmarks (bench/) and the e2e
tests: a new game, a pass, the human's turns; and the init script that
watches the page's long tasks.

One driver for both (no benchmark imports a test file); the tests add
their checks through ``check`` (called before each card is played). It
uses the page's test hooks only: `data-phase` on the table, the cards'
`button[data-card]` with `aria-disabled`, and the `data-action` buttons.
"""

from __future__ import annotations

from typing import Any, Callable

TABLE = "#screen > section[data-phase]"
PLAYABLE = '#screen button[data-card]:not([aria-disabled="true"])'
WAIT_MS = 60_000

# An init script: every long task (over 50 ms) of the page, [start, duration]
# in window.__longTasks (the Long Tasks API); a bench empties it to count
# from a moment on.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def phase(page: Any) -> str | None:
    return page.locator(TABLE).get_attribute("data-phase")


def hand(page: Any) -> list[str | None]:
    return [b.get_attribute("data-card") for b in page.locator("#screen [data-card]").all()]


def acked(page: Any, timeout: float = WAIT_MS) -> None:
    """Wait until the game's worker has handled every message the page sent
    it (html[data-synced]): the page then shows what came of them (their
    renders arrive before the count)."""
    try:
        if page.get_attribute("html", "data-sent", timeout=timeout) is not None:
            page.locator("html[data-synced]").wait_for(state="attached", timeout=timeout)
    except Exception as error:  # the click left the page (a reload): nothing to wait for there
        if "context was destroyed" not in str(error) and "navigat" not in str(error):
            raise


def click_card(page: Any, card: str) -> None:
    # The fan overlaps the cards: a card's left edge is always visible.
    page.locator(f'#screen [data-card="{card}"]').click(position={"x": 6, "y": 16}, force=True)
    acked(page)


def new_game(page: Any, timeout: float = WAIT_MS) -> None:
    """Start a new game from the start screen or the menu, and wait for its table."""
    if not page.locator('#screen [data-action="new-game"]').count():
        page.locator('#screen [data-action="menu"]').click()
    page.locator('[data-action="new-game"]').first.click()
    acked(page, timeout)
    ask = page.locator('.overlay [data-action="confirm-new-game"]')
    if ask.count():  # a game in progress: the menu asks first
        ask.click()
    page.locator(f'{TABLE}[data-phase="pass"], {TABLE}[data-phase="play"]').wait_for(timeout=timeout)


def pass_three(page: Any, timeout: float = WAIT_MS) -> None:
    """Pass the first three cards of the hand, and wait for the play."""
    for card in hand(page)[:3]:
        if card:
            click_card(page, card)
    page.locator('[data-action="confirm-pass"]').click()
    acked(page, timeout)
    page.locator(f'{TABLE}[data-phase="play"]').wait_for(timeout=timeout)


def play_turns(page: Any, until: tuple[str, ...] = ("hand-end", "game-end"),
               check: Callable[[Any], None] | None = None, limit: int = 2000,
               timeout: float = WAIT_MS) -> str:
    """Pass the first three cards and play the first playable card on every
    turn until the table's phase is one of ``until``; that phase.
    ``check(page)`` (a test's) runs before each card is played."""
    ready = f'{PLAYABLE}, {TABLE}[data-phase="pass"], ' + ", ".join(f'{TABLE}[data-phase="{p}"]' for p in until)
    for _ in range(limit):
        acked(page, timeout)  # (a click before this call, e.g. Continue, has been handled)
        page.locator(ready).first.wait_for(timeout=timeout)
        now = phase(page)
        if now in until:
            return str(now)
        if now == "pass":
            pass_three(page, timeout)
            continue
        playable = page.locator(PLAYABLE)
        if now != "play" or not playable.count():
            continue
        if check is not None:
            check(page)
        code = playable.first.get_attribute("data-card")
        if code:
            click_card(page, code)
            page.locator(f'#screen [data-card="{code}"]').wait_for(state="detached", timeout=timeout)
    raise RuntimeError("the game did not move on")


# -- by keyboard alone (issue 48): a hand played with the keys a player who
# listens would press, counted. The hand has one Tab stop; N jumps to the
# next card that can be chosen, Enter chooses (hearts/page/controller.py).

class Keys:
    """The page's keyboard, counting the presses."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1
        acked(self.page)

    def active(self, script: str) -> Any:
        """``script`` of the focused element (``e``)."""
        return self.page.evaluate(f"() => {{ const e = document.activeElement; return {script}; }}")

    def tab_to(self, selector: str, back: bool = False, limit: int = 60) -> None:
        """Tab (or Shift+Tab) until ``selector`` has focus."""
        for _ in range(limit):
            if self.active(f"!!e && e.matches({selector!r})"):
                return
            self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"Tab never reached {selector}")


FOCUSED_CARD = "#screen .hand [data-card]"
MY_TURN = PLAYABLE.replace("#screen", "#screen .hand")


def pass_by_keys(keys: Keys, timeout: float = WAIT_MS) -> None:
    """Into the hand (one Tab stop), the first three cards chosen (Enter, N),
    the pass confirmed (Shift+Tab to Confirm pass, Enter)."""
    page = keys.page
    keys.tab_to(FOCUSED_CARD)
    for i in range(3):
        if i:
            keys.press("n")
        keys.press("Enter")
    keys.tab_to('[data-action="confirm-pass"]', back=True)
    keys.press("Enter")
    page.locator(f'{TABLE}[data-phase="play"]').wait_for(timeout=timeout)


def play_by_keys(keys: Keys, check: Callable[[Any], None] | None = None,
                 until: tuple[str, ...] = ("hand-end", "game-end"), timeout: float = WAIT_MS) -> str:
    """Each turn: Enter on the focused card when it can be played, else N
    (to the next that can) and Enter; until the phase is one of ``until``."""
    page = keys.page
    ready = f"{MY_TURN}, " + ", ".join(f'{TABLE}[data-phase="{p}"]' for p in until)
    for _ in range(60):
        page.locator(ready).first.wait_for(timeout=timeout)
        now = phase(page)
        if now in until:
            return str(now)
        if check is not None:
            check(page)
        if not keys.active(f"!!e && e.matches({FOCUSED_CARD!r})"):
            keys.tab_to(FOCUSED_CARD)
        if keys.active("e.getAttribute('aria-disabled') === 'true'"):
            keys.press("n")
        code = keys.active("e.getAttribute('data-card')")
        keys.press("Enter")
        page.locator(f'#screen [data-card="{code}"]').wait_for(state="detached", timeout=timeout)
    raise RuntimeError("the hand did not end")
