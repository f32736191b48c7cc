"""The cards' pictures: where each card's drawing is (svg-cards, cut by the
build into build/cards/), a card's face and classes, the four-colour deck's
parts, and the preload of every card's file. Every view that draws a card
draws it with :func:`card_face` and :func:`card_class`.
"""

from __future__ import annotations

from .blocks import RANK_LABEL, esc


# The deck: svg-cards (LGPL-2.1), cut by the build into one small file per
# card (build/cards/, tools/cardart.py; see the README). Each face is a
# <use> of its card's file, so the browser fetches and parses only the cards
# it draws, each in a few milliseconds, and draws them at any size, crisply.
ART = "build/cards"
ART_BOX = "0 0 169.075 244.64"  # one card of svg-cards, in its units
_ART_RANK = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_ART_SUIT = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
_FACES: dict[str, str] = {}


def art_id(card: str) -> str:
    """svg-cards' name of a card: "QS" -> "spade_queen", "TH" -> "heart_10"."""
    rank = card[:-1]
    return f"{_ART_SUIT[card[-1]]}_{_ART_RANK.get(rank, rank)}"


def art_href(card: str, drawing: str | None = None) -> str:
    """The URL of ``card``'s picture; ``drawing``, another drawing of its file
    (each file holds its suit's sign: "club", "diamond", "heart", "spade").

    >>> art_href("QS"), art_href("KD", "diamond")
    ('build/cards/spade_queen.svg#spade_queen', 'build/cards/diamond_king.svg#diamond')
    """
    name = art_id(card)
    return f"{ART}/{name}.svg#{drawing or name}"


def art_preload() -> str:
    """A <use> of every card's file (of its small suit sign): drawn in a
    hidden <svg> by the page (hearts.page.worker.frame), they have the
    browser fetch and parse each file while the start screen shows, so the
    first table's cards come with their pictures."""
    return "".join(f'<use href="{art_href(rank + suit, _ART_SUIT[suit])}"></use>'
                   for suit in _ART_SUIT for rank in "23456789TJQKA")


def card_face(card: str) -> str:
    """The face of a card: its picture from svg-cards, hidden from assistive
    technology (the card's element carries its name), over a corner index
    drawn by CSS (data-r and the suit class): that index is what shows while
    the picture is not in yet, and, with the four-colour deck, over a court
    card's own (with the parts of _four_colour_parts)."""
    face = _FACES.get(card)
    if face is None:
        rank = card[:-1]
        face = (f'<span class="ix" data-r="{esc(RANK_LABEL.get(rank, rank))}" aria-hidden="true"></span>'
                f'<svg class="face" viewBox="{ART_BOX}" aria-hidden="true" focusable="false">'
                f'<use class="pic" href="{art_href(card)}"></use>{_four_colour_parts(card)}</svg>')
        _FACES[card] = face
    return face


# With the four-colour deck, game.css recolours a diamond's or a club's
# picture with a filter. A court card keeps its figure's own colours, so the
# two large suit signs beside the figure are drawn again over the picture's,
# where svg-cards puts them on every court card (its transforms, moved into
# one card's box), and filtered alone. A pip card is filtered whole; a club's
# black edge would turn green, so it is drawn again in black over it. Both
# stay hidden unless the deck has four colours.
_COURT_SIGNS = ("matrix(-2.4,0,0,-2.4,37.336,31.903)", "matrix(2.4,0,0,2.4,132.744,211.862)")
_EDGE = '<rect class="edge" x="1.25" y="1.25" width="166.575" height="242.14" rx="6.87"></rect>'


def _four_colour_parts(card: str) -> str:
    if card[-1] not in "DC":
        return ""
    if card[0] not in "JQK":
        return _EDGE if card[-1] == "C" else ""  # the diamonds' filter keeps black
    sign = art_href(card, _ART_SUIT[card[-1]])
    return "".join(f'<use class="sign" href="{sign}" transform="{t}"></use>' for t in _COURT_SIGNS)


def card_class(card: str) -> str:
    """Classes every card carries: its suit (sH...) and court or pip."""
    return f"card s{card[-1]} {'court' if card[0] in 'JQK' else 'pip'}"
