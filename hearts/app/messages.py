"""What flows through the page, as data: messages (what happened) go into
:func:`hearts.app.update.update`; effects (what the runtime should do
next) come out of it; and what the page says (:data:`Said`: the live
region's items, and the table's message line, ``Ui.message``; defined in
:mod:`hearts.text.spoken`, re-exported here).

Each is a small immutable record, a frozen dataclass: two records are
equal only when they are of one type with equal fields (``ClearSave() !=
PickFile()``, ``SetLevel("hard") != SetLang("hard")``; tuples would be).
:data:`Msg`, :data:`Effect` and
:data:`Said` are the unions of them all; ``update`` has a handler for
every Msg, the runtime runs every Effect, and
:func:`hearts.text.spoken.say` puts every Said into words. Nothing here
imports the game's logic or the browser (only the engine's names of
the levels and speeds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Union

from ..engine.cards import Card
from ..engine.choices import Level, Speed

if TYPE_CHECKING:  # (names of records carried, never imported at run time)
    from ..ai.explain import Explanation
    from ..engine.game import Game
    from .review import Review


# The dialogs a button opens (ShowOverlay); the others open as steps of a
# feature (hearts.app.model.Overlay names them all).
Opened = Literal["rules", "menu", "last-trick", "hint"]
# What the browser answers of keeping this site's storage (Persisted).
PersistAnswer = Literal["granted", "denied", "none"]
# The hand the opponents' passes are chosen for (steps.pass_key): the
# level, the hand's number, the player's cards as a mask.
PassKey = tuple[Level, int, int]


@dataclass(frozen=True)
class Settings:
    """The player's settings (the model's ``Ui.settings``; stored with
    :class:`StoreSettings`)."""
    lang: str = "en"
    level: Level = "normal"
    speed: Speed = "normal"
    four_colour: bool = False
    two_tap: bool | None = None  # "Tap twice to play"; None: not chosen (Ui.touch decides)
    reminded: bool = False  # the reminder to save to a file was shown (once: hearts.app.versions)
    par: bool = True  # each hand's par is computed and shown (hearts.app.par)


# -- what the page says ------------------------------------------------------------
# The records and their words are hearts.text.spoken's (words, not messages):
# named here too, beside the messages and effects that carry them.

from ..text.spoken import (  # noqa: E402  (re-exported: M.Played, M.Said...)
    HandScored as HandScored, Hint as Hint, Lifted as Lifted, Note as Note, Passing as Passing,
    Played as Played, Received as Received, Refusal as Refusal, Said as Said, Text as Text,
    Tie as Tie, TrickTaken as TrickTaken, Turn as Turn, Undone as Undone, Won as Won,
)


# -- messages: the table ---------------------------------------------------------

@dataclass(frozen=True)
class NewGame:
    seed: int = 0  # used when no ?seed=N is pending


@dataclass(frozen=True)
class SetLevel:
    level: Level


@dataclass(frozen=True)
class SetLang:
    lang: str


@dataclass(frozen=True)
class SetSpeed:
    speed: Speed


@dataclass(frozen=True)
class ToggleFourColour:
    pass


@dataclass(frozen=True)
class ShowOverlay:
    name: Opened


@dataclass(frozen=True)
class CloseOverlay:
    pass


@dataclass(frozen=True)
class ClickCard:
    """A card of the hand clicked (decoded once from the page's ``data-card``
    text: hearts.app.events.card)."""
    card: Card


@dataclass(frozen=True)
class ConfirmPass:
    pass


@dataclass(frozen=True)
class Continue:
    pass


@dataclass(frozen=True)
class AskHint:
    pass


@dataclass(frozen=True)
class HintReady:
    epoch: int
    cards: tuple[Card, ...]
    explain: Explanation | None = None  # when the search gave one


@dataclass(frozen=True)
class PassesReady:
    """The opponents' passes for the hand ``key`` (see ThinkPasses), seats 1 to 3."""
    key: PassKey
    passes: tuple[tuple[Card, Card, Card], ...]


@dataclass(frozen=True)
class OpponentMove:
    epoch: int
    seat: int
    card: Card


