"""The travel plugin's help text and French labels (RULES.md gives the French terms)."""

from __future__ import annotations

HELP_EN = """\
Travel planner (F6): pace, mode, route and arrival (RULES.md 1.1 to 1.5).
Keys: f w s pace fast / normal / slow · m mode (foot, mounted, gallop, vehicle, ship 3 24,
special 27) · t terrain · a add a leg ("12 dense_forest old wood") · x remove the leg under the
cursor · c clear the route · [ ] hours travelled a day in the plan (more than 8 is a forced
march) · h how far in a time ("3h", "90min", "2d") · g travel 1 hour · G travel some hours ·
e travel to the end of the route · F fresh mounts · ? how the distances are worked out.
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
g voyager 1 heure · G voyager quelques heures · e jusqu'au bout · F montures fraîches ·
? le détail du calcul.
Rythme rapide : −5 aux valeurs passives de Sagesse (Perception) ; lent : déplacement discret
possible. Le terrain difficile divise les distances par deux. Après la 8e heure de la journée,
chaque heure demande à chaque voyageur un jet de sauvegarde de Constitution DD 10 + heures
au-delà de 8 ; un échec donne un niveau d'épuisement. Un voyageur de vitesse 0 (épuisement 5)
arrête le groupe. Le galop couvre le double de la distance rapide pendant environ une heure :
il faut ensuite des montures fraîches. Véhicules : rythme normal seulement (réglage
vehicle_pace) ; navires : leur propre vitesse, jusqu'à 24 heures par jour, sans effet de
rythme. Les sauvegardes se font avec désavantage quand un état l'impose (épuisement 3).
Réglages (config/travel.toml [settings]) : walker_speed_m (monture spéciale : × vitesse ÷ 9 m),
day_figure (last_hour, spread ou hourly : comment les heures font la colonne « jour »),
gallop_hours_per_mount, difficult_terrain_modes, forced_march_modes, speed_zero_stops_modes,
new_travel_day (pause : après un repos long ou pause_hours sans voyager ; clock_day : à
minuit ; rest : après un repos long), departure_hour, vehicle_pace (normal_only : les
véhicules vont au rythme normal, interprétation ; any : au choix, comme dans l'original)."""

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
    "press a to add a leg, or G to travel a number of hours":
        "a pour ajouter une étape, ou G pour voyager un nombre d'heures",
    "Travel to the end of the route: {time} of travel, arrival {arrival}?":
        "Voyager jusqu'au bout de l'itinéraire : {time} de voyage, arrivée {arrival} ?",
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
}
