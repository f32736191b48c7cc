"""Hard's look-ahead must play by the rules, exactly.

``hearts.ai.hard.playout`` plays thousands of hands a second on card masks
through :mod:`hearts.engine.rules`, as the engine does. These tests play the same
positions out with the same look-ahead policy under the tests' own reading
of the rules (``engine_helpers.oracle_*``, written apart from
hearts.engine.rules) and require the same points, so a rule broken in the kernel
fails here as well as in the engine's tests.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import (
    SHARED_HANDS as SHARED,
    needs_shared_hands,
    oracle_broken,
    oracle_legal,
    oracle_points,
    oracle_winner,
)

from hearts import Game, cards_of, deal
from hearts.ai import hard, policy
from hearts.engine import rules


def oracle_playout(hands, trick, leader, played, taken, tricks, me, choices) -> int:
    """The hand played out with the look-ahead policy under the oracle's rules;
    ``tricks`` are the complete tricks so far (lists of cards). Every choice
    put to the policy, (seat, legal cards), is appended to ``choices``."""
    hands, trick, taken, tricks = list(hands), list(trick), list(taken), [list(t) for t in tricks]
    while any(hands):
        seat = (leader + len(trick)) % 4
        legal = oracle_legal(hands[seat], trick, not tricks, oracle_broken(tricks))
        if legal & (legal - 1):
            choices.append((seat, legal))
            card = policy.rollout_play(hands[seat], legal, trick, leader, played, taken, seat)
        else:
            card = legal.bit_length() - 1
        assert legal >> card & 1, "the policy chose a card outside the legal set"
        hands[seat] &= ~(1 << card)
        played |= 1 << card
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + oracle_winner(trick)) % 4
            taken[leader] += oracle_points(trick)
            tricks.append(trick)
            trick = []
    if taken[me] == 26:
        return 0
    return 26 if 26 in taken else taken[me]


def position(game: Game):
    """The true position of ``game``'s seat to act, as playout's arguments."""
    me = game.to_act
    view = game.view(me)
    hands = [game.view(s).hand_mask for s in range(4)]
    trick = view.trick
    return me, view, hands, list(trick.cards), trick.leader


def check(game: Game, monkeypatch) -> None:
    """Hard's playout and the oracle's agree on every legal set and the points."""
    me, view, hands, trick, leader = position(game)
    tricks = [t.cards for t in view.tricks]
    expected_choices: list = []
    expected = oracle_playout(
        hands, trick, leader, view.played_mask, view.points_taken, tricks, me, expected_choices
    )
    choices = []
    choose = policy.rollout_choice  # what the playout asks, with the trick's state it keeps

    def recording(hand, legal, trick, leader, played, taken, seat, best, at, points, total):
        choices.append((seat, legal))
        if trick:  # the state the playout kept is the rules' reading of the trick
            assert (best, at, points) == rules.trick_state(trick)
        assert total == sum(taken)
        return choose(hand, legal, trick, leader, played, taken, seat, best, at, points, total)

    with monkeypatch.context() as patch:
        patch.setattr(hard.policy, "rollout_choice", recording)
        ours = hard.playout(
            hands, trick, leader, view.played_mask, list(view.points_taken),
            oracle_broken(tricks), not tricks, me,
        )
    # The playout stops once every point is taken; up to there, the same choices.
    assert choices == expected_choices[: len(choices)] and len(choices) >= min(1, len(expected_choices))
    assert ours == expected


@pytest.mark.parametrize("seed", range(60))
def test_the_look_ahead_plays_by_the_rules(seed, monkeypatch):
    rng = random.Random(seed)
    game = Game.from_deal([cards_of(m) for m in deal(seed)], "none")
    for _ in range(rng.randrange(0, 30)):  # start from a random point of the hand
        game.play(game.to_act, rng.choice(game.legal_actions()))
    check(game, monkeypatch)


def recorded(kinds: tuple[str, ...], limit: int):
    """Recorded deals of the given kinds (the last part of their ids)."""
    if not SHARED.exists():
        return []
    records = [json.loads(line) for line in SHARED.read_text().splitlines() if line.strip()]
    return [r for r in records if r["id"].rsplit("-", 1)[-1] in kinds][:limit]


def replayed(record, plays: int) -> Game:
    game = Game.from_deal(record["hands"], record["pass"])
    if record["pass"] != "none":
        for seat, cards in enumerate(record["passes"]):
            game.pass_cards(seat, cards)
    for step in record["plays"][:plays]:
        game.play(step["seat"], step["card"])
    return game


@needs_shared_hands
@pytest.mark.parametrize("record", recorded(("clubvoid", "ftexc"), 30), ids=lambda r: r["id"])
def test_the_look_ahead_keeps_the_first_trick_rule(record, monkeypatch):
    for plays in range(4):  # from each seat's turn on the first trick
        check(replayed(record, plays), monkeypatch)


@needs_shared_hands
@pytest.mark.parametrize("record", recorded(("heartlead",), 36), ids=lambda r: r["id"])
def test_the_look_ahead_keeps_hearts_closed_after_a_heart_lead(record, monkeypatch):
    # From every point of the hand: the heart lead from an all-hearts hand
    # and the leads after it are where the discard rule matters.
    for plays in range(0, 52, 3):
        check(replayed(record, plays), monkeypatch)
