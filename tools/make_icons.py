"""Draw the Hearts app icons: an SVG and PNGs at 192 and 512 pixels.

Pure standard library (zlib for PNG), so it needs no image tools. The heart
is the classic parametric curve; the SVG and the PNGs use the same outline.
The results are committed under assets/icons/; run again only to change them:

    python3 tools/make_icons.py
"""
import math
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"
BACKGROUND = (0x0B, 0x5D, 0x3B)  # card-table green
HEART = (0xD7, 0x1F, 0x3A)
CORNER = 0.18  # rounded-square corner radius, fraction of the size


def heart_outline(n=180):
    """Points of the heart in a unit box (0..1, y down), centred."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, y))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    scale = 0.62 / max(w, h)
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [(0.5 + (x - cx) * scale, 0.52 - (y - cy) * scale) for x, y in pts]


def svg(points):
    path = " ".join(f"{x * 512:.1f},{y * 512:.1f}" for x, y in points)
    r = CORNER * 512
    bg = "#%02x%02x%02x" % BACKGROUND
    fg = "#%02x%02x%02x" % HEART
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" rx="{r:.0f}" fill="{bg}"/>'
        f'<polygon points="{path}" fill="{fg}"/></svg>\n'
    )


def inside_rounded_square(x, y):
    r = CORNER
    cx = min(max(x, r), 1 - r)
    cy = min(max(y, r), 1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def png(size, points, samples=3):
    # Scanline spans of the polygon per sub-row make this fast enough.
    rows = []
    sub = [(k + 0.5) / samples for k in range(samples)]
    for py in range(size):
        row = bytearray([0])  # filter type 0
        spans = []
        for sy in sub:
            y = (py + sy) / size
            xs = []
            j = len(points) - 1
            for i in range(len(points)):
                xi, yi = points[i]
                xj, yj = points[j]
                if (yi > y) != (yj > y):
                    xs.append((xj - xi) * (y - yi) / (yj - yi) + xi)
                j = i
            xs.sort()
            spans.append((y, list(zip(xs[0::2], xs[1::2]))))
        for px in range(size):
            acc = [0, 0, 0, 0]
            for y, pairs in spans:
                for sx in sub:
                    x = (px + sx) / size
                    if not inside_rounded_square(x, y):
                        continue
                    colour = HEART if any(a <= x < b for a, b in pairs) else BACKGROUND
                    acc[0] += colour[0]
                    acc[1] += colour[1]
                    acc[2] += colour[2]
                    acc[3] += 255
            n = samples * samples
            a = acc[3] // n
            if a:
                row += bytes((acc[0] * 255 // acc[3], acc[1] * 255 // acc[3], acc[2] * 255 // acc[3], a))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    points = heart_outline()
    (OUT / "icon.svg").write_text(svg(points), encoding="utf-8")
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size, points))
    print("wrote", ", ".join(sorted(p.name for p in OUT.iterdir())))


if __name__ == "__main__":
    main()
