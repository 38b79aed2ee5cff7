"""Travel pace, mounts and vehicles, forced march (RULES.md 1.1 to 1.4).

Plain functions over the parsed ``config/travel.toml`` (``table``) and the plugin's settings
(``settings``, a dict of the ``[settings]`` keys as the session sees them). Terrain arrives as the
plain dict the terrain plugin answers (``{"key", "label", "difficult", "cost"}``), so nothing here
knows where it came from. Distances in km and m, durations in hours.
"""

from __future__ import annotations

import math
from operator import itemgetter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from gm_console import Said, modifier, say

EPS = 1e-9
"""Tolerance for float comparisons of hours and kilometres (a leg ends, an hour ends)."""

FLAT: dict[str, Any] = {"key": "", "label": say("flat terrain"), "difficult": False,
                        "cost": 1.0}
"""The terrain assumed when no plugin knows one: the table's own (RULES.md 1.1)."""


class TravelError(ValueError):
    """A pace, mode or parameter the rules do not allow; the message says what and why."""


class Motion(NamedTuple):
    """How the party moves: pace, mode, and the mode's own figures where it has any."""

    pace: str = "normal"
    mode: str = "foot"
    speed_m: float = 0.0        # special mount, or a ship given by its speed per round
    speed_kmh: float = 0.0      # a ship given by its speed in km per hour
    hours_per_day: float = 0.0  # a ship's sailing hours a day; 0 = the table's day


class Rates(NamedTuple):
    """Distances for one pace, mode and terrain, with the lines that explain them."""

    per_minute_m: float
    per_hour_km: float
    per_day_km: float
    day_hours: float
    steps: tuple[Said, ...] = ()


def num(x: float) -> float | int:
    """A figure as the game master reads it: 45, not 45.0; 5.625 kept, float noise dropped."""
    rounded = round(float(x), 3)
    return int(rounded) if rounded.is_integer() else rounded


# -- settings ----------------------------------------------------------------------------------

SETTING_CHOICES = {"day_figure": ("last_hour", "spread", "hourly"),
                   "party_pace": ("table", "slowest"),
                   "new_travel_day": ("pause", "clock_day", "rest"),
                   "vehicle_pace": ("normal_only", "any")}
MODE_LISTS = ("difficult_terrain_modes", "forced_march_modes", "speed_zero_stops_modes")


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def settings_problems(values: dict[str, Any], modes: Any) -> list[tuple[str, Said]]:
    """Settings the rules cannot use, as (key, message), for the keys present in ``values``
    (a session's ``[plugins.travel.settings]``, or every setting as the session sees it)."""
    found = []

    def bad(key: str, wanted: Said) -> None:
        found.append((key, say("setting {key} of travel must be {wanted}, not {value}", key=key,
                               wanted=wanted, value=repr(values[key]))))

    for key in ("walker_speed_m", "gallop_hours_per_mount", "pause_hours"):
        if key in values and not (_number(values[key]) and values[key] > 0):
            bad(key, say("a number more than 0"))
    hour = values.get("departure_hour", 0)
    if not (_number(hour) and 0 <= hour < 24):
        bad("departure_hour", say("an hour from 0 to 24 (0 ≤ hour < 24)"))
    for key, choices in SETTING_CHOICES.items():
        if key in values and values[key] not in choices:
            bad(key, say("one of {choices}", choices=", ".join(choices)))
    for key in MODE_LISTS:
        if key in values and (not isinstance(values[key], list)
                              or any(mode not in modes for mode in values[key])):
            bad(key, say("a list of modes ({modes})", modes=", ".join(modes)))
    return found


# -- the tables --------------------------------------------------------------------------------


def pace_row(table: dict[str, Any], pace: str) -> dict[str, Any]:
    paces = table.get("paces", {})
    if pace not in paces:
        raise TravelError(say("unknown pace {pace!r}; paces: {paces}", pace=str(pace),
                              paces=", ".join(paces)))
    return paces[pace]


