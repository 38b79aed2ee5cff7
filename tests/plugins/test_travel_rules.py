"""Travel pace, modes, terrain and forced march (RULES.md 1.1 to 1.5) as plain
functions over the bundled config/travel.toml. Expected figures are written here from RULES.md,
not read back from the TOML."""

from __future__ import annotations

import tomllib
from importlib.resources import files

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from gm_console_plugins.travel import rules
from gm_console_plugins.travel.rules import Leg, Motion

ROAD = {"key": "road", "label": "road", "difficult": False, "cost": 1.0}
FOREST = {"key": "dense_forest", "label": "dense forest", "difficult": True, "cost": 2.0}


def _load(name: str) -> dict:
    return tomllib.loads(files("gm_console_config").joinpath(name).read_text("utf-8"))


TABLE = _load("travel.toml")
EXHAUSTION = _load("exhaustion.toml")
SETTINGS = TABLE["settings"]


def with_settings(**over) -> dict:
    return {**SETTINGS, **over}


def approx(x):
    return pytest.approx(x, abs=1e-6)


# -- every pace, mode and terrain combination --------------------------------------------------

# (pace, motion, per minute m, per hour km, per day km) on ordinary terrain, and the same on
# difficult terrain, from RULES.md 1.1, 1.4 and 1.5.
COMBINATIONS = [
    # on foot and mounted: the table itself; difficult terrain halves it
    (Motion("fast", "foot"), (120, 6, 45), (60, 3, 22.5)),
    (Motion("normal", "foot"), (90, 4.5, 36), (45, 2.25, 18)),
    (Motion("slow", "foot"), (60, 3, 27), (30, 1.5, 13.5)),
    (Motion("fast", "mounted"), (120, 6, 45), (60, 3, 22.5)),
    (Motion("normal", "mounted"), (90, 4.5, 36), (45, 2.25, 18)),
    (Motion("slow", "mounted"), (60, 3, 27), (30, 1.5, 13.5)),
    # galloping: twice the fast distance, 12 km in each hour (and 8 of them with fresh mounts)
    (Motion("fast", "gallop"), (240, 12, 96), (120, 6, 48)),
    # land vehicles: normal pace only
    (Motion("normal", "vehicle"), (90, 4.5, 36), (45, 2.25, 18)),
    # a ship at its own 3 km/h, 24 hours a day, water is not difficult ground
    (Motion("normal", "ship", speed_kmh=3, hours_per_day=24), (50, 3, 72), (50, 3, 72)),
    # a ship given a speed per round: 18 m is twice the walker's 9 m; 24 h × 9 km
    (Motion("normal", "ship", speed_m=18, hours_per_day=24), (180, 9, 216), (180, 9, 216)),
    # a ship sailing 8 hours a day
    (Motion("normal", "ship", speed_kmh=5), (83.333333, 5, 40), (83.333333, 5, 40)),
    # RULES.md 1.4's worked example: a 27 m flyer (flying over difficult ground)
    (Motion("fast", "special", speed_m=27), (360, 18, 135), (360, 18, 135)),
    (Motion("normal", "special", speed_m=27), (270, 13.5, 108), (270, 13.5, 108)),
    (Motion("slow", "special", speed_m=27), (180, 9, 81), (180, 9, 81)),
]


@pytest.mark.parametrize(("motion", "flat", "difficult"), COMBINATIONS)
def test_every_pace_mode_and_terrain(motion, flat, difficult):
    for terrain, expected in ((ROAD, flat), (FOREST, difficult)):
        got = rules.rates(TABLE, SETTINGS, motion, terrain)
        assert (got.per_minute_m, got.per_hour_km, got.per_day_km) == tuple(map(approx, expected))


def test_a_special_mount_that_walks_is_slowed_by_difficult_terrain_when_set():
    walking = with_settings(difficult_terrain_modes=["foot", "special"])
    got = rules.rates(TABLE, walking, Motion("normal", "special", speed_m=18), FOREST)
    assert (got.per_minute_m, got.per_hour_km, got.per_day_km) == (90, 4.5, 36)


