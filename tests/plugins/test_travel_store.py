"""The travel and terrain plugins through the store: operations, roll requests, derived values,
as `gm-console op` and `show --json` use them."""

from __future__ import annotations

import pytest
from applying import ok, refused
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from gm_console.headless import show


PACES = ("fast", "normal", "slow")


def travel(store) -> dict:
    return show(store)["travel"]


def clock(store) -> tuple[int, str]:
    second = store.state["clock"]["second"]
    return store.state["clock"]["day"], f"{second // 3600:02d}:{second % 3600 // 60:02d}"


def pending(store) -> list[dict]:
    return store.state.get("rolls", {}).get("pending", [])


def exhaustion(store, name: str) -> int:
    return next(c for c in store.state["characters"] if c["name"] == name)["exhaustion"]


# -- derived values -----------------------------------------------------------------------------


def test_show_json_has_the_documented_travel_keys(store):
    values = travel(store)
    for key in ("pace", "mode", "terrain", "per_minute_m", "per_hour_km", "per_day_km",
                "hours_today", "next_forced_march_dc", "remaining_km", "remaining_hours"):
        assert key in values, key
    assert (values["pace"], values["mode"], values["terrain"]) == ("normal", "foot", "plain")
    assert (values["per_minute_m"], values["per_hour_km"], values["per_day_km"]) == (90, 4.5, 36)
    assert values["hours_today"] == 0 and values["next_forced_march_dc"] is None
    assert values["remaining_km"] == 0 and values["remaining_hours"] == 0


@pytest.mark.parametrize(("pace", "figures", "perception", "stealth"), [
    ("fast", (120, 6, 45), -5, False), ("normal", (90, 4.5, 36), 0, False),
    ("slow", (60, 3, 27), 0, True)])
def test_pace(store, pace, figures, perception, stealth):
    ok(store, "travel.pace", pace=pace)
    values = travel(store)
    assert (values["per_minute_m"], values["per_hour_km"], values["per_day_km"]) == figures
    assert values["effect"]["passive_perception"] == perception
    assert values["effect"]["stealth"] is stealth


def test_an_unknown_pace_is_refused_with_the_choices(store):
    assert "not one of fast, normal, slow" in refused(store, "travel.pace", pace="brisk")


def test_difficult_terrain_halves_and_other_plugins_read_it(store):
    ok(store, "travel.terrain", terrain="swamp")
    values = travel(store)
    assert (values["terrain"], values["difficult"]) == ("swamp", True)
    assert (values["per_minute_m"], values["per_hour_km"], values["per_day_km"]) == (45, 2.25, 18)
    seen = store.session.terrain()
    assert (seen["key"], seen["label"], seen["difficult"]) == ("swamp", "swamp", True)
    assert show(store)["terrain"]["current"]["key"] == "swamp"


def test_an_unknown_terrain_is_refused_with_the_known_ones(store):
    reason = refused(store, "travel.terrain", terrain="lava")
    assert "unknown terrain 'lava'" in reason and "dense_forest" in reason


@pytest.mark.parametrize(("params", "pace", "figures"), [
    ({"mode": "gallop"}, "fast", (240, 12, 96)),
    ({"mode": "vehicle"}, "normal", (90, 4.5, 36)),
    ({"mode": "ship", "speed_kmh": 3, "hours_per_day": 24}, "fast", (50, 3, 72)),
    ({"mode": "special", "speed_m": 27}, "fast", (360, 18, 135)),
    ({"mode": "mounted"}, "fast", (120, 6, 45)),
])
def test_modes(store, params, pace, figures):
    ok(store, "travel.pace", pace="fast")
    ok(store, "travel.mode", **params)
    values = travel(store)
    assert values["pace"] == pace
    assert (values["per_minute_m"], values["per_hour_km"], values["per_day_km"]) == figures


def test_a_ship_ignores_the_pace_and_its_effects(store):
    ok(store, "travel.mode", mode="ship", speed_kmh=3)
    ok(store, "travel.pace", pace="fast")
    values = travel(store)
    assert (values["pace"], values["per_hour_km"]) == ("fast", 3)
    assert values["effect"]["passive_perception"] == 0


def test_a_vehicle_refuses_another_pace(store):
    ok(store, "travel.mode", mode="vehicle")
    assert "normal pace only" in refused(store, "travel.pace", pace="fast")


