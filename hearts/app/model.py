"""The UI's state: a Game (the truth, private) plus what the screen shows (Ui).

The Model is a frozen value; :mod:`hearts.app.update` makes a new one for
every message. The view never sees the Game: :func:`visible` hands it the
human's :class:`~hearts.engine.game.PlayerView` and the Ui, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Concatenate, Literal, ParamSpec, TypeVar

from ..engine.cards import Card
from ..engine.choices import Level, Speed
from ..engine.game import Game, Phase, PlayerView, deal, fingerprint
from .stats import EMPTY as NO_STATS, Stats, game_key
from .today import Days
if TYPE_CHECKING:  # (imported when a replay or a review is first shown, not at start)
    from ..engine.replay import Replay
    from .review import Review
from .messages import Effect, Par, Said, Settings  # (Settings: carried by StoreSettings, so defined there)

Screen = Literal["start", "table"]
Overlay = Literal[
    "rules", "menu", "error", "last-trick", "confirm-new", "stats", "stats-reset", "replay",
    "elsewhere", "review", "stats-open", "open-game", "hint",
]
# A notice under the hand or on the start screen (hearts.app.versions): the
# game now works offline; the browser may delete its data (save to a file).
Notice = Literal["offline", "keep-file", "update-quota"]
# Whether the browser keeps this site's storage (navigator.storage.persist()):
# not known yet, kept, not kept, no navigator.storage.
Persist = Literal["unknown", "granted", "denied", "none"]
Storage = Literal["ok", "off"]  # "off": nothing can be saved (the page still tries)
# Who plays the game: "here" while this tab does; "open" when another tab
# does; "moved" when another tab stored a newer position than this one's
# (a write here was refused).
Owner = Literal["here", "open", "moved"]
# The table root's data-phase (displayed_phase).
DisplayedPhase = Literal["start", "pass", "play", "hand-end", "game-end"]

HUMAN = 0
# Seconds, at each speed (hearts.engine.choices.SPEEDS), an opponent's card waits
# before it lands, and a full trick stays on the table before it goes to
# its winner.
CARD_DELAY: dict[Speed, float] = {"slow": 1.1, "normal": 0.65, "fast": 0.3, "instant": 0.0}
TRICK_PAUSE: dict[Speed, float] = {"slow": 2.0, "normal": 1.3, "fast": 0.7, "instant": 0.0}


@dataclass(frozen=True)
class DealFacts:
    """What lets anyone check the hand on the table (the rules page, "Where
    the cards come from"): its fingerprint, and once it has ended the
    game's seed and the hand's number (from 0)."""

    fingerprint: str
    hand: int
    seed: int | None = None  # None until the hand has ended: the seed tells every card


@dataclass(frozen=True, kw_only=True)
class History:
    """The statistics and the replays (hearts.app.history): the ``stats``
    across games (hearts.app.stats) and the code of refused stored ones
    (``error``); the statistics read from a ``file`` while "stats-open" asks
    before they replace these, and what came of the last file (``note``:
    "stats-opened" or a refusal's code); a finished hand told trick by trick
    (``replay``, hearts.engine.replay, overlay "replay") at its ``step``."""

    stats: Stats = NO_STATS
    error: str | None = None
    file: Stats | None = None
    note: str | None = None
    replay: Replay | None = None
    step: int = 0


@dataclass(frozen=True, kw_only=True)
class TodaysHand:
    """Today's hand (hearts.app.today_play): the ``date`` of the one on the
    table (None: the table's game is not it), whether that day had a result
    before it started (a ``replay``), the game in progress ``aside`` (its
    save text), what came of the share button (``shared``: "copied",
    "select"), the ``days`` played (hearts.app.today), and the page's date as
    it last said (``seen``: the run of days counts up to it)."""

    date: str | None = None
    replay: bool = False
    aside: str | None = None
    shared: Literal["copied", "select"] | None = None
    days: Days = field(default_factory=Days)
    seen: str | None = None

    def off_the_table(self) -> TodaysHand:
        """No day's hand on the table any more; the days played kept."""
        return replace(self, date=None, replay=False, aside=None, shared=None)


@dataclass(frozen=True, kw_only=True)
class Coach:
    """The review of a hand (hearts.app.coach): the one on screen (its
    ``key``, hearts.app.coach.review_key; the share of its search ``done``;
    the hearts.app.review.Review once ready; whether Back goes to the
    replay) and the ``finished`` ones of this game, by key."""

    key: str | None = None
    done: float = 0.0
    review: Review | None = None
    back: bool = False
    finished: tuple[tuple[str, Review], ...] = ()


@dataclass(frozen=True, kw_only=True)
class Versions:
    """New versions, offline and the storage the browser keeps
    (hearts.app.versions): whether a new version waits (switched to at the
    next hand or game, or now); the notices; the browser's answer about
    keeping storage, and whether this page asked it already (at its first
    New game)."""

    waiting: bool = False
    notices: tuple[Notice, ...] = ()
    persist: Persist = "unknown"
    persist_asked: bool = False


@dataclass(frozen=True, kw_only=True)
class Ui:
    """Everything on screen that is not the game itself (all plain data).
    Changed only through :func:`with_ui` and :func:`cleared`, whose
    keywords mypy checks against these fields."""

    settings: Settings = field(default_factory=Settings)
    screen: Screen = "start"
    overlay: Overlay | None = None
    epoch: int = 0  # bumps on every game change; stale timers are ignored
    picked: tuple[Card, ...] = ()  # cards picked to pass
    message: Said | None = None  # the table's message line
    hint: tuple[Card, ...] = ()
    hint_pending: bool = False
    pause: bool = False  # a full trick is on the table, about to be collected
    thinking: int | None = None  # seat whose move is awaited
    # The opponents' passes for this hand, chosen while the player chooses:
    # (the hand's key, the passes of seats 1-3, or None while they think).
    bot_passes: tuple[Any, ...] = ()
    storage: Storage = "ok"
    save_error: str | None = None  # code of a refused saved game
    error: str | None = None  # text of an unexpected error
    next_seed: int | None = None  # seed of the next new game (?seed=N)
    lifted: Card | None = None  # tap twice to play: the card the first tap lifted
    touch: bool = False  # a touch screen (pointer: coarse): two-tap play unless chosen off
    history: History = field(default_factory=History)
    # What the file chooser is for: "game" (Open a game from a file) or
    # "stats" (the statistics, hearts.app.history).
    picking: Literal["game", "stats"] = "game"
    owner: Owner = "here"  # one game, one owner (hearts/app/keeping.py)
    rev: int = 0  # revision of the position on screen (hearts.engine.save.revision)
    saved_rev: int = -1  # revision of the last position known to be stored (-1: none)
    retrying: bool = False  # a retry of a failed save is scheduled (hearts.app.saving)
    behind: bool = False  # the stored position (just restored) lacks moves made after it
    refused: bool = False  # a refused save is kept aside (it can be downloaded)
    file_error: str | None = None  # code of a refused imported file
    file_game: str | None = None  # a game opened from a file, while "open-game" asks before it replaces this one
    notes: tuple[str, ...] = ()  # about stored data or the address (hearts.text.spoken.NOTES)
    coach: Coach = field(default_factory=Coach)
    versions: Versions = field(default_factory=Versions)
    # Each hand's par (hearts.app.par), by its key (hearts.app.par.par_key).
    pars: tuple[tuple[str, Par], ...] = ()
    today: TodaysHand = field(default_factory=TodaysHand)
    # Filled in by visible() for the view only, never kept in the model: the
    # hand's DealFacts, and the pars of the game's finished hands, hand by
    # hand (None: not known yet; none at all with the setting off).
    deal: DealFacts | None = None
    pars_shown: tuple[Par | None, ...] = ()


@dataclass(frozen=True)
class Model:
    ui: Ui = field(default_factory=Ui)
    game: Game | None = None
    undo_used: bool = False  # the player took a card back in this game (saved with it)


def visible(model: Model) -> tuple[Ui, PlayerView | None]:
    """What the view may use: the Ui (with the hand's :class:`DealFacts`)
    and the human's view of the game."""
    game = model.game
    if game is None:
        return model.ui, None
    ui = model.ui
    facts, pars = deal_facts(game), pars_shown(model)
    if facts != ui.deal or pars != ui.pars_shown:
        ui = replace(ui, deal=facts, pars_shown=pars)
    return ui, game.view(HUMAN)


def pars_shown(model: Model) -> tuple[Par | None, ...]:
    """The pars of the game on the table's finished hands, hand by hand
    (None: not known, or being computed); none with the setting off."""
    game = model.game
    if game is None or not (model.ui.settings.par or model.ui.today.date) or not game.results:
        return ()
    known = dict(model.ui.pars)
    prefix = game_key(game) + ":"
    return tuple(known.get(f"{prefix}{i}") for i in range(len(game.results)))


def deal_facts(game: Game) -> DealFacts | None:
    """The hand's :class:`DealFacts`, if its cards are the ones the game's
    seed deals for it (not a deal of a file's or of a seedless save: no
    fingerprint vouches for those); the seed only once the hand is over."""
    seed = game.seed
    if type(seed) is not int:
        return None
    hand = game.hand_number
    if not _dealt_by_seed(seed, hand, game.record().dealt):
        return None
    over = game.phase is Phase.HAND_END or game.phase is Phase.GAME_END
    return DealFacts(fingerprint(seed, hand), hand, seed if over else None)


@lru_cache(maxsize=8)
def _dealt_by_seed(seed: int, hand: int, dealt: tuple[int, int, int, int]) -> bool:
    return deal(seed, hand) == dealt


_Fields = ParamSpec("_Fields")
_T = TypeVar("_T")
_R = TypeVar("_R")


def _keywords_of(record: Callable[_Fields, Any]) -> Callable[[Callable[Concatenate[_T, ...], _R]],
                                                            Callable[Concatenate[_T, _Fields], _R]]:
    """Gives a function of ``(value, **changes)`` the keywords of ``record``'s
    fields, each with its type, for mypy: a misspelt field, or a value of the
    wrong type, fails the type check, not the line when it runs."""
    def typed(change: Callable[Concatenate[_T, ...], _R]) -> Callable[Concatenate[_T, _Fields], _R]:
        return change
    return typed


@_keywords_of(Ui)
def with_ui(model: Model, **changes: Any) -> Model:
    """``model`` with its Ui's ``changes`` (fields of :class:`Ui`, checked by mypy)."""
    return replace(model, ui=replace(model.ui, **changes))


@_keywords_of(Ui)
def cleared(ui: Ui, **changes: Any) -> Ui:
    """``ui`` for a position new to the table (a game started, opened,
    adopted or given up): none of the picks, message, hint, paused trick,
    dialog or errors of the one before; then ``changes`` (fields of
    :class:`Ui`, checked by mypy)."""
    fresh = replace(ui, overlay=None, picked=(), message=None, hint=(), hint_pending=False,
                    pause=False, error=None, save_error=None, file_game=None)
    return replace(fresh, **changes)


def level_of(ui: Ui) -> Level:
    """The opponents' level on the table: Hard in today's hand, else the setting."""
    return "hard" if ui.today.date is not None else ui.settings.level


def two_tap(ui: Ui) -> bool:
    """Whether a card is played by a second tap: the setting when it was
    chosen, else on for a touch screen."""
    chosen = ui.settings.two_tap
    return ui.touch if chosen is None else chosen


def displayed_phase(ui: Ui, pv: PlayerView | None) -> DisplayedPhase:
    """The table root's data-phase: start, pass, play, hand-end, game-end.

    While the last trick of a hand is still on the table, it is "play"."""
    if ui.screen != "table" or pv is None:
        return "start"
    if ui.pause:
        return "play"
    return pv.phase.value
