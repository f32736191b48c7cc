"""What flows through the page, as data: messages (what happened) go into
:func:`hearts.ui.update.update`; effects (what the controller should do
next) come out of it; and what the page says (:data:`Said`: the live
region's items, and the table's message line, ``Ui.message``).

Each is a small immutable record. :data:`Msg`, :data:`Effect` and
:data:`Said` are the unions of them all; ``update`` has a handler for
every Msg, the controller runs every Effect, and
:func:`hearts.ui.view.say` puts every Said into words. Nothing here
imports the game's logic or the browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Union

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (model.py imports this module: Ui.message is a Said)
    from .model import Settings


# -- what the page says ------------------------------------------------------------
# (Dataclasses, not tuples: Turn(0) and Passing(0) are different things.)

@dataclass(frozen=True)
class Played:
    seat: int
    card: str


@dataclass(frozen=True)
class TrickTaken:
    seat: int


@dataclass(frozen=True)
class Turn:
    """Whose turn it is (None: nobody's)."""
    seat: int | None


@dataclass(frozen=True)
class Passing:
    """Which way this hand passes (hearts.game.PassDirection as an int; 0: no pass)."""
    direction: int


@dataclass(frozen=True)
class Received:
    cards: tuple[str, ...]


@dataclass(frozen=True)
class HandScored:
    points: tuple[int, ...]  # per seat
    moon: int | None  # the seat that shot the moon


@dataclass(frozen=True)
class Tie:
    """The game reached its end with a shared lowest total: one more hand."""


@dataclass(frozen=True)
class Won:
    seat: int


@dataclass(frozen=True)
class Refusal:
    """A refused action: a hearts.game.Reason value (or a code of the UI's
    own: "card-not-held"), and the suit led when it matters."""
    code: str
    suit: str | None = None


@dataclass(frozen=True)
class Hint:
    cards: tuple[str, ...]  # one card to play, or three to pass
    explain: object = None  # hearts.ai.explain.Explanation, when the search gave one


@dataclass(frozen=True)
class Undone:
    """The player's last card was taken back."""


@dataclass(frozen=True)
class Lifted:
    """Two-tap play: the first tap lifted this card."""
    card: str


@dataclass(frozen=True)
class Text:
    """A fixed sentence, marked for translation (N_)."""
    text: str


@dataclass(frozen=True)
class Note:
    """A note about stored data or the address (a code of hearts.ui.stored.NOTES)."""
    code: str


Said = Union[Played, TrickTaken, Turn, Passing, Received, HandScored, Tie, Won, Refusal, Hint,
             Undone, Lifted, Text, Note]


# -- messages: the table ---------------------------------------------------------

class NewGame(NamedTuple):
    seed: int = 0  # used when no ?seed=N is pending


class SetLevel(NamedTuple):
    level: str


class SetLang(NamedTuple):
    lang: str


class SetSpeed(NamedTuple):
    speed: str


class ToggleFourColour(NamedTuple):
    pass


class ShowOverlay(NamedTuple):
    name: str  # "rules" | "menu" | "last-trick"


class CloseOverlay(NamedTuple):
    pass


class ClickCard(NamedTuple):
    card: str


class ConfirmPass(NamedTuple):
    pass


class Continue(NamedTuple):
    pass


class AskHint(NamedTuple):
    pass


class HintReady(NamedTuple):
    epoch: int
    cards: tuple[str, ...]
    explain: object = None  # hearts.ai.explain.Explanation, when the search gave one


class PassesReady(NamedTuple):
    """The opponents' passes for the hand ``key`` (see ThinkPasses), seats 1 to 3."""
    key: tuple
    passes: tuple[tuple[str, str, str], ...]


class OpponentMove(NamedTuple):
    epoch: int
    seat: int
    card: str


class Collect(NamedTuple):
    epoch: int


class SaveFailed(NamedTuple):
    saved_rev: int | None = None  # revision of the last position stored (None: unknown)


class Crash(NamedTuple):
    text: str


class StartOver(NamedTuple):
    pass


class KeepGame(NamedTuple):
    pass


class Dismiss(NamedTuple):
    """Escape, or a click on a dialog's backdrop."""


# -- messages: undo, the previous trick, a new game's question (hearts.ui.play) ---

class Undo(NamedTuple):
    """Take back the player's last card of this hand (and every card after it)."""


class ConfirmNewGame(NamedTuple):
    """Yes, abandon the game in progress and start a new one."""
    seed: int = 0


class ToggleTwoTap(NamedTuple):
    """The setting "Tap twice to play"."""


# -- messages: statistics and the replay (hearts.ui.extras) -----------------------

class ShowStats(NamedTuple):
    pass


class AskResetStats(NamedTuple):
    pass


class ConfirmResetStats(NamedTuple):
    pass


class ShowReplay(NamedTuple):
    hand: int  # 0-based index of a finished hand of the current game


class ReplayStep(NamedTuple):
    delta: int  # +1 next trick, -1 previous; large values go to the end / start


# -- messages: keeping the game (hearts.ui.keeping) --------------------------------

class Elsewhere(NamedTuple):
    """Another tab plays the game ("open"), or stored a newer position ("moved")."""
    why: str = "open"


class TakeOver(NamedTuple):
    pass


class Adopt(NamedTuple):
    """This tab now owns the game: go on from the stored ``saved`` text."""
    saved: str | None = None


class SaveResumed(NamedTuple):
    rev: int


class DownloadRefusedSave(NamedTuple):
    pass


class HideRefused(NamedTuple):
    pass


class ExportGame(NamedTuple):
    pass


class ImportGame(NamedTuple):
    pass


class Imported(NamedTuple):
    """The text of the file the player chose (None: none could be read)."""
    text: str | None


# -- messages: the review of a hand, the claim (hearts.ui.coach) ---------------------

class ShowReview(NamedTuple):
    """Open the review of finished hand ``hand`` (0 = the first)."""
    hand: int


class ReviewProgress(NamedTuple):
    key: str  # which review (hearts.ui.coach.review_key)
    done: float  # share of the searches done, 0..1


class ReviewReady(NamedTuple):
    key: str
    review: object  # hearts.review.Review


class ClaimTricks(NamedTuple):
    """Take every remaining trick at once (offered only when sure)."""


# -- messages: a new version, offline, storage the browser keeps (hearts.ui.updates) ------

class UpdateReady(NamedTuple):
    """A new version of the game is ready (assets/updates.js)."""


class UpdateNow(NamedTuple):
    """The player chose to switch to the new version now."""


class OfflineReady(NamedTuple):
    """The first visit has cached everything: the game now works offline."""


class Persisted(NamedTuple):
    """Whether the browser keeps this site's storage: "granted", "denied" or
    "none" (no navigator.storage); ``asked``: the answer to persist(), not
    only a look (persisted())."""
    state: str
    asked: bool = False


class DismissNotice(NamedTuple):
    """OK on a notice (the offline one, the reminder to save to a file)."""


Msg = Union[
    NewGame, SetLevel, SetLang, SetSpeed, ToggleFourColour, ShowOverlay, CloseOverlay, ClickCard,
    ConfirmPass, Continue, AskHint, HintReady, PassesReady, OpponentMove, Collect, SaveFailed, Crash, StartOver,
    KeepGame, Dismiss,
    Undo, ConfirmNewGame, ToggleTwoTap,
    ShowStats, AskResetStats, ConfirmResetStats, ShowReplay, ReplayStep,
    Elsewhere, TakeOver, Adopt, SaveResumed, DownloadRefusedSave, HideRefused, ExportGame,
    ImportGame, Imported,
    ShowReview, ReviewProgress, ReviewReady, ClaimTricks,
    UpdateReady, UpdateNow, OfflineReady, Persisted, DismissNotice,
]


# -- effects ------------------------------------------------------------------------

class Think(NamedTuple):
    """Wait ``delay`` seconds, let opponent ``seat`` choose, send OpponentMove."""
    seat: int
    epoch: int
    delay: float


class Later(NamedTuple):
    """Send ``msg`` after ``delay`` seconds."""
    delay: float
    msg: Msg


class ThinkPasses(NamedTuple):
    """Let the opponents choose their passes for the hand ``key`` while the
    player chooses (Hard searches, in slices); send PassesReady."""
    key: tuple


class FindHint(NamedTuple):
    """Run the Hard search for the human's seat, send HintReady."""
    epoch: int


class Save(NamedTuple):
    text: str
    rev: int = 0  # the position's revision: the controller refuses to store it over a newer one


class ClearSave(NamedTuple):
    pass


class StoreSettings(NamedTuple):
    settings: Settings


class Language(NamedTuple):
    lang: str


class Announce(NamedTuple):
    """Say these in the polite live region (hearts.ui.view.announcement)."""
    items: tuple[Said, ...]


class StoreStats(NamedTuple):
    """Write the statistics' text to localStorage (controller: STATS_KEY)."""
    text: str


class Claim(NamedTuple):
    """Take the game's lock from whichever tab holds it, then send Adopt."""


class KeepAside(NamedTuple):
    """Copy a refused save's text under its own key."""
    text: str


class DownloadRefused(NamedTuple):
    """Offer the refused save kept aside as a file."""


class Download(NamedTuple):
    text: str
    name: str


class PickFile(NamedTuple):
    """Ask the player for a file to open (the answer comes as Imported)."""


class RunReview(NamedTuple):
    """Review a finished hand in slices, send ReviewProgress and ReviewReady
    (while its screen stays open)."""
    key: str
    hand: int


class ApplyUpdate(NamedTuple):
    """Switch to the new version (the game is saved: the page reloads into it)."""


class AskPersist(NamedTuple):
    """Ask the browser to keep this site's storage (navigator.storage.persist()),
    send Persisted(asked=True)."""


Effect = Union[
    Think, ThinkPasses, Later, FindHint, Save, ClearSave, StoreSettings, Language, Announce, StoreStats,
    Claim, KeepAside, DownloadRefused, Download, PickFile, RunReview, ApplyUpdate, AskPersist,
]
