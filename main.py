"""PyScript entry point: hand over to the game's UI controller.

The page (index.html) runs this file with pyscript.toml, which unpacks
build/app.zip (the hearts package and compiled translations) into the
working directory first.
"""
from hearts.ui.controller import main

main()
