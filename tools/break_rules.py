"""Break each rule of hearts/engine/rules.py in turn and show which tests notice.

    .venv/bin/python tools/break_rules.py

For every mutation below, the kernel is changed on disk, the engine's
tests and the opponents' tests are run, and the kernel is put back
(always, even on Ctrl+C). Each line says whether each group failed, as it
should: the rules exist once, so a rule broken there must break both the
engine and the opponents (why a card is refused matters to the engine only, what a card
reveals about a hand to the opponents' inference only). Takes a few minutes; not part of `make test`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KERNEL = ROOT / "hearts" / "engine" / "rules.py"
GROUPS = {
    "engine": ["tests/test_engine.py", "tests/test_engine_properties.py",
               "tests/test_conformance.py", "tests/test_save.py"],
    "opponents": ["tests/test_ai.py", "tests/test_ai_rollout_rules.py", "tests/test_ai_fairness.py"],
}
# name: (text in hearts/engine/rules.py, its broken replacement[, the groups that must notice])
MUTATIONS: dict[str, tuple[str, str] | tuple[str, str, tuple[str, ...]]] = {
    "any heart breaks hearts": ("    if trick[0] // 13 == HEARTS:\n        return False\n", ""),
    "no first-trick exception": ("            return hand & NO_POINTS or hand\n", "            return hand\n"),
    "spades need not be followed": ("        if follow:\n            return follow\n",
                                    "        if follow and led != SPADES:\n            return follow\n"),
    "a discard can win the trick": ("frozenset(range(best + 1, best - best % 13 + 13))",
                                    "frozenset(range(best + 1, 52))"),
    "no moon": ("        if taken[moon] == HAND_POINTS:", "        if taken[moon] == 99:"),
    "passes go the wrong way": ("        after[(s + offset) & 3] |= passes[s]",
                                "        after[(s - offset) & 3] |= passes[s]"),
    "hearts may be led at any time": ("    return hand & NOT_HEARTS or hand\n", "    return hand\n"),
    "any first lead": ("        return hand & TWO_OF_CLUBS_BIT\n", "        return hand & NOT_HEARTS or hand\n"),
    "a wrong refusal reason": ("    return Reason.MUST_LEAD_TWO_OF_CLUBS if first else Reason.HEARTS_NOT_BROKEN",
                               "    return Reason.HEARTS_NOT_BROKEN", ("engine",)),
    "no void inference": ("    if led is not None:\n        if card // 13 == led:\n            return 0\n",
                          "    if True:\n        return 0\n", ("opponents",)),
}


def fails(files: list[str]) -> bool:
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *files],
                         cwd=ROOT, capture_output=True, text=True)
    return run.returncode != 0


def main() -> int:
    original = KERNEL.read_text(encoding="utf-8")
    missed = 0
    try:
        for name, (text, broken, *expected) in MUTATIONS.items():
            must = expected[0] if expected else tuple(GROUPS)
            if original.count(text) != 1:
                print(f"{name}: its text is no longer in hearts/engine/rules.py; update tools/break_rules.py")
                missed += 1
                continue
            KERNEL.write_text(original.replace(text, broken), encoding="utf-8")
            result = {group: fails(files) for group, files in GROUPS.items()}
            verdict = "  ".join(f"{g} tests {'FAIL' if f else 'pass'}" for g, f in result.items())
            print(f"{name:32} {verdict}", flush=True)
            missed += not all(result[g] for g in must)
    finally:
        KERNEL.write_text(original, encoding="utf-8")
    print(f"{len(MUTATIONS)} mutations, {missed} not caught where they must be")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
