"""The review of a hand (overlay "review"), from ``ui.coach.review`` (a
hearts.app.review.Review, or None while it is being made: then the share done,
``ui.coach.done``, as a progress bar).

Each decision is a ``[data-review-item]`` with ``data-card`` (the card
played, or the three passed, space-separated), ``data-best``, ``data-cost``
(tenths as a decimal with a dot, ``"1.3"``) and ``data-mark``; the hand's
total is ``[data-review-total]``. The cards are text cards
(``[data-rcard]``, hearts.app.replay_view), never ``button[data-card]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import review as R
from ..text import strings as S
from ..text.i18n import N_, NP_
from .events import Action as A
from ..text.hint_text import decimal, pass_reason, reason as play_reason, sentence
from .blocks import button, dialog, esc, mini_card

if TYPE_CHECKING:
    from .stats import Stats
from ..text.i18n import Translator
from .model import Ui

REVIEW = NP_("review", "Review")
THE_PASS = NP_("review", "The pass")
# TRANSLATORS: in the review of a hand: the decision made in trick {n}.
TRICK_N = NP_("review", "Trick {n}")
YOURS = NP_("review", "Your choice")
BEST = NP_("review", "Best")
WORKING = N_("Looking at each of your decisions…")
ALL_ALIKE = N_("Your cards here were all alike: no real choice.")
# TRANSLATORS: the review's explanation, above the list of decisions.
ABOUT = N_("Each decision is judged only on what you could see then. The figures are the points you "
           "could expect to end the hand with; the cost is what your choice gave away against the "
           "best one found.")
# TRANSLATORS: the marks' thresholds: {a}, {b}, {c} are 0.5, 1.5 and 3.0 (in the language's way),
# {d} is {c} again.
THRESHOLDS = N_("Fine: a cost below {a}. Inaccuracy: below {b}. Mistake: below {c}. Blunder: {d} or more.")
TOTAL = N_("Cost of this hand")
MARKS = {
    "fine": NP_("review mark", "Fine"),
    "inaccuracy": NP_("review mark", "Inaccuracy"),
    "mistake": NP_("review mark", "Mistake"),
    "blunder": NP_("review mark", "Blunder"),
}


def review_button(hand: int, tr: Translator) -> str:
    return button(tr.text(REVIEW), A.REVIEW, value=hand, cls="btn")


def _cards(cards: Iterable[str], tr: Translator) -> str:
    return "".join(mini_card(c, tr) for c in cards)


def _points(x: float | None, tr: Translator) -> str:
    return "" if x is None else f' <span class="rv-pts">({esc(decimal(x, tr))})</span>'


def _reason(code: tuple[Any, ...] | None, tr: Translator) -> str:
    if not code:
        return ""
    if code[0] == "pass":  # a line of its own here, where the hint lists them after "Why:"
        text = sentence(pass_reason(code[1], code[2], tr))
    else:
        text = play_reason(code, tr)
    return f'<p class="rv-why">{esc(text)}</p>' if text else ""


def _item(item: R.Item, tr: Translator) -> str:
    title = tr.text(THE_PASS) if item.trick == 0 else tr.text(TRICK_N).format(n=tr.format_number(item.trick))
    mark = item.mark
    cost = R.tenths(item.cost)
    shown_cost = decimal(item.cost / 10, tr)
    minus = "\u2212" if item.cost else ""
    if item.chosen_points is None:
        body = f'<p class="rv-line">{esc(tr.text(YOURS))}: {_cards(item.chosen, tr)}</p><p class="rv-why">{esc(tr.text(ALL_ALIKE))}</p>'
    else:
        body = f'<p class="rv-line">{esc(tr.text(YOURS))}: {_cards(item.chosen, tr)}{_points(item.chosen_points, tr)}'
        if item.best != item.chosen:
            body += f' \u00b7 {esc(tr.text(BEST))}: {_cards(item.best, tr)}{_points(item.best_points, tr)}'
        body += "</p>" + _reason(item.reason, tr)
    return (f'<li class="rv-item rv-{mark}" data-review-item data-card="{esc(" ".join(item.chosen))}" '
            f'data-best="{esc(" ".join(item.best))}" data-cost="{cost}" data-mark="{mark}">'
            f'<p class="rv-head"><span class="rv-title">{esc(title)}</span>'
            f'<span class="rv-mark">{esc(tr.text(MARKS[mark]))}</span>'
            f'<span class="rv-cost">{minus}{esc(shown_cost)}</span></p>{body}</li>')


def _par(ui: Ui, hand: int, tr: Translator) -> str:
    """The hand's par beside its review (hearts.app.par), once known."""
    from .deal_view import par_text

    par = ui.pars_shown[hand] if hand < len(ui.pars_shown) else None
    return "" if par is None else f'<p class="rv-par">{esc(par_text(par, tr))}</p>'


