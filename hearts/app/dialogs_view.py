"""The game's own dialogs over the screen: the rules, the menu (the way
back, a new game, the score sheet, the settings, files), the error, and a
hint's reasons (Why?). The features' dialogs are their own modules'
(play_view, stats_view, replay_view, keeping_view, review_view).
"""

from __future__ import annotations

from ..engine.game import PlayerView
from ..text import strings as S
from ..text.i18n import Translator
from ..text.spoken import Hint, full_stop, hint_words
from . import deal_view as D
from . import today_view as TV
from .blocks import button, dialog, esc
from .ending_view import score_sheet
from .events import Action as A
from .keeping_view import file_actions, file_problem
from .model import Ui
from .start_view import settings, stats_button
from .versions import persist_line


def rules_dialog(tr: Translator) -> str:
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


def menu_dialog(ui: Ui, pv: PlayerView | None, tr: Translator) -> str:
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
            f'<div class="actions">{new}{TV.today_button(ui, tr)}{stats_button(tr)}</div>'
            f"{sheet}{D.menu_line(ui, tr)}<h2>{esc(tr.text(S.SETTINGS))}</h2>{settings(ui, tr, menu=True)}"
            f'{file_problem(ui, tr)}<div class="actions files">{files}</div>{persist_line(ui, tr)}')
    return dialog(tr.text(S.MENU), body, "menu")


def error_dialog(ui: Ui, tr: Translator) -> str:
    body = (
        f"<h2>{esc(tr.text(S.SOMETHING_WENT_WRONG))}</h2>"
        f'<div class="actions">{button(tr.text(S.START_OVER), A.START_OVER, cls="btn primary")}'
        f'{button(tr.text(S.KEEP_MY_GAME), A.KEEP_GAME, cls="btn")}</div>'
        f"<details open><summary>{esc(tr.text(S.ERROR_DETAILS))}</summary>"
        f'<pre class="error-text">{esc(ui.error or "")}</pre></details>'
    )
    return dialog(tr.text(S.SOMETHING_WENT_WRONG), body, "error", role="alertdialog")


def hint_dialog(ui: Ui, tr: Translator) -> str:
    """The hint's reasons (Why?), over the table; Back closes it."""
    if not isinstance(ui.message, Hint):
        return ""
    text, more = hint_words(ui.message, tr)
    body = (f"<h2>{esc(full_stop(text))}</h2><p>{esc(more)}</p>"
            f'<div class="actions">{button(tr.text(S.BACK_TO_GAME), A.CLOSE, cls="btn primary")}</div>')
    return dialog(text, body, "hint-why")
