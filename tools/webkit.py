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

from browser import MINIBROWSER, WEBKIT_DRIVER, XVFB


def _end(proc):
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # what the leader left behind
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


def _xvfb(log):
    """Xvfb on a free display (as xvfb-run -a picks one): (Popen, ':N')."""
    first = 100 + os.getpid() % 400
    for number in range(first, first + 20):
        if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(f"/tmp/.X11-unix/X{number}"):
            continue
        proc = subprocess.Popen([XVFB, f":{number}", "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            with socket.socket(socket.AF_UNIX) as client:
                try:
                    client.connect(f"/tmp/.X11-unix/X{number}")
                    return proc, f":{number}"
                except OSError:
                    time.sleep(0.2)
        _end(proc)
    raise RuntimeError("Xvfb gave no usable display")


def missing():
    """The programs WebKit needs here that are not installed (`make setup`
    installs them: webkit2gtk-driver, xvfb)."""
    return [p for p in (WEBKIT_DRIVER, MINIBROWSER, XVFB) if not os.access(p, os.X_OK)]


@contextlib.contextmanager
def webkit_session(timeout_s=240):
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    if missing():
        raise RuntimeError(f"WebKit is not installed: {', '.join(missing())} missing (`make setup`)")
    with tempfile.TemporaryDirectory(prefix="hearts-webkit-") as home:
        for sub in ("data", "cache", "config", "tmp"):
            os.makedirs(os.path.join(home, sub))
        log = open(os.path.join(home, "log"), "w")
        procs = []
        driver = None
        try:
            xvfb, display = _xvfb(log)
            procs.append(xvfb)
            env = {**os.environ, "HOME": home, "XDG_DATA_HOME": f"{home}/data", "XDG_CACHE_HOME": f"{home}/cache",
                   "XDG_CONFIG_HOME": f"{home}/config", "TMPDIR": f"{home}/tmp", "DISPLAY": display}
            env.pop("WAYLAND_DISPLAY", None)
            options = Options()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")

            class GroupedService(Service):
                def start(self):
                    try:
                        super().start()
                    finally:
                        if getattr(self, "process", None) is not None:
                            procs.append(self.process)

            service = GroupedService(executable_path=WEBKIT_DRIVER, env=env, log_output=log,
                                     popen_kw={"start_new_session": True})
            driver = webdriver.WebKitGTK(options=options, service=service)
            driver.set_page_load_timeout(timeout_s)
            driver.set_script_timeout(timeout_s)
            driver.command_executor._client_config.timeout = timeout_s + 60
            yield driver
        finally:
            if driver is not None:
                with contextlib.suppress(Exception):
                    driver.quit()
            for proc in reversed(procs):
                _end(proc)
            log.close()
