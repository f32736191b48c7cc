"""The view's parts for :mod:`hearts.app.table_extras`: the Undo and Previous trick
buttons on the felt, the previous trick's dialog, the question before a
game in progress is abandoned, where the passed cards went, and the
"Tap twice to play" setting. Pure functions of the Ui and the human's
PlayerView, like :mod:`hearts.app.view`; every dynamic text is escaped.
"""

from __future__ import annotations

from ..text import strings as S
from ..engine.cards import Card
from ..engine.game import Phase, PlayerView, Trick
from ..text.i18n import N_, Translator
from ..text.spoken import trick_points
from ..text.vocabulary import card_name, seat_name
from collections.abc import Iterable

from .blocks import SEAT_CLASS, esc
from .card_art import card_class, card_face
from .events import Action as A
from .model import HUMAN, Ui, two_tap

UNDO = N_("Undo")
# TRANSLATORS: the Undo button's longer description (a tooltip).
UNDO_TITLE = N_("Take back your last card")
NOTHING_TO_UNDO = N_("You have no card to take back in this hand.")
# TRANSLATORS: the button and the dialog that show the last complete trick.
PREVIOUS_TRICK = N_("Previous trick")
ABANDON_GAME = N_("Abandon this game?")
ABANDON_HAND = N_("The hand in progress and its points will be lost.")
START_NEW_GAME = N_("Start a new game")
KEEP_PLAYING = N_("Keep playing")
# TRANSLATORS: a setting: the first tap on a card lifts it, the second plays it.
TAP_TWICE = N_("Tap twice to play")
# TRANSLATORS: the label of the three small cards you passed, shown until the first trick is over.
CARDS_YOU_PASSED = N_("Cards you passed")
# Whom you passed to and who passed to you, for each direction of the pass.
_PASS_PAIRS = {
    1: N_("You passed to West; East passed to you."),
    3: N_("You passed to East; West passed to you."),
    2: N_("You passed to North, and North passed to you."),
}


def led(seat: int, tr: Translator) -> str:
    """Who led a trick: "You led", "West led"."""
    if seat == HUMAN:
        return tr.gettext("You led")
    # TRANSLATORS: {player} is a seat's name (West, North, East): that player played the trick's first card.
    return tr.gettext("{player} led").format(player=seat_name(seat, tr))


def abandon_details(finished_hands: int, tr: Translator) -> str:
    """What abandoning the game loses: the hand in progress, and the hands
    finished before it with the scores."""
    if not finished_hands:
        return tr.text(ABANDON_HAND)
    return tr.ngettext(
        "The hand in progress, {n} finished hand and all the scores will be lost.",
        "The hand in progress, {n} finished hands and all the scores will be lost.",
        finished_hands,
    ).format(n=tr.format_number(finished_hands))


# -- what the view shows --------------------------------------------------------

def undo_offered(ui: Ui, pv: PlayerView | None) -> bool:
    """Undo is on while the hand is played, once the player has played a
    card in it (every complete trick holds one of theirs); see play.can_undo."""
    if pv is None or ui.screen != "table":
        return False
    if not (pv.phase is Phase.PLAY or (ui.pause and pv.phase is Phase.HAND_END)):
        return False
    return bool(pv.tricks) or (pv.trick is not None and HUMAN in pv.trick.seats)


def last_trick(pv: PlayerView) -> Trick | None:
    """The last complete trick of this hand, or None."""
    return pv.tricks[-1] if pv.tricks else None


def felt_tools(ui: Ui, pv: PlayerView, tr: Translator) -> str:
    """Two small buttons on the felt's top corners: the previous trick and undo."""
    if not (pv.phase is Phase.PLAY or ui.pause):  # during the hand's play, its last trick included
        return ""
    off = ' aria-disabled="true"'
    trick_off = "" if last_trick(pv) is not None else off
    undo_off = "" if undo_offered(ui, pv) else off
    return (
        f'<button type="button" class="btn small tool tool-trick" data-action="{A.LAST_TRICK}"{trick_off}>'
        '<span class="tool-icon" aria-hidden="true">\u25a3</span>'
        f'<span class="tool-label">{esc(tr.text(PREVIOUS_TRICK))}</span></button>'
        f'<button type="button" class="btn small tool tool-undo" data-action="{A.UNDO}" '
        f'title="{esc(tr.text(UNDO_TITLE))}"{undo_off}>'
        '<span class="tool-icon" aria-hidden="true">\u21b6</span>'
        f'<span class="tool-label">{esc(tr.text(UNDO))}</span></button>'
    )


def _overlay(label_id: str, body: str, cls: str, role: str = "dialog") -> str:
    return (f'<div class="overlay {cls}" data-dialog="{cls}" role="{role}" aria-modal="true" aria-labelledby="{label_id}">'
            f'<div class="panel" tabindex="-1">{body}</div></div>')


