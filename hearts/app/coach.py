"""The coach's handlers: the review of a finished hand, the claim, the quick
finish (their messages are ``CoachMsg`` in :mod:`hearts.app.messages`, which
:func:`update` matches; the screen is :mod:`hearts.app.review_view`).

A review runs as an effect (``RunReview``: the runtime runs
:func:`hearts.app.review.search` in slices while the review's screen is open,
and sends the share done and the result). Finished reviews are kept in the
Ui for the rest of the game (by :func:`review_key`: the game, the hand and
its cards as played), and each hand's total cost goes into the statistics
once (:func:`hearts.app.stats.record_cost`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from . import stats as ST
from ..engine.game import Game, Phase, PlayerView
from ..engine.save import dumps
from . import messages as M
from .model import HUMAN, Model, Ui, level_of, with_ui
from . import history, steps
from .messages import Effect


def review_key(game: Game, hand: int) -> str:
    """Which review: the game, the hand, and the hand's cards as played (an
    undo that replays the hand otherwise makes it another review)."""
    rec = (*game.log, game.record())[hand]
    plays = "".join(str(c) for c in rec.plays)
    return f"{ST.game_key(game)}:{hand}:{plays}"


def _bucket(model: Model, game: Game) -> str:
    """Where a reviewed hand's cost counts: as the game counts in the
    statistics (hearts.app.stats.record): apart if the game did not deal it."""
    if not ST.dealt_by_the_game(game):
        return ST.IMPORTED
    return "undo" if model.undo_used else level_of(model.ui)


def _show_review(model: Model, msg: M.ShowReview) -> tuple[Model, list[Effect]]:
    from ..engine.replay import finished_hands

    game = model.game
    if game is None or type(msg.hand) is not int or not 0 <= msg.hand < finished_hands(game):
        return model, []
    if model.ui.overlay not in (None, "replay"):
        return model, []
    key = review_key(game, msg.hand)
    back = model.ui.overlay == "replay"
    done = dict(model.ui.coach.finished).get(key)
    shown = replace(model.ui.coach, key=key, review=done, done=0.0 if done is None else 1.0, back=back)
    model = with_ui(model, overlay="review", coach=shown)
    return model, [] if done is not None else [M.RunReview(key, msg.hand)]


def _progress(model: Model, msg: M.ReviewProgress) -> tuple[Model, list[Effect]]:
    coach = model.ui.coach
    if msg.key != coach.key or coach.review is not None:
        return model, []
    return with_ui(model, coach=replace(coach, done=max(0.0, min(1.0, float(msg.done))))), []


def _ready(model: Model, msg: M.ReviewReady) -> tuple[Model, list[Effect]]:
    coach = model.ui.coach
    finished = tuple((k, r) for k, r in coach.finished if k != msg.key) + ((msg.key, msg.review),)
    coach = replace(coach, finished=finished[-30:])
    if msg.key == coach.key:
        coach = replace(coach, review=msg.review, done=1.0)
    model = with_ui(model, coach=coach)
    game = model.game
    if game is None or not msg.key.startswith(ST.game_key(game) + ":"):
        return model, []
    hand = int(msg.key.split(":")[1])
    new = ST.record_cost(model.ui.history.stats, ST.game_key(game), _bucket(model, game), hand, msg.review.total)
    if new is model.ui.history.stats:
        return model, []
    effects: list[M.Effect] = [M.StoreStats(ST.dumps(new))] if model.ui.storage == "ok" else []
    return with_ui(model, history=replace(model.ui.history, stats=new)), effects


def close_review(model: Model) -> Model:
    """Back from the review: to the replay it was opened from, or to the table."""
    coach = replace(model.ui.coach, key=None)
    if model.ui.coach.back and model.ui.history.replay is not None:
        return with_ui(model, overlay="replay", coach=coach)
    return with_ui(model, overlay=None, coach=coach)


# -- the claim and the quick finish ---------------------------------------------------

def claim_offered(ui: Ui, pv: PlayerView) -> bool:
    """Whether the table offers to take the rest now (the button that
    table_view.py draws, the message _claim takes): during the play, no trick
    waiting to be collected, two cards or more in the hand, and the
    player's view alone shows every trick left is theirs (hearts.ai.claim)."""
    if ui.screen != "table" or ui.pause or pv.phase is not Phase.PLAY or len(pv.hand) < 2:
        return False
    from ..ai.claim import claimable

    return claimable(pv)


def _claim(model: Model, msg: M.ClaimTricks) -> tuple[Model, list[Effect]]:
    from ..ai.claim import play_rest

    if model.ui.overlay is not None or model.game is None or not claim_offered(model.ui, model.game.view(HUMAN)):
        return model, []
    moved = steps.moved(model, lambda new: play_rest(new, HUMAN, claim=True))
    return steps.changed(with_ui(moved, pause=True), [M.TrickTaken(HUMAN)])


def settle(model: Model) -> tuple[Model, list[M.Effect]]:
    """Once a trick is collected and no points are left in play, the rest
    of the hand is played at once (saved, and counted if the game ends)."""
    from ..ai.claim import play_rest, settled

    game = model.game
    if game is None or not settled(game):
        return model, []
    model = steps.moved(model, lambda new: play_rest(new, HUMAN, claim=False))
    rev = model.ui.rev + 1
    model = replace(model, ui=replace(model.ui, rev=rev, behind=False, lifted=None, hint=()))
    finished = model.game
    assert finished is not None
    effects: list[M.Effect] = [M.Save(dumps(finished, rev, undo_used=model.undo_used), rev)]
    model, recorded = history.record_game(model)
    return model, effects + recorded


def update(model: Model, msg: M.CoachMsg) -> tuple[Model, list[Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.ShowReview():
            return _show_review(model, msg)
        case M.ReviewProgress():
            return _progress(model, msg)
        case M.ReviewReady():
            return _ready(model, msg)
        case M.ClaimTricks():
            return _claim(model, msg)
        case _:
            assert_never(msg)
