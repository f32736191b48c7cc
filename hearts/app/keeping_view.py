"""The screens of hearts/app/keeping.py: the "open in another tab" dialog,
storage notices, a refused save's actions, and the file actions (pure
functions of the Ui, like hearts/app/view.py, which calls them)."""

from __future__ import annotations

from ..text.i18n import N_
from ..text.vocabulary import save_error_message
from .blocks import button, dialog, esc
from .events import Action as A
from .keeping import PUT_ASIDE
from .model import Ui
from .play_view import KEEP_PLAYING, abandon_details
from ..text.i18n import Translator

# TRANSLATORS: title of the dialog in a browser tab whose game is being
# played in another tab of the same browser.
OPEN_ELSEWHERE = N_("This game is open in another tab")
OPEN_ELSEWHERE_TEXT = N_("Only one tab can play it at a time. Play here, and the other tab stops.")
# TRANSLATORS: title of the dialog in a tab that tried to save its game
# while another tab had already saved a later position of it.
MOVED_ELSEWHERE = N_("This game went on in another tab")
MOVED_ELSEWHERE_TEXT = N_(
    "Another tab saved a newer position, so this tab's older one was not saved over it. "
    "Play here to go on from the newer one."
)
# TRANSLATORS: button: this tab takes the game over from the other tab.
PLAY_HERE = N_("Play here")
NOT_SAVED_FULL = N_(
    "Not saved: storage is full. The saved game is older than the one on screen; "
    "saving resumes when there is room."
)
RESTORED_OLDER = N_(
    "This is the last position that could be saved: storage was full, "
    "and the moves after it were not kept."
)
# TRANSLATORS: after the message why a saved game could not be opened.
REFUSED_KEPT = N_("A copy of it is kept aside: you can download it as a file.")
# TRANSLATORS: button: download the saved game that could not be opened.
DOWNLOAD_REFUSED = N_("Download the saved game")
HIDE_MESSAGE = N_("Hide this message")
EXPORT_GAME = N_("Save the game to a file")
# TRANSLATORS: title of the question when a game is opened from a file while another is in progress.
OPEN_FILE_QUESTION = N_("Replace this game with the one in the file?")
# TRANSLATORS: in that question, after what is lost: the game in progress can be saved to a file first.
KEEP_A_COPY = N_("To keep this game, save it to a file first.")
# TRANSLATORS: button: the game from the file replaces the one in progress.
OPEN_FILE_CONFIRM = N_("Open the file's game")
IMPORT_GAME = N_("Open a game from a file")
# TRANSLATORS: before the reason why, e.g. "The saved game is damaged ...".
FILE_REFUSED = N_("The file was not opened.")


def elsewhere_dialog(ui: Ui, tr: Translator) -> str:
    """The dialog of a tab that does not play the game (ui.owner "open" or "moved")."""
    moved = ui.owner == "moved"
    title = tr.text(MOVED_ELSEWHERE if moved else OPEN_ELSEWHERE)
    text = tr.text(MOVED_ELSEWHERE_TEXT if moved else OPEN_ELSEWHERE_TEXT)
    body = (f"<h2>{esc(title)}</h2><p>{esc(text)}</p>"
            f'<div class="actions">{button(tr.text(PLAY_HERE), A.TAKE_OVER, cls="btn primary")}</div>')
    return dialog(title, body, "elsewhere")


def storage_notice(ui: Ui, tr: Translator) -> str | None:
    """What the page says about saving, or None when all is well."""
    if ui.storage != "ok" and 0 <= ui.saved_rev < ui.rev:
        return tr.text(NOT_SAVED_FULL)
    if ui.behind:
        return tr.text(RESTORED_OLDER)
    return None  # (while storage is off: the page's own "Not saved" notice)


def refused_actions(ui: Ui, tr: Translator) -> str:
    """Under a refused save's message on the start screen: that a copy is
    kept, a button to download it, one to hide the message for good."""
    if not ui.refused:
        return ""
    kept = "" if ui.save_error == PUT_ASIDE else f'<p class="kept">{esc(tr.text(REFUSED_KEPT))}</p>'
    return (f'{kept}'
            '<div class="start-actions refused-actions">'
            f'{button(tr.text(DOWNLOAD_REFUSED), A.DOWNLOAD_REFUSED)}'
            f'{button(tr.text(HIDE_MESSAGE), A.HIDE_REFUSED)}</div>')


def file_problem(ui: Ui, tr: Translator) -> str:
    if not ui.file_error:
        return ""
    text = f"{tr.text(FILE_REFUSED)} {save_error_message(ui.file_error, tr)}"
    return f'<p class="alert" role="alert">{esc(text)}</p>'


def file_actions(ui: Ui, tr: Translator, playing: bool) -> str:
    """The menu's (and start screen's) file buttons: export while a game is
    on, import always; download a refused save while one is kept."""
    out = ""
    if playing:
        out += button(tr.text(EXPORT_GAME), A.EXPORT_GAME)
    out += button(tr.text(IMPORT_GAME), A.IMPORT_GAME)
    if ui.refused and playing:
        out += button(tr.text(DOWNLOAD_REFUSED), A.DOWNLOAD_REFUSED)
    return out


def open_game_dialog(ui: Ui, finished_hands: int, tr: Translator) -> str:
    """The question before a game from a file replaces the one in progress
    (``finished_hands`` of it): what is lost, a way to keep a copy, and the
    answer (``[data-action=confirm-open-game]``; Keep playing closes it)."""
    title = tr.text(OPEN_FILE_QUESTION)
    body = (f'<h2>{esc(title)}</h2><p>{esc(abandon_details(finished_hands, tr))} {esc(tr.text(KEEP_A_COPY))}</p>'
            '<div class="actions">'
            + button(tr.text(KEEP_PLAYING), A.CLOSE, cls="btn primary")
            + button(tr.text(EXPORT_GAME), A.EXPORT_GAME)
            + button(tr.text(OPEN_FILE_CONFIRM), A.CONFIRM_OPEN_GAME)
            + "</div>")
    return dialog(title, body, "open-game", role="alertdialog")
