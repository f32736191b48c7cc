"""The messages between the page's two threads, written once for both.

The main thread runs the controller (:mod:`hearts.page.controller`) in
MicroPython under PyScript; the game runs in Pyodide in a Web Worker
(:mod:`hearts.page.worker`). They share no memory and talk only by
``postMessage``: each message is a plain object ``{"kind": KIND, ...}``.
Both import this module (MicroPython reads it as the top-level module
``protocol``: ``pyscript.toml``), so a kind, a field or a timing is
never written twice. It is plain Python that MicroPython also runs: no
``__future__``, ``typing`` or ``dataclasses`` here (annotations are fine:
MicroPython never evaluates them).

To the worker (the page's events and the answers to the worker's questions):

- ``card`` {card, detail}: a card clicked (``detail``: the click's count)
- ``action`` {action, value}: a button's ``data-action`` and ``data-value``
- ``backdrop``, ``key`` {key}: a dialog's dimmed backdrop; a key pressed
- ``file`` {text}: the text of the file chosen (null: none, or too big)
- ``stored`` {key, value}: another tab's write of this install's storage
- ``written`` / ``refused`` {area, key, value[, actual, full]}: the page's
  write of a value the worker asked for, made or not
- ``answer`` {id, value}: to ``lock`` and ``persist``; ``lost`` {id}: the
  game's Web Lock, taken by another tab
- ``leave``, ``back``: pagehide; pageshow from the back-forward cache
- ``update`` {what}: ``"ready"`` (a new version waits), ``"offline"``
- ``error`` {text}: an error in the page; ``ping``: is the worker alive?
- ``shared`` {ok}: what came of ``copy``: copied, or the text selected
- ``start``: the first message, :func:`start`'s fields

To the page (what the game asks of it):

- ``limits`` {file}: the largest file "Open a game from a file" reads
- ``render`` {html}, ``announce`` {text}, ``lang`` {lang}, ``title``
  {title}, ``mark`` {name, value} (an attribute on <html>), ``text`` {text}
  (the last resort)
- ``store`` {area, key, value, expect}, ``forget`` {area, key}: storage
  (:mod:`hearts.page.mirror`: a write is a compare-and-set against
  ``expect``)
- ``lock`` {id, key, steal}, ``release``: the game's Web Lock
- ``download`` {text, name}, ``persist`` {id, ask}, ``apply-update``,
  ``pong``
- ``copy``: copy the text of ``[data-share-text]`` (today's result)
"""

# -- to the worker
CARD = "card"
ACTION = "action"
BACKDROP = "backdrop"
KEY = "key"
FILE = "file"
STORED = "stored"
WRITTEN = "written"
REFUSED = "refused"
ANSWER = "answer"
LOST = "lost"
LEAVE = "leave"
BACK = "back"
UPDATE = "update"
ERROR = "error"
PING = "ping"
START = "start"
SHARED = "shared"

# -- to the page
LIMITS = "limits"
RENDER = "render"
ANNOUNCE = "announce"
LANG = "lang"
TITLE = "title"
MARK = "mark"
TEXT = "text"
STORE = "store"
FORGET = "forget"
LOCK = "lock"
RELEASE = "release"
DOWNLOAD = "download"
PERSIST = "persist"
APPLY_UPDATE = "apply-update"
PONG = "pong"
COPY = "copy"

# The storage areas the page writes for the worker (window's
# localStorage and sessionStorage).
AREAS = ("local", "session")
# The answers to ``lock`` and ``persist``.
LOCK_STATES = ("held", "elsewhere", "none")
PERSIST_STATES = ("granted", "denied", "none")

# The page pings the worker every PING_MS / 4 while it is visible; a ping
# not answered within PING_MS means the worker is gone (one that was
# terminated sends no event at all).
PING_MS = 8000
# A file the page offers for download keeps its object URL this long.
DOWNLOAD_KEPT_MS = 30000

# The buttons whose click opens the file chooser: only a user's gesture may
# open one, and a message from the worker is none, so the page opens it in
# the click's own handler (hearts.app.events.Action IMPORT_GAME and
# IMPORT_STATS; tests/test_worker.py checks them against the Action).
PICKS_A_FILE = ("import-game", "import-stats")
# The file chooser's input, which the page keeps once drawn: the worker's
# frame draws it, and the start screen before it, should a file be chosen
# before the game's Python is ready (its controller, or before that
# assets/start-screen.js, from build/start-screen.js's facts).
FILE_INPUT_ID = "import-file"
FILE_INPUT = ('<input type="file" id="' + FILE_INPUT_ID + '" class="sr" accept=".json,application/json" hidden>')
# After these buttons focus moves to a table with many new cards: it comes
# with the next frame, which has to style those cards anyway (NEW_GAME,
# TODAY, CONFIRM_PASS, CONTINUE).
LATER_FOCUS = ("new-game", "today", "confirm-pass", "continue")
# Once the pass is made its button is gone: focus goes on into the hand.
CONFIRM_PASS = "confirm-pass"
# The keys the page sends (Escape closes a dialog; the arrows step through
# the replay's tricks while it is open and move focus elsewhere).
ESCAPE = "Escape"
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
# In the hand: the next card that can be chosen now, the first card of the
# next suit (with Shift: backwards). table_view.py's hand says so to screen readers.
NEXT_LEGAL = "n"
NEXT_SUIT = "s"


def message(kind: str, **fields: object) -> dict[str, object]:
    """One message: ``{"kind": kind, **fields}``.

    >>> message(CARD, card="QS", detail=1) == {"kind": "card", "card": "QS", "detail": 1}
    True
    """
    fields["kind"] = kind
    return fields
