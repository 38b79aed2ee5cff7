"""Reading a session into the plain inputs of :mod:`.rules`: the plugin's table, its settings,
the route with each leg's terrain, the travellers and the clock.

Terrain comes only through ``session.terrain()`` (the terrain plugin's ``current_terrain`` hook,
whose answer carries the catalogue of terrain types under ``types``); without a terrain plugin
every leg is ordinary flat ground.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from gm_console import Said, format_clock, say
from gm_console_plugins.travel import rules

if TYPE_CHECKING:
    from gm_console import Session

PLUGIN = "travel"

DEFAULTS: dict[str, Any] = {
    "pace": "normal",
    "mode": "foot",
    "speed_m": 0.0,          # special mount, or a ship given by its speed per round
    "speed_kmh": 0.0,        # a ship given in km per hour
    "hours_per_day": 0.0,    # a ship's sailing hours a day (0 = the table's 8)
    "route": [],             # legs: {km, terrain, name}
    "done_km": 0.0,          # how far along the route the party is
    "hours_today": 0.0,      # hours travelled on travel_day
    "travel_day": 0,         # the clock day hours_today belongs to
    "galloped_hours": 0.0,   # on the current mount
    "idle_s": 0.0,           # seconds since the party last travelled (new_travel_day = pause)
    "odometer_km": 0.0,      # every km travelled, route or not
    "travellers": [],        # names; empty = every character
    "awaiting_saves": 0,     # the roll request the party waits for (forced march), 0 = none
    "plan_hours_per_day": 0.0,  # the plan's hours of travel a day (0 = the mode's day)
}

TRAVEL_SPEED = "travel"
"""The speed of ``[scopes]`` speeds (config/conditions.toml) the party's own speeds are read
at overland: a condition may slow travel and not a round's movement (``speed_factor =
{travel = 0.5}``)."""


def section(session: Session) -> dict[str, Any]:
    """The plugin's table with defaults for what it lacks (read-only use)."""
    own = session.state.get("plugins", {}).get(PLUGIN, {})
    return {**DEFAULTS, **own}


_kept_settings: tuple[Any, ...] = ()
"""The last :func:`settings` after what they were made of, written out: the session's own
``[plugins.travel.settings]``, config/travel.toml's ``[settings]`` and its modes."""


def settings(session: Session) -> dict[str, Any]:
    """Every ``[settings]`` key of config/travel.toml, as this session sees it; TravelError
    names a setting the rules cannot use.

    Kept while what they are made of is equal (a key of the planner read them four times,
    each a look-up of every setting and their checks); a copy for each caller."""
    global _kept_settings
    table = session.table(PLUGIN)
    configured, modes = table.get("settings", {}), list(table.get("modes", {}))
    # Written out, not compared with ==: True == 1 == 1.0, which the checks tell apart; and
    # the text is a copy, so a list changed in place is a change.
    made_of = repr((session.state.get("plugins", {}).get(PLUGIN, {}).get("settings", {}),
                    configured, modes))
    kept = _kept_settings
    if kept and kept[0] == made_of:
        return dict(kept[1])
    conf = {key: session.setting(PLUGIN, key) for key in configured}
    problems = rules.settings_problems(conf, modes)
    if problems:
        raise rules.TravelError(problems[0][1])
    _kept_settings = (made_of, conf)  # the session's and the file's own values, as ever
    return dict(conf)


def outside_factor(session: Session, mode: str) -> tuple[float, list[Said]]:
    """The product of every other plugin's multiplier on the distance covered
    (``travel_factors``: weather, a lame horse), and a step line for each; an entry that is not
    a number of 0 or more is left out, and its step line says so."""
    product, steps = 1.0, []
    for plugin, answer in session.host.call_each("travel_factors", session=session, mode=mode):
        for entry in answer if isinstance(answer, list) else [answer]:
            factor = entry.get("factor") if isinstance(entry, dict) else None
            if isinstance(factor, (int, float)) and not isinstance(factor, bool) and factor >= 0:
                product *= float(factor)
                steps.append(say("× {factor}: {why}", factor=rules.num(float(factor)),
                                 why=str(entry.get("why") or plugin)))
            else:
                steps.append(say("{plugin}: ignored {entry} (a travel factor is a number, 0 or "
                                 "more)", plugin=str(plugin), entry=repr(entry)))
    return product, steps


def party_factor(session: Session, conf: dict[str, Any], motion: rules.Motion,
                 sec: dict[str, Any] | None = None, explain: bool = False,
                 speeds: list[tuple[dict[str, Any], Any]] | None = None,
                 ) -> tuple[float, list[Said]]:
    """The slowest traveller's part in the distances (:func:`rules.party_factor`), and with
    ``explain`` the line saying which rule applies. Without it, each traveller's speed is read
    only when the setting party_pace asks for it ("table": the home line's summary reads no
    sheet). ``speeds``: :func:`traveller_speeds`, when the caller has them."""
    if not explain and conf.get("party_pace", "table") != "slowest":
        return 1.0, []
    found = traveller_speeds(session, sec or section(session)) if speeds is None else speeds
    return rules.party_factor(session.table(PLUGIN), conf, motion, metres(found),
                              session.language)


