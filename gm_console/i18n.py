"""UI labels in English (the source text) or French. The host's own labels are here; plugins
add theirs through the ``labels`` hook. A label nobody translated shows in English."""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

from gm_console.said import JOINED, Said, parts_of, restored

if TYPE_CHECKING:
    from gm_console.host import Host

FRENCH = {
    "Day": "Jour",
    "Party": "Groupe",
    "Journal": "Journal",
    "Help": "Aide",
    "Home": "Accueil",
    "Undo": "Annuler",
    "Quit": "Quitter",
    "Back": "Retour",
    "Refused": "Refusé",
    "Rolls": "Jets",
    "Roll dice": "Lancer les dés",
    "Note": "Note",
    "+10 min": "+10 min",
    "Long rest": "Repos long",
    "Name": "Nom",
    "Race": "Race",
    "Str": "For",
    "Dex": "Dex",
    "Con": "Con",
    "Exh.": "Épuis.",
    "Latest in the journal": "Dernières lignes du journal",
    "rolls waiting": "jets en attente",
    "Rolls asked for": "Jets demandés",
    "Roll for everyone": "Lancer pour tous",
    "Nothing to undo": "Rien à annuler",
    "Could not save": "Impossible d'enregistrer",
    "Last save failed. Save your edits to (escape: stay):":
        "Échec de l'enregistrement. Enregistrer dans (échap : rester) :",
    "Saved": "Enregistré",
    "Key bindings": "Raccourcis",
    "Plugins": "Extensions",
    "Dice expression (1d20+3, 4d6kh3, adv+2)": "Expression de dés (1d20+3, 4d6kh3, adv+2)",
    "Journal note": "Note de journal",
    "Kind": "Type",
    "Character": "Personnage",
    "all": "tous",
    "Exported to": "Exporté vers",
    "Who": "Qui",
    "Dice": "Dés",
    "DC": "DD",
    "Result (empty = roll)": "Résultat (vide = lancer)",
    "later": "plus tard",
    "Party overview": "Vue du groupe",
    "Settings": "Réglages",
    "Add": "Ajouter",
    "Edit": "Modifier",
    "Duplicate": "Dupliquer",
    "Remove": "Retirer",
    "Why?": "Pourquoi ?",
    "Character filter": "Filtre personnage",
    "Kind filter": "Filtre type",
    "Export .md": "Exporter .md",
    "Older lines": "Lignes plus anciennes",
    "This is the start of the journal.": "C'est le début du journal.",
    "Add item": "Ajouter un objet",
    "Remove item": "Retirer l'objet",
    "Change for this campaign": "Choisir pour la campagne",
    "Back to config": "Revenir à la config",
    "Later": "Plus tard",
    "Drop these rolls": "Abandonner ces jets",
    "Cancel": "Annuler",
    "Close": "Fermer",
    "Travel": "Voyage",
    "Movement": "Mouvement",
    "Encumbrance": "Encombrement",
    "Combat": "Combat",
    "HP": "PV",
    "Cond.": "États",
    "Hit points: 7 or -7 damage, +5 heal, t8 temporary":
        "Points de vie : 7 ou -7 dégâts, +5 soins, t8 temporaires",
    "Condition: prone, frightened 2r, poisoned 10m, stunned dc13 con, -prone":
        "État : prone, frightened 2r, poisoned 10m, stunned dc13 con, -prone",
    "GM-only note": "Note pour le MJ seul",
    "GM-only note (never sent to players)": "Note pour le MJ seul (jamais envoyée aux joueurs)",
    "Journal: add a GM-only note": "Journal : ajouter une note pour le MJ seul",
    "Requests": "Demandes",
    "Requests: approve or decline players' requests":
        "Demandes : accepter ou refuser les demandes des joueurs",
    "Players' requests": "Demandes des joueurs",
    "y: approve (applied in the player's name) · x: decline, saying why":
        "y : accepter (appliquée au nom du joueur) · x : refuser, en disant pourquoi",
    "Asks for": "Demande",
    "Approve": "Accepter",
    "Decline": "Refuser",
    "Why (for the player; may be empty)": "Pourquoi (pour le joueur ; peut rester vide)",
    "owner gone: read-only": "propriétaire parti : lecture seule",
    "Live session": "Session partagée",
    "Waiting for the game master": "En attente du MJ",
    "Nothing can be changed here until the session reopens, as soon as it has an owner again "
    "(a game master's console becomes it). The file on disk is the owner's last save.":
        "Rien ne peut être changé ici avant que la session se rouvre, dès qu'elle a de nouveau "
        "un propriétaire (une console du MJ le devient). Le fichier sur disque est le dernier "
        "enregistrement du propriétaire.",
    "Loads": "Charges",
    "Saved in": "Enregistré dans",
    "to answer them": "pour y répondre",
    "Nothing in the journal yet.": "Rien au journal pour l'instant.",
    "A new table: F3 then a adds a character; d rolls dice, n writes a note, F1 lists every "
    "key.": "Une nouvelle table : F3 puis a ajoute un personnage ; d lance les dés, n écrit une "
             "note, F1 liste toutes les touches.",
    "This screen": "Cet écran",
    "Screens (from every screen)": "Écrans (depuis chaque écran)",
    "Everywhere": "Partout",
    "Command palette: every screen and action": "Palette : tous les écrans et actions",
    "Type to search the help · escape: back": "Tapez pour chercher dans l'aide · échap : retour",
    "Nothing in the help matches": "Rien dans l'aide ne correspond à",
    "Home: the table at a glance": "Accueil : la table d'un coup d'œil",
    "Party: characters and inventory": "Groupe : personnages et inventaire",
    "Journal: read, filter, export": "Journal : lire, filtrer, exporter",
    "Settings: optional rules for this campaign": "Réglages : règles optionnelles de la campagne",
    "Help: every key": "Aide : toutes les touches",
    "Dice: roll": "Dés : lancer",
    "Rolls: answer the waiting rolls": "Jets : répondre aux jets en attente",
    "Journal: add a note": "Journal : ajouter une note",
    "Clock: advance 10 minutes": "Horloge : avancer de 10 minutes",
    "Rest: long rest": "Repos : repos long",
    "Session: undo": "Session : annuler",
    "y or enter: yes · n or escape: no · ctrl+z undoes it afterwards":
        "o ou entrée : oui · n ou échap : non · ctrl+z l'annule ensuite",
    "Long rest: {hours} h pass on the clock. Rest now?":
        "Repos long : {hours} h passent à l'horloge. Se reposer maintenant ?",
    "type a dice expression, such as 1d20+3": "tapez une expression de dés, comme 1d20+3",
    "enter: roll · escape: close": "entrée : lancer · échap : fermer",
    "Not saved": "Non enregistré",
    "Language": "Langue",
    "metres per mv": "mètres par mv",
    "set in": "réglé dans",
    "Setting": "Réglage",
    "Value": "Valeur",
    "From": "Source",
    "campaign": "campagne",
    "config": "config",
    "enter: switch it on or off for this campaign":
        "entrée : l'activer ou le désactiver pour la campagne",
    "enter: the next choice": "entrée : le choix suivant",
    "enter: type a value for this campaign": "entrée : taper une valeur pour la campagne",
    "back to the value in config": "revenir à la valeur de la config",
    "for this campaign": "pour cette campagne",
    "Text": "Texte",
    "Inventory": "Inventaire",
    "Item": "Objet",
    # the character editor's fields
    "name": "nom", "race": "race", "strength": "force", "dexterity": "dextérité",
    "constitution": "constitution", "intelligence": "intelligence", "wisdom": "sagesse",
    "charisma": "charisme", "height m": "taille m", "speed m": "vitesse m",
    "climb speed m": "escalade m", "swim speed m": "nage m", "exhaustion": "épuisement",
    "armour": "armure", "armour weight lb": "poids armure lb", "armour magic": "armure magique",
    "bulky": "encombrant", "hit points": "points de vie", "max hit points": "pv max",
    "notes": "notes", "weight lb": "poids lb", "qty": "qté",
    "^n add · enter edit · ^r remove": "^n ajouter · entrée modifier · ^r retirer",
    "tab: next field · enter: done · escape: cancel":
        "tab : champ suivant · entrée : valider · échap : annuler",
    "new item": "nouvel objet",
    "items": "objets",
    "Yes": "Oui",
    "No": "Non",
    "export Markdown": "exporter en Markdown",
    "removed — ctrl+z brings them back": "retiré — ctrl+z le ramène",
    "a add · enter edit · c duplicate · x remove · ? why · h HP · k condition":
        "a ajouter · entrée modifier · c dupliquer · x retirer · ? pourquoi · h PV · k état",
    # journal kinds
    "travel": "voyage", "roll": "jet", "note": "note", "combat": "combat", "rest": "repos",
    "override": "forçage", "clock": "horloge", "character": "perso", "movement": "mouvement",
    "settings": "réglages", "hp": "pv", "condition": "état", "undo": "annulation",
    "request": "demande", "dice": "dés", "terrain": "terrain", "lair": "antre", "item": "objet",
    "session": "session",
    # between sentences said one after the other (gm_console.said.joined)
    "; ": " ; ",
    "yes": "oui",
    "no": "non",
    "every derived value and its steps": "chaque valeur dérivée et son calcul",
    # sentences the host's rules say (gm_console.said): the store, hit points
    "undone: {message} ({actor}'s {op})": "annulé : {message} ({op} de {actor})",
    "maximum {maximum} (sheet)": "maximum {maximum} (fiche)",
    "× {factor:g}: {condition} ({source}) → maximum {effective}":
        "× {factor:g} : {condition} ({source}) → maximum {effective}",
    "current {stored} → {current} (no more than the maximum)":
        "actuels {stored} → {current} (pas plus que le maximum)",
    "current {stored}": "actuels {stored}",
    "temporary {temp} (lost first)": "temporaires {temp} (perdus d'abord)",
    "temporary {before} → {after}": "temporaires {before} → {after}",
    "hit points {before} → {after}": "points de vie {before} → {after}",
    "{overflow} damage beyond {floor}": "{overflow} dégâts au-delà de {floor}",
    "{text!r}: type 7 or -7 for damage (-7 axe), +5 to heal, t8 for temporary hit points":
        "{text!r} : tapez 7 ou -7 pour des dégâts (-7 hache), +5 pour soigner, t8 pour des "
        "points de vie temporaires",
    "{name} has no maximum hit points on the sheet: set it first "
    "(character.set {name} max_hit_points N)":
        "{name} n'a pas de maximum de points de vie sur sa fiche : renseignez-le d'abord "
        "(character.set {name} max_hit_points N)",
    "the amount must be more than 0, not {value}": "le montant doit dépasser 0, pas {value}",
    "{name} takes {amount} damage ({what}): {steps}":
        "{name} subit {amount} dégâts ({what}) : {steps}",
    "{name} takes {amount} damage: {steps}": "{name} subit {amount} dégâts : {steps}",
    "massive damage: {overflow} beyond {floor}, at least the maximum {maximum}":
        "dégâts massifs : {overflow} au-delà de {floor}, au moins le maximum {maximum}",
    "massive damage: dead": "dégâts massifs : mort",
    "unconscious": "inconscient",
    "{name} is dead ({source}): healing does not bring them back":
        "{name} est mort ({source}) : les soins ne le ramènent pas",
    "{why} (the game master can force it with override=<reason>)":
        "{why} (le MJ peut le forcer avec override=<reason>)",
    "override by the game master ({reason}): {why}": "forcé par le MJ ({reason}) : {why}",
    "{name} heals {amount}: hit points {before} → {after}":
        "{name} est soigné de {amount} : points de vie {before} → {after}",
    "the maximum": "le maximum",
    "override: {reason}": "forcé : {reason}",
    "{name} gains {amount} temporary hit points":
        "{name} gagne {amount} points de vie temporaires",
    "{name} keeps {temp} temporary hit points (more than {amount}; they do not add up)":
        "{name} garde {temp} points de vie temporaires (plus que {amount} ; ils ne "
        "s'additionnent pas)",
    # derived values, as "show" and the party's "why" name them
    "speed": "vitesse", "base mv": "base mv", "jump": "saut",
    "long running m": "longueur avec élan m", "long standing m": "longueur sans élan m",
    "high running m": "hauteur avec élan m", "high standing m": "hauteur sans élan m",
    "reach m": "portée m", "obstacle max m": "obstacle max m",
    "encumbrance": "encombrement", "carried lb": "porté lb", "category": "catégorie",
    "max lb": "max lb", "to hit": "au toucher", "ac penalty": "malus CA",
    "dex bonus to ac": "bonus de Dex à la CA", "can fight": "peut combattre",
    "speed effect": "effet sur la vitesse", "weight category": "catégorie de poids",
    "strength row": "ligne de Force", "thresholds": "seuils",
    "next": "suivant", "previous": "précédent", "light": "légère", "moderate": "modérée",
    "heavy": "lourde", "critical": "critique", "maximal": "maximale",
    "known": "connue", "limit": "limite", "magic": "magique", "text": "texte",
    "abilities": "caractéristiques", "modifier": "modificateur", "level": "niveau",
}


