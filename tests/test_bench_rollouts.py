"""bench/rollouts_against.sh runs: the commit's code unpacked beside this
tree, both benches in turn, a ratio printed (no time is asserted: a
benchmark prints figures, a test only checks that it works)."""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rollouts_against_a_commit_prints_each_pair_and_the_median_ratio():
    run = subprocess.run(["bash", "bench/rollouts_against.sh", "HEAD", "1"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    pair = re.fullmatch(r"pair 1: HEAD (\d+)/s, this tree (\d+)/s, ([\d.]+)x", run.stdout.splitlines()[0])
    assert pair, run.stdout
    before, now, ratio = int(pair[1]), int(pair[2]), float(pair[3])
    assert before > 0 and now > 0 and abs(ratio - now / before) < 0.01
    assert run.stdout.splitlines()[-1] == f"median ratio: {pair[3]}x"
