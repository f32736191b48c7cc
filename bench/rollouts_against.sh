#!/usr/bin/env bash
# Hard's playouts a second, this tree against a recorded commit, in one run:
# the commit's code is unpacked into a temporary folder (git archive) and
# each side runs `bench rollouts` in turn, PAIRS times, so both see the same
# machine. The positions are the same on both sides (seeded games through
# the engine, which deals the same cards in every version).
#   bash bench/rollouts_against.sh [COMMIT] [PAIRS]
# COMMIT defaults to 4c3c491, main just before issue 28's work (2026-12-01),
# whose `python -m hearts.bench rollouts` is the issue's "today".
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-4c3c491}
pairs=${2:-3}
python=$(realpath .venv/bin/python 2>/dev/null || command -v python3)
old=$(mktemp -d)
trap 'rm -rf "$old"' EXIT
git archive "$commit" hearts | tar -x -C "$old"
rate() {  # rollouts/s printed by the bench of the tree in $1
  local module=hearts.bench
  [ -f "$1/hearts/dev/bench.py" ] && module=hearts.dev.bench
  (cd "$1" && "$python" -m "$module" rollouts --runs 3 | awk '/^rollouts\/s:/ {print $2}')
}
ratios=()
for n in $(seq "$pairs"); do
  before=$(rate "$old")
  now=$(rate "$PWD")
  ratio=$(awk -v a="$now" -v b="$before" 'BEGIN {printf "%.2f", a / b}')
  ratios+=("$ratio")
  echo "pair $n: $commit $before/s, this tree $now/s, ${ratio}x"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{r[NR] = $1} END {print "median ratio: " r[int((NR + 1) / 2)] "x"}'
