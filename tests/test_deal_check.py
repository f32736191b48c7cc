"""Deals anyone can check: the rules page's own description of how a deal
is made from the seed, and of its fingerprint, is followed here step by
step (hashlib and a sort, nothing of the engine), and must give what the
engine deals, what ``python -m hearts.dev.deal`` prints and what the page
shows (``data-fingerprint`` during a hand, ``data-seed`` after it)."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hearts.app import update as U  # noqa: E402
from hearts.app.model import visible, with_ui  # noqa: E402
from hearts.app.view import view  # noqa: E402
from hearts.engine.cards import cards_of, format_cards  # noqa: E402
from hearts.engine.game import Game, Phase, deal, fingerprint  # noqa: E402
from hearts.text import rules_text  # noqa: E402
from hearts.text.i18n import LANGUAGES, Translator, load  # noqa: E402

HEADING = "Where the cards come from"
CASES = [(42, 0), (1, 0), (1, 1), (7, 3), (0, 0), (2**31 - 1, 17), (999_999_999_999_999_999, 123)]


def section_text(tr: Translator) -> str:
    english = rules_text.rules(Translator("en"))
    index = [s.heading for s in english].index(HEADING)
    return " ".join(t for b in rules_text.rules(tr)[index].blocks for t in b.texts)


class Recipe:
    """The deal and the fingerprint, as the English rules page tells them."""

    def __init__(self, text: str) -> None:
        self.template = re.search(r"the text (hearts:\S+:\S+),", text).group(1)
        self.digits = int(re.search(r"first (\d+) hex digits of the SHA-256", text).group(1))
        self.bytes = int(re.search(r"SHAKE-128 gives (\d+) bytes", text).group(1))
        suits = re.search(r"from 0 to 51: (\w+), (\w+), (\w+), (\w+), each from the 2 to the ace", text).groups()
        letter = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
        self.names = [rank + letter[suit] for suit in suits for rank in "23456789TJQKA"]
        self.example = re.search(r"printf '([^']+)' \| sha256sum starts with ([0-9a-f]+)", text).groups()
        assert "bytes 4n to 4n+3 read as a little-endian number" in text
        assert "the lower number first when two keys are equal" in text
        assert "the first 13 cards are yours, the next 13 West's, then North's, then East's" in text

    def text(self, seed: int, hand: int) -> bytes:
        return self.template.replace("SEED", str(seed)).replace("HAND", str(hand)).encode()

    def fingerprint(self, seed: int, hand: int) -> str:
        return hashlib.sha256(self.text(seed, hand)).hexdigest()[: self.digits]

    def hands(self, seed: int, hand: int) -> list[list[str]]:
        stream = hashlib.shake_128(self.text(seed, hand)).digest(self.bytes)
        keys = [int.from_bytes(stream[4 * n: 4 * n + 4], "little") for n in range(52)]
        order = sorted(range(52), key=lambda n: (keys[n], n))
        return [sorted((self.names[n] for n in order[13 * s: 13 * s + 13]), key=self.names.index) for s in range(4)]


@pytest.fixture(scope="module")
def recipe() -> Recipe:
    return Recipe(section_text(Translator("en")))


def test_the_pages_example_is_what_sha256sum_prints(recipe):
    text, start = recipe.example
    assert text == "hearts:42:0" and recipe.text(42, 0) == text.encode()
    assert hashlib.sha256(text.encode()).hexdigest().startswith(start)
    assert len(start) == recipe.digits == 12


@pytest.mark.parametrize("seed,hand", CASES)
def test_the_described_deal_is_the_engines_deal(recipe, seed, hand):
    ours = recipe.hands(seed, hand)
    assert [format_cards(cards_of(m)).split() for m in deal(seed, hand)] == ours
    assert recipe.fingerprint(seed, hand) == fingerprint(seed, hand)
    assert re.fullmatch(r"[0-9a-f]{12}", recipe.fingerprint(seed, hand))


def run_deal(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hearts.dev.deal", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("seed,hand", [CASES[0], CASES[3], CASES[-1]])
def test_the_command_prints_the_described_deal(recipe, seed, hand):
    done = run_deal(str(seed), str(hand))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"fingerprint: {recipe.fingerprint(seed, hand)}"
    assert lines[1:] == [f"{s}: {' '.join(cards)}" for s, cards in enumerate(recipe.hands(seed, hand))]


@pytest.mark.parametrize("args,says", [
    (["x", "0"], "SEED must be a whole number"),
    (["-1", "0"], "SEED must be a whole number"),
    (["1" * 19, "0"], "SEED has 19 digits: at most 18"),
    (["42", "-3"], "HAND must be a whole number"),
    (["42", "1.5"], "HAND must be a whole number"),
    (["42", "9" * 7], "HAND has 7 digits"),
    (["42"], "two arguments"),
    (["42", "0", "1"], "two arguments"),
    (["４２", "0"], "SEED must be a whole number"),  # (full-width digits: int() would read them)
])
def test_the_command_refuses_bad_input_clearly(args, says):
    done = run_deal(*args)
    assert done.returncode == 2
    assert says in done.stderr and "usage: python -m hearts.dev.deal SEED HAND" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_language_keeps_what_a_computer_reads(lang):
    text = section_text(load(lang))  # (the checkout's catalogs: tests/conftest.py compiles them)
    for kept in ("hearts:SEED:HAND", "hearts:42:0", "printf 'hearts:42:0' | sha256sum", "54177e5ec835",
                 "SHA-256", "SHAKE-128", "208", "51", "4n+3", "python -m hearts.dev.deal SEED HAND"):
        assert kept in text, (lang, kept)


def _played_out(game: Game) -> Game:
    for seat in range(4):
        game.pass_cards(seat, game.hand(seat)[:3])
    while game.phase is Phase.PLAY:
        game.play(game.to_act, game.legal[0])
    return game


def test_the_page_shows_the_fingerprint_during_the_hand_and_the_seed_after_it(recipe):
    model = U.init(seed=4242)[0]
    model = U.update(model, U.M.NewGame(seed=1))[0]
    html = view(*visible(model), Translator("en"))
    assert f'data-fingerprint="{recipe.fingerprint(4242, 0)}"' in html
    assert "data-seed" not in html and "4242" not in html  # the seed tells every card: not before the end
    menu = view(*visible(U.update(model, U.M.ShowOverlay("menu"))[0]), Translator("en"))
    assert f"This deal&#x27;s fingerprint: {recipe.fingerprint(4242, 0)}" in menu
    ended = _played_out(model.game.copy())
    html = view(*visible(type(model)(ui=model.ui, game=ended)), Translator("en"))
    assert 'data-seed="4242"' in html
    assert f"Seed 4242, hand 0 counted from 0, fingerprint {recipe.fingerprint(4242, 0)}" in html


def test_a_deal_the_seed_did_not_make_has_no_fingerprint():
    hands = [cards_of(m) for m in deal(5, 0)]
    hands[0], hands[1] = hands[1], hands[0]  # a deal of a file, with a seed put on it
    model = with_ui(U.init()[0], screen="table")
    game = Game.from_deal(hands, "left", seed=5)
    html = view(*visible(type(model)(ui=model.ui, game=game)), Translator("en"))
    assert "data-fingerprint" not in html
    honest = view(*visible(type(model)(ui=model.ui, game=Game.new(5))), Translator("en"))
    assert f'data-fingerprint="{fingerprint(5, 0)}"' in honest
