"""Conditions by hand: the game master adds or removes one, with an optional duration; a save
that ends one is asked through the dice prompt (gm_console.rules.conditions, gm_console.rules.durations)."""

from __future__ import annotations

from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.rules import conditions as cond
from gm_console.rules import durations
from gm_console.rules.abilities import (
    ability_name,
    modifier,
    parse_score,
    parse_strength,
)
from gm_console.rules.rolls import RollRequest
from gm_console.text.said import joined, said_by, say

SAVE_RESULT = "condition.save_result"


def _known(ctx: OpContext) -> dict[str, Any]:
    return cond.table_of(ctx.table("conditions"))


def _add(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.subject(p["character"])
    name = p["condition"].strip()
    if not name:
        raise Refused(say("name the condition (conditions: {known})",
                          known=", ".join(_known(ctx))))
    try:
        effects = cond.parse_effects(p["effects"], cond.scopes_of(ctx.table("conditions")))
    except cond.ConditionError as exc:
        raise Refused(said_by(exc)) from None
    known = _known(ctx)
    # A condition may be named by its label in either language ("à terre" is prone).
    name = next((key for key, row in known.items() if name.casefold() in
                 (key.casefold(), str(row.get("label", "")).casefold(),
                  str(row.get("label_fr", "")).casefold())), name)
    if name not in known and not effects and not p["note_only"]:
        raise Refused(say("{name!r} is not a condition of config/conditions.toml (conditions: "
                          "{known}); give its effects, or say it has none (effects=restricted,"
                          "speed_factor=0.5 | note_only=true)", name=name,
                          known=", ".join(known)))
    duration = ctx.duration(rounds=p["rounds"], minutes=p["minutes"], hours=p["hours"],
                            until=p["until"], of=p["of"], save_dc=p["save_dc"],
                            save_ability=p["save_ability"])
    # No source stored: read back, it is "added by the game master" in the reader's language.
    source = p["source"].strip()
    if not ctx.add_condition(character, name, source=source, effects=effects or None,
                             duration=duration):
        raise Refused(say("{name} is already {condition} (to change it, remove it first: "
                          "condition.remove)", name=character["name"],
                          condition=_label(ctx, name)))
    how_long = durations.describe(duration)
    return Result(say("{name} is {condition}, {how_long}", name=character["name"],
                      condition=_label(ctx, name), how_long=how_long),
                  {"character": character["name"], "condition": name, "duration": duration,
                   "effects": effects or cond.known_effects(name, known)},
                  [character["name"]])


def _remove(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.subject(p["character"])
    name = p["condition"].strip()
    if not ctx.remove_condition(character, name):
        derived = [c for c in ctx.conditions(character)
                   if not c.stored and c.name.casefold() == name.casefold()]
        if derived:
            raise Refused(say("{name}'s {condition} comes from {source}: it ends with its "
                              "cause, not by hand", name=character["name"],
                              condition=derived[0].named or name, source=derived[0].source))
        have = ", ".join(e["name"] for e in cond.stored_entries(character)) or say("none")
        raise Refused(say("{name} has no condition {condition!r} added by hand (has: {have})",
                          name=character["name"], condition=name, have=have))
    return Result(say("{name} is no longer {condition}", name=character["name"],
                      condition=_label(ctx, name)),
                  {"character": character["name"], "condition": name}, [character["name"]])


def _label(ctx: OpContext, name: str) -> str:
    """A condition's name as a sentence says it: in each reader's language (its labels)."""
    return cond.name_of(name, _known(ctx))


def ability_modifier(character: dict[str, Any], ability: str) -> int:
    """The modifier of a character's (or a creature's) score; 10 when the sheet has none."""
    raw = character.get(ability, 10)
    try:
        score = parse_strength(raw).score if ability == "strength" else parse_score(raw, ability)
    except ValueError as exc:
        raise Refused(say("{name}: {problem}", name=str(character.get("name", "")),
                          problem=said_by(exc))) from None
    return modifier(score)


def ask_save(ctx: OpContext, character: dict[str, Any], entry: dict[str, Any]) -> int:
    """Queue the save that may end ``entry`` (a stored condition with a save duration), rolled
    with disadvantage when the character's conditions say so."""
    duration = entry["duration"]
    ability, dc = str(duration["ability"]), int(duration["dc"])
    dice, reasons = ctx.roll_dice(character, "save", scope=(ability,))
    mod = ability_modifier(character, ability)
    expression = dice if mod == 0 else f"{dice}{mod:+d}"
    title = say("{ability} save DC {dc} to end {condition}", ability=ability_name(ability),
                dc=dc, condition=_label(ctx, str(entry["name"])))
    if reasons:
        title = say("{title} (disadvantage: {reasons})", title=title,
                    reasons=joined("; ", reasons))
    return ctx.request_rolls(RollRequest(
        title=title, rolls=[{"who": character["name"], "expression": expression, "dc": dc}],
        then=SAVE_RESULT, context={"character": character["name"], "condition": entry["name"]}))


def _save(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.subject(p["character"])
    for entry in cond.stored_entries(character):
        if entry["name"].casefold() == p["condition"].strip().casefold():
            if (entry.get("duration") or {}).get("kind") != "save":
                raise Refused(say("{name}'s {condition} does not end on a save ({how_long})",
                                  name=character["name"],
                                  condition=_label(ctx, str(entry["name"])),
                                  how_long=durations.describe(entry.get("duration"))))
            request = ask_save(ctx, character, entry)
            return Result(say("{name}: save asked to end {condition}", name=character["name"],
                              condition=_label(ctx, str(entry["name"]))),
                          {"request": request}, [character["name"]])
    raise Refused(say("{name} has no condition {condition!r} added by hand",
                      name=character["name"], condition=p["condition"]))


def _save_result(ctx: OpContext, p: dict[str, Any]) -> Result:
    request = p["request"]
    if "character" not in request or "condition" not in request:
        raise Refused(say("{op}: the request names no character and condition", op=SAVE_RESULT))
    character = ctx.subject(str(request["character"]))
    name = str(request["condition"])
    saved = any(o.get("success") for o in p["outcomes"] if isinstance(o, dict))
    if not saved:
        return Result(say("{name} fails the save: still {condition}", name=character["name"],
                          condition=_label(ctx, name)), {"ended": False}, [character["name"]])
    ctx.remove_condition(character, name)
    return Result(say("{name}: {condition} ends (the save succeeded)", name=character["name"],
                      condition=_label(ctx, name)), {"ended": True}, [character["name"]])


_CHARACTER = Param("character", str, "the character's name, or a creature's in a fight")

OPERATIONS = [
    Operation(
        "condition.add",
        "Give a character a condition (prone, poisoned, ... of config/conditions.toml, or your "
        "own with its effects), for a while or until removed.", _add,
        (_CHARACTER, Param("condition", str, "the condition"),
         Param("rounds", int, "lasts N rounds (in a fight: to the start of the turn it began "
               "in; outside: N × 6 s of game time)", default=0),
         Param("minutes", float, "lasts N minutes of game time", default=0.0),
         Param("hours", float, "lasts N hours of game time", default=0.0),
         Param("until", str, "until the start or end of a combatant's next turn",
               default="", choices=("", "start", "end")),
         Param("of", str, "whose turn (rounds, until); default: whose turn it is", default=""),
         Param("save_dc", int, "until a save of this DC succeeds (asked at the end of each of "
               "the character's turns)", default=0),
         Param("save_ability", str, "the save's ability", default="constitution"),
         Param("effects", list, "effects of a condition of your own: check_disadvantage, "
               "save_disadvantage, attack_disadvantage (or only some: "
               "check_disadvantage=perception+stealth), restricted, no_actions, dead, "
               "forbids=standard+full-round, speed_factor=0.5, max_hp_factor=0.5", default=[]),
         Param("note_only", bool, "a condition with no effect on the rules", default=False),
         Param("source", str, "where it comes from (default: added by the game master)",
               default="")),
        kind="condition",
    ),
    Operation("condition.remove", "Take away a condition added by hand.", _remove,
              (_CHARACTER, Param("condition", str, "the condition")), kind="condition"),
    Operation("condition.save", "Ask now for the save that may end a condition.", _save,
              (_CHARACTER, Param("condition", str, "the condition")), kind="condition"),
    Operation(
        SAVE_RESULT, "Take a save's result back from the dice prompt: a success ends the "
        "condition.", _save_result,
        (Param("request", dict, "the roll request's context", default={}),
         Param("outcomes", list, "the rolls' outcomes", default=[])),
        kind="condition"),
]
