"""A new version told and never forced, "works offline now", and storage
the browser keeps (issue 26): the handlers (:func:`update` matches
``VersionsMsg``) and what the screen shows of them. Pure, like
update.py: the browser's side is assets/updates.js and sw.js (a new
build's worker waits until a page asks it to go ahead) and the runtime's
ports (``apply_update``, ``persist``).

- A new version (``UpdateReady``) sets ``Ui.update``: a notice says so,
  with Update now (``data-action="update-now"``). The switch
  (``ApplyUpdate``: the page reloads into the new version, the game saved
  before) comes when the player chooses: that button, or the next moment
  between hands (Continue after a hand, a new game). Never in the middle
  of a hand by itself. Not while nothing can be saved (storage off): the
  game would be lost.
- The first visit's worker has cached everything (``OfflineReady``): a
  notice says the game now works offline (once: later visits are served
  by the worker already).
- A new version did not fit in the site's storage quota (``UpdateTooBig``:
  sw.js cleaned up after it and tries again later, not at once): a notice
  says so, and that this version plays on.
- At this page's first New game (a moment the player chose to play, not
  at load) the browser is asked to keep the site's storage (``AskPersist``;
  at the start the runtime only looks, ``persisted()``). The menu says
  whether it does; where it does not, one notice (once ever:
  ``Settings.reminded``) says a game and the statistics can be saved to
  files. These two wait for a calm moment: the end of the hand, or the
  start screen. A browser
  without ``navigator.storage`` ("none") shows none of it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, assert_never

from ..engine.game import Phase
from ..text.i18n import N_, Translator
from . import messages as M
from .blocks import button, esc
from .events import Action as A
from .model import Model, Notice, Ui, with_ui

# Where a notice is shown: during a hand, at a hand's end, on the start
# screen or after a game.
Moment = Literal["hand", "hand-end", "game"]

# TRANSLATORS: a notice when a new version of the game was published while it is open.
UPDATE_READY = N_("A new version of the game is ready.")
# TRANSLATORS: after "A new version of the game is ready.", during a game.
UPDATE_AFTER_HAND = N_("It starts when this hand is over, or now if you like.")
# TRANSLATORS: after "A new version of the game is ready.", when a hand has just ended.
UPDATE_NEXT_HAND = N_("It starts with the next hand, or now if you like.")
# TRANSLATORS: after "A new version of the game is ready.", on the start screen or after a game.
UPDATE_NEXT_GAME = N_("It starts with your next game, or now if you like.")
# TRANSLATORS: button: switch to the new version of the game at once (the game is kept).
UPDATE_NOW = N_("Update now")
# TRANSLATORS: a notice once the first visit has stored everything the game needs.
OFFLINE_READY = N_("The game now works offline: it opens even without a connection.")
# TRANSLATORS: a notice when a new version of the game could not be stored: the browser's storage for the site is full.
UPDATE_TOO_BIG = N_("The new version of the game did not fit in the space your browser gives it. "
                    "You go on playing this version; the new one is tried again later.")
# TRANSLATORS: the one reminder, shown once, where the browser does not promise to keep the game's data.
KEEP_FILE = N_("Your browser may delete the game's data if you don't play for a while. "
               "To keep a game and your statistics, save them to files: the game from the menu, "
               "the statistics from Statistics.")
# TRANSLATORS: button that closes a notice.
NOTICE_OK = N_("OK")
# TRANSLATORS: in the menu: the browser promised to keep the game's data (persistent storage).
PERSIST_GRANTED = N_("Your browser keeps the game's data.")
# TRANSLATORS: in the menu: the browser did not promise to keep the game's data.
PERSIST_DENIED = N_("Your browser may delete the game's data after a while: "
                    "save a game and your statistics to files to keep them.")


def _between_hands(before: Model, after: Model, msg: M.Msg) -> bool:
    """Whether ``after`` starts a hand that ``before`` did not show: a new
    game (one in progress given up for it, too), or the next hand after
    the last one's end."""
    game, old = after.game, before.game
    if game is None or game is old or after.ui.screen != "table" or game.phase not in (Phase.PASS, Phase.PLAY):
        return False
    return (old is None or before.ui.screen != "table" or old.phase in (Phase.HAND_END, Phase.GAME_END)
            or isinstance(msg, M.ConfirmNewGame))


def can_switch(ui: Ui) -> bool:
    """A new version waits, and a switch keeps the game: it can be saved."""
    return ui.versions.waiting and ui.storage == "ok"


def at_a_boundary(before: Model, after: Model, msg: M.NewGame | M.ConfirmNewGame | M.Continue,
                  ) -> tuple[Model, list[M.Effect]]:
    """After New game, the table's New game or Continue (``before`` became
    ``after``): the first New game of this page asks the browser to keep
    storage; a new version waiting switches once a new hand is on the
    table (after the new position's Save). The change and the effects to
    add after the message's own."""
    effects: list[M.Effect] = []
    versions = after.ui.versions
    if (not isinstance(msg, M.Continue) and not versions.persist_asked
            and after.game is not None and after.game is not before.game and versions.persist != "none"):
        after = with_ui(after, versions=replace(after.ui.versions, persist_asked=True))
        effects.append(M.AskPersist())
    if can_switch(after.ui) and _between_hands(before, after, msg):
        effects.append(M.ApplyUpdate())
    return after, effects


