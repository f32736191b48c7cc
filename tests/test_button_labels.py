"""Issue 48: no button's visible label is longer than 20 characters, in
any language, English included: the text a sighted player reads, symbols
included (a screen reader's extra words, class "sr", are not shown). The
screens are those a game goes through, each drawn in all five languages.
"""

import html
import re
from dataclasses import replace

import pytest

from hearts.app import messages as M
from hearts.app.events import decode
from hearts.text.i18n import LANGUAGES, load

from fake_ports import Driver
from test_ui import pass_three, play_hand

LIMIT = 20
BUTTON = re.compile(r"<button\b[^>]*>(.*?)</button>", re.S)
SR = re.compile(r'<(span|p|div)\b[^>]*class="(?:[^"]*\s)?sr(?:\s[^"]*)?"[^>]*>.*?</\1>', re.S)
TAG = re.compile(r"<[^>]+>")


def labels(markup):
    """The visible text of each button of ``markup``."""
    out = set()
    for inner in BUTTON.findall(markup):
        text = " ".join(html.unescape(TAG.sub(" ", SR.sub("", inner))).split())
        if text:
            out.add(text)
    return out


def shown(d, *actions):
    """The screen after each action (an action, or an (action, value) pair)."""
    for action in actions:
        action, value = action if isinstance(action, tuple) else (action, None)
        msg = decode(action, value)
        assert msg is not None, action
        d.send(msg)
    return d.model


def with_ui(model, **fields):
    return replace(model, ui=replace(model.ui, **fields))


def screens():
    """The models of the screens a game goes through (menus, dialogs, a
    hand's end, its replay and review, statistics, the game's end)."""
    d = Driver()
    yield d.model  # the start screen
    yield with_ui(d.model, refused=True, save_error="save-newer-version")
    yield shown(d, "rules")
    shown(d, "close", ("new-game", None))
    yield d.model  # the pass
    d.send(M.AskHint())
    yield d.model  # its hint, Why? beside it
    yield shown(d, "why")  # the hint's reasons
    shown(d, "close")
    yield shown(d, "menu")
    yield shown(d, "stats")
    yield shown(d, "stats-reset")
    shown(d, "close")
    yield shown(d, "menu", "new-game")  # New game's question
    shown(d, "close")
    pass_three(d)
    yield d.model  # the play
    for overlay in ("last-trick", "elsewhere", "open-game", "error"):
        yield with_ui(d.model, overlay=overlay, error="error")
    yield with_ui(d.model, overlay="menu", refused=True)  # a refused save, downloadable
    play_hand(d)
    yield d.model  # the hand's end
    yield shown(d, "menu")
    yield shown(d, ("replay", "0"))
    shown(d, "close")
    yield shown(d, ("review", "0"))
    shown(d, "close")
    for _ in range(30):
        if d.phase() == "game-end":
            break
        d.send(M.Continue())
        play_hand(d)
    assert d.phase() == "game-end"
    yield d.model
    yield shown(d, "menu")


def test_no_button_label_is_over_20_characters():
    seen = {lang: set() for lang in LANGUAGES}
    trs = {lang: load(lang) for lang in LANGUAGES}
    d = Driver()
    for model in screens():
        d.model = model
        for lang, tr in trs.items():
            seen[lang] |= labels(d.html(tr))
    # (a label with a number: the largest hand's number a game reaches)
    for lang, tr in trs.items():
        seen[lang].add(tr.gettext("Replay hand {n}").format(n=tr.format_number(20)))
    assert all(len(seen[lang]) > 20 for lang in LANGUAGES), seen  # (the screens were drawn)
    long = {lang: sorted((len(t), t) for t in texts if len(t) > LIMIT) for lang, texts in seen.items()}
    assert long == {lang: [] for lang in LANGUAGES}