def mode_row(table: dict[str, Any], mode: str) -> dict[str, Any]:
    modes = table.get("modes", {})
    if mode not in modes:
        raise TravelError(say("unknown mode {mode!r}; modes: {modes}", mode=str(mode),
                              modes=", ".join(modes)))
    return modes[mode]


def allowed_paces(table: dict[str, Any], mode: str,
                  settings: dict[str, Any] | None = None) -> list[str]:
    """The paces a mode allows. A row whose ``any_pace_setting`` names a setting set to "any"
    allows every pace (land vehicles: RULES.md 1.4's interpretation is a setting)."""
    row = mode_row(table, mode)
    every = list(table.get("paces", {}))
    switch = row.get("any_pace_setting")
    if switch and (settings or {}).get(switch) == "any":
        return every
    return list(row.get("paces", every))


def speed_pace(table: dict[str, Any], motion: Motion) -> str:
    """The pace whose row gives the distances: the chosen one, or the mode's own
    (``speed_row``: a ship's speed does not depend on the pace)."""
    return str(mode_row(table, motion.mode).get("speed_row", motion.pace))


def table_day_hours(table: dict[str, Any]) -> float:
    """The hours of travel a day the pace table assumes (RULES.md 1.2: 8)."""
    return float(table["forced_march"]["day_hours"])


def label(row: dict[str, Any], key: str, language: str, field_name: str = "label") -> str:
    """A row's label (or ``effect``) in ``language``, English when it has no French one."""
    if language == "fr" and row.get(f"{field_name}_fr"):
        return str(row[f"{field_name}_fr"])
    return str(row.get(field_name) or key)


def check_motion(table: dict[str, Any], motion: Motion,
                 settings: dict[str, Any] | None = None, language: str = "en") -> Motion:
    """``motion`` if the rules allow it, else :class:`TravelError` saying what is wrong (the
    mode named as the table does in ``language``)."""
    row = mode_row(table, motion.mode)
    pace_row(table, motion.pace)
    paces = allowed_paces(table, motion.mode, settings)
    if motion.pace not in paces:
        raise TravelError(say("{mode} travels at {paces} pace only, not {pace}",
                              mode=label(row, motion.mode, language), paces=", ".join(paces),
                              pace=motion.pace))
    if motion.speed_m < 0 or motion.speed_kmh < 0 or motion.hours_per_day < 0:
        raise TravelError(say("speeds and hours per day cannot be negative"))
    if row.get("scale_by_speed") and motion.speed_m <= 0:
        raise TravelError(say("mode {mode} needs the mount's speed_m (metres per round), e.g. 27 "
                              "for a griffon", mode=motion.mode))
    if row.get("own_speed"):
        if (motion.speed_m > 0) == (motion.speed_kmh > 0):
            raise TravelError(say("mode {mode} needs its own speed: speed_kmh (km per hour) or "
                                  "speed_m (metres per round), one of the two", mode=motion.mode))
    elif motion.speed_kmh > 0:
        raise TravelError(say("speed_kmh applies to a ship only, not to mode {mode}",
                              mode=motion.mode))
    if not row.get("scale_by_speed") and not row.get("own_speed") and motion.speed_m > 0:
        raise TravelError(say("speed_m applies to a special mount or a ship, not to mode {mode}",
                              mode=motion.mode))
    most = row.get("max_hours_per_day")
    if motion.hours_per_day > 0:
        if most is None:
            raise TravelError(say("hours_per_day applies to a ship only, not to mode {mode}",
                                  mode=motion.mode))
        if motion.hours_per_day > float(most):
            raise TravelError(say("hours_per_day {hours} is more than {most}",
                                  hours=num(motion.hours_per_day), most=num(float(most))))
    return motion


def day_hours(table: dict[str, Any], motion: Motion) -> float:
    """The hours the party travels in a normal day: a ship's own, or the table's 8."""
    if mode_row(table, motion.mode).get("max_hours_per_day") and motion.hours_per_day > 0:
        return motion.hours_per_day
    return table_day_hours(table)