def _mini_card(card: str, attrs: str, label: str, hook: bool = True) -> str:
    """A card that is only shown: ``hook`` gives it data-card (the previous
    trick's, which tests read); without it the card's code is nowhere in
    the page (the cards you passed are in an opponent's hand now)."""
    code = f' data-card="{esc(card)}"' if hook else ""
    return (f'<div class="{card_class(card)}"{code}{attrs} role="img" aria-label="{esc(label)}">'
            f"{card_face(card)}</div>")


def last_trick_dialog(ui: Ui, pv: PlayerView, tr: Translator) -> str:
    """The previous trick: its four cards by seat (in the order played),
    who led it, who took it (its card ringed in gold, ``data-winner``, as
    the table rings the card that takes a trick), its points."""
    trick = last_trick(pv)
    if trick is None:
        return ""
    cards = "".join(
        _mini_card(str(card), f' data-seat="{seat}" data-pos="{SEAT_CLASS[seat]}"'
                   + (' data-leader="true"' if seat == trick.leader else "")
                   + (' data-winner="true"' if seat == trick.winner else ""),
                   S.card_played(seat, card, tr))
        for seat, card in zip(trick.seats, trick.cards)
    )
    assert trick.winner is not None  # (a complete trick)
    facts = (f'<li>{esc(led(trick.leader, tr))}</li>'
             f'<li class="took">{esc(S.trick_won(trick.winner, tr))}</li>'
             f'<li>{esc(trick_points(trick.points, tr))}</li>')
    title = tr.text(PREVIOUS_TRICK)
    body = (
        f'<h2 id="last-trick-title">{esc(title)}</h2>'
        f'<div class="last-pile" data-last-trick role="group" aria-label="{esc(title)}">{cards}</div>'
        f'<ul class="last-facts">{facts}</ul>'
        f'<div class="actions"><button type="button" class="btn primary" data-action="{A.CLOSE}">'
        f"{esc(tr.text(S.BACK_TO_GAME))}</button></div>"
    )
    return _overlay("last-trick-title", body, "last-trick")


def confirm_new_dialog(ui: Ui, pv: PlayerView | None, tr: Translator) -> str:
    finished = len(pv.results) if pv is not None else 0
    body = (
        f'<h2 id="confirm-new-title">{esc(tr.text(ABANDON_GAME))}</h2>'
        f'<p id="confirm-new-desc">{esc(abandon_details(finished, tr))}</p>'
        '<div class="actions">'
        f'<button type="button" class="btn primary" data-action="{A.CLOSE}">{esc(tr.text(KEEP_PLAYING))}</button>'
        f'<button type="button" class="btn" data-action="{A.CONFIRM_NEW_GAME}">{esc(tr.text(START_NEW_GAME))}</button>'
        "</div>"
    )
    return _overlay("confirm-new-title", body, "confirm-new", role="alertdialog").replace(
        'aria-labelledby="confirm-new-title"',
        'aria-labelledby="confirm-new-title" aria-describedby="confirm-new-desc"', 1)


def _after_pass(ui: Ui, pv: PlayerView) -> int:
    """The direction of this hand's pass (1 to 3) from the pass until the
    first trick is over (collected), else 0."""
    direction = int(pv.pass_direction)
    if not direction or not pv.passed or pv.phase is not Phase.PLAY:
        return 0
    done = len(pv.tricks)
    return direction if done == 0 or (ui.pause and done == 1) else 0


def pass_info(ui: Ui, pv: PlayerView, tr: Translator) -> str:
    """After the pass, until the first trick is over: the three cards you
    gave, small, and whom you passed to and who passed to you; under them
    the three you received, beside their words (issue 48: the words alone
    stood beside the picture of the cards passed). In the hand the cards
    received carry a blue star."""
    direction = _after_pass(ui, pv)
    if not direction:
        return ""

    def small(cards: Iterable[Card]) -> str:
        return "".join(_mini_card(str(c), "", card_name(c, tr), hook=False) for c in cards)

    got = (f'<div class="given-row got"><span class="given-cards">{small(pv.received)}</span>'
           f'<span class="given-text">{esc(tr.text(S.RECEIVED_CARDS))}</span></div>') if pv.received else ""
    return (f'<div class="given note"><div class="given-row">'
            f'<span class="given-cards" role="group" aria-label="{esc(tr.text(CARDS_YOU_PASSED))}">{small(pv.passed)}</span>'
            f'<span class="given-text">{esc(tr.text(_PASS_PAIRS[direction]))}</span></div>{got}</div>')


def two_tap_toggle(ui: Ui, tr: Translator) -> str:
    pressed = "true" if two_tap(ui) else "false"
    return (f'<button type="button" class="choice toggle" data-action="{A.TWO_TAP}" aria-pressed="{pressed}">'
            f"{esc(tr.text(TAP_TWICE))}</button>")
