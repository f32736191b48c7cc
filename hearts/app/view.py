"""view(ui, pv, tr) -> HTML: the whole screen as a pure function.

It sees the Ui state and the human's PlayerView only (never the Game), so
no opponent's unplayed card can reach the page. Every dynamic text goes
through ``esc``. No inline styles (the page's CSP forbids them): layout is
classes in assets/game.css.

This module composes the screen: the start screen (start_view), or the
table (table_view) with, after a hand, the hand's end over it
(ending_view), and over them the overlay open, if any: the game's own
dialogs (dialogs_view) or a feature's (play_view, stats_view,
replay_view, keeping_view, review_view). The cards' pictures are
card_art's, the words hearts.text's.
"""

from __future__ import annotations

from ..engine.game import PlayerView
from ..text.i18n import Translator
from . import play_view as P
from .dialogs_view import error_dialog, hint_dialog, menu_dialog, rules_dialog
from .ending_view import ending
from .keeping_view import elsewhere_dialog, open_game_dialog
from .model import Ui, displayed_phase
from .start_view import start as start_screen
from .table_view import table


def view(ui: Ui, pv: PlayerView | None, tr: Translator) -> str:
    phase = displayed_phase(ui, pv)
    classes = "screen four" if ui.settings.four_colour else "screen"
    classes += f" pace-{ui.settings.speed}"  # game.css scales every motion by it
    if phase == "start" or pv is None:  # (no game: always "start")
        body = start_screen(ui, tr)
    elif phase in ("pass", "play"):
        body = table(ui, pv, tr)
    else:  # hand-end, game-end: a dialog over the table, which stays beneath
        # (after it: morph.js then keeps the table's elements as they are)
        body = table(ui, pv, tr) + ending(ui, pv, tr)
    overlay = ""
    if ui.overlay == "rules":
        overlay = rules_dialog(tr)
    elif ui.overlay == "menu":
        overlay = menu_dialog(ui, pv, tr)
    elif ui.overlay == "error":
        overlay = error_dialog(ui, tr)
    elif ui.overlay == "last-trick" and pv is not None:
        overlay = P.last_trick_dialog(ui, pv, tr)
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
        overlay = hint_dialog(ui, tr)
    inert = " inert" if overlay else ""
    return (f'<section class="{classes} phase-{phase}" data-phase="{phase}"{inert}>{body}</section>'
            f"{overlay}")
