"""view(ui, pv, tr) -> HTML: the whole screen as a pure function.

It sees the Ui state and the human's PlayerView only (never the Game), so
no opponent's unplayed card can reach the page. Every dynamic text goes
through ``esc``. No inline styles (the page's CSP forbids them): layout is
classes in assets/game.css.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..text import strings as S
from ..engine.choices import LEVELS, SPEEDS
from ..engine.game import GAME_OVER_AT, Phase, PlayerView
from ..engine.tally import hand_breakdown, places
from ..text.i18n import LANGUAGES
from ..text.spoken import NOTES, Hint, full_stop, hint_words, say
from ..text.vocabulary import (
    card_name, game_name, level_description, level_name, pass_direction_text, save_error_message, seat_name,
)
from .blocks import RANK_LABEL, SEATS, SUIT_GLYPH, attrs, button, dialog, esc, sort_hand
from .events import Action as A
from .model import HUMAN, Ui, displayed_phase
from . import play_view as P
from . import deal_view as D
from . import today_view as TV
from .coach import claim_offered
from .keeping_view import elsewhere_dialog, open_game_dialog, file_actions, file_problem, refused_actions, storage_notice
from .versions import Moment, notices, persist_line
from ..text.i18n import Translator


SEAT_CLASS = ("s", "w", "n", "e")
LOW = ' class="low"'
PASS_ARROW = {"w": "\u2190", "n": "\u2191", "e": "\u2192"}


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


# -- the whole screen ---------------------------------------------------------

def view(ui: Ui, pv: PlayerView | None, tr: Translator) -> str:
    phase = displayed_phase(ui, pv)
    classes = "screen four" if ui.settings.four_colour else "screen"
    classes += f" pace-{ui.settings.speed}"  # game.css scales every motion by it
    if phase == "start" or pv is None:  # (no game: always "start")
        body = _start(ui, tr)
    elif phase in ("pass", "play"):
        body = _table(ui, pv, tr)
    else:  # hand-end, game-end: a dialog over the table, which stays beneath
        # (after it: morph.js then keeps the table's elements as they are)
        body = _table(ui, pv, tr) + _ending(ui, pv, tr)
    overlay = ""
    if ui.overlay == "rules":
        overlay = _rules(tr)
    elif ui.overlay == "menu":
        overlay = _menu(ui, pv, tr)
    elif ui.overlay == "error":
        overlay = _error(ui, tr)
    elif ui.overlay == "last-trick" and pv is not None:
        overlay = P.last_trick_dialog(ui, pv, tr, card_face)
    elif ui.overlay == "confirm-new":
        overlay = P.confirm_new_dialog(ui, pv, tr)
    elif ui.overlay in ("stats", "stats-reset", "stats-open"):
        from .stats_view import open_question, reset_question, stats_screen

        overlay = {"stats": stats_screen, "stats-reset": reset_question,
                   "stats-open": open_question}[ui.overlay](ui, tr)
    elif ui.overlay == "replay" and ui.history.replay is not None:
        from .replay_view import replay_screen

        overlay = replay_screen(ui, tr)
    elif ui.overlay == "elsewhere":
        overlay = elsewhere_dialog(ui, tr)
    elif ui.overlay == "open-game":
        overlay = open_game_dialog(ui, len(pv.results) if pv is not None else 0, tr)
    elif ui.overlay == "review":
        from .review_view import review_screen

        overlay = review_screen(ui, tr)
    elif ui.overlay == "hint":
        overlay = _hint_dialog(ui, tr)
    inert = " inert" if overlay else ""
    return (f'<section class="{classes} phase-{phase}" data-phase="{phase}"{inert}>{body}</section>'
            f"{overlay}")


# -- start screen ---------------------------------------------------------------

def _choices(title: str, action: A, options: Sequence[tuple[str, str]], current: str, tr: Translator,
             describe: Callable[[str], str] | None = None) -> str:
    items = []
    for value, label in options:
        pressed = "true" if value == current else "false"
        lang = f' lang="{esc(value)}"' if action is A.LANG else ""
        items.append(
            f'<button type="button" class="choice" data-action="{esc(action)}" '
            f'data-value="{esc(value)}" aria-pressed="{pressed}"{lang}>{esc(label)}</button>'
        )
    desc = ""
    if describe:  # the chosen option's description, over every option's, unseen, in one cell:
        # as tall as the longest, so choosing another option moves nothing below it
        room = "".join(f'<span class="choice-desc-room" aria-hidden="true">{esc(describe(v))}</span>'
                       for v, _ in options)
        desc = f'<div class="choice-descs"><p class="choice-desc">{esc(describe(current))}</p>{room}</div>'
    return (f'<fieldset class="choices"><legend>{esc(title)}</legend>'
            f'<div class="choice-row">{"".join(items)}</div>{desc}</fieldset>')


def _settings(ui: Ui, tr: Translator, menu: bool = False) -> str:
    """The settings; ``menu``: as the menu has them, with the par's toggle
    (not on the start screen, which the build writes into index.html)."""
    st = ui.settings
    four = "true" if st.four_colour else "false"
    return (
        _choices(tr.text(S.DIFFICULTY), A.LEVEL, [(lv, level_name(lv, tr)) for lv in LEVELS],
                 st.level, tr, lambda lv: level_description(lv, tr))
        + _choices(tr.text(S.SPEED), A.SPEED, [(sp, S.speed_name(sp, tr)) for sp in SPEEDS], st.speed, tr)
        + _choices(tr.text(S.LANGUAGE), A.LANG, list(LANGUAGES.items()), st.lang, tr)
        + '<fieldset class="choices"><div class="choice-row">'
        f'<button type="button" class="choice toggle" data-action="{A.FOUR_COLOUR}" aria-pressed="{four}">'
        f'<span class="demo" aria-hidden="true"><span class="sC">{SUIT_GLYPH["C"]}</span>'
        f'<span class="sD">{SUIT_GLYPH["D"]}</span><span class="sH">{SUIT_GLYPH["H"]}</span>'
        f'<span class="sS">{SUIT_GLYPH["S"]}</span></span> {esc(tr.text(S.FOUR_COLOUR_DECK))}</button>'
        f"{P.two_tap_toggle(ui, tr)}{D.toggle(ui, tr) if menu else ''}</div></fieldset>"
    )


def _tells(ui: Ui, tr: Translator, moment: Moment) -> str:
    return notices(ui, tr, moment)  # a new version, offline, the reminder (hearts.app.versions)


def _notices(ui: Ui, tr: Translator, tells: bool = True, moment: Moment = "game") -> str:
    out = _tells(ui, tr, moment) if tells else ""
    kept = storage_notice(ui, tr)
    if kept:
        out += f'<p class="notice" role="status">{esc(kept)}</p>'
    elif ui.storage != "ok":
        out += f'<p class="notice" role="status">{esc(tr.text(S.NOT_SAVED))}</p>'
    return out


START_FAN = ("AH", "QS", "KH")


def _start(ui: Ui, tr: Translator) -> str:
    name = game_name(tr)
    # The game's emblem: the queen of spades between two hearts, fanned.
    fan = "".join(f'<span class="{card_class(c)}">{card_face(c)}</span>' for c in START_FAN)
    problem = ""
    if ui.save_error:
        problem = f'<p class="alert" role="alert">{esc(save_error_message(ui.save_error, tr))}</p>'
        problem += refused_actions(ui, tr)
    problem += file_problem(ui, tr)
    if ui.history.error:
        from .stats_view import stats_error

        problem += f'<p class="alert" role="alert">{esc(stats_error(ui.history.error, tr))}</p>'
    problem += "".join(f'<p class="alert" role="alert">{esc(tr.gettext(NOTES[n]))}</p>'
                       for n in ui.notes if n in NOTES)
    return (
        '<div class="start">'
        f'<h1 class="logo"><span class="logo-fan" aria-hidden="true">{fan}</span>{esc(name)}</h1>'
        f"{problem}{_notices(ui, tr, tells=False)}"
        '<div class="start-actions">'
        f'{button(tr.text(S.NEW_GAME), A.NEW_GAME, cls="btn primary")}{TV.today_button(ui, tr)}'
        f'{button(tr.text(S.RULES), A.RULES, cls="btn")}'
        f'{_stats_button(tr)}'
        f"{file_actions(ui, tr, False)}"
        "</div>"
        # (after the buttons: a notice that comes once the page is up, a new
        # version or "works offline", never moves New game from under a finger)
        f"{_tells(ui, tr, 'game')}"
        f'<div class="settings">{_settings(ui, tr)}</div>'
        "</div>"
    )


# -- the table ------------------------------------------------------------------
#
# The felt is laid out by seat (game.css): North at the top, West and East at
# the sides, the trick in the middle with each card in front of the player
# who played it, and the human's hand along the bottom, as large as the
# screen allows. Everything that changes with the game's state (whose turn
# it is, what the status says, a message) sits in boxes of a fixed size, so
# nothing moves when it changes.

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
    # Received cards stay marked until the human plays a first card.
    received = {str(c) for c in pv.received} if pv.phase is Phase.PLAY and len(pv.hand) == 13 else set()
    cards = sort_hand(pv.hand)
    n = len(cards)
    out = []
    # One Tab stop in the hand (a roving tabindex): the first card that can
    # be chosen now, else the first; the arrows and the jump keys move from
    # card to card (hearts.page.controller).
    def choosable(c: str) -> bool:
        return (c in ui.picked or len(ui.picked) < 3) if passing else (playing_now and c in legal)

    stop = next((c for c in cards if choosable(c)), cards[0] if cards else None)
    for card in cards:  # (game.css places each by its place among them)
        cls = card_class(card)
        label = card_name(card, tr)
        if passing:
            picked = card in ui.picked
            disabled = not picked and len(ui.picked) >= 3
            pressed = "true" if picked else "false"
            if picked:
                cls += " picked"
        else:
            pressed = None
            disabled = not (playing_now and card in legal)
            if not disabled:
                cls += " playable"
        if card in received:
            cls += " received"
            label = S.received_card(card, tr)
        if card in ui.hint:
            cls += " hinted"
        if card == ui.lifted:
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


def _table(ui: Ui, pv: PlayerView, tr: Translator) -> str:
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
        note_html = "".join(f'<p class="note">{esc(n)}</p>' for n in notes) + P.pass_info(ui, pv, tr, card_face)
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
        + _notices(ui, tr, tells=ui.pause or pv.phase not in (Phase.HAND_END, Phase.GAME_END), moment="hand")
        + "</div></div>"
    )


# -- after a hand, after the game -----------------------------------------------
#
# The hand-end and game-end screens are a dialog over the table, which stays
# beneath, dimmed; the table's own bar stays above the dimming and in use, so
# Menu and Rules are its buttons, once in the page as at every other moment
# (tests find them as `#screen [data-action=menu]`). Every list in the dialog
# follows the seats' order, the table's: you, West, North, East (seats 0..3).
# What each seat took is counted by hearts.engine.tally.

def score_sheet(pv: PlayerView, tr: Translator, replay: bool = False, ui: Ui | None = None) -> str:
    """The score sheet; with ``ui``, each hand's par under the player's
    points (hearts.app.par)."""
    head = "".join(f'<th scope="col"{_me(s)}>{esc(seat_name(s, tr))}</th>' for s in SEATS)
    rows = []
    last = len(pv.results) - 1
    moon_mark = esc(tr.text(S.MOON_MARK))
    for i, result in enumerate(pv.results):
        cells = []
        latest = ' class="latest"' if i == last and pv.phase in (Phase.HAND_END, Phase.GAME_END) else ""
        for s in SEATS:
            moon = ""
            if result.moon == s:
                moon = f' <span class="moon-mark" aria-hidden="true">\u263e</span><span class="sr"> ({moon_mark})</span>'
            par = D.sheet_par(ui, i, tr, ended=bool(latest)) if ui is not None and s == HUMAN else ""
            cells.append(f"<td>{esc(tr.format_number(result.points[s]))}{moon}{par}</td>")
        number = _replay_button(i, tr) if replay else esc(tr.format_number(i + 1))
        rows.append(f'<tr{latest}><th scope="row">{number}</th>{"".join(cells)}</tr>')
    low = min(pv.scores)
    totals = "".join(
        f"<td{LOW if pv.scores[s] == low else ''}>{esc(tr.format_number(pv.scores[s]))}</td>"
        for s in SEATS
    )
    return (
        f'<table class="sheet"><caption>{esc(tr.text(S.SCORE_SHEET))}</caption>'
        f'<thead><tr><th scope="col">{esc(tr.text(S.HAND))}</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><th scope="row">{esc(tr.text(S.TOTAL))}</th>{totals}</tr></tfoot></table>'
    )


def _replay_button(i: int, tr: Translator) -> str:
    """A finished hand's number on the menu's score sheet, as a button that
    tells it trick by trick (hearts.app.replay_view). The hand-end dialog's
    sheet keeps plain numbers: Tab goes from it to Continue first, and its
    own button tells the hand just played."""
    from .replay_view import replay_label

    return button(tr.format_number(i + 1), A.REPLAY, value=i, cls="link",
                  aria_label=replay_label(i + 1, tr))


def _stats_button(tr: Translator) -> str:
    from .stats_view import STATISTICS

    return button(tr.text(STATISTICS), A.STATS, cls="btn")


def _me(seat: int) -> str:
    return ' class="me"' if seat == HUMAN else ""


def _why(seat: int, hearts: int, queen: bool, moon: int | None, tr: Translator) -> str:
    """What made a seat's points this hand: hearts, the queen, the moon."""
    chips = []
    words = []
    if moon == seat:
        words.append(tr.text(S.MOON_MARK))
    if hearts:
        chips.append(f'<span class="chip hearts" aria-hidden="true"><span class="sH">\u2665\ufe0e</span>'
                     f"{esc(tr.format_number(hearts))}</span>")
        words.append(S.hearts_taken(hearts, tr))
    if queen:
        chips.append('<span class="chip queen sS" aria-hidden="true">Q\u2660\ufe0e</span>')
        words.append(card_name("QS", tr))
    if not chips:
        return '<span class="why none" aria-hidden="true">\u2013</span>'
    return (f'<span class="why">{"".join(chips)}</span>'
            f'<span class="sr"> ({esc(", ".join(words))})</span>')


