"""Time at any scale: a span typed as people type it (gm_console.rules.clock), clock.advance
by it and clock.set to a moment, through every plugin's reaction to time passing, and the
``=`` key's prompt."""

from __future__ import annotations

import pytest
from applying import no, ok
from textual.widgets import Input

from gm_console.rules import clock
from gm_console.text.i18n import Translator


@pytest.mark.parametrize(("text", "seconds"), [
    ("3h20", 3 * 3600 + 20 * 60), ("3 h 20 min", 3 * 3600 + 20 * 60), ("90 min", 90 * 60),
    ("90", 90 * 60), ("2 days", 2 * 86400), ("2 jours", 2 * 86400), ("1d 6h", 30 * 3600),
    ("1,5 h", 90 * 60), ("1.5h", 90 * 60), ("1m30", 90), ("10 rounds", 60),
    ("2 jours et 3 heures", 51 * 3600), ("45s", 45)])
def test_a_duration_as_people_type_it(text, seconds):
    assert clock.parse_duration(text) == seconds


@pytest.mark.parametrize(("text", "words"), [
    ("3 bananas", "'bananas' is not a unit of time"), ("soon", "'soon' is not a number"),
    ("", "say how long")])
def test_a_duration_not_understood_says_why(text, words):
    with pytest.raises(clock.ClockError, match=words):
        clock.parse_duration(text)


LATE = {"day": 1, "second": 22 * 3600}


@pytest.mark.parametrize(("text", "day", "time"), [
    ("23:30", 1, "23:30"), ("14:00", 2, "14:00"),  # the next time the clock shows it
    ("at 8h", 2, "08:00"), ("day 3 08:00", 3, "08:00"), ("jour 3, 8h30", 3, "08:30")])
def test_a_moment_as_people_type_it(text, day, time):
    moment = clock.parse_clock(text, LATE)
    assert clock.format_clock({"day": moment // 86400 + 1, "second": moment % 86400}) == \
        f"Day {day}, {time}"
    assert clock.is_clock(text) and not clock.is_clock("3h20")


@pytest.mark.parametrize("text", ["25:00", "noon", "day 0 08:00"])
def test_a_moment_not_understood_is_refused(text):
    with pytest.raises(clock.ClockError):
        clock.parse_clock(text, LATE)


def test_advance_by_a_typed_duration_with_plugins_reacting(store):
    # a timed condition ends as the clock passes it: the core plugin's time_passed reaction
    ok(store, "condition.add", character="Aria", condition="prone", hours=2)
    outcome = ok(store, "clock.advance", by="3h20")
    assert outcome.message == "time passes: 3 h 20 min → Day 1, 11:20"
    assert store.state["characters"][0]["conditions"] == []
    no(store, "clock.advance", "'bananas' is not a unit of time", by="3 bananas")
    store.undo()
    assert store.state["clock"] == {"day": 1, "second": 8 * 3600}
    assert store.state["characters"][0]["conditions"]


def test_set_the_clock_forward_only(store):
    outcome = ok(store, "clock.set", to="day 2 06:00")
    assert outcome.message == "the clock is set to Day 2, 06:00 (22 h later)"
    no(store, "clock.set", "the clock only moves forward", to="day 1 09:00")
    no(store, "clock.set", "name a time of day", to="noon")
    ok(store, "clock.set", to="05:00")  # the next 05:00: day 3
    assert store.state["clock"] == {"day": 3, "second": 5 * 3600}
    line = store.state["journal"][-1]
    assert Translator("fr", store.host).line(line) == \
        "l'horloge est réglée à Jour 3, 05:00 (23 h plus tard)"
    store.undo()
    assert store.state["clock"] == {"day": 2, "second": 6 * 3600}


async def test_the_time_key_advances_or_sets_from_any_screen(make_app, store):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3", "equals_sign")
        await pilot.pause()
        app.screen.query_one(Input).value = "3h20"
        await pilot.press("enter")
        await pilot.pause()
        assert store.state["clock"] == {"day": 1, "second": 11 * 3600 + 20 * 60}
        await pilot.press("equals_sign")
        await pilot.pause()
        app.screen.query_one(Input).value = "2 jours"
        await pilot.press("enter")
        await pilot.pause()
        assert store.state["clock"]["day"] == 3
        await pilot.press("equals_sign")
        await pilot.pause()
        app.screen.query_one(Input).value = "day 1 08:00"  # refused: the prompt stays open
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one(Input).value == "day 1 08:00"
        app.screen.query_one(Input).value = "day 4 07:30"
        await pilot.press("enter")
        await pilot.pause()
        assert store.state["clock"] == {"day": 4, "second": 7 * 3600 + 30 * 60}