def review_screen(ui: Ui, tr: Translator) -> str:
    r, key = ui.coach.review, ui.coach.key
    hand = int(key.split(":")[1]) if key else 0
    label = f"{S.hand_number(hand + 1, tr)} \u00b7 {tr.text(REVIEW)}"
    limits = [decimal(limit / 10, tr) for limit, _ in R.MARKS]
    about = (f'<p class="rv-about">{esc(tr.text(ABOUT))}</p>'
             f'<p class="rv-about">{esc(tr.text(THRESHOLDS).format(a=limits[0], b=limits[1], c=limits[2], d=limits[2]))}</p>')
    if r is None:
        percent = round(ui.coach.done * 100)
        main = (f'<p class="rv-working" role="status" data-review-progress="{percent}">{esc(tr.text(WORKING))} '
                f'{esc(tr.format_number(percent))}\u00a0%</p>'
                f'<progress max="100" value="{percent}" aria-label="{esc(tr.text(WORKING))}"></progress>')
    else:
        items = "".join(_item(i, tr) for i in r.items)
        main = (f'<p class="rv-total" role="status">{esc(tr.text(TOTAL))}: '
                f'<strong data-review-total="{R.tenths(r.total)}">{esc(decimal(r.total / 10, tr))}</strong></p>'
                f"{_par(ui, hand, tr)}"
                f'<ol class="rv-list">{items}</ol>')
    back = tr.text(S.BACK)
    body = (f'<h2>{esc(label)}</h2>{main}{about}'
            f'<div class="actions">{button(back, A.CLOSE, cls="btn primary")}</div>')
    return dialog(label, body, "review").replace(' class="overlay review"', f' class="overlay review" data-review="{hand}"', 1)


# -- the statistics screen's part: the reviews' costs (hearts.app.costs) ----------------

YOUR_DECISIONS = N_("Your decisions")
AVERAGE_COST = N_("Average cost per reviewed hand")
NO_REVIEWS = N_("No reviewed hands yet: open Review at the end of a hand.")
# TRANSLATORS: under the chart of the average cost per reviewed hand in the last games.
COST_NOTE = N_("Each bar is a game's average cost per reviewed hand, oldest first: lower is better.")


def cost_section(stats: Stats, tr: Translator) -> str:
    """The average cost per reviewed hand over all games (``data-stat="cost"``)
    and per level (``cost.easy``...), and its trend over the last games."""
    from .costs import COUNTED, IMPORTED, average, trend
    from ..text.vocabulary import level_name

    costs = stats.costs
    def shown(x: float | None) -> str:
        return "\u2013" if x is None else decimal(x, tr)

    names = {"undo": tr.text(S.WITH_UNDO), IMPORTED: tr.text(S.IMPORTED)}
    shown_buckets = COUNTED + ((IMPORTED,) if average(costs, IMPORTED) is not None else ())
    rows = "".join(
        f'<div class="stat"><dt>{esc(names.get(b) or level_name(b, tr))}</dt>'
        f'<dd data-stat="cost.{b}">{esc(shown(average(costs, b)))}</dd></div>' for b in shown_buckets)
    head = (f'<h3>{esc(tr.text(YOUR_DECISIONS))}</h3><dl class="stat-tiles">'
            f'<div class="stat"><dt>{esc(tr.text(AVERAGE_COST))}</dt>'
            f'<dd data-stat="cost">{esc(shown(average(costs)))}</dd></div>{rows}</dl>')
    lines = trend(costs)
    if not lines:
        return head + f'<p class="stat-note cost-empty">{esc(tr.text(NO_REVIEWS))}</p>'
    values = [g.tenths / g.count / 10 for g in lines]
    w, h, base = 400, 116, 100
    step = w / 20
    top = max(3.0, max(values)) * 1.12
    bars = []
    for i, v in enumerate(values):
        height = max(1.0, base * v / top)
        x = i * step + step * 0.15
        bars.append(f'<rect class="cost-bar" x="{x:.1f}" y="{base - height:.1f}" width="{step * 0.7:.1f}" '
                    f'height="{height:.1f}"></rect>')
    # TRANSLATORS: text of the chart for screen readers: {list} is "1.2, 0.8, 2.5".
    label = tr.gettext("Average cost per reviewed hand in your last games: {list}").format(
        list=", ".join(decimal(v, tr) for v in values))
    return (head + f'<svg class="stat-chart cost-chart" viewBox="0 0 {w} {h}" role="img" aria-label="{esc(label)}" '
            f'data-stat-chart="cost" data-games="{len(values)}">'
            f'<line class="axis" x1="0" x2="{w}" y1="{base}" y2="{base}"></line>{"".join(bars)}</svg>'
            f'<p class="stat-note">{esc(tr.text(COST_NOTE))}</p>')
