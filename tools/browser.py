"""Where Debian puts the browsers, and the quiet local static server the
tests, benchmarks and build open their pages from.

Chromium, as everything here drives it through Playwright: the end-to-end
tests (e2e/conftest.py), the benchmarks (bench/) and the build, which starts
Pyodide in it once to take the interpreter's memory snapshot
(tools/build.py). One path and one list of flags for all of them.

Playwright cannot download its own browser on this machine; `make setup`
installs the `chromium` package. HEARTS_CHROMIUM overrides the path.

Firefox and WebKit run only in the browser smoke (e2e/test_browsers.py):
Debian's `firefox-esr`, driven over WebDriver BiDi by puppeteer-core, and
WebKitGTK's MiniBrowser (from `libwebkit2gtk-4.1-0`, which
`webkit2gtk-driver` pulls in) through `WebKitWebDriver` under `Xvfb`.
`make setup` installs those packages too.
"""
import functools
import glob
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

FIREFOX = os.environ.get("HEARTS_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("HEARTS_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# In the architecture's library folder (x86_64-linux-gnu, aarch64-linux-gnu, ...).
MINIBROWSER = os.environ.get("HEARTS_MINIBROWSER") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))),
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "/usr/bin/Xvfb"


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