@pytest.mark.parametrize(("motion", "message"), [
    (Motion("normal", "gallop"), "fast pace only"),
    (Motion("slow", "gallop"), "fast pace only"),
    (Motion("fast", "vehicle"), "normal pace only"),
    (Motion("slow", "vehicle"), "normal pace only"),
    (Motion("normal", "special"), "needs the mount's speed_m"),
    (Motion("normal", "ship"), "needs its own speed"),
    (Motion("normal", "ship", speed_kmh=3, speed_m=9), "one of the two"),
    (Motion("normal", "foot", speed_kmh=3), "speed_kmh applies to a ship only"),
    (Motion("normal", "mounted", speed_m=18), "speed_m applies to a special mount or a ship"),
    (Motion("normal", "foot", hours_per_day=10), "hours_per_day applies to a ship only"),
    (Motion("normal", "ship", speed_kmh=3, hours_per_day=25), "more than 24"),
    (Motion("normal", "ship", speed_kmh=-3), "cannot be negative"),
    (Motion("brisk", "foot"), "unknown pace 'brisk'"),
    (Motion("normal", "balloon"), "unknown mode 'balloon'"),
])
def test_motions_the_rules_refuse(motion, message):
    with pytest.raises(rules.TravelError, match=message):
        rules.check_motion(TABLE, motion)


@pytest.mark.parametrize(("pace", "perception", "stealth"), [
    ("fast", -5, False), ("normal", 0, False), ("slow", 0, True)])
def test_pace_effects(pace, perception, stealth):
    effect = rules.pace_effect(TABLE, Motion(pace, "foot"))
    assert (effect["passive_perception"], effect["stealth"]) == (perception, stealth)


@pytest.mark.parametrize("pace", ["fast", "slow"])
@pytest.mark.parametrize(("ship", "figures"), [
    ({"speed_kmh": 3}, (50, 3, 24)), ({"speed_m": 18}, (180, 9, 72))])
def test_a_ships_pace_changes_nothing(pace, ship, figures):
    got = rules.rates(TABLE, SETTINGS, Motion(pace, "ship", **ship))
    assert (got.per_minute_m, got.per_hour_km, got.per_day_km) == tuple(map(approx, figures))
    assert f"ship: {pace} pace changes nothing (its own speed)" in got.steps


def test_a_ship_has_no_pace_effect():
    effect = rules.pace_effect(TABLE, Motion("normal", "ship", speed_kmh=3))
    assert (effect["passive_perception"], effect["stealth"]) == (0, False)
    assert "no pace effects" in effect["text"]


def test_effects_in_french():
    assert rules.pace_effect(TABLE, Motion("slow", "foot"), "fr")["text"] == \
        "le groupe peut se déplacer discrètement"


def test_rates_explain_themselves():
    steps = rules.rates(TABLE, SETTINGS, Motion("fast", "gallop"), FOREST).steps
    assert steps[0] == "fast pace: 120 m/min, 6 km/h, 45 km/day"
    assert "galloping: × 2" in steps
    assert any("dense forest is difficult" in line for line in steps)
    assert steps[-1] == "= 120 m/min, 6 km/h, 48 km in a day of 8 h"


# -- how the hours of a day add up to the table's day figure ------------------------------------

@pytest.mark.parametrize(("rule", "pace", "hours"), [
    ("last_hour", "fast", [6, 6, 6, 6, 6, 6, 6, 3, 6, 6]),
    ("last_hour", "normal", [4.5] * 10),
    ("last_hour", "slow", [3, 3, 3, 3, 3, 3, 3, 6, 3, 3]),
    ("spread", "fast", [5.625] * 8 + [6, 6]),
    ("spread", "slow", [3.375] * 8 + [3, 3]),
    ("hourly", "fast", [6] * 10),
])
def test_each_hour_of_the_day(rule, pace, hours):
    by_hour = rules.hour_distances(TABLE, with_settings(day_figure=rule), Motion(pace, "foot"))
    assert [by_hour(k, ROAD) for k in range(1, 11)] == [approx(x) for x in hours]


