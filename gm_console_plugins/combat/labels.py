"""The combat rules' sentences in French (gm_console.text.said): refusals, journal lines and what
the operations say, each with the same {fields} as its English template. The action types are
the seed's words (RULES.md 3.1: action simple, de mouvement, complexe, libre, rapide,
immédiate, pas de placement); the screen's own words are in :mod:`.texts`.

Command-line syntax (``override=<reason>``, ``combat.start``, ``full_round=<its name>``)
stays as it is: the combat screen replaces it with its keys (``CombatScreen.KEY_HINTS``)."""

from __future__ import annotations

ALL_AGAIN_FR = "(all=true pour relancer)"
"""How the French refusal says ``(all=true rolls again)``: the screen replaces either."""

SENTENCES = {
    # the action types, as a sentence names them
    "a standard action": "une action simple",
    "a move action": "une action de mouvement",
    "a full-round action": "une action complexe",
    "a free action": "une action libre",
    "a swift action": "une action rapide",
    "an immediate action": "une action immédiate",
    "a 5-foot step": "un pas de placement",
    "two move actions": "deux actions de mouvement",
    "{count} move actions": "{count} actions de mouvement",
    "{standard} and {move}": "{standard} et {move}",
    "nothing": "rien",
    "nobody": "personne",
    "surprise round": "round de surprise",
    "a full-round action taken as a standard action":
        "une action complexe prise comme action simple",
    # refusals of the action budget (RULES.md 3)
    "{name}'s activity is restricted ({why}): only one standard or one move action this "
    "round, and {name} has already taken {spent}.":
        "l'activité de {name} est restreinte ({why}) : une seule action simple ou de mouvement "
        "ce round, et {name} a déjà pris {spent}.",
    "{name} has taken {spent} this turn: the standard action was traded for the second move "
    "action.": "{name} a pris {spent} ce tour-ci : l'action simple a servi de seconde action de "
               "mouvement.",
    "{name} has already taken {spent} this turn: no move action is left.":
        "{name} a déjà pris {spent} ce tour-ci : il ne reste aucune action de mouvement.",
    "{name} took a full-round action this turn: it used the whole turn.":
        "{name} a pris une action complexe ce tour-ci : elle a pris tout le tour.",
    "{name} has already taken a standard action this turn.":
        "{name} a déjà pris une action simple ce tour-ci.",
    "{name} took a full-round action this turn: no move action after it (movement is limited "
    "to the 5-foot step).": "{name} a pris une action complexe ce tour-ci : pas d'action de "
                            "mouvement ensuite (le déplacement se limite au pas de placement).",
    "{name}'s activity is not restricted: a full-round action is taken as a standard action "
    "only by a combatant limited to a single standard action (setting "
    "full_round_as_standard_by_choice).":
        "l'activité de {name} n'est pas restreinte : une action complexe ne se prend comme "
        "action simple que par un combattant limité à une seule action simple (réglage "
        "full_round_as_standard_by_choice).",
    "{name} has taken {spent} this turn: a full-round action taken as a standard action must "
    "be the round's single action.":
        "{name} a pris {spent} ce tour-ci : une action complexe prise comme action simple doit "
        "être la seule action du round.",
    "{name}'s activity is restricted ({why}): no full-round action. Start it with a standard "
    "action (full_round=<its name>) and complete it with a standard action next round.":
        "l'activité de {name} est restreinte ({why}) : pas d'action complexe. Commencez-la par "
        "une action simple (full_round=<its name>) et terminez-la par une action simple au "
        "round suivant.",
    "{name} has already taken a full-round action this turn.":
        "{name} a déjà pris une action complexe ce tour-ci.",
    "A full-round action takes the whole turn: {name} has already taken {spent}.":
        "Une action complexe prend tout le tour : {name} a déjà pris {spent}.",
    "A full-round action takes the whole turn: {name} has already moved.":
        "Une action complexe prend tout le tour : {name} s'est déjà déplacé.",
    "{name} has taken a 5-foot step, and this full-round action allows none.":
        "{name} a fait un pas de placement, et cette action complexe n'en permet aucun.",
    "{name}'s swift action this turn was used up by the immediate action taken off-turn in "
    "round {round}: no swift or immediate action until this turn is over.":
        "l'action rapide de ce tour de {name} a servi à l'action immédiate prise hors de son "
        "tour au round {round} : ni action rapide ni action immédiate avant la fin de ce tour.",
    "{name} has already taken a swift action this turn (the immediate action taken on its own "
    "turn counted as its swift action): one per turn; an immediate action on its own turn "
    "would count as one.":
        "{name} a déjà pris une action rapide ce tour-ci (l'action immédiate prise pendant son "
        "tour a compté comme action rapide) : une par tour ; une action immédiate pendant son "
        "tour compterait comme telle.",
    "{name} has already taken a swift action this turn (the immediate action taken on its own "
    "turn counted as its swift action): one per turn.":
        "{name} a déjà pris une action rapide ce tour-ci (l'action immédiate prise pendant son "
        "tour a compté comme action rapide) : une par tour.",
    "{name} has already taken a swift action this turn: one per turn; an immediate action on "
    "its own turn would count as one.":
        "{name} a déjà pris une action rapide ce tour-ci : une par tour ; une action immédiate "
        "pendant son tour compterait comme telle.",
    "{name} has already taken a swift action this turn: one per turn.":
        "{name} a déjà pris une action rapide ce tour-ci : une par tour.",
    "{name} is flat-footed (no turn yet in this fight): no immediate action before its first "
    "turn.": "{name} est pris au dépourvu (pas encore de tour dans ce combat) : pas d'action "
             "immédiate avant son premier tour.",
    "{name} used an immediate action off-turn in round {round}: no further swift or immediate "
    "action until the end of its next turn.":
        "{name} a pris une action immédiate hors de son tour au round {round} : plus d'action "
        "rapide ni immédiate avant la fin de son prochain tour.",
    "{name} has already taken a 5-foot step this round.":
        "{name} a déjà fait un pas de placement ce round.",
    "{name} has moved {metres:g} m this round: the 5-foot step is only for a round with no "
    "other movement.": "{name} s'est déplacé de {metres:g} m ce round : le pas de placement "
                       "n'est permis que dans un round sans autre déplacement.",
    "{name} has taken a move action this round, counted as movement: the 5-foot step is only "
    "for a round with no other movement (a move action spent on something else is taken with "
    "metres=0).": "{name} a pris une action de mouvement ce round, comptée comme déplacement : "
                  "le pas de placement n'est permis que dans un round sans autre déplacement "
                  "(une action de mouvement employée à autre chose se prend avec metres=0).",
    "{name}'s full-round action this turn allows no 5-foot step.":
        "l'action complexe de {name} ce tour-ci ne permet pas de pas de placement.",
    "{name}'s activity is restricted ({why}), and the 5-foot step is not allowed under "
    "restriction (setting step_when_restricted).":
        "l'activité de {name} est restreinte ({why}), et le pas de placement n'est pas permis "
        "en activité restreinte (réglage step_when_restricted).",
    "{name}'s speed is 0 m: no 5-foot step.":
        "la vitesse de {name} est de 0 m : pas de pas de placement.",
    "{name} can take no action: {why}.": "{name} ne peut prendre aucune action : {why}.",
    "{name} cannot take {action}: {why}.": "{name} ne peut pas prendre {action} : {why}.",
    "{name} took a 5-foot step this round: no other movement.":
        "{name} a fait un pas de placement ce round : aucun autre déplacement.",
    "{name} took a full-round action this turn: movement is limited to the 5-foot step.":
        "{name} a pris une action complexe ce tour-ci : le déplacement se limite au pas de "
        "placement.",
    "{name}'s speed is 0 m: no movement.": "la vitesse de {name} est de 0 m : aucun déplacement.",
    "It is {turn}'s turn: {name} takes free actions on its own turn.":
        "C'est le tour de {turn} : {name} prend ses actions libres pendant son propre tour.",
    "It is {turn}'s turn, not {name}'s: off-turn only an immediate or a free action is "
    "possible.": "C'est le tour de {turn}, pas celui de {name} : hors de son tour, seule une "
                 "action immédiate ou libre est possible.",
    "It is {turn}'s turn, not {name}'s: off-turn only an immediate or a free action is "
    "possible ({name} is delaying: it acts with combat.resume).":
        "C'est le tour de {turn}, pas celui de {name} : hors de son tour, seule une action "
        "immédiate ou libre est possible ({name} retarde son action : il agit avec "
        "combat.resume).",
    "It is {turn}'s turn, not {name}'s: off-turn only an immediate or a free action is "
    "possible ({name} has a readied action: combat.trigger when it comes).":
        "C'est le tour de {turn}, pas celui de {name} : hors de son tour, seule une action "
        "immédiate ou libre est possible ({name} a préparé une action : combat.trigger quand "
        "elle se déclenche).",
    "{why} A move action spent on something else is taken with metres=0.":
        "{why} Une action de mouvement employée à autre chose se prend avec metres=0.",
    "{metres:g} m is more than {name} can move with this move action ({available:g} m: speed "
    "{speed:g} m).": "{metres:g} m, c'est plus que {name} ne peut parcourir avec cette action "
                     "de mouvement ({available:g} m : vitesse {speed:g} m).",
    "{metres:g} m is more than {name} can move with this move action ({available:g} m: speed "
    "{speed:g} m plus {left:g} m left).":
        "{metres:g} m, c'est plus que {name} ne peut parcourir avec cette action de mouvement "
        "({available:g} m : vitesse {speed:g} m plus {left:g} m restants).",
    "{name} started {label!r} this round: it is completed with a standard action next round.":
        "{name} a commencé {label!r} ce round : elle se termine par une action simple au round "
        "suivant.",
    "{name} started {started!r} in round {round}, not {label!r}.":
        "{name} a commencé {started!r} au round {round}, pas {label!r}.",
    "{name}'s activity is not restricted: take {label!r} as a full-round action "
    "(action=full-round).": "l'activité de {name} n'est pas restreinte : prenez {label!r} comme "
                            "action complexe (action=full-round).",
    "It is {turn}'s turn, not {name}'s: no movement off-turn.":
        "C'est le tour de {turn}, pas celui de {name} : aucun déplacement hors de son tour.",
    "{name} has {left:g} m of movement left this turn, and {metres:g} m needs 1 more move "
    "action: {why}": "il reste à {name} {left:g} m de déplacement ce tour-ci, et {metres:g} m "
                     "demandent une action de mouvement de plus : {why}",
    "{name} has {left:g} m of movement left this turn, and {metres:g} m needs {count} more "
    "move actions: {why}": "il reste à {name} {left:g} m de déplacement ce tour-ci, et "
                           "{metres:g} m demandent {count} actions de mouvement de plus : {why}",
    "{why} (the game master can force it with override=<reason>)":
        "{why} (le MJ peut le forcer avec override=<reason>)",
    # requests that make no sense (never overridable)
    "unknown action {action!r} (actions: {actions})":
        "action inconnue {action!r} (actions : {actions})",
    "metres cannot be negative ({metres:g})": "les mètres ne peuvent être négatifs ({metres:g})",
    "metres go with a move action (or actions.move), not a {action} action":
        "les mètres vont avec une action de mouvement (ou actions.move), pas une action "
        "{action}",
    "full_round names a full-round action started or completed with a standard action, not a "
    "{action} action": "full_round nomme une action complexe commencée ou terminée par une "
                       "action simple, pas une action {action}",
    "the fight has not begun: it begins once every combatant has an initiative "
    "(combat.initiative, combat.roll_initiative)":
        "le combat n'a pas commencé : il commence dès que chaque combattant a son initiative "
        "(combat.initiative, combat.roll_initiative)",
    "{name} is not a creature ({entry}): it has no actions to spend; its turn is for what it "
    "does (a journal note), then combat.next":
        "{name} n'est pas une créature ({entry}) : pas d'actions à compter ; son tour sert à ce "
        "qu'elle fait (une note au journal), puis combat.next",
    "{name} is not a creature ({entry}): it does not move":
        "{name} n'est pas une créature ({entry}) : elle ne se déplace pas",
    "a readied action is one of {actions}, not {action!r}":
        "une action préparée est l'une de {actions}, pas {action!r}",
    "a readied action needs its trigger (what it waits for)":
        "une action préparée demande son déclencheur (ce qu'elle attend)",
    "no combatant named {name!r} (combatants: {known})":
        "aucun combattant nommé {name!r} (combattants : {known})",
    "no fight is running: start one with combat.start":
        "aucun combat en cours : commencez-en un avec combat.start",
    "a combatant needs a name": "un combattant doit avoir un nom",
    "there is already a combatant named {name!r}": "il y a déjà un combattant nommé {name!r}",
    "an entry needs a name": "une entrée doit avoir un nom",
    "the fight has already begun": "le combat a déjà commencé",
    "nobody is in the fight: add combatants with combat.add":
        "personne n'est au combat : ajoutez des combattants avec combat.add",
    "no initiative yet for {names}: roll for all (combat.roll_initiative) or type it "
    "(combat.initiative)": "pas encore d'initiative pour {names} : lancez pour tous "
                           "(combat.roll_initiative) ou saisissez-la (combat.initiative)",
    "the surprise round names {names}, who is not in the fight: add them (combat.add) or start "
    "again": "le round de surprise nomme {names}, absent du combat : ajoutez-le (combat.add) ou "
             "recommencez",
    "nobody can act this round": "personne ne peut agir ce round",
    "the fight has not begun": "le combat n'a pas commencé",
    "it is {turn}'s turn, not {name}'s": "c'est le tour de {turn}, pas celui de {name}",
    "{name} has already acted this turn: only a turn with nothing done can be delayed":
        "{name} a déjà agi ce tour-ci : seul un tour où rien n'a été fait peut être retardé",
    "{name} is not delaying": "{name} ne retarde pas son action",
    "{current} has already acted this turn: {name} can step in once it is over (combat.next), "
    "before the next combatant": "{current} a déjà agi ce tour-ci : {name} peut intervenir une "
                                 "fois ce tour fini (combat.next), avant le combattant suivant",
    "{name} has no readied action": "{name} n'a pas d'action préparée",
    "it is {name}'s own turn: a readied action waits for its trigger":
        "c'est le propre tour de {name} : une action préparée attend son déclencheur",
    "{name}: a speed cannot be negative ({speed} m)":
        "{name} : une vitesse ne peut être négative ({speed} m)",
    "a character without a name cannot join the fight":
        "un personnage sans nom ne peut pas rejoindre le combat",
    "name the combatant (combatant=...): the fight has not begun":
        "nommez le combattant (combatant=...) : le combat n'a pas commencé",
    "a fight is already running: combat.end it first":
        "un combat est déjà en cours : terminez-le d'abord (combat.end)",
    "every combatant has an initiative already (all=true rolls again)":
        "chaque combattant a déjà une initiative " + ALL_AGAIN_FR,
    "a fight is running (end it first on the combat screen)":
        "un combat est en cours (terminez-le d'abord sur l'écran de combat)",
    # what the operations did (their journal lines)
    "the fight starts: {names}": "le combat commence : {names}",
    "the fight starts": "le combat commence",
    "surprise round, aware: {names}": "round de surprise, conscients : {names}",
    "{name} joins the fight ({details})": "{name} rejoint le combat ({details})",
    "initiative {modifier}": "initiative {modifier}",
    "speed {speed:g} m": "vitesse {speed:g} m",
    "initiative {value}": "initiative {value}",
    "{name} ({entry}) takes a turn at initiative count {count}, after every creature on that "
    "count": "{name} ({entry}) joue au rang d'initiative {count}, après toutes les créatures de "
             "ce rang",
    "{name} leaves the fight": "{name} quitte le combat",
    "{name}: initiative {value}": "{name} : initiative {value}",
    "initiative to roll: {names}": "initiative à lancer : {names}",
    "initiative: {rolled}": "initiative : {rolled}",
    "{name}'s activity is restricted ({condition}): one standard or one move action a round":
        "l'activité de {name} est restreinte ({condition}) : une action simple ou de mouvement "
        "par round",
    "{name}'s activity is no longer restricted": "l'activité de {name} n'est plus restreinte",
    "{name}'s turn ends": "fin du tour de {name}",
    "{name}'s turn": "tour de {name}",
    "round {round} begins": "début du round {round}",
    "round {round} begins (surprise round)": "début du round {round} (round de surprise)",
    "{name} delays": "{name} retarde son action",
    "{name} stops delaying and acts now": "{name} cesse de retarder et agit maintenant",
    "{name} delayed to the end of the round: that turn is lost":
        "{name} a retardé jusqu'à la fin du round : ce tour est perdu",
    "{name} takes the readied {action} action ({trigger}) and acts from now on at this count":
        "{name} prend son action préparée ({action}, {trigger}) et agit désormais à ce rang",
    "{name}'s readied {action} action ({trigger}) was not triggered before its turn and is "
    "lost": "l'action préparée de {name} ({action}, {trigger}) ne s'est pas déclenchée avant "
            "son tour : elle est perdue",
    "{name}'s full-round action {label!r}, started last round, was not completed and is lost":
        "l'action complexe {label!r} de {name}, commencée au round précédent, n'a pas été "
        "terminée : elle est perdue",
    "{name} readies {action} for when {trigger} (its standard action)":
        "{name} prépare {action} pour quand {trigger} (son action simple)",
    "{text} (override: {reason})": "{text} (forcé : {reason})",
    "the fight ends after {rounds} round": "le combat finit après {rounds} round",
    "the fight ends after {rounds} rounds": "le combat finit après {rounds} rounds",
    "override by the game master ({reason}): {why}": "forcé par le MJ ({reason}) : {why}",
    "{name} takes {what}": "{name} prend {what}",
    ", starting the full-round action {label!r}": ", commençant l'action complexe {label!r}",
    ", completing the full-round action {label!r}": ", terminant l'action complexe {label!r}",
    " ({label})": " ({label})",
    " as a standard action, the single action of its round (only free and swift actions and "
    "the 5-foot step are left)": " comme action simple, la seule action de son round (il ne "
                                 "reste que les actions libres et rapides et le pas de "
                                 "placement)",
    ", moving {metres:g} m": ", en se déplaçant de {metres:g} m",
    " (not to move)": " (sans se déplacer)",
    " off-turn (it uses up the swift action of its next turn)":
        " hors de son tour (elle prend l'action rapide de son prochain tour)",
    "{name} moves {metres:g} m": "{name} se déplace de {metres:g} m",
    "{name} moves {metres:g} m (taking a move action)":
        "{name} se déplace de {metres:g} m (en prenant une action de mouvement)",
    "{name} moves {metres:g} m (taking {count} move actions)":
        "{name} se déplace de {metres:g} m (en prenant {count} actions de mouvement)",
}
