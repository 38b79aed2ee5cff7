"""The core's hook implementations: its operations, its session section and derived values."""

from __future__ import annotations

from typing import Any

from gm_console import SpeedStep, hookimpl
from gm_console.core import character_ops, clock_ops, request_ops, roll_ops, settings_ops
from gm_console.core.abilities import modifier, parse_score, parse_strength
from gm_console.core.characters import ABILITIES


@hookimpl
def register_operations(register) -> None:
    for module in (character_ops, clock_ops, request_ops, roll_ops, settings_ops):
        for op in module.OPERATIONS:
            register(op)


def _exhaustion_levels(session, character: dict[str, Any]) -> list[dict[str, Any]]:
    level = int(character.get("exhaustion", 0) or 0)
    return [row for row in session.table("exhaustion").get("levels", []) if row["level"] <= level]


@hookimpl
def speed_steps(character, session) -> list[SpeedStep]:
    factors = [(row.get("speed_factor"), row) for row in _exhaustion_levels(session, character)
               if row.get("speed_factor") is not None]
    if not factors:
        return []
    factor, row = min(factors, key=lambda pair: pair[0])
    return [SpeedStep("multiply", f"exhaustion {row['level']}: {row['effect']}", value=factor)]


@hookimpl
def character_derived(character, session) -> dict[str, Any]:
    abilities = {}
    for ability in ABILITIES:
        if ability not in character:
            continue
        try:
            if ability == "strength":
                strength = parse_strength(character[ability])
                abilities[ability] = {"score": str(strength), "modifier": modifier(strength.score)}
            else:
                score = parse_score(character[ability], ability)
                abilities[ability] = {"score": score, "modifier": modifier(score)}
        except ValueError as exc:
            abilities[ability] = {"error": str(exc)}
    key = "effect_fr" if session.language == "fr" else "effect"
    levels = _exhaustion_levels(session, character)
    return {
        "abilities": abilities,
        "exhaustion": {"level": int(character.get("exhaustion", 0) or 0),
                       "effects": [row.get(key, row["effect"]) for row in levels]},
    }


@hookimpl
def help_text(language: str) -> str:
    if language == "fr":
        return ("Épuisement : les effets se cumulent ; niveau 2 vitesse ÷ 2, niveau 5 vitesse 0 ; "
                "un repos long (ctrl+r) retire un niveau (config/exhaustion.toml).")
    return ("Exhaustion: effects are cumulative; level 2 halves speed, level 5 stops; a long rest "
            "removes one level (config/exhaustion.toml).")

