"""The start screen, from the controller's start until the game's Python
takes over (MicroPython on the main thread).

The page holds the start screen, drawn by the game's own view and put in
the player's language with their settings before the first paint
(``assets/start-screen.js``, which keeps a click made before this runs).
Here the settings change and are stored (:mod:`hearts.app.stored_settings`,
as the game's Python stores them), the rules page opens and closes, and
New game, Statistics and a file chosen for "Open a game from a file" are
remembered (``html[data-start-pressed]``) with the loading bar on the
button; the game's Python carries them out once it is ready.
"""

import js
from pyscript import when
from pyscript.ffi import create_proxy, to_js

try:
    from hearts.app import stored_settings
    from hearts.page import protocol as P
    from hearts.page.dom import (NO_SCROLL, _UNDEFINED, area, attr, call, cast, document, field, file_input, has_class,
                                 html, one, read)
except ImportError:  # MicroPython: pyscript.toml puts them at the top
    import protocol as P  # type: ignore[import-not-found, no-redef]
    import stored_settings  # type: ignore[import-not-found, no-redef]
    from dom import (NO_SCROLL, _UNDEFINED, area, attr, call, cast, document, field, file_input,  # type: ignore[import-not-found, no-redef]
                     has_class, html, one, read)

TYPE_CHECKING = False  # (hearts/page/dom.py says why)
if TYPE_CHECKING:
    from typing import Callable