def test_modes_that_need_a_speed_say_so(store):
    assert "speed_m" in refused(store, "travel.mode", mode="special")
    assert "own speed" in refused(store, "travel.mode", mode="ship")
    assert "ship only" in refused(store, "travel.mode", mode="foot", hours_per_day=12)


def test_operations_document_their_parameters(host):
    described = {name: op.describe() for name, op in host.operations.items()}
    for name in ("travel.pace", "travel.mode", "travel.terrain", "travel.leg", "travel.advance"):
        assert name in described
        assert all(param["help"] for param in described[name]["params"])
    mode = {p["name"]: p for p in described["travel.mode"]["params"]}
    assert mode["mode"]["choices"] == ["foot", "mounted", "gallop", "vehicle", "ship", "special"]
    assert {"speed_m", "speed_kmh", "hours_per_day"} <= set(mode)


# -- a route ------------------------------------------------------------------------------------


def test_a_mixed_route_planned_then_travelled(store):
    ok(store, "travel.leg", km=20, terrain="road")
    ok(store, "travel.leg", km=9, terrain="dense_forest", name="old wood")
    values = travel(store)
    assert [leg["hours"] for leg in values["route"]] == [4.444, 4]
    assert (values["remaining_km"], values["remaining_hours"]) == (29, 8.444)
    # 8 h on day 1 from 08:00, the last 0.444 h from 08:00 on day 2.
    assert values["arrival"]["text"] == "Day 2, 08:26"
    assert [leg["ends"]["text"] for leg in values["route"]] == ["Day 1, 12:26", "Day 2, 08:26"]
    outcome = ok(store, "travel.advance", hours="4")
    assert outcome.data["km"] == 18
    assert store.state["plugins"]["terrain"]["current"] == "road"  # entered the road leg
    ok(store, "travel.advance", hours="1")  # 2 km of road, then 5/9 h in the forest at 2.25
    assert store.session.terrain()["key"] == "dense_forest"
    assert travel(store)["done_km"] == pytest.approx(21.25)
    assert travel(store)["arrival"]["text"] == "Day 2, 08:26"  # as planned at the start
    undo_to = len(store.state["journal"])
    outcome = ok(store, "travel.advance", hours="end")  # as planned: 8 h a day
    assert "arrived at the end of the route" in outcome.message
    assert "night's halt until Day 2, 08:00" in outcome.message
    assert travel(store)["remaining_km"] == 0
    assert clock(store) == (2, "08:26")
    assert "already at the end" in refused(store, "travel.advance", hours="end")
    assert store.undo().ok and len(store.state["journal"]) == undo_to + 1
    outcome = ok(store, "travel.advance", hours="end", nonstop=True)
    assert "night's halt" not in outcome.message
    assert clock(store) == (1, "16:26")  # the last 26 min are the 9th hour: no save yet


def test_the_end_of_the_route_without_a_nights_halt_is_travelled_as_onward_says(store):
    """Without a night's halt (nonstop), past the 8th hour each hour is a forced march.
    ``onward_nonstop`` says what that advance will do."""
    ok(store, "travel.leg", km=60, terrain="plain")
    values = travel(store)
    assert values["arrival"]["text"] == "Day 2, 13:20"  # 36 km on day 1, 24 km from 08:00
    assert (values["onward"]["until"]["text"], values["onward"]["halts"]) == ("Day 2, 13:20", 1)
    trip = values["onward_nonstop"]
    assert (trip["hours"], trip["km"], trip["stop"], trip["until"]["text"]) == \
        (13.333, 60, "", "Day 1, 21:20")
    assert trip["forced_march_dcs"] == [11, 12, 13, 14, 15]  # hours 9 to 13; the 14th unfinished
    dcs = []
    ok(store, "travel.advance", hours="end", nonstop=True)
    while pending(store):  # everyone makes every save: nothing stops the party
        dcs.append(pending(store)[0]["rolls"][0]["dc"])
        ok(store, "roll.resolve", results="Aria=20,Bram=20")
    assert dcs == trip["forced_march_dcs"]
    assert any("arrived at the end of the route" in line["text"]
               for line in store.state["journal"][-3:])
    assert clock(store) == (1, "21:20")


