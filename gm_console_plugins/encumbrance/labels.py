"""French labels and the help text (each interpretation of RULES.md with the setting that
changes it). The French rule terms are the seed's own words (RULES.md 2.3–2.4)."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "unencumbered": "non encombré",
        "light": "léger",
        "moderate": "modéré",
        "heavy": "important",
        "critical": "critique",
        "maximal": "maximal",
        "over": "au-delà du maximum",
        "Speed": "Vitesse",
        "Load": "Charge",
        "Loads: encumbrance and speed": "Charges : encombrement et vitesse",
        "Loads": "Charges",
        "carried": "porté",
        "most allowed": "poids maximal autorisé",
        "to hit": "au toucher",
        "cannot fight": "impossible de combattre",
        "no Dexterity bonus to AC": "pas de bonus de Dextérité à la CA",
        "staggering": "en titubant",
        "holding more than the maximum": "tient en l'air plus que le maximum",
        "bulky": "encombrant",
        "full speed": "vitesse entière",
        "{fraction} speed": "{fraction} de la vitesse",
        "Carried": "Porté",
        "Name": "Nom",
        "Strength": "Force",
        "error": "erreur",
        "bulky gear counts one category up (b)":
            "l'équipement encombrant compte une catégorie au-dessus (b)",
        "No characters: add one on the party screen (F3)":
            "Aucun personnage : en ajouter un sur l'écran du groupe (F3)",
        "new item: name, weight lb, qty": "nouvel objet : nom ; poids en livres ; quantité",
        "{text!r}: name, weight and quantity are three fields, not {count} (a weight with a "
        "decimal comma: separate them with ;)":
            "{text!r} : nom, poids et quantité font trois champs, pas {count} (un poids avec "
            "une virgule décimale : séparez-les par ;)",
        "armour: name, weight lb, magic (yes/no); none takes it off":
            "armure : nom, poids en livres, magique (yes/no) ; none l'enlève",
        "speed adjustment: mv, reason (0 removes it)":
            "ajustement de vitesse : mv, raison (0 le retire)",
        "load to lift in lb (empty: what is carried)":
            "charge à soulever en livres (vide : ce qui est porté)",
        "the armour plugin is not loaded": "l'extension armour n'est pas chargée",
        "Bulky": "Encombrant",
        "Item": "Objet",
        "Armour": "Armure",
        "Speed ±": "Vitesse ±",
        "Lift": "Soulever",
        "Put down": "Poser",
        "AC": "CA",
        "none": "aucune",  # no armour worn
        # what the rules say (gm_console.text.said): steps, refusals, journal lines
        "holding {lb:g} lb over the maximum, {rounds} round(s) so far: a check each round "
        "(u puts it down)": "tient {lb:g} lb au-delà du maximum depuis {rounds} round(s) : un "
                            "test à chaque round (u pour la poser)",
        "any weight less: {category}": "le moindre poids en moins : {category}",
        "{lb:g} lb more: {category}": "{lb:g} lb de plus : {category}",
        "more than {lb:g} lb more: {category} the maximum": "plus de {lb:g} lb de plus : "
                                                             "{category}",
        "more than {lb:g} lb less: {category}": "plus de {lb:g} lb de moins : {category}",
        "{lb:g} lb less: {category}": "{lb:g} lb de moins : {category}",
        "score {score} is in no band of config/encumbrance.toml [[bands]]":
            "le score {score} n'est dans aucune tranche de config/encumbrance.toml [[bands]]",
        "Strength {strength}, Dexterity {dexterity}: no row names this pair (setting "
        "unnamed_pair_adjustment_mv)": "Force {strength}, Dextérité {dexterity} : aucune ligne "
                                       "ne nomme cette paire (réglage "
                                       "unnamed_pair_adjustment_mv)",
        "{what} must be a number of pounds, not {raw!r}":
            "{what} doit être un nombre de livres, pas {raw!r}",
        "{what} must be a number, not {raw!r}": "{what} doit être un nombre, pas {raw!r}",
        "{what} must be 0 or more pounds, not {raw!r}":
            "{what} doit être de 0 livre ou plus, pas {raw!r}",
        "{what} must be 0 or more, not {raw!r}": "{what} doit être de 0 ou plus, pas {raw!r}",
        "item {number}": "objet {number}",
        "weight of {name!r}": "le poids de {name!r}",
        "quantity of {name!r}": "la quantité de {name!r}",
        "armour_weight_lb": "armour_weight_lb",
        "{name}: {lb:g} lb × {qty:g}": "{name} : {lb:g} lb × {qty:g}",
        "{name}: {lb:g} lb": "{name} : {lb:g} lb",
        "{armour}: {lb:g} lb, magic: not counted":
            "{armour} : {lb:g} lb, magique : non compté",
        "{armour} (worn): {lb:g} lb": "{armour} (portée) : {lb:g} lb",
        "Strength {strength} is in no row of config/encumbrance.toml [[capacity]]":
            "la Force {strength} n'est dans aucune ligne de config/encumbrance.toml "
            "[[capacity]]",
        "{mv:g} mv, {note}": "{mv:g} mv, {note}",
        "{mv:g} mv": "{mv:g} mv",
        "carried {lb:g} lb": "porté {lb:g} lb",
        "{category} from {lb:g}": "{category} dès {lb:g}",
        "Strength {strength} (row {row}): {thresholds}, most allowed {max:g} lb":
            "Force {strength} (ligne {row}) : {thresholds}, poids maximal autorisé {max:g} lb",
        "bulky gear: one category up → {category}":
            "équipement encombrant : une catégorie au-dessus → {category}",
        "{category}: {speed}, to hit {to_hit:+d}, AC {ac:+d}":
            "{category} : {speed}, au toucher {to_hit:+d}, CA {ac:+d}",
        "{lb:g} lb > {max:g} lb most allowed: over the maximum":
            "{lb:g} lb > {max:g} lb de poids maximal autorisé : au-delà du maximum",
        "{lb:g} lb < {light:g} lb: unencumbered": "{lb:g} lb < {light:g} lb : non encombré",
        "{low:g} ≤ {lb:g} < {high:g} lb: {category}": "{low:g} ≤ {lb:g} < {high:g} lb : "
                                                       "{category}",
        "{low:g} ≤ {lb:g} ≤ {max:g} (most allowed) lb: {category}":
            "{low:g} ≤ {lb:g} ≤ {max:g} (poids maximal autorisé) lb : {category}",
        "rounds held must be 0 or more, not {rounds}":
            "les rounds tenus doivent être 0 ou plus, pas {rounds}",
        "{load:g} lb against {max:g} lb most allowed: {over:g} lb over":
            "{load:g} lb pour {max:g} lb de poids maximal autorisé : {over:g} lb de trop",
        "−{penalty} per started {step:g} lb over":
            "−{penalty} par tranche entamée de {step:g} lb en trop",
        "−{penalty} per whole {step:g} lb over":
            "−{penalty} par tranche complète de {step:g} lb en trop",
        "−{penalty} per round held: {rounds} round":
            "−{penalty} par round tenu : {rounds} round",
        "−{penalty} per round held: {rounds} rounds":
            "−{penalty} par round tenu : {rounds} rounds",
        "roll {dice} at or under {score} {penalty:+d} = {target}":
            "lancer {dice}, au plus {score} {penalty:+d} = {target}",
        "a character without a name": "un personnage sans nom",
        "{who}: {why}": "{who} : {why}",
        "{who}: speed_adjust_mv must be a number of mv, not {raw!r}":
            "{who} : speed_adjust_mv doit être un nombre de mv, pas {raw!r}",
        "no reason given": "sans raison donnée",
        "race {race}": "race {race}",
        "both {band}": "les deux {band}",
        "at least one {band}": "au moins un {band}",
        "one {one}, other {other}": "l'un {one}, l'autre {other}",
        "no Strength/Dexterity adjustment: {why}": "pas d'ajustement Force/Dextérité : {why}",
        "Str {strength}, Dex {dexterity}: {row} ({column} column)":
            "For {strength}, Dex {dexterity} : {row} (colonne {column})",
        "manual adjustment ignored: {why}": "ajustement manuel ignoré : {why}",
        "manual: {reason}": "manuel : {reason}",
        "encumbrance {category} ({lb:g} lb): {speed}":
            "encombrement {category} ({lb:g} lb) : {speed}",
        "encumbrance {category} ({lb:g} lb)": "encombrement {category} ({lb:g} lb)",
        "{name}: manual speed adjustment removed; speed {mv:g} mv":
            "{name} : ajustement manuel de vitesse retiré ; vitesse {mv:g} mv",
        "{name}: a manual speed adjustment needs a reason (haste, slow, boots of speed, a "
        "curse…)": "{name} : un ajustement manuel de vitesse demande une raison (hâte, "
                   "lenteur, bottes de rapidité, une malédiction…)",
        "{name}: speed {adjust:+g} mv ({reason}); speed {mv:g} mv":
            "{name} : vitesse {adjust:+g} mv ({reason}) ; vitesse {mv:g} mv",
        "rounds_held must be 0 or more, not {rounds}":
            "rounds_held doit être 0 ou plus, pas {rounds}",
        "{name} lifts {lb:g} lb without a check (most allowed {max:g} lb)":
            "{name} soulève {lb:g} lb sans test (poids maximal autorisé {max:g} lb)",
        "{name}: {title} ({steps})": "{name} : {title} ({steps})",
        "no roll for {name} in the outcomes": "aucun jet pour {name} dans les résultats",
        "{name} holds {lb:g} lb up (rolled {total} ≤ {target}); next round: check again at a "
        "further −1": "{name} tient {lb:g} lb en l'air ({total} ≤ {target}) ; au prochain "
                      "round : nouveau test à −1 de plus",
        "{name} cannot hold {lb:g} lb (rolled {total} > {target}): the load drops":
            "{name} ne peut pas tenir {lb:g} lb ({total} > {target}) : la charge tombe",
        "{name} is not holding a load over the maximum":
            "{name} ne tient pas de charge au-delà du maximum",
        "{name} puts down {lb:g} lb": "{name} pose {lb:g} lb",
        "{name}'s held load of {lb:g} lb is dropped: {why}":
            "la charge de {lb:g} lb tenue par {name} tombe : {why}",
    },
}


def translate(text: str, language: str) -> str:
    return LABELS.get(language, {}).get(text, text)


HELP = {
    "en": """\
