"""The statistics screen, its reset question and the question before
statistics opened from a file replace these (overlays "stats", "stats-reset",
"stats-open"), drawn from ``ui.history.stats`` (hearts.app.stats) only.

Every figure sits in an element with ``data-stat``: the headline figures
over all games the game dealt (``games``, ``won``, ``average``, ``moons-by``,
``moons-against``, ``queens``, ``best``, ``worst``, ``place-1`` ..
``place-4``) and, per bucket, the same names with the bucket after a dot
(``games.easy``, ``won.undo``, ``games.imported``...). The chart of the last games' final
scores is an inline SVG drawn here (no chart library for twenty bars).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import stats as ST
from ..text import strings as S
from ..engine.choices import LEVELS
from ..engine.game import GAME_OVER_AT
from ..text.i18n import N_, NP_, Marked
from ..text.vocabulary import level_name
from ..text.hint_text import decimal
from .today_view import days_section
from .events import Action as A
from .blocks import button, dialog, esc
from ..text.i18n import Translator
from .model import Ui

STATISTICS = N_("Statistics")
ALL_GAMES = N_("All games")
BY_LEVEL = N_("By level")
GAMES_PLAYED = N_("Games played")
GAMES_WON = N_("Games won")
AVERAGE = N_("Average points per hand")
MOONS_BY = N_("Moons you shot")
MOONS_AGAINST = N_("Moons shot against you")
QUEENS = N_("Queen of spades taken")
BEST = N_("Best game")
WORST = N_("Worst game")
UNDO_APART = N_("Games in which a move was taken back count apart, under With undo.")
IMPORTED = S.IMPORTED
IMPORTED_APART = N_("Games whose cards the game did not deal (a deal opened from a file) count apart, "
                    "under Imported, and not in All games.")
PLACE_ROWS = (  # (data-stat, label), as ROWS
    # TRANSLATORS: the labels of four counts in the statistics: how many games
    # you ended in first, second, third and fourth place.
    ("place-1", N_("Games finished first")), ("place-2", N_("Games finished second")),
    ("place-3", N_("Games finished third")), ("place-4", N_("Games finished fourth")),
)
LAST_GAMES = N_("Your last games")
# TRANSLATORS: under the chart of the last games' final scores.
CHART_NOTE = N_("Each bar is a game's final score, oldest first; the number under it is your place.")
NO_GAMES = N_("No finished games yet.")
RESET = N_("Reset statistics")
RESET_QUESTION = N_("Reset the statistics?")
RESET_CONFIRM = NP_("statistics", "Reset")
KEEP = N_("Keep them")
# TRANSLATORS: buttons of the statistics screen (at most 20 characters): the
# statistics saved to a file, or replaced by those of a file.
EXPORT = NP_("statistics", "Save to a file")
IMPORT = NP_("statistics", "Open from a file")
OPEN_QUESTION = N_("Replace your statistics?")
# TRANSLATORS: the button that lets statistics opened from a file replace the ones here.
OPEN_CONFIRM = NP_("statistics", "Replace")
KEEP_MINE = N_("Keep mine")
OPENED = N_("Statistics opened from the file.")
_FILE_ERRORS = {
    "stats-corrupt": N_("That file holds no statistics of this game, or it is damaged. "
                        "Your statistics are unchanged."),
    "stats-newer-version": N_("That file's statistics come from a newer version of the game. "
                              "Your statistics are unchanged."),
}
NONE = "\u2013"
_ERRORS = {
    "stats-corrupt": N_("The saved statistics were damaged and have been reset."),
    "stats-newer-version": N_("The saved statistics came from a newer version of the game and have been reset."),
}
ROWS = (  # (data-stat, label)
    ("games", GAMES_PLAYED), ("won", GAMES_WON), ("average", AVERAGE), ("best", BEST),
    ("worst", WORST), ("moons-by", MOONS_BY), ("moons-against", MOONS_AGAINST), ("queens", QUEENS),
)


def stats_error(code: str, tr: Translator) -> str:
    return tr.gettext(_ERRORS.get(code, _ERRORS["stats-corrupt"]))


def _value(c: ST.Counters, name: str, tr: Translator) -> str:
    if name == "average":
        return NONE if c.average is None else decimal(c.average, tr)
    if name in ("best", "worst"):
        value = getattr(c, name)
        return NONE if value is None else tr.format_number(value)
    if name.startswith("place-"):
        return tr.format_number(c.places()[int(name[-1]) - 1])
    return tr.format_number(getattr(c, name.replace("-", "_")))


def _tiles(c: ST.Counters, tr: Translator) -> str:
    tiles = "".join(
        f'<div class="stat"><dt>{esc(tr.text(label))}</dt>'
        f'<dd data-stat="{name}">{esc(_value(c, name, tr))}</dd></div>'
        for name, label in ROWS
    )
    places = "".join(
        f'<div class="stat place"><dt>{esc(tr.text(label))}</dt>'
        f'<dd data-stat="{name}">{esc(_value(c, name, tr))}</dd></div>'
        for name, label in PLACE_ROWS
    )
    return f'<dl class="stat-tiles">{tiles}{places}</dl>'


def _table(figures: dict[str, ST.Counters], tr: Translator) -> str:
    heading = {"undo": S.WITH_UNDO, ST.IMPORTED: IMPORTED}
    cols = [(b, level_name(b, tr) if b in LEVELS else tr.text(heading[b])) for b in ST.BUCKETS]
    head = "".join(f'<th scope="col">{esc(label)}</th>' for _, label in cols)
    rows = []
    for name, label in ROWS + PLACE_ROWS:
        text = tr.text(label)
        cells = "".join(f'<td data-stat="{name}.{b}">{esc(_value(figures[b], name, tr))}</td>' for b, _ in cols)
        rows.append(f'<tr><th scope="row">{esc(text)}</th>{cells}</tr>')
    return (f'<table class="stat-table"><caption>{esc(tr.text(BY_LEVEL))}</caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<p class="stat-note">{esc(tr.text(UNDO_APART))} {esc(tr.text(IMPORTED_APART))}</p>')


def chart(recent: Sequence[ST.Recent], tr: Translator) -> str:
    """Bars of the last games' final scores (oldest first), a line at the
    total that ends a game (GAME_OVER_AT), the place of each game under its
    bar. Decorative drawing with a text alternative: role=img and a label
    that lists the scores."""
    if not recent:
        return f'<p class="stat-empty">{esc(tr.text(NO_GAMES))}</p>'
    n = len(recent)
    top = max(GAME_OVER_AT, max(r.score for r in recent)) * 1.12  # room above the line
    w, h, base = 20 * ST.RECENT, 116, 100  # drawing units; CSS scales the SVG
    step = w / ST.RECENT
    bars = []
    for i, r in enumerate(recent):
        height = max(1.0, base * r.score / top)
        x = i * step + step * 0.15
        bars.append(
            f'<rect class="score-bar place-{r.place}{" undo" if r.undo else ""}'
            f'{" imported" if r.imported else ""}" x="{x:.1f}" '
            f'y="{base - height:.1f}" width="{step * 0.7:.1f}" height="{height:.1f}"></rect>'
            f'<text class="bar-place" x="{x + step * 0.35:.1f}" y="{base + 13}">{r.place}</text>'
        )
    over_at = base - base * GAME_OVER_AT / top
    scores = ", ".join(f"{tr.format_number(r.score)} ({S.place_badge(r.place, tr)})" for r in recent)
    # TRANSLATORS: text of the chart for screen readers: {list} is "45 (1st), 80 (3rd), ...".
    label = tr.gettext("Final scores of your last games: {list}").format(list=scores)
    return (f'<svg class="stat-chart" viewBox="0 0 {w} {h}" role="img" aria-label="{esc(label)}" '
            f'data-games="{n}">'
            f'<line class="hundred" x1="0" x2="{w}" y1="{over_at:.1f}" y2="{over_at:.1f}"></line>'
            f'<text class="hundred-label" x="{w - 1}" y="{over_at - 2:.1f}">{tr.format_number(GAME_OVER_AT)}</text>'
            f'<line class="axis" x1="0" x2="{w}" y1="{base}" y2="{base}"></line>'
            f'{"".join(bars)}</svg>'
            f'<p class="stat-note">{esc(tr.text(CHART_NOTE))}</p>')


def _costs(stats: ST.Stats, tr: Translator) -> str:
    from .review_view import cost_section  # the reviews' costs (hearts.app.costs)

    return cost_section(stats, tr)


def _finished(stats: ST.Stats) -> int:
    """Every game counted, the imported ones too (what a reset deletes)."""
    return ST.total(stats, ST.BUCKETS).games


def stats_screen(ui: Ui, tr: Translator) -> str:
    figures = ST.figures(ui.history.stats)
    problem = ""
    if ui.history.error:
        problem = f'<p class="alert" role="alert">{esc(stats_error(ui.history.error, tr))}</p>'
    if ui.history.note == "stats-opened":
        problem += f'<p class="stat-opened" role="status">{esc(tr.text(OPENED))}</p>'
    elif ui.history.note:
        text = tr.gettext(_FILE_ERRORS.get(ui.history.note, _FILE_ERRORS["stats-corrupt"]))
        problem += f'<p class="alert" role="alert">{esc(text)}</p>'
    has_games = _finished(ui.history.stats) > 0
    reset = button(tr.text(RESET), A.STATS_RESET, cls="btn",
                   aria_disabled=None if has_games else "true")
    files = (button(tr.text(EXPORT), A.EXPORT_STATS, cls="btn",
                    aria_disabled=None if ui.history.stats != ST.EMPTY else "true")
             + button(tr.text(IMPORT), A.IMPORT_STATS, cls="btn"))
    body = (
        f"<h2>{esc(tr.text(STATISTICS))}</h2>{problem}"
        f'<h3>{esc(tr.text(ALL_GAMES))}</h3>{_tiles(figures["all"], tr)}'
        f'<h3>{esc(tr.text(LAST_GAMES))}</h3>{chart(ui.history.stats.recent, tr)}'
        f'<div class="stat-scroll" role="region" tabindex="0" aria-label="{esc(tr.text(BY_LEVEL))}">'
        f'{_table(figures, tr)}</div>{_costs(ui.history.stats, tr)}{days_section(ui, tr)}'
        f'<div class="actions">{button(tr.text(S.BACK), A.CLOSE, cls="btn primary")}{reset}</div>'
        f'<div class="actions files">{files}</div>'
    )
    return dialog(tr.text(STATISTICS), body, "stats")


def reset_question(ui: Ui, tr: Translator) -> str:
    n = _finished(ui.history.stats)
    # TRANSLATORS: asked before the statistics are deleted.
    what = tr.ngettext("The figures of {n} finished game will be deleted. This cannot be undone.",
                       "The figures of {n} finished games will be deleted. This cannot be undone.",
                       n).format(n=tr.format_number(n))
    return _question(tr, RESET_QUESTION, what, KEEP, (RESET_CONFIRM, A.CONFIRM_STATS_RESET), "stats-reset")


def _question(tr: Translator, title: Marked, text: str, keep: Marked, go: tuple[Marked, A], cls: str) -> str:
    """A question over the statistics: keep them (back to the screen), or go on."""
    body = (f"<h2>{esc(tr.text(title))}</h2><p>{esc(text)}</p>"
            f'<div class="actions">{button(tr.text(keep), A.STATS, cls="btn primary")}'
            f'{button(tr.text(go[0]), go[1], cls="btn danger")}</div>')
    return dialog(tr.text(title), body, cls, role="alertdialog")


def open_question(ui: Ui, tr: Translator) -> str:
    """Before statistics opened from a file replace the ones here: how many
    finished games each holds."""
    if ui.history.file is None:
        return stats_screen(ui, tr)
    theirs, mine = _finished(ui.history.file), _finished(ui.history.stats)
    # TRANSLATORS: asked before statistics opened from a file replace the ones here.
    file_has = tr.ngettext("The file's statistics count {n} finished game.",
                           "The file's statistics count {n} finished games.",
                           theirs).format(n=tr.format_number(theirs))
    # TRANSLATORS: follows "The file's statistics count {n} finished games."
    lost = tr.ngettext("They will replace the figures of the {n} finished game counted here. "
                       "This cannot be undone.",
                       "They will replace the figures of the {n} finished games counted here. "
                       "This cannot be undone.",
                       mine).format(n=tr.format_number(mine))
    return _question(tr, OPEN_QUESTION, f"{file_has} {lost}", KEEP_MINE, (OPEN_CONFIRM, A.CONFIRM_OPEN_STATS),
                     "stats-reset stats-open")