# -- distances ---------------------------------------------------------------------------------


def terrain_factor(settings: dict[str, Any], motion: Motion,
                   terrain: dict[str, Any]) -> tuple[float, Said | None]:
    """Distances are divided by the terrain's cost (RULES.md 1.5), in the modes it slows."""
    cost = float(terrain.get("cost", 1.0))
    if cost == 1.0:
        return 1.0, None
    if motion.mode not in settings["difficult_terrain_modes"]:
        return 1.0, say("{terrain}: no effect on mode {mode} (setting difficult_terrain_modes)",
                        terrain=terrain["label"], mode=motion.mode)
    return 1.0 / cost, say("{terrain} is difficult: each metre costs {cost}, distances ÷ {cost}",
                           terrain=terrain["label"], cost=num(cost))


def mode_factor(table: dict[str, Any], settings: dict[str, Any],
                motion: Motion, language: str = "en") -> tuple[float, list[Said]]:
    """What the mode multiplies the pace table by, and why."""
    row = mode_row(table, motion.mode)
    factor = float(row.get("factor", 1))
    lines: list[Said] = []
    if factor != 1:
        lines.append(say("{mode}: × {factor}", mode=label(row, motion.mode, language),
                         factor=num(factor)))
    if row.get("scale_by_speed") or (row.get("own_speed") and motion.speed_m > 0):
        walker = float(settings["walker_speed_m"])
        factor *= motion.speed_m / walker
        lines.append(say("speed {speed} m ÷ {walker} m (setting walker_speed_m): × {factor}",
                         speed=num(motion.speed_m), walker=num(walker),
                         factor=num(motion.speed_m / walker)))
    return factor, lines


def party_factor(table: dict[str, Any], settings: dict[str, Any], motion: Motion,
                 speeds: list[tuple[str, float]], language: str = "en",
                 ) -> tuple[float, list[Said]]:
    """What the party's slowest member does to the distances, and the line that says which
    rule applies (setting party_pace): nothing with "table"; with "slowest", in a mode whose
    travellers walk, × the slowest speed ÷ walker_speed_m (RULES.md 1.4's scaling, for
    special mounts). ``speeds``: (name, metres a round) of each traveller; one at 0 stops the
    party instead (:func:`reading.stopped_by`) and is left out here."""
    moving = [(name, m) for name, m in speeds if m > EPS]
    if not moving:
        return 1.0, []
    name, slowest = min(moving, key=itemgetter(1))  # the first of the slowest
    walker = float(settings["walker_speed_m"])
    if settings.get("party_pace", "table") != "slowest":
        return 1.0, [say("the table's pace for everyone (setting party_pace): the slowest "
                         "traveller, {name} at {speed} m a round, does not change it",
                         name=name, speed=num(slowest))]
    row = mode_row(table, motion.mode)
    if not row.get("walks"):
        return 1.0, [say("{mode}: the travellers' own speeds do not set the pace (setting "
                         "party_pace counts the slowest on foot only)",
                         mode=label(row, motion.mode, language))]
    return slowest / walker, [say("the slowest traveller, {name}: {speed} m ÷ {walker} m "
                                  "(setting party_pace): × {factor}", name=name,
                                  speed=num(slowest), walker=num(walker),
                                  factor=num(slowest / walker))]


