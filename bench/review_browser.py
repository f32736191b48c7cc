"""The review of a hand in the browser (`make bench-review`).

For each seed, plays a hand in Debian's Chromium at ?speed=instant (the
first legal card each time), opens Review at the hand's end and reads:
- how long the whole review took in the page, slices and pauses included
  (html[data-review-ms], set by the runtime when the review is done);
- every long task (over 50 ms) while it ran, from the Long Tasks API;
- the same hand's review in this CPython process, as a baseline measured
  in the same run (the same search, the same fixed samples), and the ratio.
Target: the page never freezes (no long task over 100 ms) and a review
takes a few seconds at most.

    .venv/bin/python bench/review_browser.py [--seeds 3 4 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tools"), str(ROOT)]
from browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402
from page_play import LONG_TASKS, new_game, play_turns  # noqa: E402  (tools/page_play.py: the one way of playing the page)

from hearts.app import review  # noqa: E402
from hearts.engine import save  # noqa: E402


def measure(browser, base: str, seed: int) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    page.goto(f"{base}?seed={seed}&speed=instant&lang=en")
    page.locator("html[data-ready]").wait_for(state="attached", timeout=120_000)
    new_game(page)
    play_turns(page)  # to the hand's end
    saved = page.evaluate("() => Object.entries(localStorage).find(([k]) => k.startsWith('hearts.save'))[1]")
    page.evaluate("() => { window.__longTasks = []; }")
    page.locator('#screen .ending [data-action="review"]').click()
    page.locator("[data-review-total]").wait_for(timeout=120_000)
    page_ms = float(page.locator("html").get_attribute("data-review-ms"))
    tasks = [d for _, d in page.evaluate("() => window.__longTasks")]
    items = page.locator("[data-review-item]").count()
    total = page.locator("[data-review-total]").get_attribute("data-review-total")
    context.close()
    game = save.loads(saved)
    start = time.perf_counter()
    here = review.review(game, 0)
    cpython_ms = (time.perf_counter() - start) * 1000
    return {"seed": seed, "decisions": items, "page_ms": page_ms, "cpython_ms": cpython_ms,
            "same_total": review.tenths(here.total) == total,
            "long_tasks": len(tasks), "longest_task_ms": max(tasks, default=0.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    server = serve(ROOT)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        rows = [measure(browser, base, seed) for seed in args.seeds]
        browser.close()
    server.shutdown()
    if args.json:
        print(json.dumps(rows))
    for r in rows:
        print(f"seed {r['seed']}: {r['decisions']} decisions, page {r['page_ms']:.0f} ms, "
              f"CPython {r['cpython_ms']:.0f} ms (x{r['page_ms'] / r['cpython_ms']:.1f}), "
              f"same figures: {r['same_total']}; long tasks {r['long_tasks']}, "
              f"longest {r['longest_task_ms']:.0f} ms")
    print(f"median page {statistics.median(r['page_ms'] for r in rows):.0f} ms, ratio to CPython "
          f"{statistics.median(r['page_ms'] / r['cpython_ms'] for r in rows):.1f}x "
          f"(samples: {review.PLAY_SAMPLES} a card, {review.PASS_SAMPLES} for the pass)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
