"""A hand's fingerprint, its seed and its par on the page.

The fingerprint (:class:`hearts.app.model.DealFacts`) is on the table's
bar during the hand (``data-fingerprint``) and said in the menu; after the
hand, its dialog gives the seed (``data-seed``) and the par
(``data-par``: the points once known, empty while they are computed;
:mod:`hearts.app.par`); the score sheet gives each hand's par under the
player's points. The rules
page says how to check a deal (:mod:`hearts.text.rules_text`).
"""

from __future__ import annotations

from ..text.i18n import N_, Translator
from ..text.vocabulary import seat_name
from .blocks import attrs, esc
from .events import Action as A
from .messages import Par
from .model import HUMAN, Ui

# TRANSLATORS: in the menu during a hand: the short hex code that lets
# anyone check, after the hand, that its cards were dealt from the seed.
FINGERPRINT_LINE = N_("This deal's fingerprint: {fingerprint}")
# TRANSLATORS: after a hand: what lets anyone check its cards (the rules
# page says how). Hands are counted from 0 there: the first hand is hand 0.
DEAL_LINE = N_("Seed {seed}, hand {hand} counted from 0, fingerprint {fingerprint}")
# TRANSLATORS: the points Hard would have taken with the player's cards in a
# hand, like par in golf; keep it as short as "par 5".
PAR = N_("par {n}")
# TRANSLATORS: the par while it is still being worked out.
PAR_PENDING = N_("par: …")
# TRANSLATORS: after "par 5 ·": what the par is, briefly.
PAR_ABOUT = N_("Hard's points in your seat with the same cards")
PAR_HARD_MOON = N_("Hard would have shot the moon.")
PAR_OTHER_MOON = N_("{player} would have shot the moon against Hard.")
# TRANSLATORS: a setting's toggle button: each hand's par computed and shown.
PAR_SETTING = N_("Par of each hand")


def fingerprint_attr(ui: Ui) -> str:
    """The attribute the hand's info carries: its deal's fingerprint."""
    return attrs(data_fingerprint=ui.deal.fingerprint) if ui.deal is not None else ""


def menu_line(ui: Ui, tr: Translator) -> str:
    if ui.deal is None:
        return ""
    text = tr.text(FINGERPRINT_LINE).format(fingerprint=ui.deal.fingerprint)
    return f'<p class="deal-facts"{fingerprint_attr(ui)}>{esc(text)}</p>'


def par_text(par: Par | None, tr: Translator) -> str:
    """"par 5", or "par: …" while it is computed."""
    if par is None:
        return tr.text(PAR_PENDING)
    return tr.text(PAR).format(n=tr.format_number(par.points))


def ending_lines(ui: Ui, tr: Translator) -> str:
    """The hand's par and its deal, in the dialog after a hand: one short
    paragraph (the dialog holds a whole score sheet on a phone)."""
    lines = []
    if (ui.settings.par or ui.today.date) and ui.pars_shown:
        par = ui.pars_shown[-1]
        value = "" if par is None else str(par.points)
        line = (f'<span class="par-line"{attrs(data_par=value)}><b>{esc(par_text(par, tr))}</b> '
                f'<small class="par-about">\u00b7 {esc(tr.text(PAR_ABOUT))}</small>')
        if par is not None and par.moon is not None:
            moon = (tr.text(PAR_HARD_MOON) if par.moon == HUMAN
                    else tr.text(PAR_OTHER_MOON).format(player=seat_name(par.moon, tr)))
            line += f' <span class="par-moon">{esc(moon)}</span>'
        lines.append(line + "</span>")
    facts = ui.deal
    if facts is not None and facts.seed is not None:
        text = tr.text(DEAL_LINE).format(seed=facts.seed, hand=facts.hand, fingerprint=facts.fingerprint)
        lines.append(f'<small class="deal-facts"{attrs(data_seed=facts.seed)}>{esc(text)}</small>')
    return f'<p class="hand-facts" aria-live="polite">{"<br>".join(lines)}</p>' if lines else ""


def sheet_par(ui: Ui, hand: int, tr: Translator, ended: bool) -> str:
    """A hand's par in the score sheet, under the player's points in that
    hand (a column of its own left no room for the seats' names on a
    phone): "par 5", "par: …" while the hand that has just ``ended`` has
    its par worked out, else nothing (not known here: a hand played before
    a reload, or with the par off)."""
    par = ui.pars_shown[hand] if hand < len(ui.pars_shown) else None
    if par is None and not (ended and ui.pars_shown):
        return ""
    return f'<br><small class="par">{esc(par_text(par, tr))}</small>'


def toggle(ui: Ui, tr: Translator) -> str:
    pressed = "true" if ui.settings.par else "false"
    return (f'<button type="button" class="choice toggle" data-action="{A.PAR}" aria-pressed="{pressed}">'
            f"{esc(tr.text(PAR_SETTING))}</button>")
