"""UI labels in English (the source text) or French. The host's own labels are here; plugins
add theirs through the ``labels`` hook. A label nobody translated shows in English."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
}


class Translator:
    def __init__(self, language: str, host: Host | None = None) -> None:
        self.language = language
        self.table: dict[str, str] = dict(FRENCH) if language == "fr" else {}
        if host is not None and language != "en":
            for labels in host.call("labels", language=language):
                self.table.update(labels)

    def __call__(self, text: str) -> str:
        return self.table.get(text, text)
