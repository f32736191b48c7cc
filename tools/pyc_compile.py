"""Byte-compiles the page's Python, in Pyodide under Node (tools/build.py
compile_pycs, through tools/in_pyodide.mjs).

Mounted: the repository as /src, the output folder as /out.
``sys.argv[1]``: a JSON file in /out, {"ours": [names in /src], "stdlib":
[top-level names in the runtime's python_stdlib.zip]}. Writes the sources
of those standard library modules to /out/<name>, each module's bytecode
to /out/<name>c (where zipimport looks: beside the source, not in
__pycache__), checked-hash, and what it made to /out/pyc.json.
"""
import importlib.util
import json
import os
import py_compile
import sys
import zipfile


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        wanted = json.load(f)
    [stdlib_zip] = [p for p in sys.path if p.endswith(".zip") and os.path.isfile(p)]
    with zipfile.ZipFile(stdlib_zip) as zf:
        stdlib = [(n, zf.read(n)) for n in sorted(zf.namelist()) if n.endswith(".py")
                  and any(n == top + ".py" or n.startswith(top + "/") for top in wanted["stdlib"])]
    made = {}
    for group, files in (("ours", [(n, None) for n in wanted["ours"]]), ("stdlib", stdlib)):
        made[group] = {}
        for name, data in files:
            os.makedirs(os.path.dirname("/out/" + name), exist_ok=True)
            if data is not None:
                with open("/out/" + name, "wb") as f:
                    f.write(data)
            py_compile.compile(("/src/" if data is None else "/out/") + name, cfile="/out/" + name + "c",
                               dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
            made[group][name] = name + "c"
    made["python"] = sys.version.split()[0]
    made["magic"] = importlib.util.MAGIC_NUMBER.hex()
    with open("/out/pyc.json", "w") as f:
        json.dump(made, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