@pytest.mark.parametrize(("rule", "day"), [("last_hour", 45), ("spread", 45), ("hourly", 48)])
def test_a_day_at_fast_pace(rule, day):
    assert rules.rates(TABLE, with_settings(day_figure=rule), Motion("fast", "foot")).per_day_km \
        == approx(day)


def test_an_unknown_day_figure_setting_is_reported():
    with pytest.raises(rules.TravelError, match="day_figure = 'weekly'"):
        rules.hour_distances(TABLE, with_settings(day_figure="weekly"), Motion())


# -- forced march -------------------------------------------------------------------------------

@pytest.mark.parametrize(("hour", "dc"), [
    (1, None), (7, None), (8, None), (9, 11), (10, 12), (11, 13), (12, 14), (16, 18)])
def test_forced_march_dc_by_hour(hour, dc):
    assert rules.forced_march_dc(TABLE, hour) == dc


@pytest.mark.parametrize(("hours_today", "dc"), [
    (0, None), (7, None), (7.99, None), (8, 11), (8.5, 11), (9, 12), (11, 14), (11.5, 14)])
def test_next_forced_march_dc(hours_today, dc):
    assert rules.next_forced_march_dc(TABLE, SETTINGS, Motion(), hours_today) == dc


def test_a_ship_owes_no_forced_march_save():
    ship = Motion("normal", "ship", speed_kmh=3, hours_per_day=24)
    assert rules.next_forced_march_dc(TABLE, SETTINGS, ship, 10) is None


@pytest.mark.parametrize(("pace", "km"), [("fast", 45 + 4 * 6), ("normal", 36 + 4 * 4.5),
                                          ("slow", 27 + 4 * 3)])
def test_a_twelve_hour_forced_march_distance(pace, km):
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion(pace, "foot"))
    assert rules.distance_in(by_hour, [], 0.0, 0.0, 12, ROAD) == (approx(km), approx(12))


def test_a_twelve_hour_day_plans_its_four_saves():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    plan = rules.plan_route(by_hour, [Leg(54, ROAD)], 0.0, 0.0, 8 * 3600, 12, 8, TABLE)
    assert plan.forced_march_dcs == [11, 12, 13, 14]
    assert plan.total_hours == approx(12)
    assert plan.days == 1


@pytest.mark.parametrize(("km", "refused"), [(36 * 3660, False), (36 * 3660 + 1, True)])
def test_a_route_past_the_planners_days_is_refused_without_walking_it(km, refused):
    """3,660 days of 36 km (8 h a day at normal pace) are planned; a km more is refused at
    once: the planner does not walk ten years of days first (a mistyped leg, each redraw)."""
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    asked = []

    def counted(hour, ground):
        asked.append(hour)
        return by_hour(hour, ground)
    if refused:
        with pytest.raises(rules.TravelError, match="more than 3660 days of travel"):
            rules.plan_route(counted, [Leg(km, ROAD)], 0.0, 0.0, 8 * 3600, 8, 8, TABLE)
        assert len(asked) == 8  # each hour of a day once, for the fastest day
    else:
        assert rules.plan_route(counted, [Leg(km, ROAD)], 0.0, 0.0, 8 * 3600, 8, 8,
                                TABLE).days == 3660


# -- exhaustion ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("level", "gain", "after"), [(0, 1, 1), (5, 1, 6), (6, 1, 6), (2, 3, 5)])
def test_exhaustion_never_goes_beyond_death(level, gain, after):
    assert rules.add_exhaustion(EXHAUSTION, level, gain) == after


@pytest.mark.parametrize(("con", "dice", "expression"), [
    (14, "1d20", "1d20+2"), (15, "1d20", "1d20+2"), (8, "1d20", "1d20-1"),
    (9, "1d20", "1d20-1"), (10, "1d20", "1d20"), (11, "1d20", "1d20"), (3, "1d20", "1d20-4"),
    (20, "1d20", "1d20+5"), (14, "2d20kl1", "2d20kl1+2"), (10, "2d20kl1", "2d20kl1")])
