"""Stored values as hostile input (issue 17): bounded JSON, every install's
own keys, settings and ?seed= that cannot be used, a seedless save at a
hand's end, and the picks and finished trick kept for a reload."""

import json

import pytest

from hearts import Game, Phase
from hearts.engine import boundedjson
from hearts.engine.save import MAX_SEED, SaveError, dumps, loads
from hearts.app import stored as ST
from hearts.app import messages as M
from hearts.app import update as U
from hearts.app.model import HUMAN, visible
from hearts.app.view import view
from hearts.text.i18n import LANGUAGES, load

from test_ui import Driver, EN, pass_three, play_legal

NESTED = "[" * 6000 + "]" * 6000  # the 12 kB of issue 17, which killed the page's Python
NESTED_OBJECTS = '{"a":' * 10000 + "1" + "}" * 10000


# -- bounded JSON ----------------------------------------------------------------

@pytest.mark.parametrize("text, levels", [
    ("1", 0), ("[]", 1), ('{"a": [[1], {"b": []}]}', 4), ('"[[[["', 0),
    ('["\\"[[", "\\\\"]', 1), ("[" * 50, 50), (NESTED, 6000), (NESTED_OBJECTS, 10000),
])
def test_depth_counts_brackets_outside_strings(text, levels):
    assert boundedjson.depth(text) == levels


