"""The one way a screen names its keys."""

from __future__ import annotations

from textual.binding import Binding


def key_binding(key: str, action: str, label: str, id: str, show: bool = True) -> Binding:
    """A key of a screen: ``key`` (or keys, "delete,x") runs ``action``; the footer shows
    ``label`` unless ``show`` is False (a session screen says it in the UI language). ``id``
    (``<plugin or screen>.<name>``; the app's own keys have plain ones, ``undo``) is what
    the ``[keys]`` table of the settings remaps it by."""
    return Binding(key, action, label, show=show, id=id)
