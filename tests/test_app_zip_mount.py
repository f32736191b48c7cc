"""hearts/page/app_zip.py in CPython: app.zip first on sys.path, a
snapshot's preloaded game kept when it is the same zip's and forgotten when
it is another's, the preload's record of its zip, and its refusal of the
browser's modules. (In the page it runs from the page's standard library
as ``_hearts_app_zip``: e2e/test_platform.py and e2e/test_browser_snapshot.py.)
A package of the test's own stands for the game."""

import json
import sys
import zipfile

import pytest

from hearts.page import app_zip


def make_zip(path, version, extra=""):
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("fakegame/__init__.py", f"VERSION = {version!r}\n")
        z.writestr("fakegame/part.py", "from . import VERSION\n" + extra)
    return str(path)


@pytest.fixture
def clean():
    saved_path = list(sys.path)
    yield
    sys.path[:] = saved_path
    for name in [n for n in sys.modules if n == "fakegame" or n.startswith("fakegame.")]:
        del sys.modules[name]


def test_a_fresh_start_mounts_the_zip_first_on_the_path(tmp_path, clean):
    path = make_zip(tmp_path / "app.zip", 1)
    sys.path.append(path)  # (mounted again: still once, and first)
    assert app_zip.mount(path, package="fakegame") == "fresh"
    assert sys.path[0] == path and sys.path.count(path) == 1
    import fakegame.part  # noqa: F401
    assert sys.modules["fakegame"].VERSION == 1


def test_the_preload_records_its_zip_and_a_mount_of_the_same_zip_keeps_its_modules(tmp_path, clean):
    path = make_zip(tmp_path / "app.zip", 1)
    assert app_zip.preload(path, json.dumps(["fakegame", "fakegame.part"]), package="fakegame") == 2
    recorded = sys.modules["fakegame"]._app_zip_crc32
    assert recorded == app_zip.crc32(path) != 0
    preloaded = sys.modules["fakegame.part"]
    assert app_zip.mount(path, package="fakegame") == "preloaded"
    assert sys.modules["fakegame.part"] is preloaded


def test_another_zip_beside_an_old_snapshot_replaces_its_modules(tmp_path, clean):
    path = tmp_path / "app.zip"
    app_zip.preload(make_zip(path, 1), json.dumps(["fakegame.part"]), package="fakegame")
    make_zip(path, 2)  # a new deploy, at the same path
    assert app_zip.mount(str(path), package="fakegame") == "replaced"
    assert "fakegame" not in sys.modules and "fakegame.part" not in sys.modules
    import fakegame
    assert fakegame.VERSION == 2


def test_a_preload_that_brings_in_the_browser_fails(tmp_path, clean):
    path = make_zip(tmp_path / "app.zip", 1, extra="import json\n")
    sys.modules.pop("js", None)
    (tmp_path / "js.py").write_text("")  # a stand-in for Pyodide's js module
    sys.path.insert(0, str(tmp_path))
    try:
        with zipfile.ZipFile(path, "a") as z:
            z.writestr("fakegame/browser.py", "import js\n")
        with pytest.raises(ImportError, match="browser's modules"):
            app_zip.preload(path, json.dumps(["fakegame.browser"]), package="fakegame")
    finally:
        sys.modules.pop("js", None)
