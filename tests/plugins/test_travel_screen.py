"""The travel planner driven with the keyboard, as a game master would at the table."""

from __future__ import annotations

import pytest
from applying import ok
from textual.widgets import Label

from gm_console import OpContext, Session
from gm_console.state.store import Store
from gm_console.ui import Value
from gm_console_plugins.travel.screens import (
    TravelPlanner,
    km,
    parse_duration,
    parse_mode,
)


def shown(pilot, widget_id: str) -> str:
    return pilot.app.screen.query_one(f"#{widget_id}", Value).shown


def line(pilot, widget_id: str) -> str:
    """A line whose words before the value are a widget of their own, as it reads."""
    return shown(pilot, f"{widget_id}-label") + shown(pilot, widget_id)


async def open_planner(pilot) -> TravelPlanner:
    await pilot.press("f6")
    await pilot.pause()
    assert isinstance(pilot.app.screen, TravelPlanner)
    return pilot.app.screen


async def type_answer(pilot, key: str, text: str) -> None:
    await pilot.press(key)
    await pilot.press(*text)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_plan_a_route_and_travel_it(store, make_app, size):
    async with make_app(store).run_test(size=size) as pilot:
        await open_planner(pilot)
        assert "normal" in shown(pilot, "tp-pace")
        await pilot.press("f")
        await pilot.pause()
        assert store.state["plugins"]["travel"]["pace"] == "fast"
        assert line(pilot, "tp-pace") == ("Pace [f w s]: fast — −5 to passive Wisdom "
                                          "(Perception) scores")
        assert shown(pilot, "tp-rates").startswith("120 m/min · 6 km/h · 45 km/day")
        # The lines above say the rest; the journal keeps the whole sentence.
        assert shown(pilot, "tp-last") == "Pace: fast"
        assert store.state["journal"][-1]["text"].startswith(
            "pace fast: −5 to passive Wisdom (Perception) scores (120 m/min")
        await type_answer(pilot, "a", "20 road")
        await type_answer(pilot, "a", "9 dense_forest old wood")
        route = store.state["plugins"]["travel"]["route"]
        assert [(leg["km"], leg["terrain"], leg["name"]) for leg in route] == \
            [(20, "road", ""), (9, "dense_forest", "old wood")]
        # 20 km at 6 km/h, then 9 km at 3 km/h: 6 h 20 min from 08:00.
        assert "6 h 20 min, 8 h/day [ ] → Day 1, 14:20" in shown(pilot, "tp-total")
        await pilot.press("g")
        await pilot.pause()
        assert store.state["clock"]["second"] == 9 * 3600
        assert "travelled 1 h" in shown(pilot, "tp-last")
        await pilot.press("e")  # five hours and more on the clock: asked first
        await pilot.pause()
        assert "5 h 20 min of travel, arrival Day 1, 14:20" in str(
            pilot.app.screen.query_one(Label).render())
        await pilot.press("n")
        await pilot.pause()
        assert store.state["clock"]["second"] == 9 * 3600
        await pilot.press("e", "y")
        await pilot.pause()
        assert "arrived" in shown(pilot, "tp-total")
        assert store.session.terrain()["key"] == "dense_forest"


def question(pilot) -> str:
    return str(pilot.app.screen.query_one(Label).render())


