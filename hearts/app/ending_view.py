"""After a hand, after the game: the dialog over the table (its title, the
moon, each player's points and what made them, the places once the game
is over, the score sheet, Continue or New game, the replay and the
review), and the score sheet that the menu shows too.

The hand-end and game-end screens are a dialog over the table, which stays
beneath, dimmed; the table's own bar stays above the dimming and in use, so
Menu and Rules are its buttons, once in the page as at every other moment
(tests find them as `#screen [data-action=menu]`). Every list in the dialog
follows the seats' order, the table's: you, West, North, East (seats 0..3).
What each seat took is counted by hearts.engine.tally.
"""

from __future__ import annotations

from ..engine.game import GAME_OVER_AT, Phase, PlayerView
from ..engine.tally import hand_breakdown, places
from ..text import strings as S
from ..text.i18n import Translator
from ..text.vocabulary import card_name, seat_name
from . import deal_view as D
from . import today_view as TV
from .blocks import SEAT_CLASS, SEATS, SUIT_GLYPH, button, esc
from .events import Action as A
from .model import HUMAN, Ui
from .notices_view import notices, tells

LOW = ' class="low"'


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


def ending(ui: Ui, pv: PlayerView, tr: Translator) -> str:
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
        f"{score_sheet(pv, tr, ui=ui)}{notices(ui, tr, tells_too=False)}"
        f'<div class="ending-actions">{action}</div>'
        # (after the actions: Continue comes first, for the eye and for Tab)
        f"{tells(ui, tr, 'game' if over else 'hand-end')}"
        "</div></div>"
    )
