"""A new version "deployed" under an open game, for the update tests: a
changed file and a build/precache.js that names a new version and records
the changed file's new bytes (its size and SHA-256, which sw.js checks
before it stores anything: tools/build.py, file_record)."""

import hashlib
import json
import re

NEW_VERSION = "0123456789abcdef"
_PRECACHE = re.compile(r"self\.PRECACHE = (\{.*\});", re.S)


def precache_data(text):
    """build/precache.js's self.PRECACHE."""
    return json.loads(_PRECACHE.search(text).group(1))


def redeployed(precache_text, changed, version=NEW_VERSION):
    """precache_text of a new version whose files changed to changed
    ({"build/boot-i18n.json": bytes, ...}, paths as the site names them)."""
    data = precache_data(precache_text)
    data["version"] = version
    for path, body in changed.items():
        data["records"]["./" + path].update(size=len(body), sha256=hashlib.sha256(body).hexdigest())
    return _PRECACHE.sub(lambda _: "self.PRECACHE = " + json.dumps(data, indent=1) + ";", precache_text)


def new_title(strings_text, title="Hearts 2"):
    """build/boot-i18n.json with another English boot title, as bytes."""
    strings = json.loads(strings_text)
    strings["en"]["title"] = title
    return json.dumps(strings).encode("utf-8")


def deploy_site(site, title="Hearts 2", version=NEW_VERSION):
    """A new build over the one in the folder site: another boot title,
    another version."""
    strings_file = site / "build" / "boot-i18n.json"
    strings = new_title(strings_file.read_text(encoding="utf-8"), title)
    strings_file.write_bytes(strings)
    precache = site / "build" / "precache.js"
    precache.write_text(redeployed(precache.read_text(encoding="utf-8"), {"build/boot-i18n.json": strings}, version),
                        encoding="utf-8")