def _told(model: Model, notice: Notice) -> Model:
    """``model`` with ``notice`` among the notices to show (once)."""
    notices = model.ui.versions.notices
    if notice in notices:
        return model
    return with_ui(model, versions=replace(model.ui.versions, notices=notices + (notice,)))


def _update_ready(model: Model, msg: M.UpdateReady) -> tuple[Model, list[M.Effect]]:
    if model.ui.versions.waiting:
        return model, []
    return with_ui(model, versions=replace(model.ui.versions, waiting=True)), []


def _update_now(model: Model, msg: M.UpdateNow) -> tuple[Model, list[M.Effect]]:
    if not can_switch(model.ui):
        return model, []
    return model, [M.ApplyUpdate()]


def _offline_ready(model: Model, msg: M.OfflineReady) -> tuple[Model, list[M.Effect]]:
    return _told(model, "offline"), []


def _update_too_big(model: Model, msg: M.UpdateTooBig) -> tuple[Model, list[M.Effect]]:
    return _told(model, "update-quota"), []


def _persisted(model: Model, msg: M.Persisted) -> tuple[Model, list[M.Effect]]:
    state = msg.state
    ui = model.ui
    if not msg.asked and ui.versions.persist != "unknown":
        return model, []  # (a look at the start never replaces the answer)
    model = with_ui(model, versions=replace(model.ui.versions, persist=state))
    if msg.asked and state == "denied" and not ui.settings.reminded:
        settings = replace(ui.settings, reminded=True)
        model = _told(with_ui(model, settings=settings), "keep-file")
        return model, [M.StoreSettings(settings)]
    return model, []


def _dismiss_notice(model: Model, msg: M.DismissNotice) -> tuple[Model, list[M.Effect]]:
    if not model.ui.versions.notices:
        return model, []
    versions = model.ui.versions
    return with_ui(model, versions=replace(versions, notices=versions.notices[1:])), []


def update(model: Model, msg: M.VersionsMsg) -> tuple[Model, list[M.Effect]]:
    """This feature's messages, each to its handler (mypy checks that none is left out)."""
    match msg:
        case M.UpdateReady():
            return _update_ready(model, msg)
        case M.UpdateNow():
            return _update_now(model, msg)
        case M.OfflineReady():
            return _offline_ready(model, msg)
        case M.UpdateTooBig():
            return _update_too_big(model, msg)
        case M.Persisted():
            return _persisted(model, msg)
        case M.DismissNotice():
            return _dismiss_notice(model, msg)
        case _:
            assert_never(msg)


# -- the screen ------------------------------------------------------------------------

# When a waiting version starts, by where the notice is shown.
_WHEN = {"hand": UPDATE_AFTER_HAND, "hand-end": UPDATE_NEXT_HAND, "game": UPDATE_NEXT_GAME}


def notices(ui: Ui, tr: Translator, moment: Moment = "game") -> str:
    """The new version's notice (while one waits; ``moment``: "hand" during
    a hand, "hand-end" after one, "game" on the start screen or after the
    game) and, at a calm moment (not during a hand, whose table has no room
    to spare on a phone), the first other notice (the offline one, the
    reminder), each with its buttons."""
    out = ""
    if ui.versions.waiting:
        when = ""
        if can_switch(ui):
            when = f" {esc(tr.text(_WHEN[moment]))}"
        now = button(tr.text(UPDATE_NOW), A.UPDATE_NOW, cls="btn small primary") if can_switch(ui) else ""
        out += (f'<div class="tell" role="status" data-notice="update">'
                f'<p>{esc(tr.text(UPDATE_READY))}{when}</p>{now}</div>')
    if ui.versions.notices and moment != "hand":
        name = ui.versions.notices[0]
        text = {"offline": OFFLINE_READY, "update-quota": UPDATE_TOO_BIG}.get(name, KEEP_FILE)
        ok = button(tr.text(NOTICE_OK), A.DISMISS_NOTICE, cls="btn small")
        out += (f'<div class="tell" role="status" data-notice="{esc(name)}">'
                f'<p>{esc(tr.text(text))}</p>{ok}</div>')
    return out


def persist_line(ui: Ui, tr: Translator) -> str:
    """The menu's line on whether the browser keeps the game's data."""
    persist = ui.versions.persist
    if persist not in ("granted", "denied"):
        return ""
    text = PERSIST_GRANTED if persist == "granted" else PERSIST_DENIED
    return f'<p class="persist-state" data-persist="{persist}">{esc(tr.text(text))}</p>'
