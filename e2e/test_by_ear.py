"""Issue 48: a whole hand played by keyboard alone, in English and Finnish,
at 1366x768, with what a player who listens can know checked at every step
from the accessibility tree (aria snapshots) and the live region only:

- every dialog (the in-game Menu, its Statistics, New game's question, a
  hand's replay from the score sheet) takes focus and gives it back; the
  replay says each trick's cards in the order played;
- one live region says an event (a refused card, a hint: never twice);
- on each turn: the trick in the order played, its leader first; the suit
  to follow (or the lead) and how many cards can be played, which match
  the hand's buttons the tree shows as enabled;
- each trick taken says its points (26 over the hand); hearts broken said
  once, when the bar says they are;
- the hand's end says each player's points, total and place, as the
  table's totals show them;
- the three cards received are named so;
- the hand has one Tab stop; N jumps to a card that can be played, S to
  the next suit; after a card is played focus is on the card in its place,
  and the hand's end takes focus: never <body>;
- axe-core clean on each screen (a heading on each: page-has-heading-one).
"""

import re

import pytest

from hearts.app.play_view import led as led_text
from hearts.engine.tally import places
from hearts.text.spoken import full_stop, trick_points
from hearts.text import strings as S
from hearts.text.i18n import load
from hearts.text.vocabulary import card_name, seat_name, suit_name

from page_play import TABLE, Keys, pass_by_keys, play_by_keys
from test_game import TIMEOUT, assert_accessible

# Everything #live says, in order (a watcher in the page: announcements
# come faster than a test's round trips).
LISTEN = """() => {
  window.__said = [];
  const live = document.getElementById('live');
  new MutationObserver(() => { const t = live.textContent.trim(); if (t) window.__said.push(t); })
    .observe(live, {childList: true, characterData: true, subtree: true});
}"""
ALL_CARDS = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def said(page):
    return page.evaluate("() => window.__said")


def focus_in(page, selector):
    return page.evaluate(f"() => !!document.activeElement && !!document.activeElement.closest({selector!r})")


def only_live_says(page):
    """The message the table shows is what #live said last (a hint's line
    shows its start: its reasons are behind its Why? button), and no other
    live region holds it (it is spoken once)."""
    shown = page.evaluate("""() => { const m = document.querySelector('#screen .message').cloneNode(true);
      m.querySelector('.why')?.remove(); return m.textContent.trim(); }""")
    assert shown and said(page)[-1].startswith(shown), (shown, said(page)[-3:])
    regions = page.evaluate("""(text) => [...document.querySelectorAll(
        '[aria-live], [role=status], [role=alert], [role=log], output')]
      .filter((e) => e.textContent.includes(text)).map((e) => e.id || e.className)""", shown)
    assert regions == ["live"], regions


def on_a_card(page):
    """Focus is on a card of the hand: never left on <body>, nor on the
    hand's group (where the next arrow would start from the first card)."""
    active = page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
    assert focus_in(page, "#screen .hand [data-card]"), active


def tree(page, selector):
    return page.locator(selector).aria_snapshot()


def buttons(snapshot):
    """(name, disabled) of each button line of an aria snapshot."""
    return [(m.group(1), bool(m.group(2))) for m in
            re.finditer(r'button "([^"]+)"( \[disabled\])?', snapshot)]


def imgs(snapshot):
    return re.findall(r'img "([^"]+)"', snapshot)


