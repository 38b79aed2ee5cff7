"""Hit points: damage, healing and temporary hit points (gm_console.hitpoints). "Unconscious"
is derived from hit points at the floor; massive damage stores "dead"."""

from __future__ import annotations

from typing import Any

from gm_console import hitpoints
from gm_console.context import OpContext
from gm_console.operations import Operation, Param, Refused, Result

SETTINGS = "conditions"


def _hp(ctx: OpContext, character: dict[str, Any]) -> hitpoints.HitPoints:
    hp = ctx.hit_points(character)
    if hp is None:
        raise Refused(f"{character['name']} has no maximum hit points on the sheet: set it "
                      f"first (character.set {character['name']} max_hit_points N)")
    return hp


def _amount(value: int) -> int:
    if value <= 0:
        raise Refused(f"the amount must be more than 0, not {value}")
    return value


def _damage(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    amount = _amount(p["amount"])
    hp = _hp(ctx, character)
    floor = int(ctx.setting(SETTINGS, "hit_points_floor", 0))
    done = hitpoints.damage(hp, amount, floor)
    character["hit_points"], character["temp_hit_points"] = done.current, done.temp
    ctx.touch("characters")
    text = f"{character['name']} takes {amount} damage" + (f" ({p['what']})" if p["what"] else "")
    text += f": {'; '.join(done.steps)}"
    killed = (done.overflow >= hp.effective_max > 0
              and bool(ctx.setting(SETTINGS, "massive_damage_kills", True)))
    if killed:
        ctx.add_condition(character, "dead", source=f"massive damage: {done.overflow} beyond "
                          f"{floor}, at least the maximum {hp.effective_max}")
        text += "; massive damage: dead"
    elif done.current <= floor:
        text += "; unconscious"
    return Result(text, {"character": character["name"], "hit_points": done.current,
                         "temp_hit_points": done.temp, "dead": killed}, [character["name"]])


def _heal(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    amount = _amount(p["amount"])
    hp = _hp(ctx, character)
    dead = [c for c in ctx.conditions(character) if c.effects.get("dead")]
    forced = ""
    if dead:
        why = f"{character['name']} is dead ({dead[0].source}): healing does not bring them back"
        if not p["override"].strip():
            raise Refused(why + " (the game master can force it with override=<reason>)")
        ctx.journal(f"override by the game master ({p['override'].strip()}): {why}",
                    kind="override", who=[character["name"]])
        forced = f" (override: {p['override'].strip()})"
    after = hitpoints.heal(hp, amount)
    character["hit_points"] = after
    ctx.touch("characters")
    capped = " (the maximum)" if after == hp.effective_max and hp.current + amount > after else ""
    return Result(f"{character['name']} heals {amount}: hit points {hp.current} → {after}"
                  f"{capped}{forced}", {"character": character["name"], "hit_points": after},
                  [character["name"]])


def _temp(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    amount = _amount(p["amount"])
    hp = _hp(ctx, character)
    # Temporary hit points do not add up (5e): the higher of the two stays.
    kept = max(hp.temp, amount)
    character["temp_hit_points"] = kept
    ctx.touch("characters")
    text = (f"{character['name']} gains {amount} temporary hit points" if kept == amount else
            f"{character['name']} keeps {hp.temp} temporary hit points (more than {amount}; "
            "they do not add up)")
    return Result(text, {"character": character["name"], "temp_hit_points": kept},
                  [character["name"]])


_CHARACTER = Param("character", str, "the character's name")
_AMOUNT = Param("amount", int, "how many hit points")

OPERATIONS = [
    Operation("hp.damage", "Damage a character: temporary hit points first, then hit points "
              "(unconscious at 0; massive damage kills).", _damage,
              (_CHARACTER, _AMOUNT, Param("what", str, "what dealt it", default="")),
              kind="hp"),
    Operation("hp.heal", "Heal a character, up to the maximum that counts (exhaustion 4 "
              "halves it).", _heal,
              (_CHARACTER, _AMOUNT, Param("override", str, "the game master's reason to heal "
                                          "the dead", default="")), kind="hp"),
    Operation("hp.temp", "Give temporary hit points (the higher of the old and the new stays).",
              _temp, (_CHARACTER, _AMOUNT), kind="hp"),
]