def test_save_expression(con, dice, expression):
    assert rules.save_expression(con, dice) == expression


# -- routes ------------------------------------------------------------------------------------

def test_a_mixed_route_total_time():
    # 20 km of road at 4.5 km/h, then 9 km of dense forest at half that: 4 h 26 min 40 s + 4 h.
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    plan = rules.plan_route(by_hour, [Leg(20, ROAD), Leg(9, FOREST)], 0.0, 0.0, 8 * 3600, 8, 8,
                            TABLE)
    assert plan.leg_hours == [approx(20 / 4.5), approx(4)]
    assert plan.total_hours == approx(20 / 4.5 + 4)
    # 8 h on day 1 (08:00 to 16:00), then the last 0.444 h from 08:00 on day 2.
    assert plan.days == 2
    assert plan.elapsed_seconds == approx(24 * 3600 + (20 / 4.5 - 4) * 3600)


def test_a_route_half_done_plans_only_what_is_left():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    plan = rules.plan_route(by_hour, [Leg(9, ROAD), Leg(9, FOREST)], 9.0, 2.0, 10 * 3600, 8, 8,
                            TABLE)
    assert plan.leg_hours == [0, approx(4)]
    assert plan.elapsed_seconds == approx(4 * 3600)


def test_a_full_day_at_fast_pace_is_the_tables_45_km():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("fast", "foot"))
    plan = rules.plan_route(by_hour, [Leg(45, ROAD)], 0.0, 0.0, 8 * 3600, 8, 8, TABLE)
    assert (plan.total_hours, plan.days) == (approx(8), 1)
    # 3 km more is half of the next day's first hour of 6 km (setting day_figure = last_hour).
    plan = rules.plan_route(by_hour, [Leg(48, ROAD)], 0.0, 0.0, 8 * 3600, 8, 8, TABLE)
    assert (plan.total_hours, plan.days) == (approx(8.5), 2)
    assert plan.elapsed_seconds == approx(24.5 * 3600)
    # With day_figure = spread, the next day's hours cover 45 ÷ 8 = 5.625 km.
    spread = rules.hour_distances(TABLE, with_settings(day_figure="spread"), Motion("fast", "foot"))
    plan = rules.plan_route(spread, [Leg(48, ROAD)], 0.0, 0.0, 8 * 3600, 8, 8, TABLE)
    assert plan.total_hours == approx(8 + 3 / 5.625)


def test_a_short_route_takes_its_distance_over_the_hour_column():
    # Within the first 7 hours every hour covers the printed hour figure (day_figure = last_hour).
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("fast", "foot"))
    plan = rules.plan_route(by_hour, [Leg(20, ROAD), Leg(9, FOREST)], 0.0, 0.0, 8 * 3600, 8, 8,
                            TABLE)
    assert plan.leg_hours == [approx(20 / 6), approx(9 / 3)]


def test_a_gallop_needs_a_fresh_mount_every_12_km_on_flat_ground():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("fast", "gallop"))
    plan = rules.plan_route(by_hour, [Leg(30, ROAD)], 0.0, 0.0, 8 * 3600, 8, 8, TABLE,
                            gallop_hours=1.0)
    assert plan.fresh_mounts_at_km == [approx(12), approx(24)]
    assert plan.total_hours == approx(2.5)


def test_a_spent_mount_needs_a_fresh_one_before_anything():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("fast", "gallop"))
    plan = rules.plan_route(by_hour, [Leg(6, FOREST)], 0.0, 0.0, 8 * 3600, 8, 8, TABLE,
                            gallop_hours=1.0, galloped=1.0)
    assert plan.fresh_mounts_at_km == [0]
    assert plan.total_hours == approx(1)


