"""Translations: catalogs complete and consistent, plurals, numbers, the
template in step with the code, and the game's own words in every language.

The .po files are compiled here (Babel's write_mo into a temporary folder),
so these tests do not depend on the build.
"""

from __future__ import annotations

import ast
import json
import re
import string
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_minus_sign_symbol

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hearts.dev import catalogs as catalog_tool  # noqa: E402
from hearts.dev import prerender  # noqa: E402
from hearts.text import rules_text, strings  # noqa: E402
from hearts.text import vocabulary  # noqa: E402
from hearts.engine.game import PassDirection  # noqa: E402
from hearts.text.i18n import ALIASES, LANGUAGES, Translator, load, negotiate  # noqa: E402
from hearts.text.vocabulary import (  # noqa: E402
    REASON_CODES,
    SAVE_ERROR_CODES,
    card_name,
    level_description,
    level_name,
    pass_direction_text,
    reason_message,
    save_error_message,
    seat_name,
    suit_name,
)

I18N = ROOT / "i18n"
LANGS = list(LANGUAGES)
OTHERS = [lang for lang in LANGS if lang != "en"]
NPLURALS = {"en": 2, "fi": 2, "nb": 2, "lt": 3, "nl": 2}
PLURAL_HEADERS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fi": "nplurals=2; plural=(n != 1);",
    "nb": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "lt": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);",
}

# The engine's reason codes, as the brief lists them (hearts.engine.game.Reason).
ENGINE_REASONS = {
    "game-over", "wrong-phase", "not-your-turn", "no-such-seat", "not-a-card",
    "card-not-held", "must-lead-two-of-clubs", "must-follow-suit", "hearts-not-broken",
    "no-points-on-first-trick", "pass-three-cards", "pass-duplicate-card", "already-passed",
}
SAVE_ERRORS = {"save-corrupt", "save-not-hearts", "save-newer-version", "save-impossible", "storage-unavailable",
               "put-aside"}


def _key(message):
    ident = tuple(message.id) if isinstance(message.id, (tuple, list)) else message.id
    return (message.context, ident)


def _forms(message) -> tuple[str, ...]:
    s = message.string
    return tuple(s) if isinstance(s, (tuple, list)) else (s,)


@pytest.fixture(scope="session")
def template():
    with open(I18N / "hearts.pot", "rb") as f:
        return read_po(f)


@pytest.fixture(scope="session")
def catalogs():
    out = {}
    for lang in LANGS:
        with open(I18N / f"{lang}.po", "rb") as f:
            out[lang] = read_po(f, locale=lang)
    return out


@pytest.fixture(scope="session")
def localedir(tmp_path_factory):
    root = tmp_path_factory.mktemp("locale")
    catalog_tool.compile_catalogs(str(I18N), str(root))  # as the build compiles them
    return root


@pytest.fixture(scope="session")
def tr(localedir):
    out = {}
    for lang in LANGS:
        translator = load(lang, str(localedir))
        assert translator.problem is None, translator.problem
        assert translator.lang == lang
        out[lang] = translator
    return out


# --- languages and negotiation ---------------------------------------------

def test_languages_in_menu_order():
    assert list(LANGUAGES.items()) == [
        ("en", "English"), ("fi", "Suomi"), ("nb", "Norsk (bokmål)"),
        ("lt", "Lietuvių"), ("nl", "Nederlands"),
    ]


@pytest.mark.parametrize("prefs, expected", [
    (["nb-NO", "en-US"], "nb"),
    (["no"], "nb"),
    (["nn-NO"], "nb"),
    (["NB_no"], "nb"),
    (["fi-FI", "en"], "fi"),
    (["sv-SE", "de", "lt"], "lt"),
    (["nl-BE"], "nl"),
    (["en-GB", "fi"], "en"),
    (["sv", "da"], "en"),
    ([], "en"),
    (None, "en"),
    ("nn-NO,en;q=0.5", "nb"),
    ("de-DE,de;q=0.9,nl;q=0.8,fi;q=0.7", "nl"),
    ("en;q=0.1,lt;q=0.9", "lt"),
    (["", "x-klingon", "fi"], "fi"),
])
def test_negotiate(prefs, expected):
    assert negotiate(prefs) == expected


