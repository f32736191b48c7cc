"""A finished hand told trick by trick (overlay "replay"), from
``ui.history.replay`` (a hearts.engine.replay.Replay: the hand is over, so all four hands
are shown face up) and ``ui.history.step`` (0: the deal and the pass; k:
trick k).

The cards here are small text cards (rank and suit sign, each with its
name for screen readers), never ``button[data-card]``: those are the
player's hand. Each seat's row carries ``data-seat``; the step's trick is
in ``[data-replay-trick]`` with its cards in ``[data-rcard]``.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from ..text import strings as S
from ..text.i18n import N_, NP_
from ..engine.replay import ReplayTrick
from ..text.vocabulary import card_name, pass_direction_text, seat_name
from .events import Action as A
from .blocks import SEATS, button, dialog, esc, mini_card, sort_hand
from ..text.i18n import Translator
from .model import Ui
from ..text.spoken import trick_points
from .play_view import led

REPLAY = N_("Trick by trick")
DEAL_AND_PASS = N_("The deal and the pass")
PREVIOUS = N_("Previous trick")
NEXT = N_("Next trick")
# TRANSLATORS: in the replay of a hand: the seat the cards were passed to.
PASSED_TO = NP_("replay", "Passed to: {player}")
RECEIVED = NP_("replay", "Received")
LED = NP_("replay", "Led")
# TRANSLATORS: in the replay: the seat that took the trick, and its points ("3 points").
TOOK = NP_("replay", "Took the trick: {points}")
KEYS = N_("The arrow keys go back and forth too.")


def step_title(step: int, total: int, tr: Translator) -> str:
    if step == 0:
        return tr.text(DEAL_AND_PASS)
    # TRANSLATORS: in the replay of a hand: "Trick 5 of 13".
    return tr.gettext("Trick {n} of {total}").format(n=tr.format_number(step), total=tr.format_number(total))


def trick_told(trick: ReplayTrick, tr: Translator) -> str:
    """What a screen reader says of a replayed trick, after its number: its
    cards in the order played, its leader first, who took it and its points
    ("West led: 2 of clubs. North: ace of clubs. ... North won the trick.
    0 points in this trick.")."""
    plays = [f"{led(trick.leader, tr)}: {card_name(trick.cards[0], tr)}"]
    plays += [S.card_played(s, c, tr) for s, c in zip(trick.seats[1:], trick.cards[1:])]
    plays += [S.trick_won(trick.winner, tr), trick_points(trick.points, tr)]
    return "".join(f" {p}." for p in plays)


def replay_label(hand: int, tr: Translator) -> str:
    """The score sheet's button for a hand (``hand`` counts from 1)."""
    # TRANSLATORS: label of a button on the score sheet: replays hand {n} trick by trick.
    return tr.gettext("Replay hand {n}").format(n=tr.format_number(hand))


def _cards(cards: Iterable[str], tr: Translator, marked: Container[str] = (), mark: str = "") -> str:
    return "".join(mini_card(c, tr, f" {mark}" if c in marked else "") for c in sort_hand(cards))


def _review(hand: int, tr: Translator) -> str:
    from .review_view import review_button  # the review of this hand (hearts.app.review_view)

    return review_button(hand, tr)


def replay_screen(ui: Ui, tr: Translator) -> str:
    r = ui.history.replay
    assert r is not None  # (overlay "replay")
    step = ui.history.step
    total = len(r.tricks)
    rows = []
    if step == 0:
        received = {}
        if r.direction:
            for s in SEATS:
                received[(s + r.direction) % 4] = r.passed[s]
        for s in SEATS:
            extra = ""
            if r.direction:
                extra = (f'<p class="r-note">{esc(tr.text(PASSED_TO).format(player=seat_name((s + r.direction) % 4, tr)))}</p>'
                         f'<p class="r-note">{esc(tr.text(RECEIVED))}: {_cards(received[s], tr)}</p>')
            rows.append(
                f'<li class="r-seat" data-seat="{s}"><span class="r-name">{esc(seat_name(s, tr))}</span>'
                f'<span class="r-hand">{_cards(r.dealt[s], tr, r.passed[s], "passed")}</span>{extra}</li>')
        info = f'<p class="r-info">{esc(pass_direction_text(r.direction, tr))}</p>' if not r.direction else ""
        trick_html = ""
    else:
        t = r.tricks[step - 1]
        played = dict(zip(t.seats, t.cards))
        for s in SEATS:
            marks = []
            if s == t.leader:
                marks.append(f'<span class="r-led">{esc(tr.text(LED))}</span>')
            if s == t.winner:
                marks.append(f'<span class="r-took">{esc(tr.text(TOOK).format(points=S.points(t.points, tr)))}</span>')
            rows.append(
                f'<li class="r-seat{" r-winner" if s == t.winner else ""}" data-seat="{s}">'
                f'<span class="r-name">{esc(seat_name(s, tr))}</span>'
                f'<span class="r-hand">{_cards(t.hands[s], tr, (played[s],), "played")}</span>'
                f'<span class="r-marks">{"".join(marks)}</span></li>')
        order = "".join(mini_card(c, tr, " played") for c in t.cards)
        trick_html = (f'<p class="r-trick" data-replay-trick="{step}">'
                      f'{esc(tr.text(LED))}: {esc(seat_name(t.leader, tr))} \u2192 {order}</p>')
        info = ""
        if step == total:
            hand_pts = "; ".join(S.hand_points(s, r.points[s], tr) for s in SEATS)
            moon = f"{S.shot_the_moon(r.moon, tr)} " if r.moon is not None else ""
            info = f'<p class="r-info">{esc(moon + hand_pts)}</p>'
    told = f'<span class="sr">{esc(trick_told(r.tricks[step - 1], tr))}</span>' if step else ""
    prev = button(tr.text(PREVIOUS), A.REPLAY_PREV, cls="btn", aria_disabled="true" if step == 0 else None)
    nxt = button(tr.text(NEXT), A.REPLAY_NEXT, cls="btn primary",
                 aria_disabled="true" if step == total else None)
    body = (
        f'<h2>{esc(S.hand_number(r.hand + 1, tr))} \u00b7 {esc(tr.text(REPLAY))}</h2>'
        # (the live region says the trick too, its cards in the order played)
        f'<p class="r-step" data-replay-step="{step}" aria-live="polite" aria-atomic="true">'
        f'{esc(step_title(step, total, tr))}{told}</p>'
        f"{trick_html}<ol class=\"r-seats\">{''.join(rows)}</ol>{info}"
        f'<div class="actions r-nav">{prev}{nxt}{_review(r.hand, tr)}{button(tr.text(S.BACK), A.CLOSE, cls="btn")}</div>'
        f'<p class="r-keys">{esc(tr.text(KEYS))}</p>'
    )
    return dialog(f"{S.hand_number(r.hand + 1, tr)} \u00b7 {tr.text(REPLAY)}", body, "replay")
