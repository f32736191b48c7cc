"""What the browser benchmarks share: playing the page (a new game, then
the human's turns) and watching its long tasks.

The benchmarks' own driver (the e2e tests have theirs, with their checks;
no benchmark imports a test file): it uses the page's test hooks only,
`data-phase` on the table, the cards' `button[data-card]` with
`aria-disabled`, and the `data-action` buttons.
"""

from __future__ import annotations

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


def phase(page) -> str | None:
    return page.locator(TABLE).get_attribute("data-phase")


def new_game(page) -> None:
    """Start a new game from the start screen or the menu, and wait for its table."""
    if not page.locator('#screen [data-action="new-game"]').count():
        page.locator('#screen [data-action="menu"]').click()
    page.locator('[data-action="new-game"]').first.click()
    ask = page.locator('.overlay [data-action="confirm-new-game"]')
    if ask.count():
        ask.click()
    page.locator(f'{TABLE}[data-phase="pass"], {TABLE}[data-phase="play"]').wait_for(timeout=WAIT_MS)


def _tap(page, code: str) -> None:
    # The fan overlaps the cards: a card's left edge is always visible.
    page.locator(f'#screen [data-card="{code}"]').click(position={"x": 6, "y": 16}, force=True)


def play_turns(page, until=("hand-end", "game-end"), limit=2000) -> str:
    """Pass the first three cards and play the first playable card on every
    turn until the table's phase is one of ``until``; that phase."""
    ready = f'{PLAYABLE}, {TABLE}[data-phase="pass"], ' + ", ".join(f'{TABLE}[data-phase="{p}"]' for p in until)
    for _ in range(limit):
        page.locator(ready).first.wait_for(timeout=WAIT_MS)
        now = phase(page)
        if now in until:
            return now
        if now == "pass":
            for b in page.locator("#screen [data-card]").all()[:3]:
                _tap(page, b.get_attribute("data-card"))
            page.locator('[data-action="confirm-pass"]').click()
            page.locator(f'{TABLE}[data-phase="play"]').wait_for(timeout=WAIT_MS)
            continue
        playable = page.locator(PLAYABLE)
        if now != "play" or not playable.count():
            continue
        code = playable.first.get_attribute("data-card")
        if code:
            _tap(page, code)
            page.locator(f'#screen [data-card="{code}"]').wait_for(state="detached", timeout=WAIT_MS)
    raise RuntimeError("the game did not move on")
