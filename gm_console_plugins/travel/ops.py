"""The travel operations: pace, mode, route legs, and travelling for real (``travel.advance``),
hour by hour, with the forced-march saves asked through the dice prompt.

``travel.terrain`` belongs to the terrain plugin, which owns the current terrain; when the party
enters a leg on another terrain, ``travel.advance`` applies it by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gm_console import (
    Operation,
    Param,
    Refused,
    Result,
    RollRequest,
    Said,
    format_duration,
    joined,
    parse_score,
    said_by,
    say,
)
from gm_console import SentenceValue as Value
from gm_console_plugins.travel import reading, rules
from gm_console_plugins.travel.reading import PLUGIN
from gm_console_plugins.travel.rules import EPS, num

if TYPE_CHECKING:
    from gm_console import OpContext

PACES = ("fast", "normal", "slow")
MODES = ("foot", "mounted", "gallop", "vehicle", "ship", "special")
ADVANCE_OP = "travel.advance"
SAVES_OP = "travel.forced_march_saves"


def _state(ctx: OpContext) -> dict[str, Any]:
    """The plugin's table in the working state, with every key present."""
    sec = ctx.section(PLUGIN)
    for key, value in reading.DEFAULTS.items():
        sec.setdefault(key, list(value) if isinstance(value, list) else value)
    return sec


def _checked(ctx: OpContext, motion: rules.Motion) -> rules.Motion:
    try:
        return rules.check_motion(ctx.table(PLUGIN), motion, reading.settings(ctx),
                                  ctx.language)
    except rules.TravelError as exc:
        raise Refused(said_by(exc)) from None


def _rates_text(ctx: OpContext) -> Said:
    sec = reading.section(ctx)
    try:
        rates = rules.rates(ctx.table(PLUGIN), reading.settings(ctx), reading.motion(sec),
                            reading.terrain_now(ctx), ctx.language)
    except rules.TravelError as exc:  # a setting the rules cannot use
        raise Refused(said_by(exc)) from None
    return say("{minute} m/min, {hour} km/h, {day} km/day", minute=num(rates.per_minute_m),
               hour=num(rates.per_hour_km), day=num(rates.per_day_km))


# -- pace and mode ----------------------------------------------------------------------------


