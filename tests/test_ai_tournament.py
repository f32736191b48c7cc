"""A tiny run of the duplicate tournament (the real one: python -m hearts.ai.tournament)."""

import json

from hearts.ai import tournament


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