def test_no_onward_while_the_party_waits_for_its_saves_unless_they_are_cancelled(store):
    ok(store, "travel.leg", km=60, terrain="plain")
    ok(store, "travel.advance", hours="end", nonstop=True)  # stops after the 9th hour: saves
    assert travel(store)["onward"] is None and travel(store)["onward_nonstop"] is None
    assert "waits for its forced-march saves" in refused(store, "travel.advance", hours="end")
    ok(store, "roll.cancel")
    assert travel(store)["onward_nonstop"]["until"]["text"] == "Day 1, 21:20"


@pytest.mark.parametrize(("mode", "stop", "until"), [
    ({"mode": "ship", "speed_kmh": 3, "hours_per_day": 8}, "day", "Day 1, 16:00"),
    ({"mode": "gallop"}, "mount", "Day 1, 09:00")])
def test_onward_stops_where_the_advance_stops(store, mode, stop, until):
    ok(store, "travel.mode", **mode)
    ok(store, "travel.leg", km=100, terrain="plain")
    trip = travel(store)["onward_nonstop"]
    assert (trip["stop"], trip["until"]["text"], trip["forced_march_dcs"]) == (stop, until, [])
    outcome = ok(store, "travel.advance", hours="end", nonstop=True)
    assert "arrived" not in outcome.message
    assert (f"Day {clock(store)[0]}, {clock(store)[1]}", travel(store)["remaining_km"]) == \
        (until, trip["remaining_km"])


def test_a_ship_sailing_past_midnight_starts_its_next_day_there_as_onward_says(store):
    ok(store, "clock.advance", minutes=12 * 60)  # 20:00: 4 h of the ship's day before midnight
    ok(store, "travel.mode", mode="ship", speed_kmh=3, hours_per_day=8)
    ok(store, "travel.leg", km=100, terrain="plain")
    trip = travel(store)["onward_nonstop"]
    assert (trip["hours"], trip["until"]["text"]) == (12, "Day 2, 08:00")
    ok(store, "travel.advance", hours="end", nonstop=True)
    assert clock(store) == (2, "08:00")


def test_legs_are_checked(store):
    assert "unknown terrain 'moon'" in refused(store, "travel.leg", km=3, terrain="moon")
    assert "more than 0 km" in refused(store, "travel.leg", km=0, terrain="road")
    assert "no route" in refused(store, "travel.advance", hours="end")
    ok(store, "travel.leg", km=5)  # the current terrain by default
    assert store.state["plugins"]["travel"]["route"][0]["terrain"] == "plain"


def test_a_travelled_leg_cannot_be_removed(store):
    ok(store, "travel.leg", km=4.5, terrain="road")
    ok(store, "travel.leg", km=9, terrain="road")
    ok(store, "travel.advance", hours="1")
    assert "already (partly) travelled" in refused(store, "travel.leg_remove", leg=1)
    ok(store, "travel.leg_remove", leg=2)
    assert "no leg 2" in refused(store, "travel.leg_remove", leg=2)
    ok(store, "travel.route_clear")
    assert travel(store)["route"] == []


def test_the_reverse_is_in_the_hours_asked(store):
    assert "hours must be a number" in refused(store, "travel.advance", hours="soon")
    assert "more than 0" in refused(store, "travel.advance", hours="-2")


# -- forced march -------------------------------------------------------------------------------


def test_a_twelve_hour_forced_march(store):
    outcome = ok(store, "travel.advance", hours="12")
    assert "Constitution save DC 11" in outcome.message
    assert clock(store) == (1, "17:00")
    dcs, expressions = [], []
    # Aria (Con 14) fails every save, Bram (Con 16) makes them all.
    for _ in range(4):
        (request,) = pending(store)
        dcs.append(request["rolls"][0]["dc"])
        expressions.append(request["rolls"][0]["expression"])
        ok(store, "roll.resolve", results="Aria=1,Bram=20")
    assert dcs == [11, 12, 13, 14]
    # From exhaustion 3 on, saves are rolled with disadvantage (RULES.md 1.3).
    assert expressions == ["1d20+2", "1d20+2", "1d20+2", "2d20kl1+2"]
    assert (exhaustion(store, "Aria"), exhaustion(store, "Bram")) == (4, 0)
    assert pending(store) == []
    assert clock(store) == (1, "20:00")
    values = travel(store)
    assert (values["hours_today"], values["odometer_km"], values["next_forced_march_dc"]) == \
        (12, 36 + 4 * 4.5, 15)
    texts = [line["text"] for line in store.state["journal"]]
    assert "Aria fails the forced-march save (1 vs DC 14): exhaustion 3 → 4 " \
           "(hit point maximum halved)" in texts
    assert "Bram makes the forced-march save (20 vs DC 11)" in texts