def _pace(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    motion = _checked(ctx, reading.motion(sec)._replace(pace=p["pace"]))
    sec["pace"] = motion.pace
    table = ctx.table(PLUGIN)
    effect = rules.pace_effect(table, motion, ctx.language)
    pace = rules.label(rules.pace_row(table, motion.pace), motion.pace, ctx.language)
    return Result(say("pace {pace}: {effect} ({rates})", pace=pace, effect=effect["text"],
                      rates=_rates_text(ctx)), {"pace": motion.pace, "effect": effect})


def _mode(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    table = ctx.table(PLUGIN)
    try:
        allowed = (rules.allowed_paces(table, p["mode"], reading.settings(ctx))
                   if p["mode"] in table.get("modes", {}) else [])
    except rules.TravelError as exc:  # a setting edited by hand
        raise Refused(said_by(exc)) from None
    pace = sec["pace"] if sec["pace"] in allowed or not allowed else allowed[0]
    motion = _checked(ctx, rules.Motion(pace=pace, mode=p["mode"], speed_m=p["speed_m"],
                                        speed_kmh=p["speed_kmh"],
                                        hours_per_day=p["hours_per_day"]))
    forced = pace != sec["pace"]
    sec.update(mode=motion.mode, pace=motion.pace, speed_m=motion.speed_m,
               speed_kmh=motion.speed_kmh, hours_per_day=motion.hours_per_day)
    label = rules.label(rules.mode_row(table, motion.mode), motion.mode, ctx.language)
    data = {"mode": motion.mode, "pace": motion.pace}
    if forced:
        return Result(say("mode: {mode}; pace set to {pace} (the only one it allows) ({rates})",
                          mode=label, rates=_rates_text(ctx),
                          pace=rules.label(rules.pace_row(table, pace), pace, ctx.language)),
                      data)
    return Result(say("mode: {mode} ({rates})", mode=label, rates=_rates_text(ctx)), data)


# -- the route --------------------------------------------------------------------------------


def _leg(ctx: OpContext, p: dict[str, Any]) -> Result:
    if p["km"] <= 0:
        raise Refused(say("a leg's length must be more than 0 km, not {km}", km=num(p["km"])))
    sec = _state(ctx)
    known = reading.catalogue(ctx)
    key = p["terrain"].strip() or reading.terrain_now(ctx)["key"]
    if known is not None and key not in known:
        raise Refused(say("unknown terrain {key!r}; known terrains: {known}", key=key,
                          known=", ".join(known)))
    leg = {"km": p["km"], "terrain": key, "name": p["name"].strip()}
    sec["route"].append(leg)
    terrain = reading.leg_terrain(known, key)
    kind = say("difficult") if terrain["difficult"] else say("ordinary")
    data = {"leg": leg, "legs": len(sec["route"])}
    if leg["name"]:
        return Result(say("leg {number} “{name}”: {km} km of {terrain} ({kind})",
                          number=len(sec["route"]), name=leg["name"], km=num(p["km"]),
                          terrain=terrain["label"], kind=kind), data)
    return Result(say("leg {number}: {km} km of {terrain} ({kind})", number=len(sec["route"]),
                      km=num(p["km"]), terrain=terrain["label"], kind=kind), data)


def _leg_remove(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    route = sec["route"]
    if not 1 <= p["leg"] <= len(route):
        raise Refused(say("no leg {leg}: the route has {count} leg(s)", leg=p["leg"],
                          count=len(route)))
    start = sum(float(leg["km"]) for leg in route[:p["leg"] - 1])
    if float(sec["done_km"]) > start + EPS:
        raise Refused(say("leg {leg} is already (partly) travelled; clear the route "
                          "(travel.route_clear) to plan a new one", leg=p["leg"]))
    leg = route.pop(p["leg"] - 1)
    return Result(say("leg {leg} removed ({km} km of {terrain})", leg=p["leg"],
                      km=num(float(leg["km"])), terrain=str(leg["terrain"])), {"leg": leg})


def _route_clear(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    count = len(sec["route"])
    sec["route"] = []
    sec["done_km"] = 0.0
    return Result(say("route cleared ({count} leg(s))", count=count))


# -- travelling -------------------------------------------------------------------------------


@dataclass
class Journey:
    """What one stretch of ``travel.advance`` did."""

    km: float = 0.0
    hours: float = 0.0
    stop: str = ""
    stopped_by: str = ""
    """What ended it short of the time asked: "day", "mount", "most", "blocked", "saves";
    "" when the time was up or the route ended."""
    events: list[Said] = field(default_factory=list)


def _new_day_if_due(ctx: OpContext, sec: dict[str, Any], conf: dict[str, Any]) -> None:
    if reading.new_day(ctx, sec, conf):
        sec["hours_today"] = 0.0
        sec["galloped_hours"] = 0.0  # the mount rested overnight
    sec["travel_day"] = int(ctx.clock.get("day", 1))


def _ask_saves(ctx: OpContext, sec: dict[str, Any], hour: int, dc: int, hours_left: float,
               to_end: bool) -> int:
    """Queue a Constitution save for every traveller; 0 when nobody travels."""
    rolls = []
    for character in reading.travellers(ctx, sec):
        try:
            con = parse_score(character.get("constitution", 10), "constitution")
        except ValueError as exc:
            raise Refused(say("{name}: {problem}", name=str(character.get("name")),
                              problem=said_by(exc))) from None
        # Conditions (exhaustion 3...) may put saves at a disadvantage: the host says which.
        dice, _ = ctx.roll_dice(character, "save")
        rolls.append({"who": character["name"], "dc": dc,
                      "expression": rules.save_expression(con, dice)})
    if not rolls:
        return 0
    return ctx.request_rolls(RollRequest(
        title=say("Forced march, hour {hour}: Constitution save DC {dc}", hour=hour, dc=dc),
        rolls=rolls,
        then=SAVES_OP,
        context={"hour": hour, "dc": dc, "hours_left": hours_left, "to_end": to_end}))


def _journey(ctx: OpContext, hours_left: float, to_end: bool) -> Journey:
    """Travel hour by hour until the time is up, the route ends, or something stops the party
    (saves owed, a traveller at speed 0, a spent mount, a ship's sailing day)."""
    table = ctx.table(PLUGIN)
    sec = _state(ctx)
    motion = _checked(ctx, reading.motion(sec))
    try:
        conf = reading.settings(ctx)
        by_hour = reading.hour_distances(ctx, table, conf, motion)
    except rules.TravelError as exc:  # a setting edited by hand
        raise Refused(said_by(exc)) from None
    legs = reading.legs(ctx, sec)
    known = reading.catalogue(ctx)
    done = Journey()
    while True:
        _new_day_if_due(ctx, sec, conf)
        blocked = reading.stopped_by(ctx, sec, conf)
        if blocked:
            done.stop, done.stopped_by = joined("; ", blocked), "blocked"
            return done
        limit = rules.MOST_ADVANCE_HOURS - done.hours if to_end else hours_left
        if to_end and limit <= EPS:
            done.stop = say("{hours} h travelled, the most one advance covers: advance again "
                            "to go on", hours=rules.MOST_ADVANCE_HOURS)
            done.stopped_by = "most"
            return done
        limit, stop = rules.advance_limit(
            limit, float(sec["hours_today"]), float(sec["galloped_hours"]),
            day_hours=rules.day_hours(table, motion),
            forced_march=motion.mode in conf["forced_march_modes"],
            gallop_hours=reading.gallop_hours(conf, motion))
        if stop == "day":
            done.stop = say("the {mode} travels {hours} h a day: it goes on tomorrow",
                            mode=rules.label(rules.mode_row(table, motion.mode), motion.mode,
                                             ctx.language),
                            hours=num(rules.day_hours(table, motion)))
            done.stopped_by = "day"
            return done
        if stop == "mount":
            done.stop = say("the mount has galloped its {hours} h: a fresh mount is needed "
                            "(travel.fresh_mount) or another mode",
                            hours=num(conf["gallop_hours_per_mount"]))
            done.stopped_by = "mount"
            return done
        try:
            seg = rules.next_segment(by_hour, legs, float(sec["done_km"]),
                                     float(sec["hours_today"]), limit, reading.terrain_now(ctx))
        except rules.TravelError as exc:
            raise Refused(said_by(exc)) from None
        if seg is None:
            if legs and rules.locate(legs, float(sec["done_km"])) is None:
                done.stop = say("arrived at the end of the route")
            return done
        if seg.leg is not None:
            key = legs[seg.leg].terrain["key"]
            if key != reading.terrain_now(ctx)["key"] and known and key in known:
                ctx.notify("party_entered_terrain", terrain=key)
        # The table first, then the clock: a plugin hearing time pass sees this stretch done.
        if legs:
            sec["done_km"] = float(sec["done_km"]) + seg.km
        sec["odometer_km"] = float(sec["odometer_km"]) + seg.km
        sec["hours_today"] = float(sec["hours_today"]) + seg.hours
        if motion.mode == "gallop":
            sec["galloped_hours"] = float(sec["galloped_hours"]) + seg.hours
        ctx.advance_clock(round(seg.hours * 3600), "travel")
        ctx.notify("travelled", km=seg.km, hours=seg.hours, mode=motion.mode,
                   terrain=reading.terrain_now(ctx)["key"])
        done.km += seg.km
        done.hours += seg.hours
        hours_left -= seg.hours
        if seg.leg_done and seg.leg is not None and seg.leg < len(legs) - 1:
            leg, at = legs[seg.leg], num(float(sec["done_km"]))
            done.events.append(
                say("leg {number} {name} done at km {km}", number=seg.leg + 1, name=leg.name,
                    km=at) if leg.name else
                say("leg {number} done at km {km}", number=seg.leg + 1, km=at))
        dc = rules.forced_march_dc(table, seg.hour) if seg.hour_done else None
        if dc is not None and motion.mode in conf["forced_march_modes"]:
            request = _ask_saves(ctx, sec, seg.hour, dc, max(0.0, hours_left), to_end)
            if request:
                sec["awaiting_saves"] = request
                done.stop = say("hour {hour} of the day done: forced march, every traveller owes "
                                "a Constitution save DC {dc} (roll request {request})",
                                hour=seg.hour, dc=dc, request=request)
                done.stopped_by = "saves"
                return done


def _report(ctx: OpContext, journey: Journey) -> Result:
    sec = reading.section(ctx)
    second = int(ctx.clock.get("second", 0))
    when: dict[str, Value] = {"day": int(ctx.clock.get("day", 1)),
            "time": f"{second // 3600:02d}:{second % 3600 // 60:02d}",
            "duration": format_duration(journey.hours * 3600), "km": num(journey.km)}
    if sec["route"]:
        total = sum(float(leg["km"]) for leg in sec["route"])
        text = say("travelled {duration}, {km} km, km {done} of {total}; Day {day}, {time}",
                   done=num(min(float(sec["done_km"]), total)), total=num(total), **when)
    else:
        text = say("travelled {duration}, {km} km; Day {day}, {time}", **when)
    extra = journey.events + ([journey.stop] if journey.stop else [])
    if extra:
        text = joined(" — ", [text, joined("; ", extra)])
    return Result(text, {"km": num(journey.km), "hours": num(journey.hours),
                         "stop": journey.stop, "stopped_by": journey.stopped_by,
                         "events": journey.events,
                         "clock": dict(ctx.clock), "done_km": num(float(sec["done_km"])),
                         "awaiting_saves": int(sec["awaiting_saves"])})


def _waiting(ctx: OpContext, sec: dict[str, Any]) -> None:
    """Refuse to travel on while the forced-march saves are unanswered; forget a request the
    game master cancelled."""
    request = reading.saves_awaited(ctx.state, sec)
    if request:
        raise Refused(say("the party waits for its forced-march saves (roll request {request}): "
                          "answer them (key r, or roll.resolve) or cancel them (roll.cancel)",
                          request=request))
    sec["awaiting_saves"] = 0


def travel_hours(given: str) -> float | None:
    """``hours`` of travel.advance: a number of hours (3, 2.5 or 2,5) or ``end`` (None), the
    end of the route."""
    text = given.strip().lower()
    if text in ("", "end"):
        return None
    try:
        hours = float(text.replace(",", "."))
    except ValueError:
        raise Refused(say("hours must be a number of hours or 'end', not {hours!r}",
                          hours=given)) from None
    if not 0 < hours <= rules.MOST_ADVANCE_HOURS:
        raise Refused(say("hours must be more than 0 and at most {most}, not {hours}",
                          most=rules.MOST_ADVANCE_HOURS, hours=given))
    return hours


HOURS = Param("hours", str, "hours to travel (3, 2.5), or 'end' to the end of the route",
              default="end", parse=travel_hours)
"""travel.advance's hours, read once: by the operation, and by the screen before it asks."""


def _advance(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    _waiting(ctx, sec)
    hours = p["hours"]
    to_end = hours is None
    if to_end:
        if not sec["route"]:
            raise Refused(say("there is no route to travel to its end: add legs (travel.leg) or "
                              "give hours=<number>"))
        if rules.locate(reading.legs(ctx, sec), float(sec["done_km"])) is None:
            raise Refused(say("the party is already at the end of the route: add a leg or clear "
                              "it"))
    return _report(ctx, _journey(ctx, hours or 0.0, to_end))


def _forced_march_saves(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    if not sec["awaiting_saves"]:
        raise Refused(say("no forced-march saves are awaited"))
    sec["awaiting_saves"] = 0
    table = ctx.table(PLUGIN)
    gain = int(table["forced_march"]["exhaustion_per_failure"])
    failed, who = [], []
    for outcome in p["outcomes"]:
        try:
            character = ctx.character(str(outcome["who"]))
            total, dc = outcome["total"], outcome["dc"]
        except (KeyError, TypeError):
            raise Refused(say("an outcome must have who, total and dc, not {outcome}",
                              outcome=repr(outcome))) from None
        name = character["name"]
        who.append(name)
        roll = {"name": name, "total": _figure(total), "dc": _figure(dc)}
        if outcome.get("success", total >= dc):
            ctx.journal(say("{name} makes the forced-march save ({total} vs DC {dc})", **roll),
                        kind="travel", who=[name])
            continue
        before = int(character.get("exhaustion", 0) or 0)
        character["exhaustion"] = rules.add_exhaustion(ctx.table("exhaustion"), before, gain)
        effects = ctx.derived(character).get("exhaustion", {}).get("effects", [])
        if effects and character["exhaustion"] != before:
            ctx.journal(say("{name} fails the forced-march save ({total} vs DC {dc}): exhaustion "
                            "{before} → {after} ({effect})", before=before,
                            after=character["exhaustion"], effect=_figure(effects[-1]), **roll),
                        kind="travel", who=[name])
        else:
            ctx.journal(say("{name} fails the forced-march save ({total} vs DC {dc}): exhaustion "
                            "{before} → {after}", before=before, after=character["exhaustion"],
                            **roll), kind="travel", who=[name])
        failed.append(name)
    ctx.touch("characters")
    hour = _figure(p["request"].get("hour", "?"))
    if len(failed) == 1:
        text = say("forced march, hour {hour}: {names} gains a level of exhaustion", hour=hour,
                   names=failed[0])
    elif failed:
        text = say("forced march, hour {hour}: {names} gain a level of exhaustion", hour=hour,
                   names=", ".join(failed))
    else:
        text = say("forced march, hour {hour}: every save made, no exhaustion", hour=hour)
    to_end = bool(p["request"].get("to_end", False))
    hours_left = float(p["request"].get("hours_left", 0.0))
    if to_end or hours_left > EPS:
        report = _report(ctx, _journey(ctx, hours_left, to_end))
        return Result(joined("; ", [text, report.message]), {**report.data, "failed": failed},
                      who)
    return Result(text, {"failed": failed}, who)


def _figure(value: Any) -> int | float | str:
    """A value from a roll's outcome or request as a sentence can keep it: a number stays a
    number (French writes its decimals with a comma), anything else is its text."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) or isinstance(value, str):
        return value
    return str(value)


def _fresh_mount(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    sec["galloped_hours"] = 0.0
    return Result(say("fresh mounts: the party can gallop again"), {})


def _new_day(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    before = float(sec["hours_today"])
    sec.update(hours_today=0.0, galloped_hours=0.0, travel_day=int(ctx.clock.get("day", 1)))
    return Result(say("a new day of travel: hours travelled today {hours} → 0", hours=num(before)))


def _travellers(ctx: OpContext, p: dict[str, Any]) -> Result:
    sec = _state(ctx)
    names = [ctx.character(name)["name"] for name in p["names"]]
    sec["travellers"] = names
    said = (say("travellers: {names}", names=", ".join(names)) if names
            else say("travellers: every character"))
    return Result(said, {"travellers": names}, names)


OPERATIONS = [
    Operation(
        "travel.pace", "Set the party's travel pace (fast: −5 passive Perception; slow: "
        "stealth possible).", _pace,
        (Param("pace", str, "fast, normal or slow", choices=PACES),),
    ),
    Operation(
        "travel.mode", "Set how the party travels; a mode that allows one pace only sets it.",
        _mode,
        (Param("mode", str, "foot, mounted, gallop (twice the fast distance, fresh mounts), "
                            "vehicle (normal pace only), ship (its own speed), special "
                            "(pegasus, griffon, flying carpet: scaled by its speed)",
               choices=MODES),
         Param("speed_m", float, "special mount: its speed in metres per round (27 for a "
                                 "griffon); ship: its speed per round, if not given in km/h",
               default=0.0),
         Param("speed_kmh", float, "ship: its speed in km per hour", default=0.0),
         Param("hours_per_day", float, "ship: hours it sails a day, up to 24 (default 8)",
               default=0.0)),
    ),
    Operation(
        "travel.leg", "Add a leg to the end of the route: a distance and a terrain.", _leg,
        (Param("km", float, "the leg's length in km"),
         Param("terrain", str, "a terrain key of config/terrain.toml (default: the current "
                               "terrain)", default=""),
         Param("name", str, "what to call it (\"to the dolmen\")", default="")),
    ),
    Operation("travel.leg_remove", "Remove a leg the party has not started.", _leg_remove,
              (Param("leg", int, "the leg's number (1 = first)"),)),
    Operation("travel.route_clear", "Forget the route and the progress along it.",
              _route_clear),
    Operation(
        ADVANCE_OP,
        "Travel for real, hour by hour: the clock and the party move along the route; after "
        "the 8th hour of a day each hour asks every traveller for a Constitution save.",
        _advance,
        (HOURS,),
    ),
    Operation(
        SAVES_OP, "Apply the forced-march saves (the dice prompt calls it): a level of "
        "exhaustion for each failure, then travel on for the hours left.", _forced_march_saves,
        (Param("request", dict, "the roll request's context (hours left)", default={}),
         Param("outcomes", list, "the saves: {who, total, dc, success}", default=[])),
    ),
    Operation("travel.fresh_mount", "Take fresh mounts: the party can gallop again.",
              _fresh_mount),
    Operation("travel.new_day", "Start a new day of travel: hours travelled today back to 0.",
              _new_day),
    Operation(
        "travel.travellers", "Choose who travels (saves, speed 0 stops the party).", _travellers,
        (Param("names", list, "character names, comma-separated; empty = every character",
               default=[]),),
    ),
]
