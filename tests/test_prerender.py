"""The start screen index.html serves (and build/start-screen.js holds for
every language) is the view's own render of the page's first model
(hearts.dev.prerender), so it cannot drift from what Python draws when it
takes over: a change of the view or of a catalog fails here until
`make build` has written the page again."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hearts.text import i18n
from hearts.dev import prerender
from hearts.engine.choices import LEVELS, SPEEDS
from hearts.app import update as U
from hearts.app.model import visible, with_ui
from hearts.app.card_art import ART
from hearts.app.view import view
from hearts.dev.catalogs import BOOT_TEXTS
from hearts.text.vocabulary import game_name, level_description

ROOT = Path(__file__).resolve().parents[1]
INDEX = ROOT / "index.html"
START_JS = ROOT / "build" / "start-screen.js"


def rendered(lang: str, **ui) -> str:
    model, _ = U.init(lang=lang)
    return view(*visible(with_ui(model, **ui) if ui else model), i18n.load(lang))


class Actions(HTMLParser):
    def __init__(self):
        super().__init__()
        self.actions: list[tuple[str, str | None, str | None]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if "data-action" in a:
            self.actions.append((a["data-action"], a.get("data-value"), a.get("aria-pressed")))


def actions(html: str) -> Actions:
    parser = Actions()
    parser.feed(html)
    return parser


def test_index_html_serves_the_view_s_english_start_screen():
    served = prerender.served_start(INDEX.read_text(encoding="utf-8"))
    assert served == prerender.defer_art(rendered("en")), "run `make build`: index.html's start screen is stale"
    # the art's references are the only change, and the view's again once moved back
    assert served.replace(" data-href=", " href=") == rendered("en")


def test_the_served_start_screen_has_the_page_s_test_contract():
    found = actions(prerender.served_start(INDEX.read_text(encoding="utf-8")))
    names = [name for name, _, _ in found.actions]
    for name in ("new-game", "rules", "stats", "import-game", "four-colour", "two-tap"):
        assert names.count(name) == 1, name
    assert [v for n, v, _ in found.actions if n == "level"] == list(LEVELS)
    assert [v for n, v, _ in found.actions if n == "speed"] == list(SPEEDS)
    assert [v for n, v, _ in found.actions if n == "lang"] == list(i18n.LANGUAGES)
    assert [(v, p) for n, v, p in found.actions if p == "true"] == [("normal", "true"), ("normal", "true"),
                                                                     ("en", "true")]
    assert "script" not in found.tags  # the page's CSP runs no inline script


def test_the_card_art_waits_in_data_href():
    served = prerender.served_start(INDEX.read_text(encoding="utf-8"))
    assert f'href="{ART}' not in served.replace(" data-href=", " data=")
    assert len(re.findall(f'<use class="pic" data-href="{re.escape(ART)}/', served)) == 3  # the emblem's three cards


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_language_s_start_screen_and_rules_are_the_view_s(lang):
    assert prerender.start_screen(lang) == prerender.defer_art(rendered(lang))
    with_rules = rendered(lang, overlay="rules")
    section, overlay = with_rules.split("</section>", 1)
    assert prerender.rules_overlay(lang) == overlay
    assert overlay.startswith('<div class="overlay rules" data-dialog="rules" role="dialog"')
    assert section + "</section>" == rendered(lang).replace('data-phase="start">', 'data-phase="start" inert>', 1)
    pressed = [v for n, v, p in actions(prerender.start_screen(lang)).actions if n == "lang" and p == "true"]
    assert pressed == [lang]


@pytest.mark.skipif(not START_JS.is_file(), reason="build/ is missing: run `make build`")
def test_build_start_screen_js_holds_every_language(build_py):
    text = START_JS.read_text(encoding="utf-8")
    prefix = text[:text.index("self.HEARTS_START = ")]
    assert prefix.startswith("//") and prefix.count("\n") == 1
    data = json.loads(text[text.index("= ") + 2:].rstrip().rstrip(";"))
    assert data == prerender.start_data(packed=build_py.packed_urls()), "run `make build`: build/start-screen.js is stale"
    # the boot downloads these copies on a first visit (assets/boot.js), which the build packs
    assert data["facts"]["packed"] == {f"./build/{rel}": f"./build/{build_py.packed_name(rel)}"
                                       for rel in build_py.PACKED} != {}
    assert data["languages"] == list(i18n.LANGUAGES) and data["levels"] == list(LEVELS)
    for lang in i18n.LANGUAGES:
        texts = data["texts"][lang]
        tr = i18n.load(lang)
        assert texts["levels"] == {level: level_description(level, tr) for level in LEVELS}
        assert (texts["title"], texts["loading"]) == (game_name(tr), tr.text(BOOT_TEXTS["loading"]))
    assert data["texts"]["en"]["screen"] == prerender.served_start(INDEX.read_text(encoding="utf-8"))


def test_with_start_writes_the_block_again_and_only_it():
    text = INDEX.read_text(encoding="utf-8")
    again = prerender.with_start(text, "<p>x</p>")
    assert prerender.served_start(again) == "<p>x</p>"
    assert again.split(prerender.BEGIN)[0] == text.split(prerender.BEGIN)[0]
    assert again.split(prerender.END)[1] == text.split(prerender.END)[1]
    assert prerender.with_start(again, prerender.served_start(text)) == text


def _static_imports(script: Path) -> list[Path]:
    """The modules a script imports statically (`import ... from "..."`)."""
    text = script.read_text(encoding="utf-8")
    return [(script.parent / name).resolve() for name in re.findall(r'^import [^;]*? from "([^"]+)";', text, re.M)]


def test_index_html_holds_the_loading_screens_english_as_the_build_writes_it():
    text = INDEX.read_text(encoding="utf-8")
    assert prerender.served_english(text) == prerender.boot_english(), "run make build"
    again = prerender.with_english(text, '{"x": "<\\/script>"}')
    assert json.loads(prerender.served_english(again)) == {"x": "</script>"}
    assert prerender.with_english(again, prerender.served_english(text)) == text


def test_every_module_the_boot_imports_is_preloaded():
    """boot.js's whole import graph is in index.html's modulepreloads: a
    module left out is fetched only once the one importing it has arrived,
    a round trip later each (the boot's start waited for a chain of three)."""
    preloaded = {(ROOT / href).resolve()
                 for href in re.findall(r'<link rel="modulepreload" href="([^"]+)">', INDEX.read_text(encoding="utf-8"))}
    seen: set[Path] = set()
    todo = [ROOT / "assets" / "boot.js"]
    while todo:
        for module in _static_imports(todo.pop()):
            if module not in seen:
                seen.add(module)
                todo.append(module)
    assert len(seen) >= 3  # (the graph was read: boot.js imports three)
    assert seen - preloaded == set()


def test_the_scripts_the_first_paint_waits_for_are_asked_for_first():
    """The parser waits for the two start-screen scripts; asked for after
    the boot's modules, they queued behind them on a host that allows six
    connections at a time (the start screen came 0.5 s later on slow 4G)."""
    head = INDEX.read_text(encoding="utf-8").split("</head>")[0]
    blocking = [m.start() for m in re.finditer(r'<script src="[^"]+"></script>', head)]
    modules = [m.start() for m in re.finditer(r'<link rel="modulepreload"|<script type="module"', head)]
    assert len(blocking) == 2 and modules
    assert max(blocking) < min(modules)