def test_the_party_waits_for_its_saves_unless_they_are_cancelled(store):
    assert "no forced-march saves are awaited" in \
        refused(store, "travel.forced_march_saves", request={}, outcomes=[])
    ok(store, "travel.advance", hours="9")
    assert "waits for its forced-march saves" in refused(store, "travel.advance", hours="1")
    ok(store, "roll.cancel")
    ok(store, "travel.advance", hours="1")
    assert [r["rolls"][0]["dc"] for r in pending(store)] == [12]


def test_a_traveller_at_speed_0_stops_the_party(store):
    ok(store, "character.set", character="Bram", field="exhaustion", value="5")
    outcome = ok(store, "travel.advance", hours="3")
    assert outcome.data["km"] == 0
    assert "Bram cannot move: speed 0" in outcome.message and "exhaustion 5" in outcome.message
    assert travel(store)["stopped_by"]


def test_exhaustion_5_on_the_way_stops_the_party_after_the_saves(store):
    ok(store, "character.set", character="Aria", field="exhaustion", value="4")
    ok(store, "travel.advance", hours="11")
    outcome = ok(store, "roll.resolve", results="Aria=1,Bram=20")
    assert exhaustion(store, "Aria") == 5
    assert any("Aria cannot move: speed 0" in line["text"] for line in outcome.journal)
    assert clock(store) == (1, "17:00")


def test_travellers_can_be_chosen(store):
    ok(store, "travel.travellers", names="Aria")
    ok(store, "travel.advance", hours="9")
    assert [roll["who"] for roll in pending(store)[0]["rolls"]] == ["Aria"]
    assert "no character named 'Zed'" in refused(store, "travel.travellers", names="Zed")


def test_a_night_without_travel_restarts_the_hours(store):
    ok(store, "travel.advance", hours="6")
    assert travel(store)["hours_today"] == 6
    ok(store, "clock.advance", hours=16)
    assert travel(store)["hours_today"] == 0
    ok(store, "travel.advance", hours="8")
    assert pending(store) == []


def test_a_short_halt_does_not_restart_the_hours(store):
    ok(store, "travel.advance", hours="6")
    ok(store, "clock.advance", hours=2)  # a meal, a fight: under pause_hours
    ok(store, "travel.advance", hours="3")
    assert pending(store)[0]["title"] == "Forced march, hour 9: Constitution save DC 11"


def test_a_march_past_midnight_still_owes_its_saves(store):
    ok(store, "clock.advance", hours=12)  # set off at 20:00
    ok(store, "travel.advance", hours="10")
    assert clock(store) == (2, "05:00")  # the 9th hour ends at 05:00 on day 2
    assert pending(store)[0]["rolls"][0]["dc"] == 11


def test_with_new_travel_day_clock_day_midnight_restarts_the_hours(make_store):
    store = make_store([{"name": "Aria"}])
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "travel": {
        **state["plugins"]["travel"], "settings": {"new_travel_day": "clock_day"}}}
    store.state = state
    ok(store, "clock.advance", hours=12)
    ok(store, "travel.advance", hours="10")
    assert pending(store) == [] and clock(store) == (2, "06:00")


def test_with_new_travel_day_rest_only_a_long_rest_restarts_them(make_store):
    store = make_store([{"name": "Aria"}])
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "travel": {**state["plugins"]["travel"],
                                                       "settings": {"new_travel_day": "rest"}}}
    store.state = state
    ok(store, "travel.advance", hours="6")
    ok(store, "clock.advance", hours=16)
    assert travel(store)["hours_today"] == 6
    ok(store, "rest.long")
    assert travel(store)["hours_today"] == 0


# -- mounts and vehicles ------------------------------------------------------------------------


def test_a_gallop_stops_for_a_fresh_mount(store):
    ok(store, "travel.mode", mode="gallop")
    assert travel(store)["fresh_mount"]["due_in_km"] == 12
    outcome = ok(store, "travel.advance", hours="2")
    assert outcome.data["km"] == 12
    assert "fresh mount is needed" in outcome.message
    ok(store, "travel.fresh_mount")
    assert ok(store, "travel.advance", hours="1").data["km"] == 12


