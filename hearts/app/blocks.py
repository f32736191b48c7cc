"""The views' HTML building blocks: escaping, attributes, a button, a
dialog, the small text cards, the suits' signs and the seats' order.

Every view module builds on these (hearts.app.view, the parts it composes and the screens of
keeping_view, replay_view, review_view, stats_view), so none of them has
to import another to draw a button.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..engine.cards import RANK_CHARS
from ..engine.game import SEATS as SEATS  # every list follows the seats' order, the table's (re-exported)
from ..text.vocabulary import card_name
from .events import Action as A

SUIT_GLYPH = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_LABEL = {"T": "10"}
SEAT_CLASS = ("s", "w", "n", "e")  # each seat's place at the table, in game.css's classes
# Suits alternate colours in the hand: clubs, diamonds, spades, hearts.
SUIT_ORDER = {"C": 0, "D": 1, "S": 2, "H": 3}


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def sort_hand(cards: Any) -> list[str]:
    return sorted((str(c) for c in cards), key=lambda c: (SUIT_ORDER[c[-1]], RANK_CHARS.index(c[0])))


def attrs(**values: Any) -> str:
    """HTML attributes from keywords (``data_action`` -> ``data-action``;
    ``class_`` -> ``class``); None and False leave an attribute out."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def button(label: str, action: A, *, value: object = None, cls: str = "btn", **more: Any) -> str:
    return (f'<button type="button"{attrs(class_=cls, data_action=action, data_value=value, **more)}>'
            f"{esc(label)}</button>")


def dialog(label: str, body: str, cls: str = "", role: str = "dialog") -> str:
    """A modal dialog over the screen. ``data-dialog`` (its class) is what
    the page's morph (assets/morph.js) matches it by: another dialog in its
    place is a new element, opened at its top, not this one's scroll."""
    return (f'<div class="overlay {cls}" data-dialog="{esc(cls)}" role="{role}" aria-modal="true" aria-label="{esc(label)}">'
            f'<div class="panel" tabindex="-1">{body}</div></div>')


def mini_card(card: str, tr: Any, cls: str = "") -> str:
    """A small text card (rank and suit sign, its name for screen readers):
    the replay's and the review's cards, never ``button[data-card]``."""
    rank = RANK_LABEL.get(card[0], card[0])
    return (f'<span class="mini s{card[-1]}{cls}" data-rcard="{card}" role="img" '
            f'aria-label="{esc(card_name(card, tr))}">{rank}{SUIT_GLYPH[card[-1]]}\ufe0e</span>')
