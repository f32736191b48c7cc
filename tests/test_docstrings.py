"""The examples in the engine's docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["hearts.cards", "hearts.game", "hearts.save", "hearts.i18n", "hearts.ai.policy", "hearts.ui.update"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if name in ("hearts.cards", "hearts.game"):
        assert result.attempted > 5, "the engine's examples are the way in for a newcomer"
