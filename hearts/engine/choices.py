"""What the player chooses among, named once: the opponents' levels and the
table's speeds.

Standard library only and imported by the start screen, so that the
opponents' package (hearts.ai, which the boot does not load), the
statistics (hearts.app.stats), the game's vocabulary (hearts.text.i18n,
hearts.text.strings) and the page (hearts.app) all list the same values.

    >>> LEVELS, SPEEDS
    (('easy', 'normal', 'hard'), ('slow', 'normal', 'fast', 'instant'))
"""

from __future__ import annotations

from typing import Literal, get_args

Level = Literal["easy", "normal", "hard"]
Speed = Literal["slow", "normal", "fast", "instant"]

LEVELS: tuple[Level, ...] = get_args(Level)
SPEEDS: tuple[Speed, ...] = get_args(Speed)
