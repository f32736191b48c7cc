"""PyScript entry point: hand over to the game's UI controller.

The page (index.html) runs this file with pyscript.toml, which unpacks
build/app.zip (the hearts package with its precompiled .pyc files, and
the compiled translations) into the working directory first. The
performance marks time the boot (`make bench` prints them).
"""
from js import performance

performance.mark("hearts:main")
from hearts.ui.controller import main  # noqa: E402

performance.mark("hearts:imported")
main()
