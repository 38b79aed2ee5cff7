"""The terrain plugin's French: labels and the sentences its rules say (RULES.md 1.5)."""

FRENCH: dict[str, str] = {
    "Terrain": "Terrain",
    "difficult": "difficile",
    "ordinary": "ordinaire",
    # sentences (gm_console.text.said)
    "ordinary terrain": "terrain ordinaire",
    "difficult terrain: each metre costs {cost:g}":
        "terrain difficile : chaque mètre en coûte {cost:g}",
    "terrain: {label} ({how})": "terrain : {label} ({how})",
    "terrain: {label} ({how}) (unchanged)": "terrain : {label} ({how}) (inchangé)",
    "{key} (not in config/terrain.toml)": "{key} (absent de config/terrain.toml)",
    "terrain {key!r} is not in config/terrain.toml; treated as ordinary":
        "le terrain {key!r} n'est pas dans config/terrain.toml ; traité comme ordinaire",
    "current must be a terrain key (text), e.g. \"road\"":
        "current doit être une clé de terrain (texte), par exemple \"road\"",
    "config/terrain.toml has no [types.<key>] table":
        "config/terrain.toml n'a pas de table [types.<key>]",
    "config/terrain.toml [types.{key}]: 'difficult' must be true or false":
        "config/terrain.toml [types.{key}] : 'difficult' doit valoir true ou false",
    "config/terrain.toml [cost]: '{which}' must be a positive number":
        "config/terrain.toml [cost] : '{which}' doit être un nombre positif",
    "unknown terrain {key!r}; known terrains: {known}":
        "terrain inconnu {key!r} ; terrains connus : {known}",
}
