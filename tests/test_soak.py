"""A short soak in the test suite; the full one is `python -m hearts.dev.soak`."""

from hearts.dev import soak


def test_whole_games_between_opponents_keep_every_rule(capsys):
    assert soak.main(["--games", "8", "--jobs", "1", "--seed", "100"]) == 0
    assert "8 games" in capsys.readouterr().out


def test_the_soak_reports_a_broken_rule(monkeypatch, capsys):
    def broken_check(game):
        raise AssertionError("planted")

    monkeypatch.setattr(soak, "check", broken_check)
    assert soak.main(["--games", "2", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "seed 1: AssertionError: planted" in out and "2 failed" in out
