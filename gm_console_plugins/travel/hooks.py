"""The travel plugin: pace, modes of travel, the route and travelling along it (RULES.md 1.1
to 1.4), with terrain read from the terrain plugin through ``session.terrain()``.

Contributes the operations of :mod:`.ops`, the ``travel`` derived values of
``gm-console show --json`` (:mod:`.summary`), the travel planner screen, and its session table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import (MAX_NUMBER, ScreenSpec, SectionSpec, hookimpl, hookspec, plugin_labels,
                        say)
from gm_console_plugins.travel import ops, reading, rules
from gm_console_plugins.travel.summary import onward, summary

if TYPE_CHECKING:
    from gm_console import OpContext, Session


class hookspecs:
    """Hooks this plugin declares for others (implemented with ``@hookimpl(optionalhook=True)``:
    this plugin may not be loaded)."""

    @hookspec(firstresult=True)
    def terrain_prompt(self, session: Any) -> dict[str, Any] | None:
        """How the planner's Terrain key (t) changes the party's terrain, from the plugin that
        keeps it: ``{"read"}``, where ``read(text)`` turns the key typed into
        ``(operation, params)`` (its own operation).

        Example::

            @hookimpl(optionalhook=True)
            def terrain_prompt(session):
                return {"read": lambda text: ("terrain.set", {"terrain": text})}
        """

    @hookspec
    def travel_veto(self, session: Session, mode: str, action: str) -> str | None:
        """Forbid a mode of travel (``action`` "mode": ``travel.mode`` choosing ``mode``) or
        setting off in it (``action`` "depart": ``travel.advance``, and each morning after a
        night's halt on the way to the end): the reason, shown to the game master with the
        plugin's name in the refusal; None lets the party go. The planner and ``show --json``
        (``travel.vetoed``) say it too; the route, its plan and the arrival stay as they are,
        for when the party may go.

        Example (a storm keeps ships in port)::

            @hookimpl(optionalhook=True)
            def travel_veto(session, mode, action):
                storm = session.state.get("plugins", {}).get("weather", {}).get("storm")
                if storm and mode == "ship" and action == "depart":
                    return "the storm keeps ships in port"
                return None
        """

    @hookspec
    def travel_day_started(self, ctx: OpContext, day: int, why: str) -> None:
        """A new day of travel began (RULES.md 1.2: the hours travelled today are back to 0),
        on clock day ``day``. ``why``: "halt" (a night's halt on the way to the end: the clock
        has moved on to the departure hour), "new_day" (``travel.new_day``, which moves the
        clock the same way), "long rest" or "pause" (the setting new_travel_day), "clock_day"
        (midnight, with new_travel_day = clock_day, when the party next travels). Called inside
        the operation: what the plugin changes is part of it, undone with it.

        Example (a ration a day for each traveller)::

            @hookimpl(optionalhook=True)
            def travel_day_started(ctx, day, why):
                rations = ctx.section("rations")
                rations["left"] = max(0, rations.get("left", 0) - len(ctx.characters))
                ctx.journal(say("day {day}: rations eaten", day=day), kind="rations")
        """


@hookimpl
def register_operations(register) -> None:
    for operation in ops.OPERATIONS:
        register(operation)


def _planner(store: Any) -> Any:
    from gm_console_plugins.travel.screens import (
        TravelPlanner,  # Textual only when opened
    )

    return TravelPlanner(store)


@hookimpl
def register_screens(register) -> None:
    register(ScreenSpec("travel.planner", "f6", "Travel: planner (pace, mode, route, arrival)",
                        _planner))


@hookimpl
def home_status(session: Session) -> str | None:
    values = summary(session, party=False)
    if "error" in values:
        return None
    own = plugin_labels(__file__, session.language)

    def t(text: str) -> str:
        return own.get(text, text)

    where = f"{t('Travel')}{t(': ')}{t(values['pace_label'])} · {values['mode_label']} · " \
            f"{values['terrain_label']}"
    if not values["route"]:
        return where
    done = f"{rules.num(round(values['done_km'], 2))}/{rules.num(round(values['route_km'], 2))}"
    if session.language == "fr":
        done = done.replace(".", ",")
    done += " km"
    arrival = values["arrival"]
    if arrival is None:
        return f"{where} · {done} · {t('arrived')}"
    when = arrival["text"].replace("Day", "Jour") if session.language == "fr" else arrival["text"]
    return f"{where} · {done} · {t('arrival')} {when}"


def _validate(section: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    problems: list[tuple[tuple[Any, ...], str]] = []
    for key in ("pace", "mode"):
        if not isinstance(section.get(key, ""), str):
            problems.append(((key,), say("{key} must be text, e.g. \"{example}\"", key=key,
                                         example=reading.DEFAULTS[key])))
    for key in ("speed_m", "speed_kmh", "hours_per_day", "done_km", "hours_today",
                "galloped_hours", "odometer_km", "idle_s", "plan_hours_per_day"):
        value = section.get(key, 0)
        most = rules.MOST_RECORDED.get(key, MAX_NUMBER)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            problems.append(((key,), say("{key} must be a number, 0 or more", key=key)))
        elif not value <= most:  # nan and inf too
            problems.append(((key,), say("{key} = {value} is beyond the most the rules count "
                                         "({most}): a number mistyped", key=key, value=value,
                                         most=rules.num(most))))
    plan = section.get("plan_hours_per_day", 0)
    if isinstance(plan, (int, float)) and not isinstance(plan, bool) and 0 < plan < 1:
        problems.append((("plan_hours_per_day",), say("plan_hours_per_day must be 0 (the "
                                                      "mode's day) or from 1 to 24")))
    route = section.get("route", [])
    if not isinstance(route, list):
        return problems + [(("route",), say("route must be an array of tables {km, terrain, "
                                             "name}"))]
    for index, leg in enumerate(route):
        km = leg.get("km") if isinstance(leg, dict) else None
        if isinstance(km, bool) or not isinstance(km, (int, float)) or km <= 0:
            problems.append((("route", index), say("each leg needs km, a number more than 0")))
        elif not isinstance(leg.get("terrain", ""), str):
            problems.append((("route", index), say("a leg's terrain must be a terrain key "
                                                   "(text)")))
    if not isinstance(section.get("travellers", []), list):
        problems.append((("travellers",), say("travellers must be a list of character names")))
    settings = section.get("settings", {})
    if not isinstance(settings, dict):
        return problems + [(("settings",), say("settings must be a table "
                                               "([plugins.travel.settings])"))]
    problems += [(("settings", key), message)
                 for key, message in rules.settings_problems(settings, ops.MODES)]
    return problems


@hookimpl
def register_sections(register) -> None:
    register(SectionSpec(reading.PLUGIN, defaults=dict(reading.DEFAULTS), validate=_validate))


@hookimpl
def session_derived(session: Session) -> dict[str, Any]:
    return {"travel": {**summary(session), "onward": onward(session),
                       "onward_nonstop": onward(session, nonstop=True)}}


@hookimpl
def time_passed(ctx: OpContext, seconds: int, reason: str) -> None:
    # new_travel_day = "rest": only a long rest (or travel.new_day) starts a new day of travel;
    # "pause": a long rest too, or pause_hours in a row without travelling. ("clock_day" is
    # read from the clock by reading.new_day.)
    when = ctx.setting(reading.PLUGIN, "new_travel_day")
    if when == "clock_day":
        return
    sec = ctx.section(reading.PLUGIN)
    if reason == "travel":
        sec["idle_s"] = 0.0
        return
    restart = reason == "long rest"
    if when == "pause":
        sec["idle_s"] = float(sec.get("idle_s", 0.0)) + seconds
        restart = restart or sec["idle_s"] >= float(ctx.setting(reading.PLUGIN,
                                                                "pause_hours")) * 3600
    if restart and (sec.get("hours_today") or sec.get("galloped_hours")):
        ops.start_travel_day(ctx, sec, "long rest" if reason == "long rest" else "pause")
