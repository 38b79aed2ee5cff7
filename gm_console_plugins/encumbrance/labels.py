"""What the encumbrance screen imports from here, which lives in :mod:`.figures`; the plugin's
French is its ``labels.fr.toml``."""

from gm_console_plugins.encumbrance.figures import decimal

__all__ = ["decimal"]
