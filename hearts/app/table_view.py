"""The table: the bar, the three opponents' seats and the player's, the
trick, the message line, the status line, the actions, the player's hand.

The felt is laid out by seat (game.css): North at the top, West and East at
the sides, the trick in the middle with each card in front of the player
who played it, and the human's hand along the bottom, as large as the
screen allows. Everything that changes with the game's state (whose turn
it is, what the status says, a message) sits in boxes of a fixed size, so
nothing moves when it changes.
"""

from __future__ import annotations

from ..engine.game import Phase, PlayerView
from ..text import strings as S
from ..text.i18n import Translator
from ..text.spoken import Hint, full_stop, hint_words, say
from ..text.vocabulary import card_name, game_name, pass_direction_text, seat_name
from . import deal_view as D
from . import play_view as P
from . import today_view as TV
from .blocks import SEAT_CLASS, SUIT_GLYPH, attrs, button, esc, sort_hand
from .card_art import card_class, card_face
from .coach import claim_offered
from .events import Action as A
from .model import HUMAN, Ui
from .notices_view import notices

PASS_ARROW = {"w": "\u2190", "n": "\u2191", "e": "\u2192"}

HAND_ROWS_AFTER = 7  # a hand of more cards takes two rows on a phone held upright


def _seat(pv: PlayerView, seat: int, ui: Ui, tr: Translator, turn: int | None, won: int | None = None,
          queen: bool = False) -> str:
    cls = f"seat seat-{SEAT_CLASS[seat]}"
    if turn == seat:
        cls += " turn"
    if pv.phase is Phase.PASS and seat != HUMAN and pv.pass_direction.target(HUMAN) == seat:
        cls += " pass-target"
    if won == seat:  # the trick on the table goes to this seat (with the queen: "took")
        cls += " gets took" if queen else " gets"
    name = esc(seat_name(seat, tr))
    count = pv.card_counts[seat]
    fan = ""
    if seat != HUMAN:
        n = min(count, 13)
        fan = f'<span class="fan f{n}" aria-hidden="true">{"<i></i>" * n}</span>'
    dots = ""
    if turn == seat and seat != HUMAN:
        dots = '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>'
    taken = pv.points_taken[seat]
    hot = " hot" if taken else ""
    return (
        f'<div class="{cls}">{fan}'
        f'<span class="plate"><span class="seat-name">{name}</span>'
        f'<span class="seat-info">'
        f'<span class="count sr">{esc(S.card_count(count, tr))}</span>'
        f'<span class="taken{hot}" title="{esc(tr.text(S.POINTS_THIS_HAND))}">'
        f'<span class="sr">{esc(tr.text(S.POINTS_THIS_HAND))}: </span>{esc(S.points(taken, tr))}</span>'
        f'<span class="total"><span class="lbl">{esc(tr.text(S.TOTAL))} </span>'
        f'<b>{esc(tr.format_number(pv.scores[seat]))}</b></span>'
        f"</span></span>{dots}</div>"
    )


def _trick(ui: Ui, pv: PlayerView, tr: Translator) -> tuple[str, int | None]:
    """The cards in the middle, and the winner while a full trick is shown."""
    winner = None
    trick = pv.trick
    if ui.pause and pv.tricks:
        trick = pv.tricks[-1]
        winner = trick.winner
    slots: dict[int, str] = {}
    leader = newest = None
    if trick is not None and trick.cards:
        leader = trick.leader
        newest = str(trick.cards[-1])
        slots = {seat: str(played) for seat, played in zip(trick.seats, trick.cards)}
    out = []
    queen = False
    # In the order played, then the empty places (each slot is placed by
    # game.css whatever its order): a screen reader reads the trick as it
    # was played, its leader first.
    played = [s for s in ((leader + i) % 4 for i in range(4)) if s in slots] if leader is not None else []
    for seat in played + [s for s in (2, 1, 3, 0) if s not in slots]:
        card = slots.get(seat)
        pos = SEAT_CLASS[seat]
        if card is None:
            out.append(f'<div class="slot slot-{pos}"></div>')
            continue
        cls = card_class(card).replace("card ", "card played ", 1)
        if winner is None and card == newest:
            cls += " new"
        if winner == seat:
            cls += " winner"
        if card == "QS":
            cls += " qs"
            queen = True
        lead = ' data-leader="true"' if seat == leader else ""
        label = S.card_played(seat, card, tr)
        if seat == leader:  # "West led: 2 of clubs"
            label = f"{P.led(seat, tr)}: {card_name(card, tr)}"
        out.append(f'<div class="slot slot-{pos}"><div class="{cls}" data-seat="{seat}"{lead} role="img" '
                   f'aria-label="{esc(label)}">{card_face(card)}</div></div>')
    extra = ""
    if pv.phase is Phase.PASS and int(pv.pass_direction):
        target = SEAT_CLASS[pv.pass_direction.target(HUMAN)]
        extra = f'<div class="pass-arrow to-{target}" aria-hidden="true">{PASS_ARROW[target]}</div>'
    cls = "trick"
    if winner is not None:
        cls += f" go-{SEAT_CLASS[winner]}"
    if queen:
        cls += " has-qs"
    return (f'<div class="{cls}" role="group" aria-label="{esc(tr.text(S.CURRENT_TRICK))}">'
            f'<div class="pile">{"".join(out)}</div>{extra}</div>', winner)


