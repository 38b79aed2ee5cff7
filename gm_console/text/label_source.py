"""What a :class:`~gm_console.text.i18n.Translator` asks of the host: the plugins' labels."""

from __future__ import annotations

from typing import Any, Protocol


class LabelSource(Protocol):
    """Answers the ``labels`` hook, ``call("labels", language="fr")``: every plugin's table
    of translations for that language (the plugin manager, :class:`gm_console.host.manager.Host`,
    is one)."""

    def call(self, hook: str, **kwargs: Any) -> list[Any]: ...