def test_the_planner_says_where_fresh_mounts_are_due(store):
    ok(store, "travel.mode", mode="gallop")
    ok(store, "travel.leg", km=30, terrain="road")
    assert travel(store)["fresh_mount"]["route_km"] == [12, 24]


def test_a_ship_sails_all_day_without_saves(store):
    ok(store, "travel.mode", mode="ship", speed_kmh=3, hours_per_day=24)
    outcome = ok(store, "travel.advance", hours="30")
    assert outcome.data["km"] == 90
    assert pending(store) == []
    assert clock(store) == (2, "14:00")


def test_a_ship_sailing_8_hours_a_day_stops_there(store):
    ok(store, "travel.mode", mode="ship", speed_kmh=5)
    outcome = ok(store, "travel.advance", hours="10")
    assert outcome.data["km"] == 40
    assert "goes on tomorrow" in outcome.message
    assert pending(store) == []


def test_a_ship_carries_a_traveller_at_speed_0(store):
    ok(store, "character.set", character="Bram", field="exhaustion", value="5")
    ok(store, "travel.mode", mode="ship", speed_kmh=5)
    assert ok(store, "travel.advance", hours="2").data["km"] == 10


def test_a_flyer_ignores_difficult_ground(store):
    ok(store, "travel.mode", mode="special", speed_m=27)
    ok(store, "travel.leg", km=27, terrain="mountains")
    assert travel(store)["remaining_hours"] == 2


def test_undo_puts_the_party_back(store):
    ok(store, "travel.leg", km=9, terrain="road")
    ok(store, "travel.advance", hours="1")
    assert store.undo().ok
    assert travel(store)["done_km"] == 0
    assert clock(store) == (1, "08:00")


# -- hand-edited sessions -----------------------------------------------------------------------


def _edit(store, plugin: str, **values) -> None:
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], plugin: {**state["plugins"][plugin], **values}}
    store.state = state


def test_an_unknown_terrain_in_the_file_is_reported_not_fatal(store):
    _edit(store, "terrain", current="lava")
    seen = store.session.terrain()
    assert (seen["difficult"], "not in config/terrain.toml" in seen["error"]) == (False, True)
    assert travel(store)["per_hour_km"] == 4.5
    assert store.host.plugins["terrain"].status == "loaded"


def test_a_bad_setting_refuses_instead_of_switching_the_plugin_off(store):
    _edit(store, "travel", settings={"day_figure": "weekly"})
    assert "day_figure of travel must be one of" in refused(store, "travel.advance", hours="1")
    assert "day_figure" in travel(store)["error"]
    assert store.host.plugins["travel"].status == "loaded"


def test_the_settings_kept_between_reads_follow_the_session_and_the_file(store):
    # reading.settings keeps the last settings: each thing they are made of, changed (a list
    # in place too), must be read again, and a caller changing its copy changes no other's
    from gm_console_plugins.travel import reading, rules
    first = reading.settings(store.session)
    assert (first["party_pace"], first["walker_speed_m"]) == ("table", 9)
    again = reading.settings(store.session)  # the kept settings
    again["party_pace"] = "changed by a caller"
    assert reading.settings(store.session)["party_pace"] == "table"
    _edit(store, "travel", settings={"party_pace": "slowest"})
    assert reading.settings(store.session)["party_pace"] == "slowest"
    store.state["plugins"]["travel"]["settings"]["forced_march_modes"] = ["foot"]
    assert reading.settings(store.session)["forced_march_modes"] == ["foot"]
    store.state["plugins"]["travel"]["settings"]["forced_march_modes"].append("mounted")
    assert reading.settings(store.session)["forced_march_modes"] == ["foot", "mounted"]
    _edit(store, "travel", settings={"walker_speed_m": 1})
    assert reading.settings(store.session)["walker_speed_m"] == 1
    _edit(store, "travel", settings={"walker_speed_m": True})  # == 1, and no number
    with pytest.raises(rules.TravelError, match="walker_speed_m of travel must be a number"):
        reading.settings(store.session)
    _edit(store, "travel", settings={})
    store.host.config.table("travel")["settings"]["walker_speed_m"] = 12
    assert reading.settings(store.session)["walker_speed_m"] == 12
    store.host.config.table("travel")["modes"].pop("vehicle")  # now a mode the lists lack
    with pytest.raises(rules.TravelError, match="a list of modes"):
        reading.settings(store.session)


