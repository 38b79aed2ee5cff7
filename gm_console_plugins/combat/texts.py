"""What the combat plugin says in the help screen, and its labels in French (RULES.md 3.1 gives
the French terms)."""

from __future__ import annotations

HELP_EN = """\
Combat (RULES.md 3, Pathfinder action economy): F8 opens the combat screen.
A turn allows one standard and one move action, or one full-round action; a standard action can
be traded for a second move. Plus one swift action, and free actions (counted). An immediate
action on the combatant's own turn is its swift action; off-turn it uses up the swift action of
its next turn, and none is possible while flat-footed (before its first turn). The 5-foot step
(1.5 m) only in a round with no other movement. Restricted activity (surprise round, or a
condition): one standard or one move action; a full-round action is started with a standard
action and completed with one the next round. Refused actions can be forced with a reason that
goes into the journal. A round's 6 seconds go on the clock when the round begins (so the clock
shows the end of the round being fought; a condition's minutes count from there).
Conditions are read through the host, whichever plugin gives them: staggered (maximal load) or
slowed restricts activity; cannot fight refuses standard and full-round actions; unconscious,
paralysed or dead refuses every action (all overridable). Durations in rounds end at the start
of the turn they began in; "until the end of X's turn" at its end; a save to end a condition
is asked in the dice prompt at the end of the character's turn.
Keys on the combat screen: s standard, m move, M move action not used to move, v move N metres
(takes move actions as needed), f full-round, F full-round that allows no 5-foot step,
g start/complete a full-round action with a standard action, G a full-round action taken as
a standard action (the round's single action, RULES.md 3.2), w swift, i immediate (the selected
combatant, on or off turn), e free, 5 the 5-foot step, space end the turn, up/down select,
o override the last refusal (asks the reason), t restrict the selected (asks the condition;
empty lifts it), I type its initiative, R roll initiative for all, a add a combatant (name,
modifier, speed), L add a non-creature entry (lair actions, a hazard: name, initiative count,
what it is; it takes its turn at that count, after the creatures on it, with no action budget),
x remove it, S start a fight (asks who is aware: a surprise round), E end it,
u undo. Delay and ready (optional rules of the game): D delays the current combatant (before it
acts), A lets the selected delaying combatant act now (before the current one, who must not
have acted), y readies an action for its trigger ("move: the orc charges"; it costs the
standard action), T takes the selected combatant's readied action now; either way the
combatant keeps that new place in the order. Round 1 begins as soon as every combatant has an
initiative. Columns: Std Mv Full Sw(ift) Imm Fr(ee) 5ft; ● left, ✓ spent, – not now, ⇠ swift
used by an immediate action off-turn; Metres spent/allowed+more possible.
Settings ([settings] of config/combat.toml, or [plugins.combat.settings] in a session):
- step_when_restricted (true): the 5-foot step, not an action, is open under restricted activity.
- move_action_counts_as_movement (true): a move action taken without metres counts as movement
  and closes the 5-foot step; metres=0 (key M) says it was spent on something else.
- free_off_turn (true): free actions may be taken off-turn.
- surprise_round_takes_time (true): the surprise round adds its 6 seconds to the clock.
- started_full_round_lapses (true): a full-round action started under restriction and not
  completed on the next turn is lost.
- full_round_as_standard_by_choice (true, the seed's reading, RULES.md 3.2): a full-round
  action whose description allows it can be taken as a standard action (as_standard=true) by a
  combatant who chooses to limit themselves to that single action; false: only under
  restricted activity.
The surprise round is round 1; initiative ties go to the higher modifier, then a d20 roll-off."""