def hour_distances(table: dict[str, Any], settings: dict[str, Any],
                   motion: Motion) -> Callable[[int, dict[str, Any]], float]:
    """A function giving the km covered in the ``k``-th hour of the travel day (1-based) on a
    terrain. The day's first hours add up to the table's day figure as ``day_figure`` says;
    hours beyond the table's day cover the hour figure (RULES.md 1.1, 1.2)."""
    check_motion(table, motion, settings)
    row = mode_row(table, motion.mode)
    if row.get("own_speed") and motion.speed_kmh > 0:
        def own(k: int, terrain: dict[str, Any]) -> float:
            return motion.speed_kmh * terrain_factor(settings, motion, terrain)[0]
        return own
    pace = pace_row(table, speed_pace(table, motion))
    per_hour, per_day = float(pace["per_hour_km"]), float(pace["per_day_km"])
    days = table_day_hours(table)
    rule = settings["day_figure"]
    if rule not in ("last_hour", "spread", "hourly"):
        raise TravelError(say("setting day_figure = {rule!r}: expected last_hour, spread or "
                              "hourly", rule=str(rule)))
    if row.get("hourly"):
        rule = "hourly"
    factor = mode_factor(table, settings, motion)[0]

    def base(k: int) -> float:
        if k > days or rule == "hourly":
            return per_hour
        if rule == "spread":
            return per_day / days
        if k < days:
            return per_hour
        return max(0.0, per_day - (days - 1) * per_hour)

    def km(k: int, terrain: dict[str, Any]) -> float:
        return base(k) * factor * terrain_factor(settings, motion, terrain)[0]
    return km


def rates(table: dict[str, Any], settings: dict[str, Any], motion: Motion,
          terrain: dict[str, Any] | None = None, language: str = "en") -> Rates:
    """Per minute, per hour and per day for this pace, mode and terrain, explained (the pace and
    mode named as the table does in ``language``)."""
    terrain = terrain or FLAT
    check_motion(table, motion, settings)
    row = mode_row(table, motion.mode)
    t_factor, t_line = terrain_factor(settings, motion, terrain)
    hours = day_hours(table, motion)
    by_hour = hour_distances(table, settings, motion)
    per_day = sum(by_hour(k, terrain) * min(1.0, hours - (k - 1))
                  for k in range(1, math.ceil(hours - EPS) + 1))
    lines: list[Said] = []
    mode = label(row, motion.mode, language)
    if row.get("own_speed") and motion.pace != speed_pace(table, motion):
        lines.append(say("{mode}: {pace} pace changes nothing (its own speed)", mode=mode,
                         pace=label(pace_row(table, motion.pace), motion.pace, language)))
    if row.get("own_speed") and motion.speed_kmh > 0:
        per_hour = motion.speed_kmh * t_factor
        per_minute = per_hour * 1000 / 60
        lines.append(say("{mode}: its own speed, {speed} km/h", mode=mode,
                         speed=num(motion.speed_kmh)))
    else:
        row_pace = speed_pace(table, motion)
        pace = pace_row(table, row_pace)
        factor, mode_lines = mode_factor(table, settings, motion, language)
        per_minute = float(pace["per_minute_m"]) * factor * t_factor
        per_hour = float(pace["per_hour_km"]) * factor * t_factor
        lines.append(say("{pace} pace: {minute} m/min, {hour} km/h, {day} km/day",
                         pace=label(pace, row_pace, language), minute=num(pace["per_minute_m"]),
                         hour=num(pace["per_hour_km"]), day=num(pace["per_day_km"])))
        lines.extend(mode_lines)
    if t_line:
        lines.append(t_line)
    lines.append(say("= {minute} m/min, {hour} km/h, {day} km in a day of {hours} h",
                     minute=num(per_minute), hour=num(per_hour), day=num(per_day),
                     hours=num(hours)))
    return Rates(per_minute_m=per_minute, per_hour_km=per_hour, per_day_km=per_day,
                 day_hours=hours, steps=tuple(lines))


def pace_effect(table: dict[str, Any], motion: Motion, language: str = "en") -> dict[str, Any]:
    """The pace's effect on the party (RULES.md 1.1), or none on a ship (RULES.md 1.4)."""
    if not mode_row(table, motion.mode).get("pace_effects", True):
        return {"passive_perception": 0, "stealth": False,
                "text": say("none ({mode}: no pace effects)",
                            mode=label(mode_row(table, motion.mode), motion.mode, language))}
    row = pace_row(table, motion.pace)
    return {"passive_perception": int(row.get("passive_perception", 0)),
            "stealth": bool(row.get("stealth", False)),
            "text": label(row, motion.pace, language, "effect")}


