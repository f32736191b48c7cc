"""The translators' tool: make, update and compile the gettext catalogs.

Run from the repository root, in a venv with Babel (a development
dependency; the page never imports this module, and it is not shipped)::

    python -m hearts.catalogs extract        # code -> i18n/hearts.pot
    python -m hearts.catalogs update         # .pot -> every i18n/<lang>.po (en filled)
    python -m hearts.catalogs compile DIR    # i18n/<lang>.po -> DIR/<lang>/LC_MESSAGES/hearts.mo
    python -m hearts.catalogs export-boot OUT.json [--podir i18n | --localedir DIR]

``extract`` runs exactly ``pybabel`` + :data:`EXTRACT_ARGS`. The runtime
side (reading the compiled catalogs) is :mod:`hearts.i18n`.
"""

from __future__ import annotations

import os

from .i18n import DOMAIN, LANGUAGES, Translator, boot_strings, load

EXTRACT_ARGS = (
    "extract", "-F", "babel.cfg",
    "-k", "N_", "-k", "NP_:1c,2", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3",
    "-c", "TRANSLATORS:", "--add-location=file",
    "--project=hearts", "--copyright-holder=the Hearts authors",
    "-o", "i18n/hearts.pot", "hearts",
)


def _repo_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _pybabel(args) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", *args])


def _read_po(path: str):
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        return read_po(f)


def _po_lookup(catalog):
    """A ``lookup(marked)`` reading a Babel catalog, falling back to the source."""

    def lookup(marked):
        context, msgid = marked if isinstance(marked, tuple) else (None, marked)
        message = catalog.get(msgid, context=context)
        if message is None or message.fuzzy or not message.string:
            return msgid
        return message.string

    return lookup


def _mo_lookup(translator: Translator):
    return translator.text


def export_boot(out: str, *, podir: str | None = None, localedir: str | None = None) -> dict:
    """Write the boot texts of every language as JSON: ``{lang: {key: text}}``."""
    import json

    data = {}
    for lang in LANGUAGES:
        if localedir is not None:
            lookup = _mo_lookup(load(lang, localedir))
        else:
            path = os.path.join(podir or os.path.join(_repo_root(), "i18n"), lang + ".po")
            lookup = _po_lookup(_read_po(path)) if os.path.exists(path) else (
                lambda m: m[1] if isinstance(m, tuple) else m
            )
        data[lang] = boot_strings(lookup)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
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


def _compile(podir: str, outdir: str) -> None:
    from babel.messages.mofile import write_mo

    for lang in LANGUAGES:
        catalog = _read_po(os.path.join(podir, lang + ".po"))
        target = os.path.join(outdir, lang, "LC_MESSAGES")
        os.makedirs(target, exist_ok=True)
        with open(os.path.join(target, DOMAIN + ".mo"), "wb") as f:
            write_mo(f, catalog)
        print(f"compiled {lang} -> {target}")


def main(argv=None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m hearts.catalogs", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="code -> i18n/hearts.pot (pybabel " + " ".join(EXTRACT_ARGS) + ")")
    sub.add_parser("update", help="extract, then merge the template into every i18n/<lang>.po")
    p = sub.add_parser("compile", help="i18n/<lang>.po -> DIR/<lang>/LC_MESSAGES/hearts.mo")
    p.add_argument("outdir")
    p = sub.add_parser("export-boot", help="the boot-screen texts of every language as JSON")
    p.add_argument("out")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--podir", help="read i18n/<lang>.po from here (default: i18n/)")
    group.add_argument("--localedir", help="read compiled <lang>/LC_MESSAGES/hearts.mo from here")
    args = parser.parse_args(argv)

    podir = os.path.join(_repo_root(), "i18n")
    if args.command in ("extract", "update"):
        os.chdir(_repo_root())
        _pybabel(EXTRACT_ARGS)
        if args.command == "update":
            _update(podir)
    elif args.command == "compile":
        _compile(podir, args.outdir)
    elif args.command == "export-boot":
        export_boot(args.out, podir=args.podir, localedir=args.localedir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
