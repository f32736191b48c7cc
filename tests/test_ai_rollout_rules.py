"""Hard's look-ahead inlines the play rules for speed; it must play by the engine's rules.

The engine (hearts.game) is the one source of the rules. hearts.ai.hard's
``playout`` repeats them in a tight loop on masks so Hard can sample more
deals per decision. This test drives the real engine with the same
look-ahead policy from many positions and checks the two agree on every
card played and on the points, so the copy can never drift from the rules.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hearts import Game, Phase, cards_of, deal
from hearts.ai import hard, policy


def engine_playout(game: Game, me: int) -> int:
    """Play the hand out on the engine with the look-ahead policy; the points of ``me``."""
    played = game.view(0).played_mask
    while game.phase is Phase.PLAY:
        seat = game.to_act
        trick = game.tricks[-1] if game.tricks and game.tricks[-1].winner is None else None
        card = policy.rollout_play(
            game.view(seat).hand_mask,
            game.legal_mask(),
            list(trick.cards) if trick else [],
            trick.leader if trick else seat,
            played,
            list(game.points_taken),
            seat,
        )
        played |= 1 << card
        game.play(seat, card)
    return game.results[-1].points[me]


@pytest.mark.parametrize("seed", range(60))
def test_the_look_ahead_plays_by_the_engines_rules(seed):
    rng = random.Random(seed)
    game = Game.from_deal([cards_of(m) for m in deal(seed)], "none")
    for _ in range(rng.randrange(0, 30)):  # start from a random point of the hand
        game.play(game.to_act, rng.choice(game.legal_actions()))
    me = game.to_act
    view = game.view(me)
    trick = view.trick
    hands = [game.view(s).hand_mask for s in range(4)]
    broken = any(26 <= c < 39 for t in view.tricks for c in t.cards)  # before this trick
    ours = hard.playout(
        hands, list(trick.cards), trick.leader, view.played_mask, list(view.points_taken),
        broken, not view.tricks, me,
    )
    assert ours == engine_playout(game, me)


SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "hands.jsonl"


def first_trick_deals():
    """Recorded deals rich in first-trick cases (a void in clubs, only points in hand)."""
    if not SHARED.exists():
        return []
    records = [json.loads(line) for line in SHARED.read_text().splitlines() if line.strip()]
    return [r for r in records if r["id"].rsplit("-", 1)[-1] in ("clubvoid", "ftexc")][:30]


@pytest.mark.skipif(not SHARED.exists(), reason="shared/ is not beside the checkout")
@pytest.mark.parametrize("record", first_trick_deals(), ids=lambda r: r["id"])
def test_the_look_ahead_keeps_the_first_trick_rule(record):
    game = Game.from_deal(record["hands"], record["pass"])
    if record["pass"] != "none":
        for seat, cards in enumerate(record["passes"]):
            game.pass_cards(seat, cards)
    for me in range(4):  # from each seat's turn on the first trick
        position = game.copy()
        while position.to_act != me:
            position.play(position.to_act, position.legal_actions()[0])
        view = position.view(me)
        trick = view.trick
        ours = hard.playout(
            [position.view(s).hand_mask for s in range(4)], list(trick.cards), trick.leader,
            view.played_mask, list(view.points_taken), False, True, me,
        )
        assert ours == engine_playout(position, me)
