"""The movement plugin: climbing, swimming, crawling and jumping (RULES.md 1.6 and 1.7).

Contributes the jump figures of each character (``derived.jump``), the operations of
:mod:`.ops` and the movement calculator screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import ScreenSpec, SectionSpec, hookimpl, said_by, say
from gm_console_plugins.movement import ops, rules
from gm_console_plugins.movement.labels import FRENCH

if TYPE_CHECKING:
    from gm_console import Session


@hookimpl
def register_operations(register) -> None:
    for operation in ops.OPERATIONS:
        register(operation)


def _calculator(store: Any) -> Any:
    from gm_console_plugins.movement.screens import (
        MovementScreen,  # Textual only when opened
    )

    return MovementScreen(store)


@hookimpl
def register_screens(register) -> None:
    register(ScreenSpec("movement.calculator", "f7", "Movement: climb, swim, jump calculator",
                        _calculator))


def _validate(section: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    settings = section.get("settings", {})
    if not isinstance(settings, dict):
        return [(("settings",), say("settings must be a table ([plugins.movement.settings])"))]
    return [(("settings", key), message) for key, message in rules.choice_problems(settings)]


@hookimpl
def register_sections(register) -> None:
    # The plugin keeps nothing of its own in a session but the campaign's settings.
    register(SectionSpec("movement", validate=_validate))


@hookimpl
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any]:
    try:
        return {"jump": ops.figures(session, character).as_dict()}
    except ValueError as exc:  # a sheet without a usable Strength: say so, do not go down
        return {"jump": {"error": said_by(exc)}}


@hookimpl
def help_text(language: str) -> str:
    if language == "fr":
        return HELP_FR
    return HELP_EN


@hookimpl
def labels(language: str) -> dict[str, str] | None:
    return FRENCH if language == "fr" else None


HELP_EN = """\
Movement (F7): a round's movement as segments (walk, climb, swim, crawl, long jump, high jump),
each in normal or difficult terrain, priced against the character's speed (RULES.md 1.6, 1.7).
A metre climbed, swum or crawled costs 2 (3 in difficult terrain), 1 (2) with a climbing or
swimming speed; a metre jumped costs 1. Calculator keys: w walk, c climb, s swim, k crawl,
l long jump, h high jump add a segment of 1 m; type its metres (0-9 and .); t cycles its
terrain (current*, difficult, normal); u its run-up; ! slippery climb or rough water; o an
obstacle (then type its height); up/down select a segment; backspace erases; left/right change
character; ? shows how every figure is worked out; enter makes the move (movement.move), e
spends it in combat (movement.spend, through the combat tracker's actions.move).
Headless: gm-console op S movement.price character=Aria segments=climb:3,walk:2:difficult,
long_jump:4 (the segment syntax: gm-console ops).
Checks offered in the dice prompt: Strength (Athletics) for a slippery climb, rough water, an
obstacle and jumping higher; Dexterity (Acrobatics) when landing in difficult terrain (a failure
leaves the character prone). A jump beyond the figures, or a path beyond the speed outside
combat, is refused unless forced with override=<reason>.
Settings in config/movement.toml [settings] (a session may override them):
- crawl_cost_normal / crawl_cost_difficult: crawling costs like climbing (interpretation).
- jump_cost_difficult: a metre jumped in difficult terrain costs 1 (in the air; interpretation).
- exceptional_strength_score: Strength 18/xx counts as 18 in the jump formulas (interpretation).
- high_jump_never_below_zero: a negative modifier never makes a negative high jump.
- reach_from: the highest point reached uses the running high jump.
- obstacle_check: up_to_quarter (the seed's reading, default: an obstacle up to a quarter of
  the jump asks for the check, a taller one is refused unless overridden) or
  taller_than_quarter (up to a quarter is cleared without a check, taller asks for it).
- run_up_kinds: the ground walked just before a jump that counts as its 3 m run-up.
- check_dice and dc_*: checks roll 1d20 + the ability modifier against our DCs."""

HELP_FR = """\
Déplacement (F7) : le mouvement d'un round en segments (marcher, escalader, nager, ramper, saut
en longueur, saut en hauteur), en terrain normal ou difficile, comparé à la vitesse du
personnage (RULES.md 1.6, 1.7). Un mètre escaladé, nagé ou rampé coûte 2 (3 en terrain
difficile), 1 (2) avec une vitesse d'escalade ou de nage ; un mètre sauté coûte 1. Touches :
w c s k l h ajoutent un segment d'1 m ; tapez ses mètres (0-9 et .) ; t son terrain ; u son
élan ; ! paroi glissante ou eaux agitées ; o un obstacle ; haut/bas choisissent un segment ;
retour arrière efface ; gauche/droite changent de personnage ; ? montre le détail des
calculs ; entrée effectue le mouvement,
e le dépense en combat (suivi des actions). Tests proposés : Force (Athlétisme) pour une paroi
glissante, des eaux agitées, un obstacle, sauter plus haut ; Dextérité (Acrobaties) pour
retomber en terrain difficile (échec : à terre). Un saut au-delà des capacités est refusé,
sauf override=<raison>.
Réglages dans config/movement.toml [settings] (une session peut les changer) :
- crawl_cost_normal (2) : interprétation de RULES.md 1.6 : la règle nomme la reptation sans
  chiffre ; coût d'un mètre rampé en terrain normal (2 : un mètre de plus, comme l'escalade).
