"""Key presses a hand takes by keyboard alone (issue 48), in Chromium.

Plays hands of seeded games at ?speed=instant with the keys only, as a
player who listens would (tools/page_play.py's play_by_keys): Tab into the
hand (its one Tab stop), N to the next card that can be chosen, Enter to
choose; the pass confirmed with Shift+Tab and Enter. Counts every press
from the table's first screen (the pass, or the first trick) to the
hand's end. Target: at most 60 a hand.

    .venv/bin/python bench/keys_hand.py [--hands 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tools"), str(ROOT)]
from browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402
from page_play import TABLE, Keys, pass_by_keys, phase, play_by_keys  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    server = serve(ROOT)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    counts = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.goto(f"{base}?seed={args.seed}&speed=instant&lang=en&level=normal")
        page.locator("html[data-ready]").wait_for(state="attached", timeout=120_000)
        keys = Keys(page)
        keys.tab_to('[data-action="new-game"]')
        keys.press("Enter")
        start = keys.count
        print(f"the start screen to New game: {start} presses", flush=True)
        while len(counts) < args.hands:
            page.locator(f'{TABLE}[data-phase="pass"], {TABLE}[data-phase="play"]').wait_for(timeout=60_000)
            before = keys.count
            if phase(page) == "pass":
                pass_by_keys(keys)
            ended = play_by_keys(keys)
            counts.append(keys.count - before)
            print(f"hand {len(counts)}: {counts[-1]} key presses", flush=True)
            if ended == "game-end":
                break
            keys.tab_to('#screen [data-action="continue"]')  # (focus is on the hand's dialog)
            keys.press("Enter")
        browser.close()
    server.shutdown()
    print(f"key presses a hand (jump keys): median {statistics.median(counts):.0f}, max {max(counts)} "
          f"over {len(counts)} hands (target: at most 60)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
