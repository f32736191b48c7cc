"""A hand's par in the browser: its time and the page's longest task.

Plays hands in Debian's Chromium at ?speed=instant (the first legal card
each time, one game after another), and at each hand's end waits for the
par (html[data-par-ms], set by the runtime when the par is in; the
dialog's [data-par] filled in) and reads:
- how long the par took in the page's worker, slices and pauses included;
- the main thread's long tasks (over 50 ms) from the hand's end until the
  par was in (Long Tasks API);
- the same hand's par in this CPython process (the same search, the same
  fixed samples: the same points), as a baseline measured in the same run.
Prints the median and the 95th percentile over the hands. Target: the
main thread's longest task while the par runs at most 50 ms.

    .venv/bin/python bench/par_browser.py [--hands 20] [--level normal]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tools"), str(ROOT)]
from browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402
from page_play import LONG_TASKS, acked, new_game, play_turns  # noqa: E402

from hearts.app import par_search  # noqa: E402
from hearts.engine import save  # noqa: E402
from hearts.engine.slices import finish  # noqa: E402

WAIT_MS = 300_000


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(page, level: str) -> dict:
    """The hand on the table played to its end, then its par."""
    ended = play_turns(page)
    page.evaluate("() => { window.__longTasks = []; }")
    page.locator('#screen [data-par]:not([data-par=""])').wait_for(timeout=WAIT_MS)
    page_ms = float(page.locator("html").get_attribute("data-par-ms"))
    shown = int(page.locator("#screen [data-par]").get_attribute("data-par"))
    tasks = [d for _, d in page.evaluate("() => window.__longTasks")]
    saved = page.evaluate("() => Object.entries(localStorage).find(([k]) => k.startsWith('hearts.save'))[1]")
    start = time.process_time()
    here = finish(par_search.search(save.loads(saved), level))
    cpython_ms = (time.process_time() - start) * 1000
    return {"ended": ended, "page_ms": page_ms, "cpython_ms": cpython_ms, "same": here.points == shown,
            "longest_task_ms": max(tasks, default=0.0), "long_tasks": len(tasks)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--level", default="normal", help="the opponents' level (default normal)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    server = serve(ROOT)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        page.goto(f"{base}?seed={args.seed}&speed=instant&lang=en&level={args.level}")
        page.locator("html[data-ready]").wait_for(state="attached", timeout=120_000)
        new_game(page)
        while len(rows) < args.hands:
            rows.append(measure(page, args.level))
            r = rows[-1]
            print(f"hand {len(rows)}: page {r['page_ms']:.0f} ms, CPython {r['cpython_ms']:.0f} ms, "
                  f"same par: {r['same']}; long tasks {r['long_tasks']}, longest {r['longest_task_ms']:.0f} ms",
                  flush=True)
            if r["ended"] == "game-end":
                new_game(page)
            else:
                page.locator('#screen [data-action="continue"]').click()
                acked(page)
        browser.close()
    server.shutdown()
    page_ms = [r["page_ms"] for r in rows]
    print(f"par in the page: median {statistics.median(page_ms):.0f} ms, p95 {p95(page_ms):.0f} ms over "
          f"{len(rows)} hands ({args.level} opponents, {par_search.SAMPLES} deals a decision); "
          f"ratio to CPython {statistics.median(r['page_ms'] / r['cpython_ms'] for r in rows):.1f}x; "
          f"same par as CPython in {sum(r['same'] for r in rows)} of {len(rows)}; "
          f"the main thread's longest task meanwhile {max(r['longest_task_ms'] for r in rows):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
