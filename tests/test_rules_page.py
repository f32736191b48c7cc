"""The rules page says the rule cards' hearts-breaking rule in every language:
hearts are broken by a heart *discarded* (played to a trick of another suit),
in each language's own card-game word for it, not by any heart played.

The engine side of the same case (a crafted hand replayed) is in the engine
tests; here the texts: the rules page, and the refusal when a heart is led
too early. The .po files are compiled here, so this does not need the build.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hearts.text import rules_text  # noqa: E402
from hearts.text.i18n import LANGUAGES, load  # noqa: E402
from hearts.text.vocabulary import reason_message  # noqa: E402

# "discard" in each language, any inflected form (i18n/README.md's glossary):
# en discard, fi sakata (sakkaa, sakannut), nb kaste (kaster, kastet),
# lt numesti (numeta, nenumetė), nl afleggen (aflegt, afgelegd).
DISCARD = {
    "en": r"\bdiscard(s|ed|ing)?\b",
    "fi": r"\bsak(at|ka|an)\w*",
    "nb": r"\bkast(e|er|et|es)\b",
    "lt": r"\b(ne)?nume(st|t)\w*",
    "nl": r"\baf(leggen|legt|leg|gelegd)\b",
}
# The lead: the verb a heart is "led" with, to see that the page speaks of
# a trick led with a heart (which does not break hearts).
LEAD = {
    "en": r"\bled\b",
    "fi": r"\baloit\w*",
    "nb": r"\bspil\w* ut\b",
    "lt": r"\bpradė\w*",
    "nl": r"\buit\w*komen\b",
}


@pytest.fixture(scope="module")
def tr(tmp_path_factory):
    root = tmp_path_factory.mktemp("locale")
    out = {}
    for lang in LANGUAGES:
        with open(ROOT / "i18n" / f"{lang}.po", "rb") as f:
            catalog = read_po(f, locale=lang)
        target = root / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        with open(target / "hearts.mo", "wb") as f:
            write_mo(f, catalog)
        out[lang] = load(lang, str(root))
        assert out[lang].problem is None
    return out


def _section(page, heading_en: str, english):
    index = [s.heading for s in english].index(heading_en)
    return page[index]


def _texts(section) -> list[str]:
    return [t for block in section.blocks for t in block.texts]


def test_the_english_source_states_the_discard_rule():
    """The English source: broken by a discarded heart; a heart lead does not
    break; the queen of spades does not; the lead ban holds after a heart lead."""
    page = rules_text.rules(load("en", "/nonexistent"))
    breaking = _texts(_section(page, "Breaking hearts", page))
    assert len(breaking) == 3
    assert re.search(DISCARD["en"], breaking[0]) and "another suit was led" in breaking[0]
    assert "first trick" in breaking[0]
    assert "led with a heart does not break hearts" in breaking[1]
    assert "queen of spades never breaks" in breaking[1]
    assert "may not lead a heart" in breaking[2] and "after a trick led with a heart" in breaking[2]
    whole = " ".join(t for s in page for b in s.blocks for t in b.texts)
    assert "plays a heart to a trick" not in whole  # the old "any heart played" rule


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rules_page_says_hearts_break_by_a_discard(lang, tr):
    english = rules_text.rules(tr["en"])
    page = rules_text.rules(tr[lang])
    discard = re.compile(DISCARD[lang], re.IGNORECASE)
    lead = re.compile(LEAD[lang], re.IGNORECASE)
    breaking = _texts(_section(page, "Breaking hearts", english))
    # the rule itself, in the language's word for "discard"
    assert discard.search(breaking[0]), (lang, breaking[0])
    # the lead case that does not break them, and the lead ban
    assert lead.search(breaking[1]), (lang, breaking[1])
    assert lead.search(breaking[2]), (lang, breaking[2])
    # the word is introduced where a void player plays another suit
    playing = _texts(_section(page, "Playing the tricks", english))
    assert any(discard.search(t) for t in playing), (lang, playing)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_refusal_to_lead_a_heart_names_the_discard(lang, tr):
    text = reason_message("hearts-not-broken", tr[lang])
    assert re.search(DISCARD[lang], text, re.IGNORECASE), (lang, text)
