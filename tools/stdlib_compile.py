"""The page's standard library, made in Pyodide under Node (tools/build.py
stdlib(), through tools/in_pyodide.mjs): the runtime's python_stdlib.zip
with every module Pyodide's start-up imported from it as an unchecked-hash
.pyc instead of its source (zipimport loads a .pyc without a source), and
without the top-level modules named in ``sys.argv[1]`` (a JSON list).

Mounted: the output folder as /out. Writes /out/python_stdlib.zip and
/out/python_stdlib.json ({"compiled": [sources replaced], "python": version}).
Runs in a Pyodide that has only started: what is imported when it runs,
besides the few modules this script imports, is what the start-up imported.
"""
import importlib.util, json, marshal, sys, zipfile  # noqa: E401  (these and no more: see above)


def module_name(path):
    name = path[:-3].replace("/", ".")
    return name.removesuffix(".__init__")


def main():
    dropped = set(json.loads(sys.argv[1]))
    [stdlib_zip] = [p for p in sys.path if p.endswith(".zip")]
    started = {name for name, module in sys.modules.items()
               if str(getattr(getattr(module, "__spec__", None), "origin", "")).startswith(stdlib_zip + "/")}
    compiled = []
    with zipfile.ZipFile(stdlib_zip) as source, zipfile.ZipFile("/out/python_stdlib.zip", "w") as out:
        for info in source.infolist():
            if info.filename.split("/")[0].removesuffix(".py") in dropped:
                continue
            data = source.read(info)
            entry = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = info.external_attr
            if info.filename.endswith(".py") and module_name(info.filename) in started:
                code = compile(data, info.filename, "exec", dont_inherit=True)
                # flags 0b01: hash-based, unchecked (the source is not in the zip)
                data = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
                        + importlib.util.source_hash(data) + marshal.dumps(code))
                entry.filename += "c"
                compiled.append(info.filename)
            entry.compress_type = zipfile.ZIP_DEFLATED if info.compress_type or entry.filename.endswith(".pyc") else 0
            out.writestr(entry, data, compresslevel=9 if entry.compress_type else None)
    with open("/out/python_stdlib.json", "w") as f:
        json.dump({"compiled": compiled, "python": sys.version.split()[0]}, f, indent=1)


if __name__ == "__main__":
    main()
