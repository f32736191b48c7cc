"""Debian's Chromium, as everything here drives it through Playwright: the
end-to-end tests (e2e/conftest.py), the benchmarks (bench/) and the build,
which starts Pyodide in it once to take the interpreter's memory snapshot
(tools/build.py). One path and one list of flags for all of them, and the
quiet local static server they open their pages from.

Playwright cannot download its own browser on this machine; `make setup`
installs the `chromium` package. HEARTS_CHROMIUM overrides the path.
"""
import functools
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/lib/chromium/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class QuietHandler(SimpleHTTPRequestHandler):
    """A static file handler that does not log every request."""

    def log_message(self, format, *args):
        pass


def serve(directory, handler=QuietHandler):
    """Serve directory on a free 127.0.0.1 port from a background thread;
    returns the server (its port: server.server_port; stop it with
    server.shutdown() and server.server_close())."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
