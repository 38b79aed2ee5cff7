"""The travel plugin's help text and French labels (RULES.md gives the French terms)."""

from __future__ import annotations

HELP_EN = """\
Travel planner (F6): pace, mode, route and arrival (RULES.md 1.1 to 1.5).
Keys: f w s pace fast / normal / slow · m mode (foot, mounted, gallop, vehicle, ship 3 24,
special 27) · t terrain · a add a leg ("12 dense_forest old wood") · x remove the leg under the
cursor · c clear the route · [ ] hours travelled a day in the plan (more than 8 is a forced
march) · h how far in a time ("3h", "90min", "2d") · g travel 1 hour · G travel some hours ·
e travel to the end of the route, in one go (no night's halt: it asks first, with its
forced-march hours) · F fresh mounts · ? how the distances are worked out.
Fast pace: −5 to passive Wisdom (Perception); slow: the group can move stealthily. Difficult
terrain halves every distance. After the 8th hour of a day each hour asks every traveller for a
Constitution save, DC 10 + hours beyond 8; a failure is a level of exhaustion. A traveller at
speed 0 (exhaustion 5) stops the party. A gallop covers twice the fast distance for about an
hour: then fresh mounts are needed. Vehicles go at normal pace only (setting vehicle_pace);
ships at their own speed, up to 24 hours a day, with no pace effects. Saves are rolled with
disadvantage when a condition says so (exhaustion 3, a curse): the roll request says why.
Operations: travel.pace, travel.mode, travel.terrain, travel.leg, travel.leg_remove,
travel.route_clear, travel.advance (hours=3 or end), travel.fresh_mount, travel.new_day,
travel.travellers. Settings (config/travel.toml [settings], or the session's
[plugins.travel.settings]):
- walker_speed_m = 9: a special mount scales the table by its speed ÷ 9 m (interpretation).
- day_figure = last_hour: every hour covers the hour column (6 km at fast) and the 8th makes up
  the day column (45 km); spread: each of the day's 8 hours covers an eighth of it; hourly: the
  day column is ignored. Forced-march hours cover the hour column (interpretation).
- gallop_hours_per_mount = 1: a mount gallops one hour (12 km on flat ground), then stops.
- difficult_terrain_modes: ships and special (flying) mounts ignore difficult ground.
- forced_march_modes: ships owe no saves; they stop after their hours per day.
- speed_zero_stops_modes: on a ship, a traveller at speed 0 is carried.
- new_travel_day = pause: hours today restart after a long rest or pause_hours (8) without
  travelling, so a march past midnight keeps counting; clock_day: at midnight; rest: only
  after a long rest.
- departure_hour = 8: the planner's party sets off again at this hour each day.
- vehicle_pace = normal_only: carts and carriages « se déplacent à un rythme normal »
  (interpretation, RULES.md 1.4); any: choose a pace as usual (the 5e original)."""

