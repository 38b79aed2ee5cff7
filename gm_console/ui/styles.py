"""Styles live in ``.tcss`` files beside the screen or widget they style."""

from __future__ import annotations

from pathlib import Path


def css_beside(module: str, name: str) -> str:
    """The text of the ``.tcss`` file ``name`` in the folder of ``module`` (a module's
    ``__file__``), for a class's ``DEFAULT_CSS``. Screens and widgets keep DEFAULT_CSS rather
    than Textual's CSS_PATH: a screen's CSS_PATH is read into the app's own stylesheet when
    the screen is first shown, above every default and for every screen, and restyles all of
    them; DEFAULT_CSS stays scoped to its class, below the app's styles, read once."""
    return (Path(module).parent / name).read_text(encoding="utf-8")
