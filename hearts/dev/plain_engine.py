"""A plain Hearts engine, for benchmarks only: the yardstick, not the game.

Written the way most Python card games are: cards as ``(rank, suit)``
tuples, hands as lists, state in a dict, legal cards found by list
comprehensions. It plays the same random hands as the real engine does in
``python -m hearts.dev.bench engine``, so the ratio of the two, measured in one
run, says what the bit masks of :mod:`hearts.engine.game` buy.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

T = TypeVar("T")
# A card is (rank, suit); the state is a plain dict, the way such games are written.
PlainCard = tuple[int, str]
State = dict[str, Any]

SUITS = "CDHS"
DECK = [(rank, suit) for suit in SUITS for rank in range(2, 15)]
QUEEN = (12, "S")
TWO_CLUBS = (2, "C")
PASS_OFFSETS = [1, 3, 2, 0]


def card_points(card: PlainCard) -> int:
    if card[1] == "H":
        return 1
    return 13 if card == QUEEN else 0


def new_hand(rng: random.Random, hand_number: int) -> State:
    deck = DECK[:]
    rng.shuffle(deck)
    return {
        "hands": {seat: deck[13 * seat : 13 * seat + 13] for seat in range(4)},
        "pass_offset": PASS_OFFSETS[hand_number % 4],
        "trick": [],
        "leader": None,
        "turn": None,
        "tricks_played": 0,
        "hearts_broken": False,
        "taken": {seat: 0 for seat in range(4)},
    }


def exchange(state: State, passes: dict[int, list[PlainCard]]) -> None:
    for seat, cards in passes.items():
        for card in cards:
            state["hands"][seat].remove(card)
    for seat, cards in passes.items():
        state["hands"][(seat + state["pass_offset"]) % 4].extend(cards)


def start_play(state: State) -> None:
    for seat, hand in state["hands"].items():
        if TWO_CLUBS in hand:
            state["leader"] = state["turn"] = seat


def legal_cards(state: State) -> list[PlainCard]:
    hand = state["hands"][state["turn"]]
    trick = state["trick"]
    if trick:
        led = trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        if follow:
            return follow
        if state["tricks_played"] == 0:
            safe = [c for c in hand if card_points(c) == 0]
            if safe:
                return safe
        return list(hand)
    if state["tricks_played"] == 0:
        return [TWO_CLUBS]
    if not state["hearts_broken"]:
        others = [c for c in hand if c[1] != "H"]
        if others:
            return others
    return list(hand)


def play(state: State, card: PlainCard) -> None:
    seat = state["turn"]
    if card not in legal_cards(state):
        raise ValueError("illegal card")
    state["hands"][seat].remove(card)
    state["trick"].append((seat, card))
    if card[1] == "H" and state["trick"][0][1][1] != "H":  # a heart discarded
        state["hearts_broken"] = True
    if len(state["trick"]) < 4:
        state["turn"] = (seat + 1) % 4
        return
    led = state["trick"][0][1][1]
    winner = max((c[0], s) for s, c in state["trick"] if c[1] == led)[1]
    state["taken"][winner] += sum(card_points(c) for _, c in state["trick"])
    state["trick"] = []
    state["tricks_played"] += 1
    state["leader"] = state["turn"] = winner


def hand_points(state: State) -> list[int]:
    taken = [state["taken"][s] for s in range(4)]
    if 26 in taken:
        return [0 if t == 26 else 26 for t in taken]
    return taken


def three_of(cards: Sequence[T], rand: Callable[[], float]) -> list[T]:
    """Three different items of ``cards``, each set of three equally likely.

    The random pass of both benchmarks: like ``random.sample(cards, 3)``,
    whose Python code would otherwise be a large part of what is timed.
    """
    n = len(cards)
    i = int(rand() * n)
    j = int(rand() * (n - 1))
    j += j >= i  # skip i: j is uniform over the other n - 1
    k = int(rand() * (n - 2))
    low, high = (i, j) if i < j else (j, i)
    k += k >= low
    k += k >= high  # skip both: k is uniform over the other n - 2
    return [cards[i], cards[j], cards[k]]


def random_hand(rng: random.Random, hand_number: int) -> list[int]:
    """Deal, pass and play one hand with random legal choices; its points."""
    state = new_hand(rng, hand_number)
    rand = rng.random
    if state["pass_offset"]:
        exchange(state, {s: three_of(state["hands"][s], rand) for s in range(4)})
    start_play(state)
    for _ in range(52):  # the same uniform pick as the engine's benchmark
        legal = legal_cards(state)
        play(state, legal[int(rand() * len(legal))])
    return hand_points(state)
