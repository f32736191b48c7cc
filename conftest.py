"""pytest's settings for the whole repository (see pyproject.toml)."""

# Needs PyScript and the browser's `js` module: imported only in the page.
collect_ignore = ["hearts/ui/controller.py", "main.py"]
