"""`make test`'s plain `mypy` checks every module of the game with the flags
of `mypy --strict` (issue 49): pyproject.toml's per-package section and its
global settings, read by mypy itself, give each module of hearts/ every
setting that --strict changes, so the two cannot drift apart (a package
added to hearts/ and not to that section, a flag that a new mypy adds to
--strict)."""

import io
from pathlib import Path

from mypy.main import process_options

ROOT = Path(__file__).resolve().parent.parent


def _options(*args: str):
    return process_options(list(args), stdout=io.StringIO(), stderr=io.StringIO())[1]


def _settings(options) -> dict[str, object]:
    return {name: getattr(options, name) for name in dir(options)
            if not name.startswith("_") and not callable(getattr(options, name))}


def test_every_module_of_the_game_is_checked_with_the_flags_of_strict(monkeypatch):
    plain = _settings(_options("--config-file", "", "x.py"))
    strict = _settings(_options("--config-file", "", "--strict", "x.py"))
    flags = {name: value for name, value in strict.items() if plain.get(name) != value}
    assert {"disallow_untyped_defs", "warn_redundant_casts", "implicit_reexport"} <= flags.keys()
    monkeypatch.chdir(ROOT)
    project = _options("--config-file", str(ROOT / "pyproject.toml"))
    modules = sorted(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                     for path in (ROOT / "hearts").rglob("*.py"))
    assert "hearts.page.controller" in modules and "hearts.engine.game" in modules
    for module in modules:
        ours = _settings(project.clone_for_module(module))
        assert {name: ours[name] for name in flags} == flags, module


def test_the_stubs_of_the_browser_are_where_mypy_looks(monkeypatch):
    monkeypatch.chdir(ROOT)
    project = _options("--config-file", str(ROOT / "pyproject.toml"))
    assert [Path(path).resolve() for path in project.mypy_path] == [ROOT / "typings"]
    for stub in ("js.pyi", "pyscript/__init__.pyi", "pyscript/ffi.pyi", "pyodide/ffi.pyi"):
        assert (ROOT / "typings" / stub).is_file(), stub
