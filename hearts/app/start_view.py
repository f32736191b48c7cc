"""The start screen: the game's emblem and name, what went wrong with stored
data, New game, today's hand, the rules, the statistics, files, and the
settings (which the menu shows too, with the par's toggle). The build
writes it into index.html (hearts.dev.prerender).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.choices import LEVELS, SPEEDS
from ..text import strings as S
from ..text.i18n import LANGUAGES, Translator
from ..text.spoken import NOTES
from ..text.vocabulary import game_name, level_description, level_name, save_error_message
from . import deal_view as D
from . import play_view as P
from . import today_view as TV
from .blocks import SUIT_GLYPH, button, esc
from .card_art import card_class, card_face
from .events import Action as A
from .keeping_view import file_actions, file_problem, refused_actions
from .model import Ui
from .notices_view import notices, tells


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


def settings(ui: Ui, tr: Translator, menu: bool = False) -> str:
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


START_FAN = ("AH", "QS", "KH")


def start(ui: Ui, tr: Translator) -> str:
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
        f"{problem}{notices(ui, tr, tells_too=False)}"
        '<div class="start-actions">'
        f'{button(tr.text(S.NEW_GAME), A.NEW_GAME, cls="btn primary")}{TV.today_button(ui, tr)}'
        f'{button(tr.text(S.RULES), A.RULES, cls="btn")}'
        f'{stats_button(tr)}'
        f"{file_actions(ui, tr, False)}"
        "</div>"
        # (after the buttons: a notice that comes once the page is up, a new
        # version or "works offline", never moves New game from under a finger)
        f"{tells(ui, tr, 'game')}"
        f'<div class="settings">{settings(ui, tr)}</div>'
        "</div>"
    )


def stats_button(tr: Translator) -> str:
    from .stats_view import STATISTICS

    return button(tr.text(STATISTICS), A.STATS, cls="btn")