def test_a_bad_mode_in_the_file_is_reported(store):
    _edit(store, "travel", mode="balloon")
    assert travel(store)["error"].startswith("unknown mode 'balloon'")


def test_a_mount_rests_overnight(store):
    ok(store, "travel.mode", mode="gallop")
    ok(store, "travel.advance", hours="1")
    assert travel(store)["fresh_mount"]["due_in_km"] == 0
    ok(store, "clock.advance", hours=20)
    assert travel(store)["fresh_mount"]["due_in_km"] == 12
    assert ok(store, "travel.advance", hours="1").data["km"] == 12


@pytest.mark.parametrize("key, value, message", [
    ("walker_speed_m", "0", "walker_speed_m of travel must be a number more than 0"),
    ("walker_speed_m", "-9", "walker_speed_m of travel must be a number more than 0"),
    ("gallop_hours_per_mount", "0", "gallop_hours_per_mount of travel must be a number more"),
    ("departure_hour", "30", "departure_hour of travel must be an hour from 0 to 24"),
    ("day_figure", "weekly", "day_figure of travel must be one of last_hour, spread, hourly"),
    ("new_travel_day", "never", "new_travel_day of travel must be one of pause, clock_day, rest"),
    ("forced_march_modes", "foot,plane", "forced_march_modes of travel must be a list of modes"),
])
def test_settings_set_refuses_a_value_the_travel_rules_cannot_use(store, key, value, message):
    # Accepted, such a value would make the next travel.pace/mode/advance fail inside the
    # plugin (ZeroDivisionError, TravelError) and switch the plugin off.
    assert message in refused(store, "settings.set", plugin="travel", key=key, value=value)
    assert store.host.plugins["travel"].status == "loaded"


@pytest.mark.parametrize("op, params", [
    ("travel.pace", {"pace": "fast"}),
    ("travel.mode", {"mode": "special", "speed_m": 27}),
    ("travel.advance", {"hours": "1"}),
])
def test_a_bad_setting_in_the_file_refuses_every_travel_operation(store, op, params):
    _edit(store, "travel", settings={"walker_speed_m": 0, "day_figure": "weekly"})
    assert "walker_speed_m" in refused(store, op, **params)
    assert "walker_speed_m" in travel(store)["error"]
    assert store.host.plugins["travel"].status == "loaded"


def test_a_session_file_with_a_bad_travel_setting_is_reported_with_its_place(host, tmp_path):
    from gm_console.files import codec
    path = tmp_path / "bad.toml"
    path.write_text('format_version = 1\n[session]\nname = "x"\n'
                    '[plugins.travel.settings]\nwalker_speed_m = 0\n', encoding="utf-8")
    with pytest.raises(codec.SessionFileError, match="walker_speed_m of travel must be a number"):
        codec.read(path, host)


def test_a_route_too_long_to_plan_is_reported_not_planned_for_ever(store):
    # Planned day by day, a leg of 1e12 km (or a crawling special mount) would keep show --json,
    # and the planner screen on every redraw, planning for ever.
    ok(store, "travel.leg", km=1e12)
    values = travel(store)
    assert "days of travel" in values["error"] and "km" in values["error"]
    ok(store, "travel.leg_remove", leg=1)
    assert "error" not in travel(store)


def test_to_the_end_of_a_route_stops_after_the_most_one_advance_covers(store):
    # A ship sailing 24 h a day (or a party nobody rolls saves for) would otherwise travel a
    # 1e12 km route "to the end" in one operation, for ever.
    ok(store, "travel.mode", mode="ship", speed_kmh=10, hours_per_day=24)
    ok(store, "travel.leg", km=1e12)
    outcome = ok(store, "travel.advance", hours="end")
    assert outcome.data["hours"] == 720 and outcome.data["km"] == 7200
    assert "advance again" in outcome.data["stop"]


def test_vehicles_go_at_normal_pace_only_unless_the_setting_says_any(store):
    ok(store, "travel.mode", mode="vehicle")
    outcome = store.apply("travel.pace", {"pace": "fast"})
    assert not outcome.ok and "normal pace only, not fast" in outcome.reason
    ok(store, "settings.set", plugin="travel", key="vehicle_pace", value="any")
    ok(store, "travel.pace", pace="fast")
    outcome = store.apply("settings.set", {"plugin": "travel", "key": "vehicle_pace",
                                           "value": "sometimes"})
    assert not outcome.ok and "one of normal_only, any" in outcome.reason


