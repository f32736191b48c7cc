"""What flows through the page, as data: messages (what happened) go into
:func:`hearts.ui.update.update`; effects (what the controller should do
next) come out of it.

Each is a small immutable record. :data:`Msg` and :data:`Effect` are the
unions of them all; ``update`` has a handler for every Msg and the
controller runs every Effect. Nothing here imports the game's logic or the
browser.
"""

from __future__ import annotations

from typing import NamedTuple, Union

from .model import Settings


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


Msg = Union[
    NewGame, SetLevel, SetLang, SetSpeed, ToggleFourColour, ShowOverlay, CloseOverlay, ClickCard,
    ConfirmPass, Continue, AskHint, HintReady, OpponentMove, Collect, SaveFailed, Crash, StartOver,
    KeepGame, Dismiss,
    Undo, ConfirmNewGame, ToggleTwoTap,
    ShowStats, AskResetStats, ConfirmResetStats, ShowReplay, ReplayStep,
    Elsewhere, TakeOver, Adopt, SaveResumed, DownloadRefusedSave, HideRefused, ExportGame,
    ImportGame, Imported,
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
    """Items for the polite live region (see view.announcement)."""
    items: tuple


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


Effect = Union[
    Think, Later, FindHint, Save, ClearSave, StoreSettings, Language, Announce, StoreStats,
    Claim, KeepAside, DownloadRefused, Download, PickFile,
]
