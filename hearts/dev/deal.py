"""Print one deal of the game: its fingerprint and the four hands.

    python -m hearts.dev.deal SEED HAND

SEED is the game's seed (the page shows it after each hand: 0 to 18
digits' worth, as ``?seed=`` takes it), HAND the hand's number counted
from 0 (the page's "Hand 1" is hand 0). The output, as the rules page
describes it (:mod:`hearts.text.rules_text`, "Where the cards come from")::

    fingerprint: 54177e5ec835
    0: 3C KC AC 6D 7D QD 7H AH 6S 7S 8S JS KS
    1: ...

one line for the fingerprint (:func:`hearts.engine.game.fingerprint`) and
one for each seat's cards as dealt, before the pass, in the engine's
order (clubs, diamonds, hearts, spades; 2 to ace): seat 0 is the player,
1 West, 2 North, 3 East. Anything else on the command line is refused
with a message on stderr and exit code 2 (as a command's misuse is).
"""

from __future__ import annotations

import sys

from ..engine.cards import cards_of, format_cards
from ..engine.game import deal, fingerprint

# The page takes seeds of up to 18 digits (hearts.app.stored.SEED_MAX_DIGITS:
# the same figure, not imported, so that this command needs the engine only).
SEED_MAX_DIGITS = 18
# A game ends once someone reaches 100 points; even a long run of tied
# games stays far below a million hands.
HAND_MAX_DIGITS = 6
USAGE = "usage: python -m hearts.dev.deal SEED HAND"


def number(text: str, what: str, max_digits: int) -> int:
    """``text`` as a whole number of 1 to ``max_digits`` ASCII digits, else
    ValueError with a sentence that says what is wrong."""
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"{what} must be a whole number of digits 0-9, not {text[:40]!r}")
    if len(text) > max_digits:
        raise ValueError(f"{what} has {len(text)} digits: at most {max_digits}")
    return int(text)


def lines(seed: int, hand: int) -> list[str]:
    """The command's output for ``seed`` and ``hand``, a line each.

    >>> lines(42, 0)[0]
    'fingerprint: 54177e5ec835'
    >>> lines(42, 0)[1]
    '0: 3C KC AC 6D 7D QD 7H AH 6S 7S 8S JS KS'
    """
    hands = deal(seed, hand)
    return [f"fingerprint: {fingerprint(seed, hand)}"] + [
        f"{seat}: {format_cards(cards_of(mask))}" for seat, mask in enumerate(hands)
    ]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(f"{USAGE}\n(two arguments: the seed and the hand's number from 0; got {len(args)})",
              file=sys.stderr)
        return 2
    try:
        seed = number(args[0], "SEED", SEED_MAX_DIGITS)
        hand = number(args[1], "HAND", HAND_MAX_DIGITS)
    except ValueError as refused:
        print(f"{USAGE}\n{refused}", file=sys.stderr)
        return 2
    print("\n".join(lines(seed, hand)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
