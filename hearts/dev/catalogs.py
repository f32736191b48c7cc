"""The translators' tool: make, update and compile the gettext catalogs,
and export what the loading screen says.

Run from the repository root, in a venv with Babel (a development
dependency; the page never imports this module, and it is not shipped)::

    python -m hearts.dev.catalogs extract        # code -> i18n/hearts.pot
    python -m hearts.dev.catalogs update         # .pot -> every i18n/<lang>.po (en filled)
    python -m hearts.dev.catalogs compile DIR    # i18n/<lang>.po -> DIR/<lang>/LC_MESSAGES/hearts.mo
    python -m hearts.dev.catalogs export-boot DIR OUT.json   # the loading screen's data, from DIR's catalogs

``extract`` runs exactly ``pybabel`` + :data:`EXTRACT_ARGS`. The runtime
side (reading the compiled catalogs) is :mod:`hearts.text.i18n`; ``tools/build.py``
compiles and exports with :func:`compile_catalogs` and :func:`boot_data`.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Sequence

from ..text.i18n import ALIASES, DEFAULT_LANGUAGE, DOMAIN, LANGUAGES, N_, Marked, load
from ..text.vocabulary import GAME_NAME

if TYPE_CHECKING:  # (babel, a development tool, is imported where it is used)
    from babel.messages.catalog import Catalog

EXTRACT_ARGS = (
    "extract", "-F", "babel.cfg",
    "-k", "N_", "-k", "NP_:1c,2", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3",
    "-c", "TRANSLATORS:", "--add-location=file",
    "--project=hearts", "--copyright-holder=the Hearts authors",
    "-o", "i18n/hearts.pot", "hearts",
)

#: What the loading screen says before Python runs (assets/loading-screen.js
#: reads it from build/boot-i18n.json): the title and the page's
#: description, the stages "loading" (download), "booting" (the Python
#: interpreter starts) and "starting" (the game itself loads), then errors.
BOOT_TEXTS: dict[str, Marked] = {
    "title": GAME_NAME,
    # The page's description and the installed app's (web app manifest).
    "description": N_("Hearts, the card game, against three computer players. It plays offline too."),
    "loading": N_("Downloading the game…"),
    "booting": N_("Starting the game engine…"),
    "starting": N_("Setting up the table…"),
    "unsupported": N_(
        "This browser can't run the game: it needs WebAssembly. Please use an up-to-date browser."
    ),
    "failed": N_("The game couldn't start. Please reload the page."),
    # TRANSLATORS: a button under "The game couldn't start": starts the game
    # without what it stored in the browser (which may be what broke it).
    "fresh": N_("Start fresh"),
    # TRANSLATORS: under the "Start fresh" button.
    "fresh_note": N_("Your saved game and settings are put aside, not deleted, and the game starts without them."),
    # TRANSLATORS: on the loading screen, when the previous visit froze or
    # crashed before the game was ready; above "Start fresh" and "Try again".
    "stuck": N_("The game didn't finish starting last time. You can try again, or start fresh."),
    # TRANSLATORS: a button beside "Start fresh": starts the game as usual.
    "retry": N_("Try again"),
    # TRANSLATORS: over the table when the game's engine stopped in the
    # middle of a game (the game was saved at every move).
    "stopped": N_("The game stopped. What you played is saved: reload the page to go on."),
    # TRANSLATORS: the button under "The game stopped": loads the page again.
    "reload": N_("Reload"),
    # TRANSLATORS: on the loading screen when one of the page's own files
    # could not be loaded (no network and a file missing, a host's error);
    # above "Reload".
    "files": N_("Some of the game's files didn't load. Check the connection, then reload the page."),
}


def _repo_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _pybabel(args: Sequence[str]) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", *args])  # type: ignore[no-untyped-call]  # (babel's is unannotated)


def _read_po(path: str) -> Catalog:
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        return read_po(f)


def compile_catalogs(podir: str, outdir: str) -> list[str]:
    """``<podir>/<lang>.po`` -> ``<outdir>/<lang>/LC_MESSAGES/hearts.mo`` for
    every language; the paths written."""
    from babel.messages.mofile import write_mo

    written = []
    for lang in LANGUAGES:
        catalog = _read_po(os.path.join(podir, lang + ".po"))
        target = os.path.join(outdir, lang, "LC_MESSAGES")
        os.makedirs(target, exist_ok=True)
        path = os.path.join(target, DOMAIN + ".mo")
        with open(path, "wb") as f:
            write_mo(f, catalog)
        written.append(path)
    return written


def boot_data(localedir: str) -> dict[str, Any]:
    """What the loading screen needs before Python runs, read from the
    compiled catalogs in ``localedir`` by the page's own runtime:
    ``{"languages": [code, ...], "aliases": {subtag: code}, "default": code,
    <code>: {key: text}}`` (each language's texts at the top level, keyed by
    its code)."""
    data: dict[str, Any] = {"languages": list(LANGUAGES), "aliases": dict(ALIASES), "default": DEFAULT_LANGUAGE}
    for lang in LANGUAGES:
        tr = load(lang, localedir)
        if tr.problem:
            raise ValueError(tr.problem)
        data[lang] = {key: tr.text(marked) for key, marked in BOOT_TEXTS.items()}
    return data


def _update(podir: str) -> None:
    """Merge the template into every language's catalog; English gets msgstr = msgid."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    for lang in LANGUAGES:
        # A fresh template each time: Catalog.update shares new Message
        # objects with the template, and English fills them in below.
        template = _read_po(os.path.join(podir, DOMAIN + ".pot"))
        path = os.path.join(podir, lang + ".po")
        catalog = _read_po(path) if os.path.exists(path) else Catalog(
            locale=lang, project="hearts", copyright_holder="the Hearts authors", fuzzy=False
        )
        catalog.update(template, no_fuzzy_matching=(lang == "en"))
        if lang == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id
                    message.flags.discard("fuzzy")
        with open(path, "wb") as f:
            write_po(f, catalog, ignore_obsolete=True)
        print(f"updated {path}")


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m hearts.dev.catalogs", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="code -> i18n/hearts.pot (pybabel " + " ".join(EXTRACT_ARGS) + ")")
    sub.add_parser("update", help="extract, then merge the template into every i18n/<lang>.po")
    p = sub.add_parser("compile", help="i18n/<lang>.po -> DIR/<lang>/LC_MESSAGES/hearts.mo")
    p.add_argument("outdir")
    p = sub.add_parser("export-boot", help="the loading screen's languages and texts as JSON")
    p.add_argument("localedir", help="the compiled catalogs (python -m hearts.dev.catalogs compile DIR)")
    p.add_argument("out")
    args = parser.parse_args(argv)

    podir = os.path.join(_repo_root(), "i18n")
    if args.command in ("extract", "update"):
        os.chdir(_repo_root())
        _pybabel(EXTRACT_ARGS)
        if args.command == "update":
            _update(podir)
    elif args.command == "compile":
        for path in compile_catalogs(podir, args.outdir):
            print(f"compiled {path}")
    elif args.command == "export-boot":
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(boot_json(boot_data(args.localedir)))
    return 0


def boot_json(data: dict[str, Any]) -> str:
    """The text of build/boot-i18n.json."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
