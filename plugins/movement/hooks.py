"""The movement plugin: climbing, swimming, crawling and jumping (RULES.md 1.6 and 1.7).

Contributes the jump figures of each character (``derived.jump``), the operations of
:mod:`.ops` and the movement calculator screen.
"""

from __future__ import annotations

from typing import Any

from gm_console import ScreenSpec, hookimpl
from gm_console_plugins.movement import ops
from gm_console_plugins.movement.labels import FRENCH


@hookimpl
def register_operations(register) -> None:
    for operation in ops.OPERATIONS:
        register(operation)


def _calculator(store: Any) -> Any:
    from gm_console_plugins.movement.screens import MovementScreen  # Textual only when opened

    return MovementScreen(store)


@hookimpl
def register_screens(register) -> None:
    register(ScreenSpec("movement.calculator", "m", "Movement: climb, swim, jump calculator",
                        _calculator))


@hookimpl
def character_derived(character: dict[str, Any], session: Any) -> dict[str, Any]:
    try:
        return {"jump": ops.figures(session, character).as_dict()}
    except ValueError as exc:  # a sheet without a usable Strength: say so, do not go down
        return {"jump": {"error": str(exc)}}


@hookimpl
def help_text(language: str) -> str:
    if language == "fr":
        return HELP_FR
    return HELP_EN


@hookimpl
def labels(language: str) -> dict[str, str] | None:
    return FRENCH if language == "fr" else None


HELP_EN = """\
Movement (m): a round's movement as segments (walk, climb, swim, crawl, long jump, high jump),
each in normal or difficult terrain, priced against the character's speed (RULES.md 1.6, 1.7).
A metre climbed, swum or crawled costs 2 (3 in difficult terrain), 1 (2) with a climbing or
swimming speed; a metre jumped costs 1. Keys on the calculator: w c s r l h add a segment of
that kind, d toggles difficult terrain for the next one, +/- change its length, backspace
removes the last, enter makes the move (in combat: spends it in the action tracker).
Checks offered in the dice prompt: Athletics for a slippery climb, rough water, an obstacle and
jumping higher; Acrobatics when landing in difficult terrain (a failure leaves the character
prone). Settings in config/movement.toml [settings]:
- crawl_cost_normal / crawl_cost_difficult: crawling costs like climbing (interpretation).
- jump_cost_difficult: a metre jumped in difficult terrain costs 1 (in the air; interpretation).
- exceptional_strength_score: Strength 18/xx counts as 18 in the jump formulas (interpretation).
- high_jump_never_below_zero: a negative modifier never makes a negative high jump.
- reach_from: the highest point reached uses the running high jump.
- obstacle_check: taller_than_quarter (an obstacle up to a quarter of the jump is cleared
  without a check) or up_to_quarter (the seed's literal reading).
- run_up_kinds: the ground walked just before a jump that counts as its run-up (3 m).
- check_dice and dc_*: checks roll 1d20 + the ability modifier against our DCs."""

HELP_FR = """\
Déplacement (m) : le mouvement d'un round en segments (marcher, escalader, nager, ramper, saut
en longueur, saut en hauteur), en terrain normal ou difficile, comparé à la vitesse du
personnage (RULES.md 1.6, 1.7). Un mètre escaladé, nagé ou rampé coûte 2 (3 en terrain
difficile), 1 (2) avec une vitesse d'escalade ou de nage ; un mètre sauté coûte 1. Touches :
w c s r l h ajoutent un segment, d bascule le terrain difficile, +/- changent la longueur,
retour arrière retire le dernier, entrée effectue le mouvement (en combat : le dépense dans le
suivi des actions). Tests proposés : Force (Athlétisme) pour une paroi glissante, des eaux
agitées, un obstacle, sauter plus haut ; Dextérité (Acrobaties) pour retomber en terrain
difficile (échec : à terre). Réglages dans config/movement.toml [settings] : crawl_cost_*,
jump_cost_difficult, exceptional_strength_score (18/xx compte pour 18),
high_jump_never_below_zero, reach_from, obstacle_check, run_up_kinds, check_dice, dc_*."""