_kept_metres: tuple[Any, list[tuple[str, float]]] = (None, [])
"""The last list of traveller speeds :func:`metres` read, held, and what it read there."""


def metres(speeds: list[tuple[dict[str, Any], Any]]) -> list[tuple[str, float]]:
    """(name, metres a round at travel) of each traveller of ``speeds``
    (:func:`traveller_speeds`), to be read and never changed: the planner's kept list is the
    same object from key to key (a pace changed), and its 50 speeds are not read again for
    the slowest traveller and for who stops the party at each."""
    global _kept_metres
    if _kept_metres[0] is not speeds:  # held: no other list can take its id meanwhile
        _kept_metres = (speeds, [(str(c.get("name", "")), speed.m_for(TRAVEL_SPEED))
                                 for c, speed in speeds])
    return _kept_metres[1]


def hour_distances(session: Session, table: dict[str, Any], conf: dict[str, Any],
                   motion: rules.Motion, product: float | None = None,
                   ) -> Callable[[int, dict[str, Any]], float]:
    """The rules' km in each hour of the day, times the other plugins' factors and the
    slowest traveller's (setting party_pace); ``product``: those factors multiplied, when the
    caller has them (the summary: the other plugins and the travellers asked once)."""
    by_hour = rules.hour_distances(table, conf, motion)
    if product is None:
        product = (outside_factor(session, motion.mode)[0]
                   * party_factor(session, conf, motion)[0])
    if product == 1.0:
        return by_hour
    return lambda k, terrain: by_hour(k, terrain) * product


def motion(sec: dict[str, Any]) -> rules.Motion:
    return rules.Motion(pace=str(sec["pace"]), mode=str(sec["mode"]),
                        speed_m=float(sec["speed_m"]), speed_kmh=float(sec["speed_kmh"]),
                        hours_per_day=float(sec["hours_per_day"]))


def plan_hours(table: dict[str, Any], conf: dict[str, Any], sec: dict[str, Any]) -> float:
    """The hours a day the plan travels, and ``travel.advance hours=end`` with it: the
    planner's (travel.plan), else the mode's day (8 h, a ship's own). A mode that owes no
    forced-march saves (a ship) never plans more than its own day: it stops there."""
    motion_now = motion(sec)
    own = rules.day_hours(table, motion_now)
    planned = float(sec.get("plan_hours_per_day") or 0.0) or own
    return planned if motion_now.mode in conf["forced_march_modes"] else min(planned, own)


def kept_terrain(session: Session) -> dict[str, Any] | None:
    """``session.terrain()``'s answer kept until what it read changes (the terrain plugin's
    section), for the planner's screen: a pace or a mode changed does not ask the terrain
    plugin again for the current terrain and every type of its catalogue. The kept answer
    itself, to be read and never changed; not inside derived values (as
    :func:`traveller_speeds`)."""
    return session.kept("travel.terrain", lambda reading: reading.terrain(), shared=True)


def terrain_now(session: Session) -> dict[str, Any]:
    """The party's terrain without the catalogue, or flat ground when no plugin knows."""
    return terrain_of(session.terrain())


def terrain_of(found: dict[str, Any] | None) -> dict[str, Any]:
    """:func:`terrain_now` from ``session.terrain()``'s answer ``found``, for a caller that
    needs the catalogue too (one question to the terrain plugin, not two)."""
    if not found:
        return dict(rules.FLAT)
    return {k: v for k, v in found.items() if k != "types"}


def catalogue(session: Session) -> dict[str, dict[str, Any]] | None:
    """Terrain types by key, or None when no loaded plugin offers them."""
    return catalogue_of(session.terrain())


def catalogue_of(found: dict[str, Any] | None) -> dict[str, dict[str, Any]] | None:
    """:func:`catalogue` from ``session.terrain()``'s answer ``found``."""
    return found.get("types") if found and found.get("types") else None


def leg_terrain(known: dict[str, dict[str, Any]] | None, key: str) -> dict[str, Any]:
    if known and key in known:
        return known[key]
    label: str = key.replace("_", " ") or say("flat terrain")
    if known is not None:
        label = say("{terrain} (not a known terrain: ordinary)", terrain=label)
    return {"key": key, "label": label, "difficult": False, "cost": 1.0}


def legs(session: Session, sec: dict[str, Any] | None = None) -> list[rules.Leg]:
    return legs_of(sec or section(session), catalogue(session))


def legs_of(sec: dict[str, Any], known: dict[str, dict[str, Any]] | None) -> list[rules.Leg]:
    """The route's legs, each with its terrain from the catalogue ``known``."""
    return [rules.Leg(km=float(leg["km"]), terrain=leg_terrain(known, str(leg.get("terrain", ""))),
                      name=str(leg.get("name", ""))) for leg in sec["route"]]