# -- forced march and exhaustion ---------------------------------------------------------------


def forced_march_dc(table: dict[str, Any], hour: int) -> int | None:
    """The Constitution save DC at the end of the ``hour``-th hour of a day's travel, or None
    when that hour is within the table's day (RULES.md 1.2: 9th hour DC 11, 10th DC 12...)."""
    march = table["forced_march"]
    beyond = hour - int(march["day_hours"])
    if beyond <= 0:
        return None
    return int(march["base_dc"]) + int(march["dc_per_hour"]) * beyond


def next_forced_march_dc(table: dict[str, Any], settings: dict[str, Any], motion: Motion,
                         hours_today: float) -> int | None:
    """The DC of the next save the party will owe if it keeps going: None before the table's
    day is done, and in modes without forced march (ships)."""
    if motion.mode not in settings["forced_march_modes"]:
        return None
    if hours_today + EPS < table_day_hours(table):
        return None
    return forced_march_dc(table, math.floor(hours_today + EPS) + 1)


def last_exhaustion_level(exhaustion: dict[str, Any]) -> int:
    """The highest level of the exhaustion table (6, death)."""
    return max(int(row["level"]) for row in exhaustion["levels"])


def add_exhaustion(exhaustion: dict[str, Any], level: int, levels: int) -> int:
    """The level after gaining ``levels``, never above the last (6, death)."""
    return max(0, min(last_exhaustion_level(exhaustion), level + levels))


def save_expression(constitution: int, dice: str = "1d20") -> str:
    """Dice notation for a Constitution save: ``dice`` (``1d20``, or ``2d20kl1`` with
    disadvantage, as the host's conditions say) + floor((score − 10) / 2)."""
    mod = modifier(constitution)
    return dice if mod == 0 else f"{dice}{mod:+d}"


# -- a route ----------------------------------------------------------------------------------


class Leg(NamedTuple):
    km: float
    terrain: dict[str, Any]
    name: str = ""


class Segment(NamedTuple):
    """A stretch of travel that stays within one hour of the day and one leg."""

    hours: float
    km: float
    leg: int | None     # index in the route, None when travelling without one
    hour: int           # which hour of the travel day (1-based)
    hour_done: bool     # this stretch ends that hour
    leg_done: bool      # this stretch ends that leg


def locate(legs: list[Leg], done_km: float) -> tuple[int, float] | None:
    """The leg the party is on at ``done_km`` along the route, and the km left on it."""
    end = 0.0
    for index, leg in enumerate(legs):
        end += leg.km
        if done_km < end - EPS:
            return index, end - done_km
    return None


def next_segment(hour_km: Callable[[int, dict[str, Any]], float], legs: list[Leg],
                 done_km: float, hours_today: float, hours_left: float,
                 terrain: dict[str, Any] | None = None) -> Segment | None:
    """The next stretch: up to the end of the current hour of the day, of the current leg, or
    of ``hours_left``, whichever is first. None when there is no time left or the route is done.
    Without legs the party travels on ``terrain`` for as long as asked."""
    if hours_left <= EPS:
        return None
    if legs:
        where = locate(legs, done_km)
        if where is None:
            return None
        index, left_km = where
        ground = legs[index].terrain
    else:
        index, left_km, ground = None, math.inf, terrain or FLAT
    hour = math.floor(hours_today + EPS) + 1
    rate = hour_km(hour, ground)
    if rate <= 0:
        raise TravelError(say("{terrain}: the party covers no distance at this pace and mode",
                              terrain=ground["label"]))
    hours = min(hours_left, hour - hours_today)
    if left_km / rate <= hours + EPS:
        return Segment(hours=left_km / rate, km=left_km, leg=index, hour=hour,
                       hour_done=abs(hours_today + left_km / rate - hour) <= EPS, leg_done=True)
    return Segment(hours=hours, km=rate * hours, leg=index, hour=hour,
                   hour_done=abs(hours_today + hours - hour) <= EPS, leg_done=False)