def _players(pv: PlayerView, tr: Translator, over: bool) -> str:
    """One tile per seat, in seat order: this hand's points and what made
    them, the running total (and, once the game is over, the place)."""
    result = pv.results[-1] if pv.results else None
    moon = result.moon if result is not None else None
    breakdown = hand_breakdown(pv)
    ranks = places(pv.scores)
    low = min(pv.scores)
    tiles = []
    for s in SEATS:
        pts = result.points[s] if result is not None else 0
        hearts, queen = breakdown[s]
        cls = f"player p-{SEAT_CLASS[s]}"
        if s == HUMAN:
            cls += " me"
        if pv.scores[s] == low:
            cls += " low"
        if pv.winner == s:
            cls += " winner"
        if moon == s:
            cls += " shooter"
        place = ""
        if over:
            n, _shared = ranks[s]
            place = f'<span class="place place-{n}">{esc(S.place_badge(n, tr))}</span>'
        plus = "+" if pts > 0 else ""
        if moon == s:
            plus = '<span class="moon-sign">\u263e</span>'
        tiles.append(
            f'<li class="{cls}">'
            f'<span class="p-name">{esc(seat_name(s, tr))}</span>{place}'
            f'<span class="p-pts" aria-hidden="true">{plus}{esc(tr.format_number(pts))}</span>'
            f'<span class="sr">: {esc(S.points(pts, tr))}</span>'
            f"{_why(s, hearts, queen, moon, tr)}"
            f'<span class="p-total"><span class="p-label">{esc(tr.text(S.TOTAL))}</span> '
            f"<b>{esc(tr.format_number(pv.scores[s]))}</b></span>"
            "</li>"
        )
    label = tr.text(S.FINAL_SCORES if over else S.POINTS_THIS_HAND)
    return (f'<h3 class="players-title" id="players-title">{esc(label)}</h3>'
            f'<ul class="players" aria-labelledby="players-title">{"".join(tiles)}</ul>')


