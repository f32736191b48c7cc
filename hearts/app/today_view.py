"""Today's hand on the page (:mod:`hearts.app.today_play`): its button on
the start screen and in the menu (``data-action="today"``), its name on the
table, its end (the share button ``data-action="share"`` and the text it
copies, ``data-share-text``), and the days in the statistics."""

from __future__ import annotations

from ..engine.game import PlayerView
from ..text.i18n import N_, Translator
from . import today as T
from .blocks import attrs, button, esc
from .events import Action as A
from .model import HUMAN, Ui

# TRANSLATORS: the button for the one hand of the day that every player gets
# the same cards in; also the name of that hand on the table.
TODAY_HAND = N_("Today's hand")
# TRANSLATORS: the name of today's hand on the table when it was played
# already today (its first result stays the day's result).
TODAY_REPLAY = N_("Today's hand, again")
# TRANSLATORS: at the end of today's hand played a second time that day.
REPLAY_NOTE = N_("A replay: the day keeps your first result.")
# TRANSLATORS: the button that copies the short result of today's hand.
SHARE = N_("Share")
# TRANSLATORS: after Share: the result is in the clipboard.
COPIED = N_("Copied. Paste it into a message.")
# TRANSLATORS: after Share where the browser would not copy: the result's
# text is selected on the screen for the player to copy.
SELECTED = N_("The text is selected: copy it yourself.")
# TRANSLATORS: the days of today's hand played one after another, up to
# today: "Days in a row: 3".
STREAK = N_("Days in a row: {n}")
# TRANSLATORS: the statistics of today's hand: how many days it was played.
DAYS_PLAYED = N_("Days played: {n}")
# TRANSLATORS: the statistics of today's hand: the longest run of days.
BEST_STREAK = N_("Longest run: {n}")
# TRANSLATORS: the statistics of today's hand: the player's points minus the
# par, on average ("+1.5": one and a half points more than Hard took).
AGAINST_PAR = N_("Against par, on average: {n}")
# TRANSLATORS: the statistics of today's hand: heading of the last days'
# results, one a line ("2026-12-07  ♥ 5 · par 3").
LAST_DAYS = N_("The last days")
LAST_DAYS_SHOWN = 7
NO_PAR = "\u2013"  # a day whose par was never known (left before it was)


def today_button(ui: Ui, tr: Translator, cls: str = "btn") -> str:
    """The button for today's hand (none while it is on the table)."""
    return "" if ui.today.date is not None else button(tr.text(TODAY_HAND), A.TODAY, cls=cls)


def name(ui: Ui, tr: Translator) -> str | None:
    """The name of the hand on the table when it is today's, else None."""
    if ui.today.date is None:
        return None
    return tr.text(TODAY_REPLAY if ui.today.replay else TODAY_HAND)


def ending(ui: Ui, pv: PlayerView, tr: Translator) -> str:
    """After today's hand: the result to share (once its par is known), the
    share button, what came of it, a replay said so, the run of days."""
    day = T.parse_date(ui.today.date)
    if day is None or not pv.results:
        return ""
    parts = []
    if ui.today.replay:
        parts.append(f'<p class="today-replay">{esc(tr.text(REPLAY_NOTE))}</p>')
    par = ui.pars_shown[0] if ui.pars_shown else None
    if par is not None:
        points = pv.results[0].points[HUMAN]
        text = T.share_text(day, points, par.points, tr)
        parts.append(f'<p class="share-text"{attrs(data_share_text="")}>{esc(text)}</p>')
        parts.append(f'<div class="actions">{button(tr.text(SHARE), A.SHARE, cls="btn")}</div>')
        if ui.today.shared is not None:
            said = COPIED if ui.today.shared == "copied" else SELECTED
            parts.append(f'<p class="share-said" role="status">{esc(tr.text(said))}</p>')
    streak = T.streak(ui.today.days, day)
    if streak:
        parts.append(f'<p class="today-streak">{esc(tr.text(STREAK).format(n=tr.format_number(streak)))}</p>')
    return f'<div class="today-end">{"".join(parts)}</div>'


def days_section(ui: Ui, tr: Translator) -> str:
    """The days of today's hand in the statistics (nothing before the first);
    the run of days up to the date the page last gave (else the last day played)."""
    days = ui.today.days
    if not days.results:
        return ""
    last = T.parse_date(ui.today.seen) or T.parse_date(days.results[-1][0])
    assert last is not None
    lines = [tr.text(DAYS_PLAYED).format(n=tr.format_number(len(days.results))),
             tr.text(STREAK).format(n=tr.format_number(T.streak(days, last))),
             tr.text(BEST_STREAK).format(n=tr.format_number(days.best))]
    average = T.against_par(days)
    if average is not None:
        from ..text.hint_text import decimal  # (the statistics import it anyway)

        sign = "+" if average > 0 else "\u2212" if average < 0 else ""
        lines.append(tr.text(AGAINST_PAR).format(n=sign + decimal(abs(average), tr)))
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    # each day's first result, the latest first, as the share text says it
    results = "".join(
        f'<li data-day="{esc(day)}"><span class="day">{esc(day)}</span> '
        f'{esc(tr.text(T.SHARE_POINTS).format(points=points, par=NO_PAR if par is None else par))}</li>'
        for day, points, par in reversed(days.results[-LAST_DAYS_SHOWN:]))
    return (f'<h3>{esc(tr.text(TODAY_HAND))}</h3><ul class="today-days">{items}</ul>'
            f'<h4>{esc(tr.text(LAST_DAYS))}</h4><ol class="today-results">{results}</ol>')