def test_segments_stop_at_the_end_of_an_hour_and_of_a_leg():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    legs = [Leg(2.25, ROAD), Leg(10, FOREST)]
    first = rules.next_segment(by_hour, legs, 0.0, 0.0, 5)
    assert (first.hours, first.km, first.leg, first.leg_done, first.hour_done) == \
        (approx(0.5), approx(2.25), 0, True, False)
    second = rules.next_segment(by_hour, legs, 2.25, 0.5, 5)
    assert (second.hours, second.km, second.leg, second.hour, second.hour_done) == \
        (approx(0.5), approx(1.125), 1, 1, True)
    assert rules.next_segment(by_hour, legs, 12.25, 3, 5) is None
    assert rules.next_segment(by_hour, legs, 0.0, 0.0, 0) is None


def test_reverse_along_a_route_stops_at_its_end():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    assert rules.distance_in(by_hour, [Leg(9, ROAD), Leg(4.5, FOREST)], 0.0, 0.0, 3) == \
        (approx(9 + 2.25), approx(3))
    assert rules.distance_in(by_hour, [Leg(9, ROAD)], 0.0, 0.0, 5) == (approx(9), approx(2))


@pytest.mark.parametrize(("rule", "pace", "days", "km"), [
    ("last_hour", "fast", 2, 90), ("last_hour", "normal", 3, 108),
    ("last_hour", "slow", 1.5, 27 + 4 * 3),  # half a day is 4 hours of 3 km
    ("spread", "slow", 1.5, 27 + 13.5)])     # half a day is half the day column
def test_reverse_in_days(rule, pace, days, km):
    by_hour = rules.hour_distances(TABLE, with_settings(day_figure=rule), Motion(pace, "foot"))
    assert rules.days_distance(by_hour, days, 8, ROAD) == approx(km)


# -- properties --------------------------------------------------------------------------------

PACES_SLOW_TO_FAST = ["slow", "normal", "fast"]
hours = st.floats(min_value=0, max_value=30, allow_nan=False)
# From any hour of the day, "last_hour" is left out on purpose: in its 8th hour a slow party goes
# further than a fast one (test_each_hour_of_the_day shows it; config/travel.toml says so).
rules_setting = st.sampled_from(["spread", "hourly"])


@given(hours, st.booleans(), st.sampled_from(["last_hour", "spread", "hourly"]))
@hsettings(max_examples=200, deadline=None)
def test_from_the_start_of_a_day_a_slower_pace_never_goes_further(travel, difficult, rule):
    terrain = FOREST if difficult else ROAD
    conf = with_settings(day_figure=rule)
    covered = [rules.distance_in(rules.hour_distances(TABLE, conf, Motion(p, "foot")), [], 0.0,
                                 0.0, travel, terrain)[0] for p in PACES_SLOW_TO_FAST]
    assert covered[0] <= covered[1] + 1e-9 <= covered[2] + 2e-9


@given(hours, st.floats(min_value=0, max_value=12), st.booleans(), rules_setting)
@hsettings(max_examples=200, deadline=None)
def test_from_any_hour_a_slower_pace_never_goes_further(travel, today, difficult, rule):
    terrain = FOREST if difficult else ROAD
    conf = with_settings(day_figure=rule)
    covered = [rules.distance_in(rules.hour_distances(TABLE, conf, Motion(p, "foot")), [], 0.0,
                                 today, travel, terrain)[0] for p in PACES_SLOW_TO_FAST]
    assert covered[0] <= covered[1] + 1e-9 <= covered[2] + 2e-9


@given(hours, st.floats(min_value=0, max_value=12), st.sampled_from(PACES_SLOW_TO_FAST),
       st.sampled_from(["foot", "mounted", "vehicle", "gallop"]), rules_setting)
@hsettings(max_examples=200, deadline=None)
def test_difficult_terrain_never_goes_further(travel, today, pace, mode, rule):
    pace = rules.allowed_paces(TABLE, mode)[0] if pace not in rules.allowed_paces(TABLE, mode) \
        else pace
    by_hour = rules.hour_distances(TABLE, with_settings(day_figure=rule), Motion(pace, mode))
    easy = rules.distance_in(by_hour, [], 0.0, today, travel, ROAD)[0]
    hard = rules.distance_in(by_hour, [], 0.0, today, travel, FOREST)[0]
    assert hard <= easy + 1e-9
    assert hard == approx(easy / 2)


