"""The movement plugin's operations: price a round's path, make it (offering the checks it calls
for), spend it in the combat tracker, and take the checks' results back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import Operation, Param, Refused, Result, RollRequest
from gm_console_plugins.movement import rules
from gm_console_plugins.movement.segments import SYNTAX, SegmentError, format_path, parse_path

if TYPE_CHECKING:
    from gm_console import OpContext, Session

PLUGIN = "movement"


def settings(session: Session) -> dict[str, Any]:
    """Every setting of config/movement.toml, with the session's overrides; ValueError names a
    setting of the wrong kind."""
    defaults = session.table(PLUGIN).get("settings", {})
    return rules.checked_settings({key: session.setting(PLUGIN, key) for key in defaults},
                                  defaults)


def figures(session: Session, character: dict[str, Any]) -> rules.JumpFigures:
    """The character's jump figures, or ValueError saying what on the sheet is wrong."""
    if "strength" not in character:
        raise ValueError(f"{character.get('name', '?')} has no strength on the sheet")
    return rules.jump_figures(character["strength"], character.get("height_m"),
                              session.table(PLUGIN), settings(session))


def price(session: Session, character: dict[str, Any], text: str) -> rules.PricedPath:
    """The path ``text`` priced for ``character`` in the current terrain, or Refused."""
    try:
        segments = parse_path(text)
    except SegmentError as exc:
        raise Refused(f"segments: {exc}") from None
    try:
        jumps = figures(session, character)
        checked = settings(session)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    terrain = session.terrain() or {}
    difficult = terrain.get("difficult")
    # The sheet's speeds are validated by the host when a session is read or a field is set.
    return rules.price_path(
        segments, speed_m=session.speed(character).m, figures=jumps,
        climb_speed_m=float(character.get("climb_speed_m", 0) or 0),
        swim_speed_m=float(character.get("swim_speed_m", 0) or 0),
        terrain_difficult=None if difficult is None else bool(difficult),
        terrain_label=str(terrain.get("label", "")),
        table=session.table(PLUGIN), settings=checked)


def check_modifier(session: Session, character: dict[str, Any], ability: str) -> int:
    """The ability modifier a check adds (0 when the sheet has no such score)."""
    if ability not in character:
        return 0
    try:
        return rules.check_modifier(ability, character[ability],
                                    int(settings(session)["exceptional_strength_score"]))
    except ValueError as exc:
        raise Refused(str(exc)) from None


def _data(session: Session, character: dict[str, Any], path: rules.PricedPath) -> dict[str, Any]:
    data = path.as_dict()
    # Conditions (exhaustion 1, poisoned...) may put ability checks at a disadvantage: the host
    # says which dice and why.
    dice, reasons = session.roll_dice(character, "check", str(session.setting(PLUGIN,
                                                                             "check_dice")))
    for check, out in zip(path.checks, data["checks"]):
        out["expression"] = rules.check_expression(
            dice, check_modifier(session, character, check.ability))
        out["disadvantage"] = list(reasons)
    terrain = session.terrain()
    return {"character": character["name"],
            "path": format_path([s.segment for s in path.segments]),
            "terrain": None if terrain is None else {
                key: terrain[key] for key in ("key", "label", "difficult") if key in terrain},
            **data}


def _summary(path: rules.PricedPath) -> str:
    total = f"{rules.show(path.cost)} m of {rules.show(path.speed)} m"
    if path.fits:
        return f"{total}, {rules.show(path.left)} m left"
    return f"{total}, {rules.show(path.over)} m too far"


