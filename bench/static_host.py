"""A local static host as hosts serve a site, for the first visit's bytes
(bench/boot_bench.py): text, scripts, JSON, SVG and wasm gzipped on the fly
(when the browser accepts it), every response with an ETag and a
Last-Modified and `Cache-Control: no-cache`, and a revalidation
(If-None-Match, If-Modified-Since) answered 304 without a body. It counts
what it sends: every response's bytes (status line, headers and body), by
path, with the time it was sent.

    server = serve_counting(ROOT)   # counts on server.count (a ByteCount)
"""
import email.utils
import gzip
import os
import threading
import time
from http import HTTPStatus

from browser import QuietHandler, serve  # tools/, which the bench puts on sys.path

# What a static host compresses (by extension; .gz and .zip files are
# compressed already, PNGs too).
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".toml", ".py", ".webmanifest", ".txt")


class ByteCount:
    """The responses the host sent: (time.monotonic(), path, status, bytes)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sent = []

    def add(self, path, status, size):
        with self.lock:
            self.sent.append((time.monotonic(), path, status, size))

    def total(self, since=0, until=None):
        with self.lock:
            return sum(size for at, _, _, size in self.sent if at >= since and (until is None or at <= until))

    def by_path(self, since=0, until=None):
        out = {}
        with self.lock:
            for at, path, _, size in self.sent:
                if at >= since and (until is None or at <= until):
                    out[path] = out.get(path, 0) + size
        return out

    def last(self):
        with self.lock:
            return self.sent[-1][0] if self.sent else 0


class CountingHost(QuietHandler):
    count: ByteCount  # set by serve_counting
    _packed: dict = {}  # (path, mtime, size) -> gzipped bytes
    protocol_version = "HTTP/1.1"  # keep-alive, as hosts do

    def do_GET(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return self._send(HTTPStatus.NOT_FOUND, {"Content-Type": "text/plain"}, b"not found")
        stat = os.stat(path)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        modified = email.utils.formatdate(int(stat.st_mtime), usegmt=True)
        headers = {"ETag": etag, "Last-Modified": modified, "Cache-Control": "no-cache",
                   "Content-Type": self.guess_type(path), "Vary": "Accept-Encoding"}
        if self._fresh(etag, int(stat.st_mtime)):
            return self._send(HTTPStatus.NOT_MODIFIED, headers, b"")
        with open(path, "rb") as file:
            body = file.read()
        if path.endswith(COMPRESSED) and "gzip" in self.headers.get("Accept-Encoding", ""):
            key = (path, stat.st_mtime_ns, stat.st_size)
            if key not in self._packed:
                self._packed[key] = gzip.compress(body, compresslevel=6, mtime=0)
            body = self._packed[key]
            headers["Content-Encoding"] = "gzip"
        return self._send(HTTPStatus.OK, headers, body)

    def _fresh(self, etag, mtime):
        match = self.headers.get("If-None-Match")
        if match is not None:
            return etag in [tag.strip() for tag in match.split(",")] or match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return mtime <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
        return False

    def _send(self, status, headers, body):
        lines = [f"{self.protocol_version} {status.value} {status.phrase}\r\n"]
        headers = dict(headers, **({"Content-Length": str(len(body))} if status != HTTPStatus.NOT_MODIFIED else {}))
        lines += [f"{name}: {value}\r\n" for name, value in headers.items()]
        head = ("".join(lines) + "\r\n").encode("latin-1")
        # Counted before it is sent: whoever has read the response finds it counted.
        self.count.add(self.path.split("?")[0], status.value, len(head) + len(body))
        try:
            self.wfile.write(head + body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_HEAD(self):  # not used by the page
        self.send_error(HTTPStatus.METHOD_NOT_ALLOWED)


def serve_counting(directory):
    """serve(directory) with CountingHost; the server's .count counts."""
    count = ByteCount()
    handler = type("Host", (CountingHost,), {"count": count, "_packed": {}})
    server = serve(directory, handler=handler)
    server.count = count
    return server