HELP_FR = """\
Combat (RULES.md 3, économie d'actions de Pathfinder) : F8 ouvre l'écran de combat.
Un tour permet une action simple et une action de mouvement, ou une action complexe ; une action
simple peut devenir une seconde action de mouvement. Plus une action rapide et des actions libres
(comptées). Une action immédiate pendant son tour est son action rapide ; hors de son tour, elle
prend l'action rapide du tour suivant, et aucune n'est possible pris au dépourvu (avant son
premier tour). Le pas de placement (1,50 m) seulement dans un round sans autre déplacement.
Activité restreinte (round de surprise, ou un état) : une action simple ou une action de
mouvement ; une action complexe se commence avec une action simple et se termine avec une autre
au round suivant. Une action refusée peut être forcée avec une raison, notée au journal. Les
6 secondes d'un round s'ajoutent à l'horloge quand il commence (l'horloge montre la fin du round
en cours). Les états viennent de l'hôte, quel que soit le module : chancelant (charge maximale)
ou ralenti restreint l'activité ; « ne peut combattre » refuse actions simples et complexes ;
inconscient, paralysé ou mort refuse toute action (on peut forcer). Une durée en rounds finit
au début du tour où elle a commencé ; un jet de sauvegarde pour finir un état est demandé à la
fin du tour du personnage.
Touches : s simple, m mouvement, M action de mouvement sans déplacement, v mouvement de
N mètres (prend les actions de mouvement nécessaires), f complexe, F complexe sans pas de
placement, g commencer/terminer une action complexe par une action simple, G une action
complexe prise comme action simple (la seule action du round, RULES.md 3.2), w rapide,
i immédiate (le combattant sélectionné, pendant ou hors de son tour), e libre, 5 pas de
placement, espace fin du tour, haut/bas sélection, o forcer le dernier refus (demande la
raison), t restreindre (demande l'état ; vide la lève), I initiative, R lancer pour tous,
a ajouter (nom, modificateur, vitesse), L ajouter une entrée qui n'est pas une créature
(actions de repaire, piège : nom, rang d'initiative, ce que c'est ; elle joue à ce rang, après
les créatures, sans actions à compter), x retirer, S commencer un combat (demande qui est
conscient : round de surprise), E le finir, u annuler. Retarder et préparer (règles optionnelles
du jeu) : D retarde le combattant actif (avant d'agir), A fait agir maintenant le combattant
sélectionné qui retarde, y prépare une action pour son déclencheur (« move: l'orque charge » ;
elle coûte l'action simple), T déclenche l'action préparée du combattant sélectionné ; il garde
ensuite cette nouvelle place dans l'ordre. Le round 1 commence dès que chaque combattant a son
initiative. ● reste, ✓ dépensée, – impossible, ⇠ rapide prise par une immédiate hors de son
tour ; Mètres dépensés/permis+possibles.
Réglages ([settings] de config/combat.toml, ou [plugins.combat.settings] d'une session) :
- step_when_restricted (true) : le pas de placement reste permis en activité restreinte.
- move_action_counts_as_movement (true) : une action de mouvement sans mètres compte comme un
  déplacement et ferme le pas de placement ; metres=0 (touche M) dit qu'elle a servi à autre
  chose.
- free_off_turn (true) : actions libres permises hors de son tour.
- surprise_round_takes_time (true) : le round de surprise ajoute ses 6 secondes.
- started_full_round_lapses (true) : une action complexe commencée et non terminée au tour
  suivant est perdue.
- full_round_as_standard_by_choice (true, lecture du texte, RULES.md 3.2) : une action complexe
  qui le permet peut être prise comme action simple (as_standard=true) par un combattant qui
  choisit de se limiter à cette seule action ; false : seulement en activité restreinte.
Le round de surprise est le round 1 ; à égalité d'initiative, le plus haut modificateur, puis
un jet de d20."""

LEGEND = ("● left ✓ spent – not now ⇠ swift used off-turn · Metres spent/of+more\n"
          "s std m move M no-move v metres f full F no-step g start/end G full as std "
          "w swift i immediate e free 5 step space next o override t restrict I init R roll "
          "a add L lair x remove D delay A act now y ready T trigger S start E end u undo")
"""The combat screen's legend and keys, under its table."""

