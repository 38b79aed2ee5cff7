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
    from gm_console import OpContext, Session

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
    if p["mode"] in table.get("modes", {}):
        _refuse_if_vetoed(ctx, p["mode"], "mode")
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
    halts: int = 0  # nights' halts on the way


NEW_DAY_HOOK = "travel_day_started"
HALT_REASON = "travel halt"
"""``time_passed``'s reason for the clock moved by a night's halt (or travel.new_day)."""


def start_travel_day(ctx: OpContext, sec: dict[str, Any], why: str,
                     until: float | None = None) -> None:
    """A new day of travel (RULES.md 1.2 counts the hours "in a day"): the hours travelled
    today and the mount's gallop back to 0, the clock moved on to ``until`` (clock seconds:
    the departure hour after a night's halt), then every plugin hears it
    (``travel_day_started``, ``why``: "halt", "new_day", "long rest", "pause", "clock_day")."""
    sec["hours_today"] = 0.0
    sec["galloped_hours"] = 0.0  # the mount rested overnight
    if until is not None:
        ctx.advance_clock(max(0, round(until - reading.clock_seconds(ctx))), HALT_REASON)
    sec["travel_day"] = int(ctx.clock.get("day", 1))
    ctx.notify(NEW_DAY_HOOK, day=sec["travel_day"], why=why)


def _new_day_if_due(ctx: OpContext, sec: dict[str, Any], conf: dict[str, Any]) -> None:
    if reading.new_day(ctx, sec, conf):
        start_travel_day(ctx, sec, "clock_day")
    sec["travel_day"] = int(ctx.clock.get("day", 1))


def _halt(ctx: OpContext, sec: dict[str, Any], conf: dict[str, Any]) -> Said:
    """A night's halt: the clock moves on to the departure hour and a new day of travel
    starts, as the plan counts it (:func:`rules.plan_route`)."""
    until = rules.next_departure(reading.clock_seconds(ctx), float(conf["departure_hour"]))
    start_travel_day(ctx, sec, "halt", until)
    return say("night's halt until Day {day}, {time}", **_when(until))


