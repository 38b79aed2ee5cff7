"""The armour plugin's French: labels and the sentences its rules say (RULES.md's terms)."""

FRENCH: dict[str, str] = {
    "no limit": "aucune limite",
    "magic": "magique",
    "Armour": "Armure",
    "armour: name, weight lb, magic (yes/no)": "armure : nom, poids lb, magique (oui/non)",
    "none: takes it off · name! : an armour the table does not list":
        "none : l'enlève · nom! : une armure que la table ne liste pas",
    # sentences (gm_console.text.said)
    "{limit} speed": "{limit} de la vitesse",
    "armour {armour}: {limit}": "{armour} : {limit}",  # most French names say "armure"
    "armour {armour}, magic: {limit}": "{armour}, magique : {limit}",
    "armour {armour!r} is not in config/armour.toml: limit {limit}":
        "armure {armour!r} absente de config/armour.toml : limite {limit}",
    "armour {armour!r}, magic is not in config/armour.toml: limit {limit}":
        "armure {armour!r}, magique, absente de config/armour.toml : limite {limit}",
    "{who} wears {armour}: {limit}": "{who} porte {armour} : {limit}",
    "{who} wears {armour}, magic: {limit}": "{who} porte {armour}, magique : {limit}",
    "{who} wears {armour!r}, which config/armour.toml does not list: limit {limit}":
        "{who} porte {armour!r}, que config/armour.toml ne liste pas : limite {limit}",
    "{weight:g} lb": "{weight:g} lb",
    "{armour!r} is not in config/armour.toml (known: {known}); add it there, or pass "
    "unlisted=true":
        "{armour!r} n'est pas dans config/armour.toml (connues : {known}) ; ajoutez-la, ou "
        "passez unlisted=true",
    "armour.wear needs the core's character.set operation, which is missing":
        "armour.wear a besoin de l'opération character.set du cœur, qui manque",
    "setting unknown_armour_limit": "réglage unknown_armour_limit",
    "setting {key}": "réglage {key}",
    "armour {armour}": "armure {armour}",
    "unknown setting {key!r} (settings: {known})": "réglage inconnu {key!r} (réglages : {known})",
    "{where}: limit {raw!r} is not a fraction such as \"2/3\"":
        "{where} : la limite {raw!r} n'est pas une fraction comme « 2/3 »",
    "{where}: limit {raw!r} must be more than 0 and at most 1":
        "{where} : la limite {raw!r} doit dépasser 0 et valoir au plus 1",
}
