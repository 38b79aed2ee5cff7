"""Operations of the encumbrance plugin: the manual speed adjustment (RULES.md 2.1) and the
Strength check to lift and hold more than the maximum (RULES.md 2.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from gm_console import (
    Operation,
    Param,
    Refused,
    Result,
    RollRequest,
    joined,
    said_by,
    say,
)
from gm_console_plugins.encumbrance import reading, rules
from gm_console_plugins.encumbrance.figures import decimal
from gm_console_plugins.encumbrance.rules import fmt

if TYPE_CHECKING:
    from gm_console import OpContext

_CHARACTER = Param("character", str, "the character's name")


def _refuse_bad_sheet(fn: Callable[[OpContext, dict[str, Any]], Result]
                      ) -> Callable[[OpContext, dict[str, Any]], Result]:
    """Bad sheet data (Strength "18/101", a negative weight) refuses with the sheet's words."""
    def wrapped(ctx: OpContext, p: dict[str, Any]) -> Result:
        try:
            return fn(ctx, p)
        except ValueError as exc:
            raise Refused(said_by(exc)) from None
    return wrapped


# -- manual adjustment ----------------------------------------------------------------------------

@_refuse_bad_sheet
def _adjust(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    name = character["name"]
    mv, reason = p["mv"], p["reason"].strip()
    ctx.touch("characters")
    if mv == 0:
        character.pop("speed_adjust_mv", None)
        character.pop("speed_adjust_reason", None)
        speed = ctx.speed(character)
        return Result(say("{name}: manual speed adjustment removed; speed {mv:g} mv", name=name,
                          mv=speed.mv), {"speed": speed.as_dict()}, [name])
    if not reason:
        raise Refused(say("{name}: a manual speed adjustment needs a reason (haste, slow, boots "
                          "of speed, a curse…)", name=name))
    character["speed_adjust_mv"] = int(mv) if float(mv).is_integer() else mv
    character["speed_adjust_reason"] = reason
    speed = ctx.speed(character)
    return Result(say("{name}: speed {adjust:+g} mv ({reason}); speed {mv:g} mv", name=name,
                      adjust=mv, reason=reason, mv=speed.mv), {"speed": speed.as_dict()}, [name])


# -- lifting and holding more than the maximum ---------------------------------------------------

def holding(ctx: OpContext) -> list[dict[str, Any]]:
    """Loads over the maximum being held up: ``{character, load_lb, rounds_held}``."""
    return ctx.section(reading.PLUGIN).setdefault("holding", [])


def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    """A load held up by a renamed character stays theirs, and so does its waiting check."""
    waiting = [r["context"] for r in ctx.state.get("rolls", {}).get("pending", [])
               if r.get("then") == "encumbrance.lift_result"]
    for entry in [*holding(ctx), *waiting]:
        if str(entry.get("character", "")).casefold() == old.casefold():
            entry["character"] = new


def character_removed(ctx: OpContext, name: str) -> None:
    """A character who leaves the party drops what they held up."""
    ctx.section(reading.PLUGIN)["holding"] = [
        held for held in holding(ctx) if held["character"].casefold() != name.casefold()]


def _held_by(ctx: OpContext, name: str) -> dict[str, Any] | None:
    return next((h for h in holding(ctx) if h["character"].casefold() == name.casefold()), None)


@_refuse_bad_sheet
def _lift(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    name = character["name"]
    enc = reading.assess(character, ctx)
    load = p["load_lb"] if p["load_lb"] > 0 else enc.carried_lb
    if p["rounds_held"] < 0:
        raise Refused(say("rounds_held must be 0 or more, not {rounds}",
                          rounds=p["rounds_held"]))
    table, chosen = ctx.table(reading.PLUGIN), reading.settings(ctx)
    if load <= enc.max_lb:
        return Result(say("{name} lifts {lb:g} lb without a check (most allowed {max:g} lb)",
                          name=name, lb=load, max=enc.max_lb), {"check": None}, [name])
    strength = rules.parse_score(character.get("strength", 10), "Strength")
    check = rules.lift_check(strength, load, enc.max_lb, p["rounds_held"], table, chosen)
    # A Strength check: conditions (exhaustion 1...) may put it at a disadvantage, the worse
    # of two d20 being the higher on a roll-under check.
    expression, reasons = ctx.roll_dice(character, "check", table["over_max"]["check_expression"],
                                        roll_under=True, scope=("strength",))
    # The dice prompt shows the title as it is kept: said in the session's language now.
    if ctx.language == "fr":
        verb = "tenir" if p["rounds_held"] else "soulever"
        title = (f"Test de Force pour {verb} {decimal(fmt(load), 'fr')} livres : {expression} "
                 f"≤ {check.target}")
    else:
        verb = "keep holding" if p["rounds_held"] else "lift"
        title = f"Strength check to {verb} {fmt(load)} lb: {expression} ≤ {check.target}"
    if check.target < 1:
        title += " (cannot succeed)" if ctx.language != "fr" else " (impossible)"
    if reasons:
        title += (" (désavantage : " if ctx.language == "fr" else " (disadvantage: ") \
            + "; ".join(reasons) + ")"
    request = RollRequest(
        title=title,
        rolls=[{"who": name, "expression": expression, "at_most": check.target}],
        then="encumbrance.lift_result",
        context={"character": name, "load_lb": load, "rounds_held": p["rounds_held"],
                 "target": check.target},
    )
    request_id = ctx.request_rolls(request)
    return Result(say("{name}: {title} ({steps})", name=name, title=title,
                      steps=joined("; ", check.steps[:-1])),
                  {"check": check.as_dict(), "request": request_id}, [name])


def _lift_result(ctx: OpContext, p: dict[str, Any]) -> Result:
    request, outcomes = p["request"], p["outcomes"]
    name, load, target = request["character"], request["load_lb"], request["target"]
    rolled = next((o for o in outcomes if str(o["who"]).casefold() == name.casefold()), None)
    if rolled is None:
        raise Refused(say("no roll for {name} in the outcomes", name=name))
    held = _held_by(ctx, name)
    if rolled["success"]:
        entry = {"character": name, "load_lb": load, "rounds_held": request["rounds_held"]}
        if held is None:
            holding(ctx).append(entry)
        else:
            held.update(entry)
        return Result(say("{name} holds {lb:g} lb up (rolled {total} ≤ {target}); next round: "
                          "check again at a further −1", name=name, lb=load,
                          total=rolled["total"], target=target), {"success": True}, [name])
    if held is not None:
        holding(ctx).remove(held)
    return Result(say("{name} cannot hold {lb:g} lb (rolled {total} > {target}): the load drops",
                      name=name, lb=load, total=rolled["total"], target=target),
                  {"success": False}, [name])


def _release(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    held = _held_by(ctx, character["name"])
    if held is None:
        raise Refused(say("{name} is not holding a load over the maximum",
                          name=character["name"]))
    holding(ctx).remove(held)
    return Result(say("{name} puts down {lb:g} lb", name=character["name"], lb=held["load_lb"]),
                  who=[character["name"]])


def recheck_held_loads(ctx: OpContext) -> None:
    """At the start of every round a load is held up, check again at a further −1 (2.3).

    A check that cannot be offered (the character was removed, its sheet is broken) drops the
    load with a journal line rather than refusing the round that announced it. A character
    whose last check is still unanswered is not asked again: that check decides first."""
    waiting = {str(r.get("context", {}).get("character", "")).casefold()
               for r in ctx.state.get("rolls", {}).get("pending", [])
               if r.get("then") == "encumbrance.lift_result"}
    for held in list(holding(ctx)):
        if str(held["character"]).casefold() in waiting:
            continue
        try:
            ctx.apply("encumbrance.lift", character=held["character"], load_lb=held["load_lb"],
                      rounds_held=held["rounds_held"] + 1)
        except Refused as refusal:
            holding(ctx).remove(held)
            ctx.journal(say("{name}'s held load of {lb:g} lb is dropped: {why}",
                            name=held["character"], lb=held["load_lb"], why=said_by(refusal)),
                        kind="encumbrance", who=[held["character"]])


OPERATIONS = [
    Operation(
        "speed.adjust",
        "Adjust a character's base speed by hand, with a reason (haste, slow, boots of speed, a "
        "paragon or a cursed one); mv=0 removes the adjustment.",
        _adjust,
        (_CHARACTER, Param("mv", float, "mv added to the base speed (negative slows)"),
         Param("reason", str, "why, shown in the speed's derivation", default="")),
    ),
    Operation(
        "encumbrance.lift",
        "Offer the Strength check to lift more than the most a character may carry "
        "(−1 per started 5 lb over, a further −1 per round held).",
        _lift,
        (_CHARACTER,
         Param("load_lb", float, "the load in lb (default: what the character carries)",
               default=0.0),
         Param("rounds_held", int, "rounds the load has already been held up", default=0)),
    ),
    Operation(
        "encumbrance.lift_result", "The outcome of a lifting check (applied by the dice prompt).",
        _lift_result,
        (Param("request", dict, "the check's context"), Param("outcomes", list, "the rolls")),
    ),
    Operation(
        "encumbrance.release", "A character puts down a load held over the maximum.", _release,
        (_CHARACTER,),
    ),
]
