"""bench/static_host.py, the host `make bench` counts a first visit's bytes
with: it gzips text on the fly, answers revalidation with 304 and counts
every response's bytes."""
import gzip
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "bench")]
from static_host import serve_counting  # noqa: E402


def fetch(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_it_gzips_text_answers_revalidation_with_304_and_counts_what_it_sends(tmp_path):
    text = b"function f() { return 1; }\n" * 2000
    (tmp_path / "app.js").write_bytes(text)
    (tmp_path / "data.zip").write_bytes(b"PK" + bytes(5000))
    host = serve_counting(tmp_path)
    base = f"http://127.0.0.1:{host.server_port}/"
    try:
        status, headers, body = fetch(base + "app.js", {"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == text
        assert len(body) < len(text) / 10
        etag, modified = headers["ETag"], headers["Last-Modified"]
        assert headers["Cache-Control"] == "no-cache"
        assert fetch(base + "app.js", {"If-None-Match": etag})[0] == 304
        assert fetch(base + "app.js", {"If-Modified-Since": modified})[0] == 304
        status, headers, body = fetch(base + "data.zip", {"Accept-Encoding": "gzip"})
        assert status == 200 and "Content-Encoding" not in headers and len(body) == 5002
        assert fetch(base + "missing.js")[0] == 404
        sent = host.count.by_path()
        assert sent["/app.js"] > len(gzip.compress(text, 6)) and sent["/app.js"] < len(text) / 5
        assert sent["/data.zip"] > 5002
        assert host.count.total() == sum(sent.values())
    finally:
        host.shutdown()
        host.server_close()
