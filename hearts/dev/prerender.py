"""The start screen as index.html serves it: rendered at build time by the
page's own view, so that it is on screen at the first paint, before Python.

A tool, like :mod:`hearts.dev.catalogs`: the page never imports it. The build
(``tools/build.py``) writes

- the English start screen into index.html, between :data:`BEGIN` and
  :data:`END` (what a first paint shows, and what shows without scripts);
- ``build/start-screen.js``: each language's start screen, its rules page,
  the levels' descriptions and the texts the loading screen shows at once,
  as ``self.HEARTS_START`` for ``assets/start-screen.js``, which picks the
  language and applies the stored settings before the first paint, and
  answers the clicks until Python takes over.

Everything here is :func:`hearts.app.view.view` of the page's first model
(``hearts.app.update.init``), with one change: the card pictures of the
start screen's emblem wait in ``data-href`` (:func:`defer_art`), so that
their card art (three files) is not fetched while the runtime downloads;
assets/start-screen.js gives them their ``href`` once the boot's big files
are in. ``tests/test_prerender.py`` renders the view again and compares.
"""

from __future__ import annotations

import json
from typing import Any

from ..text import i18n
from .catalogs import BOOT_TEXTS
from ..engine.choices import LEVELS, SPEEDS
from ..app import stored as ST
from ..app import update as U
from ..app.model import visible, with_ui
from ..app.card_art import ART
from ..app.view import view
from ..page import protocol as P
from ..text.vocabulary import level_description

BEGIN = "<!-- start screen (tools/build.py writes it from hearts/dev/prerender.py) -->"
END = "<!-- /start screen -->"
# The loading screen's words in English, in index.html as data (no script
# runs it): what assets/loading-screen.js and the page's inline watchdog of
# its scripts say when build/boot-i18n.json cannot be read.
ENGLISH_OPEN = '<script type="application/json" id="boot-english">'
ENGLISH_CLOSE = "</script>"
ENGLISH_KEYS = ("unsupported", "failed", "fresh", "fresh_note", "stuck", "retry", "stopped", "reload", "files")
# What assets/start-screen.js needs of build/boot-i18n.json's texts at once,
# and index.html's watchdog of the scripts ("files", "reload").
BOOT_KEYS = ("title", "loading", "files", "reload")


def defer_art(html: str) -> str:
    """The card art's references moved to ``data-href`` (see the module)."""
    return html.replace(f' href="{ART}/', f' data-href="{ART}/')


def start_screen(lang: str, localedir: str | None = None) -> str:
    """#screen's HTML of the first model in ``lang``, as served."""
    tr = i18n.load(lang, localedir)
    return defer_art(view(*visible(U.init(lang=lang)[0]), tr))


def rules_overlay(lang: str, localedir: str | None = None) -> str:
    """The rules page over the start screen: what the view puts after the
    (then inert) start screen's section."""
    tr = i18n.load(lang, localedir)
    html = view(*visible(with_ui(U.init(lang=lang)[0], overlay="rules")), tr)
    return html[html.index("</section>") + len("</section>"):]


def facts(packed: dict[str, str] | None = None) -> dict[str, Any]:
    """What the page's scripts that run before any interpreter need of what
    Python defines (``self.HEARTS_START.facts``): the stored keys they read
    or write (:mod:`hearts.app.stored`), their limits, the speeds, the file
    chooser's input (:mod:`hearts.page.protocol`), and the
    gzipped copy of each runtime file the build packs (``packed``,
    ``{file: copy}``, from tools/build.py). Written here from Python, never
    again in JavaScript.

    >>> facts()["keys"]["settings"], facts()["limits"]["lang_chars"], facts()["speeds"][-1]
    ('hearts.settings', 16, 'instant')
    """
    return {
        "keys": {"lang": ST.LANG.name, "settings": ST.SETTINGS.name, "save": ST.SAVE.name,
                 "booting": ST.BOOTING.name, "snapshot_trial": ST.SNAPSHOT_TRIAL.name, "aside": ST.ASIDE.name,
                 "rechecked": ST.RECHECKED.name},
        "prefix": ST.PREFIX,
        "separator": ST.SEPARATOR,
        "limits": {"lang_chars": ST.LANG_MAX_CHARS, "settings_chars": ST.SETTINGS_MAX_CHARS,
                   "settings_depth": ST.SETTINGS_MAX_DEPTH},
        "speeds": list(SPEEDS),
        "file_input": {"id": P.FILE_INPUT_ID, "html": P.FILE_INPUT},
        "packed": dict(packed or {}),
    }