HELP_FR = """\
Planificateur de voyage (F6) : rythme, mode, itinéraire et arrivée (RULES.md 1.1 à 1.5).
Touches : f w s rythme rapide / normal / lent · m mode (foot, mounted, gallop, vehicle,
ship 3 24, special 27) · t terrain · a ajouter une étape (« 12 dense_forest vieux bois ») ·
x retirer l'étape sous le curseur · c effacer l'itinéraire · [ ] heures de marche par jour du
plan (plus de 8 : marche forcée) · h quelle distance en un temps (« 3h », « 90min », « 2d ») ·
g voyager 1 heure · G voyager quelques heures · e jusqu'au bout, d'une traite (sans halte
pour la nuit : demandé d'abord, avec ses heures de marche forcée) · F montures fraîches ·
? le détail du calcul.
Rythme rapide : −5 aux valeurs passives de Sagesse (Perception) ; lent : déplacement discret
possible. Le terrain difficile divise les distances par deux. Après la 8e heure de la journée,
chaque heure demande à chaque voyageur un jet de sauvegarde de Constitution DD 10 + heures
au-delà de 8 ; un échec donne un niveau d'épuisement. Un voyageur de vitesse 0 (épuisement 5)
arrête le groupe. Le galop couvre le double de la distance rapide pendant environ une heure :
il faut ensuite des montures fraîches. Véhicules : rythme normal seulement (réglage
vehicle_pace) ; navires : leur propre vitesse, jusqu'à 24 heures par jour, sans effet de
rythme. Les sauvegardes se font avec désavantage quand un état l'impose (épuisement 3).
Réglages (config/travel.toml [settings], ou [plugins.travel.settings] de la session) :
- walker_speed_m (9) : interprétation de RULES.md 1.4 : la table des rythmes est celle d'un
  marcheur dont la vitesse est de ce nombre de mètres par round ; une monture ou un véhicule
  spécial (mode « special ») multiplie chaque chiffre de la table par sa vitesse ÷ celle-ci.
  Un volant de 27 m au rythme normal : 270 m/min, 13,5 km/h, 108 km par jour.
- day_figure (last_hour) : RULES.md 1.1 : la colonne « jour » est le chiffre de la table
  (45 km au rythme rapide, pas 8 × 6). Comment les heures d'une journée y arrivent
  (interprétation) : « last_hour » : chaque heure couvre la colonne « heure », sauf la 8e, qui
  couvre ce qui manque pour atteindre la colonne « jour » (rapide : 7 × 6 + 3 = 45 km) ;
  « spread » : chacune des 8 heures couvre la colonne « jour » ÷ 8 (rapide : 5,625 km) ;
  « hourly » : chaque heure couvre la colonne « heure », la colonne « jour » est ignorée
  (rapide : 48 km). Les heures au-delà de la 8e (marche forcée) couvrent toujours la colonne
  « heure » (RULES.md 1.2).
- gallop_hours_per_mount (1) : une monture tient le galop environ une heure (RULES.md 1.4) :
  après ce nombre d'heures de galop, le groupe s'arrête jusqu'à prendre des montures
  fraîches (travel.fresh_mount) ou changer de mode. En terrain plat : 12 km, dans les « 12 à
  15 km » de la règle.
- difficult_terrain_modes (foot, mounted, gallop, vehicle) : les modes où le terrain difficile
  divise les distances par deux (RULES.md 1.5 parle du sol). Pas par défaut : les navires (sur
  l'eau) et les montures spéciales (pégase, griffon, tapis volant : elles le survolent).
  Ajoutez « special » pour une monture spéciale qui marche.
- forced_march_modes (foot, mounted, gallop, vehicle, special) : les modes où les heures
  au-delà des 8 de la journée demandent des jets de Constitution (RULES.md 1.2). Un navire est
  mené par son équipage : il voyage jusqu'à ses propres heures par jour, puis s'arrête.
- speed_zero_stops_modes (foot, mounted, gallop, vehicle, special) : les modes où un voyageur
  de vitesse 0 (épuisement 5) arrête tout le groupe. Sur un navire, il est porté : le navire
  continue.
- new_travel_day (pause) : quand les heures de voyage du jour reviennent à 0 (RULES.md 1.2
  compte les heures « d'une journée » de voyage ; une marche peut passer minuit) : « pause » :
  après un repos long, ou quand le groupe n'a pas voyagé pendant pause_hours d'affilée (une
  halte de nuit, un jour en ville), et une marche après minuit continue de compter ;
  « clock_day » : quand l'horloge du jeu passe à un nouveau jour (minuit), même en pleine
  marche ; « rest » : seulement après un repos long (rest.long) ou travel.new_day.
- pause_hours (8) : avec new_travel_day = « pause », les heures sans voyager qui commencent
  une nouvelle journée de voyage.
- departure_hour (8) : pour l'heure d'arrivée du planificateur : après les heures de voyage
  d'une journée, le groupe repart à cette heure le lendemain.
- vehicle_pace (normal_only) : interprétation de RULES.md 1.4 : charrettes, carrosses et autres
  véhicules terrestres « se déplacent à un rythme normal ». « normal_only » : au rythme normal
  seulement (notre lecture de la règle) ; « any » : le groupe choisit son rythme comme
  d'habitude (la lecture de l'original 5e)."""