def test_the_home_lines_summary_is_the_summary_without_the_travellers_sheets(store):
    """summary(party=False), the home screen's after every change: the same figures (route,
    arrival), without reading each traveller's speed (nor saying in the steps that the slowest
    does not count: the why box says it, home shows no steps)."""
    from gm_console_plugins.travel.summary import summary

    ok(store, "travel.leg", km="9", terrain="road")
    ok(store, "character.set", character="Bram", field="exhaustion", value="5")
    full = summary(store.session)
    assert full["stopped_by"] and full["arrival"]  # Bram's speed 0 stops the party
    without = summary(store.session, party=False)
    assert without == {k: v for k, v in full.items()
                       if k not in ("travellers", "stopped_by", "steps")} | \
        {"steps": full["steps"][:-1]}
    assert "slowest traveller" in full["steps"][-1]


# -- the plan kept: to the end travels as the planner says ----------------------------------------


def _make_every_save(store) -> list[int]:
    dcs = []
    while pending(store):
        request = pending(store)[0]
        dcs.append(request["rolls"][0]["dc"])
        ok(store, "roll.resolve", results=",".join(f"{r['who']}=20" for r in request["rolls"]))
    return dcs


def test_to_the_end_keeps_the_plan_planner_home_and_the_advance_agree(store):
    """The issue's evening: 80 km planned at 10 h a day. The planner said Day 2, 15:46 with two
    saves (DC 11, 12); to the end used to march on without a night's halt (nine saves, Day 2,
    01:46) while home said Day 3, 09:46 (8 h a day)."""
    from gm_console_plugins.travel.hooks import home_status

    ok(store, "travel.leg", km=80, terrain="plain")
    assert "Day 3, 09:46" in home_status(store.session)  # the mode's day: 8 h
    outcome = ok(store, "travel.plan", hours_per_day=10)
    assert outcome.message == "travel plan: 10 h a day, 2 h of forced march each day"
    values = travel(store)
    assert (values["arrival"]["text"], values["planned_forced_march_dcs"],
            values["planned_halts"], values["plan_hours_per_day"]) == \
        ("Day 2, 15:46", [11, 12], 1, 10)
    assert "Day 2, 15:46" in home_status(store.session)
    trip = values["onward"]
    assert (trip["until"]["text"], trip["forced_march_dcs"], trip["halts"], trip["stop"]) == \
        ("Day 2, 15:46", [11, 12], 1, "")
    nonstop = values["onward_nonstop"]  # the other choice, and what it costs
    assert (nonstop["until"]["text"], nonstop["forced_march_dcs"]) == \
        ("Day 2, 01:46", list(range(11, 20)))
    ok(store, "travel.advance", hours="end")
    assert _make_every_save(store) == [11, 12]
    assert clock(store) == (2, "15:46")
    texts = [line["text"] for line in store.state["journal"]]
    assert any("night's halt until Day 2, 08:00" in text for text in texts)
    assert travel(store)["remaining_km"] == 0


def test_the_plan_is_undoable_and_checked(store):
    ok(store, "travel.plan", hours_per_day=12)
    assert travel(store)["plan_hours_per_day"] == 12
    assert store.undo().ok
    assert travel(store)["plan_hours_per_day"] == 8
    assert "from 1 to 24" in refused(store, "travel.plan", hours_per_day=30)
    assert "from 1 to 24" in refused(store, "travel.plan", hours_per_day=0.5)
    ok(store, "travel.mode", mode="ship", speed_kmh=5, hours_per_day=6)
    ok(store, "travel.plan", hours_per_day=10)  # a ship owes no saves: it stops after its 6 h
    assert travel(store)["plan_hours_per_day"] == 6