def _passing(pv: PlayerView) -> str:
    """The three cards the human passed, flying to their new owner once (an
    animation at the start of the hand's play, until the human's first
    card); and where the cards received came from (the hand's classes)."""
    if pv.phase is not Phase.PLAY or not pv.passed or len(pv.hand) != 13 or not int(pv.pass_direction):
        return ""
    target = SEAT_CLASS[pv.pass_direction.target(HUMAN)]
    faces = "".join(f'<span class="{card_class(str(c))} ghost">{card_face(str(c))}</span>'
                    for c in sort_hand(pv.passed))
    return f'<div class="passing to-{target}" aria-hidden="true">{faces}</div>'


def _hand(ui: Ui, pv: PlayerView, tr: Translator) -> str:
    passing = pv.phase is Phase.PASS
    playing_now = pv.phase is Phase.PLAY and pv.to_act == HUMAN and not ui.pause
    legal = {str(c) for c in pv.legal}
    picked, hinted = {str(c) for c in ui.picked}, {str(c) for c in ui.hint}
    lifted = None if ui.lifted is None else str(ui.lifted)
    # Received cards stay marked until the human plays a first card.
    received = {str(c) for c in pv.received} if pv.phase is Phase.PLAY and len(pv.hand) == 13 else set()
    cards = sort_hand(pv.hand)
    n = len(cards)
    out = []
    # One Tab stop in the hand (a roving tabindex): the first card that can
    # be chosen now, else the first; the arrows and the jump keys move from
    # card to card (hearts.page.controller).
    def choosable(c: str) -> bool:
        return (c in picked or len(picked) < 3) if passing else (playing_now and c in legal)

    stop = next((c for c in cards if choosable(c)), cards[0] if cards else None)
    for card in cards:  # (game.css places each by its place among them)
        cls = card_class(card)
        label = card_name(card, tr)
        if passing:
            chosen = card in picked
            disabled = not chosen and len(picked) >= 3
            pressed = "true" if chosen else "false"
            if chosen:
                cls += " picked"
        else:
            pressed = None
            disabled = not (playing_now and card in legal)
            if not disabled:
                cls += " playable"
        if card in received:
            cls += " received"
            label = S.received_card(card, tr)
        if card in hinted:
            cls += " hinted"
        if card == lifted:
            cls += " lifted"
        out.append(
            f'<button type="button"{attrs(class_=cls, data_card=card, aria_label=label, aria_pressed=pressed, aria_disabled="true" if disabled else None, tabindex="0" if card == stop else "-1")}>'
            f"{card_face(card)}</button>"
        )
    turn = " my-turn" if playing_now else ""
    rows = " two" if n > HAND_ROWS_AFTER else ""
    source = ""
    if received and int(pv.pass_direction):
        source = f" from-{SEAT_CLASS[_passer(pv)]}"
    return (f'<div class="hand n{n}{rows}{turn}{source}" role="group" tabindex="-1" '
            f'aria-label="{esc(tr.text(S.YOUR_HAND))}" aria-describedby="hand-keys">{"".join(out)}</div>'
            f'<p id="hand-keys" class="sr">{esc(tr.text(S.HAND_KEYS))}</p>')


def _passer(pv: PlayerView) -> int:
    """The seat whose cards the human received."""
    return next(s for s in (1, 2, 3) if pv.pass_direction.target(s) == HUMAN)


def _status(ui: Ui, pv: PlayerView, tr: Translator, winner: int | None) -> str:
    """The line above the hand, as HTML: one span (the box is a grid)."""
    if winner is not None:
        text = esc(S.trick_won(winner, tr))
    elif pv.phase is Phase.PASS:  # "Chosen: 2 of 3" is kept on one line
        text = (f'{esc(pass_direction_text(pv.pass_direction, tr))} · '
                f'<span class="count">{esc(S.chosen(len(ui.picked), tr))}</span>')
    elif pv.to_act == HUMAN:
        text = esc(S.to_play(HUMAN, tr))
    elif pv.to_act is not None:
        text = esc(S.thinking(pv.to_act, tr))
    else:
        return ""
    return f"<span>{text}</span>"