async def test_to_the_end_keeps_the_plan_and_e_without_halting_says_what_it_costs(store,
                                                                                 make_app):
    """The issue's evening at 80x24: 80 km planned at 10 h a day. e travels as the planner
    says (Day 2, 15:46, two saves), and so does home; E, the march without a night's halt, is
    a choice of its own that says its nine saves before the game master confirms."""
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_planner(pilot)
        await type_answer(pilot, "a", "80 plain")
        await pilot.press("right_square_bracket", "right_square_bracket")
        await pilot.pause()
        assert store.state["plugins"]["travel"]["plan_hours_per_day"] == 10
        total = shown(pilot, "tp-total")
        assert "10 h/day [ ] → Day 2, 15:46" in total and "saves DC 11, 12" in total
        await pilot.press("f2")
        await pilot.pause()
        assert "arrival Day 2, 15:46" in pilot.app.screen.query_one("#home-status", Value).shown
        await open_planner(pilot)
        await pilot.press("E")
        await pilot.pause()
        assert question(pilot).startswith(
            "No night's halt: 9 hours of forced march, each with a Constitution save (DC 11 to "
            "19). Travel to the end of the route: 17 h 46 min of travel, arrival Day 2, 01:46?")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert question(pilot) == (
            "As planned, 10 h a day, one night's halt, 2 forced-march saves (DC 11, 12). Travel "
            "to the end of the route: 17 h 46 min of travel, arrival Day 2, 15:46?")
        await pilot.press("y")
        await pilot.pause()
        for _ in range(2):  # the 9th and the 10th hour's saves, in the dice prompt (two
            await pilot.press("ctrl+r")  # failures at most: exhaustion 2 stops nobody)
            await pilot.pause()
        assert (store.state["clock"]["day"], store.state["clock"]["second"] // 60) == \
            (2, 15 * 60 + 46)
        assert shown(pilot, "tp-total").endswith("arrived")


async def test_to_the_end_asks_with_what_it_will_do_not_the_plans_nights(store, make_app):
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_planner(pilot)
        await type_answer(pilot, "a", "60 plain")
        assert "→ Day 2, 13:20" in shown(pilot, "tp-total")  # the plan: 8 h a day
        await pilot.press("e")
        await pilot.pause()
        assert question(pilot) == ("As planned, 8 h a day, one night's halt. Travel to the end "
                                   "of the route: 13 h 20 min of travel, arrival Day 2, 13:20?")
        await pilot.press("n", "E")
        await pilot.pause()
        assert "13 h 20 min of travel, arrival Day 1, 21:20?" in question(pilot)
        assert "No night's halt: 5 hours of forced march, each with a Constitution save " \
               "(DC 11 to 15)." in question(pilot)
        await pilot.press("y")  # on past 16:00: the 9th hour's saves are asked for
        await pilot.pause()
        await pilot.press("escape")  # the saves later
        await pilot.pause()
        await pilot.press("e")  # no question: the party waits for its saves, and is told so
        await pilot.pause()
        assert isinstance(pilot.app.screen, TravelPlanner)
        assert any("waits for its forced-march saves" in str(notice.message)
                   for notice in pilot.app._notifications)
        await pilot.press("ctrl+z")
        await pilot.pause()
        await type_answer(pilot, "m", "ship 3 8")
        await pilot.press("E")
        await pilot.pause()
        assert "until Day 1, 16:00 (the mode's hours of travel today are done), 36 km short" \
            in str(pilot.app.screen.query_one(Label).render())


async def test_mode_terrain_and_the_reverse_question(store, make_app):
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_planner(pilot)
        await type_answer(pilot, "m", "ship 3 24")
        travel = store.state["plugins"]["travel"]
        assert (travel["mode"], travel["speed_kmh"], travel["hours_per_day"]) == ("ship", 3, 24)
        assert "72 km/day (24 h)" in shown(pilot, "tp-rates")
        await type_answer(pilot, "m", "foot")
        await type_answer(pilot, "t", "swamp")
        assert "swamp (difficult)" in shown(pilot, "tp-mode")
        await type_answer(pilot, "h", "2d")
        assert line(pilot, "tp-reverse") == "How far [h] in 2d: 36 km (swamp)"
        await type_answer(pilot, "h", "90min")
        assert line(pilot, "tp-reverse") == "How far [h] in 90min: 3.38 km"


async def test_a_refusal_changes_nothing_and_escape_closes_the_question(store, make_app):
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_planner(pilot)
        await type_answer(pilot, "a", "4 lava")
        assert store.state["plugins"]["travel"]["route"] == []
        await pilot.press("a", "3")
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.asking
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, TravelPlanner)


async def test_a_key_repaints_only_what_changed(store, make_app, monkeypatch):
    async with make_app(store).run_test(size=(100, 30)) as pilot:
        screen = await open_planner(pilot)
        painted: list[str] = []
        for value in screen.query(Value):
            original = value.show  # whether it had to be repainted
            monkeypatch.setattr(value, "show", lambda text, _id=value.id, _o=original: (
                changed := _o(text), changed and painted.append(_id))[0])
        await pilot.press("s")
        await pilot.pause()
        assert set(painted) == {"tp-pace", "tp-rates", "tp-reverse", "tp-last"}
        painted.clear()
        await pilot.press("s")  # the same pace again: nothing to repaint but the last message
        await pilot.pause()
        assert set(painted) <= {"tp-last"}


async def test_the_plan_in_more_hours_a_day_shows_its_saves(store, make_app):
    async with make_app(store).run_test(size=(100, 30)) as pilot:
        await open_planner(pilot)
        await type_answer(pilot, "a", "45 road")
        await pilot.press("right_square_bracket", "right_square_bracket")
        await pilot.pause()
        total = shown(pilot, "tp-total")
        assert "10 h/day" in total and "saves DC 11, 12" in total
        assert "Day 1, 18:00" in total


@pytest.mark.parametrize(("text", "expected"), [
    ("3h", (3, 0)), ("3", (3, 0)), ("90min", (1.5, 0)), ("2d", (0, 2)), ("1,5 j", (0, 1.5))])
def test_parse_duration(text, expected):
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["soon", "0h", "-2h"])
def test_parse_duration_refuses(text):
    with pytest.raises(ValueError):
        parse_duration(text)


@pytest.mark.parametrize(("text", "params"), [
    ("foot", {"mode": "foot"}),
    ("special 27", {"mode": "special", "speed_m": 27}),
    ("ship 3 24", {"mode": "ship", "speed_kmh": 3, "hours_per_day": 24}),
    ("ship 18m", {"mode": "ship", "speed_m": 18}),
])
def test_parse_mode(text, params):
    assert parse_mode(text) == params


def test_km_for_the_eye():
    assert [km(17.375), km(20.0), km(5.625), km(0.1)] == ["17.38", "20", "5.62", "0.1"]


