"""What the combat screen imports from here, which lives in :mod:`.hints`; the plugin's French
is its ``labels.fr.toml``."""

from gm_console_plugins.combat.hints import ALL_AGAIN_FR

__all__ = ["ALL_AGAIN_FR"]