class StartScreen:
    def __init__(self, data: js.StartData, chosen: js.StartChoice) -> None:
        self.data = data  # self.HEARTS_START (build/start-screen.js)
        self.lang = str(chosen.lang)
        self.level = str(chosen.level)
        self.speed = str(chosen.speed)
        self.four = chosen.four is True
        two_tap = field(chosen, "twoTap")
        self.two_tap: bool | None = None if two_tap is None else two_tap is True
        self.touch = chosen.touch is True
        self.scope = str(chosen.scope)
        self.keys = data.facts.keys
        self.rules_opener: js.HTMLElement | None = None
        self._art = create_proxy(self.progress)

    def live(self) -> bool:
        return attr(html, "data-start-screen") == "prerendered"

    def texts(self) -> js.StartTexts:
        texts: js.StartTexts = js.Reflect.get(self.data.texts, self.lang)
        return texts

    def key(self, name: str) -> str:
        return str(name) + str(self.data.facts.separator) + self.scope

    def store(self, name: str, value: str) -> None:
        call(area("local"), "setItem", self.key(name), value)  # full or disabled: the game's Python says so

    def stored(self, name: str) -> str | None:
        """This install's stored value (at the root, also the key of before)."""
        own = read(area("local"), self.key(name))
        if own is None and self.scope == "/":
            own = read(area("local"), str(name))
        return own

    def store_settings(self) -> None:
        text = stored_settings.changed(self.stored(self.keys.settings), level=self.level, speed=self.speed,
                                       four_colour=self.four, two_tap=self.two_tap)
        self.store(self.keys.settings, text)

    # -- drawing (as hearts/app/start_view.py draws the start screen)
    def show_settings(self) -> None:
        section = one("#screen > section.screen")
        if section is None:
            return
        section.className = "screen" + (" four" if self.four else "") + " pace-" + self.speed + " phase-start"

        def press(selector: str, on: Callable[[js.HTMLElement], bool]) -> None:
            for el in section.querySelectorAll(selector):
                el.setAttribute("aria-pressed", "true" if on(el) else "false")

        press("[data-action=level]", lambda el: attr(el, "data-value") == self.level)
        level = section.querySelector("[data-action=level]")
        fieldset = level.closest("fieldset") if level is not None else None
        description = fieldset.querySelector(".choice-desc") if fieldset is not None else None
        if description is not None:
            description.textContent = js.Reflect.get(self.texts().levels, self.level)
        press("[data-action=speed]", lambda el: attr(el, "data-value") == self.speed)
        press("[data-action=lang]", lambda el: attr(el, "data-value") == self.lang)
        press("[data-action=four-colour]", lambda el: self.four)
        press("[data-action=two-tap]", lambda el: self.touch if self.two_tap is None else self.two_tap)

    def show_language(self) -> None:
        screen = document.getElementById("screen")
        if screen is not None:
            screen.innerHTML = self.texts().screen
        html.lang = self.lang
        js.heartsStart.lang = self.lang
        document.title = self.texts().title
        title = document.getElementById("boot-title")
        if title is not None:
            title.textContent = self.texts().title
        status = document.getElementById("boot-status")
        if status is not None and not html.hasAttribute("data-boot-texts"):
            status.textContent = self.texts().loading

    def show_art(self) -> None:
        """The emblem's card pictures (hearts/dev/prerender.py, defer_art),
        once the boot's big files are all in (data-boot-stage 3), so that
        the card art does not compete with them."""
        stage = attr(html, "data-boot-stage") or "0"
        if not (stage.isdigit() and int(stage) >= 3) and not html.hasAttribute("data-ready"):
            return
        for use in document.querySelectorAll("#screen use[data-href]"):
            use.setAttribute("href", attr(use, "data-href") or "")
            use.removeAttribute("data-href")

    def progress(self, *_: object) -> None:
        """The boot moved on: the card art when it may come, the bar on the
        button pressed."""
        self.show_art()
        bar = cast("js.HTMLProgressElement | None", one("#screen .start-wait"))
        if bar is not None:
            value = attr(html, "data-boot-progress") or "0"
            bar.value = max(float(bar.value), float(value) if value.replace(".", "", 1).isdigit() else 0.0)

    def wait(self, button: js.HTMLElement | None) -> None:
        for old in document.querySelectorAll("#screen .start-wait"):
            old.remove()
        if button is None:
            return
        bar = document.createElement("progress")
        bar.className = "start-wait"
        bar.max = 100
        self_value = attr(html, "data-boot-progress") or "0"
        bar.value = float(self_value) if self_value.replace(".", "", 1).isdigit() else 0.0
        bar.setAttribute("aria-label", self.texts().loading)
        button.append(bar)
        button.setAttribute("aria-busy", "true")

    # -- the rules page
    def open_rules(self, opener: js.HTMLElement | None) -> None:
        if opener is None:
            opener = one("#screen [data-action=rules]")
        if one("#screen > .overlay") is not None:
            return
        section = one("#screen > section.screen")
        if section is None:
            return
        section.setAttribute("inert", "")
        section.insertAdjacentHTML("afterend", self.texts().rules)
        panel = one("#screen > .overlay .panel")
        if panel is not None:
            panel.focus()
        self.rules_opener = opener

    def close_rules(self) -> None:
        overlay = one("#screen > .overlay")
        if overlay is None:
            return
        overlay.remove()
        section = one("#screen > section.screen")
        if section is not None:
            section.removeAttribute("inert")
        opener = self.rules_opener
        back = opener if opener is not None and opener.isConnected else one("#screen [data-action=rules]")
        if back is not None:
            back.focus(NO_SCROLL)

    # -- what a click does
    def press(self, action: str) -> None:
        html.dataset.startPressed = action
        self.wait(one("#screen [data-action=" + action + "]"))

    def choose(self, action: str | None, value: str | None) -> None:
        if action == "level" and value in list(self.data.levels):
            self.level = value
        elif action == "speed" and value in list(self.data.facts.speeds):
            self.speed = value
        elif action == "four-colour":
            self.four = not self.four
        elif action == "two-tap":
            self.two_tap = not (self.touch if self.two_tap is None else self.two_tap)
        elif action == "lang" and value in list(self.data.languages):
            if value == self.lang:
                return
            waiting = attr(html, "data-start-pressed")
            self.lang = value
            self.store(self.keys.lang, value)
            self.show_language()
            self.show_art()
            if waiting:
                self.wait(one("#screen [data-action=" + waiting + "]"))
            chosen = one("#screen [data-action=lang][data-value=" + value + "]")
            if chosen is not None:
                chosen.focus(NO_SCROLL)
        else:
            return
        self.store_settings()
        self.show_settings()

    def click(self, target: js.HTMLElement) -> None:
        """A click on the start screen (its target)."""
        if has_class(target, "overlay"):  # the dimmed backdrop
            return self.close_rules()
        button = target.closest("#screen [data-action]")
        if button is not None:
            self.act(attr(button, "data-action"), attr(button, "data-value"), button)

    def act(self, action: str | None, value: str | None, button: js.HTMLElement | None) -> None:
        """What a button of the start screen does (``button``: the one
        clicked, or None for a click assets/start-screen.js kept)."""
        if action == "rules":
            self.open_rules(button)
        elif action == "close":
            self.close_rules()
        elif action in ("new-game", "today", "stats"):
            self.press(action)
        elif action == "import-game":
            self.pick_file()
        else:
            self.choose(action, value)

    def pick_file(self) -> None:
        """"Open a game from a file": the chooser opens now (in the click's
        own handler); the game's Python reads the file once it is ready."""
        picker = file_input()
        if picker is None:
            app = document.getElementById("app")
            if app is not None:
                app.insertAdjacentHTML("beforeend", P.FILE_INPUT)
            picker = file_input()
            if picker is None:
                return
            self.watch_picker(picker)
        picker.value = ""
        picker.click()

    def watch_picker(self, picker: js.HTMLInputElement) -> None:
        @when("change", [picker])
        def chosen(event: "js.Event") -> None:
            if self.live() and picker.files.length:
                self.press("import-game")

    def begin(self, chosen: js.StartChoice) -> None:
        """Take the start screen over from assets/start-screen.js, and carry
        out the clicks it kept."""
        chosen.controller = True
        observer = js.MutationObserver.new(self._art)
        observer.observe(html, to_js({"attributes": True, "attributeFilter": ["data-boot-stage", "data-boot-progress"]}))
        self.show_art()
        picker = file_input()
        if picker is not None:
            self.watch_picker(picker)

        @when("click", [document])
        def clicked(event: "js.MouseEvent") -> None:
            target = event.target
            if self.live() and target is not None and hasattr(target, "closest"):
                self.click(target)

        @when("keydown", [document])
        def pressed(event: "js.KeyboardEvent") -> None:
            if self.live() and str(event.key) == P.ESCAPE:
                self.close_rules()

        for early in list(chosen.early):
            if not self.live():
                break
            if isinstance(early, str):  # "file": a file chosen before
                self.press("import-game")
            else:  # [action, value]
                self.act(str(early[0]), early[1], None)


def start_screen() -> None:
    """The start screen's controller, if the page shows it."""
    data: js.StartData | None = getattr(js.window, "HEARTS_START", None)
    chosen: js.StartChoice | None = getattr(js.window, "heartsStart", None)
    if data is None or field(data, "facts") is None or chosen is None or type(chosen) is _UNDEFINED:
        return
    StartScreen(data, chosen).begin(chosen)
