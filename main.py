"""PyScript entry point: hand over to the game's UI controller.

The page (index.html) runs this file with pyscript.toml. The hearts
package comes from build/app.zip, which assets/boot.js put first on
sys.path (with its precompiled .pyc files and the compiled translations).
The performance marks time the boot (`make bench` prints them).
"""
from js import performance

performance.mark("hearts:main")
from hearts.page.controller import main  # noqa: E402

performance.mark("hearts:imported")
main()
