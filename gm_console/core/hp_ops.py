"""Hit points: damage, healing and temporary hit points (gm_console.rules.hitpoints), of a
character or of a creature a plugin keeps (a monster in a fight: ``session.subject``).
"Unconscious" is derived from hit points at the floor; massive damage stores "dead". Every
change is told to the plugins (``hit_points_changed``): the fight takes a creature at the
floor out of the order."""

from __future__ import annotations

from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.rules import hitpoints
from gm_console.text.said import joined, say

SETTINGS = "conditions"


def _hp(ctx: OpContext, character: dict[str, Any]) -> hitpoints.HitPoints:
    hp = ctx.hit_points(character)
    if hp is None:
        raise Refused(say("{name} has no maximum hit points on the sheet: set it first "
                          "(character.set field=max_hit_points)", name=character["name"]))
    return hp


def _changed(ctx: OpContext, subject: dict[str, Any], hit_points: int) -> None:
    ctx.touch(ctx.owner_of(subject))
    floor = int(ctx.setting(SETTINGS, "hit_points_floor", 0))
    ctx.notify("hit_points_changed", name=str(subject["name"]), hit_points=hit_points,
               at_floor=hit_points <= floor)


def _amount(value: int) -> int:
    if value <= 0:
        raise Refused(say("the amount must be more than 0, not {value}", value=value))
    return value


def _damage(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.subject(p["character"])
    amount = _amount(p["amount"])
    hp = _hp(ctx, character)
    floor = int(ctx.setting(SETTINGS, "hit_points_floor", 0))
    done = hitpoints.damage(hp, amount, floor)
    character["hit_points"], character["temp_hit_points"] = done.current, done.temp
    # A creature's figures are the game master's: the others read a word for its state.
    steps = ctx.hit_points_said(character, joined("; ", done.steps), ctx.health(character))
    parts = [say("{name} takes {amount} damage ({what}): {steps}", name=character["name"],
                 amount=amount, what=p["what"], steps=steps) if p["what"]
             else say("{name} takes {amount} damage: {steps}", name=character["name"],
                      amount=amount, steps=steps)]
    killed = (done.overflow >= hp.effective_max > 0
              and bool(ctx.setting(SETTINGS, "massive_damage_kills", True)))
    if killed:  # the condition's source is in the state every reader has: no figure of it
        full = say("massive damage: {overflow} beyond {floor}, at least the maximum {maximum}",
                   overflow=done.overflow, floor=floor, maximum=hp.effective_max)
        ctx.add_condition(character, "dead", source=full if ctx.hit_points_public(character)
                          else say("massive damage"))
        parts.append(say("massive damage: dead"))
    elif done.current <= floor:
        parts.append(say("unconscious"))
    _changed(ctx, character, done.current)
    return Result(joined("; ", parts), {"character": character["name"], "hit_points": done.current,
                         "temp_hit_points": done.temp, "dead": killed}, [character["name"]])


def _heal(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.subject(p["character"])
    amount = _amount(p["amount"])
    hp = _hp(ctx, character)
    dead = [c for c in ctx.conditions(character) if c.effects.get("dead")]
    forced = p["override"].strip()
    if dead:
        why = say("{name} is dead ({source}): healing does not bring them back",
                  name=character["name"], source=dead[0].source)
        if not forced:
            raise Refused(say("{why} (the game master can force it with override=<reason>)",
                              why=why))
        ctx.journal(say("override by the game master ({reason}): {why}", reason=forced, why=why),
                    kind="override", who=[character["name"]])
    after = hitpoints.heal(hp, amount)
    character["hit_points"] = after
    _changed(ctx, character, after)
    healed = ctx.hit_points_said(
        character, say("{name} heals {amount}: hit points {before} → {after}",
                       name=character["name"], amount=amount, before=hp.current, after=after),
        say("{name} heals {amount}: {health}", name=character["name"], amount=amount,
            health=ctx.health(character)))
    parts = [healed]
    if after == hp.effective_max and hp.current + amount > after:
        parts.append(say("the maximum"))
    if dead:
        parts.append(say("override: {reason}", reason=forced))
    return Result(joined("; ", parts), {"character": character["name"], "hit_points": after},
                  [character["name"]])


def _temp(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.subject(p["character"])
    amount = p["amount"]
    if amount < 0:
        raise Refused(say("the amount must be 0 (to clear them) or more, not {value}",
                          value=amount))
    hp = _hp(ctx, character)
    # Temporary hit points do not add up (5e): the higher of the two stays; 0 clears them.
    kept = max(hp.temp, amount) if amount else 0
    character["temp_hit_points"] = kept
    ctx.touch(ctx.owner_of(character))
    name = character["name"]
    text = (ctx.hit_points_said(
                character, say("{name} loses their temporary hit points ({temp})", name=name,
                               temp=hp.temp),
                say("{name} loses their temporary hit points", name=name)) if not amount else
            ctx.hit_points_said(
                character, say("{name} gains {amount} temporary hit points", name=name,
                               amount=amount),
                say("{name} gains temporary hit points", name=name)) if kept == amount else
            ctx.hit_points_said(
                character, say("{name} keeps {temp} temporary hit points (more than {amount}; "
                               "they do not add up)", name=name, temp=hp.temp, amount=amount),
                say("{name} keeps the temporary hit points they had (they do not add up)",
                    name=name)))
    return Result(text, {"character": character["name"], "temp_hit_points": kept},
                  [character["name"]])


_CHARACTER = Param("character", str, "the character's name, or a creature's in a fight")
_AMOUNT = Param("amount", int, "how many hit points")

OPERATIONS = [
    Operation("hp.damage", "Damage a character or a creature: temporary hit points first, then hit points "
              "(unconscious at 0; massive damage kills).", _damage,
              (_CHARACTER, _AMOUNT, Param("what", str, "what dealt it", default="")),
              kind="hp"),
    Operation("hp.heal", "Heal a character or a creature, up to the maximum that counts (exhaustion 4 "
              "halves it).", _heal,
              (_CHARACTER, _AMOUNT, Param("override", str, "the game master's reason to heal "
                                          "the dead", default="")), kind="hp"),
    Operation("hp.temp", "Give temporary hit points (the higher of the old and the new stays; "
              "0 clears them).",
              _temp, (_CHARACTER, _AMOUNT), kind="hp"),
]
