"""Today's hand as data (hearts/app/today.py): the day's deal, the shared
text, the days' record and streak under a fake clock that jumps forwards
and back (the page's side of today's hand is not built yet)."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest

from hearts.app import today as T
from hearts.engine.game import Game, deal
from hearts.engine.cards import CARDS
from hearts.text.i18n import LANGUAGES, load
from hearts.text.vocabulary import card_name


def test_the_days_deal_is_the_dates_digits_hand_0_passing_left():
    day = date(2027, 3, 14)
    game = Game.new(T.day_seed(day))
    assert T.day_seed(day) == int("20270314") and game.pass_direction.name == "LEFT"
    assert tuple(int("".join("1" if c in game.dealt(s) else "0" for c in reversed(CARDS)), 2)
                 for s in range(4)) == deal(20270314, 0)
    assert T.day_seed(day + timedelta(days=1)) != T.day_seed(day)
    assert len(str(T.day_seed(date(9999, 12, 31)))) <= 18  # (?seed= takes 18 digits)


@pytest.mark.parametrize("text", ["2026-13-01", "2026-00-10", "2026-1-01", "20261201", "2026-12-01 ",
                                  "2026/12/01", "２０２６-12-01", "+026-12-01", "", "9" * 5000])
def test_a_bad_date_in_the_address_is_no_date(text):
    assert T.parse_date(text) is None


def test_the_day_number_counts_from_the_first_day():
    assert [T.day_number(T.FIRST_DAY + timedelta(days=k)) for k in (0, 1, 365)] == [1, 2, 366]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_shared_text_fits_a_narrow_bubble_and_names_no_card(lang):
    tr = load(lang)
    names = {card_name(str(c), tr).lower() for c in CARDS}
    for day in (T.FIRST_DAY, T.FIRST_DAY + timedelta(days=9998)):
        for points, par in ((0, 0), (26, 26), (13, 5)):
            text = T.share_text(day, points, par, tr)
            lines = text.split("\n")
            assert all(len(line) <= T.SHARE_WIDTH for line in lines), (lang, lines)
            assert str(points) in lines[2] and str(par) in lines[2] and day.isoformat() in lines
            assert f"#{T.day_number(day)}" in lines[0]
            assert not re.search(r"\b[2-9TJQKA][CDHS]\b", text) and not any(n in text.lower() for n in names)


def play(days, day, points=5, par=3):
    return T.record(days, day, points, par)


def test_each_day_counts_once_and_its_first_result_stays():
    day = date(2026, 12, 20)
    days = play(T.Days(), day, 7, 2)
    again = play(days, day, 0, 2)  # a replay the same day
    assert again is days and days.result(day) == (7, 2)
    # the clock set back to that day after other days: still one result for it
    later = play(play(days, day + timedelta(days=1)), day + timedelta(days=2))
    assert play(later, day, 1, 1) is later and [d for d, _, _ in later.results].count(day.isoformat()) == 1


def test_the_streak_with_a_clock_that_jumps():
    start = date(2026, 12, 10)
    days = T.Days()
    for k in range(4):  # four days in a row
        days = play(days, start + timedelta(days=k))
    assert T.streak(days, start + timedelta(days=3)) == 4 and days.best == 4
    assert T.streak(days, start + timedelta(days=4)) == 4  # today not played yet: the run goes on
    assert T.streak(days, start + timedelta(days=5)) == 0  # a day missed
    # The clock set a year ahead, a hand played there, then set right again:
    future = play(days, start + timedelta(days=400))
    assert future.best == 4 and T.streak(future, start + timedelta(days=3)) == 4
    back = play(future, start + timedelta(days=4))  # the run goes on as if nothing happened
    assert back.best == 5 and T.streak(back, start + timedelta(days=4)) == 5
    # The clock set back a week: the record is not lowered, no day is counted twice
    past = play(back, start - timedelta(days=7))
    assert past.best == 5 and len(past.results) == len(back.results) + 1
    assert T.against_par(past) == 2.0


def test_the_record_survives_storage_and_hostile_text():
    days = play(play(T.Days(), date(2026, 12, 7), 26, 0), date(2026, 12, 8), 0, None)
    assert T.loads(T.dumps(days)) == days
    assert T.loads('{"days": [["2026-12-07", 1, 2], ["2026-12-07", 9, 9]], "best": 1}').result(date(2026, 12, 7)) == (1, 2)
    for text in ("{", "[]", '{"days": [[1, 2, 3]]}', '{"days": [["2026-12-07", true, 1]]}',
                 '{"days": [["2026-12-07", 1, 27]]}', "x" * (T.MAX_TEXT + 1), "[" * 10_000):
        assert T.loads(text).results == ()
    many = T.Days()
    for k in range(T.MAX_DAYS + 10):
        many = play(many, T.FIRST_DAY + timedelta(days=k))
    assert len(many.results) == T.MAX_DAYS and len(T.dumps(many)) <= T.MAX_TEXT
    assert T.loads(T.dumps(many)) == many
