"""The translation runtime: languages, catalogs, numbers.

Standard library only (``gettext``): the same code runs in CPython and in
Pyodide. Translations live in gettext catalogs: ``i18n/<lang>.po`` in the
repository, compiled to ``<localedir>/<lang>/LC_MESSAGES/hearts.mo`` for
the app. English is the source language: every msgid is the English text.

Using it::

    >>> tr = Translator("en")                # no catalog: the English source
    >>> tr.gettext("Your turn"), tr.format_number(1234)
    ('Your turn', '1,234')

    tr = load(negotiate(["nb-NO", "en"]), "locale")   # a Translator for Bokmål

Markers the extractor looks for (in ``hearts/**.py``):

- ``_("...")`` / ``tr._("...")`` / ``tr.gettext("...")``: translate now;
- ``N_("...")``: only mark a string, translate it later with ``tr.gettext``;
- ``NP_("context", "...")``: the same with a context, gives a tuple; use
  ``tr.text(marked)`` on either kind;
- ``tr.ngettext("{n} point", "{n} points", n)`` and
  ``tr.pgettext("context", "...")`` (``npgettext`` too).

The game's own words (cards, suits, reasons, levels, seats) are in
:mod:`hearts.text.vocabulary`; the catalogs are made and compiled, and the
loading screen's texts exported, by :mod:`hearts.dev.catalogs`, a tool that
the page does not ship.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
from typing import TYPE_CHECKING, Iterable, Mapping, Union

if TYPE_CHECKING:
    import zipimport

__all__ = [
    "LANGUAGES", "ALIASES", "DEFAULT_LANGUAGE", "DOMAIN", "Marked",
    "N_", "NP_", "Translator", "negotiate", "load", "default_localedir",
]

log = logging.getLogger(__name__)

DOMAIN = "hearts"
DEFAULT_LANGUAGE = "en"

#: Supported languages, in the order a language menu shows them: code -> the
#: language's name in itself. The codes are BCP 47 tags, fit for <html lang>.
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "fi": "Suomi",
    "nb": "Norsk (bokmål)",
    "lt": "Lietuvių",
    "nl": "Nederlands",
}

#: Primary language subtags that mean one of ours (Norwegian, Nynorsk:
#: Bokmål). The loading screen picks its language by the same table
#: (build/boot-i18n.json, written by ``hearts.dev.catalogs``).
ALIASES: Mapping[str, str] = {"no": "nb", "nn": "nb"}

# Digit group separator and minus sign per language (CLDR). No-break space
# for Finnish, Norwegian and Lithuanian so a number never wraps in two.
_NUMBER_SYMBOLS = {
    "en": (",", "-"),
    "fi": ("\u00a0", "\u2212"),
    "nb": ("\u00a0", "\u2212"),
    "lt": ("\u00a0", "\u2212"),
    "nl": (".", "-"),
}

Marked = Union[str, "tuple[str, str]"]


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (yet)."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` with a context; translate later with ``tr.text``."""
    return (context, message)


