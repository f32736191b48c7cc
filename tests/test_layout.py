"""The package layout is the architecture: imports run one way, page ->
app -> text / ai -> engine, and no module of hearts/ imports itself back
through others (an import circle), counting the imports inside functions
too (a late import only hides a circle)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEARTS = ROOT / "hearts"

# What each package may import of hearts (besides itself); hearts/__init__.py
# re-exports the engine's public API. dev holds the commands the page never
# ships: it may import anything, and only tools and tests import it.
MAY_IMPORT = {
    "engine": set(),
    "text": {"engine"},
    "ai": {"engine"},
    "app": {"engine", "text", "ai"},
    "page": {"engine", "text", "ai", "app"},
    "dev": {"engine", "text", "ai", "app", "page", "hearts"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in HEARTS.rglob("*.py")}


def imports(path: Path, known: set[str]) -> set[str]:
    """The hearts modules a file imports anywhere in it (module level or in a
    function): `from X import name` counts X.name when that is a module."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
    return {m for m in found if m in known}


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imports(path, set(mods)) - {name} for name, path in mods.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the list of modules around it, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_cycle_finder_finds_a_circle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_the_import_walk_sees_late_imports():
    edges = graph()
    assert "hearts.text.rules_text" in edges["hearts.app.dialogs_view"]  # imported in a function
    assert "hearts.engine.game" in edges["hearts.engine.save"]


def test_no_import_circle_in_hearts():
    found = cycle(graph())
    assert found is None, "import circle: " + " -> ".join(found or [])


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "hearts"


def test_imports_run_one_way_page_app_text_ai_engine():
    wrong = []
    for module, targets in graph().items():
        mine = package_of(module)
        if mine == "hearts":
            continue  # hearts/__init__.py: the engine's public API
        for target in targets:
            theirs = package_of(target)
            if theirs != mine and theirs not in MAY_IMPORT[mine]:
                wrong.append(f"{module} imports {target}")
    assert wrong == []


def test_every_module_is_in_a_package_of_the_layout():
    assert {package_of(m) for m in modules()} == set(MAY_IMPORT) | {"hearts"}
    assert [m for m in modules() if package_of(m) == "hearts"] == ["hearts"]