@given(st.lists(st.tuples(st.floats(min_value=0.1, max_value=40), st.booleans()), min_size=1,
                max_size=5),
       st.sampled_from(PACES_SLOW_TO_FAST), st.floats(min_value=0, max_value=8))
@hsettings(max_examples=100, deadline=None)
def test_the_planned_time_covers_exactly_the_route(legs, pace, today):
    route = [Leg(km, FOREST if hard else ROAD) for km, hard in legs]
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion(pace, "foot"))
    plan = rules.plan_route(by_hour, route, 0.0, today, 8 * 3600, 8, 8, TABLE)
    assert sum(plan.leg_hours) == approx(plan.total_hours)
    assert plan.elapsed_seconds >= plan.total_hours * 3600 - 1e-6
    # Travelled without stopping for the night, the same route takes no longer.
    km, _ = rules.distance_in(by_hour, route, 0.0, 0.0, plan.total_hours + 24)
    assert km == approx(sum(leg.km for leg in route))


def test_the_plan_says_when_each_leg_ends():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    plan = rules.plan_route(by_hour, [Leg(9, ROAD), Leg(9, FOREST), Leg(9, ROAD)], 0.0, 0.0,
                            8 * 3600, 8, 8, TABLE)
    # 2 h of road, 4 h of forest, then 2 h of road: the 8 h day ends with the route.
    assert plan.leg_ends == [approx(2 * 3600), approx(6 * 3600), approx(8 * 3600)]
    half_done = rules.plan_route(by_hour, [Leg(9, ROAD), Leg(9, FOREST)], 9.0, 2.0, 10 * 3600,
                                 8, 8, TABLE)
    assert half_done.leg_ends == [None, approx(4 * 3600)]


@given(st.lists(st.floats(min_value=0.1, max_value=40), min_size=1, max_size=5),
       st.data(), st.sampled_from(PACES_SLOW_TO_FAST),
       st.sampled_from(["last_hour", "spread", "hourly"]))
@hsettings(max_examples=100, deadline=None)
def test_making_a_leg_difficult_never_makes_the_route_shorter(lengths, data, pace, rule):
    hard = data.draw(st.integers(min_value=0, max_value=len(lengths) - 1))
    by_hour = rules.hour_distances(TABLE, with_settings(day_figure=rule), Motion(pace, "foot"))
    easy = [Leg(km, ROAD) for km in lengths]
    harder = [Leg(km, FOREST if i == hard else ROAD) for i, km in enumerate(lengths)]
    before = rules.plan_route(by_hour, easy, 0.0, 0.0, 8 * 3600, 8, 8, TABLE)
    after = rules.plan_route(by_hour, harder, 0.0, 0.0, 8 * 3600, 8, 8, TABLE)
    assert after.total_hours >= before.total_hours - 1e-9
    assert after.elapsed_seconds >= before.elapsed_seconds - 1e-6


# -- the plan kept: days of travel and nights' halts (RULES.md 1.1, 1.2) -------------------------


@pytest.mark.parametrize(("clock", "departure"), [
    ((1, "18:00"), (2, "08:00")), ((2, "02:00"), (2, "08:00")), ((1, "08:00"), (1, "08:00")),
    ((1, "07:59"), (1, "08:00"))])
def test_the_party_sets_off_again_at_the_next_departure_hour(clock, departure):
    def seconds(day: int, hhmm: str) -> int:
        return (day - 1) * 86400 + int(hhmm[:2]) * 3600 + int(hhmm[3:]) * 60
    assert rules.next_departure(seconds(*clock), 8) == seconds(*departure)


