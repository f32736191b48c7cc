"""The settings as the page stores them: one codec for both of its threads.

The game's Python (in its worker) writes them as the player changes them
(``hearts.page.binding``) and reads them at the start
(:func:`hearts.app.stored.read_settings`); the page's controller, in
MicroPython on the main thread, changes them on the start screen while the
game's Python is still starting (``hearts.page.controller``). Both use this
module, so a field is never dropped by one of them (the once-only
"save to a file" reminder, ``reminded``, is one). Plain Python that
MicroPython runs too: no ``__future__``, ``typing`` or ``dataclasses``
(MicroPython reads annotations and ignores them).

A stored text is read as hostile input: at most :data:`MAX_CHARS`
characters, an object at most :data:`MAX_DEPTH` deep, else unusable.
"""

import json

NAME = "hearts.settings"  # its key's name (hearts.app.stored.SETTINGS, scoped to the install)
MAX_CHARS = 1000  # {"level": "normal", "speed": "normal", "four_colour": false}: 55
MAX_DEPTH = 2


def encode(level: str, speed: str, four_colour: bool, two_tap: bool | None = None, reminded: bool = False,
           par: bool = True) -> str:
    """The settings as stored: ``two_tap`` only once the player chose it (else
    the screen decides: a touch screen has it), ``reminded`` only once true,
    ``par`` only once turned off.

    >>> encode("hard", "fast", True)
    '{"level": "hard", "speed": "fast", "four_colour": true}'
    >>> encode("easy", "slow", False, two_tap=False, reminded=True, par=False)
    '{"level": "easy", "speed": "slow", "four_colour": false, "two_tap": false, "reminded": true, "par": false}'
    """
    parts = ['"level": ' + json.dumps(str(level)), '"speed": ' + json.dumps(str(speed)),
             '"four_colour": ' + ("true" if four_colour is True else "false")]
    if two_tap is not None:
        parts.append('"two_tap": ' + ("true" if two_tap is True else "false"))
    if reminded is True:
        parts.append('"reminded": true')
    if par is False:
        parts.append('"par": false')
    return "{" + ", ".join(parts) + "}"


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max([0] + [_depth(item) for item in value.values()])
    if isinstance(value, list):
        return 1 + max([0] + [_depth(item) for item in value])
    return 0


def decode(text: object) -> tuple[dict[str, object], bool]:
    """The stored settings as a dict, and whether the text could be used (no
    text at all is fine).

    >>> decode('{"level": "hard"}'), decode(None), decode("")
    (({'level': 'hard'}, True), ({}, True), ({}, True))
    >>> decode("{" * 10000 + "}" * 10000), decode("[1]"), decode('{"a": {"b": {}}}'), decode("{")
    (({}, False), ({}, False), ({}, False), ({}, False))
    """
    if not text:
        return {}, True
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return {}, False
    try:
        data = json.loads(text)
    except Exception:  # ValueError; RecursionError in CPython, RuntimeError in MicroPython
        return {}, False
    if not isinstance(data, dict) or _depth(data) > MAX_DEPTH:
        return {}, False
    return data, True


def changed(text: object, **fields: object) -> str:
    """The stored text with some of its fields changed (``level``, ``speed``,
    ``four_colour``, ``two_tap``), every other kept as it was (the reminder,
    the par's setting); an unusable text counts as none.

    >>> changed('{"level": "easy", "speed": "fast", "four_colour": false, "reminded": true}', level="hard")
    '{"level": "hard", "speed": "fast", "four_colour": false, "reminded": true}'
    >>> changed(None, speed="slow")
    '{"level": "normal", "speed": "slow", "four_colour": false}'
    """
    stored, _ = decode(text)
    two_tap = stored.get("two_tap")
    now: dict[str, object] = {"level": stored.get("level") or "normal", "speed": stored.get("speed") or "normal",
                              "four_colour": stored.get("four_colour") is True,
                              "two_tap": two_tap if isinstance(two_tap, bool) else None,
                              "reminded": stored.get("reminded") is True, "par": stored.get("par") is not False}
    now.update(fields)
    tap = now["two_tap"]
    return encode(str(now["level"]), str(now["speed"]), now["four_colour"] is True,
                  tap if isinstance(tap, bool) else None, now["reminded"] is True, now["par"] is not False)