Encumbrance (RULES.md 2.1–2.4; tables in config/encumbrance.toml)
- Base speed from the race table (15 human barbarian, 12 human/elf/half-elf/half-orc,
  6 gnome/halfling/dwarf); any other race uses its sheet's speed_m.
- Carried weight = items × quantity + the worn armour (not magic armour's weight).
- Categories by Strength: unencumbered, light 2/3, moderate 1/2 (−1 to hit),
  heavy 1/3 (−2, AC +1), critical 1 mv (−4, AC +3), maximal 1 mv staggering (cannot fight,
  AC +4, no Dexterity bonus). "bulky" moves a character one category up.
- Over the maximum ([effects.over]): speed 0, the load can only be held up.
- Fractions of a speed round down, never below 1 mv (the host's speed pipeline).
- Screen (key F5): the load against the thresholds, its effects, what would change it, and
  the speed's derivation. Keys: b bulky on/off, i add an item, w armour (name, weight, magic),
  a adjust speed by hand (mv, reason), l offer the Strength check to lift over the maximum,
  u put a held load down (each combat round re-offers the check at a further −1).
- Operations: speed.adjust character= mv= reason=, encumbrance.lift character= [load_lb=]
  [rounds_held=], encumbrance.release character=.

Interpretations and decisions (settings in [settings], or the session's
[plugins.encumbrance.settings]):
- strength_dexterity_adjustment (true): the optional Strength/Dexterity table (2.2) is used.
- adjustment_column_12_from_mv (12): base speeds below 12 read the "6" column.
- unnamed_pair_adjustment_mv (0): a pair no row names (≤8 with ≥15) gets 0.
- adjust_sheet_speeds (true): the table also adjusts sheet speeds of other creatures.
- over_max_count_started_steps (true): every started 5 lb over the maximum counts −1.
- bulky_can_pass_maximal (false): bulky gear never pushes past maximal.""",
    "fr": """\
Encombrement (RULES.md 2.1–2.4 ; tables dans config/encumbrance.toml)
- Vitesse de base selon la race (15 barbare humain, 12 humain/elfe/demi-elfe/demi-orque,
  6 gnome/hobbit/nain) ; toute autre race prend le speed_m de sa fiche.
- Poids porté = objets × quantité + l'armure portée (sauf le poids d'une armure magique).
- Catégories selon la Force : non encombré, léger 2/3, modéré 1/2 (−1 au toucher),
  important 1/3 (−2, CA +1), critique 1 mv (−4, CA +3), maximal 1 mv en titubant
  (impossible de combattre, CA +4, pas de bonus de Dextérité). « encombrant » fait passer
  le personnage dans la catégorie supérieure.
- Au-delà du maximum ([effects.over]) : vitesse 0, la charge ne peut qu'être tenue en l'air.
- Les fractions de vitesse s'arrondissent à l'inférieur, jamais sous 1 mv.
- Écran (touche F5) : la charge face aux seuils, ses effets, ce qui la changerait, et le détail
  de la vitesse. Touches : b encombrant oui/non, i ajouter un objet, w armure (nom, poids,
  magique), a ajustement manuel de vitesse (mv, raison), l test de Force pour soulever plus
  que le maximum, u poser la charge tenue (chaque round de combat redemande le test à −1 de
  plus).
- Opérations : speed.adjust character= mv= reason=, encumbrance.lift character= [load_lb=]
  [rounds_held=], encumbrance.release character=.

Interprétations et choix (réglages dans [settings], ou [plugins.encumbrance.settings] de la
session) :
- strength_dexterity_adjustment (true) : la table optionnelle Force/Dextérité (RULES.md 2.2)
  ajuste la vitesse de base ; false : la vitesse de base est celle de la race (ou de la
  fiche). Activée par défaut : l'exemple de RULES.md 2.6 (12 + 2 = 14) s'en sert.
- adjustment_column_12_from_mv (12) : interprétation de RULES.md 2.2 : une vitesse de base
  d'au moins ce nombre de mv lit la colonne « 12 ou plus » des tables, une vitesse plus
  basse la colonne « 6 ».
- unnamed_pair_adjustment_mv (0) : interprétation de RULES.md 2.2 : l'ajustement, en mv,
  d'une paire Force/Dextérité qu'aucune ligne des tables ne nomme (une valeur de 8 ou moins,
  l'autre de 15 ou plus).
- adjust_sheet_speeds (true) : choix (RULES.md 2.2 n'en dit rien) : l'ajustement
  Force/Dextérité vaut aussi pour une créature dont la race n'est pas dans [race_base_mv] et
  dont la vitesse vient de sa fiche (la colonne suit cette vitesse en mv) ; false : pour la
  table des races seulement.
- over_max_count_started_steps (true) : interprétation de RULES.md 2.3 : soulever plus que le
  maximum demande un test de Force à −1 par tranche de 5 livres au-delà ; true : chaque
  tranche entamée compte (1 livre de trop : −1) ; false : seules les tranches complètes
  comptent (1 à 4 livres : −0).
- bulky_can_pass_maximal (false) : choix (RULES.md 2.3 n'en dit rien) : « encombrant » fait
  monter d'une catégorie ; depuis maximal, false y reste (le maximum est une affaire de
  poids, pas de volume) ; true passe au-delà du maximum.""",
}


def decimal(text: str, language: str) -> str:
    """Figures in the language's way: 6.75 in English, 6,75 in French."""
    return text.replace(".", ",") if language == "fr" else text
