"""Facts the boot's JavaScript must write as the build does, checked here
because the page cannot wait for a file to learn them.

assets/boot.js starts downloading the runtime before anything else is in,
so it names the files the build ships gzipped (tools/build.py PACKED, in
build/packed/) and their types itself, instead of reading them from
build/boot-sizes.json; sw.js stores those copies unpacked under the types
the build records for them (FILE_TYPES). Both tell a still-gzipped body by its first two
bytes. These tests fail when one side changes and the other does not.
"""

import gzip
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOT_JS = (ROOT / "assets" / "boot.js").read_text(encoding="utf-8")
SW_JS = (ROOT / "sw.js").read_text(encoding="utf-8")


def _boot_packed() -> dict[str, tuple[str, str]]:
    """boot.js's PACKED map: {file: (its gzipped copy, its type)}, paths relative to build/."""
    block = re.search(r"const PACKED = new Map\(\[(.*?)\]\.map\(", BOOT_JS, re.S)
    assert block, "assets/boot.js: no PACKED map"
    rows = re.findall(r'\["\./build/([^"]+)", "\./build/([^"]+)", "([^"]+)"\]', block.group(1))
    return {file: (copy, kind) for file, copy, kind in rows}


def test_boot_js_downloads_the_copies_the_build_packs(build_py):
    boot = _boot_packed()
    assert boot, "assets/boot.js: PACKED names no file"
    assert {file: copy for file, (copy, _) in boot.items()} == {
        rel: build_py.packed_name(rel) for rel in build_py.PACKED}


def test_boot_js_and_the_worker_give_each_packed_file_one_type(build_py):
    types = build_py.FILE_TYPES  # the records' types (build/precache.js), which sw.js stores them under
    boot = _boot_packed()
    for rel in build_py.PACKED:
        assert boot[rel][1] == types[Path(rel).suffix], rel
    # Pyodide compiles the wasm while it streams in only with this type.
    assert types[".wasm"] == "application/wasm"


@pytest.mark.parametrize("name, source", [("assets/boot.js", BOOT_JS), ("sw.js", SW_JS)])
def test_a_gzipped_body_is_told_by_gzips_own_first_bytes(name, source):
    # The one comparison of two bytes with two hexadecimal constants, as
    # `b0 === 0x1f && b1 === 0x8b` or `bytes[0] === 0x1f && bytes[1] === 0x8b`.
    found = re.findall(r"(\w+|\w+\[0\]) === 0x([0-9a-fA-F]{2}) && (\w+|\w+\[1\]) === 0x([0-9a-fA-F]{2})", source)
    assert len(found) == 1, f"{name}: {found}"
    magic = bytes([int(found[0][1], 16), int(found[0][3], 16)])
    assert magic == gzip.compress(b"hearts")[:2]