def _apply_price(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    path = price(ctx, character, p["segments"])
    data = _data(ctx, character, path)
    notes = "".join(f"; {problem}" for problem in path.problems)
    checks = "".join(f"; check: {c.skill} ({c.reason})" for c in path.checks)
    return Result(f"{character['name']}: {data['path']} costs {_summary(path)}"
                  f"{notes}{checks}", data, [character["name"]])


def _offer_checks(ctx: OpContext, character: dict[str, Any], path: rules.PricedPath,
                  data: dict[str, Any]) -> list[int]:
    """One roll request per check: the dice prompt matches typed results by name, so two checks
    of one character cannot share a request."""
    ids = []
    for check, out in zip(path.checks, data["checks"]):
        skill = f"{check.ability.capitalize()} ({check.skill.capitalize()})"
        against = (" (disadvantage: " + "; ".join(out["disadvantage"]) + ")"
                   if out["disadvantage"] else "")
        ids.append(ctx.request_rolls(RollRequest(
            title=f"{skill}: {check.reason}{against}",
            rolls=[{"who": character["name"], "expression": out["expression"], "dc": check.dc}],
            then="movement.check_result",
            context={"character": character["name"], "skill": skill, "reason": check.reason,
                     "segment": check.segment, "on_failure": check.on_failure,
                     "condition": check.condition, "path": data["path"]},
        )))
    return ids


FORCE = " (the game master can force it with override=<reason>)"


def _forbidden(character: dict[str, Any], path: rules.PricedPath, *, per_round: bool) -> list[str]:
    """What the rules do not allow on this path: a jump beyond the character's figures and,
    outside combat, more than one round's speed (in combat the tracker judges the speed)."""
    reasons = list(path.problems)
    if per_round and not path.fits:
        reasons.append(f"{character['name']}: {format_path([s.segment for s in path.segments])}"
                       f" costs {_summary(path)} for one round; shorten it or split it over two"
                       " rounds")
    return reasons


def _check_allowed(ctx: OpContext, character: dict[str, Any], path: rules.PricedPath,
                   override: str, *, per_round: bool) -> str:
    """Refuse what the rules forbid, unless the game master overrides with a reason; returns
    the text the journal line gets for an override."""
    reasons = _forbidden(character, path, per_round=per_round)
    if not reasons:
        return ""
    if not override.strip():
        raise Refused("; ".join(reasons) + FORCE)
    ctx.journal(f"override by the game master ({override.strip()}): " + "; ".join(reasons),
                kind="override", who=[character["name"]])
    return f" (override: {override.strip()})"


def _apply_move(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    path = price(ctx, character, p["segments"])
    forced = _check_allowed(ctx, character, path, p["override"], per_round=True)
    data = _data(ctx, character, path)
    data["roll_requests"] = _offer_checks(ctx, character, path, data)
    return Result(_journal_line(character["name"], "moves", path, data) + forced, data,
                  [character["name"]])


def _apply_spend(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    path = price(ctx, character, p["segments"])
    forced = _check_allowed(ctx, character, path, p["override"], per_round=False)
    data = _data(ctx, character, path)
    try:
        booked = ctx.ask("spend_movement", character=character["name"],
                         metres=rules.metres(path.cost), override=p["override"])
    except Refused as exc:
        raise Refused(f"the combat tracker refused {rules.show(path.cost)} m for "
                      f"{character['name']}: {exc}") from None
    if booked is None:
        raise Refused("no combat tracker: no plugin keeps the fight's movement (the combat "
                      "plugin is not loaded); use movement.move outside combat")
    data["combat"] = booked
    data["roll_requests"] = _offer_checks(ctx, character, path, data)
    return Result(_journal_line(character["name"], "spends", path, data) + forced, data,
                  [character["name"]])


def _journal_line(name: str, verb: str, path: rules.PricedPath, data: dict[str, Any]) -> str:
    if verb == "moves":
        line = f"{name} moves {data['path']}: {_summary(path)}"
    else:  # the tracker says what is left of the turn's move actions
        line = (f"{name} spends {rules.show(path.cost)} m of movement (speed "
                f"{rules.show(path.speed)} m) on {data['path']}")
        left = data.get("combat", {}).get("metres_left")
        if isinstance(left, (int, float)):
            line += f", {rules.show(left)} m left of the move actions taken"
    if path.checks:
        line += "; checks offered: " + ", ".join(c.reason for c in path.checks)
    return line


def _apply_check_result(ctx: OpContext, p: dict[str, Any]) -> Result:
    request, outcomes = p["request"], p["outcomes"]
    for key in ("character", "skill", "reason", "on_failure"):
        if key not in request:
            raise Refused(f"movement.check_result: the request has no {key!r}")
    character = ctx.character(str(request["character"]))
    name = character["name"]
    lines = []
    for outcome in outcomes:
        if not isinstance(outcome, dict) or "success" not in outcome:
            raise Refused("movement.check_result: each outcome needs a success (a DC was set)")
        if outcome["success"]:
            lines.append(f"{name} succeeds: {request['reason']}")
            continue
        lines.append(f"{name} fails ({request['reason']}): {request['on_failure']}")
        condition = str(request.get("condition", ""))
        if condition:  # stored through the host, so every plugin reads it (a prone jumper)
            ctx.add_condition(character, condition, source=f"failed check: {request['reason']}")
    return Result("; ".join(lines) or f"{name}: no outcome for {request['reason']}",
                  {"character": name, "conditions": [c.name for c in ctx.conditions(character)
                                                     if c.stored]},
                  [name])


CHARACTER = Param("character", str, "the character's name")
SEGMENTS = Param("segments", str, "the round's movement: " + SYNTAX)
OVERRIDE = Param("override", str, "the game master's reason to force what the rules refuse (a "
                 "jump beyond the character's figures, a path beyond the speed; in combat also "
                 "passed to actions.move); it goes into the journal", default="")

OPERATIONS = [
    Operation(
        "movement.price",
        "Price a round's movement for a character (climb, swim, crawl, jump, walk; normal or "
        "difficult terrain) against their speed: cost, what is left or how far over, and the "
        "checks the path calls for. Changes nothing.",
        _apply_price, (CHARACTER, SEGMENTS), journal=False,
    ),
    Operation(
        "movement.move",
        "Make a round's movement outside combat: log it and offer the checks it calls for "
        "(Athletics, Acrobatics) in the dice prompt. Refused beyond the character's speed or "
        "jump figures, unless overridden.",
        _apply_move, (CHARACTER, SEGMENTS, OVERRIDE),
    ),
    Operation(
        "movement.spend",
        "In combat: price a round's movement and spend its cost from the combatant's movement "
        "in the action tracker (actions.move), then offer the checks it calls for.",
        _apply_spend,
        (CHARACTER, SEGMENTS, OVERRIDE),
    ),
    Operation(
        "movement.check_result",
        "Take the result of a movement check back from the dice prompt: a failed Acrobatics "
        "landing leaves the character prone.",
        _apply_check_result,
        (Param("request", dict, "the roll request's context", default={}),
         Param("outcomes", list, "the rolls' outcomes: {who, total, dc, success, detail}",
               default=[])),
    ),
]
