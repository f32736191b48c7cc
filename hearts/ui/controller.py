"""TEMPORARY STUB of the UI controller, written for the platform tests.

It only renders a start screen into #app and marks the page as playable
(html[data-ready]). The real table UI replaces this file; keep the
contract: main.py calls ``main()`` once, and ``main()`` sets data-ready on
<html> when the game can be played.
"""
from pyscript import document

START_SCREEN = (
    '<section data-phase="start">'
    "<h1>Hearts</h1>"
    '<button type="button" data-action="new-game">New game</button>'
    "</section>"
)


def main():
    document.getElementById("app").innerHTML = START_SCREEN
    document.documentElement.setAttribute("data-ready", "1")
