"""The rules engine on crafted hands: every rule and its edge cases."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import struct

import pytest
from engine_helpers import held, moon_deal, oracle_winner, play_lowest, play_random, rig

from hearts import (
    CARDS,
    Card,
    Game,
    IllegalAction,
    PassDirection,
    Phase,
    PlayerView,
    Reason,
    Suit,
    cards_of,
    deal,
    mask_of,
)
from hearts.engine.cards import FULL_DECK, format_cards, points_of
from hearts.engine import game as game_module
from hearts.engine.save import dumps


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def snapshot(game: Game) -> str:
    """Everything about a game, to compare before and after a refused action."""
    return dumps(game) + repr([game.view(s) for s in range(4)])


def refused(game: Game, action, reason: Reason) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        action()
    assert caught.value.reason is reason
    assert snapshot(game) == before, "a refused action changed the game"


# -- cards -------------------------------------------------------------


def test_every_card_has_one_text_form_and_back():
    texts = [str(c) for c in CARDS]
    assert len(set(texts)) == 52
    assert all(Card.parse(t) is c for t, c in zip(texts, CARDS))
    assert Card.parse("qs").suit is Suit.SPADES and Card.parse("QS").rank == 12
    assert Card.parse("AH").rank == 14 and Card.parse("2C").rank == 2


@pytest.mark.parametrize("bad", ["", "Q", "QSS", "1C", "QX", "10H", None, 5])
def test_unparseable_cards_are_refused(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_masks_and_points():
    m = mask_of(["QS", "2H", "AH", "KS", "2C"])
    assert format_cards(cards_of(m)) == "2C 2H AH QS KS"
    assert points_of(m) == 15
    assert points_of(FULL_DECK) == 26
    assert sum(c.points for c in CARDS) == 26


# -- dealing -----------------------------------------------------------


def test_a_seed_always_deals_the_same_cards_and_every_card_once():
    for seed in range(20):
        hands = deal(seed, 3)
        assert hands == deal(seed, 3)
        assert [h.bit_count() for h in hands] == [13] * 4
        assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
    assert deal(1, 0) != deal(1, 1) and deal(1, 0) != deal(2, 0)


def test_the_deal_of_a_seed_is_pinned_across_platforms():
    # Pyodide's Python must deal what CPython deals: the generator is ours,
    # so this recorded deal may only change together with the save format.
    assert format_cards(cards_of(deal(1)[0])) == "8C QC AC 5D QD KD 4H 6H QH 5S 7S 8S QS"


def _sorted_by_keys(digest: bytes) -> tuple[int, ...]:
    """The deal as its docstring defines it: the cards sorted by their keys."""
    keys = struct.unpack("<52I", digest)
    deck = sorted(range(52), key=keys.__getitem__)  # stable: equal keys keep the cards' order
    return tuple(mask_of(deck[13 * seat : 13 * seat + 13]) for seat in range(4))


def test_the_deal_is_the_cards_sorted_by_their_keys(monkeypatch):
    for seed in range(500):
        digest = hashlib.shake_128(b"hearts:%d:%d" % (seed, seed % 5)).digest(208)
        assert deal(seed, seed % 5) == _sorted_by_keys(digest)
    # Keys that are equal, at the ends of their range, or in reverse order:
    rng = random.Random(7)
    digests = [
        bytes(208),
        b"\xff" * 208,
        struct.pack("<52I", *range(52, 0, -1)),
        struct.pack("<52I", *(rng.choice((0, 5, 2**31, 2**32 - 1)) for _ in range(52))),
        struct.pack("<52I", *(rng.randrange(3) for _ in range(52))),
    ]
    for digest in digests:
        monkeypatch.setattr(game_module, "_shake_128", lambda data, digest=digest: FakeShake(digest))
        assert deal(1) == _sorted_by_keys(digest)
        if digest == bytes(208):  # all keys equal: the cards in their order
            assert deal(1) == tuple(0x1FFF << (13 * seat) for seat in range(4))


class FakeShake:
    def __init__(self, digest: bytes):
        self._digest = digest

    def digest(self, length: int) -> bytes:
        return self._digest[:length]


def test_from_deal_refuses_impossible_deals():
    good = rig({})
    with pytest.raises(ValueError):
        Game.from_deal(good[:3])
    with pytest.raises(ValueError):
        Game.from_deal([good[0], good[0], good[2], good[3]])  # a card in two hands
    with pytest.raises(ValueError):
        Game.from_deal([good[0][:12], good[1], good[2], good[3] + [good[0][12]]])
    with pytest.raises(ValueError):
        Game.from_deal([good[0][:12] + ["ZZ"], good[1], good[2], good[3]])
    with pytest.raises(ValueError):
        Game.from_deal(good, "sideways")


# -- passing -----------------------------------------------------------


def test_pass_direction_cycles_left_right_across_none():
    game = Game.new(seed=3)
    seen = []
    for _ in range(8):
        seen.append(game.pass_direction)
        play_random(game, random.Random(1), stop=lambda g: g.phase is not Phase.PASS and g.phase is not Phase.PLAY)
        if game.phase is Phase.GAME_END:
            break
        game.next_hand()
    cycle = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE]
    assert seen == (cycle * 2)[: len(seen)] and len(seen) >= 5


@pytest.mark.parametrize("direction", [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS])
def test_passes_are_exchanged_all_at_once(direction):
    hands = rig({})
    game = Game.from_deal(hands, direction)
    chosen = [hands[s][-3:] for s in range(4)]
    for s in range(3):
        game.pass_cards(s, chosen[s])
        assert game.phase is Phase.PASS
        assert game.hand(s) == tuple(hands[s]), "nothing moves before everyone has chosen"
        assert game.view((s + 1) % 4).received == ()
        assert game.view(s).passed == tuple(chosen[s])
    assert game.waiting_to_pass == (3,)
    game.pass_cards(3, chosen[3])
    assert game.phase is Phase.PLAY
    for s in range(4):
        giver = (s - direction.value) % 4
        assert game.view(s).received == tuple(chosen[giver])
        expected = (set(hands[s]) - set(chosen[s])) | set(chosen[giver])
        assert set(game.hand(s)) == expected


def test_no_pass_hand_goes_straight_to_play():
    game = Game.from_deal(rig({2: ["2C"]}), "none")
    assert game.phase is Phase.PLAY and game.to_act == 2
    refused(game, lambda: game.pass_cards(0, game.hand(0)[:3]), Reason.WRONG_PHASE)


def test_bad_passes_are_refused_and_change_nothing():
    hands = rig({})
    game = Game.from_deal(hands, "left")
    refused(game, lambda: game.pass_cards(0, hands[0][:2]), Reason.PASS_THREE_CARDS)
    refused(game, lambda: game.pass_cards(0, hands[0][:4]), Reason.PASS_THREE_CARDS)
    refused(game, lambda: game.pass_cards(0, [hands[0][0]] * 3), Reason.PASS_DUPLICATE_CARD)
    refused(game, lambda: game.pass_cards(0, hands[0][:2] + [hands[1][0]]), Reason.CARD_NOT_HELD)
    refused(game, lambda: game.pass_cards(0, ["2C", "XX", "3C"]), Reason.NOT_A_CARD)
    refused(game, lambda: game.pass_cards(0, "2C3C4C"), Reason.NOT_A_CARD)
    refused(game, lambda: game.pass_cards(4, hands[0][:3]), Reason.NO_SUCH_SEAT)
    refused(game, lambda: game.pass_cards(True, hands[1][:3]), Reason.NO_SUCH_SEAT)
    refused(game, lambda: game.play(0, hands[0][0]), Reason.WRONG_PHASE)
    # to_act is None while passing: play(game.to_act, ...) is refused, not a TypeError
    refused(game, lambda: game.play(game.to_act, hands[0][0]), Reason.WRONG_PHASE)
    refused(game, lambda: game.play(game.to_act, "XX"), Reason.WRONG_PHASE)  # the phase comes first
    refused(game, lambda: game.next_hand(), Reason.WRONG_PHASE)
    game.pass_cards(0, hands[0][:3])
    refused(game, lambda: game.pass_cards(0, hands[0][3:6]), Reason.ALREADY_PASSED)


# -- playing -----------------------------------------------------------


def test_the_two_of_clubs_leads_the_first_trick():
    game = Game.from_deal(rig({1: ["2C", "3C", "AS"]}), "none")
    assert game.to_act == 1 and game.legal_actions() == (Card.parse("2C"),)
    refused(game, lambda: game.play(1, "3C"), Reason.MUST_LEAD_TWO_OF_CLUBS)
    refused(game, lambda: game.play(0, game.hand(0)[0]), Reason.NOT_YOUR_TURN)
    refused(game, lambda: game.play(1, game.hand(0)[0]), Reason.CARD_NOT_HELD)
    refused(game, lambda: game.play(1, "2X"), Reason.NOT_A_CARD)
    refused(game, lambda: game.play(1, 52), Reason.NOT_A_CARD)
    refused(game, lambda: game.play(1, None), Reason.NOT_A_CARD)
    refused(game, lambda: game.play(1, False), Reason.NOT_A_CARD)  # False == 0, the two of clubs
    refused(game, lambda: game.play(7, "2C"), Reason.NO_SUCH_SEAT)
    game.play(1, "2C")
    assert game.to_act == 2


def test_a_player_must_follow_the_suit_led():
    game = Game.from_deal(rig({0: ["2C"], 1: ["3C", "AD"]}), "none")
    game.play(0, "2C")
    assert all(c.suit is Suit.CLUBS for c in game.legal_actions())
    refused(game, lambda: game.play(1, "AD"), Reason.MUST_FOLLOW_SUIT)


def test_first_trick_no_points_when_void_in_clubs():
    hands = rig({0: ["2C"], 1: ["QS", "AH", "2D"] + [f"{r}H" for r in "23456789TJ"]})
    game = Game.from_deal(hands, "none")
    game.play(0, "2C")
    assert game.legal_actions() == (Card.parse("2D"),)
    refused(game, lambda: game.play(1, "QS"), Reason.NO_POINTS_ON_FIRST_TRICK)
    refused(game, lambda: game.play(1, "AH"), Reason.NO_POINTS_ON_FIRST_TRICK)


def test_first_trick_exception_with_only_hearts_and_the_queen():
    only_points = ["QS"] + [f"{r}H" for r in "23456789TJQK"]
    game = Game.from_deal(rig({0: ["2C"], 1: only_points}), "none")
    game.play(0, "2C")
    assert set(game.legal_actions()) == set(cards(" ".join(only_points)))
    game.play(1, "QS")
    assert not game.hearts_broken, "the queen of spades does not break hearts"


def play_until_trick(game: Game, n: int) -> None:
    """Everyone plays their lowest legal card until ``n`` tricks are complete."""
    while game.phase is Phase.PLAY and len([t for t in game.tricks if t.winner is not None]) < n:
        game.play(game.to_act, game.legal_actions()[0])


# Four whole hands, chosen so that every trick below is forced or explicit.
# Seat 3 has no clubs and no diamonds; seat 2 has no diamonds.
EXPLICIT = [
    "AC AD 2D KH AH 7S 8S 9S TS JS QS KS AS",
    "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2S",
    "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3S 4S",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 5S 6S",
]


def explicit_game() -> Game:
    return Game.from_deal([h.split() for h in EXPLICIT], "none")


def test_hearts_break_when_a_heart_is_discarded_and_may_then_be_led():
    game = explicit_game()
    game.play(1, "2C")
    game.play(2, "3C")
    assert set(game.legal_actions()) == set(cards("5S 6S")), "no hearts on the first trick"
    game.play(3, "6S")
    game.play(0, "AC")
    assert game.tricks[0].winner == 0 and not game.hearts_broken
    refused(game, lambda: game.play(0, "KH"), Reason.HEARTS_NOT_BROKEN)
    assert set(game.legal_actions()) == set(cards("AD 2D 7S 8S 9S TS JS QS KS AS"))
    game.play(0, "AD")
    game.play(1, "3D")
    game.play(2, "KC")  # void in diamonds: any card
    game.play(3, "2H")  # a heart discarded: hearts are broken
    assert game.hearts_broken and game.tricks[1].winner == 0
    assert game.points_taken == (1, 0, 0, 0)
    assert Card.parse("KH") in game.legal_actions()


def test_the_highest_card_of_the_suit_led_wins_not_a_higher_discard():
    game = explicit_game()
    for seat, card in [(1, "2C"), (2, "3C"), (3, "6S"), (0, "AC"), (0, "2D"), (1, "4D")]:
        game.play(seat, card)
    game.play(2, "KC")
    game.play(3, "QH")
    trick = game.tricks[1]
    assert trick.winner == 1 and trick.points == 1 and game.to_act == 1


def test_a_leader_with_only_hearts_may_lead_a_heart():
    # Seat 0 takes trick one with AC and holds nothing but hearts afterwards.
    all_hearts = [f"{r}H" for r in "23456789TJQK"]
    game = Game.from_deal(rig({0: ["AC"] + all_hearts, 1: ["2C"]}), "none")
    play_until_trick(game, 1)
    assert game.tricks[0].winner == 0 and not game.hearts_broken
    assert set(game.legal_actions()) == set(cards(" ".join(all_hearts)))
    game.play(0, "KH")
    assert not game.hearts_broken, "a heart lead is no discard: hearts stay closed"


def test_hearts_led_and_followed_do_not_break_hearts():
    # Seat 0 takes tricks one and two with KC and AC and then holds only
    # hearts. It leads 2H; seat 2 takes the trick with KH. No heart was
    # discarded on another suit, so hearts are still closed and seat 2,
    # which holds clubs or diamonds or spades beside AH, may not lead AH.
    game = Game.from_deal(rig({
        0: ["KC", "AC"] + [f"{r}H" for r in "23456789TJQ"],
        1: ["2C", "3C"], 2: ["4C", "5C", "KH", "AH"], 3: ["6C", "7C"],
    }), "none")
    play_until_trick(game, 1)
    assert game.to_act == 0 and game.legal_actions() == (Card.parse("AC"),)
    play_until_trick(game, 2)
    assert game.to_act == 0 and len(game.legal_actions()) == 11  # all hearts: any may lead
    play_until_trick(game, 3)
    assert game.tricks[2].cards[0] == Card.parse("2H") and game.tricks[2].winner == 2
    assert game.points_taken[2] == 2
    assert not game.hearts_broken
    assert Card.parse("AH") not in game.legal_actions()
    refused(game, lambda: game.play(2, "AH"), Reason.HEARTS_NOT_BROKEN)


def test_the_queen_of_spades_can_be_the_only_legal_lead():
    hearts = [f"{r}H" for r in "23456789TJQK"]
    game = Game.from_deal(rig({0: ["AC", "QS"] + hearts[:11], 1: ["2C"]}), "none")
    play_until_trick(game, 1)
    assert game.to_act == 0 and not game.hearts_broken
    assert game.legal_actions() == (Card.parse("QS"),)
    refused(game, lambda: game.play(0, "2H"), Reason.HEARTS_NOT_BROKEN)


def test_every_trick_goes_to_the_highest_card_of_its_suit_in_random_games():
    rng = random.Random(5)
    tricks = []

    def at_hand_end(g: Game) -> None:
        if g.phase is Phase.HAND_END:
            tricks.extend(g.tricks)

    for seed in range(30):  # whole games, every hand
        game = Game.new(seed)
        play_random(game, rng, each=at_hand_end)
        tricks.extend(game.tricks)  # the game's last hand
        for t in tricks:
            assert t.winner == t.seats[oracle_winner(t.cards)]
        assert len(tricks) == 13 * len(game.results)
        tricks.clear()


# -- scoring -----------------------------------------------------------


@pytest.mark.parametrize("direction", list(PassDirection))
def test_shooting_the_moon_scores_zero_and_26_for_the_others(direction):
    hands, passes = moon_deal(2, direction)
    game = Game.from_deal(hands, direction)
    if direction is not PassDirection.NONE:
        for seat in range(4):
            game.pass_cards(seat, passes[seat])
    play_lowest(game)
    result = game.results[-1]
    assert game.points_taken == (0, 0, 26, 0)
    assert result.moon == 2 and result.points == (26, 26, 0, 26)
    assert game.scores == (26, 26, 0, 26)


def test_near_moon_at_25_is_scored_as_taken():
    # Seat 0 wins every trick but the last, whose one heart goes to seat 2.
    hands = [
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        "2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2H",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    game = Game.from_deal([h.split() for h in hands], "none")
    while game.phase is Phase.PLAY:  # seat 2 plays its highest card, the others their lowest
        legal = game.legal_actions()
        game.play(game.to_act, legal[-1] if game.to_act == 2 else legal[0])
    assert game.points_taken == (25, 0, 1, 0)
    assert game.results[-1].moon is None and game.results[-1].points == (25, 0, 1, 0)


def test_every_hand_is_worth_26_or_78_after_a_moon():
    rng = random.Random(11)
    for seed in range(40):
        game = Game.new(seed)
        play_random(game, rng)
        for r in game.results:
            assert sum(r.points) == (78 if r.moon is not None else 26)
        assert tuple(map(sum, zip(*[r.points for r in game.results]))) == game.scores


# -- the end of the game -----------------------------------------------


def play_moon_hand(game: Game, shooter: int) -> None:
    """Deal the next hand so that ``shooter`` takes every trick, and play it."""
    direction = PassDirection.for_hand(game.hand_number + 1)  # games here start left
    hands, passes = moon_deal(shooter, direction)
    game.next_hand(hands)
    if direction is not PassDirection.NONE:
        for seat in range(4):
            game.pass_cards(seat, passes[seat])
    play_lowest(game)


def test_a_shared_lowest_total_at_100_means_another_hand():
    hands, _ = moon_deal(0, PassDirection.LEFT)
    game = Game.from_deal(hands, "left")
    for shooter in (0, 0, 1, 1):
        if game.hand_number == 0 and not game.results:
            _, passes = moon_deal(0, PassDirection.LEFT)
            for seat in range(4):
                game.pass_cards(seat, passes[seat])
            play_lowest(game)
        else:
            play_moon_hand(game, shooter)
    assert game.scores == (52, 52, 104, 104)
    assert game.phase is Phase.HAND_END, "tied lowest totals: no winner yet"
    game_view = game.view(0)
    assert game.winner is None and game_view.is_extra_hand
    play_moon_hand(game, 0)  # the fifth hand: pass left again
    assert game.scores == (52, 78, 130, 130)
    assert game.phase is Phase.GAME_END and game.winner == 0
    refused(game, lambda: game.next_hand(), Reason.GAME_OVER)
    refused(game, lambda: game.play(0, "2C"), Reason.GAME_OVER)
    refused(game, lambda: game.pass_cards(0, ["2C", "3C", "4C"]), Reason.GAME_OVER)
    assert game.legal_actions() == () and all(game.legal_actions(s) == () for s in range(4))


def test_a_game_ends_after_the_hand_in_which_someone_reaches_100():
    hands, passes = moon_deal(0, PassDirection.LEFT)
    game = Game.from_deal(hands, "left")
    for seat in range(4):
        game.pass_cards(seat, passes[seat])
    play_lowest(game)
    for _ in range(3):
        play_moon_hand(game, 0)
        if game.phase is Phase.GAME_END:
            break
    assert game.scores == (0, 104, 104, 104)
    assert game.phase is Phase.GAME_END and game.winner == 0


def find_game(predicate, tries=400):
    """A random game whose finished state satisfies ``predicate`` (or None)."""
    rng = random.Random(2024)
    for seed in range(tries):
        game = Game.new(seed)
        play_random(game, rng)
        if predicate(game):
            return game
    return None


def test_a_game_can_end_exactly_at_100():
    game = find_game(lambda g: 100 in g.scores)
    assert game is not None, "no random game ended with a total of exactly 100"
    before = [sum(r.points[s] for r in game.results[:-1]) for s in range(4)]
    assert max(before) < 100 and game.phase is Phase.GAME_END


def test_the_game_ends_exactly_when_the_rules_say_in_random_games():
    rng = random.Random(99)
    for seed in range(60):
        game = Game.new(seed)
        while game.phase is not Phase.GAME_END:
            play_random(game, rng, stop=lambda g: g.phase is Phase.HAND_END)
            if game.phase is Phase.HAND_END:
                scores = game.scores
                assert max(scores) < 100 or scores.count(min(scores)) > 1
                game.next_hand()
        scores = game.scores
        assert max(scores) >= 100 and scores.count(min(scores)) == 1
        assert game.winner == scores.index(min(scores))


# -- what a seat may see -------------------------------------------------


def test_a_view_holds_no_other_seats_cards_and_no_link_to_the_game():
    game = Game.new(seed=8)
    rng = random.Random(3)
    for _ in range(30):
        play_random(game, rng, stop=lambda g, n=[0]: (n.__setitem__(0, n[0] + 1) or n[0] > 7))
        for seat in range(4):
            view = game.view(seat)
            hidden = held(game) & ~mask_of(game.hand(seat))
            if view.phase is Phase.PASS:
                hidden &= ~mask_of(view.passed)
            for value in _walk(view):
                assert not isinstance(value, Game)
                if isinstance(value, Card):
                    assert not hidden >> value & 1 or _public(view, value), f"{value} leaked"
            assert view.hand_mask == mask_of(game.hand(seat))
            with pytest.raises(dataclasses.FrozenInstanceError):
                view.hand = ()  # type: ignore[misc]
        if game.phase is Phase.GAME_END:
            break


def test_every_card_the_game_hands_out_is_the_card_object():
    """Game.play keeps a trick's cards as plain ints (a Card, an int
    subclass, is a slow index); everything the game hands out shows them
    as the one Card object per card again: else a view would print 30 for
    the six of diamonds, and the leak test above would not see them."""
    game = Game.new(seed=5)
    rng = random.Random(2)
    while not (game.hand_number == 1 and sum(len(t.cards) for t in game.tricks) == 6):
        if game.phase is Phase.PASS:
            for seat in game.waiting_to_pass:
                game.pass_cards(seat, game.legal_actions(seat)[:3])
        elif game.phase is Phase.PLAY:
            game.play(game.to_act, rng.choice(game.legal))
        else:
            game.next_hand()
    shown = [c for t in game.tricks for c in t.cards] + list(game.record().plays)
    shown += [c for record in game.log for c in record.plays]
    shown += list(game.rewound(5).record().plays) + list(game.copy().record().plays)
    for seat in range(4):
        view = game.view(seat)
        assert view.trick is not None
        shown += list(view.trick.cards) + [c for t in view.tricks for c in t.cards]
    assert len(shown) == 6 + 6 + 52 + 5 + 6 + 4 * (2 + 4) and all(
        c.__class__ is Card and c is CARDS[c] for c in shown)


def _public(view: PlayerView, card: Card) -> bool:
    """A card the seat has seen: in its hand, passed or received, or played."""
    return card in view.hand or card in view.passed or card in view.received


def _walk(value):
    yield value
    if isinstance(value, (tuple, list)):
        for v in value:
            yield from _walk(v)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name))


def test_views_show_the_legal_actions_only_to_the_seat_to_act():
    game = Game.from_deal(rig({3: ["2C"]}), "none")
    assert game.view(3).legal == (Card.parse("2C"),) and game.view(3).my_turn
    assert all(game.view(s).legal == () for s in (0, 1, 2))
    assert game.view(0).to_act == 3


def test_a_copy_plays_on_without_touching_the_original():
    game = Game.new(seed=12)
    play_random(game, random.Random(4), stop=lambda g: len(g.tricks) >= 3)
    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before
    play_random(twin, random.Random(5))
    assert twin.phase is Phase.GAME_END
    assert snapshot(game) == before, "playing the copy changed the original"
