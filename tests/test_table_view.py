"""The table's markup (hearts/app/table_view.py, card_art.py), in CPython: the trick's cards
carry their seat and the leader, the hand's cards their place in one row
and in two, received cards stay marked until the human's first card, the
passed cards' flight, the queen's and the moon's moments, and the card art.
The layout itself is checked in the browser (e2e/test_table.py).
"""

import re
from dataclasses import replace

from hearts import Phase
from hearts.engine.cards import Card
from hearts.engine.game import Trick
from hearts.text.i18n import Translator
from hearts.app import messages as M
from hearts.app import update as U
from hearts.app.card_art import art_href, art_id
from hearts.app.view import view

from test_ui import Driver, pass_three, play_hand, play_legal

EN = Translator("en")


def buttons(html):
    """data-card -> the class attribute of each card button of the hand."""
    return {m.group(2): m.group(1) for m in re.finditer(r'<button type="button" class="([^"]*)" data-card="(\w\w)"', html)}


def trick_html(html):
    return html.split('<div class="trick', 1)[1].split('<div class="seat seat-e', 1)[0]


def trick_cards(html):
    return re.findall(r'<div class="(card played [^"]*)" data-seat="(\d)"( data-leader="true")?', trick_html(html))


def test_the_trick_s_cards_carry_their_seat_and_the_leader():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)  # seed 1: North leads the 2 of clubs, East follows, then it is our turn
    played = trick_cards(d.html())
    trick = d.pv.trick
    assert [int(seat) for _, seat, _ in played] == sorted(trick.seats, key=(2, 1, 3, 0).index)
    leaders = [seat for _, seat, lead in played if lead]
    assert leaders == [str(trick.leader)]
    assert all(f'href="{art_href(str(card))}"' in trick_html(d.html()) for card in trick.cards)


def test_a_card_s_markup_stays_the_same_when_another_leaves():
    """The hand's layout comes from each card's place among them (game.css),
    so playing one card changes no other card's markup: the page only
    removes it (and lifts or greys the others when the turn changes)."""
    d = Driver()
    d.send(M.NewGame())
    assert 'class="hand n13 two"' in d.html()
    pass_three(d)
    before = buttons(d.html())
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    after = buttons(d.html())
    assert len(after) == 12
    for card, cls in after.items():
        assert cls == before[card].replace(" playable", "").replace(" received", "")
    while len(d.pv.hand) > 7:
        d.settle()
        play_legal(d)
    html = d.html()
    assert 'class="hand n7' in html and " two" not in html.split('class="hand', 1)[1].split('"', 1)[0]


def test_received_cards_stay_marked_until_the_first_card_we_play():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    received = {str(c) for c in d.pv.received}
    assert d.pv.trick.cards  # the opponents have played already
    marked = {c for c, cls in buttons(d.html()).items() if " received" in cls}
    assert marked == received
    assert 'class="hand n13 two my-turn from-e"' in d.html()  # hand 1 passes left: ours came from East
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)  # West has yet to play to this trick
    assert not d.pv.tricks and len(d.pv.trick.cards) == 3
    assert not any(" received" in cls for cls in buttons(d.html()).values())


def test_the_pass_status_keeps_its_count_in_one_piece():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.ClickCard(d.pv.hand[0]))
    status = d.html().split('<p class="status">', 1)[1].split("</p>", 1)[0]
    # one span (the box is a grid: each child would be a row of its own),
    # the count in one of its own, which game.css keeps on one line
    assert status == '<span>Pass three cards to the left · <span class="count">Chosen: 1 of 3</span></span>'
    d.send(M.ClickCard(d.pv.hand[0]))  # picked no more
    pass_three(d)
    assert d.html().split('<p class="status">', 1)[1].split("</p>", 1)[0] == "<span>Your turn</span>"


def test_passed_cards_fly_to_their_new_owner_once():
    d = Driver()
    d.send(M.NewGame())
    passed = sorted(str(c) for c in d.pv.hand[:3])
    pass_three(d)
    html = d.html()
    flight = html.split('<div class="passing to-w" aria-hidden="true">', 1)[1].split("</div>", 1)[0]
    assert sorted(re.findall(r'#(\w+_\w+)"', flight)) == sorted(art_id(c) for c in passed)
    assert 'data-card' not in flight  # pictures, not cards to click
    play_legal(d)
    assert 'class="passing' not in d.html()


