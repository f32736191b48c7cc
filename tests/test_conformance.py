"""The recorded hands of an independent engine replay without a difference."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine_helpers import SHARED_HANDS as SHARED, needs_shared_hands
from hearts.dev.conformance import check_file

ROOT = Path(__file__).resolve().parent.parent


@needs_shared_hands
def test_every_shared_hand_replays_exactly():
    run = subprocess.run(
        [sys.executable, "-m", "hearts.dev.conformance", str(SHARED)],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    assert run.stdout.strip().splitlines()[-1] == "300 hands, 0 mismatches"


@needs_shared_hands
def test_a_wrong_record_is_reported_with_its_hand_id(tmp_path):
    good = SHARED.read_text().splitlines()[0]
    record = json.loads(good)
    record["tricks"][4]["winner"] = (record["tricks"][4]["winner"] + 1) % 4
    record["plays"][9]["legal"] = record["plays"][9]["legal"] + ["2C"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(record) + "\n" + "{not json\n" + good + "\n")
    hands, problems = check_file(str(bad))
    assert hands == 3
    assert any(p.startswith(record["id"] + ": trick 4: winner") for p in problems)
    assert any(p.startswith(record["id"] + ": play 9:") for p in problems)
    assert any("unreadable hand" in p for p in problems)
    run = subprocess.run(
        [sys.executable, "-m", "hearts.dev.conformance", str(bad)],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert run.returncode == 1
    assert run.stdout.strip().splitlines()[-1] == f"3 hands, {len(problems)} mismatches"
