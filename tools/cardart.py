"""The card art as one small SVG file per card, cut from svg-cards.svg.

svg-cards ships its 52 faces as one 962 kB file. A browser parses such a
file in one go on the page's main thread, when the first `<use>` of it
comes: 105-167 ms here, several times that on a slow phone, a task that
holds every tap (issue #25 asks for none over 100 ms). Cut into one file per
card, the largest (a court card, ~84 kB) parses in a few milliseconds and
the table asks only for the cards it draws.

Each card's file is the original's head (the XML declaration, the `<svg>`
element and svg-cards' copyright and licence comments), a notice of the
change, and, unchanged byte for byte, the drawings of the original's
`<defs>` that the card needs: its own group, everything that group refers
to (`href`, `url(#...)`), and its suit's sign (the four-colour deck draws
the sign again: hearts/app/card_art.py). Nothing is redrawn or edited.

svg-cards is LGPL-2.1-or-later. Served whole, it was copied as it is
(section 1); these files are a modified copy (section 2), so each says so
and when (NOTICE, CHANGED), they go out with the package's LICENSE and
AUTHORS, and they stay under the same licence. tools/build.py writes them
to build/cards/; tests/test_card_art.py checks them against the original.

>>> files = split(SAMPLE, ["club_1"])
>>> sorted(files)
['club_1.svg']
>>> print(files["club_1.svg"].decode())  # doctest: +NORMALIZE_WHITESPACE
<svg><!-- (c) --><!-- Changed by the Hearts game's build (tools/cardart.py), 2026-12-05:
one card's drawings of svg-cards.svg 4.0.2, cut out unchanged; the rest left out. -->
<defs><g id="club"/><g id="club_1"><use href="#club"/></g></defs></svg>
"""
from __future__ import annotations

import re
import xml.parsers.expat

SUITS = ("club", "diamond", "heart", "spade")
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
#: The day this cutting was last changed: LGPL-2.1 section 2(b) asks for
#: the date of a change on the changed files. Change it with the code.
CHANGED = "2026-12-05"
NOTICE = ("<!-- Changed by the Hearts game's build (tools/cardart.py), {date}:\n"
          "one card's drawings of svg-cards.svg {version}, cut out unchanged; the rest left out. -->\n")
_REFERENCE = re.compile(rb'href="#([^"]+)"|url\(#([^)]+)\)')


def card_ids() -> list[str]:
    """svg-cards' names of the 52 faces ("club_1" ... "spade_king")."""
    return [f"{suit}_{rank}" for suit in SUITS for rank in RANKS]


def _drawings(svg: bytes) -> tuple[int, int, dict[str, tuple[int, int]], dict[str, str]]:
    """Where `<defs>` opens and closes in ``svg``, the byte span of each of its
    children by id, and the child that holds each id (a drawing's inner
    parts have ids of their own)."""
    parser = xml.parsers.expat.ParserCreate()
    depth = 0
    defs_open = defs_close = -1
    spans: dict[str, tuple[int, int]] = {}
    owner: dict[str, str] = {}
    drawing, drawing_start = "", -1  # the <defs> child being read, and where it starts

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal depth, defs_open, drawing, drawing_start
        depth += 1
        if depth == 2 and name == "defs":
            defs_open = parser.CurrentByteIndex
        elif depth == 3:
            ident = attributes.get("id")
            if not ident:
                raise ValueError(f"a drawing of <defs> without an id at byte {parser.CurrentByteIndex}")
            drawing, drawing_start = ident, parser.CurrentByteIndex
        if depth >= 3 and "id" in attributes:
            owner[attributes["id"]] = drawing

    def end(name: str) -> None:
        nonlocal depth, defs_close
        if depth == 3:
            # An empty element (<g .../>) is its start tag; else the end tag
            # read now ends at its ">".
            tag_end = svg.index(b">", drawing_start) + 1
            empty = svg[tag_end - 2:tag_end] == b"/>"
            spans[drawing] = (drawing_start, tag_end if empty else svg.index(b">", parser.CurrentByteIndex) + 1)
        elif depth == 2 and name == "defs":
            defs_close = parser.CurrentByteIndex
        depth -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.Parse(svg, True)
    if defs_open < 0 or defs_close < 0:
        raise ValueError("no <defs> under the <svg> element")
    return defs_open, defs_close, spans, owner


def _closure(names: list[str], svg: bytes, spans: dict[str, tuple[int, int]],
             owner: dict[str, str]) -> set[str]:
    """The drawings ``names`` and all they refer to, directly or not."""
    kept: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in kept:
            continue
        if name not in spans:
            raise ValueError(f"svg-cards.svg has no drawing {name!r}")
        kept.add(name)
        begin, stop = spans[name]
        for match in _REFERENCE.finditer(svg, begin, stop):
            target = (match.group(1) or match.group(2)).decode()
            if target not in owner:
                raise ValueError(f"{name} refers to #{target}, which svg-cards.svg lacks")
            todo.append(owner[target])
    return kept


def split(svg: bytes, cards: list[str] | None = None, version: str = "4.0.2",
          date: str = CHANGED) -> dict[str, bytes]:
    """File name -> bytes: one file per card of ``svg`` (svg-cards.svg's
    bytes), for ``cards`` (svg-cards' names; all 52 by default)."""
    defs_open, defs_close, spans, owner = _drawings(svg)
    defs_tag = svg[defs_open:svg.index(b">", defs_open) + 1]
    head = svg[:defs_open] + NOTICE.format(date=date, version=version).encode() + defs_tag
    tail = svg[defs_close:]  # </defs> and what follows it
    order = sorted(spans, key=lambda name: spans[name][0])  # the original's order
    files = {}
    for card in card_ids() if cards is None else cards:
        kept = _closure([card, card.split("_")[0]], svg, spans, owner)
        body = b"".join(svg[spans[name][0]:spans[name][1]] for name in order if name in kept)
        files[f"{card}.svg"] = head + body + tail
    return files


SAMPLE = (b'<svg><!-- (c) --><defs><g id="club"/><g id="club_1"><use href="#club"/></g>'
          b'<g id="heart"/></defs></svg>')
