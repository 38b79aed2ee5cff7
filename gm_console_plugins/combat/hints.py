"""Command-line syntax as the French sentences write it, which the combat screen replaces with
its keys (``CombatScreen.KEY_HINTS``), as it does the English syntax."""

ALL_AGAIN_FR = "(all=true pour relancer)"
"""How the French refusal (labels.fr.toml) says ``(all=true rolls again)``."""