def _celebration() -> str:
    """A win: four aces fan out above the title, with sparks (decoration)."""
    aces = "".join(f'<span class="ace a{i} s{suit}"><b>A<br>{SUIT_GLYPH[suit]}\ufe0e</b>'
                   f'<i>{SUIT_GLYPH[suit]}\ufe0e</i></span>'
                   for i, suit in enumerate("SHDC"))
    sparks = "".join(f'<span class="spark k{i}"></span>' for i in range(8))
    return f'<div class="celebration" aria-hidden="true">{sparks}<div class="ace-fan">{aces}</div></div>'


def _ending(ui: Ui, pv: PlayerView, tr: Translator) -> str:
    """The dialog after a hand (or the game): it sits over the table."""
    over = pv.phase is Phase.GAME_END
    result = pv.results[-1] if pv.results else None
    won = over and pv.winner == HUMAN
    head = []
    if over:
        title = tr.text(S.GAME_OVER)
        if won:
            head.append(_celebration())
        head.append(f'<h2 id="ending-title">{esc(title)}</h2>')
        if pv.winner is not None:
            head.append(f'<p class="won">{esc(S.game_won(pv.winner, tr))}</p>')
        place, shared = places(pv.scores)[HUMAN]
        head.append(f'<p class="your-place place-{place}">{esc(S.your_place(place, shared, tr))}</p>')
    else:
        title = TV.name(ui, tr) or S.hand_number(pv.hand_number + 1, tr)
        head.append(f'<h2 id="ending-title">{esc(title)}</h2>')
    if result is not None and result.moon is not None:
        head.append(f'<p class="moon"><span class="moon-sign" aria-hidden="true">\u263e</span> '
                    f'<span>{esc(S.shot_the_moon(result.moon, tr))} {esc(tr.text(S.MOON_OTHERS))}</span></p>')
    if not over and max(pv.scores) >= GAME_OVER_AT:
        head.append(f'<p class="note extra">{esc(tr.text(S.TIE_ONE_MORE_HAND))}</p>')
    if over:
        action = button(tr.text(S.NEW_GAME), A.NEW_GAME, cls="btn primary")
    elif ui.today.date is not None:  # back to the game in progress, or to the start
        action = button(tr.text(S.BACK_TO_GAME if ui.today.aside else S.BACK), A.CONTINUE, cls="btn primary")
    else:
        action = button(tr.text(S.CONTINUE), A.CONTINUE, cls="btn primary")
    if pv.results:  # this hand told trick by trick (hearts.app.replay_view)
        from .replay_view import REPLAY

        action += button(tr.text(REPLAY), A.REPLAY, value=len(pv.results) - 1, cls="btn")
        from .review_view import review_button

        action += review_button(len(pv.results) - 1, tr)
    cls = "ending"
    if over:
        cls += " game-over"
    if won:
        cls += " you-won"
    if ui.settings.speed == "instant":
        cls += " instant"
    return (
        f'<div class="{cls}" role="dialog" aria-labelledby="ending-title">'
        '<div class="ending-panel" tabindex="-1">'
        f'<div class="ending-head">{"".join(head)}</div>'
        f"{_players(pv, tr, over)}"
        f"{D.ending_lines(ui, tr)}{TV.ending(ui, pv, tr)}"
        f"{score_sheet(pv, tr, ui=ui)}{_notices(ui, tr, tells=False)}"
        f'<div class="ending-actions">{action}</div>'
        # (after the actions: Continue comes first, for the eye and for Tab)
        f"{_tells(ui, tr, 'game' if over else 'hand-end')}"
        "</div></div>"
    )


