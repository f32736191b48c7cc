"""tools/cardart.py: svg-cards.svg cut into a file per card (build/cards/).

Each file must draw its card as the original does (e2e/test_table.py
compares the pictures), so here: every file stands alone (all it refers to
is in it), holds the original's drawings unchanged and nothing the card
does not use, and carries the licence's notices.
"""

import doctest
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "svg-cards"
ORIGINAL = PACKAGE / "svg-cards.svg"
CARDS = ROOT / "build" / "cards"
SVG = "{http://www.w3.org/2000/svg}"
URL_REF = re.compile(r"url\(#([^)]+)\)")

sys.path.insert(0, str(ROOT / "tools"))
import cardart  # noqa: E402  (tools/: the build's own modules)

sys.path.remove(str(ROOT / "tools"))
needs_package = pytest.mark.skipif(not ORIGINAL.is_file(), reason="node_modules/svg-cards is missing: run `make setup`")


@pytest.fixture(scope="module")
def original():
    return ORIGINAL.read_bytes()


@pytest.fixture(scope="module")
def files(original):
    return cardart.split(original)


def drawings(svg):
    """id -> the element, for the children of <defs>, read by ElementTree
    (independently of cardart's byte offsets)."""
    root = ET.fromstring(svg)
    return {child.get("id"): child for child in root.find(SVG + "defs")}


def refers_to(element):
    """The ids an element's attributes name: an href "#id", or url(#id) in a style."""
    found = set()
    for node in element.iter():
        for value in node.attrib.values():
            found |= {value[1:]} if value.startswith("#") else set(URL_REF.findall(value))
    return found


def test_the_example():
    assert doctest.testmod(cardart).failed == 0


@needs_package
def test_one_file_per_card_named_as_the_view_asks(files):
    from hearts.app.card_art import art_href

    assert sorted(files) == sorted(f"{card}.svg" for card in cardart.card_ids())
    for rank in "23456789TJQKA":
        for suit in "CDHS":
            name, part = art_href(rank + suit).removeprefix("build/cards/").split("#")
            assert name in files and part == name.removesuffix(".svg")


@needs_package
def test_each_file_stands_alone_with_its_card_and_its_suit_s_sign(files):
    for name, data in files.items():
        card = name.removesuffix(".svg")
        inside = drawings(data)
        ids = {node.get("id") for node in ET.fromstring(data).iter() if node.get("id")}
        assert card in inside and card.split("_")[0] in inside, name
        for element in inside.values():
            assert refers_to(element) <= ids, f"{name}: a drawing refers outside the file"


@needs_package
def test_the_drawings_are_the_original_s_unchanged_and_only_those_the_card_uses(original, files):
    theirs = drawings(original)
    owner = {node.get("id"): ident for ident, element in theirs.items() for node in element.iter() if node.get("id")}
    for name, data in files.items():
        card = name.removesuffix(".svg")
        ours = drawings(data)
        text = data.decode()
        for ident, element in ours.items():
            assert ET.tostring(element) == ET.tostring(theirs[ident]), f"{name}: {ident} changed"
            assert text.count(f'id="{ident}"') == 1, f"{name}: {ident} twice"
        # What the card needs: its group, its suit's sign, and all they refer to.
        needed, todo = set(), [card, card.split("_")[0]]
        while todo:
            ident = todo.pop()
            if ident not in needed:
                needed.add(ident)
                todo += [owner[r] for r in refers_to(theirs[ident])]
        assert set(ours) == needed, name
        # in the original's order
        order = list(theirs)
        assert list(ours) == sorted(ours, key=order.index), name


@needs_package
def test_each_file_keeps_the_original_s_head_and_says_it_was_changed(original, files):
    head = original[:original.index(b"<defs>")]
    version = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    notice = cardart.NOTICE.format(date=cardart.CHANGED, version=version).encode()
    assert b"GNU Lesser General Public" in head and b"David Bellot" in head
    for name, data in cardart.split(original, version=version).items():
        assert data.startswith(head + notice + b"<defs>"), name
        assert data.rstrip().endswith(b"</defs></svg>"), name
        root = ET.fromstring(data)
        assert root.attrib == ET.fromstring(original).attrib, name
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", cardart.CHANGED)


@needs_package
def test_a_court_card_is_the_largest_file_and_a_twelfth_of_the_original(original, files):
    """The point of the cut: no file the browser parses is large."""
    largest = max(files, key=lambda name: len(files[name]))
    assert largest.split("_")[1].removesuffix(".svg") in ("jack", "queen", "king")
    assert len(files[largest]) * 10 < len(original)


def test_a_drawing_that_is_missing_is_refused():
    with pytest.raises(ValueError, match="lacks"):
        cardart.split(b'<svg><defs><g id="club"/><g id="club_1"><use href="#base"/></g></defs></svg>', ["club_1"])
    with pytest.raises(ValueError, match="no drawing 'heart_1'"):
        cardart.split(cardart.SAMPLE, ["heart_1"])
    with pytest.raises(ValueError, match="without an id"):
        cardart.split(b'<svg><defs><g/></defs></svg>', [])
    with pytest.raises(ValueError, match="no <defs>"):
        cardart.split(b'<svg><g id="club_1"/></svg>', ["club_1"])


def test_an_empty_drawing_ends_where_its_tag_does():
    svg = b'<svg><defs><g id="club"/><g id="club_1"><use href="#club"/><g/></g><g id="x"/></defs></svg>'
    assert cardart.split(svg, ["club_1"])["club_1.svg"].endswith(
        b'<defs><g id="club"/><g id="club_1"><use href="#club"/><g/></g></defs></svg>')


@needs_package
@pytest.mark.skipif(not CARDS.is_dir(), reason="build/ is missing: run `make build`")
def test_the_build_wrote_them_beside_the_licence(files):
    on_disk = {p.name: p.read_bytes() for p in CARDS.iterdir()}
    assert on_disk.pop("LICENSE") == (PACKAGE / "LICENSE").read_bytes()
    assert on_disk.pop("AUTHORS") == (PACKAGE / "AUTHORS").read_bytes()
    assert on_disk == files, "run `make build`: build/cards/ is stale"