@dataclass(frozen=True)
class Collect:
    epoch: int


@dataclass(frozen=True)
class SaveFailed:
    saved_rev: int | None = None  # revision of the last position stored (None: unknown)


@dataclass(frozen=True)
class Crash:
    text: str


@dataclass(frozen=True)
class StartOver:
    pass


@dataclass(frozen=True)
class KeepGame:
    pass


@dataclass(frozen=True)
class Dismiss:
    """Escape, or a click on a dialog's backdrop."""


# -- messages: undo, the previous trick, a new game's question (hearts.app.table_extras)

@dataclass(frozen=True)
class Undo:
    """Take back the player's last card of this hand (and every card after it)."""


@dataclass(frozen=True)
class ConfirmNewGame:
    """Yes, abandon the game in progress and start a new one."""
    seed: int = 0


@dataclass(frozen=True)
class ToggleTwoTap:
    """The setting "Tap twice to play"."""


# -- messages: statistics and the replay (hearts.app.history) ----------------------

@dataclass(frozen=True)
class ShowStats:
    day: str | None = None  # the page's date (YYYY-MM-DD): today's hand's run of days counts up to it


@dataclass(frozen=True)
class AskResetStats:
    pass


@dataclass(frozen=True)
class ConfirmResetStats:
    pass


@dataclass(frozen=True)
class ExportStats:
    pass


@dataclass(frozen=True)
class ImportStats:
    pass


@dataclass(frozen=True)
class ConfirmOpenStats:
    pass


@dataclass(frozen=True)
class ShowReplay:
    hand: int  # 0-based index of a finished hand of the current game


@dataclass(frozen=True)
class ReplayStep:
    delta: int  # +1 next trick, -1 previous; large values go to the end / start


# -- messages: keeping the game (hearts.app.keeping) --------------------------------

@dataclass(frozen=True)
class Elsewhere:
    """Another tab plays the game ("open"), or stored a newer position ("moved")."""
    why: Literal["open", "moved"] = "open"


@dataclass(frozen=True)
class TakeOver:
    pass


@dataclass(frozen=True)
class Adopt:
    """This tab now owns the game: go on from the stored ``saved`` text,
    and from the statistics stored now (``stats``: another tab may have
    counted games since this one read them)."""
    saved: str | None = None
    stats: str | None = None
    today: str | None = None  # today's hand's stored record (hearts.app.today_play): the save may be the day's hand
    days: str | None = None  # the days of today's hand played, as stored now


@dataclass(frozen=True)
class StatsStored:
    """Another tab stored the statistics (their text): this tab counts on from them."""
    text: str | None = None


@dataclass(frozen=True)
class SaveResumed:
    rev: int


@dataclass(frozen=True)
class RetrySave:
    """Time to try a failed save again (hearts.app.saving.RETRY_SAVE)."""


@dataclass(frozen=True)
class DownloadRefusedSave:
    pass


@dataclass(frozen=True)
class HideRefused:
    pass


@dataclass(frozen=True)
class ExportGame:
    pass


@dataclass(frozen=True)
class ImportGame:
    pass


@dataclass(frozen=True)
class Imported:
    """The text of the file the player chose (None: none could be read): a
    game, or statistics if the chooser was opened for them (``Ui.picking``)."""
    text: str | None


@dataclass(frozen=True)
class ConfirmOpenGame:
    """Yes to "Replace this game with the one in the file?" (Ui.file_game)."""


# -- messages: the review of a hand, the claim (hearts.app.coach) ---------------------

@dataclass(frozen=True)
class ShowReview:
    """Open the review of finished hand ``hand`` (0 = the first)."""
    hand: int


@dataclass(frozen=True)
class ReviewProgress:
    key: str  # which review (hearts.app.coach.review_key)
    done: float  # share of the searches done, 0..1


@dataclass(frozen=True)
class ReviewReady:
    key: str
    review: Review


@dataclass(frozen=True)
class Par:
    """A hand's par: the points Hard would have taken in the player's seat
    (after the moon rule), and who shot the moon in that hand (0: Hard;
    None: nobody). See hearts.app.par."""
    points: int
    moon: int | None = None


