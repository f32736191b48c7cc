"""The hint that explains itself: Hard's search for the player's seat, and
what it found, as plain data the page puts into words.

While playing, :func:`explained_search` runs Hard's search on the player's
:class:`~hearts.engine.game.PlayerView` (only what the player may see) and keeps,
for the best two or three cards it tried, the points it expects the player
to end this hand with (``Hard.last_stats["means"]``: the same figures the
choice was made by), plus one rule of thumb when one applies:

- ``("queen", seat)``: the queen of spades is discarded on a trick ``seat``
  is winning (it cannot follow suit);
- ``("duck", card)``: a card of the led suit below ``card``, the highest so
  far, so the trick goes to someone else;
- ``("stopper", seat, card)``: ``seat`` has taken every point so far (a moon
  may be coming) and the player keeps ``card``, a high heart, to stop it;
- ``("void", suit)``: the last card of a suit, so later tricks of it can be
  discarded on;
- ``("low-heart", card)``: the player leads ``card``, its lowest heart,
  with at least three higher hearts in other hands: the trick and its
  points will likely go to someone else;
- ``("first", card)``: on the first trick, the player's highest card of the
  suit led, above the trick's best so far though a lower one would have
  done: points are almost never played to the first trick, so a high card
  goes safely;
- ``("last", card)``: the same when the player plays the trick's last card
  and the trick holds no points: the trick is taken with nothing in it;
- ``("high", card)``: unable to follow suit, the player discards ``card``,
  the highest it holds of its suit and a ten or higher, which could win a
  trick later.

- ``("game", seat)``: the game's end is in reach and the card is not the
  one with the fewest expected points this hand but the one with the best
  chance of winning the game; ``seat`` is the total closest to 100 (the
  player's own seat included). The chances per card are in ``wins``.

While passing it returns Hard's three cards, each with a reason
(:func:`pass_reasons`); the pass is chosen by search (Hard plays the hand
out over sampled deals for each candidate pass), and ``pass_search`` says
what it found: the expected points of the chosen pass, and of the pass
Normal's rules would make when that is another one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Generator, Iterable

from ..engine.cards import RANK_CHARS as RANKS, cards_of
from ..engine.game import PlayerView
from .hard import Hard

# A rule of thumb: its code (str), then by code seats (int) and cards or suits (str), as above.
RuleOfThumb = tuple[Any, ...]
SHOWN = 3  # candidates shown at most
#: The hint's thinking in the page: Hard's budget for a card (seconds of
#: search), and how many times that a pass gets.
HINT_BUDGET = 0.3
HINT_PASS_SCALE = 2


@dataclass(frozen=True)
class Explanation:
    cards: tuple[str, ...]  # the suggestion: one card, or three to pass
    options: tuple[tuple[str, float], ...] = ()  # (card, expected points), best first
    reason: RuleOfThumb | None = None  # see the module docstring
    pass_reasons: tuple[tuple[str, str], ...] = ()  # (card, code) while passing
    samples: int = 0
    # Playing for the game: (card, chance of winning the game), best first.
    wins: tuple[tuple[str, float], ...] = ()
    # The pass by search: (expected points of this pass, the rules' pass or
    # None when it is the same, that pass's expected points).
    pass_search: tuple[float, tuple[str, ...] | None, float] | None = None


def hint_player() -> Hard:
    """Hard as the hint thinks in the page: :data:`HINT_BUDGET` for a card,
    :data:`HINT_PASS_SCALE` times that for a pass."""
    return Hard(budget=HINT_BUDGET, pass_scale=HINT_PASS_SCALE)


def _rank(card: str) -> int:
    return RANKS.index(card[0])


def explained_search(view: PlayerView, rng: random.Random, **options: Any) -> Generator[int, None, Explanation]:
    """A generator (run it in slices) that returns an :class:`Explanation`.

    ``options`` go to :class:`~hearts.ai.hard.Hard` (default: the page's
    hint, :func:`hint_player`)."""
    bot = Hard(**options) if options else hint_player()
    result = yield from bot.search(view, rng)
    stats = bot.last_stats
    if isinstance(result, tuple):  # the view was passing
        cards = tuple(str(c) for c in result)
        return Explanation(cards=cards, pass_reasons=pass_reasons(view, cards),
                           pass_search=_pass_found(stats, cards), samples=stats.get("samples", 0))
    card = str(result)
    means = stats.get("means") or {}
    ranked = sorted(means.items(), key=lambda kv: kv[1])  # stable: the search's order on ties
    # The chosen card first (the search's pick is the first of equals).
    ranked.sort(key=lambda kv: (kv[1], kv[0] != card))
    chances = stats.get("wins") or {}
    wins = tuple(sorted(chances.items(), key=lambda kv: (-kv[1], kv[0] != card)))[:SHOWN]
    reason = play_reason(view, card)
    if chances and ranked and ranked[0][0] != card:
        reason = game_reason(view)
        ranked.sort(key=lambda kv: kv[0] != card)  # the chosen card still first
    options_ = tuple((c, m) for c, m in ranked[:SHOWN])
    return Explanation(cards=(card,), options=options_, reason=reason,
                       samples=stats.get("samples", 0), wins=wins)


def _pass_found(stats: dict[str, Any], cards: tuple[str, ...]) -> tuple[float, tuple[str, ...] | None, float] | None:
    """What the pass search found, for :attr:`Explanation.pass_search` (None without it)."""
    means = stats.get("pass_means")
    if not means:
        return None
    chosen = " ".join(cards)
    if chosen not in means:  # (the search names passes in card order, as cards_of sorts them)
        return None
    normal = stats.get("normal_pass")
    if normal is None or normal == chosen:
        return (means[chosen], None, means[chosen])
    return (means[chosen], tuple(normal.split()), means[normal])


def game_reason(view: PlayerView) -> RuleOfThumb:
    """``("game", seat)``: the seat whose total is closest to 100 (ties: the
    player's own seat, then the first)."""
    scores = view.scores
    top = max(scores)
    seat = view.seat if scores[view.seat] == top else scores.index(top)
    return ("game", seat)


def play_reason(view: PlayerView, card: str) -> RuleOfThumb | None:
    """One rule of thumb that fits playing ``card`` now, or None."""
    hand = [str(c) for c in view.hand]
    trick = view.trick
    led = top = None
    cards: list[str] = []
    if trick is not None and trick.cards:
        cards = [str(c) for c in trick.cards]
        led = cards[0][-1]
        following = [c for c in cards if c[-1] == led]
        top = max(following, key=_rank)
        winner = trick.seats[cards.index(top)]
        if card == "QS" and led != "S":
            return ("queen", winner)
        if card[-1] == led and _rank(card) < _rank(top) and any(
                c[-1] == led and _rank(c) > _rank(top) for c in hand):
            return ("duck", top)
    taken = view.points_taken
    total = sum(taken)
    me = view.seat
    threat = next((s for s in range(4) if s != me and taken[s] == total and total >= 10), None)
    if threat is not None:
        hearts = sorted((c for c in hand if c[-1] == "H"), key=_rank)
        if hearts and _rank(hearts[-1]) >= RANKS.index("Q") and card != hearts[-1]:
            return ("stopper", threat, hearts[-1])
    suit = card[-1]
    same_suit = [_rank(c) for c in hand if c[-1] == suit]
    if len(hand) > 2 and len(same_suit) == 1:  # leading it, following with it or discarding it
        return ("void", suit)
    if top is None:  # leading
        if suit == "H" and _rank(card) == min(same_suit):
            gone = set(hand) | {str(c) for c in cards_of(view.played_mask)}
            higher_out = sum(1 for r in RANKS[_rank(card) + 1:] if r + "H" not in gone)
            if higher_out >= 3:
                return ("low-heart", card)
        return None
    highest = _rank(card) == max(same_suit)
    if suit == led and highest and _rank(card) > _rank(top) and min(same_suit) < _rank(card):
        if not view.tricks:
            return ("first", card)
        if len(cards) == 3 and not any(c[-1] == "H" or c == "QS" for c in cards):
            return ("last", card)
    if suit != led and highest and _rank(card) >= RANKS.index("T"):
        return ("high", card)
    return None


def pass_reasons(view: PlayerView, cards: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """Why each of the three cards goes: ``queen`` (the queen of spades),
    ``high-spade`` (the ace or king of spades, which catch her), ``void``
    (the last cards of a suit), ``high-heart``, ``moon`` (low cards passed
    to keep the high ones for a try at the moon), ``high`` (a jack or
    higher), ``short`` (a lower card that leaves one card of its suit at
    most) or ``searched`` (a low card the pass search chose)."""
    hand = [str(c) for c in view.hand]
    cards = tuple(cards)
    moon = all(c[-1] != "H" and _rank(c) < RANKS.index("J") for c in cards) and sum(
        1 for c in hand if _rank(c) >= RANKS.index("Q")) >= 5
    out = []
    for card in cards:
        suit = card[-1]
        if card == "QS":
            code = "queen"
        elif moon:
            code = "moon"
        elif card in ("AS", "KS"):
            code = "high-spade"
        elif all(c in cards for c in hand if c[-1] == suit):
            code = "void"
        elif suit == "H":
            code = "high-heart"
        elif _rank(card) >= RANKS.index("J"):
            code = "high"
        elif sum(1 for c in hand if c[-1] == suit and c not in cards) <= 1:
            code = "short"
        else:
            code = "searched"  # a low card the pass search chose: no rule of thumb
        out.append((card, code))
    return tuple(out)
