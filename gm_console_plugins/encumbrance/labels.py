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
        "new item: name, weight lb, qty": "nouvel objet : nom, poids en livres, quantité",
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
        "holding {lb} lb over the maximum, {rounds} round(s) so far: a check each round "
        "(u puts it down)": "tient {lb} livres au-delà du maximum depuis {rounds} round(s) : "
                            "un test à chaque round (u pour la poser)",
        "any weight less: {category}": "le moindre poids en moins : {category}",
        "{lb} lb more: {category}": "{lb} livres de plus : {category}",
        "more than {lb} lb more: {category} the maximum": "plus de {lb} livres de plus : {category}",
        "more than {lb} lb less: {category}": "plus de {lb} livres de moins : {category}",
        "{lb} lb less: {category}": "{lb} livres de moins : {category}",
    },
}


def translate(text: str, language: str) -> str:
    return LABELS.get(language, {}).get(text, text)


HELP = {
    "en": """\
Encumbrance (RULES.md 2.1–2.4; tables in config/encumbrance.toml)
  Base speed from the race table (15 human barbarian, 12 human/elf/half-elf/half-orc,
  6 gnome/halfling/dwarf); any other race uses its sheet's speed_m.
  Carried weight = items × quantity + the worn armour (not magic armour's weight).
  Categories by Strength: unencumbered, light 2/3, moderate 1/2 (−1 to hit),
  heavy 1/3 (−2, AC +1), critical 1 mv (−4, AC +3), maximal 1 mv staggering (cannot fight,
  AC +4, no Dexterity bonus). "bulky" moves a character one category up.
  Screen (key F5): the load against the thresholds, its effects, what would change it, and
  the speed's derivation. Keys: b bulky on/off, i add an item, w armour (name, weight, magic),
  a adjust speed by hand (mv, reason), l offer the Strength check to lift over the maximum,
  u put a held load down (each combat round re-offers the check at a further −1).
  Operations: speed.adjust character= mv= reason=, encumbrance.lift character= [load_lb=]
  [rounds_held=], encumbrance.release character=.
Interpretations and decisions (settings in [settings], or the session's
[plugins.encumbrance.settings]):
  strength_dexterity_adjustment  the optional Strength/Dexterity table (2.2) is used (on).
  adjustment_column_12_from_mv   base speeds below 12 read the "6" column.
  unnamed_pair_adjustment_mv     a pair no row names (≤8 with ≥15) gets 0.
  adjust_sheet_speeds            the table also adjusts sheet speeds of other creatures.
  over_max_count_started_steps   every started 5 lb over the maximum counts −1.
  bulky_can_pass_maximal         bulky gear never pushes past maximal (off).
  Over the maximum ([effects.over]): speed 0, the load can only be held up.
  Fractions of a speed round down, never below 1 mv (the host's speed pipeline).""",
    "fr": """\
Encombrement (RULES.md 2.1–2.4 ; tables dans config/encumbrance.toml)
  Vitesse de base selon la race (15 barbare humain, 12 humain/elfe/demi-elfe/demi-orque,
  6 gnome/hobbit/nain) ; toute autre race prend le speed_m de sa fiche.
  Poids porté = objets × quantité + l'armure portée (sauf le poids d'une armure magique).
  Catégories selon la Force : non encombré, léger 2/3, modéré 1/2 (−1 au toucher),
  important 1/3 (−2, CA +1), critique 1 mv (−4, CA +3), maximal 1 mv en titubant
  (impossible de combattre, CA +4, pas de bonus de Dextérité). « encombrant » fait passer
  le personnage dans la catégorie supérieure.
  Écran (touche F5) : la charge face aux seuils, ses effets, ce qui la changerait, et le détail
  de la vitesse. Touches : b encombrant oui/non, i ajouter un objet, w armure (nom, poids,
  magique), a ajustement manuel de vitesse (mv, raison), l test de Force pour soulever plus
  que le maximum, u poser la charge tenue (chaque round de combat redemande le test à −1 de
  plus).
  Opérations : speed.adjust character= mv= reason=, encumbrance.lift character= [load_lb=]
  [rounds_held=], encumbrance.release character=.
Interprétations et choix (réglages dans [settings], ou [plugins.encumbrance.settings] de la
session) :
  strength_dexterity_adjustment  la table optionnelle Force/Dextérité (2.2) s'applique (oui).
  adjustment_column_12_from_mv   une vitesse de base sous 12 lit la colonne « 6 ».
  unnamed_pair_adjustment_mv     une paire qu'aucune ligne ne nomme (≤8 avec ≥15) : 0.
  adjust_sheet_speeds            la table ajuste aussi la vitesse de fiche des autres créatures.
  over_max_count_started_steps   chaque tranche de 5 livres entamée compte −1.
  bulky_can_pass_maximal         l'équipement encombrant ne dépasse jamais maximal (non).
  Au-delà du maximum ([effects.over]) : vitesse 0, la charge ne peut qu'être tenue en l'air.
  Les fractions de vitesse s'arrondissent à l'inférieur, jamais sous 1 mv.""",
}


def decimal(text: str, language: str) -> str:
    """Figures in the language's way: 6.75 in English, 6,75 in French."""
    return text.replace(".", ",") if language == "fr" else text
