"""Opponents' speed in the browser (`make bench-ai`).

Plays hands in Debian's Chromium at ?speed=instant, once with Normal and
once with Hard opponents, clicking the human's first legal card, and reads:
- each opponent decision's thinking time, as the controller records it
  (html[data-think-ms]: the latest decisions, in ms, search slices only;
  the page shows it only under ?debug=think, which this passes);
- the seconds the hands took, from the first click on a card to the last
  hand's end (each opponent's card comes no sooner than
  hearts.page.binding.THINK_AT_LEAST: issue 47);
- every long task (over 50 ms) the page ran while the opponents played,
  from the Long Tasks API (a PerformanceObserver added before the page's
  own scripts, so nothing is missed).
Prints, per level: decisions, median / 95th percentile / max thinking time,
and the number and the longest of the long tasks. Targets (issue 3): no
main-thread task over 100 ms while opponents think, Normal under 10 ms and
Hard under 1 s at the 95th percentile.

    .venv/bin/python bench/ai_browser.py [--hands 2] [--seed 5] [--root /work/main]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tools")]
from browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402  (one browser, one static server)
from page_play import LONG_TASKS, new_game, play_turns  # noqa: E402  (tools/page_play.py: the one way of playing the page)


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def measure(browser, base: str, level: str, hands: int, seed: int) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    page.goto(f"{base}?seed={seed}&level={level}&speed=instant&lang=en&debug=think")
    page.locator("html[data-ready]").wait_for(state="attached", timeout=120_000)
    new_game(page)
    page.evaluate("() => { window.__longTasks = []; }")  # count only what the game does
    began, played = time.perf_counter(), 0
    for _ in range(hands):
        played += 1
        if play_turns(page) == "game-end":
            break
        page.locator('#screen [data-action="continue"]').first.click()
    seconds = time.perf_counter() - began
    html = page.locator("html")
    think = [float(x) for x in (html.get_attribute("data-think-ms") or "").split(",") if x]
    spans = [tuple(map(float, x.split("-"))) for x in (html.get_attribute("data-think-spans") or "").split(",") if x]
    tasks = page.evaluate("() => window.__longTasks")
    # A long task counts as the opponents' when it overlaps one of their thinking spans.
    thinking = [d for start, d in tasks if any(start < b and start + d > a for a, b in spans)]
    long_tasks = [d for _, d in tasks]
    context.close()
    return {
        "level": level,
        "seconds_a_hand": seconds / played,
        "decisions": len(think),
        "think_ms_median": statistics.median(think) if think else float("nan"),
        "think_ms_p95": percentile(think, 95) if think else float("nan"),
        "think_ms_max": max(think) if think else float("nan"),
        "long_tasks": len(long_tasks),
        "long_tasks_over_100ms": sum(1 for t in long_tasks if t > 100),
        "longest_task_ms": max(long_tasks) if long_tasks else 0.0,
        "thinking_tasks_over_100ms": sum(1 for t in thinking if t > 100),
        "longest_thinking_task_ms": max(thinking) if thinking else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose build/ to serve (another version, to compare side by side)")
    args = parser.parse_args(argv)
    server = serve(args.root)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        rows = [measure(browser, base, level, args.hands, args.seed) for level in ("normal", "hard")]
        browser.close()
    server.shutdown()
    for r in rows:
        print(
            f"{r['level']:>6}: {r['seconds_a_hand']:.1f} s a hand; {r['decisions']} decisions, thinking median {r['think_ms_median']:.1f} ms, "
            f"p95 {r['think_ms_p95']:.1f} ms, max {r['think_ms_max']:.1f} ms; "
            f"long tasks {r['long_tasks']} (over 100 ms: {r['long_tasks_over_100ms']}, "
            f"longest {r['longest_task_ms']:.0f} ms); while opponents think: over 100 ms "
            f"{r['thinking_tasks_over_100ms']}, longest {r['longest_thinking_task_ms']:.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
