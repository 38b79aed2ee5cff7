"""The movement plugin's operations: price a round's path, make it (offering the checks it calls
for), spend it in the combat tracker, and take the checks' results back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from gm_console import (
    Operation,
    Param,
    Refused,
    Result,
    RollRequest,
    Said,
    joined,
    restored,
    said_by,
    say,
    stored,
)
from gm_console_plugins.movement import rounds, rules
from gm_console_plugins.movement.segments import (
    SYNTAX,
    SegmentError,
    describe_path,
    format_path,
    parse_path,
)

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
        raise ValueError(say("{name} has no strength on the sheet",
                             name=str(character.get("name", "?"))))
    return rules.jump_figures(character["strength"], character.get("height_m"),
                              session.table(PLUGIN), settings(session))


def price(session: Session, character: dict[str, Any], text: str) -> rules.PricedPath:
    """The path ``text`` priced for ``character`` in the current terrain, or Refused."""
    try:
        segments = parse_path(text)
    except SegmentError as exc:
        raise Refused(say("segments: {problem}", problem=said_by(exc))) from None
    try:
        jumps = figures(session, character)
        checked = settings(session)
    except ValueError as exc:
        raise Refused(said_by(exc)) from None
    terrain = session.terrain() or {}
    difficult = terrain.get("difficult")
    # The sheet's speeds are validated by the host when a session is read or a field is set.
    speed = session.speed(character)
    return rules.price_path(
        segments, speed_m=speed.m, figures=jumps,
        own_speeds_m={name: speed.m_for(name) for name in speed.speeds},
        climb_speed_m=float(character.get("climb_speed_m", 0) or 0),
        swim_speed_m=float(character.get("swim_speed_m", 0) or 0),
        terrain_difficult=None if difficult is None else bool(difficult),
        terrain_label=str(terrain.get("label", "")),
        table=session.table(PLUGIN), settings=checked)


def round_seconds(session: Session) -> int:
    """A round's length, the host's (round_seconds of config/conditions.toml)."""
    return int(session.setting("conditions", "round_seconds", 6))


def over_rounds(session: Session, path: rules.PricedPath) -> rounds.Way:
    """The whole of ``path`` over the rounds it takes, or Refused (a speed of 0)."""
    try:
        return rounds.over_rounds(path, round_seconds=round_seconds(session),
                                  settings=settings(session))
    except ValueError as exc:
        raise Refused(said_by(exc)) from None


def check_modifier(session: Session, character: dict[str, Any], ability: str) -> int:
    """The ability modifier a check adds (0 when the sheet has no such score)."""
    if ability not in character:
        return 0
    try:
        return rules.check_modifier(ability, character[ability],
                                    int(settings(session)["exceptional_strength_score"]))
    except ValueError as exc:
        raise Refused(said_by(exc)) from None


def _roll_with(session: Session, character: dict[str, Any], checks: Sequence[rules.Check],
               outs: list[dict[str, Any]]) -> None:
    """Give each check's data the dice it is rolled with."""
    # Conditions (exhaustion 1, poisoned...) may put ability checks at a disadvantage, some
    # only a skill's (fog: Perception): the host says which dice and why, check by check.
    for check, out in zip(checks, outs):
        dice, reasons = session.roll_dice(character, "check", str(session.setting(
            PLUGIN, "check_dice")), scope=(check.ability, check.skill))
        out["expression"] = rules.check_expression(
            dice, check_modifier(session, character, check.ability))
        out["disadvantage"] = list(reasons)


def _data(session: Session, character: dict[str, Any], path: rules.PricedPath) -> dict[str, Any]:
    data = path.as_dict()
    _roll_with(session, character, path.checks, data["checks"])
    terrain = session.terrain()
    return {"character": character["name"],
            "path": format_path([s.segment for s in path.segments]),
            "terrain": None if terrain is None else {
                key: terrain[key] for key in ("key", "label", "difficult") if key in terrain},
            **data}


def _summary(path: rules.PricedPath) -> Said:
    m = rules.said_m
    if path.fits:
        return say("{cost} m of {speed} m, {left} m left", cost=m(path.cost),
                   speed=m(path.speed), left=m(path.left))
    return say("{cost} m of {speed} m, {over} m too far", cost=m(path.cost),
               speed=m(path.speed), over=m(path.over))


