"""Saving and restoring: round trips, and every kind of bad save refused whole."""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import heart_lead_game, play_random

from hearts import Game, Phase
from hearts.engine.save import CODES, VERSION, SaveError, dumps, from_dict, loads, to_dict


def played_game(seed: int, steps: int) -> Game:
    game = Game.new(seed)
    count = [0]

    def stop(g):
        count[0] += 1
        return count[0] > steps

    play_random(game, random.Random(seed), stop=stop)
    return game


def same_game(a: Game, b: Game) -> bool:
    return (
        dumps(a) == dumps(b)
        and [a.view(s) for s in range(4)] == [b.view(s) for s in range(4)]
        and a.phase is b.phase
        and a.to_act == b.to_act
    )


@pytest.mark.parametrize("steps", [0, 1, 3, 10, 40, 200, 2000])
def test_a_saved_game_restores_exactly_and_plays_on_the_same(steps):
    game = played_game(7, steps)
    restored = loads(dumps(game))
    assert same_game(game, restored)
    # Both go on identically from here.
    rng_a, rng_b = random.Random(1), random.Random(1)
    play_random(game, rng_a)
    play_random(restored, rng_b)
    assert same_game(game, restored) and game.phase is Phase.GAME_END


def test_a_save_names_its_format_and_version():
    data = to_dict(Game.new(1))
    assert data["format"] == "hearts-save" and data["version"] == VERSION


def expect(code: str, text) -> None:
    with pytest.raises(SaveError) as caught:
        loads(text)
    assert caught.value.code == code and code in CODES


def test_corrupt_and_truncated_saves_are_refused():
    text = dumps(played_game(3, 60))
    for cut in (1, len(text) // 3, len(text) - 1):
        expect("save-corrupt", text[:cut])
    expect("save-corrupt", "")
    expect("save-corrupt", "\x00\x01garbage")
    expect("save-corrupt", b"\xff\xfe")
    expect("save-corrupt", "[" * 100_000 + "]" * 100_000)
    expect("save-corrupt", " " * 2_000_000)
    expect("save-corrupt", None)


def test_other_json_is_not_a_hearts_save():
    for other in ([], 5, "x", None, {"theme": "dark"}, {"format": "chess-save", "version": 1}):
        expect("save-not-hearts", json.dumps(other))
    data = to_dict(Game.new(1))
    data["version"] = "1"
    expect("save-not-hearts", json.dumps(data))


def test_a_save_from_a_newer_version_is_refused():
    data = to_dict(Game.new(1))
    data["version"] = VERSION + 1
    expect("save-newer-version", json.dumps(data))


def tampered(mutate) -> str:
    data = to_dict(played_game(11, 80))
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "mutate",
    [
        # a card in two hands
        lambda d: d["hands"][0]["dealt"][1].__setitem__(0, d["hands"][0]["dealt"][0][0]),
        # 53 cards
        lambda d: d["hands"][0]["dealt"][0].append("2C"),
        # a wrong total
        lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1),
        # a card played out of turn or not held
        lambda d: d["hands"][-1]["plays"].append(d["hands"][-1]["plays"][0]),
        # a pass of four cards
        lambda d: d["hands"][0]["passes"][0].append(d["hands"][0]["dealt"][0][-1]),
        # a deal that is not the seed's
        lambda d: d["hands"][0]["dealt"].reverse(),
        # wrong types anywhere
        lambda d: d.__setitem__("seed", "7"),
        lambda d: d.__setitem__("seed", True),
        lambda d: d.__setitem__("hands", {}),
        lambda d: d.__setitem__("hands", []),
        lambda d: d["hands"][0].__setitem__("plays", "2C"),
        lambda d: d["hands"][0]["plays"].__setitem__(0, 0),
        lambda d: d["hands"][0].__setitem__("passes", [None, None]),
        lambda d: d.__setitem__("first_pass", "sideways"),
        lambda d: d.pop("scores"),
        # a hand that never ended before the next one
        lambda d: d["hands"][0]["plays"].pop(),
    ],
)
def test_tampered_saves_describing_impossible_games_are_refused(mutate):
    expect("save-impossible", tampered(mutate))


def test_a_refused_save_leaves_nothing_half_loaded():
    # from_dict either returns a whole game or raises: there is no partial object.
    bad = json.loads(tampered(lambda d: d["scores"].__setitem__(1, 999)))
    with pytest.raises(SaveError):
        from_dict(bad)


def test_a_game_without_a_seed_saves_and_restores_too():
    from engine_helpers import rig

    game = Game.from_deal(rig({}), "across")
    for seat in range(4):
        game.pass_cards(seat, game.legal_actions(seat)[:3])
    game.play(game.to_act, game.legal_actions()[0])
    restored = loads(dumps(game))
    assert same_game(game, restored) and restored.seed is None


def test_a_save_played_under_the_old_hearts_rule_is_refused_whole():
    # Before the rules followed the rule cards, any heart played broke
    # hearts. In this hand seat 0 leads 2H from an all-hearts hand and seat 2
    # takes it with KH; the old rule then let seat 2 lead AH, the cards'
    # rule does not (nothing was discarded). Such a save is refused with its
    # code, never loaded up to the card that is now illegal.
    game = heart_lead_game()
    data = to_dict(game)
    assert from_dict(data).view(0) == game.view(0)  # the save as it stands loads
    data["hands"][-1]["plays"].append("AH")
    with pytest.raises(SaveError) as refused:
        from_dict(data)
    assert refused.value.code == "save-impossible" and "hearts-not-broken" in str(refused.value)