def _when(seconds: float) -> dict[str, Value]:
    """A moment of the clock as a sentence's {day} and {time} ("Day {day}, {time}": the
    template says Day in the reader's language)."""
    at = round(seconds)
    return {"day": at // 86400 + 1, "time": f"{at % 86400 // 3600:02d}:{at % 3600 // 60:02d}"}


def vetoed(ctx: Session, mode: str, action: str) -> list[Said]:
    """Why the party may not take ``mode`` (action "mode") or set off in it ("depart"): each
    plugin's reason (``travel_veto``), naming the plugin; empty when none objects."""
    return [say("{why} ({plugin})", why=str(answer), plugin=plugin)
            for plugin, answer in ctx.host.call_each("travel_veto", session=ctx, mode=mode,
                                                     action=action)
            if isinstance(answer, str) and answer.strip()]


def _refuse_if_vetoed(ctx: OpContext, mode: str, action: str) -> None:
    reasons = vetoed(ctx, mode, action)
    if reasons:
        label = _mode_label(ctx, mode)
        raise Refused(say("{mode}: the party cannot set off: {reasons}", mode=label,
                          reasons=joined("; ", reasons)) if action == "depart" else
                      say("{mode} is not possible now: {reasons}", mode=label,
                          reasons=joined("; ", reasons)))


def _mode_label(ctx: Session, mode: str) -> str:
    try:
        return rules.label(rules.mode_row(ctx.table(PLUGIN), mode), mode, ctx.language)
    except rules.TravelError:
        return mode


def _ask_saves(ctx: OpContext, sec: dict[str, Any], hour: int, dc: int, hours_left: float,
               to_end: bool, per_day: float) -> int:
    """Queue a Constitution save for every traveller; 0 when nobody travels."""
    rolls = []
    for character in reading.travellers(ctx, sec):
        try:
            con = parse_score(character.get("constitution", 10), "constitution")
        except ValueError as exc:
            raise Refused(say("{name}: {problem}", name=str(character.get("name")),
                              problem=said_by(exc))) from None
        # Conditions (exhaustion 3...) may put saves at a disadvantage: the host says which.
        dice, _ = ctx.roll_dice(character, "save", scope=("constitution",))
        rolls.append({"who": character["name"], "dc": dc,
                      "expression": rules.save_expression(con, dice)})
    if not rolls:
        return 0
    return ctx.request_rolls(RollRequest(
        title=say("Forced march, hour {hour}: Constitution save DC {dc}", hour=hour, dc=dc),
        rolls=rolls,
        then=SAVES_OP,
        context={"hour": hour, "dc": dc, "hours_left": hours_left, "to_end": to_end,
                 "per_day": per_day}))


def _journey(ctx: OpContext, hours_left: float, to_end: bool, per_day: float = 0.0) -> Journey:
    """Travel hour by hour until the time is up, the route ends, or something stops the party
    (saves owed, a traveller at speed 0, a spent mount, a ship's sailing day, a plugin's
    veto). With ``per_day`` (to the end, as planned) the party travels that many hours a day
    and halts for the night in between, as :func:`rules.plan_route` plans it; without, it
    marches on (past the day's hours, a forced march)."""
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
        if legs and rules.locate(legs, float(sec["done_km"])) is None:
            # said before any stop for the day: a ship arriving as its day ends has arrived
            done.stop = say("arrived at the end of the route")
            return done
        if per_day and float(sec["hours_today"]) >= per_day - EPS:
            done.events.append(_halt(ctx, sec, conf))
            done.halts += 1
            reasons = vetoed(ctx, motion.mode, "depart")  # a storm come in the night
            if reasons:
                done.stop = say("the party cannot set off: {reasons}",
                                reasons=joined("; ", reasons))
                done.stopped_by = "vetoed"
                return done
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
        if per_day and not stop:
            limit = min(limit, per_day - float(sec["hours_today"]))
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
        if seg is None:  # the time asked is up (the end of the route is said above)
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
            request = _ask_saves(ctx, sec, seg.hour, dc, max(0.0, hours_left), to_end,
                                 per_day)
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
                         "seconds": round(journey.hours * 3600),
                         "stop": journey.stop, "stopped_by": journey.stopped_by,
                         "events": journey.events, "halts": journey.halts,
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
    _refuse_if_vetoed(ctx, str(sec["mode"]), "depart")
    per_day = 0.0
    if to_end and not p["nonstop"]:
        try:
            per_day = reading.plan_hours(ctx.table(PLUGIN), reading.settings(ctx), sec)
        except rules.TravelError as exc:  # a setting edited by hand
            raise Refused(said_by(exc)) from None
    return _report(ctx, _journey(ctx, hours or 0.0, to_end, per_day))


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
        per_day = float(p["request"].get("per_day", 0.0))
        if not (per_day == 0 or 1 <= per_day <= 24):  # a request edited by hand
            raise Refused(say("per_day must be 0 or from 1 to 24, not {hours}",
                              hours=num(per_day)))
        report = _report(ctx, _journey(ctx, hours_left, to_end, per_day))
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
    try:
        departure = float(reading.settings(ctx)["departure_hour"])
    except rules.TravelError as exc:  # a setting edited by hand
        raise Refused(said_by(exc)) from None
    until = rules.next_departure(reading.clock_seconds(ctx), departure)
    start_travel_day(ctx, sec, "new_day", until)
    return Result(say("a new day of travel: hours travelled today {hours} → 0; the party sets "
                      "off on Day {day}, {time}", hours=num(before), **_when(until)))


def _plan(ctx: OpContext, p: dict[str, Any]) -> Result:
    hours = p["hours_per_day"]
    if not (hours == 0 or 1 <= hours <= 24):
        raise Refused(say("hours_per_day must be from 1 to 24, or 0 for the mode's day, not "
                          "{hours}", hours=num(hours)))
    sec = _state(ctx)
    sec["plan_hours_per_day"] = float(hours)
    try:
        planned = reading.plan_hours(ctx.table(PLUGIN), reading.settings(ctx), sec)
    except rules.TravelError as exc:
        raise Refused(said_by(exc)) from None
    beyond = planned - rules.table_day_hours(ctx.table(PLUGIN))
    if beyond > EPS and str(sec["mode"]) in reading.settings(ctx)["forced_march_modes"]:
        return Result(say("travel plan: {hours} h a day, {beyond} h of forced march each day",
                          hours=num(planned), beyond=num(beyond)), {"hours_per_day": num(planned)})
    return Result(say("travel plan: {hours} h a day", hours=num(planned)),
                  {"hours_per_day": num(planned)})


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
        "the 8th hour of a day each hour asks every traveller for a Constitution save. To the "
        "end, the party travels as planned (travel.plan), halting for the night.",
        _advance,
        (HOURS,
         Param("nonstop", bool, "with hours=end: march on to the end without a night's halt "
                                "(each hour past the day's a forced march); a number of hours "
                                "never halts", default=False)),
    ),
    Operation(
        "travel.plan", "Plan the route at so many hours of travel a day (more than 8: a forced "
        "march); travelling to the end keeps to it.", _plan,
        (Param("hours_per_day", float, "hours of travel a day, 1 to 24; 0 = the mode's day "
                                       "(8 h, a ship's own)"),),
    ),
    Operation(
        SAVES_OP, "Apply the forced-march saves (the dice prompt calls it): a level of "
        "exhaustion for each failure, then travel on for the hours left.", _forced_march_saves,
        (Param("request", dict, "the roll request's context (hours left)", default={}),
         Param("outcomes", list, "the saves: {who, total, dc, success}", default=[])),
    ),
    Operation("travel.fresh_mount", "Take fresh mounts: the party can gallop again.",
              _fresh_mount),
    Operation("travel.new_day", "Start a new day of travel: the clock moves on to the "
              "departure hour, hours travelled today back to 0.", _new_day),
    Operation(
        "travel.travellers", "Choose who travels (saves, speed 0 stops the party).", _travellers,
        (Param("names", list, "character names, comma-separated; empty = every character",
               default=[]),),
    ),
]