# --- catalogs ------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete(lang, template, catalogs):
    catalog = catalogs[lang]
    wanted = {_key(m) for m in template if m.id}
    have = {_key(m) for m in catalog if m.id}
    assert wanted - have == set(), f"{lang}.po lacks entries: run python -m hearts.dev.catalogs update"
    assert have - wanted == set(), f"{lang}.po has entries the code no longer uses"
    assert not catalog.fuzzy, f"{lang}.po header is marked fuzzy"
    problems = []
    for m in catalog:
        if not m.id:
            continue
        if m.fuzzy:
            problems.append(("fuzzy", m.id))
        if any(not form.strip() for form in _forms(m)):
            problems.append(("empty", m.id))
    assert problems == []


def test_english_catalog_is_the_source(catalogs):
    """English msgstr = msgid everywhere: change English wording in the code."""
    for m in catalogs["en"]:
        if not m.id:
            continue
        expected = tuple(m.id) if isinstance(m.id, (tuple, list)) else (m.id,)
        assert _forms(m) == expected, m.id


def _placeholders(text: str) -> Counter:
    names = Counter()
    for _literal, field, spec, conv in string.Formatter().parse(text):
        if field is not None:
            names["{" + field + (("!" + conv) if conv else "") + ((":" + spec) if spec else "") + "}"] += 1
    for match in re.findall(r"%(?:\([A-Za-z_]\w*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]", text):
        names[match] += 1
    return names


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_the_source(lang, catalogs):
    bad = []
    for m in catalogs[lang]:
        if not m.id:
            continue
        if isinstance(m.id, (tuple, list)):
            source = set(_placeholders(m.id[0])) | set(_placeholders(m.id[1]))
            assert set(_placeholders(m.id[0])) == set(_placeholders(m.id[1])), m.id
        else:
            source = set(_placeholders(m.id))
        for form in _forms(m):
            try:
                got = _placeholders(form)
            except ValueError as error:  # a stray brace
                bad.append((m.id, form, str(error)))
                continue
            if set(got) != source or any(count > 1 for count in got.values()):
                bad.append((m.id, form))
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms(lang, catalogs):
    catalog = catalogs[lang]
    assert catalog.num_plurals == NPLURALS[lang]
    header = (I18N / f"{lang}.po").read_text(encoding="utf-8")
    joined = re.sub(r'"\n"', "", header)  # undo the .po line wrapping
    assert f"Plural-Forms: {PLURAL_HEADERS[lang]}" in joined
    plural_messages = [m for m in catalog if m.id and isinstance(m.id, (tuple, list))]
    assert len(plural_messages) >= 2
    for m in plural_messages:
        assert len(_forms(m)) == NPLURALS[lang], m.id


@pytest.mark.parametrize("n, expected", [
    (0, "0 taškų"), (1, "1 taškas"), (2, "2 taškai"), (9, "9 taškai"), (10, "10 taškų"),
    (11, "11 taškų"), (12, "12 taškų"), (19, "19 taškų"), (20, "20 taškų"), (21, "21 taškas"),
    (22, "22 taškai"), (101, "101 taškas"), (111, "111 taškų"),
])
def test_lithuanian_plurals(n, expected, tr):
    assert strings.points(n, tr["lt"]) == expected


def test_other_plurals(tr):
    assert [strings.points(n, tr["en"]) for n in (1, 2, 0)] == ["1 point", "2 points", "0 points"]
    assert [strings.points(n, tr["fi"]) for n in (1, 2)] == ["1 piste", "2 pistettä"]
    assert [strings.points(n, tr["nl"]) for n in (1, 26)] == ["1 punt", "26 punten"]
    assert [strings.card_count(n, tr["lt"]) for n in (1, 3, 13)] == ["1 korta", "3 kortos", "13 kortų"]
    assert [strings.card_count(n, tr["nb"]) for n in (1, 13)] == ["1 kort", "13 kort"]
    assert [strings.points(n, tr["lt"]) for n in (1, 2, 13)] == ["1 taškas", "2 taškai", "13 taškų"]
    assert strings.hand_number(3, tr["fi"]) == "Jako 3"


def _numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d{2,}", text))


@pytest.mark.parametrize("lang", OTHERS)
def test_numbers_kept_in_translations(lang, catalogs):
    """13, 26, 52, 100 in a rule must be the same numbers in every language."""
    bad = []
    for m in catalogs[lang]:
        if m.id and isinstance(m.id, str) and m.context != "card name: rank":
            if _numbers(m.id) != _numbers(m.string):
                bad.append((m.id, m.string))
    assert bad == []


# --- the template follows the code ------------------------------------------