# -- overlays ---------------------------------------------------------------------

def _rules(tr: Translator) -> str:
    from ..text.rules_text import rules  # loaded when the rules are first opened, not at start

    parts = [f"<h2>{esc(tr.text(S.RULES))}</h2>"]
    for section in rules(tr):
        parts.append(f"<h3>{esc(section.heading)}</h3>")
        for block in section.blocks:
            if block.kind == "ul":
                parts.append("<ul>" + "".join(f"<li>{esc(t)}</li>" for t in block.texts) + "</ul>")
            else:
                parts.append(f"<p>{esc(block.texts[0])}</p>")
    parts.append(f'<div class="actions">{button(tr.text(S.BACK), A.CLOSE, cls="btn primary")}</div>')
    return dialog(tr.text(S.RULES), "".join(parts), "rules")


def _menu(ui: Ui, pv: PlayerView | None, tr: Translator) -> str:
    back = button(tr.text(S.BACK_TO_GAME), A.CLOSE, cls="btn primary")
    new = button(tr.text(S.NEW_GAME), A.NEW_GAME, cls="btn")
    sheet = f'<div class="results">{score_sheet(pv, tr, replay=True, ui=ui)}</div>' if pv is not None and pv.results else ""
    files = file_actions(ui, tr, pv is not None)
    # The way back and a new game first, then the score sheet (each hand's
    # number opens its replay): on a phone the settings fill the screen, and
    # what came after them was out of sight (the sheet was 20 Tab presses away).
    # (Back alone in the first row, which stays at the panel's top as the
    # menu scrolls: the way back in reach on a phone)
    body = (f'<div class="actions back-row">{back}</div>'
            f'<div class="actions">{new}{TV.today_button(ui, tr)}{_stats_button(tr)}</div>'
            f"{sheet}{D.menu_line(ui, tr)}<h2>{esc(tr.text(S.SETTINGS))}</h2>{_settings(ui, tr, menu=True)}"
            f'{file_problem(ui, tr)}<div class="actions files">{files}</div>{persist_line(ui, tr)}')
    return dialog(tr.text(S.MENU), body, "menu")


def _error(ui: Ui, tr: Translator) -> str:
    body = (
        f"<h2>{esc(tr.text(S.SOMETHING_WENT_WRONG))}</h2>"
        f'<div class="actions">{button(tr.text(S.START_OVER), A.START_OVER, cls="btn primary")}'
        f'{button(tr.text(S.KEEP_MY_GAME), A.KEEP_GAME, cls="btn")}</div>'
        f"<details open><summary>{esc(tr.text(S.ERROR_DETAILS))}</summary>"
        f'<pre class="error-text">{esc(ui.error or "")}</pre></details>'
    )
    return dialog(tr.text(S.SOMETHING_WENT_WRONG), body, "error", role="alertdialog")


# -- the table's message line, the hint's reasons ---------------------------------

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


def _hint_dialog(ui: Ui, tr: Translator) -> str:
    """The hint's reasons (Why?), over the table; Back closes it."""
    if not isinstance(ui.message, Hint):
        return ""
    text, more = hint_words(ui.message, tr)
    body = (f"<h2>{esc(full_stop(text))}</h2><p>{esc(more)}</p>"
            f'<div class="actions">{button(tr.text(S.BACK_TO_GAME), A.CLOSE, cls="btn primary")}</div>')
    return dialog(text, body, "hint-why")