class Translator:
    """Translations for one language, falling back to the English source.

    ``lang`` is the language the texts are in (``"en"`` when a catalog was
    missing); ``requested`` is the one asked for, and ``problem`` says why
    they differ (``None`` when all is well).
    """

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        translations: gettext.NullTranslations | None = None,
        *,
        requested: str | None = None,
        problem: str | None = None,
    ):
        self.lang = lang
        self.requested = requested or lang
        self.problem = problem
        self._t = translations if translations is not None else gettext.NullTranslations()

    def __repr__(self) -> str:
        extra = f", problem={self.problem!r}" if self.problem else ""
        return f"Translator({self.lang!r}{extra})"

    @property
    def native_name(self) -> str:
        return LANGUAGES.get(self.lang, self.lang)

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` by the language's plural rule (not formatted)."""
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    def text(self, marked: Marked) -> str:
        """Translate what ``N_`` (a string) or ``NP_`` (a tuple) marked."""
        if isinstance(marked, tuple):
            return self._t.pgettext(*marked)
        return self._t.gettext(marked)

    def format_number(self, n: float) -> str:
        """An integer (or a float that is one) written the language's way:
        ``1,234`` / ``1 234`` / ``1.234``."""
        if isinstance(n, float) and n.is_integer():
            n = int(n)
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"format_number takes an integer, not {n!r}")
        group, minus = _NUMBER_SYMBOLS.get(self.lang, _NUMBER_SYMBOLS[DEFAULT_LANGUAGE])
        digits = f"{abs(n):,}".replace(",", group)
        return minus + digits if n < 0 else digits


def _primary(tag: str) -> str:
    return tag.strip().replace("_", "-").split("-")[0].lower()


def negotiate(preferences: Iterable[str] | str | None) -> str:
    """The first supported language among ``preferences``, else English.

    ``preferences`` is a list of BCP 47 tags, best first, as
    ``navigator.languages`` gives them; an Accept-Language style string
    (``"nb-NO,nb;q=0.9,en;q=0.8"``) works too. ``no``, ``nn`` and ``nb`` in
    any region all mean Bokmål.

    >>> negotiate(["nn-NO", "en-US"]), negotiate(["sv", "fi-FI"]), negotiate([])
    ('nb', 'fi', 'en')
    """
    if preferences is None:
        return DEFAULT_LANGUAGE
    if isinstance(preferences, str):
        weighted = []
        for i, item in enumerate(preferences.split(",")):
            tag, _sep, params = item.partition(";")
            q = 1.0
            params = params.strip()
            if params.startswith("q="):
                try:
                    q = float(params[2:])
                except ValueError:
                    q = 0.0
            weighted.append((-q, i, tag))
        preferences = [tag for _q, _i, tag in sorted(weighted)]
    for tag in preferences:
        if not isinstance(tag, str):
            continue
        code = _primary(tag.split(";")[0])
        code = ALIASES.get(code, code)
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def _zip_loader() -> zipimport.zipimporter | None:
    """The zipimport loader this package came from (the page imports it from
    app.zip), or None when it came from files."""
    loader = getattr(__spec__, "loader", None)
    return loader if getattr(loader, "archive", None) else None


def default_localedir() -> str:
    """Where compiled catalogs are looked for when ``load`` is given none:
    ``locale/`` inside the zip archive the package is imported from (the
    page), else ``locale/`` or ``build/locale`` beside the package (a
    development checkout)."""
    if (loader := _zip_loader()) is not None:
        return os.path.join(loader.archive, "locale")
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for candidate in (os.path.join(here, "locale"), os.path.join(here, "build", "locale")):
        if os.path.isdir(candidate):
            return candidate
    return "locale"


def _read(path: str) -> bytes:
    """A file's bytes, also when it lies inside the package's zip archive."""
    loader = _zip_loader()
    if loader is not None and path.startswith(loader.archive + os.sep):
        return loader.get_data(path)
    with open(path, "rb") as f:
        return f.read()


def load(lang: str, localedir: str | None = None) -> Translator:
    """A Translator for ``lang`` from ``<localedir>/<lang>/LC_MESSAGES/hearts.mo``.

    Never raises: an unknown language or a missing or unreadable catalog
    gives the English source texts, with ``problem`` saying why (and a
    warning in the log).
    """
    if localedir is None:
        localedir = default_localedir()
    code = lang if lang in LANGUAGES else None
    if code is None:
        problem = f"unsupported language {lang!r}"
    else:
        try:
            data = _read(os.path.join(localedir, code, "LC_MESSAGES", DOMAIN + ".mo"))
            return Translator(code, gettext.GNUTranslations(io.BytesIO(data)))
        except Exception as error:  # missing, unreadable or corrupt: fall back
            if code == DEFAULT_LANGUAGE:  # the source texts are English already
                return Translator(code)
            problem = f"no catalog for {code!r} in {localedir!r}: {error}"
    log.warning("i18n: %s; using English", problem)
    return Translator(DEFAULT_LANGUAGE, requested=lang, problem=problem)
