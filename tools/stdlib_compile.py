"""The page's standard library, made in Pyodide under Node (tools/build.py
stdlib(), through tools/in_pyodide.mjs): the runtime's python_stdlib.zip
cut to the modules the page can import, as bytecode.

Kept: every module Pyodide's start-up imported from the zip, the packages
``pyodide`` and ``_pyodide`` whole, the modules named in ``sys.argv[2]`` (a
JSON list: what the game and app.zip's standard library modules
import), and everything those import when they are imported,
followed through the import statements their sources run at import time
(in ``try`` and ``if`` blocks and class bodies, not in functions: a lazy
import in a function the page calls is named in the roots, see
tools/build.py STDLIB_KEPT). The kept modules stay
sources (COMPILED says why). Left out: everything else, and the top-level modules named in
``sys.argv[1]`` (a JSON list) whatever imports them. The modules left out
are listed in ``_hearts_stdlib_rest.py`` (``NAMES``) in the zip: the page
loads them on demand from the runtime's full zip (hearts/page/app_zip.py,
which is in the zip too, as ``_hearts_app_zip``).

Mounted: the output folder as /out. Writes /out/python_stdlib.zip and
/out/python_stdlib.json ({"compiled": [sources replaced], "kept": n,
"rest": n, "python": version}). Runs in a Pyodide that has only started:
what is imported when it runs, besides the few modules this script imports,
is what the start-up imported.
"""
import _imp, ast, importlib.util, json, marshal, sys, zipfile  # noqa: E401  (these and no more: see above)


# Bytecode or sources? The kept modules as .pyc weigh 1.69 MB (1.44 with
# optimize=2), as sources 0.87 MB: 0.8 MB of a first visit's ~5.4, against
# ~1.5 s of compiling them at a fresh start (which only a first visit makes
# now: later visits restore the snapshot the browser made). The byte
# budget of a first visit decides: sources.
COMPILED = False
# hearts/page/app_zip.py, which puts the game's app.zip into the
# interpreter, so cannot be in it: the build copies it to /out under this
# name, and it goes into the zip as bytecode, a top-level module.
MOUNT = "_hearts_app_zip"
# Imported only where sys.platform is "win32" (their importers test it).
WINDOWS_ONLY = {"asyncio.windows_events", "asyncio.windows_utils", "asyncio.proactor_events",
                "encodings._win_cp_codecs"}


def module_name(path):
    name = path.removesuffix(".pyc").removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def run_at_import(tree):
    """The nodes a module runs when it is imported: not those in the bodies
    of its functions (a lazy import there runs only when it is called)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def imported(source, name, is_package):
    """The absolute names a module's import statements ask for (each
    parent package and, for `from x import y`, x.y too: y may be a module)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in run_at_import(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1] if node.level > 1 else base
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            out.add(stem)
            out.update(f"{stem}.{alias.name}" for alias in node.names)
    return {part for full in out if full for part in
            (".".join(full.split(".")[:n]) for n in range(1, full.count(".") + 2))}


def main():
    dropped = set(json.loads(sys.argv[1]))
    roots = set(json.loads(sys.argv[2]))
    [stdlib_zip] = [p for p in sys.path if p.endswith(".zip")]
    started = {name for name, module in sys.modules.items()
               if str(getattr(getattr(module, "__spec__", None), "origin", "")).startswith(stdlib_zip + "/")}
    with zipfile.ZipFile(stdlib_zip) as source:
        infos = {module_name(info.filename): info for info in source.infolist() if info.filename.endswith(".py")}
        packages = {module_name(info.filename) for info in infos.values() if info.filename.endswith("__init__.py")}
        keep = set()
        todo = [name for name in infos if name in started or name in roots
                or name.partition(".")[0] in ("pyodide", "_pyodide")]
        todo += [name for name in roots if name in infos]
        while todo:
            name = todo.pop()
            if name in keep or name not in infos or name.partition(".")[0] in dropped:
                continue
            keep.add(name)  # (a frozen one's imports still count: it runs them)
            todo += [n for n in imported(source.read(infos[name]), name, name in packages) if n in infos]
        # Frozen into the interpreter (os, codecs, io, importlib's bootstrap...):
        # the frozen importer comes before the zip, which never serves them.
        frozen = {name for name in keep if _imp.is_frozen(name)}
        keep -= frozen | WINDOWS_ONLY
        compiled = []
        rest = sorted(name for name in infos if name not in keep and name not in frozen)
        with zipfile.ZipFile("/out/python_stdlib.zip", "w") as out:
            for info in source.infolist():
                name = module_name(info.filename)
                if info.filename.endswith(".py") and name not in keep:
                    continue
                if not info.filename.endswith(".py") and not info.is_dir():
                    top = info.filename.split("/")[0]
                    if top in dropped or ("/" in info.filename and not any(
                            k == top or k.startswith(top + ".") for k in keep)):
                        continue  # data files go with their package
                if info.is_dir():
                    continue
                data = source.read(info)
                entry = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
                entry.external_attr = info.external_attr
                if info.filename.endswith(".py") and COMPILED:
                    code = compile(data, info.filename, "exec", dont_inherit=True)
                    # flags 0b01: hash-based, unchecked (the source is not in the zip)
                    data = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
                            + importlib.util.source_hash(data) + marshal.dumps(code))
                    entry.filename += "c"
                    if name in started:
                        compiled.append(info.filename)
                entry.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(entry, data, compresslevel=9)
            listing = "# The standard library modules this zip leaves out (tools/stdlib_compile.py).\n"
            listing += "NAMES = frozenset(" + repr(rest) + ")\n"
            with open("/out/" + MOUNT + ".py", encoding="utf-8") as f:
                mount = f.read()
            for module, text in (("_hearts_stdlib_rest", listing), (MOUNT, mount)):
                code = compile(text, module + ".py", "exec", dont_inherit=True)
                entry = zipfile.ZipInfo(module + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
                entry.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(entry, importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
                             + importlib.util.source_hash(text.encode()) + marshal.dumps(code), compresslevel=9)
    with open("/out/python_stdlib.json", "w") as f:
        json.dump({"compiled": compiled, "started": sorted(started), "kept": sorted(keep), "rest": rest,
                   "python": sys.version.split()[0]}, f, indent=1)


if __name__ == "__main__":
    main()
