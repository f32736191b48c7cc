"""Building crafted deals and playing them, for the engine's tests; where
the hands recorded by an independent engine are."""

from __future__ import annotations

import os
from pathlib import Path
import random

import pytest

from hearts import Card, Game, PassDirection, Phase, cards_of
from hearts.engine.cards import CARDS, mask_of

# ../shared/conformance beside the checkout (HEARTS_SHARED=DIR names another
# shared/): without it the rules are not checked against the other engine,
# and tests/conftest.py says so at the end of the run.
SHARED_HANDS = (
    Path(os.environ.get("HEARTS_SHARED") or Path(__file__).resolve().parents[2] / "shared")
    / "conformance" / "hands.jsonl"
)
NOT_CHECKED = f"conformance NOT checked: {SHARED_HANDS} is missing (set HEARTS_SHARED=DIR to name shared/)"
needs_shared_hands = pytest.mark.skipif(not SHARED_HANDS.is_file(), reason=NOT_CHECKED)


def rig(fixed: dict[int, list[str]]) -> list[list[Card]]:
    """A deal where seat s holds ``fixed[s]``; the other cards fill up seats in order.

    >>> [len(h) for h in rig({0: ["2C"]})]
    [13, 13, 13, 13]
    """
    hands = {s: [Card.parse(c) for c in fixed.get(s, [])] for s in range(4)}
    used = mask_of(c for h in hands.values() for c in h)
    rest = [c for c in CARDS if not used >> c & 1]
    for s in range(4):
        while len(hands[s]) < 13:
            hands[s].append(rest.pop(0))
    return [sorted(hands[s]) for s in range(4)]


def moon_deal(shooter: int, direction: PassDirection) -> tuple[list[list[Card]], list[list[str]]]:
    """A deal and passes after which ``shooter`` holds all 13 clubs, so takes every trick.

    With every club in one hand, that seat leads clubs every trick and the
    others can never follow: it wins all 13 tricks and all 26 points.
    """
    clubs = [f"{r}C" for r in "23456789TJQKA"]
    if direction is PassDirection.NONE:
        return rig({shooter: clubs}), [[], [], [], []]
    giver = (shooter - direction.value) % 4  # the seat that passes to the shooter
    hands = rig({shooter: clubs[3:] + ["AS", "KS", "AH"], giver: clubs[:3]})
    passes = []
    for seat in range(4):
        if seat == shooter:
            passes.append(["AS", "KS", "AH"])
        elif seat == giver:
            passes.append(clubs[:3])
        else:
            passes.append([str(c) for c in hands[seat] if c.suit != 0][:3])
    return hands, passes


def heart_lead_game() -> Game:
    """A hand after three tricks in which hearts are led but never broken.

    Seat 0 takes tricks one and two with KC and AC and then holds only
    hearts; it leads 2H and seat 2 takes the trick with KH. Nobody has
    discarded a heart, so hearts are still closed, and seat 2, to lead,
    holds AH beside clubs, diamonds or spades: it may not lead AH.
    """
    game = Game.from_deal(rig({
        0: ["KC", "AC"] + [f"{r}H" for r in "23456789TJQ"],
        1: ["2C", "3C"], 2: ["4C", "5C", "KH", "AH"], 3: ["6C", "7C"],
    }), "none")
    while len(game.tricks) < 3 or game.tricks[-1].winner is None:
        game.play(game.to_act, game.legal_actions()[0])
    return game


def play_lowest(game: Game) -> None:
    """Play the current hand to its end, each seat playing its lowest legal card."""
    while game.phase is Phase.PLAY:
        game.play(game.to_act, game.legal_actions()[0])


def play_random(game: Game, rng: random.Random, stop=lambda g: False, each=lambda g: None) -> None:
    """Random legal passes and plays until the game ends or ``stop(game)``.

    ``each(game)`` is called before every step (to check invariants).
    """
    while game.phase is not Phase.GAME_END and not stop(game):
        each(game)
        if game.phase is Phase.PASS:
            for seat in game.waiting_to_pass:
                game.pass_cards(seat, rng.sample(game.legal_actions(seat), 3))
        elif game.phase is Phase.PLAY:
            game.play(game.to_act, rng.choice(game.legal_actions()))
        else:
            game.next_hand()


# -- the rules once more, written apart from hearts.engine.rules ----------------------
# The tests compare the engine and the opponents' look-ahead with these, so a
# rule broken in hearts.engine.rules fails both. They follow RULES.md word by word
# and are not written for speed.

HEARTS = 2


def oracle_broken(tricks) -> bool:
    """Hearts are broken once a heart is discarded: played to a trick whose
    led suit is not hearts (each trick given as its cards in play order)."""
    return any(t[0] // 13 != HEARTS and any(c // 13 == HEARTS for c in t) for t in tricks)


def oracle_legal(hand: int, trick, first: bool, broken: bool) -> int:
    """The cards of ``hand`` (a mask) that may be played to ``trick``, as a mask."""
    cards = [c for c in range(52) if hand >> c & 1]
    pick = lambda cs: sum(1 << c for c in cs)  # noqa: E731
    if trick:
        same = [c for c in cards if c // 13 == trick[0] // 13]
        if same:
            return pick(same)
        if first:
            safe = [c for c in cards if c // 13 != HEARTS and str(CARDS[c]) != "QS"]
            return pick(safe or cards)
        return hand
    if first:
        return pick(c for c in cards if str(CARDS[c]) == "2C")
    if not broken:
        return pick([c for c in cards if c // 13 != HEARTS] or cards)
    return hand


def oracle_winner(trick) -> int:
    """The place in ``trick`` of the highest card of the suit led."""
    led = trick[0] // 13
    return max(range(len(trick)), key=lambda i: trick[i] % 13 if trick[i] // 13 == led else -1)


def oracle_points(cards) -> int:
    return sum(1 if c // 13 == HEARTS else 13 if str(CARDS[c]) == "QS" else 0 for c in cards)


def held(game: Game) -> int:
    """All cards in the four hands now, as a mask."""
    return mask_of(c for s in range(4) for c in game.hand(s))


__all__ = [
    "rig", "moon_deal", "heart_lead_game", "play_lowest", "play_random", "held", "cards_of",
    "oracle_broken", "oracle_legal", "oracle_winner", "oracle_points",
]