@dataclass(frozen=True)
class ParReady:
    key: str  # which hand (hearts.app.par.par_key)
    par: Par


@dataclass(frozen=True)
class TogglePar:
    """The par of each hand on or off (a setting)."""


@dataclass(frozen=True)
class ClaimTricks:
    """Take every remaining trick at once (offered only when sure)."""


# -- messages: a new version, offline, storage the browser keeps (hearts.app.versions) ------

@dataclass(frozen=True)
class UpdateReady:
    """A new version of the game is ready (assets/updates.js)."""


@dataclass(frozen=True)
class UpdateNow:
    """The player chose to switch to the new version now."""


@dataclass(frozen=True)
class OfflineReady:
    """The first visit has cached everything: the game now works offline."""


@dataclass(frozen=True)
class UpdateTooBig:
    """A new version did not fit in the storage the browser gives the site
    (sw.js deleted what it had stored of it and tries again later): this
    version plays on."""


@dataclass(frozen=True)
class Persisted:
    """Whether the browser keeps this site's storage: "granted", "denied" or
    "none" (no navigator.storage); ``asked``: the answer to persist(), not
    only a look (persisted())."""
    state: PersistAnswer
    asked: bool = False


@dataclass(frozen=True)
class DismissNotice:
    """OK on a notice (the offline one, the reminder to save to a file)."""


# -- messages: today's hand (hearts.app.today_play) ------------------------------

@dataclass(frozen=True)
class PlayToday:
    """Today's hand: ``day`` the calendar date, ``YYYY-MM-DD`` (the page's
    local date, or ``?date=``)."""
    day: str


@dataclass(frozen=True)
class DaysStored:
    """Another tab stored the days of today's hand played (their text): this
    tab goes on from them."""
    text: str | None = None


@dataclass(frozen=True)
class Share:
    """The share button of today's hand's end."""


@dataclass(frozen=True)
class Shared:
    """What came of the copy: ``ok`` copied; else the page selected the text."""
    ok: bool


# Each feature's messages, one union each (written with ``|``, so that
# ``isinstance(msg, HistoryMsg)`` narrows for mypy as it runs): its
# module's ``update`` matches every one of them, and hearts.app.update
# hands each union to its module; a message left out of a union, or a
# union's message without its case, fails the type check (assert_never).
#: The table and its play (hearts.app.update).
TableMsg = (NewGame | SetLevel | SetLang | SetSpeed | ToggleFourColour | ShowOverlay | CloseOverlay
            | ClickCard | ConfirmPass | Continue | AskHint | HintReady | PassesReady | OpponentMove
            | Collect | Crash | StartOver | KeepGame | Dismiss)
#: Undo, the table's New game, tap twice to play (hearts.app.table_extras).
TableExtrasMsg = Undo | ConfirmNewGame | ToggleTwoTap
#: The statistics and a finished hand told trick by trick (hearts.app.history).
HistoryMsg = (StatsStored | ShowStats | AskResetStats | ConfirmResetStats | ExportStats | ImportStats
              | ConfirmOpenStats | ShowReplay | ReplayStep)
#: One game, one owner, and games in files (hearts.app.keeping).
KeepingMsg = (Elsewhere | TakeOver | Adopt | SaveResumed | DownloadRefusedSave | HideRefused | ExportGame
              | ImportGame | Imported | ConfirmOpenGame)
#: A save that failed (hearts.app.saving).
SavingMsg = SaveFailed | RetrySave
#: The review of a hand and taking the rest (hearts.app.coach).
CoachMsg = ShowReview | ReviewProgress | ReviewReady | ClaimTricks
#: Each hand's par (hearts.app.par).
ParMsg = ParReady | TogglePar
#: New versions, offline, storage kept (hearts.app.versions).
VersionsMsg = UpdateReady | UpdateNow | OfflineReady | UpdateTooBig | Persisted | DismissNotice
#: Today's hand (hearts.app.today_play).
TodayMsg = PlayToday | DaysStored | Share | Shared

