"""Issue 48, the model's side (e2e/test_by_ear.py plays it in Chromium):
what a player who listens (a screen reader) is told: the trick in the
order played with its leader, the points a trick took, hearts broken, the
suit to follow and how many cards are legal, totals and places at a hand's
end, one Tab stop in the hand, a heading, and one live region for one event.
"""

import re

from hearts import Phase
from hearts.app import messages as M
from hearts.app.events import decode
from hearts.app.model import HUMAN
from hearts.text.spoken import announcement
from hearts.text.i18n import load
from hearts.text.vocabulary import card_name

from fake_ports import Driver
from test_ui import EN, pass_three, play_hand, play_legal

FI = load("fi")


def _said(d, since=0):
    return [announcement(items, EN) for items in d.announced[since:]]


def test_the_trick_is_read_in_play_order_from_its_leader():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    differs = 0  # turns where the seats' order (North, West, East) is not the order played
    while d.phase() == "play":
        trick = d.pv.trick
        if trick is not None and trick.cards:
            html = d.html()
            pile = html[html.index('class="pile"'):]
            seats = [int(s) for s in re.findall(r'class="card played[^"]*" data-seat="(\d)"', pile)]
            assert seats == list(trick.seats)  # in the DOM (what is read) as played, not by seat
            differs += seats != [s for s in (2, 1, 3, 0) if s in trick.seats]
            first = re.search(r'data-seat="(\d)" data-leader="true" role="img" aria-label="([^"]+)"', pile)
            assert first is not None and int(first.group(1)) == trick.leader
            who = {1: "West", 2: "North", 3: "East"}[trick.leader]
            assert first.group(2) == f"{who} led: {card_name(str(trick.cards[0]), EN)}"
        play_legal(d)
    assert differs  # (else the test could not tell the two orders apart)


def test_turn_says_the_suit_to_follow_and_how_many_cards_are_legal():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    said = " ".join(_said(d))
    assert "is thinking" not in said  # the opponents' turns go unsaid
    pv = d.pv
    assert pv.to_act == HUMAN and pv.trick is not None and pv.trick.cards
    n = len(pv.legal)
    word = "card" if n == 1 else "cards"
    assert _said(d)[-1].endswith(f"Your turn. Follow suit (clubs): {n} {word} can be played.")


def test_a_trick_says_its_points_and_hearts_broken_is_said_once():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    while d.phase() == "play":
        play_legal(d)
    said = _said(d)
    taken = [t for t in said if "won the trick." in t]
    assert len(taken) >= 12  # (the last tricks may be taken at once, when no point is left)
    assert all(re.search(r"won the trick\. \d+ points? in this trick\.", t) for t in taken)
    broken = [t for t in said if "Hearts are broken." in t]
    assert len(broken) == 1  # (every heart is played in a hand: they break once)


def test_the_hand_end_says_totals_and_places():
    d = Driver()
    d.send(M.NewGame())
    play_hand(d)
    d.send(M.Continue())
    play_hand(d)
    assert d.pv.phase is Phase.HAND_END
    last = _said(d)[-1]
    scores = d.pv.scores
    assert "You: " in last and f"{scores[0]} in total" in last
    assert re.search(r"East: \d+ points?, \d+ in total, (1st|2nd|3rd|4th)\.", last)
    fi = announcement(d.announced[-1], FI)
    assert "yhteensä" in fi


def test_the_hand_has_one_tab_stop_and_says_its_keys():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    html = d.html()
    stops = re.findall(r'<button[^>]*data-card="(\w\w)"[^>]*tabindex="0"', html)
    assert len(stops) == 1 and stops[0] in {str(c) for c in d.pv.legal}
    assert len(re.findall(r'data-card="\w\w"[^>]*tabindex="-1"', html)) == len(d.pv.hand) - 1
    assert 'aria-describedby="hand-keys"' in html and 'id="hand-keys"' in html


def test_the_table_has_a_heading_and_one_live_region_per_event():
    d = Driver()
    d.send(M.NewGame())
    d.send(M.ConfirmPass())  # refused: two places would say it
    html = d.html()
    assert re.search(r"<h1[^>]*>Hearts</h1>", html)
    assert d.model.ui.message is not None
    message = re.search(r'<p class="message[^"]*"[^>]*>', html)
    assert message is not None and "role=" not in message.group(0) and "aria-live" not in message.group(0)


def test_the_cards_received_are_named_so():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    got = {str(c) for c in d.pv.received}
    labels = dict(re.findall(r'<button[^>]*data-card="(\w\w)"[^>]*aria-label="([^"]+)"', d.html()))
    assert {c for c, label in labels.items() if label.endswith(", received")} == got and len(got) == 3
    fi = dict(re.findall(r'<button[^>]*data-card="(\w\w)"[^>]*aria-label="([^"]+)"', d.html(FI)))
    assert all(fi[c].endswith(", saatu kortti") for c in got)


def test_the_game_end_says_totals_and_places():
    d = Driver()
    d.send(M.NewGame())
    for _ in range(30):
        play_hand(d)
        if d.pv.phase is Phase.GAME_END:
            break
        d.send(M.Continue())
    assert d.pv.phase is Phase.GAME_END
    last = _said(d)[-1]
    scores = d.pv.scores
    assert "You: " in last and f"{scores[0]} in total" in last and "wins the game" in last


def test_the_replay_tells_each_trick_in_play_order():
    d = Driver()
    d.send(M.NewGame())
    play_hand(d)
    d.send(M.ShowReplay(0))
    d.send(decode("replay-next"))
    step = re.search(r'<p class="r-step"[^>]*aria-live="polite"[^>]*>(.*?)</p>', d.html(), re.S)
    assert step is not None
    told = re.sub(r"<[^>]+>", "", step.group(1))
    trick = d.model.ui.history.replay.tricks[0]
    who = ["You", "West", "North", "East"]
    plays = [f"{who[trick.leader]} led: 2 of clubs."] + [
        f"{who[s]}: {card_name(c, EN)}." for s, c in zip(trick.seats[1:], trick.cards[1:])]
    assert told.startswith("Trick 1 of 13 " + " ".join(plays)), told
    assert re.search(r"won the trick\. \d+ points? in this trick\.$", told), told