def test_the_queen_of_spades_and_the_moon_get_their_moments():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    pv = d.pv
    queen = replace(pv, trick=Trick(1, (Card.parse("KS"), Card.parse("QS"))))
    html = view(d.model.ui, queen, EN)
    assert 'class="trick has-qs"' in html
    assert re.search(r'class="card played sS court new qs" data-seat="2"', html)
    assert "moon-rise" not in html
    play_hand(d)
    pv = d.pv
    assert pv.phase is Phase.HAND_END
    result = pv.results[-1]
    moon = replace(pv, results=pv.results[:-1] + (result._replace(moon=3),))
    paused = replace(d.model.ui, pause=True)
    assert 'class="moon-rise at-e"' in view(paused, moon, EN)
    if result.moon is None:
        assert "moon-rise" not in view(paused, pv, EN)


def test_the_winner_s_plate_is_marked_while_the_trick_is_shown():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    while True:
        d.send(M.ClickCard(d.pv.legal[0]), settle=False)
        d.settle(until=lambda m: m.ui.pause)
        if d.model.ui.pause:
            break
        d.settle()
    winner = d.pv.tricks[-1].winner
    side = "swne"[winner]
    html = d.html()
    assert f'class="seat seat-{side} gets' in html and f'class="trick go-{side}' in html
    assert html.count(" gets") == 1


def test_every_card_has_its_picture():
    names = {art_id(f"{r}{s}") for r in "23456789TJQKA" for s in "CDHS"}
    assert len(names) == 52
    assert art_id("QS") == "spade_queen" and art_id("TH") == "heart_10" and art_id("AC") == "club_1"
    import pathlib
    deck = pathlib.Path(__file__).resolve().parent.parent / "node_modules" / "svg-cards" / "svg-cards.svg"
    if deck.exists():
        text = deck.read_text(encoding="utf-8")
        assert all(f'id="{name}"' in text for name in names | {"back"})


def test_four_colour_court_cards_get_their_suit_signs_again():
    """A diamond's or a club's court card keeps its figure's colours; its two
    large suit signs are drawn again (game.css filters them, with four
    colours only); a club's pip card gets its black edge back."""
    from hearts.app.card_art import card_face

    for card in ("JD", "QD", "KD", "JC", "QC", "KC"):
        signs = re.findall(r'<use class="sign" href="([^"]+)"', card_face(card))
        suit = "diamond" if card[-1] == "D" else "club"
        assert signs == [art_href(card, suit)] * 2, card
        assert 'class="edge"' not in card_face(card)
    for card in ("JH", "KS", "QS", "9D", "AH", "5S"):
        assert 'class="sign"' not in card_face(card) and 'class="edge"' not in card_face(card), card
    for card in ("2C", "TC", "AC"):
        assert card_face(card).count('class="edge"') == 1, card


def test_the_signs_lie_where_svg_cards_draws_them():
    """The transforms of the drawn-again signs are svg-cards' own, moved into
    one card's box (its group's translate): if the deck changes, this says so."""
    import pathlib
    from hearts.app.card_art import _COURT_SIGNS

    deck = pathlib.Path(__file__).resolve().parent.parent / "node_modules" / "svg-cards" / "svg-cards.svg"
    if not deck.exists():
        import pytest
        pytest.skip("node_modules/svg-cards is not installed (npm ci)")
    text = deck.read_text(encoding="utf-8")
    ours = [[float(v) for v in re.findall(r"-?[\d.]+", t)] for t in _COURT_SIGNS]
    for suit in ("diamond", "club"):
        for rank in ("jack", "queen", "king"):
            start = text.index(f'id="{suit}_{rank}"')
            dx, dy = map(float, re.match(r'id="[^"]+" transform="translate\(([-\d.]+),([-\d.]+)\)"', text[start:]).groups())
            body = text[start:start + 20000]  # the card's group (the picture's paths come after)
            uses = re.findall(rf'<use xlink:href="#{suit}" x="([-\d.]+)" y="([-\d.]+)" transform="([^"]+)"', body)
            theirs = []
            for x, y, transform in uses[:2]:  # the two large signs come first
                numbers = [float(v) for v in re.findall(r"-?[\d.]+", transform)]
                a, d, e, f = (numbers[0], numbers[3], numbers[4], numbers[5]) if transform.startswith("matrix") \
                    else (numbers[0], numbers[1], 0.0, 0.0)
                theirs.append([a, 0, 0, d, a * float(x) + e + dx, d * float(y) + f + dy])
            for mine, art in zip(ours, theirs):
                assert all(abs(m - t) < 0.01 for m, t in zip(mine, art)), (suit, rank, mine, art)
            assert len(theirs) == 2
