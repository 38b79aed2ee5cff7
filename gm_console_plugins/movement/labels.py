"""French labels of the movement calculator (the rule terms as RULES.md gives them)."""

FRENCH: dict[str, str] = {
    # segments and terrain
    "walk": "marcher",
    "climb": "escalader",
    "swim": "nager",
    "crawl": "ramper",
    "long jump": "saut en longueur",
    "high jump": "saut en hauteur",
    "Segment": "Segment",
    "Terrain": "Terrain",
    "terrain": "terrain",
    "difficult": "difficile",
    "normal": "normal",
    "no terrain set": "terrain non défini",
    "rate": "coût/m",
    "cost": "coût",
    "Notes": "Notes",
    "running": "avec élan",
    "standing": "sans élan",
    "slippery": "glissant",
    "rough water": "eaux agitées",
    "obstacle": "obstacle",
    # totals
    "speed": "vitesse",
    "character": "personnage",
    "Total {cost} m of {speed} m: {left} m left":
        "Total {cost} m sur {speed} m : {left} m restants",
    "Total {cost} m of {speed} m: {over} m too far":
        "Total {cost} m sur {speed} m : {over} m de trop",
    # checks
    "Strength": "Force",
    "Dexterity": "Dextérité",
    "Athletics": "Athlétisme",
    "Acrobatics": "Acrobaties",
    "⚄ {ability} ({skill}) DC {dc}: {reason} [{segment}]":
        "⚄ {ability} ({skill}) DD {dc} : {reason} [{segment}]",
    "climb a slippery or hold-poor surface": "escalader une paroi glissante ou sans prises",
    "swim in rough water": "nager en eaux agitées",
    "land on their feet in difficult terrain": "retomber sur ses pieds en terrain difficile",
    # jump figures
    "Long jump": "Saut en longueur",
    "High jump": "Saut en hauteur",
    "Reach": "Portée",
    "Obstacle without a check": "Obstacle sans test",
    "Small obstacle (check)": "Petit obstacle (test)",
    # messages and hints
    "Movement: no characters yet (add one on the party screen)":
        "Déplacement : aucun personnage (en ajouter un depuis l'écran du groupe)",
    "No segments yet: w walk, c climb, s swim, k crawl, l long jump, h high jump, then type "
    "the metres":
        "Aucun segment : w marcher, c escalader, s nager, k ramper, l saut en longueur, "
        "h saut en hauteur, puis tapez les mètres",
    "0-9 . metres · t terrain (* = current) · u run-up · ! slippery/rough · o obstacle · "
    "↑↓ segment · ⌫ erase · enter move · e spend in combat · f force · ? why":
        "0-9 . mètres · t terrain (* = actuel) · u élan · ! glissant/agité · o obstacle · "
        "↑↓ segment · ⌫ effacer · entrée déplacer · e dépenser en combat · f forcer · "
        "? pourquoi",
    " (press f to force it, with a reason)": " (f pour forcer, avec une raison)",
    "Force (a reason)": "Forcer (une raison)",
    "Previous segment": "Segment précédent",
    "Next segment": "Segment suivant",
    "Previous character": "Personnage précédent",
    "Next character": "Personnage suivant",
    "Nothing refused to force": "Rien de refusé à forcer",
    "Reason to force it": "Raison pour forcer",
    "Type the obstacle's height in metres; o again to drop it":
        "Tapez la hauteur de l'obstacle en mètres ; o à nouveau pour l'enlever",
    "A run-up applies to a jump": "L'élan ne concerne qu'un saut",
    "An obstacle applies to a long jump": "Un obstacle ne concerne qu'un saut en longueur",
    "Slippery applies to a climb, rough water to a swim":
        "Glissant concerne l'escalade, eaux agitées la nage",
    # bindings (footer)
    "Walk": "Marcher",
    "Climb": "Escalader",
    "Swim": "Nager",
    "Crawl": "Ramper",
    "Run-up": "Élan",
    "Slippery/rough": "Glissant/agité",
    "Obstacle": "Obstacle",
    "Erase": "Effacer",
    "Move": "Déplacer",
    "Spend in combat": "Dépenser en combat",
    "Why?": "Pourquoi ?",
    "Speed": "Vitesse",
    "Path": "Trajet",
    "Jumps": "Sauts",
}