@hsettings(max_examples=25, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(legs=st.lists(st.tuples(st.integers(1, 120), st.sampled_from(["plain", "road", "swamp"])),
                     min_size=1, max_size=3),
       per_day=st.integers(0, 16), start=st.integers(0, 23), pace=st.sampled_from(PACES),
       ship=st.booleans(), new_day=st.sampled_from(["pause", "clock_day", "rest"]))
def test_to_the_end_arrives_when_the_planner_said(make_store, legs, per_day, start, pace, ship,
                                                  new_day):
    """Whatever the route, the pace, the hours a day, the hour of setting off and the rule for
    a new day of travel: travelling to the end (every save made) arrives when the plan said,
    after the saves it listed."""
    store = make_store([{"name": "Aria", "constitution": 14}])
    _edit(store, "travel", settings={"new_travel_day": new_day})
    if start:  # from 08:00
        ok(store, "clock.advance", minutes=start * 60)
    ok(store, "travel.pace", pace=pace)
    if ship:
        ok(store, "travel.mode", mode="ship", speed_kmh=5, hours_per_day=10)
    for km, terrain in legs:
        ok(store, "travel.leg", km=km, terrain=terrain)
    ok(store, "travel.plan", hours_per_day=per_day)
    planned = travel(store)
    ok(store, "travel.advance", hours="end")
    dcs = _make_every_save(store)
    last = store.state["journal"]
    assert dcs == planned["planned_forced_march_dcs"]
    assert any("arrived at the end of the route" in line["text"] for line in last[-4:])
    assert (f"Day {clock(store)[0]}, {clock(store)[1]}", travel(store)["remaining_km"]) == \
        (planned["arrival"]["text"], 0)


# -- the slowest member (setting party_pace) -----------------------------------------------------


def test_the_slowest_member_counts_only_when_the_setting_says_so(store):
    """Bram at exhaustion 2 (speed halved): by default the table's 4.5 km/h for everyone,
    and the why box says so; with party_pace = slowest his speed ÷ 9 m scales every figure,
    the plan and the advance."""
    ok(store, "character.set", character="Bram", field="exhaustion", value="2")
    bram = store.session.speed(next(c for c in store.state["characters"]
                                    if c["name"] == "Bram")).m
    ok(store, "travel.leg", km=9, terrain="plain")
    values = travel(store)
    assert values["per_hour_km"] == 4.5 and values["remaining_hours"] == 2
    assert any("the table's pace for everyone" in step and "Bram" in step
               for step in values["steps"])
    ok(store, "settings.set", plugin="travel", key="party_pace", value="slowest")
    values = travel(store)
    assert values["per_hour_km"] == pytest.approx(4.5 * bram / 9, abs=1e-3)
    assert any(step.startswith("the slowest traveller, Bram:") for step in values["steps"])
    assert values["steps"][-1] == (f"= {values['per_minute_m']} m/min, {values['per_hour_km']} "
                                   f"km/h, {values['per_day_km']} km in a day of 8 h")
    assert values["remaining_hours"] == pytest.approx(2 * 9 / bram, abs=1e-3)
    assert ok(store, "travel.advance", hours="1").data["km"] == pytest.approx(4.5 * bram / 9,
                                                                             abs=1e-3)
    assert "one of table, slowest" in refused(store, "settings.set", plugin="travel",
                                               key="party_pace", value="fastest")


def test_a_plan_under_an_hour_a_day_in_the_file_is_reported_not_halted_for_ever(host, tmp_path):
    from gm_console.files import codec
    path = tmp_path / "bad.toml"
    path.write_text('format_version = 1\n[session]\nname = "x"\n'
                    '[plugins.travel]\nplan_hours_per_day = 0.001\n', encoding="utf-8")
    with pytest.raises(codec.SessionFileError, match="plan_hours_per_day must be 0"):
        codec.read(path, host)


def test_the_summary_asks_the_other_plugins_and_the_travellers_once_for_the_route_too(
        store, monkeypatch):
    """The summary's rates and its route's plan are scaled by the same factors (the other
    plugins' travel_factors, the slowest traveller with party_pace = "slowest"), asked for
    once: a route planned with the rates the planner shows."""
    from gm_console_plugins.travel import reading
    from gm_console_plugins.travel.summary import summary

    ok(store, "travel.leg", km="9", terrain="road")
    ok(store, "settings.set", plugin="travel", key="party_pace", value="slowest")
    asked: list[str] = []
    outside = reading.outside_factor
    monkeypatch.setattr(reading, "outside_factor", lambda session, mode: (
        asked.append(mode), outside(session, mode))[1])
    values = summary(store.session)
    assert asked == ["foot"]
    slowest = [step for step in values["steps"] if "slowest traveller" in step]
    assert slowest and values["per_hour_km"] < 4.5  # Bram the dwarf sets the pace
    # the plan's hours: the 9 km at the hour's rate the planner shows
    assert values["remaining_hours"] == pytest.approx(9 / values["per_hour_km"], rel=1e-3)
