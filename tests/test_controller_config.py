"""PyScript's two configurations of the page's controller: pyscript.toml
(MicroPython, the page's first choice) and build/controller/pyodide.json,
which the build writes from it for Pyodide on the main thread, where
MicroPython cannot run the controller (assets/boot.js). The same files and
modules in both, each path a file of the site as PyScript resolves it
(from the configuration's own folder)."""

import json
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILT = ROOT / "build" / "controller" / "pyodide.json"


def _files(config, folder):
    """Every path a configuration names, resolved from its folder."""
    paths = [config["interpreter"], *config["files"]]
    paths += [path for modules in config["js_modules"].values() for path in modules]
    return [(folder / path).resolve() for path in paths]


def test_the_pyodide_configuration_is_pyscript_toml_with_another_interpreter(build_py):
    toml = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    config = json.loads(build_py.controller_in_pyodide((ROOT / "pyscript.toml").read_bytes()))
    folder = ROOT / "build" / "controller"
    assert (folder / config["interpreter"]).resolve() == ROOT / build_py.PYODIDE_INTERPRETER
    assert {key: value for key, value in config.items() if key not in ("interpreter", "files", "js_modules")} \
        == {key: value for key, value in toml.items() if key not in ("interpreter", "files", "js_modules")}
    assert _files(config, folder)[1:] == _files(toml, ROOT)[1:]  # the same files, from another folder
    assert list(config["files"].values()) == list(toml["files"].values())  # where they go
    assert [list(m.values()) for m in config["js_modules"].values()] == [list(m.values()) for m in toml["js_modules"].values()]
    for path in config["files"]:
        assert path.startswith(("./", "../")), path  # (PyScript resolves only these from the configuration)


@pytest.mark.skipif(not BUILT.is_file(), reason="build/ is missing: run `make build`")
def test_the_build_wrote_it_and_each_file_it_names_is_there(build_py):
    assert BUILT.read_bytes() == build_py.controller_in_pyodide((ROOT / "pyscript.toml").read_bytes())
    for path in _files(json.loads(BUILT.read_text(encoding="utf-8")), BUILT.parent):
        assert path.is_file(), path
