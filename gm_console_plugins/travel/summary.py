"""The travel plugin's derived values: what ``gm-console show --json`` prints under ``travel``
and what the planner screen shows. Computed from the session, never stored."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload

from gm_console import Refused, Result, Said, said_by, say
from gm_console_plugins.travel import ops, reading, rules
from gm_console_plugins.travel.ops import ADVANCE_OP, SAVES_OP
from gm_console_plugins.travel.rules import num

if TYPE_CHECKING:
    from gm_console import OpContext, Session


ASK: Any = object()
"""The terrain not asked yet (an answer of ``session.terrain()`` may be None: no plugin)."""


def summary(session: Session, *, party: bool = True, kept: bool = False,
            terrain: Any = ASK) -> dict[str, Any]:
    """Everything about the party's travel now; the route planned at the plan's hours a day
    (travel.plan; by default the mode's day, 8 h or a ship's own). ``party=False`` leaves out
    what each traveller's sheet decides (``travellers``, ``stopped_by``): the home line's
    summary, which then costs the same for a party of any size. ``kept``: the travellers'
    speeds as kept (:func:`reading.traveller_speeds`), for the planner's screen.
    ``terrain``: ``session.terrain()``'s answer, when the caller has asked it (the planner,
    for this and :func:`reverse`)."""
    sec = reading.section(session)
    table = session.table(reading.PLUGIN)
    language = session.language
    motion = reading.motion(sec)
    # asked once: the terrain now and the legs' catalogue
    found = session.terrain() if terrain is ASK else terrain
    terrain = reading.terrain_of(found)
    out: dict[str, Any] = {
        "pace": motion.pace, "mode": motion.mode,
        "terrain": terrain["key"], "terrain_label": terrain["label"],
        "difficult": bool(terrain["difficult"]),
    }
    try:
        conf = reading.settings(session)
        rates = rules.rates(table, conf, motion, terrain, language)
    except rules.TravelError as exc:  # a hand-edited session: say so instead of going down
        return {**out, "error": said_by(exc)}
    mode_row = rules.mode_row(table, motion.mode)
    today = reading.hours_today(session, sec, conf)
    factor, factor_steps = reading.outside_factor(session, motion.mode)
    speeds = reading.traveller_speeds(session, sec, kept) if party else None  # once, for both
    slowest, slowest_steps = reading.party_factor(session, conf, motion, sec, explain=party,
                                                  speeds=speeds)
    factor *= slowest
    out.update({
        "pace_label": rules.label(rules.pace_row(table, motion.pace), motion.pace, language),
        "mode_label": rules.label(mode_row, motion.mode, language),
        "effect": rules.pace_effect(table, motion, language),
        "speed_m": num(motion.speed_m), "speed_kmh": num(motion.speed_kmh),
        "per_minute_m": num(rates.per_minute_m * factor),
        "per_hour_km": num(rates.per_hour_km * factor),
        "per_day_km": num(rates.per_day_km * factor), "day_hours": num(rates.day_hours),
        # The average hour of a normal day (the day column ÷ its hours: 5.625 km at fast pace
        # with day_figure = spread); hours beyond the day cover per_hour_km.
        "day_hour_km": num(rates.per_day_km * factor / rates.day_hours),
        "steps": [*rates.steps, *slowest_steps, *factor_steps, *_scaled(rates, factor)],
        "hours_today": num(today),
        "next_forced_march_dc": rules.next_forced_march_dc(table, conf, motion, today),
        "odometer_km": num(float(sec["odometer_km"])),
    })
    if party:  # every traveller's speed
        out.update({"travellers": [c.get("name") for c, _ in speeds or []],
                    "stopped_by": reading.stopped_by(session, sec, conf, speeds)})
    out["awaiting_saves"] = int(sec["awaiting_saves"])
    # Why the party may not set off (a storm keeps ships in port): the route and its plan
    # stay as they are, for when it may.
    out["vetoed"] = ops.vetoed(session, motion.mode, "depart")
    try:
        out.update(_route(session, sec, conf, table, motion, today,
                          reading.plan_hours(table, conf, sec), found, factor))
    except rules.TravelError as exc:  # a route too long to plan: say so
        return {**out, "error": said_by(exc)}
    return out


def _scaled(rates: rules.Rates, factor: float) -> list[Said]:
    """The figures again once the slowest traveller and the other plugins have scaled them
    (the rules' "=" line is before them), or nothing when they changed nothing."""
    if factor == 1.0:
        return []
    return [say("= {minute} m/min, {hour} km/h, {day} km in a day of {hours} h",
                minute=num(rates.per_minute_m * factor), hour=num(rates.per_hour_km * factor),
                day=num(rates.per_day_km * factor), hours=num(rates.day_hours))]


def _route(session: Session, sec: dict[str, Any], conf: dict[str, Any], table: dict[str, Any],
           motion: rules.Motion, today: float, per_day: float,
           found: dict[str, Any] | None, factor: float) -> dict[str, Any]:
    legs = reading.legs_of(sec, reading.catalogue_of(found))  # found: session.terrain()
    done = float(sec["done_km"])
    # factor: the summary's, the other plugins' and the slowest traveller's (asked once)
    by_hour = reading.hour_distances(session, table, conf, motion, factor)
    galloping = motion.mode == "gallop"
    gallop_hours = float(conf["gallop_hours_per_mount"])
    now = reading.clock_seconds(session)
    plan = rules.plan_route(by_hour, legs, done, today, now, per_day,
                            float(conf["departure_hour"]), table,
                            gallop_hours=reading.gallop_hours(conf, motion),
                            galloped=reading.galloped_hours(session, sec, conf),
                            forced_march=motion.mode in conf["forced_march_modes"],
                            clock_days=reading.days_by_clock(sec, conf))
    rows, start = [], 0.0
    for index, leg in enumerate(legs):
        end = start + leg.km
        rows.append({"leg": index + 1, "km": num(leg.km), "terrain": leg.terrain["key"],
                     "terrain_label": leg.terrain["label"], "difficult": leg.terrain["difficult"],
                     "name": leg.name, "hours": num(plan.leg_hours[index]),
                     "seconds": round(plan.leg_hours[index] * 3600),
                     "ends": _clock(now, plan.leg_ends[index]),
                     "done_km": num(min(leg.km, max(0.0, done - start)))})
        start = end
    total = sum(leg.km for leg in legs)
    out: dict[str, Any] = {
        "route": rows, "route_km": num(total), "done_km": num(min(done, total)),
        "remaining_km": num(max(0.0, total - done)),
        "remaining_hours": num(plan.total_hours),
        "remaining_seconds": round(plan.total_hours * 3600),
        "remaining_clock_hours": num(plan.elapsed_seconds / 3600),
        "plan_hours_per_day": num(per_day),
        "arrival": ({**_clock(now, plan.elapsed_seconds), "days": plan.days}
                    if legs and total - done > rules.EPS else None),
        "planned_forced_march_dcs": plan.forced_march_dcs,
        "planned_halts": plan.halts,
    }
    if galloping:
        galloped = reading.galloped_hours(session, sec, conf)
        left = max(0.0, gallop_hours - galloped)
        km, _ = rules.distance_in(by_hour, legs, done, today, left, reading.terrain_of(found))
        out["fresh_mount"] = {
            "galloped_hours": num(galloped),
            "due_in_hours": num(left), "due_in_km": num(km),
            "route_km": [num(x) for x in plan.fresh_mounts_at_km]}
    return out


def onward(session: Session, nonstop: bool = False) -> dict[str, Any] | None:
    """What travelling to the end of the route does from here (``travel.advance hours=end``:
    as planned, halting for the night; with ``nonstop``, no night's halt, past the day's hours
    a forced march), worked out by rehearsing the operation on a throwaway copy of the
    session, every forced-march save made: how long on the clock, its travel hours, until
    when, the nights' halts and the saves asked on the way, and what ends it short of the end
    (``stop``: "day", "mount", "most"; "" at the end). None when the advance would be refused
    or something stops the party (the operation then says why). Asked for by the question
    before it and by ``show --json``, not at each redraw: a long route takes a month of
    stints."""
    sec = reading.section(session)
    if rules.locate(reading.legs(session, sec), float(sec["done_km"])) is None \
            or reading.saves_awaited(session.state, sec):
        return None
    now = reading.clock_seconds(session)
    ctx = session.rehearsal()
    dcs: list[int] = []
    halts = 0
    try:
        result = ctx.apply(ADVANCE_OP, hours="end", nonstop=nonstop)
        travelled = int(result.data.get("seconds", 0))
        halts += int(result.data.get("halts", 0))
        # Each save answered travels on with a fresh advance: one month of the clock in all is
        # where the rehearsal stops, as a single advance does.
        while result.data.get("stopped_by") == "saves":
            if reading.clock_seconds(ctx) - now >= rules.MOST_ADVANCE_HOURS * 3600:
                result = Result(result.message, {"stopped_by": "most"})
                break
            request = _answered(ctx, reading.saves_awaited(ctx.state, reading.section(ctx)))
            dcs.append(int(request["context"]["dc"]))
            made = [{"who": roll["who"], "total": roll["dc"], "dc": roll["dc"], "success": True}
                    for roll in request["rolls"]]
            result = ctx.apply(SAVES_OP, request=request["context"], outcomes=made)
            travelled += int(result.data.get("seconds", 0))
            halts += int(result.data.get("halts", 0))
    except Refused:
        return None
    stop = str(result.data.get("stopped_by", ""))
    if stop not in ("", "day", "mount", "most"):
        return None
    after = reading.section(ctx)
    km = float(after["done_km"]) - float(sec["done_km"])
    left = sum(leg.km for leg in reading.legs(ctx, after)) - float(after["done_km"])
    elapsed = reading.clock_seconds(ctx) - now
    return {"hours": num(elapsed / 3600), "seconds": elapsed, "km": num(km),
            "travel_hours": num(travelled / 3600), "travel_seconds": travelled,
            "until": _clock(now, elapsed),
            "stop": stop, "remaining_km": num(max(0.0, left)), "halts": halts,
            "hours_per_day": num(reading.plan_hours(session.table(reading.PLUGIN),
                                                    reading.settings(session), sec)),
            "forced_march_dcs": dcs}


def _answered(ctx: OpContext, request_id: int) -> dict[str, Any]:
    """The roll request ``request_id``, taken off the rehearsal's queue as the dice prompt
    takes an answered one."""
    pending: list[dict[str, Any]] = ctx.state["rolls"]["pending"]
    index = next(i for i, r in enumerate(pending) if int(r["id"]) == request_id)
    return pending.pop(index)


@overload
def _clock(now: int, elapsed: float) -> dict[str, Any]: ...


@overload
def _clock(now: int, elapsed: None) -> None: ...


@overload
def _clock(now: int, elapsed: float | None) -> dict[str, Any] | None: ...


def _clock(now: int, elapsed: float | None) -> dict[str, Any] | None:
    """The in-game day and time ``elapsed`` seconds after ``now`` (None stays None)."""
    if elapsed is None:
        return None
    at = round(now + elapsed)
    return {"day": at // 86400 + 1, "second": at % 86400, "text": reading.clock_text(at)}


def reverse(session: Session, hours: float = 0.0, days: float = 0.0,
            terrain: Any = ASK) -> dict[str, Any]:
    """How far the party gets: in ``hours`` from now (along the route, forced-march hours
    included), or in ``days`` whole days of travel on the current terrain (``terrain``: as
    :func:`summary`'s)."""
    sec = reading.section(session)
    conf = reading.settings(session)
    table = session.table(reading.PLUGIN)
    motion = reading.motion(sec)
    by_hour = reading.hour_distances(session, table, conf, motion)
    found = session.terrain() if terrain is ASK else terrain  # asked once, as in summary
    now = reading.terrain_of(found)
    if days:
        per_day = rules.day_hours(table, motion)
        return {"days": num(days), "km": num(rules.days_distance(by_hour, days, per_day, now)),
                "terrain": now["label"]}
    legs = reading.legs_of(sec, reading.catalogue_of(found))
    today = reading.hours_today(session, sec, conf)
    km, travelled = rules.distance_in(by_hour, legs, float(sec["done_km"]), today, hours,
                                      now)
    return {"hours": num(hours), "km": num(km), "hours_travelled": num(travelled),
            "route_ends": bool(legs) and travelled < hours - rules.EPS}