class Ear:
    """What the player has heard and can read, in one language."""

    def __init__(self, page, lang):
        self.page, self.tr = page, load(lang)
        self.names = {card_name(c, self.tr): c for c in ALL_CARDS}
        self.received = {S.received_card(c, self.tr): c for c in ALL_CARDS}
        self.seats = {seat_name(s, self.tr): s for s in range(4)}
        self.turns = 0

    def card(self, name):
        return self.names[name] if name in self.names else self.received[name]

    def check_turn(self, page):
        """The player's turn: the tree and the last thing said agree."""
        self.turns += 1
        on_a_card(page)  # (after the last play, a trick taken or a new trick)
        hand = buttons(tree(page, "#screen .hand"))
        legal = [self.card(name) for name, off in hand if not off]
        assert legal, hand
        trick = imgs(tree(page, "#screen .trick"))
        led = None
        if trick:
            first, card = trick[0].rsplit(": ", 1)
            leaders = {led_text(s, self.tr): s for s in range(1, 4)}
            assert first in leaders, trick  # the leader's card is read first
            leader = leaders[first]
            led = self.card(card)[-1]
            # the rest in the order played: each next seat clockwise
            for i, label in enumerate(trick[1:], 1):
                who, _ = label.rsplit(": ", 1)
                assert self.seats[who] == (leader + i) % 4, trick
            assert len(trick) == (4 - leader) % 4, trick  # the player is next
        turn = full_stop(S.to_play(0, self.tr))
        last = next(t for t in reversed(said(page)) if turn in t)
        expect = S.your_move(led, len(legal), self.tr)
        assert last.endswith(expect + "."), (last, expect)
        if led is not None:
            assert suit_name(led, self.tr) in last

    def check_hand_end(self, page):
        heard = said(page)
        taken = [t for t in heard if S.trick_won(0, self.tr) in t or any(
            S.trick_won(s, self.tr) in t for s in (1, 2, 3))]
        # (the points of each: the one "n points in this trick" it says, in its language)
        points = [n for t in taken for n in range(27) if re.search(
            r"(^|\s)" + re.escape(trick_points(n, self.tr)), t)]
        assert sum(points) == 26, taken
        bar = tree(page, "#screen .bar")
        broken = self.tr.text(S.HEARTS_BROKEN)
        assert (broken in bar) == any(broken + "." in t for t in heard)
        assert sum(broken + "." in t for t in heard) <= 1
        end = heard[-1]
        totals = []
        for s in range(4):
            m = re.search(re.escape(seat_name(s, self.tr)) + r": [^,]+, [^\d]*(\d+)", end)
            assert m, end
            totals.append(int(m.group(1)))
        for s in range(4):  # (the first hand: its points are the totals)
            assert S.hand_total(s, totals[s], totals[s], places(totals)[s][0], self.tr) in end, end
        felt = tree(page, "#screen .table")
        for s, total in enumerate(totals):
            assert str(total) in felt


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_hand_by_ear(lang, warm_context, site, open_game):
    context, _ = warm_context(viewport={"width": 1366, "height": 768})
    page = open_game(context.pages[0] if context.pages else context.new_page(), site.game_url(lang=lang))
    page.evaluate(LISTEN)
    ear = Ear(page, lang)
    keys = Keys(page)
    assert_accessible(page, site)  # the start screen
    keys.tab_to('[data-action="new-game"]')
    keys.press("Enter")
    page.locator(f'{TABLE}[data-phase="pass"]').wait_for(timeout=TIMEOUT)
    assert_accessible(page, site)
    # one Tab stop in the hand
    keys.tab_to("#screen .hand [data-card]")
    stops = page.evaluate("() => [...document.querySelectorAll('#screen .hand [data-card]')]"
                          ".filter((b) => b.tabIndex >= 0).length")
    assert stops == 1
    # the in-game Menu, its Statistics, and back
    keys.tab_to('#screen [data-action="menu"]', back=True)
    keys.press("Enter")
    assert focus_in(page, ".overlay.menu[role=dialog]")
    assert_accessible(page, site)
    keys.tab_to('.overlay [data-action="stats"]')
    keys.press("Enter")
    assert focus_in(page, ".overlay.stats[role=dialog]")
    keys.press("Escape")
    assert page.locator(".overlay").count() == 0 or focus_in(page, ".overlay")
    while page.locator(".overlay").count():
        keys.press("Escape")
    assert page.evaluate("() => document.activeElement.getAttribute('data-action')") == "menu"
    # New game's question, from the menu
    keys.press("Enter")
    keys.tab_to('.overlay [data-action="new-game"]')
    keys.press("Enter")
    assert focus_in(page, ".overlay.confirm-new[role=alertdialog]")
    assert_accessible(page, site)
    keys.press("Escape")
    while page.locator(".overlay").count():
        keys.press("Escape")
    assert page.evaluate("() => document.activeElement.getAttribute('data-action')") == "menu"
    pass_by_keys(keys)
    assert focus_in(page, "#screen .hand")
    # the three cards received are named so (the eye sees a star)
    page.locator('#screen .hand button[data-card]:not([aria-disabled="true"])').first.wait_for(timeout=TIMEOUT)
    hand = [name for name, _ in buttons(tree(page, "#screen .hand"))]
    assert len([n for n in hand if n in ear.received]) == 3, hand
    # a refused card is said once, by #live alone
    page.locator('#screen .hand button[data-card]:not([aria-disabled="true"])').first.wait_for(timeout=TIMEOUT)
    off = page.locator('#screen .hand [data-card][aria-disabled="true"]')
    assert off.count()  # (the first trick: clubs, or no points)
    if off.count():
        keys.tab_to("#screen .hand [data-card]")
        keys.press("Home")
        for _ in range(13):  # the arrows visit every card, playable or not
            if keys.active("e.getAttribute('aria-disabled') === 'true'"):
                break
            keys.press("ArrowRight")
        keys.press("Enter")
        only_live_says(page)
        on_a_card(page)
    assert_accessible(page, site)
    # the hint is said once too, whole; its reasons open by keys as well
    keys.tab_to('#screen [data-action="hint"]')
    before = len(said(page))
    keys.press("Enter")
    page.wait_for_function("(n) => window.__said.length > n", arg=before, timeout=TIMEOUT)
    only_live_says(page)
    assert_accessible(page, site)  # (the hint covers no other text now)
    keys.tab_to('#screen .message [data-action="why"]')
    keys.press("Enter")
    page.locator('.overlay[data-dialog="hint-why"]').wait_for(timeout=TIMEOUT)
    assert focus_in(page, '.overlay[data-dialog="hint-why"]')  # the dialog takes focus
    assert_accessible(page, site)
    keys.press("Escape")
    page.locator('.overlay[data-dialog="hint-why"]').wait_for(state="detached", timeout=TIMEOUT)
    keys.tab_to("#screen .hand [data-card]")
    # S: to the first card of the next suit; N: to a card that can be played
    cards = page.evaluate("() => [...document.querySelectorAll('#screen .hand [data-card]')]"
                          ".map((b) => b.getAttribute('data-card'))")
    keys.press("Home")
    keys.press("s")
    at = cards.index(keys.active("e.getAttribute('data-card')"))
    assert cards[at][-1] != cards[0][-1] and all(c[-1] == cards[0][-1] for c in cards[:at]), (cards, at)
    keys.press("Shift+S")
    assert keys.active("e.getAttribute('data-card')") == cards[0]
    keys.press("n")
    assert keys.active("e.getAttribute('aria-disabled')") is None
    ended = play_by_keys(keys, check=ear.check_turn)
    assert ended == "hand-end" and ear.turns >= 12
    assert focus_in(page, "#screen .ending-panel")  # the hand's end takes focus
    heard = said(page)
    assert all(a != b for a, b in zip(heard, heard[1:])), heard  # nothing said twice over
    assert_accessible(page, site)
    ear.check_hand_end(page)
    # a hand's replay, from the score sheet of the in-game menu
    keys.tab_to('#screen [data-action="menu"]', back=True)
    keys.press("Enter")
    keys.tab_to('.overlay [data-action="replay"]')
    keys.press("Enter")
    assert focus_in(page, ".overlay.replay[role=dialog]")
    assert_accessible(page, site)
    keys.press("ArrowRight")  # the first trick, said as it was played
    step = page.locator(".overlay .r-step[aria-live]").text_content()
    assert any(f"{led_text(s, ear.tr)}: " in step for s in range(4)), step
    assert any(S.trick_won(s, ear.tr) in step for s in range(4)), step
    while page.locator(".overlay").count():
        keys.press("Escape")
    assert page.evaluate("() => document.activeElement.getAttribute('data-action')") == "menu"
