"""UI labels in English (the source text) or French. The host's own labels are here; plugins
add theirs through the ``labels`` hook. A label nobody translated shows in English."""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

from gm_console.text.said import JOINED, Said, parts_of, restored

if TYPE_CHECKING:
    from gm_console.text.label_source import LabelSource

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
    "Last save failed. Save your edits to (escape: stay):":
        "Échec de l'enregistrement. Enregistrer dans (échap : rester) :",
    "Saved": "Enregistré",
    "Key bindings": "Raccourcis",
    "Plugins": "Extensions",
    "Dice expression (1d20+3, 4d6kh3, adv+2)": "Expression de dés (1d20+3, 4d6kh3, adv+2)",
    "Journal note": "Note de journal",
    "Kind": "Type",
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
    "First line": "Première ligne",
    "Last line": "Dernière ligne",
    "cannot export to {path}: {problem}": "impossible d'exporter vers {path} : {problem}",
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
    "Nothing in the journal yet.": "Rien au journal pour l'instant.",
    "A new table: F3 then a adds a character; d rolls dice, n writes a note, F1 lists every "
    "key.": "Une nouvelle table : F3 puis a ajoute un personnage ; d lance les dés, n écrit une "
             "note, F1 liste toutes les touches.",
    "and {count} more in the party: {key} lists everyone":
        "et {count} de plus dans le groupe : {key} les montre tous",
    "This screen: {name}": "Cet écran : {name}",
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
    "Long rest: {hours:g} h pass on the clock. Rest now?":
        "Repos long : {hours:g} h passent à l'horloge. Se reposer maintenant ?",
    "type a dice expression, such as 1d20+3": "tapez une expression de dés, comme 1d20+3",
    "enter: roll · escape: close": "entrée : lancer · échap : fermer",
    "Not saved": "Non enregistré",
    "Setting": "Réglage",
    "Value": "Valeur",
    "From": "Source",
    "campaign": "campagne",
    "config": "config",
    "enter: switch it on or off for this campaign":
        "entrée : l'activer ou le désactiver pour la campagne",
    "enter: the next choice": "entrée : le choix suivant",
    "enter: type a value for this campaign": "entrée : taper une valeur pour la campagne",
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
    "removed — ctrl+z brings them back": "retiré — ctrl+z le ramène",
    "a add · enter edit · c duplicate · x remove · ? why · h HP · k condition":
        "a ajouter · entrée modifier · c dupliquer · x retirer · ? pourquoi · h PV · k état",
    # journal kinds
    "travel": "voyage", "roll": "jet", "note": "note", "combat": "combat", "rest": "repos",
    "override": "forçage", "clock": "horloge", "character": "perso", "movement": "mouvement",
    "settings": "réglages", "hp": "pv", "condition": "état", "undo": "annulation",
    "request": "demande", "dice": "dés", "terrain": "terrain", "lair": "antre", "item": "objet",
    "session": "session",
    # between sentences said one after the other (gm_console.text.said.joined), and before what a
    # title or a name introduces: French puts a space before them
    "; ": " ; ", ": ": " : ",
    "yes": "oui",
    "no": "non",
    "every derived value and its steps": "chaque valeur dérivée et son calcul",
    # sentences the host's rules say (gm_console.text.said): the store, hit points
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
    "(character.set field=max_hit_points)":
        "{name} n'a pas de maximum de points de vie sur sa fiche : renseignez-le d'abord "
        "(character.set field=max_hit_points)",
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
    # the parameters of an operation (gm_console.contract.operations)
    "parameter {name!r}: expected {type}, got {raw}":
        "paramètre {name!r} : {type} attendu, reçu {raw}",
    "parameter {name!r}: {value} is not one of {options}":
        "paramètre {name!r} : {value} n'est pas parmi {options}",
    "parameter {name!r}: {shown} is beyond the limit of ±{limit:g}":
        "paramètre {name!r} : {shown} dépasse la limite de ±{limit:g}",
    "parameter {name!r}: {count:,} characters, more than the {limit:,} a parameter may hold":
        "paramètre {name!r} : {count:,} caractères, plus que les {limit:,} qu'un paramètre "
        "peut contenir",
    "parameter {name!r}: {count:,} items, more than the {limit:,} a parameter may hold":
        "paramètre {name!r} : {count:,} éléments, plus que les {limit:,} qu'un paramètre "
        "peut contenir",
    "no parameters": "aucun paramètre",
    "{op}: unknown parameter {name!r} (expected {expected})":
        "{op} : paramètre inconnu {name!r} (attendus : {expected})",
    "{op}: parameter {name!r} is required": "{op} : le paramètre {name!r} est obligatoire",
    # the host and the store's refusals
    "unknown operation {name!r} (did you mean {close!r}?) (gm-console ops lists them)":
        "opération inconnue {name!r} (vouliez-vous dire {close!r} ?) (gm-console ops les "
        "liste)",
    "unknown operation {name!r} (gm-console ops lists them)":
        "opération inconnue {name!r} (gm-console ops les liste)",
    "{name} failed inside plugin {plugin!r} ({error}); the plugin is switched off and nothing "
    "was changed": "{name} a échoué dans l'extension {plugin!r} ({error}) ; l'extension est "
                   "désactivée et rien n'a été changé",
    "{name} was not applied: a plugin failed inside it and was switched off: {who}. Nothing of "
    "{name} was kept; try it again": "{name} n'a pas été appliqué : une extension y a échoué "
                                     "et a été désactivée : {who}. Rien de {name} n'a été "
                                     "gardé ; réessayez",
    "cannot save: key {key} at {path} is not text":
        "enregistrement impossible : la clé {key} dans {path} n'est pas du texte",
    "cannot save: {path} holds {value}, which a TOML file cannot hold":
        "enregistrement impossible : {path} contient {value}, qu'un fichier TOML ne peut pas "
        "contenir",
    "cannot save: {path} nests tables or arrays more than {limit} deep, more than a session "
    "file may hold": "enregistrement impossible : {path} imbrique des tables ou des listes sur "
                     "plus de {limit} niveaux, plus qu'un fichier de session ne peut en "
                     "contenir",
    "cannot save: key {key} at the top of the session is not text":
        "enregistrement impossible : la clé {key} en haut de la session n'est pas du texte",
    "cannot save: key {key} at plugins is not text":
        "enregistrement impossible : la clé {key} dans plugins n'est pas du texte",
    # conditions and their durations (gm_console.rules.conditions, gm_console.rules.durations)
    "none": "aucun",
    "no character named {name!r} (characters: {known})":
        "aucun personnage nommé {name!r} (personnages : {known})",
    "the clock only moves forward; undo to go back":
        "l'horloge ne fait qu'avancer ; annulez pour revenir en arrière",
    "{name}: {condition} ends ({why})": "{name} : {condition} prend fin ({why})",
    "one duration at a time: {first} and {second} were both given":
        "une durée à la fois : {first} et {second} sont donnés tous les deux",
    "a duration cannot be negative": "une durée ne peut pas être négative",
    "until is the start or the end of a turn, not {until!r}":
        "until est le début (start) ou la fin (end) d'un tour, pas {until!r}",
    "until the start or end of whose turn? name them (of=...)":
        "jusqu'au début ou à la fin du tour de qui ? nommez-le (of=...)",
    "save_ability must be one of {abilities}, not {given!r}":
        "save_ability doit être parmi {abilities}, pas {given!r}",
    "until removed": "jusqu'à ce qu'on le retire",
    "until day {day}, {time}": "jusqu'au jour {day}, {time}",
    "{left} round (to the start of {of}'s turn)": "{left} round (jusqu'au début du tour de {of})",
    "{left} rounds (to the start of {of}'s turn)":
        "{left} rounds (jusqu'au début du tour de {of})",
    "until the start of {of}'s next turn": "jusqu'au début du prochain tour de {of}",
    "until the end of {of}'s next turn": "jusqu'à la fin du prochain tour de {of}",
    "until a {ability} save DC {dc} succeeds":
        "jusqu'à un jet de sauvegarde de {ability} DD {dc} réussi",
    "Strength": "Force", "Dexterity": "Dextérité", "Constitution": "Constitution",
    "Intelligence": "Intelligence", "Wisdom": "Sagesse", "Charisma": "Charisme",
    "unknown duration {duration}": "durée inconnue {duration}",
    "a duration must be a table": "une durée doit être une table",
    "duration kind must be one of {kinds}, not {kind}":
        "le type de durée doit être parmi {kinds}, pas {kind}",
    "a {kind} duration needs {key} (a whole number)":
        "une durée {kind} a besoin de {key} (un nombre entier)",
    "a {kind} duration needs {key} (text)": "une durée {kind} a besoin de {key} (du texte)",
    "effects must be a table, not {effects}": "les effets doivent être une table, pas {effects}",
    "{key} is not an effect (effects: {effects})":
        "{key} n'est pas un effet (effets : {effects})",
    "effect {key} must be {kinds}, not {value}": "l'effet {key} doit être {kinds}, pas {value}",
    "effect forbids must be a list of action types, not {value}":
        "l'effet forbids doit être une liste de types d'action, pas {value}",
    "effect {key} must be from 0 to 1, not {value}":
        "l'effet {key} doit être entre 0 et 1, pas {value}",
    "true or false": "true ou false", "a list": "une liste", "a number": "un nombre",
    "effect {key} needs a number: {key}=0.5": "l'effet {key} a besoin d'un nombre : {key}=0.5",
    "added by the game master": "ajouté par le MJ",
    "{source} (effects ignored: {problem})": "{source} (effets ignorés : {problem})",
    "disadvantage on ability checks": "désavantage aux tests de caractéristique",
    "disadvantage on saving throws": "désavantage aux jets de sauvegarde",
    "disadvantage on attack rolls": "désavantage aux jets d'attaque",
    "restricted activity": "activité restreinte", "no actions": "aucune action",
    "dead": "mort",
    "no {actions} action": "pas d'action {actions}",
    "speed × {factor:g}": "vitesse × {factor:g}",
    "hit point maximum × {factor:g}": "maximum de points de vie × {factor:g}",
    "no effect on the rules": "aucun effet sur les règles",
    "{condition} ({source})": "{condition} ({source})",
    "type a condition: prone, frightened 2r, poisoned 10m, stunned dc13 con, -prone to remove":
        "tapez un état : prone, frightened 2r, poisoned 10m, stunned dc13 con, -prone pour le "
        "retirer",
    "-name removes a condition: -prone": "-nom retire un état : -prone",
    "which condition? {text!r} has only a duration":
        "quel état ? {text!r} n'a qu'une durée",
    # conditions by hand (gm_console.core.condition_ops, gm_console.core.hooks)
    "name the condition (conditions: {known})": "nommez l'état (états : {known})",
    "{name!r} is not a condition of config/conditions.toml (conditions: {known}); give its "
    "effects, or say it has none (effects=restricted,speed_factor=0.5 | note_only=true)":
        "{name!r} n'est pas un état de config/conditions.toml (états : {known}) ; donnez ses "
        "effets, ou dites qu'il n'en a pas (effects=restricted,speed_factor=0.5 | "
        "note_only=true)",
    "{name} is already {condition} (to change it, remove it first: condition.remove)":
        "{name} est déjà {condition} (pour le changer, retirez-le d'abord : condition.remove)",
    "{name} is {condition}, {how_long}": "{name} est {condition}, {how_long}",
    "{name}'s {condition} comes from {source}: it ends with its cause, not by hand":
        "{condition} ({name}) vient de {source} : l'état prend fin avec sa cause, pas à la main",
    "{name} has no condition {condition!r} added by hand (has: {have})":
        "{name} n'a pas d'état {condition!r} ajouté à la main (a : {have})",
    "{name} is no longer {condition}": "{name} n'est plus {condition}",
    "{name}: {problem}": "{name} : {problem}",
    "{ability} save DC {dc} to end {condition}":
        "sauvegarde de {ability} DD {dc} pour mettre fin à {condition}",
    "{title} (disadvantage: {reasons})": "{title} (désavantage : {reasons})",
    "{name}'s {condition} does not end on a save ({how_long})":
        "{condition} ({name}) ne prend pas fin sur une sauvegarde ({how_long})",
    "{name}: save asked to end {condition}":
        "{name} : sauvegarde demandée pour mettre fin à {condition}",
    "{name} has no condition {condition!r} added by hand":
        "{name} n'a pas d'état {condition!r} ajouté à la main",
    "{op}: the request names no character and condition":
        "{op} : la demande ne nomme ni personnage ni état",
    "{name} fails the save: still {condition}":
        "{name} rate la sauvegarde : toujours {condition}",
    "{name}: {condition} ends (the save succeeded)":
        "{name} : {condition} prend fin (sauvegarde réussie)",
    "{current} hit points": "{current} points de vie",
    "no action: {why}": "aucune action : {why}",
    "restricted: {why}": "restreint : {why}",
    "no {action}: {why}": "pas de {action} : {why}",
    "disadvantage: {why}": "désavantage : {why}",
    "normal": "normal",
    "as usual": "comme d'habitude",
    "{condition}: {source}": "{condition} : {source}",
    "{how_long}: time is up": "{how_long} : le temps est écoulé",
    "start of {name}'s turn: {how_long} is over": "début du tour de {name} : {how_long} est fini",
    "end of {name}'s turn: {how_long} is over": "fin du tour de {name} : {how_long} est fini",
    # characters, their fields and inventory (gm_console.rules.characters, abilities, character_ops)
    "Strength must be a number from 1 to 25 or 18/01-18/00, not {raw}":
        "la Force doit être un nombre de 1 à 25 ou 18/01-18/00, pas {raw}",
    "exceptional Strength is written 18/01 to 18/00, not {raw}":
        "une Force exceptionnelle s'écrit 18/01 à 18/00, pas {raw}",
    "Strength must be from 1 to 25, not {raw}": "la Force doit être de 1 à 25, pas {raw}",
    "{ability} must be a whole number from 1 to 25, not {raw}":
        "{ability} doit être un nombre entier de 1 à 25, pas {raw}",
    "{ability} must be from 1 to 25, not {raw}": "{ability} doit être de 1 à 25, pas {raw}",
    "{label} must be a number, not {raw}": "{label} : un nombre est attendu, pas {raw}",
    "{label} must be a whole number, not {raw}":
        "{label} : un nombre entier est attendu, pas {raw}",
    "{label} must be at least {low:g}, not {raw}": "{label} : au moins {low:g}, pas {raw}",
    "{label} must be at most {high:g}, not {raw}": "{label} : au plus {high:g}, pas {raw}",
    "{label} must be text, not {raw}": "{label} : du texte est attendu, pas {raw}",
    "{label} cannot be empty": "{label} ne peut pas être vide",
    "{label} must be true or false, not {raw}": "{label} : oui ou non, pas {raw}",
    "Height (m)": "Taille (m)", "Speed (m)": "Vitesse (m)",
    "Climbing speed (m)": "Vitesse d'escalade (m)", "Swimming speed (m)": "Vitesse de nage (m)",
    "Exhaustion": "Épuisement", "Armour": "Armure", "Armour weight (lb)": "Poids de l'armure (lb)",
    "Magic armour": "Armure magique", "Bulky": "Encombrant", "Hit points": "Points de vie",
    "Maximum hit points": "Points de vie maximum",
    "Temporary hit points": "Points de vie temporaires", "Notes": "Notes",
    "Item name": "Nom de l'objet", "Weight (lb)": "Poids (lb)", "Quantity": "Quantité",
    "a character must be a table": "un personnage doit être une table",
    "a character needs a name": "un personnage a besoin d'un nom",
    "the name {name!r} is used twice": "le nom {name!r} est utilisé deux fois",
    "items must be an array of tables ([[characters.items]])":
        "items doit être un tableau de tables ([[characters.items]])",
    "an item must be a table": "un objet doit être une table",
    "an item needs a name": "un objet a besoin d'un nom",
    "a character named {name!r} already exists": "un personnage nommé {name!r} existe déjà",
    "{name} joins the party": "{name} rejoint le groupe",
    "{key!r} is not a character field (fields: {fields})":
        "{key!r} n'est pas un champ de personnage (champs : {fields})",
    "{name}: {field} {old} → {value}": "{name} : {field} {old} → {value}",
    "{name} leaves the party (ctrl+z brings them back)":
        "{name} quitte le groupe (ctrl+z le ramène)",
    "{name} is a copy of {source}": "{name} est une copie de {source}",
    "nothing": "rien",
    "{name} carries no item {ref!r} (carries: {names})":
        "{name} ne porte pas d'objet {ref!r} (porte : {names})",
    "{name} takes {qty} × {item} ({weight} lb each)":
        "{name} prend {qty} × {item} ({weight} lb chacun)",
    "{key!r} is not an item field (fields: {fields})":
        "{key!r} n'est pas un champ d'objet (champs : {fields})",
    "{name}'s {item}: {field} {old} → {value}": "{item} de {name} : {field} {old} → {value}",
    "{name} drops {item}": "{name} laisse {item}",
    # the clock, rests, notes (gm_console.core.clock_ops)
    "Day {day}, {time}": "Jour {day}, {time}",
    "say how long: hours, minutes or rounds, more than 0":
        "dites combien de temps : heures, minutes ou rounds, plus de 0",
    "time passes: {duration} → {clock}": "le temps passe : {duration} → {clock}",
    "no long rest now: {objection}": "pas de repos long maintenant : {objection}",
    "no short rest now: {objection}": "pas de repos court maintenant : {objection}",
    "long rest of {length}": "repos long de {length}",
    "short rest of {length}": "repos court de {length}",
    "one level of exhaustion less for {names}": "un niveau d'épuisement de moins pour {names}",
    "the note is empty": "la note est vide",
    "the session's name cannot be empty": "le nom de la session ne peut pas être vide",
    "session renamed {name!r}": "session renommée {name!r}",
    # dice, rolls asked for, players' requests, settings (gm_console.core)
    "empty dice expression": "expression de dés vide",
    "{expression!r} is not dice notation: {error}":
        "{expression!r} n'est pas une notation de dés : {error}",
    "cannot roll {expression!r}: {error}": "impossible de lancer {expression!r} : {error}",
    "{who} rolls {label}: {detail}": "{who} lance {label} : {detail}",
    "{who} rolls {detail}": "{who} lance {detail}",
    "roll {label}: {detail}": "jet {label} : {detail}",
    "roll {detail}": "jet {detail}",
    "no rolls are waiting": "aucun jet n'attend",
    "no waiting roll request {id} (waiting: {ids})":
        "aucune demande de jets {id} en attente (en attente : {ids})",
    "results are written Name=total, comma-separated; {part!r} is not":
        "les résultats s'écrivent Nom=total, séparés par des virgules ; {part!r} ne l'est pas",
    "{name}'s result must be a whole number, not {value!r}":
        "le résultat de {name} doit être un nombre entier, pas {value!r}",
    "{who!r} has no roll in {title!r}": "{who!r} n'a pas de jet dans {title!r}",
    "typed in: {total}": "tapé : {total}",
    "no result for {who} (type one, or roll the rest)":
        "aucun résultat pour {who} (tapez-en un, ou lancez le reste)",
    "{who}: {title}: {detail}": "{who} : {title} : {detail}",
    "{line} vs DC {dc}": "{line} contre DD {dc}",
    "{line} vs ≤ {at_most}": "{line} contre ≤ {at_most}",
    "{line} — success": "{line} — réussite",
    "{line} — failure": "{line} — échec",
    "rolls made: {title}": "jets faits : {title}",
    "answered: {total}": "répondu : {total}",
    "{who} answers {title}: {detail}": "{who} répond à {title} : {detail}",
    "rolls cancelled: {title}": "jets abandonnés : {title}",
    "no waiting request {id} (waiting: {waiting})":
        "aucune demande {id} en attente (en attente : {waiting})",
    "{actor} asks: {request}": "{actor} demande : {request}",
    "approved {actor}'s request: {message}": "demande de {actor} acceptée : {message}",
    "declined {actor}'s request ({request}): {why}":
        "demande de {actor} refusée ({request}) : {why}",
    "declined {actor}'s request ({request})": "demande de {actor} refusée ({request})",
    "plugin {plugin!r} has no settings (plugins with settings: {known})":
        "l'extension {plugin!r} n'a pas de réglages (extensions avec réglages : {known})",
    "setting {key!r} holds a list of numbers; edit config/ for it":
        "le réglage {key!r} contient une liste de nombres ; modifiez config/ pour lui",
    "{plugin} has no setting {key!r} (settings: {known})":
        "{plugin} n'a pas de réglage {key!r} (réglages : {known})",
    "{plugin}.{key} = {value}: {problem}": "{plugin}.{key} = {value} : {problem}",
    "this campaign: {plugin}.{key} = {value}": "cette campagne : {plugin}.{key} = {value}",
    "{plugin}.{key} is not set by this campaign":
        "{plugin}.{key} n'est pas réglé par cette campagne",
    "this campaign: {plugin}.{key} back to {value} (config)":
        "cette campagne : {plugin}.{key} revient à {value} (config)",
    # the speed's steps (gm_console.rules.speed)
    "base {mv} mv ({why})": "base {mv} mv ({why})",
    "base {mv} mv (sheet speed {m} m ÷ {per} m per mv)":
        "base {mv} mv (vitesse de la fiche {m} m ÷ {per} m par mv)",
    "+{mv} mv: {why} → {speed} mv": "+{mv} mv : {why} → {speed} mv",
    "−{mv} mv: {why} → {speed} mv": "−{mv} mv : {why} → {speed} mv",
    "limit {mv} mv: {why}": "limite {mv} mv : {why}",
    "slowest limit wins: {mv} mv ({why})": "la limite la plus lente l'emporte : {mv} mv ({why})",
    "× {factor}: {why} → {mv} mv (rounded down from {exact})":
        "× {factor} : {why} → {mv} mv (arrondi à l'inférieur depuis {exact})",
    "× {factor}: {why} → {mv} mv": "× {factor} : {why} → {mv} mv",
    "= {mv} mv = {m} m per round (× {per} m per mv)":
        "= {mv} mv = {m} m par round (× {per} m par mv)",
    # the conditions' derived value, as show and the party's why name it
    "conditions": "états", "names": "noms", "checks": "tests", "attacks": "attaques",
    "in combat": "en combat", "score": "score",
    # the console's own messages (gm_console.ui, gm_console.live, gm_console.files.saver)
    "the session's owner has gone": "le propriétaire de la session est parti",
    "the session's owner did not answer": "le propriétaire de la session n'a pas répondu",
    "the session's owner has gone (its connection closed)":
        "le propriétaire de la session est parti (sa connexion s'est fermée)",
    "the session's owner sent something unreadable ({error})":
        "le propriétaire de la session a envoyé quelque chose d'illisible ({error})",
    "{screen}: not available": "{screen} : indisponible",
    "Could not save {target}: {error}": "Impossible d'enregistrer {target} : {error}",
    "plugin {name} switched off: {error}": "extension {name} désactivée : {error}",
    # the help's keys, which scroll its text from the search field
    "Scroll down": "Descendre", "Scroll up": "Monter", "Next page": "Page suivante",
    "Previous page": "Page précédente",
    # why: what the plugin did (hook and operation names, and the exception, are code)
    "{hook} raised {error}": "{hook} a échoué : {error}",
    "operation {name} raised {error}": "l'opération {name} a échoué : {error}",
    "{hook} returned {value}, not {shape}": "{hook} a répondu {value} au lieu de {shape}",
    "text": "du texte", "a table of text": "une table de textes",
    "a list of SpeedStep": "une liste de SpeedStep",
    "a table of named values": "une table de valeurs nommées",
    "a list of factors": "une liste de facteurs",
    "a list of conditions, each a table with a name":
        "une liste de conditions, chacune une table avec un nom",
    "a table with the round and whose turn it is": "une table avec le round et le tour en cours",
    "could not save {path}: {error}": "impossible d'enregistrer {path} : {error}",
    # the character editor's true/false fields
    "Switch": "Basculer",
    # the party screen's keys in place of command-line syntax
    "(enter opens the editor: max hit points)": "(entrée ouvre l'éditeur : pv max)",
    "a ! and the reason after the amount: +5 !miracle":
        "un ! et la raison après le montant : +5 !miracle",
    "type -name)": "tapez -nom)",
    "(with gm-console op condition.add)": "(avec gm-console op condition.add)",
    "Remove {name}?": "Retirer {name} ?",
    "(GM)": "(MJ)",
    "no session file to export beside": "aucun fichier de session à côté duquel exporter",
    # the host's screens
    "{name}: {text}": "{name} : {text}",
    "Character: {who} (c)   Kind: {kind} (k)": "Personnage : {who} (c)   Type : {kind} (k)",
    "export Markdown": "exporter en Markdown",
    ": ": " : ",  # between a label and what it introduces, as French writes it
    "items: {lb:g} lb": "objets : {lb:g} lb",
    "enter or space: switch": "entrée ou espace : basculer",
    "temp hit points": "pv temporaires",
    "{actor} joined ({role})": "{actor} a rejoint la session ({role})",
    "{actor} left": "{actor} est parti",
    "settings must be a table ([plugins.conditions.settings])":
        "settings doit être une table ([plugins.conditions.settings])",
    "setting {key} must be one of {choices}, not {value}":
        "le réglage {key} doit être parmi {choices}, pas {value}",
    "setting round_seconds must be a whole number more than 0":
        "le réglage round_seconds doit être un nombre entier supérieur à 0",
    "setting hit_points_floor must be a whole number":
        "le réglage hit_points_floor doit être un nombre entier",
    "setting massive_damage_kills must be true or false":
        "le réglage massive_damage_kills doit être true ou false",
    "Language: {language} · metres per mv: {per:g} · set in {path}":
        "Langue : {language} · mètres par mv : {per:g} · réglé dans {path}",
    "{hint} · x: back to the value in config": "{hint} · x : revenir à la valeur de la config",
    "failed": "en échec", "disabled": "désactivée",
    "{name} {version} — {status}: {error}": "{name} {version} — {status} : {error}",
    "Rolls asked for: {title}": "Jets demandés : {title}",
    "⚄ {count} rolls waiting: r to answer them": "⚄ {count} jets en attente : r pour y répondre",
    "effects": "effets",
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
    def __init__(self, language: str, host: LabelSource | None = None) -> None:
        self.language = language
        self.table: dict[str, str] = dict(FRENCH) if language == "fr" else {}
        if host is not None and language != "en":
            for labels in host.call("labels", language=language):
                self.table.update(labels)

    def __call__(self, text: str) -> str:
        """``text`` in this language: a label looked up, or a rule's sentence
        (:class:`gm_console.text.said.Said`) said again from its template, in this language's
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
