"""The end of a hand without playing it card by card: a claim, and the
quick finish once no points are left.

- :func:`claimable`: the player's cards are sure to take every remaining
  trick, judged from the player's :class:`~hearts.engine.game.PlayerView` alone:
  every card in the hand is above every unseen card of its suit (so no
  holding of the unseen cards, no play, can beat it when it is led, and
  Hearts has no trumps), and a trick in progress is one the player can
  still take. The offer depends on the view only, so it reveals nothing.
- :func:`settled`: no points are left in the cards not yet played (every
  heart and the queen of spades are out), so nothing the rest of the hand
  does can change its score.

Either way :func:`play_rest` plays the hand to its end through the engine
(so the history, the save and the replay are as if played): the player's
cards in :func:`claim_order` (or, settled, the lowest legal card), the
others by Normal's rules. The moon rule is the engine's, as always.
"""

from __future__ import annotations

from ..engine.cards import FULL_DECK, POINT_CARDS_MASK, SUIT_MASKS, cards_of, mask_of
from ..engine.game import Game, Phase, PlayerView


def _unseen(view: PlayerView) -> int:
    trick = view.trick.cards if view.trick is not None else ()
    return FULL_DECK & ~view.hand_mask & ~view.played_mask & ~mask_of(trick)


def _top(card: int, unseen: int) -> bool:
    """No unseen card of ``card``'s suit is above it."""
    suit = SUIT_MASKS[card // 13]
    above = suit & ~((2 << card) - 1)
    return not unseen & above


def claimable(view: PlayerView) -> bool:
    """Whether the player (whose turn it is) is sure to take every trick left.

    >>> g = Game.from_deal([["AS", "KS"] + [f"{r}C" for r in "23456789TJQ"],
    ...                     [f"{r}D" for r in "23456789TJQKA"], [f"{r}H" for r in "23456789TJQKA"],
    ...                     ["AC", "KC"] + [f"{r}S" for r in "23456789TJQ"]], "none")
    >>> claimable(g.view(0))  # the clubs are not above the ace and king of clubs
    False
    """
    if view.phase is not Phase.PLAY or view.to_act != view.seat or not view.hand:
        return False
    unseen = _unseen(view)
    hand = view.hand_mask
    if not all(_top(c, unseen) for c in cards_of(hand)):
        return False
    trick = view.trick
    if trick is not None and trick.cards:
        led = trick.cards[0] // 13
        follow = hand & SUIT_MASKS[led]
        if not follow:
            return False  # a discard never takes the trick
        best = max(c for c in trick.cards if c // 13 == led)
        return follow.bit_length() - 1 > best
    return True


def claim_order(view: PlayerView) -> int:
    """The player's card to play in a claim: a card of the suit led (the
    highest), else a lead that is legal now (hearts last)."""
    legal = mask_of(view.legal)
    others = legal & ~SUIT_MASKS[2]
    pick = others or legal
    return pick.bit_length() - 1


def settled(game: Game) -> bool:
    """A hand still being played with no points left in its unplayed cards,
    between tricks (the last trick with points has been taken)."""
    if game.phase is not Phase.PLAY:
        return False
    trick = game.view(0).trick
    if trick is not None and trick.cards:
        return False
    return not (FULL_DECK & ~game.played_mask) & POINT_CARDS_MASK


def play_rest(game: Game, seat: int, claim: bool) -> None:
    """Play ``game``'s hand to its end (see the module): ``seat``'s cards by
    :func:`claim_order` when ``claim``, else its lowest legal card."""
    from .policy import normal_play
    from .opponents import play_args

    while game.phase is Phase.PLAY:
        s = game.to_act
        assert s is not None
        view = game.view(s)
        if s == seat:
            card = claim_order(view) if claim else mask_of(view.legal[:1]).bit_length() - 1
        else:
            legal = game.legal_mask(s)
            card = legal.bit_length() - 1 if not legal & (legal - 1) else normal_play(*play_args(view))
        game.play(s, cards_of(1 << card)[0])