FRENCH = {
    "the terrain plugin is not loaded": "le module des terrains n'est pas chargé",
    "Travel planner": "Planificateur de voyage",
    "Pace": "Rythme",
    "Mode": "Mode",
    "Terrain": "Terrain",
    "difficult": "difficile",
    "ordinary": "ordinaire",
    "Today": "Aujourd'hui",
    "next forced-march save": "prochain jet de marche forcée",
    "none yet": "aucun pour l'instant",
    "Distance": "Distance",
    "Time": "Durée",
    "Ends": "Fin",
    "D": "J",
    "Name": "Nom",
    "no route: a adds a leg": "pas d'itinéraire : a ajoute une étape",
    "Total": "Total",
    "a day": "par jour",
    "arrival": "arrivée",
    "Travel": "Voyage",
    ": ": " : ",  # before what a title introduces, as French writes it
    "press a to add a leg, or G to travel a number of hours":
        "a pour ajouter une étape, ou G pour voyager un nombre d'heures",
    "Travel to the end of the route: {time} of travel, arrival {arrival}?":
        "Voyager jusqu'au bout de l'itinéraire : {time} de voyage, arrivée {arrival} ?",
    "Travel on towards the end of the route: {time} of travel, until {until} ({why}), {km} km "
    "short of the end?":
        "Voyager vers le bout de l'itinéraire : {time} de voyage, jusqu'à {until} ({why}), à "
        "{km} km du bout ?",
    "the mode's hours of travel today are done": "les heures de voyage du jour sont faites",
    "the mount has galloped its hours": "la monture a galopé ses heures",
    "one advance covers at most a month": "une avance couvre au plus un mois",
    "No night's halt: one hour of forced march, with a Constitution save (DC {dc}).":
        "Sans halte pour la nuit : une heure de marche forcée, avec un jet de sauvegarde de "
        "Constitution (DD {dc}).",
    "No night's halt: {count} hours of forced march, each with a Constitution save (DC {first} "
    "to {last}).":
        "Sans halte pour la nuit : {count} heures de marche forcée, chacune avec un jet de "
        "sauvegarde de Constitution (DD {first} à {last}).",
    "Clear the route ({legs} legs)?": "Effacer l'itinéraire ({legs} étapes) ?",
    "undoes it": "l'annule",
    "arrived": "arrivé",
    "How far": "Quelle distance",
    "in": "en",
    "Stopped": "Arrêté",
    "Waiting for the forced-march saves": "En attente des jets de marche forcée",
    "Mode (foot, mounted, gallop, vehicle, ship <km/h> [hours a day], special <speed m>)":
        "Mode (foot, mounted, gallop, vehicle, ship <km/h> [heures par jour], special <vitesse m>)",
    "Leg: km terrain [name]": "Étape : km terrain [nom]",
    "How far in (3h, 90min, 2d)": "Quelle distance en (3h, 90min, 2d)",
    "Travel how many hours?": "Voyager combien d'heures ?",
    "Fast": "Rapide",
    "Normal": "Normal",
    "Slow": "Lent",
    "Add leg": "Ajouter une étape",
    "Remove leg": "Retirer l'étape",
    "Clear route": "Effacer l'itinéraire",
    "1 hour": "1 heure",
    "Hours…": "Heures…",
    "To the end": "Jusqu'au bout",
    "Fresh mount": "Monture fraîche",
    "How far…": "Quelle distance…",
    "Fewer hours a day": "Moins d'heures par jour",
    "More hours a day": "Plus d'heures par jour",
    "forced march": "marche forcée",
    "saves": "jets",
    "left": "restants",
    "within the day": "dans la journée",
    "↑↓ leg · x remove · c clear · [ ] h/day · G hours · F fresh mount · ? why":
        "↑↓ étape · x retirer · c effacer · [ ] h/jour · G heures · F monture fraîche · "
        "? pourquoi",
    "Why?": "Pourquoi ?",
    "day": "jour",
    "fresh mount in": "monture fraîche dans",
    "fresh mount needed (F)": "monture fraîche nécessaire (F)",
    "Fresh mounts at km": "Montures fraîches au km",
    # sentences the travel rules say (gm_console.text.said)
    "{minute} m/min, {hour} km/h, {day} km/day": "{minute} m/min, {hour} km/h, {day} km/jour",
    "pace {pace}: {effect} ({rates})": "rythme {pace} : {effect} ({rates})",
    "mode: {mode} ({rates})": "mode : {mode} ({rates})",
    "mode: {mode}; pace set to {pace} (the only one it allows) ({rates})":
        "mode : {mode} ; rythme passé à {pace} (le seul qu'il permet) ({rates})",
    "a leg's length must be more than 0 km, not {km}":
        "la longueur d'une étape doit dépasser 0 km, pas {km}",
    "unknown terrain {key!r}; known terrains: {known}":
        "terrain inconnu {key!r} ; terrains connus : {known}",
    "leg {number}: {km} km of {terrain} ({kind})": "étape {number} : {km} km de {terrain} ({kind})",
    "leg {number} “{name}”: {km} km of {terrain} ({kind})":
        "étape {number} « {name} » : {km} km de {terrain} ({kind})",
    "no leg {leg}: the route has {count} leg(s)":
        "pas d'étape {leg} : l'itinéraire a {count} étape(s)",
    "leg {leg} is already (partly) travelled; clear the route (travel.route_clear) to plan a "
    "new one":
        "l'étape {leg} est déjà (en partie) parcourue ; effacez l'itinéraire "
        "(travel.route_clear) pour en prévoir un nouveau",
    "leg {leg} removed ({km} km of {terrain})": "étape {leg} retirée ({km} km de {terrain})",
    "route cleared ({count} leg(s))": "itinéraire effacé ({count} étape(s))",
    "{name}: {problem}": "{name} : {problem}",
    "Forced march, hour {hour}: Constitution save DC {dc}":
        "Marche forcée, heure {hour} : jet de sauvegarde de Constitution DD {dc}",
    "{hours} h travelled, the most one advance covers: advance again to go on":
        "{hours} h de voyage, le plus qu'une avance couvre : avancez encore pour continuer",
    "the {mode} travels {hours} h a day: it goes on tomorrow":
        "{mode} : {hours} h de voyage par jour ; la suite demain",
    "the mount has galloped its {hours} h: a fresh mount is needed (travel.fresh_mount) or "
    "another mode":
        "la monture a galopé ses {hours} h : il faut une monture fraîche (travel.fresh_mount) "
        "ou un autre mode",
    "arrived at the end of the route": "arrivé au bout de l'itinéraire",
    "leg {number} {name} done at km {km}": "étape {number} {name} terminée au km {km}",
    "leg {number} done at km {km}": "étape {number} terminée au km {km}",
    "hour {hour} of the day done: forced march, every traveller owes a Constitution save DC "
    "{dc} (roll request {request})":
        "heure {hour} de la journée terminée : marche forcée, chaque voyageur doit un jet de "
        "sauvegarde de Constitution DD {dc} (demande de jets {request})",
    "travelled {duration}, {km} km, km {done} of {total}; Day {day}, {time}":
        "voyagé {duration}, {km} km, km {done} sur {total} ; Jour {day}, {time}",
    "travelled {duration}, {km} km; Day {day}, {time}":
        "voyagé {duration}, {km} km ; Jour {day}, {time}",
    "the party waits for its forced-march saves (roll request {request}): answer them (key r, "
    "or roll.resolve) or cancel them (roll.cancel)":
        "le groupe attend ses jets de marche forcée (demande de jets {request}) : répondez-y "
        "(touche r, ou roll.resolve) ou annulez-les (roll.cancel)",
    "there is no route to travel to its end: add legs (travel.leg) or give hours=<number>":
        "pas d'itinéraire à parcourir jusqu'au bout : ajoutez des étapes (travel.leg) ou donnez "
        "hours=<number>",
    "the party is already at the end of the route: add a leg or clear it":
        "le groupe est déjà au bout de l'itinéraire : ajoutez une étape ou effacez-le",
    "hours must be a number of hours or 'end', not {hours!r}":
        "hours doit être un nombre d'heures ou 'end', pas {hours!r}",
    "hours must be more than 0 and at most {most}, not {hours}":
        "hours doit dépasser 0 et valoir au plus {most}, pas {hours}",
    "no forced-march saves are awaited": "aucun jet de marche forcée n'est attendu",
    "an outcome must have who, total and dc, not {outcome}":
        "un résultat doit avoir who, total et dc, pas {outcome}",
    "{name} makes the forced-march save ({total} vs DC {dc})":
        "{name} réussit le jet de marche forcée ({total} contre DD {dc})",
    "{name} fails the forced-march save ({total} vs DC {dc}): exhaustion {before} → {after} "
    "({effect})":
        "{name} rate le jet de marche forcée ({total} contre DD {dc}) : épuisement {before} → "
        "{after} ({effect})",
    "{name} fails the forced-march save ({total} vs DC {dc}): exhaustion {before} → {after}":
        "{name} rate le jet de marche forcée ({total} contre DD {dc}) : épuisement {before} → "
        "{after}",
    "forced march, hour {hour}: {names} gains a level of exhaustion":
        "marche forcée, heure {hour} : {names} gagne un niveau d'épuisement",
    "forced march, hour {hour}: {names} gain a level of exhaustion":
        "marche forcée, heure {hour} : {names} gagnent un niveau d'épuisement",
    "forced march, hour {hour}: every save made, no exhaustion":
        "marche forcée, heure {hour} : tous les jets réussis, pas d'épuisement",
    "fresh mounts: the party can gallop again":
        "montures fraîches : le groupe peut de nouveau galoper",
    "a new day of travel: hours travelled today {hours} → 0":
        "une nouvelle journée de voyage : heures de voyage aujourd'hui {hours} → 0",
    "travellers: {names}": "voyageurs : {names}",
    "travellers: every character": "voyageurs : tous les personnages",
    "flat terrain": "terrain plat",
    "{terrain} (not a known terrain: ordinary)": "{terrain} (terrain inconnu : ordinaire)",
    "{name} cannot move: speed 0 ({why})": "{name} ne peut pas avancer : vitesse 0 ({why})",
    "× {factor}: {why}": "× {factor} : {why}",
    "{plugin}: ignored {entry} (a travel factor is a number, 0 or more)":
        "{plugin} : {entry} ignoré (un facteur de voyage est un nombre, 0 ou plus)",
    "{terrain} is difficult: each metre costs {cost}, distances ÷ {cost}":
        "{terrain} est difficile : chaque mètre en coûte {cost}, distances ÷ {cost}",
    "= {minute} m/min, {hour} km/h, {day} km in a day of {hours} h":
        "= {minute} m/min, {hour} km/h, {day} km en une journée de {hours} h",
    "{terrain}: no effect on mode {mode} (setting difficult_terrain_modes)":
        "{terrain} : aucun effet sur le mode {mode} (réglage difficult_terrain_modes)",
    "{mode}: × {factor}": "{mode} : × {factor}",
    "speed {speed} m ÷ {walker} m (setting walker_speed_m): × {factor}":
        "vitesse {speed} m ÷ {walker} m (réglage walker_speed_m) : × {factor}",
    "{mode}: {pace} pace changes nothing (its own speed)":
        "{mode} : le rythme {pace} ne change rien (sa propre vitesse)",
    "{mode}: its own speed, {speed} km/h": "{mode} : sa propre vitesse, {speed} km/h",
    "{pace} pace: {minute} m/min, {hour} km/h, {day} km/day":
        "rythme {pace} : {minute} m/min, {hour} km/h, {day} km/jour",
    "none ({mode}: no pace effects)": "aucun ({mode} : pas d'effet de rythme)",
    "{terrain}: the party covers no distance at this pace and mode":
        "{terrain} : le groupe n'avance pas à ce rythme et dans ce mode",
    "hours per day must be more than 0": "les heures par jour doivent dépasser 0",
    "the route would take more than {days} days of travel at this pace and mode: check the "
    "legs' km (travel.leg_remove) and the speed":
        "l'itinéraire prendrait plus de {days} jours de voyage à ce rythme et dans ce mode : "
        "vérifiez les km des étapes (travel.leg_remove) et la vitesse",
    "setting {key} of travel must be {wanted}, not {value}":
        "le réglage {key} du voyage doit être {wanted}, pas {value}",
    "a number more than 0": "un nombre supérieur à 0",
    "an hour from 0 to 24 (0 ≤ hour < 24)": "une heure de 0 à 24 (0 ≤ heure < 24)",
    "one of {choices}": "l'un de {choices}",
    "a list of modes ({modes})": "une liste de modes ({modes})",
    "unknown pace {pace!r}; paces: {paces}": "rythme inconnu {pace!r} ; rythmes : {paces}",
    "unknown mode {mode!r}; modes: {modes}": "mode inconnu {mode!r} ; modes : {modes}",
    "{mode} travels at {paces} pace only, not {pace}":
        "{mode} : rythme {paces} seulement, pas {pace}",
    "speeds and hours per day cannot be negative":
        "les vitesses et les heures par jour ne peuvent pas être négatives",
    "mode {mode} needs the mount's speed_m (metres per round), e.g. 27 for a griffon":
        "le mode {mode} a besoin du speed_m de la monture (mètres par round), par exemple 27 "
        "pour un griffon",
    "mode {mode} needs its own speed: speed_kmh (km per hour) or speed_m (metres per round), "
    "one of the two":
        "le mode {mode} a besoin de sa propre vitesse : speed_kmh (km par heure) ou speed_m "
        "(mètres par round), l'un des deux",
    "speed_kmh applies to a ship only, not to mode {mode}":
        "speed_kmh ne concerne qu'un navire, pas le mode {mode}",
    "speed_m applies to a special mount or a ship, not to mode {mode}":
        "speed_m ne concerne qu'une monture spéciale ou un navire, pas le mode {mode}",
    "hours_per_day applies to a ship only, not to mode {mode}":
        "hours_per_day ne concerne qu'un navire, pas le mode {mode}",
    "hours_per_day {hours} is more than {most}": "hours_per_day {hours} dépasse {most}",
    "setting day_figure = {rule!r}: expected last_hour, spread or hourly":
        "réglage day_figure = {rule!r} : last_hour, spread ou hourly attendu",
    # the planner's own questions and answers
    "Travel {hours} h now? The clock moves on by up to {hours} h.":
        "Voyager {hours} h maintenant ? L'horloge avance de {hours} h au plus.",
    "{text!r}: write a time such as 3h, 90min or 2d":
        "{text!r} : écrivez une durée comme 3h, 90min ou 2j",
    "the time must be more than 0": "la durée doit dépasser 0",
    "type a mode: foot, mounted, gallop, vehicle, ship or special":
        "tapez un mode : foot, mounted, gallop, vehicle, ship ou special",
    "{text!r}: the speed and hours must be numbers":
        "{text!r} : la vitesse et les heures doivent être des nombres",
    # a session's [plugins.travel] that cannot be read
    "{key} must be text, e.g. \"{example}\"": "{key} doit être du texte, par exemple \"{example}\"",
    "{key} must be a number, 0 or more": "{key} doit être un nombre, 0 ou plus",
    "route must be an array of tables {km, terrain, name}":
        "route doit être une liste de tables {km, terrain, name}",
    "each leg needs km, a number more than 0":
        "chaque étape a besoin de km, un nombre supérieur à 0",
    "a leg's terrain must be a terrain key (text)":
        "le terrain d'une étape doit être une clé de terrain (texte)",
    "travellers must be a list of character names":
        "travellers doit être une liste de noms de personnages",
    "settings must be a table ([plugins.travel.settings])":
        "settings doit être une table ([plugins.travel.settings])",
}