def test_ten_hours_a_day_plans_two_saves_a_day_and_a_nights_halt():
    """RULES.md 1.2: the 9th and 10th hours are a forced march (DC 11, 12), every day; the 80 km
    of the issue at normal pace: 45 km on day 1 (36 in 8 h, 4.5 in each of 2 more), 35 km on
    day 2 from 08:00 (31.5 in 7 h, then 3.5 of the 8th hour's 4.5): Day 2, 15:46."""
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "foot"))
    plan = rules.plan_route(by_hour, [Leg(80, ROAD)], 0.0, 0.0, 8 * 3600, 10, 8, TABLE)
    assert (plan.days, plan.halts, plan.forced_march_dcs) == (2, 1, [11, 12])
    assert plan.total_hours == approx(10 + 7 + 3.5 / 4.5)
    assert round(8 * 3600 + plan.elapsed_seconds) == 86400 + 15 * 3600 + 46 * 60 + 40
    eight = rules.plan_route(by_hour, [Leg(80, ROAD)], 0.0, 0.0, 8 * 3600, 8, 8, TABLE)
    assert (eight.days, eight.halts, eight.forced_march_dcs) == (3, 2, [])


def test_a_mount_rests_overnight_in_the_plan():
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("fast", "gallop"))
    plan = rules.plan_route(by_hour, [Leg(30, ROAD)], 0.0, 0.0, 8 * 3600, 1, 8, TABLE,
                            gallop_hours=1.0)
    assert (plan.halts, plan.fresh_mounts_at_km) == (2, [])  # 12 km a day, a fresh horse daily


def test_with_clock_days_midnight_starts_a_new_day_in_the_plan():
    """A ship sailing 8 h a day from 20:00 (new_travel_day: its days are the clock's): 4 h to
    midnight, 8 more until 08:00, where its next day of travel begins at once."""
    by_hour = rules.hour_distances(TABLE, SETTINGS, Motion("normal", "ship", speed_kmh=3,
                                                           hours_per_day=8))
    plan = rules.plan_route(by_hour, [Leg(45, ROAD)], 0.0, 0.0, 20 * 3600, 8, 8, TABLE,
                            forced_march=False, clock_days=True)
    assert (plan.halts, plan.total_hours, plan.elapsed_seconds) == (1, approx(15),
                                                                    approx(15 * 3600))


# -- the slowest member (setting party_pace; RULES.md 1.1, 1.4) -----------------------------------


def test_the_table_pace_for_everyone_says_the_slowest_does_not_count():
    factor, (line,) = rules.party_factor(TABLE, SETTINGS, Motion("normal", "foot"),
                                         [("Aria", 9.0), ("Bram", 2.25)])
    assert factor == 1.0
    assert str(line) == ("the table's pace for everyone (setting party_pace): the slowest "
                         "traveller, Bram at 2.25 m a round, does not change it")


def test_the_slowest_member_scales_the_table_as_a_special_mount():
    """RULES.md 1.4's scaling (speed ÷ 9 m) applied to the slowest walker: 6.75 m is × 0.75."""
    slowest = with_settings(party_pace="slowest")
    factor, (line,) = rules.party_factor(TABLE, slowest, Motion("normal", "foot"),
                                         [("Aria", 9.0), ("Bram", 6.75), ("Cael", 0.0)])
    assert factor == approx(0.75)
    assert str(line) == "the slowest traveller, Bram: 6.75 m ÷ 9 m (setting party_pace): × 0.75"
    factor, (line,) = rules.party_factor(TABLE, slowest, Motion("normal", "mounted"),
                                         [("Bram", 6.75)])
    assert factor == 1.0 and "on foot only" in str(line)


def test_the_travellers_metres_are_read_again_for_another_list_of_speeds():
    from types import SimpleNamespace

    from gm_console_plugins.travel import reading

    def speeds(*metres: float) -> list:
        return [({"name": f"c{n}"}, SimpleNamespace(m_for=lambda _, m=m: m))
                for n, m in enumerate(metres)]

    walking, slowed = speeds(9, 6), speeds(9, 3)
    assert reading.metres(walking) == [("c0", 9), ("c1", 6)]
    assert reading.metres(walking) is reading.metres(walking)  # kept for the same list
    assert reading.metres(slowed) == [("c0", 9), ("c1", 3)]
    assert reading.metres(walking) == [("c0", 9), ("c1", 6)]
