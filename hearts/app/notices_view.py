"""The notices under a screen: a new version, offline, the reminder to save
to a file (hearts.app.versions' "tells"), and a line when the game cannot
be stored (hearts.app.keeping_view). The start screen, the table and the
hand's end show them, each at its place.
"""

from __future__ import annotations

from ..text import strings as S
from ..text.i18n import Translator
from .blocks import esc
from .keeping_view import storage_notice
from .model import Ui
from .versions import Moment, notices as _notices


def tells(ui: Ui, tr: Translator, moment: Moment) -> str:
    return _notices(ui, tr, moment)  # a new version, offline, the reminder (hearts.app.versions)


def notices(ui: Ui, tr: Translator, tells_too: bool = True, moment: Moment = "game") -> str:
    out = tells(ui, tr, moment) if tells_too else ""
    kept = storage_notice(ui, tr)
    if kept:
        out += f'<p class="notice" role="status">{esc(kept)}</p>'
    elif ui.storage != "ok":
        out += f'<p class="notice" role="status">{esc(tr.text(S.NOT_SAVED))}</p>'
    return out