- crawl_cost_difficult (3) : coût d'un mètre rampé en terrain difficile (même interprétation).
- jump_cost_difficult (1) : interprétation de RULES.md 1.6 : coût d'un mètre sauté en terrain
  difficile (1 : le sauteur est en l'air ; y retomber demande le test d'Acrobaties).
- exceptional_strength_score (18) : interprétation de RULES.md 1.7 : une Force exceptionnelle
  18/xx compte pour cette valeur dans les formules de saut.
- high_jump_never_below_zero (true) : interprétation de RULES.md 1.7 : un saut en hauteur n'est
  jamais sous 0 m (un modificateur négatif peut rendre 1 + 0,3 × modificateur négatif) ;
  false le laisse négatif (et les chiffres du saut le montrent).
- reach_from (running) : le saut en hauteur d'où se calcule le point le plus haut atteint
  (reach_m) : « running » (avec élan) ou « standing » (sans élan). La règle dit « hauteur du
  saut » sans préciser ; la portée sans élan figure toujours dans le détail.
- obstacle_check (up_to_quarter) : le test d'obstacle d'un saut en longueur (RULES.md 1.7 : le
  MJ peut demander un test de Force (Athlétisme) pour franchir « un petit obstacle (pas plus
  grand que le quart de la longueur de votre saut) »). « up_to_quarter » : un obstacle
  jusqu'au quart de la longueur du saut demande le test ; plus haut, ce n'est pas un petit
  obstacle et le saut est refusé (sauf override) : la lecture de la règle, par défaut.
  « taller_than_quarter » : jusqu'au quart, l'obstacle est franchi sans test ; plus haut, il
  demande le test (une lecture antérieure, gardée pour les campagnes qui l'ont choisie).
- run_up_kinds (walk) : ce qui compte comme élan juste avant un saut : les types de segments
  dont les mètres, parcourus juste avant le saut, font l'élan. Un segment de saut marqué avec
  ou sans élan l'emporte.
- check_dice (1d20) : les tests se lancent avec ces dés + le modificateur de caractéristique
  (Force pour l'Athlétisme, Dextérité pour les Acrobaties) ; la fiche n'a pas de compétences.
  La règle ne donne pas de difficulté : les DD sont les nôtres, et le MJ peut taper n'importe
  quel résultat dans l'invite de dés.
- dc_slippery_climb (15) : DD du test de Force (Athlétisme) sur une paroi glissante.
- dc_rough_water (15) : DD du test de Force (Athlétisme) en eaux agitées.
- dc_obstacle (10) : DD du test de Force (Athlétisme) pour franchir un obstacle.
- dc_jump_higher (15) : DD du test de Force (Athlétisme) pour sauter plus haut.
- dc_landing (10) : DD du test de Dextérité (Acrobaties) pour retomber en terrain difficile."""