def _moment(ui: Ui, pv: PlayerView) -> str:
    """A moon shot gets its moment: while the hand's last trick is on the
    table, a moon rises over the shooter (decorative: the live region says
    it in words)."""
    if not ui.pause or pv.phase not in (Phase.HAND_END, Phase.GAME_END) or not pv.results:
        return ""
    moon = pv.results[-1].moon
    if moon is None:
        return ""
    return f'<div class="moon-rise at-{SEAT_CLASS[moon]}" aria-hidden="true"><span>\u263e</span></div>'


def table(ui: Ui, pv: PlayerView, tr: Translator) -> str:
    turn = None if ui.pause else pv.to_act
    trick, winner = _trick(ui, pv, tr)
    queen = winner is not None and "QS" in {str(c) for c in pv.tricks[-1].cards}
    hearts = S.hearts_broken_text(pv.hearts_broken, tr)
    broken_cls = "broken yes" if pv.hearts_broken else "broken"
    notes = []
    if pv.is_extra_hand:
        notes.append(tr.text(S.TIE_ONE_MORE_HAND))
    if pv.phase is Phase.PLAY and not pv.tricks and int(pv.pass_direction) == 0:
        notes.append(pass_direction_text(pv.pass_direction, tr))
    # The toast's room under the trick holds one thing at a time: a message
    # (a hint, a refusal...) stands in for the notes until it goes.
    if ui.message is not None and say(ui.message, tr):
        note_html = ""
    else:
        note_html = "".join(f'<p class="note">{esc(n)}</p>' for n in notes) + P.pass_info(ui, pv, tr)
    actions = []
    if pv.phase is Phase.PASS:
        ready = len(ui.picked) == 3
        actions.append(button(tr.text(S.CONFIRM_PASS), A.CONFIRM_PASS, cls="btn primary",
                              aria_disabled=None if ready else "true"))
    elif ui.pause:
        actions.append(button(tr.text(S.CONTINUE), A.CONTINUE, cls="btn"))
    elif claim_offered(ui, pv):
        actions.append(button(tr.text(S.CLAIM), A.CLAIM, cls="btn primary"))
    hint_busy = "true" if ui.hint_pending else None
    can_hint = pv.my_turn and not ui.pause
    bar = (
        '<header class="bar">'
        f'<h1 class="sr">{esc(game_name(tr))}</h1>'  # (every screen has its heading)
        f'<span class="hand-no"{D.fingerprint_attr(ui)}>{esc(TV.name(ui, tr) or S.hand_number(pv.hand_number + 1, tr))}</span>'
        f'<span class="{broken_cls}"><span class="hb" aria-hidden="true">{SUIT_GLYPH["H"]}\ufe0e</span> '
        f'<span class="hb-text">{esc(hearts)}</span></span>'
        '<span class="bar-actions">'
        + button(tr.text(S.HINT), A.HINT, cls="btn small", aria_busy=hint_busy,
                 aria_disabled=None if can_hint else "true")
        + button(tr.text(S.RULES), A.RULES, cls="btn small")
        + button(tr.text(S.MENU), A.MENU, cls="btn small")
        + "</span></header>"
    )
    mine = " turn" if turn == HUMAN else ""
    return (
        '<div class="table">'
        + bar
        + f'<div class="felt" role="group" aria-label="{esc(tr.text(S.CARD_TABLE))}">'
        + _seat(pv, 2, ui, tr, turn, winner, queen) + _seat(pv, 1, ui, tr, turn, winner, queen)
        + trick + _seat(pv, 3, ui, tr, turn, winner, queen)
        + f'<div class="toast">{note_html}'
        # (not a live region: #live says it, once)
        + _message_line(ui, tr) + "</div>"
        + _passing(pv) + _moment(ui, pv) + P.felt_tools(ui, pv, tr)
        + "</div>"
        + f'<div class="south{mine}">'
        + '<div class="status-row">'
        + _seat(pv, HUMAN, ui, tr, turn, winner, queen)
        + f'<p class="status">{_status(ui, pv, tr, winner)}</p>'
        + f'<div class="actions">{"".join(actions)}</div>'
        + "</div>"
        + _hand(ui, pv, tr)
        # (after a hand, the dialog over the table has the notices)
        + notices(ui, tr, tells_too=ui.pause or pv.phase not in (Phase.HAND_END, Phase.GAME_END), moment="hand")
        + "</div></div>"
    )


def _message_line(ui: Ui, tr: Translator) -> str:
    """The table's message line: what the page says, short enough for its
    room under the trick; a hint's reasons behind its Why? button."""
    if isinstance(ui.message, Hint):
        text, more = hint_words(ui.message, tr)
        if more:
            return (f'<p class="message">{esc(full_stop(text))} '
                    + button(tr.text(S.WHY), A.WHY, cls="btn small why") + "</p>")
    message = say(ui.message, tr) if ui.message is not None else ""
    return f'<p class="message{" long" if len(message) > 90 else ""}">{esc(message)}</p>'