MOST_PLAN_DAYS = 3660
"""The planner gives up beyond ten years of travel days: a leg's km or a speed mistyped."""


@dataclass
class Plan:
    """Travelling a route to its end in daily stints, from where the party is."""

    leg_hours: list[float]          # travel hours each leg still takes (0 for legs done)
    leg_ends: list[float | None]    # clock seconds from now to each leg's end (None: done)
    total_hours: float              # travel hours, nights not counted
    elapsed_seconds: float          # clock time until arrival, nights counted
    days: int                       # travel days started, today included
    fresh_mounts_at_km: list[float] = field(default_factory=list)  # route km where one is due
    forced_march_dcs: list[int] = field(default_factory=list)      # saves owed on the way
    halts: int = 0                  # nights' halts on the way


def _too_long_to_plan() -> TravelError:
    return TravelError(say("the route would take more than {days} days of travel at this pace "
                           "and mode: check the legs' km (travel.leg_remove) and the speed",
                           days=MOST_PLAN_DAYS))


def next_departure(clock_second: float, departure_hour: float) -> float:
    """When the party sets off again after a night's halt (or ``travel.new_day``): the first
    ``departure_hour`` of the clock at or after ``clock_second`` (a day ended at 18:00 sets off
    at 08:00 the next day; a march that ended at 02:00, at 08:00 that same morning)."""
    start = math.floor(clock_second / 86400) * 86400 + departure_hour * 3600
    return start if start >= clock_second - EPS else start + 86400


def plan_route(hour_km: Callable[[int, dict[str, Any]], float], legs: list[Leg], done_km: float,
               hours_today: float, clock_second: float, hours_per_day: float,
               departure_hour: float, table: dict[str, Any],
               gallop_hours: float | None = None, galloped: float = 0.0,
               forced_march: bool = True, clock_days: bool = False) -> Plan:
    """How long the rest of the route takes travelling ``hours_per_day`` a day, halting for
    the night in between until the departure hour (more than the table's day is a forced
    march, with its saves listed), and where fresh mounts are due when galloping (every
    ``gallop_hours`` of galloping; a mount rests overnight). With ``clock_days`` midnight
    starts a new day of travel too (:func:`reading.days_by_clock`). ``travel.advance
    hours=end`` travels this plan, stint by stint, as :func:`next_segment` steps it."""
    if hours_per_day <= 0:
        raise TravelError(say("hours per day must be more than 0"))
    plan = Plan(leg_hours=[0.0] * len(legs), leg_ends=[None] * len(legs), total_hours=0.0,
                elapsed_seconds=0.0, days=1)
    if not legs:
        return plan
    # A route longer than the days' fastest hours could cover is refused before it is walked
    # day by day: a mistyped leg (a million km) would slow each redraw of the home screen.
    grounds = list({id(leg.terrain): leg.terrain for leg in legs}.values())
    fastest_day = sum(max(hour_km(hour, ground) for ground in grounds)
                      for hour in range(1, math.ceil(hours_per_day) + 1))
    if 0 < fastest_day * MOST_PLAN_DAYS < sum(leg.km for leg in legs) - done_km:
        raise _too_long_to_plan()
    now = float(clock_second)
    counted_on = math.floor(now / 86400)  # the clock day the hours today are counted on
    while locate(legs, done_km) is not None:
        if clock_days and math.floor(now / 86400) != counted_on:
            hours_today = galloped = 0.0
            counted_on = math.floor(now / 86400)
        if hours_today >= hours_per_day - EPS:
            if plan.days >= MOST_PLAN_DAYS:
                raise _too_long_to_plan()
            # Stop for the night; set off again at the departure hour (the mount rested).
            next_start = next_departure(now, departure_hour)
            plan.elapsed_seconds += next_start - now
            now, hours_today, galloped = next_start, 0.0, 0.0
            counted_on = math.floor(now / 86400)
            plan.days += 1
            plan.halts += 1
        if gallop_hours is not None and galloped >= gallop_hours - EPS:
            galloped = 0.0
            plan.fresh_mounts_at_km.append(done_km)
        limit = hours_per_day - hours_today
        if gallop_hours is not None:
            limit = min(limit, gallop_hours - galloped)
        seg = next_segment(hour_km, legs, done_km, hours_today, limit)
        assert seg is not None, "the route is not done and the limit is above 0"
        assert seg.leg is not None, "a route's segments are on a leg"
        plan.leg_hours[seg.leg] += seg.hours
        plan.total_hours += seg.hours
        plan.elapsed_seconds += seg.hours * 3600
        if seg.leg_done:
            plan.leg_ends[seg.leg] = plan.elapsed_seconds
        now += seg.hours * 3600
        done_km += seg.km
        hours_today += seg.hours
        if seg.hour_done and forced_march:
            dc = forced_march_dc(table, seg.hour)
            if dc is not None:
                plan.forced_march_dcs.append(dc)
        if gallop_hours is not None:
            galloped += seg.hours
    return plan