def clock_seconds(session: Session) -> int:
    """The in-game clock as seconds since day 1, 00:00."""
    clock = session.clock
    return (int(clock.get("day", 1)) - 1) * 86400 + int(clock.get("second", 0))


def clock_text(seconds: float, day_word: str = "Day") -> str:
    whole = round(seconds)
    return format_clock({"day": whole // 86400 + 1, "second": whole % 86400}, day_word)


def days_by_clock(sec: dict[str, Any], conf: dict[str, Any]) -> bool:
    """Whether midnight starts a new day of travel: always with new_travel_day = clock_day;
    with "pause", for the modes that owe no forced-march saves (a ship keeps its own hours per
    calendar day, and one sailing 24 h never pauses)."""
    return conf["new_travel_day"] == "clock_day" or (
        conf["new_travel_day"] == "pause" and sec["mode"] not in conf["forced_march_modes"])


def new_day(session: Session, sec: dict[str, Any], conf: dict[str, Any]) -> bool:
    """Whether the clock is on another day than the one the hours were counted on, and that
    starts a new day of travel (:func:`days_by_clock`)."""
    return days_by_clock(sec, conf) and int(sec["travel_day"]) != int(session.clock.get("day", 1))


def hours_today(session: Session, sec: dict[str, Any], conf: dict[str, Any]) -> float:
    """Hours travelled today (0 on a new day)."""
    return 0.0 if new_day(session, sec, conf) else float(sec["hours_today"])


def saves_awaited(state: dict[str, Any], sec: dict[str, Any]) -> int:
    """The roll request of forced-march saves the party still waits for; 0 when none is
    awaited or the game master cancelled it."""
    request = int(sec["awaiting_saves"])
    pending = [int(r.get("id", 0)) for r in state.get("rolls", {}).get("pending", [])]
    return request if request and request in pending else 0


def gallop_hours(conf: dict[str, Any], motion: rules.Motion) -> float | None:
    """How long a mount gallops before a fresh one is needed; None when not galloping."""
    return float(conf["gallop_hours_per_mount"]) if motion.mode == "gallop" else None


def galloped_hours(session: Session, sec: dict[str, Any], conf: dict[str, Any]) -> float:
    """Hours the current mount has galloped (0 on a new day: it rested overnight)."""
    return 0.0 if new_day(session, sec, conf) else float(sec["galloped_hours"])


def travellers(session: Session, sec: dict[str, Any]) -> list[dict[str, Any]]:
    """The characters travelling (all of them unless named), the dead left behind."""
    return _travellers(session, {str(n).casefold() for n in sec["travellers"]})


def _travellers(session: Session, names: set[str]) -> list[dict[str, Any]]:
    most = rules.last_exhaustion_level(session.table("exhaustion"))
    return [c for c in session.characters
            if (not names or str(c.get("name", "")).casefold() in names)
            and int(c.get("exhaustion", 0) or 0) < most]


def traveller_speeds(session: Session, sec: dict[str, Any], kept: bool = False,
                     ) -> list[tuple[dict[str, Any], Any]]:
    """Each traveller (:func:`travellers`) with its speed (``session.speed``): what the
    planner's summary reads once for the party's pace and for who stops the party.

    ``kept`` (the planner's): the list kept while the travellers named, the sheets and what
    each speed reads stay the same, so that a pace or a mode changed (the plugin's own
    table) reads it from the cache, not 50 speeds again, each a look-up and a copy; the kept
    list itself, to be read and never changed. Not inside derived values (``show --json``'s
    travel): a plugin that reads another's derived value from its own recurses until Python
    stops it, and where it stops must not move into this plugin's summary."""
    names = {str(n).casefold() for n in sec["travellers"]}
    if not kept:
        return [(character, session.speed(character))
                for character in _travellers(session, names)]
    return session.kept(f"travel.traveller_speeds:{sorted(names)}", lambda reading: [
        (character, reading.speed(character)) for character in _travellers(reading, names)],
        shared=True)


def stopped_by(session: Session, sec: dict[str, Any], conf: dict[str, Any],
               speeds: list[tuple[dict[str, Any], Any]] | None = None) -> list[Said]:
    """Why the party cannot move: each traveller whose speed is 0, with the step that made it
    so (exhaustion 5, a load too heavy...). ``speeds``: :func:`traveller_speeds`, when the
    caller has them."""
    if sec["mode"] not in conf["speed_zero_stops_modes"]:
        return []
    reasons = []
    found = traveller_speeds(session, sec) if speeds is None else speeds
    for (character, speed), (_, metres_now) in zip(found, metres(found)):
        if metres_now == 0:
            why = next((line for line in speed.steps if "→ 0 mv" in line), speed.steps[-1])
            reasons.append(say("{name} cannot move: speed 0 ({why})",
                               name=str(character.get("name")), why=why))
    return reasons