Msg = TableMsg | TableExtrasMsg | HistoryMsg | KeepingMsg | SavingMsg | CoachMsg | ParMsg | VersionsMsg | TodayMsg


# -- effects ------------------------------------------------------------------------

@dataclass(frozen=True)
class Think:
    """Wait ``delay`` seconds, let opponent ``seat`` choose, send OpponentMove."""
    seat: int
    epoch: int
    delay: float


@dataclass(frozen=True)
class Later:
    """Send ``msg`` after ``delay`` seconds."""
    delay: float
    msg: Msg


@dataclass(frozen=True)
class ThinkPasses:
    """Let the opponents choose their passes for the hand ``key`` while the
    player chooses (Hard searches, in slices); send PassesReady."""
    key: PassKey


@dataclass(frozen=True)
class FindHint:
    """Run the Hard search for the human's seat, send HintReady."""
    epoch: int


@dataclass(frozen=True)
class Save:
    text: str
    rev: int = 0  # the position's revision: the runtime refuses to store it over a newer one


@dataclass(frozen=True)
class ClearSave:
    pass


@dataclass(frozen=True)
class StoreSettings:
    settings: Settings


@dataclass(frozen=True)
class Language:
    lang: str


@dataclass(frozen=True)
class Announce:
    """Say these in the polite live region (hearts.text.spoken.announcement)."""
    items: tuple[Said, ...]


@dataclass(frozen=True)
class StoreStats:
    """Write the statistics' text to localStorage (hearts.app.stored.STATS)."""
    text: str


@dataclass(frozen=True)
class StealLock:
    """Take the game's lock from whichever tab holds it, then send Adopt."""


@dataclass(frozen=True)
class KeepAside:
    """Copy a refused save's text under its own key."""
    text: str


@dataclass(frozen=True)
class DownloadRefused:
    """Offer the refused save kept aside as a file."""


@dataclass(frozen=True)
class Download:
    text: str
    name: str


@dataclass(frozen=True)
class PickFile:
    """Ask the player for a file to open (the answer comes as Imported; what
    it is for, a game or statistics, is in the model: ``Ui.picking``)."""


@dataclass(frozen=True)
class RunReview:
    """Review a finished hand in slices, send ReviewProgress and ReviewReady
    (while its screen stays open)."""
    key: str
    hand: int


@dataclass(frozen=True)
class FindPar:
    """Compute the par of the hand that just ended in ``game`` (opponents of
    ``level``) in slices, send ParReady (hearts.app.par_search)."""
    key: str
    game: Game
    level: Level


@dataclass(frozen=True)
class ApplyUpdate:
    """Switch to the new version (the game is saved: the page reloads into it)."""


@dataclass(frozen=True)
class AskPersist:
    """Ask the browser to keep this site's storage (navigator.storage.persist()),
    send Persisted(asked=True)."""


@dataclass(frozen=True)
class StoreView:
    """Keep the picks and a finished trick for a reload (hearts.app.stored.VIEW;
    None: remove what was kept)."""
    text: str | None


@dataclass(frozen=True)
class Measure:
    """A game ended: collect the garbage and show the page's counters
    (data-py-objects, data-tasks) for the soak test."""


@dataclass(frozen=True)
class StoreToday:
    """Keep today's hand's record for a reload (hearts.app.stored.TODAY: its
    date, whether it is a replay, the game in progress beside it); None:
    remove it."""
    text: str | None


@dataclass(frozen=True)
class StoreDays:
    """Keep the days played (hearts.app.today.dumps)."""
    text: str


@dataclass(frozen=True)
class CopyText:
    """Copy the text of the page's ``[data-share-text]`` (today's result) to
    the clipboard; where that cannot be done, select it for the player to
    copy. Send Shared."""


Effect = Union[
    Think, ThinkPasses, Later, FindHint, Save, ClearSave, StoreSettings, Language, Announce, StoreStats,
    StealLock, KeepAside, DownloadRefused, Download, PickFile, RunReview, ApplyUpdate, AskPersist,
    StoreView, Measure, FindPar, StoreToday, StoreDays, CopyText,
]
