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
    # sentences the movement rules say (gm_console.text.said)
    "{cost} m of {speed} m, {left} m left": "{cost} m sur {speed} m, {left} m restants",
    "{cost} m of {speed} m, {over} m too far": "{cost} m sur {speed} m, {over} m de trop",
    "{name}: {path} costs {summary}": "{name} : {path} coûte {summary}",
    "check: {skill} ({reason})": "test : {skill} ({reason})",
    "{ability} ({skill})": "{ability} ({skill})",
    "{skill}: {reason}": "{skill} : {reason}",
    "{skill}: {reason} (disadvantage: {why})": "{skill} : {reason} (désavantage : {why})",
    "{line} (override: {reason})": "{line} (forcé : {reason})",
    "{name} moves {path}: {summary}": "{name} se déplace {path} : {summary}",
    "{line}; checks offered: {checks}": "{line} ; tests proposés : {checks}",
    "{name} has no strength on the sheet": "{name} n'a pas de Force sur sa fiche",
    "{name}: {path} costs {summary} for one round; shorten it or split it over two rounds":
        "{name} : {path} coûte {summary} pour un round ; raccourcissez-le ou répartissez-le sur "
        "deux rounds",
    "no combat tracker: no plugin keeps the fight's movement (the combat plugin is not "
    "loaded); use movement.move outside combat":
        "pas de suivi de combat : aucune extension ne tient le mouvement du combat (l'extension "
        "combat n'est pas chargée) ; utilisez movement.move hors combat",
    "{name} spends {metres} m of movement (speed {speed} m) on {path}, {left} m left of the "
    "move actions taken":
        "{name} dépense {metres} m de déplacement (vitesse {speed} m) pour {path}, {left} m "
        "restants des actions de mouvement prises",
    "{name} spends {metres} m of movement (speed {speed} m) on {path}":
        "{name} dépense {metres} m de déplacement (vitesse {speed} m) pour {path}",
    "{name} succeeds: {reason}": "{name} réussit : {reason}",
    "{name} fails ({reason}): {failure}": "{name} échoue ({reason}) : {failure}",
    "{name}: no outcome for {reason}": "{name} : aucun résultat pour {reason}",
    "failed check: {reason}": "test raté : {reason}",
    "segments: {problem}": "segments : {problem}",
    "the combat tracker refused {metres} m for {name}: {why}":
        "le suivi de combat a refusé {metres} m pour {name} : {why}",
    "movement.check_result: the request has no {key!r}":
        "movement.check_result : la demande n'a pas de {key!r}",
    "movement.check_result: each outcome needs a success (a DC was set)":
        "movement.check_result : chaque résultat doit dire s'il réussit (un DD était fixé)",
    "−{metres}": "−{metres}",
    "true or false": "true ou false",
    "a number": "un nombre",
    "a list of names": "une liste de noms",
    "a text": "du texte",
    "setting {key} of movement must be {kind}, not {value}":
        "le réglage {key} du déplacement doit être {kind}, pas {value}",
    "setting {key} of movement must be one of {choices}, not {value}":
        "le réglage {key} du déplacement doit valoir l'un de {choices}, pas {value}",
    "setting run_up_kinds of movement must be a list of segment kinds ({kinds}), not {value}":
        "le réglage run_up_kinds du déplacement doit être une liste de types de segments "
        "({kinds}), pas {value}",
    "Strength {score}": "Force {score}",
    "Strength {strength} counts as {score}": "Force {strength} compte pour {score}",
    "{strength}, modifier {modifier}": "{strength}, modificateur {modifier}",
    "height_m {value} is not a number of metres": "height_m {value} n'est pas un nombre de mètres",
    "height_m {value} is below 0": "height_m {value} est inférieur à 0",
    "long jump with a run-up of {run_up} m: {per} × {score} = {long} m":
        "saut en longueur avec {run_up} m d'élan : {per} × {score} = {long} m",
    "long jump standing: {long} × {factor} = {standing} m":
        "saut en longueur sans élan : {long} × {factor} = {standing} m",
    "high jump with a run-up: {base} + {per} × {modifier} = {high} m":
        "saut en hauteur avec élan : {base} + {per} × {modifier} = {high} m",
    "high jump with a run-up: {base} + {per} × {modifier} = {high} m → 0 m (never below 0)":
        "saut en hauteur avec élan : {base} + {per} × {modifier} = {high} m → 0 m (jamais "
        "moins de 0)",
    "high jump standing: {high} × {factor} = {standing} m":
        "saut en hauteur sans élan : {high} × {factor} = {standing} m",
    "small obstacle, cleared with a Strength (Athletics) check: up to {fraction} × {long} = "
    "{obstacle} m (running long jump)":
        "petit obstacle, franchi avec un test de Force (Athlétisme) : jusqu'à {fraction} × "
        "{long} = {obstacle} m (saut en longueur avec élan)",
    "obstacle cleared without a check: up to {fraction} × {long} = {obstacle} m (running long "
    "jump)":
        "obstacle franchi sans test : jusqu'à {fraction} × {long} = {obstacle} m (saut en "
        "longueur avec élan)",
    "highest point reached: unknown (no height_m on the sheet)":
        "point le plus haut atteint : inconnu (pas de height_m sur la fiche)",
    "highest point reached ({how}): {high} + {arms} × {height} = {reach} m":
        "point le plus haut atteint ({how}) : {high} + {arms} × {height} = {reach} m",
    "{kind}, {terrain} terrain": "{kind}, terrain {terrain}",
    "crawl, {terrain} terrain (setting)": "ramper, terrain {terrain} (réglage)",
    "jump, normal terrain": "saut, terrain normal",
    "jump, difficult terrain (setting)": "saut, terrain difficile (réglage)",
    "climb with a climbing speed of {speed} m, {terrain} terrain":
        "escalader avec une vitesse d'escalade de {speed} m, terrain {terrain}",
    "swim with a swimming speed of {speed} m, {terrain} terrain":
        "nager avec une vitesse de nage de {speed} m, terrain {terrain}",
    "{why} (current terrain: {terrain})": "{why} (terrain actuel : {terrain})",
    "{why} (current terrain)": "{why} (terrain actuel)",
    "{why} (no current terrain)": "{why} (pas de terrain actuel)",
    "running (as written)": "avec élan (comme écrit)",
    "standing (as written)": "sans élan (comme écrit)",
    "running ({ground} m of run-up ≥ {needed} m)": "avec élan ({ground} m d'élan ≥ {needed} m)",
    "standing ({ground} m of run-up < {needed} m)": "sans élan ({ground} m d'élan < {needed} m)",
    "jump {length} m high, above the {limit} m of a {how} high jump":
        "sauter à {length} m de haut, au-delà des {limit} m d'un saut en hauteur {how}",
    "does not jump that high": "ne saute pas si haut",
    "segment {number}: a long jump of {length} m is beyond the {limit} m of a {how} long jump":
        "segment {number} : un saut en longueur de {length} m dépasse les {limit} m d'un saut "
        "en longueur {how}",
    "segment {number}: an obstacle of {obstacle} m is taller than a quarter of the {length} m "
    "jump ({quarter} m)":
        "segment {number} : un obstacle de {obstacle} m dépasse le quart du saut de {length} m "
        "({quarter} m)",
    "clear a {obstacle} m obstacle (up to {quarter} m)":
        "franchir un obstacle de {obstacle} m (jusqu'à {quarter} m)",
    "clear a {obstacle} m obstacle, taller than a quarter of the jump ({quarter} m)":
        "franchir un obstacle de {obstacle} m, plus haut que le quart du saut ({quarter} m)",
    "hits the obstacle": "heurte l'obstacle",
    "makes no headway": "n'avance pas",
    "falls prone": "tombe à terre",
    "{number}. {kind} {metres} m: {why}: {metres} × {rate} = {cost} m":
        "{number}. {kind} {metres} m : {why} : {metres} × {rate} = {cost} m",
    "{number}. {kind} {metres} m: {why}, {how}: {metres} × {rate} = {cost} m":
        "{number}. {kind} {metres} m : {why}, {how} : {metres} × {rate} = {cost} m",
    "total {cost} m of {speed} m: {left} m left":
        "total {cost} m sur {speed} m : {left} m restants",
    "total {cost} m of {speed} m: {over} m too far":
        "total {cost} m sur {speed} m : {over} m de trop",
    # a path as text (movement.price segments=...): the syntax stays as typed
    "segments separated by commas, each kind:metres[:flag...]; kinds: walk, climb, swim, crawl, "
    "long_jump, high_jump; flags: difficult or normal (terrain; without one, the current "
    "terrain's), running or standing (a jump; without one, running after 3 m walked just "
    "before), slippery (a climb), rough (a swim in rough water), obstacle=H (a long jump over "
    "an obstacle H m tall). Example: climb:3:slippery,walk:3,long_jump:4:difficult":
        "segments séparés par des virgules, chacun type:mètres[:option...] ; types : walk, "
        "climb, swim, crawl, long_jump, high_jump ; options : difficult ou normal (terrain ; "
        "sans elle, celui du terrain actuel), running ou standing (un saut ; sans elle, avec "
        "élan après 3 m de marche juste avant), slippery (une escalade), rough (une nage en "
        "eaux agitées), obstacle=H (un saut en longueur par-dessus un obstacle de H m). "
        "Exemple : climb:3:slippery,walk:3,long_jump:4:difficult",
    "no segments given ({syntax})": "aucun segment donné ({syntax})",
    "segment {number} {text!r}": "segment {number} {text!r}",
    "the distance": "la distance",
    "the obstacle height": "la hauteur de l'obstacle",
    "{where}: {what} {text!r} is not a number of metres":
        "{where} : {what} {text!r} n'est pas un nombre de mètres",
    "{where}: {what} must be more than 0 m, not {text!r}":
        "{where} : {what} doit dépasser 0 m, pas {text!r}",
    "{where}: expected kind:metres, such as walk:3":
        "{where} : type:mètres attendu, comme walk:3",
    "{where}: unknown kind {kind!r} (kinds: {kinds})":
        "{where} : type inconnu {kind!r} (types : {kinds})",
    "{where}: flag {flag!r} contradicts or repeats an earlier flag":
        "{where} : l'option {flag!r} contredit ou répète une option précédente",
    "segment {number} is empty (two commas in a row, or a comma at either end)":
        "le segment {number} est vide (deux virgules de suite, ou une virgule à un bout)",
    "{where}: {flag!r} applies to a jump, not to {kind}":
        "{where} : {flag!r} concerne un saut, pas {kind}",
    "{where}: 'slippery' applies to a climb, not to {kind}":
        "{where} : 'slippery' concerne une escalade, pas {kind}",
    "{where}: 'rough' applies to a swim, not to {kind}":
        "{where} : 'rough' concerne une nage, pas {kind}",
    "{where}: an obstacle applies to a long_jump, not to {kind}":
        "{where} : un obstacle concerne un long_jump, pas {kind}",
    "{where}: unknown flag {flag!r} (flags: difficult, normal, running, standing, slippery, "
    "rough, obstacle=H)":
        "{where} : option inconnue {flag!r} (options : difficult, normal, running, standing, "
        "slippery, rough, obstacle=H)",
    "settings must be a table ([plugins.movement.settings])":
        "settings doit être une table ([plugins.movement.settings])",
}