class Translator:
    def __init__(self, language: str, host: Host | None = None) -> None:
        self.language = language
        self.table: dict[str, str] = dict(FRENCH) if language == "fr" else {}
        if host is not None and language != "en":
            for labels in host.call("labels", language=language):
                self.table.update(labels)

    def __call__(self, text: str) -> str:
        """``text`` in this language: a label looked up, or a rule's sentence
        (:class:`gm_console.said.Said`) said again from its template, in this language's
        numbers. A sentence nobody translated stays in English."""
        if isinstance(text, Said) and text.template == JOINED:
            separator, parts = parts_of(text)
            return self(separator).join(self(part) if isinstance(part, str) else str(part)
                                  for part in parts)
        if isinstance(text, Said) and text.values:
            template = self.table.get(text.template)
            if template is not None:
                try:
                    return _Speaker(self).format(template, **text.values)
                except (KeyError, IndexError, ValueError):  # a table whose fields differ
                    return str(text)
            return str(text)
        return self.table.get(text, text)

    def line(self, line: dict[str, Any]) -> str:
        """A journal line's text in this language."""
        return self(restored(str(line.get("text", "")), line.get("said")))

    def number(self, value: float, digits: int = 2) -> str:
        """A figure for the eye in the UI language: 17.38 or 17,38, never 17.375000001."""
        text = f"{round(float(value), digits):.{digits}f}".rstrip("0").rstrip(".")
        return text.replace(".", ",") if self.language == "fr" else text


class _Speaker(string.Formatter):
    """Fills a translated template: sentences inside it translated too, numbers with a decimal
    comma (and a thin space between thousands) in French."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Said):
            return format(self.translator(value), format_spec)
        text = format(value, format_spec)
        if self.translator.language == "fr" and isinstance(value, (int, float)) \
                and not isinstance(value, bool):
            return text.translate(_FRENCH_DIGITS)
        return text


_FRENCH_DIGITS = str.maketrans({".": ",", ",": "\u202f"})
