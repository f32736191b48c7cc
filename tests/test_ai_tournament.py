"""A tiny run of the duplicate tournament (the real one: python -m hearts.dev.tournament)."""

import json

from hearts.dev import tournament


def test_tournament_smoke(capsys):
    code = tournament.main(["--hands", "8", "--jobs", "1", "--fixed", "--samples", "2", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands_per_table"] == 8
    assert [t["table"] for t in report["tables"]] == [
        "hard vs 3 normal", "normal vs 3 easy", "easy vs 3 random",
    ]
    for t in report["tables"]:
        hero, field = t["hero"], t["field"]
        # Every hand hands out 26 points (or 78 on a moon): one hero and three field seats.
        assert 6.5 - 0.01 <= (hero["mean"] + 3 * field["mean"]) / 4 <= 19.5 + 0.01
        assert hero["ci95"] >= 0 and field["ci95"] >= 0


def test_tournament_text_and_two_jobs(capsys):
    code = tournament.main(["--hands", "4", "--jobs", "2", "--tables", "easy,normal"])
    assert code == 0
    out = capsys.readouterr().out
    assert "normal vs 3 easy" in out and "easy vs 3 random" in out and "hard" not in out.split("\n", 1)[1]


def test_duplicate_rotation_gives_every_seat_every_hand():
    hero, field = tournament.play_deal(0, "easy", "easy", seed=1, hard_options={})
    # The same level everywhere: the hero's four seats are the field's seats too.
    assert abs(hero - field) < 1e-9


def test_one_deal_has_no_interval_and_still_strict_json(capsys):
    assert tournament.main(["--hands", "4", "--jobs", "1", "--fixed", "--samples", "1",
                            "--json", "--tables", "easy"]) == 0
    out = capsys.readouterr().out

    def refuse(constant):
        raise ValueError(constant)

    table = json.loads(out, parse_constant=refuse)["tables"][0]
    assert table["hero"]["ci95"] is None and table["separated"] is False


def test_whole_games_report_games_won(capsys):
    """--games plays whole games to 100, each four times (the hero in every
    seat): the hero's share of the games won, and points a hand."""
    assert tournament.main(["--games", "4", "--jobs", "1", "--fixed", "--samples", "1",
                            "--json", "--tables", "easy"]) == 0
    report = json.loads(capsys.readouterr().out)
    table = report["tables"][0]
    assert report["games_per_table"] == 4 and table["table"] == "easy vs 3 random"
    [(won, hero, field, hands)] = table["rows"]
    assert 0 <= won <= 1 and won == table["games_won"]["share"]
    assert hands >= 4 * 4  # four plays of a game of at least four hands
    # Every play of the game ends with someone at 100 or more.
    assert (hero + field) / 4 >= 100
    assert abs(table["hero_points_per_hand"] - hero / hands) < 1e-3


def test_one_level_in_every_seat_wins_a_fair_share():
    won, hero, field, hands = tournament.play_game(0, "easy", "easy", seed=3, hard_options={})
    assert won == 0.25  # the same player everywhere: one of the four plays is won by the hero's seat
    assert abs(hero - field / 3) < 1e-9


def test_hards_parts_can_be_switched_off_and_runs_can_be_split(capsys):
    args = ["--hands", "8", "--jobs", "1", "--fixed", "--samples", "2", "--json", "--tables", "hard"]
    assert tournament.main(args + ["--hard", "pass_search=false", "--hard", "weigh=0"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hard"] == {"samples": 2, "pass_search": False, "weigh": 0}
    whole = report["tables"][0]["rows"]
    assert tournament.main(["--hands", "4", "--first", "1"] + args[2:] + ["--hard", "pass_search=false", "--hard", "weigh=0"]) == 0
    part = json.loads(capsys.readouterr().out)["tables"][0]["rows"]
    assert part == whole[1:]  # deal 1, played the same in a run of its own
