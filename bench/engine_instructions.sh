#!/usr/bin/env bash
# Instructions per random hand, ours against the plain reference engine,
# counted by valgrind's callgrind: the same on a busy machine as on an idle
# one, so it shows what a change to the engine's hot path is worth.
#   bash bench/engine_instructions.sh [HANDS]      (needs: apt-get install valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
hands=${1:-300}
python=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')
count() {  # instructions of one run: python -c "random_hands or plain_hands(N)"
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" -c \
    "from hearts.dev.bench import random_hands, plain_hands; ($1)($2, 1)" 2>&1 |
    awk '/Collected/ {print $4}'
}
for engine in random_hands plain_hands; do
  base=$(count "$engine" 0)
  total=$(count "$engine" "$hands")
  echo "$engine: $(( (total - base) / hands )) instructions per hand"
done
