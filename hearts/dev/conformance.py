"""Replay recorded hands and report every difference from our engine.

    python -m hearts.dev.conformance FILE [FILE ...]

Each line of each file is one hand as JSON (the format of
``shared/conformance/README.md``): the dealt hands, the pass direction, the
passes, every play with the seat to act and its legal cards, the tricks,
the points and the moon. The replay prints one line per mismatch, naming the
hand, and ends with ``N hands, M mismatches``; it exits 0 only when M is 0.
A line that cannot be read counts as a hand with a mismatch.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Iterator

from ..engine.cards import format_cards
from ..engine.game import Game, IllegalAction, Phase


def replay(record: dict[str, Any]) -> Iterator[str]:
    """Replay one recorded hand; yield a description of each mismatch."""
    game = Game.from_deal(record["hands"], record["pass"])
    if record["pass"] != "none":
        for seat, cards in enumerate(record["passes"]):
            game.pass_cards(seat, cards)
    elif any(record.get("passes") or []):
        yield "a no-pass hand records passes"
    for step, play in enumerate(record["plays"]):
        seat, card = play["seat"], play["card"]
        if game.to_act != seat:
            yield f"play {step}: seat to act is {game.to_act}, recorded {seat}"
            return
        ours = format_cards(game.legal_actions())
        theirs = " ".join(play["legal"])
        if ours != theirs:
            yield f"play {step}: seat {seat} legal [{ours}], recorded [{theirs}]"
        try:
            game.play(seat, card)
        except IllegalAction as e:
            yield f"play {step}: seat {seat} may not play {card} ({e.reason.value})"
            return
    if game.phase is Phase.PLAY:
        yield f"the hand is not over after {len(record['plays'])} plays"
        return
    for n, (ours_t, theirs_t) in enumerate(zip(game.tricks, record["tricks"])):
        if ours_t.leader != theirs_t["leader"]:
            yield f"trick {n}: leader {ours_t.leader}, recorded {theirs_t['leader']}"
        if [str(c) for c in ours_t.cards] != theirs_t["cards"]:
            yield f"trick {n}: cards {format_cards(ours_t.cards)}, recorded {theirs_t['cards']}"
        if ours_t.winner != theirs_t["winner"]:
            yield f"trick {n}: winner {ours_t.winner}, recorded {theirs_t['winner']}"
    result = game.results[-1]
    if list(result.points) != record["points"]:
        yield f"points {list(result.points)}, recorded {record['points']}"
    if result.moon != record["moon"]:
        yield f"moon {result.moon}, recorded {record['moon']}"


def check_file(path: str) -> tuple[int, list[str]]:
    """Replay every hand of one file: (hands read, mismatch lines)."""
    hands, problems = 0, list[str]()
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            hands += 1
            try:
                record = json.loads(line)
                name = record.get("id", f"{path}:{lineno}")
                found = list(replay(record))
            except (ValueError, KeyError, TypeError, IllegalAction) as e:
                name, found = f"{path}:{lineno}", [f"unreadable hand: {type(e).__name__}: {e}"]
            problems.extend(f"{name}: {p}" for p in found)
    return hands, problems


def main(argv: list[str] | None = None) -> int:
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print("usage: python -m hearts.dev.conformance FILE [FILE ...]", file=sys.stderr)
        return 2
    total, mismatched = 0, 0
    for path in paths:
        try:
            hands, problems = check_file(path)
        except OSError as e:
            print(f"{path}: cannot read: {e}")
            total += 1
            mismatched += 1
            continue
        total += hands
        for p in problems:
            print(p)
        mismatched += len(problems)
    print(f"{total} hands, {mismatched} mismatches")
    return 0 if mismatched == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
