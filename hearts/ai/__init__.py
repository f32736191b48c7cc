"""Computer opponents: Easy, Normal and Hard (as the rules page describes them,
:mod:`hearts.text.rules_text`).

Every opponent decides from its seat's :class:`~hearts.engine.game.PlayerView` and
a ``random.Random`` it is handed, nothing else::

    >>> from hearts import Game
    >>> from hearts.ai import make_opponent
    >>> import random
    >>> game = Game.new(seed=5)
    >>> bot = make_opponent("normal")
    >>> cards = bot.choose_pass(game.view(1), random.Random(1))
    >>> len(cards)
    3

- :func:`make_opponent` builds a level by name: ``"easy"``, ``"normal"``,
  ``"hard"`` (and ``"random"``, the bench's weakest player). Every level has
  ``choose_pass(view, rng)`` (three cards) and ``choose_play(view, rng)``
  (one card of ``view.legal``). Easy and Normal answer at once.
- Hard thinks: :meth:`Hard.search` is its search as a generator, to run a few milliseconds at
  a time between frames with :func:`step`, which returns None until the
  decision is ready::

      search = make_opponent("hard", budget=0.25).search(view, rng)
      while (decision := step(search, 0.008)) is None:
          await next_frame()

  ``choose_play`` / ``choose_pass`` run it to the end in one go.
- The page's hint is Hard's search for the human's seat.

Decisions depend on the view and the generator's state only (and, for
Hard with a time budget, on how many deals it had time to sample:
``Hard(samples=N)`` fixes that count).
"""

from __future__ import annotations
from typing import Any

from ..engine.choices import LEVELS
from .hard import Hard, step
from .opponents import Easy, Normal, Opponent, RandomPlayer


def make_opponent(level: str, **options: Any) -> Opponent:
    """The opponent for ``level`` (``easy``, ``normal``, ``hard`` or ``random``).

    ``options`` go to :class:`Hard` (``budget``, ``max_samples``, ``samples``).
    """
    key = level.lower()
    if key == "hard":
        return Hard(**options)
    if options:
        raise TypeError(f"{level} takes no options")
    if key == "normal":
        return Normal()
    if key == "easy":
        return Easy()
    if key == "random":
        return RandomPlayer()
    raise ValueError(f"no opponent level {level!r}")


__all__ = [
    "Easy", "Hard", "LEVELS", "Normal", "Opponent", "RandomPlayer", "make_opponent", "step",
]