def start_data(localedir: str | None = None, packed: dict[str, str] | None = None) -> dict[str, Any]:
    """``self.HEARTS_START``: the languages (as build/boot-i18n.json names
    them) and, for each, its start screen, rules page, levels' descriptions
    and loading screen texts; and the :func:`facts` the scripts need."""
    data: dict[str, Any] = {"languages": list(i18n.LANGUAGES), "aliases": dict(i18n.ALIASES),
                            "default": i18n.DEFAULT_LANGUAGE, "levels": list(LEVELS), "facts": facts(packed),
                            "texts": {}}
    for lang in i18n.LANGUAGES:
        tr = i18n.load(lang, localedir)
        if tr.problem:
            raise ValueError(tr.problem)
        data["texts"][lang] = {
            "screen": start_screen(lang, localedir),
            "rules": rules_overlay(lang, localedir),
            "levels": {level: level_description(level, tr) for level in LEVELS},
            **{key: tr.text(BOOT_TEXTS[key]) for key in BOOT_KEYS},
        }
    return data


def start_script(data: dict[str, Any]) -> str:
    """build/start-screen.js (a classic script: it runs before the first paint)."""
    return ("// Written by tools/build.py from hearts/dev/prerender.py: each language's start screen.\n"
            "self.HEARTS_START = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n")


def boot_english() -> str:
    """The JSON of the loading screen's English (:data:`ENGLISH_KEYS`), as
    index.html holds it.

    >>> json.loads(boot_english())["retry"]
    'Try again'
    """
    tr = i18n.Translator(i18n.DEFAULT_LANGUAGE)
    text = json.dumps({key: tr.text(BOOT_TEXTS[key]) for key in ENGLISH_KEYS}, ensure_ascii=False)
    return text.replace("</", "<\\/")  # never a "</script>" inside the element


def served_english(index_html: str) -> str:
    """The loading screen's English as index.html serves it."""
    start = index_html.index(ENGLISH_OPEN) + len(ENGLISH_OPEN)
    return index_html[start:index_html.index(ENGLISH_CLOSE, start)]


def with_english(index_html: str, text: str) -> str:
    """index.html with ``text`` as the loading screen's English."""
    start = index_html.index(ENGLISH_OPEN) + len(ENGLISH_OPEN)
    return index_html[:start] + text + index_html[index_html.index(ENGLISH_CLOSE, start):]


def served_start(index_html: str) -> str:
    """The start screen index.html serves: #screen's HTML between the markers."""
    block = index_html[index_html.index(BEGIN) + len(BEGIN):index_html.index(END)]
    opening, closing = '<div id="screen">', "</div>"
    block = block.strip()
    if not (block.startswith(opening) and block.endswith(closing)):
        raise ValueError("index.html: the start screen is not one #screen element")
    return block[len(opening):-len(closing)]


def with_start(index_html: str, screen: str) -> str:
    """index.html with ``screen`` as its start screen."""
    head = index_html[:index_html.index(BEGIN) + len(BEGIN)]
    tail = index_html[index_html.index(END):]
    indent = head[head.rindex("\n") + 1:head.index(BEGIN)]
    return f'{head}\n{indent}<div id="screen">{screen}</div>\n{indent}{tail}'
