"""build/precache.js records, for every file the service worker precaches,
its size, its SHA-256 and the type it is served as (tools/build.py,
file_record; issue 47): sw.js stores an answer only if its bytes are those,
so a host that answers a file with an error or maintenance page, or a
half-uploaded file, never gets it cached, and a cached entry damaged later
is never served. These tests check the records against the built files."""

import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRECACHE = ROOT / "build" / "precache.js"

pytestmark = pytest.mark.skipif(not PRECACHE.is_file(), reason="build/ is missing: run `make build`")


def _precache() -> dict:
    text = PRECACHE.read_text(encoding="utf-8")
    found = re.search(r"self\.PRECACHE = (\{.*\});", text, re.S)
    assert found, "build/precache.js: no self.PRECACHE"
    return json.loads(found.group(1))


def _digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def test_every_precached_file_has_the_record_of_its_own_bytes(build_py):
    data = _precache()
    records = data["records"]
    assert set(records) == set(data["files"])
    for url in data["files"]:
        path = ROOT / ("index.html" if url == "./" else url.removeprefix("./"))
        body = path.read_bytes()
        assert records[url] == {"size": len(body), "sha256": _digest(body),
                                "type": build_py.FILE_TYPES[path.suffix.lower()]}, url


def test_a_packed_file_is_checked_by_its_unpacked_bytes():
    data = _precache()
    assert data["packed"], "no file is shipped gzipped"
    for plain, copy in data["packed"].items():
        assert copy not in data["records"]  # never stored as it is
        unpacked = gzip.decompress((ROOT / copy.removeprefix("./")).read_bytes())
        assert data["records"][plain]["sha256"] == _digest(unpacked)
        assert data["records"][plain]["size"] == len(unpacked)


def test_the_types_the_page_needs():
    records = _precache()["records"]
    assert records["./build/vendor/pyodide/pyodide.asm.wasm"]["type"] == "application/wasm"
    assert records["./build/app.zip"]["type"] == "application/zip"
    assert records["./"]["type"] == records["./index.html"]["type"] == "text/html"
    assert records["./assets/boot.js"]["type"] == records["./build/vendor/pyodide/pyodide.asm.mjs"]["type"] \
        == "text/javascript"
    # Only the page is HTML: the worker refuses an HTML answer for any other file.
    assert sorted(url for url, record in records.items() if record["type"] == "text/html") == ["./", "./index.html"]


def test_file_record_of_a_file(build_py, tmp_path):
    zipped = tmp_path / "app.zip"
    zipped.write_bytes(b"PK\x05\x06" + bytes(18))
    assert build_py.file_record(zipped) == {"size": 22, "sha256": _digest(zipped.read_bytes()),
                                            "type": "application/zip"}
    unknown = tmp_path / "notes.xyz"
    unknown.write_text("?")
    with pytest.raises(SystemExit, match="no type known"):
        build_py.file_record(unknown)