def distance_in(hour_km: Callable[[int, dict[str, Any]], float], legs: list[Leg], done_km: float,
                hours_today: float, hours: float,
                terrain: dict[str, Any] | None = None) -> tuple[float, float]:
    """The reverse: how far the party gets in ``hours`` of travel from now (without stopping
    for the night: hours beyond the day are forced march), along the route if there is one.
    Returns (km, hours actually travelled: less when the route ends first)."""
    km = travelled = 0.0
    while True:
        seg = next_segment(hour_km, legs, done_km + km, hours_today + travelled,
                           hours - travelled, terrain)
        if seg is None:
            return km, travelled
        km += seg.km
        travelled += seg.hours


MOST_ADVANCE_HOURS = 24 * 30
"""One advance covers at most a month of travel: a typo, not a journey."""

MOST_RECORDED = {"hours_today": MOST_PLAN_DAYS * 24.0, "galloped_hours": MOST_PLAN_DAYS * 24.0,
                 "hours_per_day": 24.0, "plan_hours_per_day": 24.0}
"""The hours one day's or one mount's count can reach (ten years of travel, and a day); the
table's other numbers (km, speeds, seconds) reach MAX_NUMBER at most, as a parameter does:
past such bounds the hours and km a stretch adds are lost in the float's rounding, and a
journey stepped hour by hour would never end."""


def advance_limit(cap: float, hours_today: float, galloped: float, *, day_hours: float,
                  forced_march: bool, gallop_hours: float | None) -> tuple[float, str]:
    """The hours an advance may still travel before a stop the rules set, at most ``cap``;
    with none left, which stop: "day" (a mode without forced march has travelled its day) or
    "mount" (the mount has galloped its ``gallop_hours``)."""
    limit = cap
    if not forced_march:
        left = day_hours - hours_today
        if left <= EPS:
            return 0.0, "day"
        limit = min(limit, left)
    if gallop_hours is not None:
        left = gallop_hours - galloped
        if left <= EPS:
            return 0.0, "mount"
        limit = min(limit, left)
    return limit, ""


def days_distance(hour_km: Callable[[int, dict[str, Any]], float], days: float,
                  hours_per_day: float, terrain: dict[str, Any] | None = None) -> float:
    """How far ``days`` whole days of travel at ``hours_per_day`` go on one terrain, each day
    starting fresh (the reverse question asked in days)."""
    whole, part = divmod(days, 1)
    one_day = distance_in(hour_km, [], 0.0, 0.0, hours_per_day, terrain)[0]
    return whole * one_day + distance_in(hour_km, [], 0.0, 0.0, hours_per_day * part, terrain)[0]
