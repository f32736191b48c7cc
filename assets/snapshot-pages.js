// The interpreter's memory snapshot as the service worker keeps it: only
// the memory's 4 kB pages that hold anything, with a map of which.
//
// Why not gzip, as before: a snapshot is ~31 MB of memory, 44% of it pages
// of zeros. Kept gzipped it was 7 MB, and every later visit spent ~0.17 s
// inflating it (a desktop; several times that on a phone) before Python
// could start, on the critical path. Kept as its pages it is ~17.5 MB on
// disk, and comes back as one allocation and a copy per page (~10 ms).
// Making it is a scan of the memory, where gzip cost ~1 s of a processor.
//
// Layout, little-endian: four u32s ("HSNP", the layout's version 2, the
// memory's length in bytes, the page size 4096), the SHA-256 digest of
// everything after it (32 bytes), then one bit a page (set: the page is
// stored; a byte holds eight, the unused bits of the last are zero), then
// the stored pages in order (the memory's last page may be shorter).
// assets/snapshot-worker.js packs; assets/python-worker.js unpacks, after
// checking that the parts add up to the bytes it was given and that the
// digest is theirs: a stored copy damaged on the player's disk (issue 47:
// its last pages zeroed, the lengths intact) never reaches Pyodide, whose
// restore of such bytes failed fatally or hung. The digest is WebCrypto's
// (native: ~20 ms for the ~17.5 MB, and the worker imports Pyodide's
// runtime meanwhile).
const MAGIC = 0x504e5348; // "HSNP", little-endian
const VERSION = 2;
const PAGE = 4096;
const DIGEST = 32; // SHA-256
const HEAD = 16 + DIGEST;
const MAX_LENGTH = 2 ** 30; // (a snapshot is ~31 MB: a larger length is damage)

/** Whether `bytes` (an ArrayBuffer) starts as a packed snapshot does. */
export function isPacked(bytes) {
  return bytes.byteLength >= HEAD && new DataView(bytes).getUint32(0, true) === MAGIC;
}

/** The memory (a Uint8Array) as its stored pages: a promise of an ArrayBuffer. */
export async function packPages(memory) {
  const length = memory.length;
  const pages = Math.ceil(length / PAGE);
  const mapBytes = Math.ceil(pages / 8);
  // Four bytes at a time where the memory's offset allows (it always has here).
  const words = memory.byteOffset % 4 === 0 ? new Uint32Array(memory.buffer, memory.byteOffset, length >> 2) : null;
  const kept = [];
  let size = HEAD + mapBytes;
  for (let page = 0; page < pages; page += 1) {
    const start = page * PAGE;
    const end = Math.min(start + PAGE, length);
    if (!isZero(memory, words, start, end)) {
      kept.push(page);
      size += end - start;
    }
  }
  const out = new Uint8Array(size);
  const head = new DataView(out.buffer);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, VERSION, true);
  head.setUint32(8, length, true);
  head.setUint32(12, PAGE, true);
  let at = HEAD + mapBytes;
  for (const page of kept) {
    out[HEAD + (page >> 3)] |= 1 << (page & 7);
    const start = page * PAGE;
    const end = Math.min(start + PAGE, length);
    out.set(memory.subarray(start, end), at);
    at += end - start;
  }
  out.set(new Uint8Array(await digest(out.subarray(HEAD))), 16);
  return out.buffer;
}

function digest(bytes) {
  return crypto.subtle.digest("SHA-256", bytes);
}

function isZero(memory, words, start, end) {
  let byte = start;
  if (words) {
    const last = Math.min(end, words.length * 4) >> 2;
    for (let word = start >> 2; word < last; word += 1) if (words[word] !== 0) return false;
    byte = Math.max(start, last * 4);
  }
  for (; byte < end; byte += 1) if (memory[byte] !== 0) return false;
  return true;
}

/** The memory a packed snapshot holds (a promise of a Uint8Array); an
 * Error for bytes that are not one, whose parts do not add up (cut short)
 * or whose digest is not theirs (damaged): every length is checked before
 * anything is hashed, allocated or copied. */
export async function unpackPages(bytes) {
  const damaged = (why) => new Error(`the stored snapshot is damaged: ${why}`);
  if (!isPacked(bytes)) throw damaged("not a packed snapshot");
  const head = new DataView(bytes);
  if (head.getUint32(4, true) !== VERSION || head.getUint32(12, true) !== PAGE) throw damaged("another layout");
  const length = head.getUint32(8, true);
  if (length === 0 || length > MAX_LENGTH) throw damaged(`a memory of ${length} bytes`);
  const pages = Math.ceil(length / PAGE);
  const mapBytes = Math.ceil(pages / 8);
  if (bytes.byteLength < HEAD + mapBytes) throw damaged("its map is cut short");
  const map = new Uint8Array(bytes, HEAD, mapBytes);
  if (pages % 8 && map[mapBytes - 1] >> (pages % 8)) throw damaged("its map names pages beyond the memory");
  let stored = 0;
  for (let page = 0; page < pages; page += 1) {
    if (map[page >> 3] & (1 << (page & 7))) stored += Math.min(PAGE, length - page * PAGE);
  }
  if (HEAD + mapBytes + stored !== bytes.byteLength) throw damaged("its pages do not fill it");
  const found = new Uint8Array(await digest(new Uint8Array(bytes, HEAD)));
  const kept = new Uint8Array(bytes, 16, DIGEST);
  if (!found.every((byte, i) => byte === kept[i])) throw damaged("its digest is not its bytes'");
  const memory = new Uint8Array(length);
  const data = new Uint8Array(bytes);
  let at = HEAD + mapBytes;
  for (let page = 0; page < pages; page += 1) {
    if (map[page >> 3] & (1 << (page & 7))) {
      const size = Math.min(PAGE, length - page * PAGE);
      memory.set(data.subarray(at, at + size), page * PAGE);
      at += size;
    }
  }
  return memory;
}
