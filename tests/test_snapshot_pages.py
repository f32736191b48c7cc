"""assets/snapshot-pages.js, the layout the service worker keeps the
interpreter's snapshot in, run by Node (the build's own): a memory comes
back byte for byte, only its pages that hold anything are stored, and
bytes that are not a whole packed snapshot are refused before anything is
allocated (the stored copy is the player's disk: it can be cut short or
damaged)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

SCRIPT = r"""
import { packPages, unpackPages, isPacked } from "./assets/snapshot-pages.js";
const memory = (length, filled) => {
  const m = new Uint8Array(length);
  for (const [at, value] of filled) m[at] = value;
  return m;
};
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
const report = {};
// 10 pages and a short one; pages 0, 3 (its last byte), 9 and the short one hold something.
const m = memory(10 * 4096 + 100, [[5, 1], [3 * 4096 + 4095, 255], [9 * 4096, 7], [10 * 4096 + 99, 9]]);
const packed = await packPages(m);
report.packedSize = packed.byteLength;
report.roundTrip = same(await unpackPages(packed), m);
report.isPacked = [isPacked(packed), isPacked(new ArrayBuffer(3)), isPacked(new Uint8Array(64).buffer)];
// a memory whose view starts at an odd offset packs the same
const odd = new Uint8Array(m.length + 1); odd.set(m, 1);
report.oddOffset = same(new Uint8Array(await packPages(odd.subarray(1))), new Uint8Array(packed));
report.allZero = (await packPages(new Uint8Array(8192))).byteLength;
const refused = (bytes) => unpackPages(bytes).then(() => "accepted", (e) => e.message);
const cut = packed.slice(0, packed.byteLength - 1);
const longer = new Uint8Array(packed.byteLength + 1); longer.set(new Uint8Array(packed));
const huge = packed.slice(0); new DataView(huge).setUint32(8, 2 ** 31, true);
const beyond = packed.slice(0); new Uint8Array(beyond)[48 + 1] |= 0x80;  // page 15 of 11
const version = packed.slice(0); new DataView(version).setUint32(4, 1, true);
// the lengths intact, one byte of a page changed: only the digest tells
const flipped = packed.slice(0); new Uint8Array(flipped)[packed.byteLength - 1] ^= 1;
const zeroed = packed.slice(0); new Uint8Array(zeroed).fill(0, Math.floor(packed.byteLength * 0.98));
const digest = packed.slice(0); new Uint8Array(digest)[16] ^= 1;
report.refused = await Promise.all([cut, longer.buffer, huge, beyond, version, new Uint8Array(100).buffer,
                                    flipped, zeroed, digest].map(refused));
console.log(JSON.stringify(report));
"""


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed (`make setup` installs what the build needs)")
def test_a_packed_snapshot_keeps_its_nonzero_pages_and_refuses_damage():
    run = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["roundTrip"] and report["oddOffset"]
    # head 16 and its digest 32, map 2 bytes (11 pages), pages 0, 3, 9 whole and the short one
    assert report["packedSize"] == 48 + 2 + 3 * 4096 + 100
    assert report["allZero"] == 48 + 1
    assert report["isPacked"] == [True, False, False]
    assert all(why.startswith("the stored snapshot is damaged") for why in report["refused"]), report["refused"]
    assert [why.endswith("its digest is not its bytes'") for why in report["refused"]] == [False] * 6 + [True] * 3