FRENCH = {
    LEGEND: ("● reste ✓ dépensée – impossible ⇠ rapide prise hors tour · "
             "Mètres dépensés/permis+possibles\n"
             "s simple m mouv. M sans dépl. v mètres f complexe F sans pas g commencer/finir "
             "G complexe en simple "
             "w rapide i immédiate e libre 5 pas espace suivant o forcer t restreindre I init "
             "R lancer a ajouter L repaire x retirer D retarder A agir T déclencher y préparer "
             "S commencer E finir u annuler"),
    "Combat": "Combat",
    "Combat: action tracker": "Combat : suivi des actions",
    "standard": "simple",
    "move": "mouvement",
    "full-round": "complexe",
    "free": "libre",
    "swift": "rapide",
    "immediate": "immédiate",
    "step": "pas",
    "5-foot step": "pas de placement",
    "Round": "Round",
    "Turn": "Tour",
    "surprise round": "round de surprise",
    "Initiative": "Initiative",
    "Metres": "Mètres",
    "State": "État",
    "flat-footed": "pris au dépourvu",
    "flat-ft.": "dépourvu",
    "combatants": "combattants",
    "restricted": "restreinte",
    "aware": "conscient",
    "surprised": "surpris",
    "delaying": "retarde",
    "ready": "action préparée",
    "Readied action: trigger (standard, move, swift or free)":
        "Action préparée : déclencheur (standard, move, swift ou free)",
    "borrowed": "empruntée",
    "No fight is running.": "Aucun combat en cours.",
    "Start a fight": "Commencer un combat",
    "Reason to override": "Raison pour forcer",
    "Metres to move": "Mètres à parcourir",
    "Full-round action to start or complete": "Action complexe à commencer ou terminer",
    "Condition (empty: lift the restriction)": "État (vide : lever la restriction)",
    "Initiative value": "Valeur d'initiative",
    "Combatant: name, initiative modifier, speed in m": "Combattant : nom, modificateur "
                                                        "d'initiative, vitesse en m",
    "Surprise: who is aware (comma-separated; empty: none)": "Surprise : qui est conscient "
                                                             "(séparés par des virgules ; vide : "
                                                             "personne)",
    "Last refusal": "Dernier refus",
    "press o to override": "o pour forcer",
    "R: roll for all, I: type it": "R : lancer pour tous, I : la saisir",
    "Aware, not in the fight yet (a: add)": "Conscients, pas encore au combat (a : ajouter)",
    "a: add a combatant": "a : ajouter un combattant",
    "Name": "Nom",
    "Std": "Simp",
    "Mv": "Mvt",
    "Full": "Cplx",
    "Sw": "Rap",
    "Imm": "Imm",
    "Fr": "Lib",
    "5ft": "Pas",
    "Init": "Init",
    "HP": "PV",
    "Full as standard": "Complexe en simple",
    "Entry: name, initiative count, what it is": "Entrée : nom, rang d'initiative, ce que c'est",
    "Lair/hazard": "Repaire/piège",
    "entry": "entrée",
    "no actions": "sans action",
    "limited": "limité",
    "no ": "pas de ",  # before an action ("no standard"); "no" alone is the host's yes/no
    # the keys, in the footer and the help
    "Standard": "Simple",
    "Move": "Mouvement",
    "Move, not moving": "Mouvement sans déplacement",
    "Move N m": "Se déplacer de N m",
    "Full-round": "Complexe",
    "Full, no step": "Complexe sans pas",
    "Start/complete": "Commencer/finir",
    "Swift": "Rapide",
    "Immediate": "Immédiate",
    "Free": "Libre",
    "5-ft step": "Pas de placement",
    "End turn": "Fin du tour",
    "Override": "Forcer",
    "Restrict": "Restreindre",
    "Roll init.": "Lancer l'init.",
    "Add": "Ajouter",
    "Remove": "Retirer",
    "Start fight": "Commencer le combat",
    "End fight": "Finir le combat",
    "Delay": "Retarder",
    "Act (delayed)": "Agir (retardé)",
    "Ready": "Préparer",
    "Trigger": "Déclencher",
    "Undo": "Annuler",
    "End the fight? The order and every budget go.":
        "Finir le combat ? L'ordre et tous les budgets disparaissent.",
    "key S": "la touche S",
    "(I types the selected one's initiative)": "(I saisit l'initiative du combattant choisi)",
    "(key g)": "(touche g)",
    ": ": " : ",  # before what a title or a name introduces, as French writes it
}
