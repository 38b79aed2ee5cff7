"""The hooks the travel plugin declares for others (its ``hookspecs``): a veto on a mode or a
departure (a storm keeps ships in port), and a new day of travel that every plugin hears, with
the clock moved as the rule says. Written as an outside plugin would be: a loose file."""

from __future__ import annotations

from pathlib import Path

import pytest
from applying import ok, refused
from test_host import write_settings

from gm_console.headless import show
from gm_console.host.manager import Host
from gm_console.state.store import Store
from gm_console.ui import Value

HARBOUR = """
from gm_console import hookimpl, say

@hookimpl(optionalhook=True)
def travel_veto(session, mode, action):
    weather = session.state.get("plugins", {}).get("harbour", {})
    if weather.get("storm") and mode == "ship" and action == "depart":
        return "the storm keeps ships in port"
    if weather.get("no_griffons") and mode == "special" and action == "mode":
        return "no griffon will fly in this wind"
    return None

@hookimpl(optionalhook=True)
def travel_day_started(ctx, day, why):
    heard = ctx.section("harbour").setdefault("days", [])
    heard.append([day, ctx.clock["second"], why, ctx.state["plugins"]["travel"]["hours_today"]])
    if ctx.section("harbour").get("storm_at_night"):  # the storm comes in with the night
        ctx.section("harbour")["storm"] = True
    ctx.journal(say("day {day}: rations eaten", day=day), kind="rations")
"""


def harbour_in(tmp_path: Path, make_store, language: str = "en") -> Store:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "harbour.py").write_text(HARBOUR)
    write_settings(tmp_path, f'language = "{language}"\n[plugins]\nfolders = ["{folder}"]\n')
    host = Host().load()
    assert host.plugins["harbour"].status == "loaded", host.plugins["harbour"].error
    return Store(make_store([{"name": "Aria", "constitution": 14}]).state, host)


@pytest.fixture
def harbour(tmp_path: Path, make_store) -> Store:
    return harbour_in(tmp_path, make_store)


def _set(store: Store, **harbour) -> None:
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "harbour": harbour}
    store.state = state


def test_the_hooks_are_declared_by_the_travel_plugin(host):
    assert host.declared_hooks["travel_veto"] == "travel"
    assert host.declared_hooks["travel_day_started"] == "travel"


def test_a_storm_keeps_ships_in_port_and_the_refusal_names_it(harbour):
    ok(harbour, "travel.mode", mode="ship", speed_kmh=5)
    ok(harbour, "travel.leg", km=40, terrain="plain")
    before = show(harbour)["travel"]
    _set(harbour, storm=True)
    reason = refused(harbour, "travel.advance", hours="end")
    assert reason == ("ship: the party cannot set off: the storm keeps ships in port "
                      "(harbour)")
    assert "the storm keeps ships in port" in refused(harbour, "travel.advance", hours="2")
    travel = show(harbour)["travel"]
    assert travel["vetoed"] == ["the storm keeps ships in port (harbour)"]
    # show --json keeps its shape: the route and its plan stay, for when the ship may sail
    for key in ("route", "remaining_km", "remaining_hours", "remaining_seconds", "arrival"):
        assert travel[key] == before[key], key
    assert "error" not in travel
    ok(harbour, "travel.mode", mode="foot")  # the ship is kept in port, not the walkers
    assert ok(harbour, "travel.advance", hours="1").data["km"] == 4.5


def test_a_vetoed_mode_cannot_be_chosen(harbour):
    _set(harbour, no_griffons=True)
    assert refused(harbour, "travel.mode", mode="special", speed_m=27) == (
        "special mount is not possible now: no griffon will fly in this wind (harbour)")
    assert harbour.state["plugins"]["travel"]["mode"] == "foot"
    ok(harbour, "travel.mode", mode="ship", speed_kmh=5)


def test_a_storm_in_the_night_stops_the_journey_at_the_morning(harbour):
    ok(harbour, "travel.mode", mode="ship", speed_kmh=5)
    ok(harbour, "travel.leg", km=80, terrain="plain")
    _set(harbour, storm_at_night=True)
    outcome = ok(harbour, "travel.advance", hours="end")
    assert outcome.data["stopped_by"] == "vetoed"
    assert "the party cannot set off: the storm keeps ships in port (harbour)" in \
        outcome.message
    assert (harbour.state["clock"]["day"], harbour.state["clock"]["second"]) == (2, 8 * 3600)
    assert harbour.state["plugins"]["travel"]["done_km"] == 40


def test_every_plugin_hears_a_new_day_of_travel_with_the_clock_moved(harbour):
    ok(harbour, "travel.leg", km=60, terrain="plain")
    outcome = ok(harbour, "travel.advance", hours="end")  # 8 h, a night's halt, 24 km more
    days = harbour.state["plugins"]["harbour"]["days"]
    assert days == [[2, 8 * 3600, "halt", 0.0]]  # heard at the departure hour, hours at 0
    assert any(line["text"] == "day 2: rations eaten" for line in outcome.journal)
    ok(harbour, "travel.new_day")  # from 13:20: the clock moves on to 08:00 the next day
    assert harbour.state["plugins"]["harbour"]["days"][-1] == [3, 8 * 3600, "new_day", 0.0]
    assert harbour.undo().ok  # the plugin's change is part of the operation, undone with it
    assert len(harbour.state["plugins"]["harbour"]["days"]) == 1
    assert (harbour.state["clock"]["day"], harbour.state["clock"]["second"]) == \
        (2, 13 * 3600 + 20 * 60)


def test_a_long_rest_starts_a_new_day_of_travel_that_plugins_hear(harbour):
    ok(harbour, "travel.advance", hours="3")
    ok(harbour, "rest.long")
    assert harbour.state["plugins"]["harbour"]["days"][-1][2] == "long rest"
    assert harbour.state["plugins"]["travel"]["hours_today"] == 0


@pytest.mark.parametrize(("language", "stopped", "refusal"), [
    ("en", "■ Stopped: the storm keeps ships in port (harbour)",
     "ship: the party cannot set off: the storm keeps ships in port (harbour)"),
    ("fr", "■ Arrêté : the storm keeps ships in port (harbour)",
     "navire : le groupe ne peut pas partir : the storm keeps ships in port (harbour)")])
async def test_the_planner_shows_the_veto_and_the_key_is_refused_with_it(
        tmp_path, make_store, make_app, language, stopped, refusal):
    store = harbour_in(tmp_path, make_store, language)
    ok(store, "travel.mode", mode="ship", speed_kmh=5)
    ok(store, "travel.leg", km=40, terrain="plain")
    _set(store, storm=True)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        today = pilot.app.screen.query_one("#tp-today", Value).shown
        assert stopped in today.splitlines()
        await pilot.press("g")
        await pilot.pause()
        assert any(refusal in str(notice.message) for notice in pilot.app._notifications)
        assert store.state["clock"]["second"] == 8 * 3600
