"""gm-console-spells: spell slots, and casting a spell as an action of the combat round.

Built only on gm-console's public API. Casting (``spells.cast``) spends a slot and, in a fight,
a standard action of the caster's round (a swift one when quickened), through the hooks the
combat plugin declares: the kind of action "cast" and its cost (``combat_action_kinds``),
the action spent from this plugin's operation (``combat_take_action``, asked with
``ctx.ask``), a refusal when no slot is left (``combat_action_check``) and a Slots column on
the tracker (``combat_columns``). Each is implemented with ``optionalhook=True``: without
the combat plugin, casting spends only the slot. Everything happens inside one operation, so
one undo takes back the slot and the action together; every sentence is a ``say()``
template, said in French from ``labels.fr.toml``.
"""

from __future__ import annotations

from typing import Any

from gm_console import (
    OpContext,
    Operation,
    Param,
    Refused,
    Result,
    SectionSpec,
    Session,
    hookimpl,
    say,
)
from gm_console_spells import rules

GM_CONSOLE_API = 1
PLUGIN = "spells"
KIND = "cast"


def casters(session: Session) -> list[dict[str, Any]]:
    return list(session.state.get("plugins", {}).get(PLUGIN, {}).get("casters", []))


def _found(session: Session, name: str) -> dict[str, Any] | None:
    wanted = name.strip().casefold()
    return next((c for c in casters(session) if c["name"].casefold() == wanted), None)


def _caster(ctx: OpContext, name: str, *, create: bool = False) -> dict[str, Any]:
    """The caster's record in this operation's copy of the table (a party member)."""
    character = str(ctx.character(name)["name"])
    listed = ctx.section(PLUGIN).setdefault("casters", [])
    for caster in listed:
        if caster["name"] == character:
            return caster
    if not create:
        raise Refused(say("{name} has no spell slots (spells.slots gives them)",
                          name=character))
    listed.append(rules.new_caster(character))
    return listed[-1]


def _level(level: int) -> int:
    if not 1 <= level <= rules.MAX_LEVEL:
        raise Refused(say("a spell level is 1 to {top}, not {level}", top=rules.MAX_LEVEL,
                          level=level))
    return level


def _slots(ctx: OpContext, p: dict[str, Any]) -> Result:
    level = _level(p["level"])
    if p["count"] < 0:
        raise Refused(say("a count of slots is 0 or more, not {count}", count=p["count"]))
    caster = _caster(ctx, p["caster"], create=True)
    rules.set_slots(caster, level, p["count"])
    text = (say("{name} has 1 level-{level} spell slot", name=caster["name"], level=level)
            if p["count"] == 1 else
            say("{name} has {count} level-{level} spell slots", name=caster["name"],
                count=p["count"], level=level))
    return Result(text, {"caster": dict(caster)}, [caster["name"]])


def _cast(ctx: OpContext, p: dict[str, Any]) -> Result:
    level = _level(p["level"])
    caster = _caster(ctx, p["caster"])
    name = caster["name"]
    if not rules.left(caster, level) and not p["override"].strip():
        raise Refused(say("{name} has no level-{level} spell slot left (spells.slots, or a "
                          "long rest)", name=name, level=level))
    # In a fight (a turn under way: current_turn), the action first: if the round's budget
    # refuses it, nothing is spent. Out of one, or without the combat plugin, no action.
    action = None if ctx.current_turn() is None else ctx.ask(
        "combat_take_action", combatant=name, kind=KIND,
        variant="quickened" if p["quickened"] else "", override=p["override"])
    rules.spend(caster, level)
    spell = p["spell"].strip() or say("a spell")
    text = (say("{name} casts {spell}, quickened (a level-{level} slot, {left} left)",
                name=name, spell=spell, level=level, left=rules.left(caster, level))
            if p["quickened"] else
            say("{name} casts {spell} (a level-{level} slot, {left} left)", name=name,
                spell=spell, level=level, left=rules.left(caster, level)))
    return Result(text, {"caster": dict(caster), "action": action}, [name])


@hookimpl
def register_operations(register: Any) -> None:
    register(Operation(
        "spells.slots", "Give a caster (a party member) their spell slots of one level.",
        _slots,
        (Param("caster", str, "the character who casts"),
         Param("level", int, "the spell level, 1 to 9"),
         Param("count", int, "how many slots of that level"))))
    register(Operation(
        "spells.cast", "Cast a spell: it spends a slot of its level and, in a fight, a standard "
        "action of the caster's round (a swift action when quickened).", _cast,
        (Param("caster", str, "the character who casts"),
         Param("level", int, "the level of the slot spent (a quickened spell's raised level)"),
         Param("spell", str, "the spell's name, for the journal", default=""),
         Param("quickened", bool, "Quicken Spell: a swift action", default=False),
         Param("override", str, "the game master's reason to cast what the rules refuse",
               default=""))))


def _validate(table: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    listed = table.get("casters", [])
    if not isinstance(listed, list):
        return [(("casters",), "casters must be an array of tables")]

    def counts(value: Any) -> bool:
        return (isinstance(value, list) and len(value) == rules.MAX_LEVEL
                and all(type(n) is int and n >= 0 for n in value))

    return [(("casters", index), f"caster #{index + 1} needs a name, and slots and used: "
                                 f"{rules.MAX_LEVEL} whole numbers each (0 or more)")
            for index, caster in enumerate(listed)
            if not isinstance(caster, dict) or not isinstance(caster.get("name"), str)
            or not counts(caster.get("slots")) or not counts(caster.get("used"))]


@hookimpl
def register_sections(register: Any) -> None:
    register(SectionSpec(PLUGIN, defaults={"casters": []}, validate=_validate))


@hookimpl
def time_passed(ctx: OpContext, seconds: int, reason: str) -> None:
    if reason != "long rest" or not casters(ctx):
        return
    for caster in ctx.section(PLUGIN)["casters"]:
        if rules.restore(caster):
            ctx.journal(say("{name}'s spell slots are back", name=caster["name"]),
                        kind="spells", who=[caster["name"]])
    ctx.touch(PLUGIN)


@hookimpl
def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    for caster in ctx.section(PLUGIN).setdefault("casters", []):
        if caster["name"] == old:
            caster["name"] = new


@hookimpl
def character_removed(ctx: OpContext, name: str) -> None:
    table = ctx.section(PLUGIN)
    table["casters"] = [c for c in table.setdefault("casters", []) if c["name"] != name]


# -- the combat plugin's hooks (optional: it may not be loaded) -----------------------------


@hookimpl(optionalhook=True)
def combat_action_kinds() -> list[dict[str, Any]]:
    return [{"kind": KIND, "cost": "standard", "variants": {"quickened": "swift"},
             "label": say("cast a spell"), "variant_labels": {"quickened": say("quickened")}}]


@hookimpl(optionalhook=True)
def combat_action_check(session: Session, combatant: dict[str, Any], kind: str, cost: str,
                        variant: str, refusal: str | None) -> dict[str, str] | None:
    if kind != KIND:
        return None
    caster = _found(session, combatant["name"])
    if caster is None or not rules.has_any(caster):
        return {"refuse": say("{name} has no spell slot left", name=combatant["name"])}
    return None


@hookimpl(optionalhook=True)
def combat_columns(session: Session, combatant: dict[str, Any]) -> dict[str, str] | None:
    caster = _found(session, combatant["name"])
    return {"Slots": rules.short(caster)} if caster is not None and rules.short(caster) else None