# Texts made to make a scanner go back (issue 26: '"' and 500,000 escaped
# quotes froze the page for hours), each grown to about ``size`` characters.
ADVERSARIAL = {
    "escaped quotes, unclosed": lambda n: '"' + '\\"' * (n // 2),
    "escaped quotes in an array": lambda n: '["' + '\\"' * (n // 2),
    "unclosed strings": lambda n: '["' * (n // 2),
    "quotes": lambda n: '"' * n,
    "backslashes": lambda n: '"' + "\\" * n,
    "escapes of escapes": lambda n: '"' + "\\\\\\\"" * (n // 4),
    "deep nesting": lambda n: "[" * n,
    "nesting in and out": lambda n: "[[]" * (n // 3),
    "strings and brackets": lambda n: '[""]' * (n // 4),
    "long numbers": lambda n: "[" + "9" * n + "]",
    "surrogates": lambda n: '["' + "\\ud800" * (n // 6),
    "raw surrogates": lambda n: '"' + "\ud800\udfff" * (n // 2),
    "a save's head, then quotes": lambda n: '{"format":"hearts-save","a":"' + '\\"' * (n // 2),
}


@pytest.mark.parametrize("name", ADVERSARIAL)
def test_measuring_a_text_is_linear_in_its_length(name):
    """Counted, not timed: the scanner's steps (characters read, one more a
    token) at 10 kB and 1 MB grow at most as the length does."""
    small, large = (ADVERSARIAL[name](size) for size in (10_000, 1_000_000))
    steps_small = boundedjson.scan(small).steps
    steps_large = boundedjson.scan(large).steps
    assert steps_small <= 3 * len(small) + 3 and steps_large <= 3 * len(large) + 3
    assert steps_large / len(large) <= 1.01 * steps_small / len(small)


def test_too_deep_and_too_long_are_refused_before_parsing(monkeypatch):
    def no_parse(text):
        raise AssertionError("parsed")
    monkeypatch.setattr(boundedjson.json, "loads", no_parse)
    with pytest.raises(boundedjson.TooDeep):
        boundedjson.loads(NESTED, max_chars=10**6, max_depth=8)
    with pytest.raises(boundedjson.TooLong):
        boundedjson.loads("[" + "1," * 100 + "1]", max_chars=100, max_depth=8)


def test_a_save_nested_deeper_than_a_save_is_corrupt_not_a_crash():
    for text in (NESTED, NESTED_OBJECTS, '{"format": "hearts-save", "x": ' + NESTED + "}"):
        with pytest.raises(SaveError) as error:
            loads(text)
        assert error.value.code == "save-corrupt"
    game = Game.new(seed=3)
    assert loads(dumps(game)).view(0) == game.view(0)  # a real save still loads


def test_a_save_with_a_seed_out_of_range_is_refused():
    data = json.loads(dumps(Game.new(seed=1)))
    for seed in (MAX_SEED + 1, -1, int("9" * 4300)):
        data["seed"] = seed
        with pytest.raises(SaveError) as error:
            loads(json.dumps(data))
        assert error.value.code in ("save-impossible", "save-corrupt")


# -- keys of one install ------------------------------------------------------------

def test_keys_are_the_install_s_own_and_the_root_moves_the_old_ones():
    assert ST.install_scope("/") == "/" and ST.install_scope("/index.html") == "/"
    assert ST.install_scope("/beta/") == ST.install_scope("/beta/index.html") == "/beta/"
    root = ST.scoped("hearts.save", ST.install_scope("/"))
    beta = ST.scoped("hearts.save", ST.install_scope("/beta/"))
    assert len({root, beta, "hearts.save"}) == 3
    assert ST.migrations("/", ["hearts.save", "hearts.lang"]) == [
        ("hearts.save", "hearts.save@/"), ("hearts.lang", "hearts.lang@/")]
    assert ST.migrations("/beta/", ["hearts.save"]) == []


# -- settings, language and seed ------------------------------------------------------

def test_settings_that_cannot_be_used_are_reported():
    assert ST.read_settings('{"level": "hard", "speed": "fast"}') == ({"level": "hard", "speed": "fast"}, True)
    for bad in (NESTED, NESTED_OBJECTS, '{"level": ' + "[" * 3 + "]" * 3 + "}", "[]", "not json",
                '{"a": "' + "x" * 2000 + '"}'):
        assert ST.read_settings(bad) == ({}, False), bad[:20]
    assert ST.lang_ok("nb-NO", LANGUAGES) and ST.lang_ok(None, LANGUAGES)
    assert not ST.lang_ok(NESTED, LANGUAGES) and not ST.lang_ok("xx", LANGUAGES)


def test_a_seed_beyond_18_digits_is_refused_and_said(tmp_path):
    assert ST.parse_seed("123456789012345678") == (123456789012345678, False)
    for bad in ("1234567890123456789", "9" * 4300, "-3", "1e9", "٣", "0x10"):
        assert ST.parse_seed(bad) == (None, True), bad
    # the largest seed the address takes, a hundred new games on: still fine
    model, _ = U.init(seed=10**18 - 1)
    for _ in range(100):
        model, _ = U.update(model, M.NewGame())
    assert loads(dumps(model.game)).seed == model.game.seed
    # the note reaches the start screen in every language
    model, _ = U.init()
    for lang in LANGUAGES:
        html = view(*visible(model.__class__(ui=model.ui.__class__(notes=("seed-refused",)))), load(lang))
        assert 'role="alert"' in html and "18" in html


def test_notes_show_on_the_start_screen_and_over_the_table_and_go_with_a_new_game():
    model, _ = U.init()
    from dataclasses import replace
    noted = replace(model, ui=replace(model.ui, notes=("settings-unreadable",)))
    assert "settings couldn&#x27;t be read" in view(*visible(noted), EN)
    model, _ = U.update(noted, M.NewGame(seed=1))
    assert model.ui.notes == () and "be read" not in view(*visible(model), EN)
    on_table = replace(model, ui=replace(model.ui, message=M.Note("settings-unreadable")))
    assert "settings couldn&#x27;t be read" in view(*visible(on_table), EN)


# -- a save without a seed at the hand's end -----------------------------------------------

def _hand_ended_without_seed():
    d = Driver()
    d.send(M.NewGame())
    while d.model.game.phase is not Phase.HAND_END:
        if d.phase() == "pass":
            pass_three(d)
        else:
            play_legal(d)
    data = json.loads(dumps(d.model.game))
    data["seed"] = None
    return json.dumps(data)


def test_continue_after_a_seedless_hand_deals_the_next_hand():
    text = _hand_ended_without_seed()
    model, effects = U.init(saved=text, speed="instant")
    assert model.game.phase is Phase.HAND_END and model.ui.save_error is None
    d = Driver(model, effects)
    d.send(M.Continue())
    assert d.model.ui.overlay is None and d.model.game.hand_number == 1
    assert len(d.pv.hand) == 13
    again = loads(d.saved)  # and the next save, seedless, loads
    assert again.seed is None and again.view(HUMAN) == d.pv
    # the same save deals the same cards
    other = Driver(*U.init(saved=text, speed="instant"))
    other.send(M.Continue())
    assert other.pv.hand == d.pv.hand


# -- picks and a finished trick after a reload ------------------------------------------------

def _reload(model):
    """What the page does on a reload: init from the save, then the view's state."""
    saved = dumps(model.game)
    state = ST.view_state(model)
    fresh, effects = U.init(saved=saved, speed="instant")
    return ST.restore_view(fresh, effects, state)


def test_picks_come_back_after_a_reload():
    d = Driver()
    d.send(M.NewGame())
    picks = list(d.pv.hand[:2])
    for card in picks:
        d.send(M.ClickCard(card))
    model, _ = _reload(d.model)
    assert model.ui.picked == tuple(picks)
    assert U.init(saved=dumps(d.model.game), speed="instant")[0].ui.picked == ()  # the save alone: none


def test_a_finished_trick_comes_back_after_a_reload_and_is_then_collected():
    d = Driver()
    d.send(M.NewGame())
    pass_three(d)
    # play until a trick is complete on the table (not collected yet)
    d.send(M.ClickCard(d.pv.legal[0]), settle=False)
    d.settle(until=lambda m: m.ui.pause)  # the opponents' cards, up to the full trick
    assert d.model.ui.pause and isinstance(d.queue[0], M.Collect)
    model, effects = _reload(d.model)
    assert model.ui.pause and view(*visible(model), EN).count('class="card played') == 4
    assert not [e for e in effects if isinstance(e, M.Think)]
    collect = [e for e in effects if isinstance(e, M.Later)]
    assert collect and isinstance(collect[0].msg, M.Collect)
    model, _ = U.update(model, collect[0].msg)
    assert not model.ui.pause


def test_a_view_state_of_another_position_or_hostile_is_ignored():
    d = Driver()
    d.send(M.NewGame())
    card = d.pv.hand[0]
    d.send(M.ClickCard(card))
    state = json.loads(ST.view_state(d.model))
    saved = dumps(d.model.game)
    for text in (NESTED, json.dumps({**state, "at": "1:0:5:0,0,0,0"}),
                 json.dumps({**state, "picked": ["AS", "AS"]}), json.dumps({**state, "picked": ["ZZ"]}),
                 json.dumps({**state, "picked": [1, 2]}), "null", ""):
        fresh, effects = U.init(saved=saved, speed="instant")
        model, _ = ST.restore_view(fresh, effects, text)
        assert model.ui.picked == () and not model.ui.pause, text[:30]


def test_the_settings_codec_reads_what_it_writes():
    # hearts.app.stored_settings: the one codec of both threads (the
    # controller on the start screen, the game's Python after it).
    from itertools import product

    from hearts.app import stored_settings as SS

    for level, speed, four, tap, reminded, par in product(("easy", "hard"), ("slow", "instant"), (False, True),
                                                          (None, False, True), (False, True), (False, True)):
        text = SS.encode(level, speed, four, tap, reminded, par)
        data, ok = SS.decode(text)
        assert ok and len(text) <= SS.MAX_CHARS
        assert (data["level"], data["speed"], data["four_colour"], data.get("two_tap"), data.get("reminded", False),
                data.get("par", True)) == (level, speed, four, tap, reminded, par)
        assert SS.changed(text) == text  # nothing changed: the same text


def test_a_setting_changed_on_the_start_screen_keeps_the_others():
    # The start screen's script of before rewrote the settings from what it
    # knew of them, and so dropped "reminded": the once-only reminder to
    # save to a file came back after a setting changed before Python was up.
    from hearts.app import stored_settings as SS

    text = SS.encode("easy", "fast", True, two_tap=False, reminded=True, par=False)
    after = json.loads(SS.changed(text, level="hard"))
    assert after == {"level": "hard", "speed": "fast", "four_colour": True, "two_tap": False, "reminded": True,
                     "par": False}
    assert json.loads(SS.changed("not json", speed="slow")) == {"level": "normal", "speed": "slow",
                                                               "four_colour": False}