def test_template_is_up_to_date(tmp_path, template):
    out = tmp_path / "fresh.pot"
    args = list(catalog_tool.EXTRACT_ARGS)
    args[args.index("-o") + 1] = str(out)
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", *args],
        cwd=ROOT, check=True, capture_output=True,
    )
    with open(out, "rb") as f:
        fresh = read_po(f)
    fresh_keys = {_key(m) for m in fresh if m.id}
    committed = {_key(m) for m in template if m.id}
    assert fresh_keys - committed == set(), "new strings in the code: run python -m hearts.dev.catalogs update"
    assert committed - fresh_keys == set(), "the template has strings the code dropped: run update"


def _marked_in_code():
    """Every text the modules hold for later translation (N_/NP_ values)."""
    found = []
    v = vocabulary
    for table in (v._SUIT_NAMES, v._CARD_SUITS, v._CARD_RANKS, v._REASONS, v._SAVE_ERRORS, v._LEVEL_NAMES,
                  v._LEVEL_DESCRIPTIONS, v._PASS_TEXTS, catalog_tool.BOOT_TEXTS):
        found.extend(table.values())
    found.extend(v._SEAT_NAMES)
    found += [v._CARD_PATTERN, v._MUST_FOLLOW_SUIT, v._UNKNOWN_REASON, v._UNKNOWN_SAVE_ERROR]
    found += [v for k, v in vars(strings).items() if k.isupper() and isinstance(v, (str, tuple))
              and k != "SPEEDS"]
    for section in rules_text.RULES:
        found.append(section.heading)
        for block in section.blocks:
            found.extend(block.texts)
    assert len(found) > 120
    return found


def test_every_marked_text_is_in_the_template(template):
    keys = {_key(m) for m in template if m.id}
    missing = []
    for marked in _marked_in_code():
        key = tuple(marked) if isinstance(marked, tuple) else (None, marked)
        if key not in keys:
            missing.append(marked)
    assert missing == []


def test_i18n_module_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "hearts" / "text" / "i18n.py").read_text(encoding="utf-8"))
    top = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            top.add((node.module or "").split(".")[0])
    assert top <= {"__future__", "gettext", "io", "logging", "os", "typing"}, top


# --- numbers ------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_format_number_follows_cldr(lang):
    translator = Translator(lang)
    for n in (0, 7, 26, 100, 999, 1000, 1234, 12345, 1234567, -1, -26, -1234):
        expected = format_decimal(abs(n), locale=lang)
        if n < 0:
            expected = get_minus_sign_symbol(lang) + expected
        assert translator.format_number(n) == expected


def test_format_number_separators():
    assert Translator("fi").format_number(1234) == "1\u00a0234"
    assert Translator("nl").format_number(1234) == "1.234"
    assert Translator("en").format_number(-5) == "-5"
    assert Translator("nb").format_number(-5) == "\u22125"
    with pytest.raises(TypeError):
        Translator("en").format_number("12")


# --- loading never fails ----------------------------------------------------------

def test_missing_catalog_falls_back_to_english(tmp_path):
    translator = load("fi", str(tmp_path))
    assert translator.lang == "en" and translator.requested == "fi"
    assert translator.problem and "fi" in translator.problem
    assert card_name("QS", translator) == "queen of spades"


def test_unknown_language_and_corrupt_catalog(tmp_path):
    assert load("sv", str(tmp_path)).lang == "en"
    broken = tmp_path / "nl" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "hearts.mo").write_bytes(b"not a catalog at all")
    translator = load("nl", str(tmp_path))
    assert translator.lang == "en" and translator.problem
    assert translator.gettext("New game") == "New game"


def test_english_needs_no_catalog(tmp_path):
    translator = load("en", str(tmp_path))
    assert translator.lang == "en" and translator.problem is None


# --- the game's words -------------------------------------------------------------

CARD_TEXTS = [r + s for s in "CDHS" for r in "23456789TJQKA"]

