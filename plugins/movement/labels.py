"""French labels of the movement plugin's screen (RULES.md gives the French rule terms)."""

FRENCH: dict[str, str] = {}