async def test_a_forced_march_asks_its_saves_in_the_dice_prompt(store, make_app):
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        planner = await open_planner(pilot)
        await type_answer(pilot, "G", "10")
        await pilot.press("y")  # ten hours on the clock: asked first
        await pilot.pause()
        assert store.state["clock"]["second"] == 17 * 3600  # stopped after the 9th hour
        await pilot.pause()
        assert pilot.app.screen is not planner  # the dice prompt opened by itself
        await pilot.press("ctrl+r")  # roll for everyone: DC 11, then the 10th hour asks DC 12
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert store.state["clock"]["second"] == 18 * 3600
        assert store.state.get("rolls", {}).get("pending", []) == []
        # What was done says the last of it, not the 9th hour where the screen left it.
        assert pilot.app.screen is planner
        assert shown(pilot, "tp-last").startswith("forced march, hour 10: ")
        assert "travelled 9 h" not in shown(pilot, "tp-last")
        saves = [line["text"] for line in store.state["journal"]
                 if "forced-march save" in line["text"]]
        assert len(saves) == 4  # two travellers, two hours, each roll logged with its outcome


async def test_to_the_end_of_a_route_too_long_to_plan_still_asks(store, make_app):
    """The plan gives up past ten years of days (the planner says so); e still says what one
    advance will do: a month of sailing, short of the end."""
    ok(store, "travel.mode", mode="ship", speed_kmh=10, hours_per_day=24)
    ok(store, "travel.leg", km=1e12)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_planner(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert question(pilot).startswith("As planned, 24 h a day")
        assert "(one advance covers at most a month)" in question(pilot)


async def test_the_planner_follows_a_travellers_speed_and_the_travellers_named(store, make_app):
    """The planner reads the travellers' speeds kept between keys: a sheet that changes (Bram
    at exhaustion 5, speed 0), or the travellers named, is read again at once."""
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_planner(pilot)
        await pilot.press("f")  # a key of the planner's own: the speeds read from the cache
        await pilot.pause()
        assert "Stopped" not in shown(pilot, "tp-today")
        ok(store, "character.set", character="Bram", field="exhaustion", value="5")
        await pilot.pause()
        assert "■ Stopped: Bram cannot move: speed 0" in shown(pilot, "tp-today")
        ok(store, "travel.travellers", names=["Aria"])
        await pilot.pause()
        assert "Stopped" not in shown(pilot, "tp-today")


async def test_the_planner_asks_the_terrain_again_only_once_it_changed(store, make_app,
                                                                       monkeypatch):
    """A pace key redraws the planner with the terrain kept (the current one and the
    catalogue, built by the terrain plugin at each question); a terrain changed is asked
    for, and shown, at once."""
    asked: list[type] = []
    original = Session.terrain
    monkeypatch.setattr(Session, "terrain", lambda self: (asked.append(type(self)),
                                                          original(self))[1])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_planner(pilot)
        asked.clear()
        for key in "fwf":
            await pilot.press(key)
            await pilot.pause()
        assert "fast" in shown(pilot, "tp-pace")
        # the operation's own message asks inside the operation, as ever; the screen never
        assert [kind for kind in asked if kind is not OpContext] == []
        ok(store, "travel.terrain", terrain="swamp")
        await pilot.pause()
        assert "swamp (difficult)" in shown(pilot, "tp-mode")
        assert line(pilot, "tp-reverse").endswith("(swamp)")
        assert [kind for kind in asked if kind is not OpContext] != []


@pytest.mark.parametrize("legs", [1, 6])
async def test_a_pace_key_makes_as_many_views_of_the_session_for_any_route(store, make_app,
                                                                           monkeypatch, legs):
    """The planner's redraw reads the session through one view (and the how-far line its
    own), not one made again for each distance it writes out (each leg's, each rate's); it
    asks the app for the translator once, not at each label; and it leaves the title, given
    once, alone."""
    for index in range(legs):
        ok(store, "travel.leg", km=10 + index, terrain="road")
    made: list[int] = []
    original = Store.session
    monkeypatch.setattr(Store, "session", property(
        lambda self: (made.append(1), original.fget(self))[1]))
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        screen = await open_planner(pilot)
        redraw, translate = screen.refresh_view, screen.t
        views: list[int] = []
        labels: list[str] = []
        titled: list[object] = []

        def counted(change: object) -> None:
            made.clear()
            redraw(change)
            views.append(len(made))
        monkeypatch.setattr(screen, "refresh_view", counted)
        monkeypatch.setattr(screen, "t", lambda text: (labels.append(text), translate(text))[1])
        monkeypatch.setattr(screen.query_one("#tp-title", Value), "show", titled.append)
        await pilot.press("f")
        await pilot.pause()
        assert "fast" in shown(pilot, "tp-pace")
        assert shown(pilot, "tp-title") == "Travel planner"
        assert views == [3]  # the redraw's, the travel said elsewhere's, the how-far line's
        assert labels == ["Pace", ": ", "fast"] and titled == []  # the last line: "Pace: fast"
