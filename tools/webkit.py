"""WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, with Selenium) on
an Xvfb display of its own, for the build (the WebKit snapshot) and the
benchmark: `with webkit_session() as driver: ...`.

Xvfb and the driver (which starts MiniBrowser and its web processes) each
run in a process group of their own, ended (SIGTERM, then SIGKILL) when the
block ends, whatever happened in it. The profile is a temporary home of its
own: no cache or service worker of an earlier run is reused.
e2e/test_browsers.py drives WebKit the same way, with its own checks on
every process.
"""
import contextlib
import os
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from browser import MINIBROWSER, WEBKIT_DRIVER, XVFB


# --- process groups -------------------------------------------------------------

def group_members(pgid):
    """Live (not zombie) processes in process group pgid."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "
        if fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(f"{entry} {stat[stat.index('(') + 1:stat.rindex(')')]}")
    return members


def end_group(pgid, grace=10.0):
    """SIGTERM the group, SIGKILL what is left after grace seconds; returns
    the processes still alive after that (should be none)."""
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return []
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and group_members(pgid):
            time.sleep(0.1)
        if not group_members(pgid):
            return []
    return group_members(pgid)


class Groups:
    """Process groups started here, each led by a process started with
    start_new_session; end() stops them all and reports survivors."""

    def __init__(self):
        self.leaders = []

    def add(self, proc):
        self.leaders.append(proc)
        return proc

    def end(self):
        left = []
        for proc in reversed(self.leaders):
            left += end_group(proc.pid)
            try:
                proc.wait(timeout=5)  # reap the leader
            except subprocess.TimeoutExpired:
                left.append(f"{proc.pid} (leader, not reaped)")
        self.leaders = []
        return left


# --- the display, the profile, the driver ----------------------------------------

def start_xvfb(groups, log, number):
    """Xvfb on display :number; the Popen once a client can connect to it,
    or None (the number is taken, or Xvfb failed)."""
    if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(f"/tmp/.X11-unix/X{number}"):
        return None
    proc = groups.add(subprocess.Popen([XVFB, f":{number}", "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
                                       stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True))
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline:
        with socket.socket(socket.AF_UNIX) as client:
            try:
                client.connect(f"/tmp/.X11-unix/X{number}")
                return proc
            except OSError:
                time.sleep(0.2)
    end_group(proc.pid)
    proc.wait(timeout=5)
    return None


def free_display(groups, log):
    """Xvfb on a free display, ':N' (or None): the number is chosen among free
    ones (as xvfb-run -a does), far from the :0 a desktop or another tool
    takes first; a number taken in the meantime is skipped."""
    first = 100 + os.getpid() % 400
    for number in range(first, first + 20):
        if start_xvfb(groups, log, number) is not None:
            return f":{number}"
    return None


def isolated_env(home, display=None):
    """An environment whose home is ``home`` (a folder of its own): no
    profile, cache or service worker of an earlier run (or of a person) is
    reused.

    WebKit paints on the CPU (Skia's CPU rendering), as Chromium does here
    (--disable-gpu, tools/browser.py). Left to its default, WebKitGTK paints
    with Skia on OpenGL, which on this machine (no GPU) is Mesa's llvmpipe:
    it compiles every shader with LLVM on the CPU, into a shader cache that
    a fresh home always has empty, and the next page of the same tab waits
    for the previous page's painting (0.1-1.3 s of a warm load, seen with
    per-thread CPU times and stacks; with CPU painting, or with a kept Mesa
    cache, the wait was gone). A person's browser has a GPU, or that cache."""
    home = Path(home)
    for sub in ("data", "cache", "config", "tmp"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CACHE_HOME": str(home / "cache"), "XDG_CONFIG_HOME": str(home / "config"),
           "TMPDIR": str(home / "tmp")}
    env["WEBKIT_SKIA_ENABLE_CPU_RENDERING"] = "1"
    if display:
        env["DISPLAY"] = display
    env.pop("WAYLAND_DISPLAY", None)
    return env


def webkit_driver(env, log, groups, page_load_s, script_s):
    """A Selenium session in MiniBrowser (--automation) through
    WebKitWebDriver, run in ``env``; the driver's process group (which holds
    MiniBrowser and its web processes) joins ``groups``."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")

    class GroupedService(Service):
        def start(self):
            try:
                super().start()
            finally:
                if getattr(self, "process", None) is not None:
                    groups.add(self.process)

    service = GroupedService(executable_path=WEBKIT_DRIVER, env=env, log_output=log,
                             popen_kw={"start_new_session": True})
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_page_load_timeout(page_load_s)
    driver.set_script_timeout(script_s)
    # Selenium waits for the driver's answer forever by default: a hung call
    # fails after this instead (the client's timeout, per request).
    driver.command_executor._client_config.timeout = page_load_s + 60
    return driver


def missing():
    """The programs WebKit needs here that are not installed (`make setup`
    installs them: webkit2gtk-driver, xvfb)."""
    return [p for p in (WEBKIT_DRIVER, MINIBROWSER, XVFB) if not os.access(p, os.X_OK)]


@contextlib.contextmanager
def webkit_session(timeout_s=240):
    if missing():
        raise RuntimeError(f"WebKit is not installed: {', '.join(missing())} missing (`make setup`)")
    with tempfile.TemporaryDirectory(prefix="hearts-webkit-") as home:
        groups = Groups()
        driver = None
        with open(os.path.join(home, "log"), "w") as log:
            try:
                display = free_display(groups, log)
                if display is None:
                    raise RuntimeError("Xvfb gave no usable display")
                driver = webkit_driver(isolated_env(os.path.join(home, "home"), display), log, groups,
                                       timeout_s, timeout_s)
                yield driver
            finally:
                if driver is not None:
                    with contextlib.suppress(Exception):
                        driver.quit()
                groups.end()