KNOWN_CARDS = {
    "en": {"QS": "queen of spades", "2C": "2 of clubs", "TH": "10 of hearts", "AD": "ace of diamonds"},
    "fi": {"QS": "patarouva", "2C": "ristikakkonen", "TH": "herttakymppi", "AD": "ruutuässä"},
    "nb": {"QS": "spar dame", "2C": "kløver 2", "TH": "hjerter 10", "AD": "ruter ess"},
    "lt": {"QS": "pikų dama", "2C": "kryžių dvejetas", "TH": "širdžių dešimtukas", "AD": "būgnų tūzas"},
    "nl": {"QS": "schoppenvrouw", "2C": "klavertwee", "TH": "hartentien", "AD": "ruitenaas"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_card_names(lang, tr):
    names = [card_name(text, tr[lang]) for text in CARD_TEXTS]
    assert all(name.strip() and "{" not in name for name in names)
    assert len(set(names)) == 52
    for text, expected in KNOWN_CARDS[lang].items():
        assert card_name(text, tr[lang]) == expected


def test_card_name_accepts_engine_cards_and_variants(tr):
    from hearts.engine.cards import CARDS

    assert [card_name(c, tr["en"]) for c in CARDS] == [card_name(t, tr["en"]) for t in CARD_TEXTS]
    assert card_name("10h", tr["en"]) == card_name("TH", tr["en"])
    for bad in ("1X", "", "QQ", "11S"):
        with pytest.raises(ValueError):
            card_name(bad, tr["en"])


@pytest.mark.parametrize("lang", LANGS)
def test_suit_names(lang, tr):
    names = [suit_name(s, tr[lang]) for s in "CDHS"]
    assert len(set(names)) == 4 and all(names)
    assert suit_name("hearts", tr[lang]) == suit_name(2, tr[lang]) == names[2]


def test_every_engine_reason_has_a_message():
    from hearts.engine.game import Reason

    assert set(REASON_CODES) == ENGINE_REASONS
    assert {r.value for r in Reason} <= set(REASON_CODES)


@pytest.mark.parametrize("lang", LANGS)
def test_reason_messages(lang, tr):
    t = tr[lang]
    generic = reason_message("no-such-reason", t)
    messages = [reason_message(code, t) for code in sorted(ENGINE_REASONS)]
    assert all(m.strip() and m != generic for m in messages)
    assert len(set(messages)) == len(messages)
    if lang != "en":
        english = [reason_message(code, tr["en"]) for code in sorted(ENGINE_REASONS)]
        assert not set(messages) & set(english)
    for suit in "CDHS":
        text = reason_message("must-follow-suit", t, suit=suit)
        assert suit_name(suit, t) in text and "{" not in text


def test_reason_message_takes_engine_enums(tr):
    from hearts.engine.cards import Suit
    from hearts.engine.game import Reason

    assert reason_message(Reason.MUST_FOLLOW_SUIT, tr["fi"], suit=Suit.SPADES) == \
        "Sinun on tunnustettava maata (pata)."
    assert reason_message(Reason.HEARTS_NOT_BROKEN, tr["en"]) == reason_message("hearts-not-broken", tr["en"])


def test_every_opponent_level_has_a_name_and_description():
    from hearts.ai import LEVELS

    assert set(LEVELS) <= set(vocabulary.LEVELS)


def test_the_page_s_hard_does_what_its_description_says():
    """The start screen and the rules page say that Hard chooses its pass by
    playing the hand out, reads the others' plays and, near the game's end,
    plays to win the game: the page's Hard (hearts.app.update builds it with
    these options) has each of those on."""
    from hearts.ai import make_opponent
    from hearts.app.update import PASS_SCALE

    for bot in (make_opponent("hard"), make_opponent("hard", pass_scale=PASS_SCALE)):
        assert bot.pass_search and bot.weigh and bot.game


def test_the_levels_are_the_opponents_names():
    from hearts.ai import Easy, Hard, Normal

    assert vocabulary.LEVELS == (Easy.name, Normal.name, Hard.name)


@pytest.mark.parametrize("lang", LANGS)
def test_save_error_messages(lang, tr):
    assert set(SAVE_ERROR_CODES) == SAVE_ERRORS
    messages = [save_error_message(code, tr[lang]) for code in sorted(SAVE_ERRORS)]
    assert all(m.strip() for m in messages) and len(set(messages)) == len(messages)
    if lang != "en":
        english = {save_error_message(code, tr["en"]) for code in SAVE_ERRORS}
        assert not set(messages) & english


@pytest.mark.parametrize("lang", LANGS)
def test_levels_passing_seats(lang, tr):
    t = tr[lang]
    for values in (
        [level_name(x, t) for x in vocabulary.LEVELS],
        [level_description(x, t) for x in vocabulary.LEVELS],
        [pass_direction_text(x, t) for x in PassDirection],
        [seat_name(s, t) for s in range(4)],
        [strings.speed_name(x, t) for x in strings.SPEEDS],
    ):
        assert all(v.strip() for v in values) and len(set(values)) == len(values)


def test_pass_direction_takes_engine_enum(tr):
    from hearts.engine.game import PassDirection

    for n, key in enumerate(["left", "right", "across", "none"]):
        assert pass_direction_text(PassDirection.for_hand(n), tr["nb"]) == pass_direction_text(key, tr["nb"])
    assert pass_direction_text("none", tr["en"]) == "No passing this hand"


GAME_NAMES = {"en": "Hearts", "fi": "Hertta", "nb": "Hjerter", "lt": "Širdys", "nl": "Hartenjagen"}


@pytest.mark.parametrize("lang", LANGS)
def test_game_name(lang, tr):
    assert vocabulary.game_name(tr[lang]) == GAME_NAMES[lang]


# A native-speaker review's findings (issue 12): wordings that must not come
# back. Each is a regular expression searched in every translated text.
REVIEW_FLAWS = {
    "fi": [r"\bpois\b",           # "antaa pois": passing is "siirtää"
           r"\bmaksaa\b",         # a heart "costs" a point: a calque
           r"Välitön", r"Tallennetut tiedot", r"muuta vaihtoehtoa"],
    "nb": [r"\bet av dem\b", r"åpnes med kløver", r"\bgi\w* bort\b", r"\bgi\w* fra seg\b",
           r"gitt fra deg", r"datamaskinspiller", r"Lavt er bra", r"skal spille$",
           r"\bkoster\b"],
    "lt": [r"mano partiją", r"\bpatys\b", r"\bnematę\b", r"kainuoja", r"Ėjimai eina",
           r"atsako mažomis", r"(?<!„)Širdžių partij", r"^Širdys žaidžiamos", r"\batiduo"],
    "nl": [r"kom je niet uit", r"uitgekomen kleur", r"Laag is goed", r"andere keus",
           r"^Moeilijkheid$", r"\bweg te geven\b"],
}


@pytest.mark.parametrize("lang", OTHERS)
def test_review_flaws_stay_fixed(lang, catalogs):
    found = []
    for m in catalogs[lang]:
        for form in (_forms(m) if m.id else ()):
            found += [(pattern, form) for pattern in REVIEW_FLAWS[lang] if re.search(pattern, form)]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_player_messages(lang, tr):
    t = tr[lang]
    for fn in (strings.to_play, strings.trick_won, strings.shot_the_moon, strings.game_won):
        texts = [fn(seat, t) for seat in range(4)]
        assert len(set(texts)) == 4 and all("{" not in x for x in texts)
        for seat in (1, 2, 3):
            assert seat_name(seat, t) in texts[seat]
    assert seat_name(2, t) in strings.thinking(2, t)
    queen = card_name("QS", t)
    assert queen in strings.hint("QS", t)
    announced = strings.card_played(3, "QS", t)
    assert seat_name(3, t) in announced and queen in announced
    assert strings.hearts_broken_text(True, t) != strings.hearts_broken_text(False, t)


def test_every_table_text_is_used():
    """Each text in hearts/text/strings.py is shown by some screen: a constant or
    function that no module outside it uses costs five translations for
    nothing (issue 12: delete strings no screen shows)."""
    sources = {
        path: path.read_text(encoding="utf-8")
        for path in (ROOT / "hearts").rglob("*.py") if path.name != "strings.py"
    }
    own = (ROOT / "hearts" / "text" / "strings.py").read_text(encoding="utf-8")
    names = [n for n, v in vars(strings).items()
             if n.isupper() and isinstance(v, (str, tuple)) and n != "SPEEDS"]
    names += [n for n, v in vars(strings).items()
              if callable(v) and getattr(v, "__module__", "") == strings.__name__ and not n.startswith("_")]
    unused = []
    for name in names:
        outside = re.compile(rf"\b(S|strings)\.{name}\b")
        # a constant used only by a function of strings.py counts through that function
        inside = re.compile(rf"^(?!{name} = |\s*>>>).*\b{name}\b", re.MULTILINE)
        if not any(outside.search(text) for text in sources.values()) and not (
            name.isupper() and inside.search(own)
        ):
            unused.append(name)
    assert len(names) > 40 and unused == []


@pytest.mark.parametrize("lang", OTHERS)
def test_table_strings_are_translated(lang, tr):
    """Every table constant reads differently from English (none is a loan word)."""
    same = []
    for name, value in vars(strings).items():
        if name.isupper() and isinstance(value, (str, tuple)) and name != "SPEEDS":
            if tr[lang].text(value) == tr["en"].text(value):
                same.append(name)
    # Bokmål's level "Normal" is spelled as in English, the speed "Normalt" is not.
    assert same == []


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page(lang, tr):
    page = rules_text.rules(tr[lang])
    english = rules_text.rules(tr["en"])
    assert [len(s.blocks) for s in page] == [len(s.blocks) for s in english]
    for section, source in zip(page, english):
        assert section.heading.strip()
        for block, src in zip(section.blocks, source.blocks):
            assert block.kind == src.kind in ("p", "ul") and len(block.texts) == len(src.texts)
            for text, src_text in zip(block.texts, src.texts):
                assert text.strip()
                if lang != "en":
                    assert text != src_text
    words = " ".join(t for s in page for b in s.blocks for t in b.texts)
    for number in ("13", "26", "52", "100"):
        assert number in words


# --- the loading screen ---------------------------------------------------------------

def _english(marked):
    return marked[1] if isinstance(marked, tuple) else marked


def test_boot_data_is_the_catalogs(localedir, catalogs, tmp_path):
    out = tmp_path / "boot.json"
    assert catalog_tool.main(["export-boot", str(localedir), str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data == catalog_tool.boot_data(str(localedir))
    assert list(data) == ["languages", "aliases", "default", *LANGS]
    assert data["languages"] == LANGS and data["aliases"] == dict(ALIASES) == {"no": "nb", "nn": "nb"}
    assert data["default"] == "en"
    for lang in LANGS:
        texts = data[lang]
        assert list(texts) == list(catalog_tool.BOOT_TEXTS)
        assert texts["title"] == GAME_NAMES[lang]
        for key, marked in catalog_tool.BOOT_TEXTS.items():
            context, msgid = marked if isinstance(marked, tuple) else (None, marked)
            message = catalogs[lang].get(msgid, context=context)
            assert texts[key] == message.string and texts[key].strip(), (lang, key)
            if lang != "en" and key != "title":
                assert texts[key] != data["en"][key], (lang, key)


def test_the_built_boot_file_is_what_the_sources_say(localedir):
    built = ROOT / "build" / "boot-i18n.json"
    if not built.is_file():
        pytest.skip("no build/boot-i18n.json: run make build")
    fresh = catalog_tool.boot_json(catalog_tool.boot_data(str(localedir)))
    assert built.read_text(encoding="utf-8") == fresh, "build/ is older than the catalogs: run make build"


def test_the_loading_screens_fallback_is_the_catalogs_english():
    # index.html's #boot-english: what assets/loading-screen.js and the
    # watchdog of the scripts say when build/boot-i18n.json cannot be read.
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    fallback = json.loads(prerender.served_english(html))
    assert {"unsupported", "failed", "fresh", "fresh_note", "files", "reload"} <= set(fallback)
    english = {key: _english(marked) for key, marked in catalog_tool.BOOT_TEXTS.items()}
    assert fallback == {key: english[key] for key in fallback}, "index.html is older than the catalogs: run make build"


def test_the_static_page_speaks_the_catalogs_english():
    # What shows before any script runs, and what installs before boot.js
    # points the page at its language's manifest.
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    english = {key: _english(marked) for key, marked in catalog_tool.BOOT_TEXTS.items()}
    assert re.search(r"<title>(.*?)</title>", html).group(1) == english["title"]
    assert re.search(r'<h1 class="boot-title" id="boot-title">(.*?)</h1>', html).group(1) == english["title"]
    assert re.search(r'<meta name="description" content="(.*?)">', html).group(1) == english["description"]
    assert [manifest["name"], manifest["short_name"], manifest["description"]] == \
        [english["title"], english["title"], english["description"]]


# --- fresh words, not the rule cards' ------------------------------------------------

def test_no_sentence_copied_from_the_rule_cards(catalogs):
    seeds = ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("shared/seeds is not beside the repository")
    cards = " ".join(p.read_text(encoding="utf-8") for p in sorted(seeds.glob("*.txt"))).lower()
    window = 40
    copied = []
    for lang, catalog in catalogs.items():
        for m in catalog:
            for form in (_forms(m) if m.id else ()):
                text = form.lower()
                for i in range(0, len(text) - window + 1):
                    if text[i:i + window] in cards:
                        copied.append((lang, form))
                        break
    assert copied == []