def _apply_price(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    path = price(ctx, character, p["segments"])
    data = _data(ctx, character, path)
    said = [say("{name}: {path} costs {summary}", name=character["name"], path=data["path"],
                summary=_summary(path)), *path.problems,
            *(say("check: {skill} ({reason})", skill=rules.SKILL_WORDS[c.skill], reason=c.reason)
              for c in path.checks)]
    if path.speed > 0:  # what the whole way takes, if it is more than a round
        way = over_rounds(ctx, path)
        data["rounds"] = way.as_dict()
        if way.rounds > 1:
            said.append(say("the whole way: {summary} (movement.cover)", summary=way.summary()))
    return Result(joined("; ", said), data, [character["name"]])


def _offer_checks(ctx: OpContext, character: dict[str, Any], checks: Sequence[rules.Check],
                  outs: list[dict[str, Any]], path: str) -> list[int]:
    """One roll request per check: the dice prompt matches typed results by name, so two checks
    of one character cannot share a request."""
    ids = []
    for check, out in zip(checks, outs):
        skill = say("{ability} ({skill})", ability=rules.ABILITY_WORDS[check.ability],
                    skill=rules.SKILL_WORDS[check.skill])
        title = (say("{skill}: {reason} (disadvantage: {why})", skill=skill, reason=check.reason,
                     why=joined("; ", out["disadvantage"])) if out["disadvantage"] else
                 say("{skill}: {reason}", skill=skill, reason=check.reason))
        ids.append(ctx.request_rolls(RollRequest(
            title=title,
            rolls=[{"who": character["name"], "expression": out["expression"], "dc": check.dc}],
            then="movement.check_result",
            # The reason and the failure's text come back from the dice prompt as plain text:
            # their sentences ride along (said) so the journal says them in the reader's language.
            context={"character": character["name"], "skill": skill, "reason": check.reason,
                     "segment": check.segment, "on_failure": check.on_failure,
                     "condition": check.condition, "path": path,
                     "said": {"reason": stored(check.reason).get("said", {}),
                              "on_failure": stored(check.on_failure).get("said", {})}},
        )))
    return ids


FORCE = " (the game master can force it with override=<reason>)"
"""How a refusal ends that the game master may force (screens put their key in its place)."""


def _forbidden(session: Session, character: dict[str, Any], path: rules.PricedPath, *,
               per_round: bool) -> list[Said]:
    """What the rules do not allow on this path: a jump beyond the character's figures and,
    outside combat, more than one round's speed (in combat the tracker judges the speed)."""
    reasons = list(path.problems)
    if per_round and not path.fits:
        said = {"name": character["name"], "summary": _summary(path),
                "path": format_path([s.segment for s in path.segments])}
        reasons.append(say("{name}: {path} costs {summary} for one round; shorten it, or cover "
                           "it in {rounds} (movement.cover)",
                           rounds=over_rounds(session, path).duration(), **said)
                       if path.speed > 0 else
                       say("{name}: {path} costs {summary} for one round", **said))
    return reasons


def _check_allowed(ctx: OpContext, character: dict[str, Any], reasons: list[Said],
                   override: str) -> str:
    """Refuse what the rules forbid (``reasons``), unless the game master overrides with a
    reason; returns the reason of an override ("" when there is nothing to force)."""
    if not reasons:
        return ""
    if not override.strip():
        raise Refused(say("{why} (the game master can force it with override=<reason>)",
                          why=joined("; ", reasons)))
    ctx.journal(say("override by the game master ({reason}): {why}", reason=override.strip(),
                    why=joined("; ", reasons)), kind="override", who=[character["name"]])
    return override.strip()


def _forced(line: Said, reason: str) -> Said:
    """A move's line, with the reason it was forced if it was."""
    return say("{line} (override: {reason})", line=line, reason=reason) if reason else line


def _apply_move(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    path = price(ctx, character, p["segments"])
    forced = _check_allowed(ctx, character, _forbidden(ctx, character, path, per_round=True),
                            p["override"])
    data = _data(ctx, character, path)
    data["roll_requests"] = _offer_checks(ctx, character, path.checks, data["checks"],
                                          data["path"])
    return Result(_forced(_journal_line(character["name"], "moves", path, data), forced), data,
                  [character["name"]])


def _apply_spend(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    path = price(ctx, character, p["segments"])
    forced = _check_allowed(ctx, character, _forbidden(ctx, character, path, per_round=False),
                            p["override"])
    data = _data(ctx, character, path)
    try:
        booked = ctx.ask("spend_movement", character=character["name"],
                         metres=rules.metres(path.cost), override=p["override"])
    except Refused as exc:
        raise Refused(say("the combat tracker refused {metres} m for {name}: {why}",
                          metres=rules.said_m(path.cost), name=character["name"],
                          why=said_by(exc))) from None
    if booked is None:
        raise Refused(say("no combat tracker: no plugin keeps the fight's movement (the combat "
                          "plugin is not loaded); use movement.move outside combat"))
    data["combat"] = booked
    data["roll_requests"] = _offer_checks(ctx, character, path.checks, data["checks"],
                                          data["path"])
    return Result(_forced(_journal_line(character["name"], "spends", path, data), forced), data,
                  [character["name"]])


def _apply_cover(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    if ctx.current_turn() is not None:  # the fight's rounds are the tracker's, one at a time
        raise Refused(say("a fight is running: spend the movement round by round "
                          "(movement.spend)"))
    path = price(ctx, character, p["segments"])
    way = over_rounds(ctx, path)
    forced = _check_allowed(ctx, character, list(way.problems), p["override"])
    data = _data(ctx, character, path)
    data["rounds"] = way.as_dict()
    data["checks"] = data["rounds"].pop("checks")  # the checks offered, each with its round
    checks = [asked.check._replace(reason=say("{reason} (round {round})",
                                              reason=asked.check.reason, round=asked.round))
              if way.rounds > 1 else asked.check for asked in way.checks]
    _roll_with(ctx, character, checks, data["checks"])
    data["roll_requests"] = _offer_checks(ctx, character, checks, data["checks"], data["path"])
    ctx.advance_clock(way.seconds, "movement")
    line = say("{name} covers {path} in {summary}", name=character["name"],
               path=describe_path([s.segment for s in path.segments]), summary=way.summary())
    return Result(_forced(line, forced), data, [character["name"]])


def _journal_line(name: str, verb: str, path: rules.PricedPath, data: dict[str, Any]) -> Said:
    m = rules.said_m
    words = describe_path([s.segment for s in path.segments])  # not the typed syntax
    if verb == "moves":
        line = say("{name} moves {path}: {summary}", name=name, path=words,
                   summary=_summary(path))
    else:  # the tracker says what is left of the turn's move actions
        said = {"name": name, "metres": m(path.cost), "speed": m(path.speed), "path": words}
        left = data.get("combat", {}).get("metres_left")
        line = (say("{name} spends {metres} m of movement (speed {speed} m) on {path}, {left} m "
                    "left of the move actions taken", left=m(left), **said)
                if isinstance(left, (int, float)) and not isinstance(left, bool) else
                say("{name} spends {metres} m of movement (speed {speed} m) on {path}", **said))
    if path.checks:
        line = say("{line}; checks offered: {checks}", line=line,
                   checks=joined(", ", [c.reason for c in path.checks]))
    return line


def _said_back(text: str, kept: Any) -> Said:
    """A check's sentence back from the roll request (its template and values kept beside it,
    or none: a sentence without values is its own template)."""
    back = restored(text, kept)
    return back if isinstance(back, Said) else Said(text, {})


def _apply_check_result(ctx: OpContext, p: dict[str, Any]) -> Result:
    request, outcomes = p["request"], p["outcomes"]
    for key in ("character", "skill", "reason", "on_failure"):
        if key not in request:
            raise Refused(say("movement.check_result: the request has no {key!r}", key=key))
    character = ctx.character(str(request["character"]))
    name = character["name"]
    kept = request.get("said") if isinstance(request.get("said"), dict) else {}
    reason = _said_back(str(request["reason"]), kept.get("reason"))
    on_failure = _said_back(str(request["on_failure"]), kept.get("on_failure"))
    lines: list[Said] = []
    for outcome in outcomes:
        if not isinstance(outcome, dict) or "success" not in outcome:
            raise Refused(say("movement.check_result: each outcome needs a success (a DC was "
                              "set)"))
        if outcome["success"]:
            lines.append(say("{name} succeeds: {reason}", name=name, reason=reason))
            continue
        lines.append(say("{name} fails ({reason}): {failure}", name=name, reason=reason,
                         failure=on_failure))
        condition = str(request.get("condition", ""))
        if condition:  # stored through the host, so every plugin reads it (a prone jumper)
            ctx.add_condition(character, condition,
                              source=say("failed check: {reason}", reason=reason))
    return Result(joined("; ", lines) if lines else
                  say("{name}: no outcome for {reason}", name=name, reason=reason),
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
        "movement.cover",
        "Outside combat, make a movement longer than a round (a 10 m cliff, a 20 m river) as "
        "one operation: cut into the rounds it takes, each spending at most the speed at the "
        "cost of a round's movement; the clock moves on by those rounds, and every check of "
        "every round is offered in the dice prompt (setting checks_over_rounds). Refused while "
        "a fight runs (spend it there round by round); a jump beyond the character's figures "
        "is refused unless overridden.",
        _apply_cover, (CHARACTER, Param("segments", str, "the whole way: " + SYNTAX), OVERRIDE),
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
