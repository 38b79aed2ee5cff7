"""RULES.md 1.6 and 1.7 as plain functions: jump figures, the cost of a metre, pricing a path.

Expected figures are written out here by hand from the rules' formulas, never read back from
config/movement.toml; the table is only the input the functions are given.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib.resources import files

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_console_plugins.movement import rules
from gm_console_plugins.movement.segments import Segment, parse_path

TABLE = tomllib.loads(files("gm_console_config").joinpath("movement.toml").read_text("utf-8"))
SETTINGS = TABLE["settings"]


def settings(**over):
    return {**SETTINGS, **over}


def figures(strength=10, height=None, **over):
    return rules.jump_figures(strength, height, TABLE, settings(**over))


# ---------------------------------------------------------------------------------------------
# Jump figures
# ---------------------------------------------------------------------------------------------

# Strength: (long running, long standing, high running, high standing, obstacle max), from
# long = 0.3 × score, high = max(0, 1 + 0.3 × floor((score − 10) / 2)), standing = half,
# obstacle = a quarter of the running long jump.
JUMPS_BY_STRENGTH = {
    1: (0.3, 0.15, 0, 0, 0.075),
    2: (0.6, 0.3, 0, 0, 0.15),
    3: (0.9, 0.45, 0, 0, 0.225),
    4: (1.2, 0.6, 0.1, 0.05, 0.3),
    5: (1.5, 0.75, 0.1, 0.05, 0.375),
    6: (1.8, 0.9, 0.4, 0.2, 0.45),
    7: (2.1, 1.05, 0.4, 0.2, 0.525),
    8: (2.4, 1.2, 0.7, 0.35, 0.6),
    9: (2.7, 1.35, 0.7, 0.35, 0.675),
    10: (3.0, 1.5, 1.0, 0.5, 0.75),
    11: (3.3, 1.65, 1.0, 0.5, 0.825),
    12: (3.6, 1.8, 1.3, 0.65, 0.9),
    13: (3.9, 1.95, 1.3, 0.65, 0.975),
    14: (4.2, 2.1, 1.6, 0.8, 1.05),
    15: (4.5, 2.25, 1.6, 0.8, 1.125),
    16: (4.8, 2.4, 1.9, 0.95, 1.2),
    17: (5.1, 2.55, 1.9, 0.95, 1.275),
    18: (5.4, 2.7, 2.2, 1.1, 1.35),
    19: (5.7, 2.85, 2.2, 1.1, 1.425),
    20: (6.0, 3.0, 2.5, 1.25, 1.5),
    21: (6.3, 3.15, 2.5, 1.25, 1.575),
    22: (6.6, 3.3, 2.8, 1.4, 1.65),
    23: (6.9, 3.45, 2.8, 1.4, 1.725),
    24: (7.2, 3.6, 3.1, 1.55, 1.8),
    25: (7.5, 3.75, 3.1, 1.55, 1.875),
}


@pytest.mark.parametrize("strength", sorted(JUMPS_BY_STRENGTH))
def test_jump_figures_for_every_strength(strength):
    out = figures(strength).as_dict()
    got = (out["long_running_m"], out["long_standing_m"], out["high_running_m"],
           out["high_standing_m"], out["obstacle_max_m"])
    assert got == pytest.approx(JUMPS_BY_STRENGTH[strength], abs=1e-9)


@pytest.mark.parametrize("exceptional", ["18/01", "18/50", "18/51", "18/75", "18/99", "18/00"])
def test_exceptional_strength_counts_as_18(exceptional):
    out = figures(exceptional).as_dict()
    assert (out["long_running_m"], out["high_running_m"]) == pytest.approx((5.4, 2.2))
    assert out["steps"][0] == f"Strength {exceptional} counts as 18, modifier +4"


def test_exceptional_strength_score_is_a_setting():
    out = figures("18/50", exceptional_strength_score=19).as_dict()
    assert out["long_running_m"] == pytest.approx(5.7)


def test_strength_given_as_text_of_a_number():
    assert figures("16").as_dict()["long_running_m"] == pytest.approx(4.8)


@pytest.mark.parametrize("ability, raw, expected", [
    ("strength", 1, -5), ("strength", 3, -4), ("strength", 9, -1), ("strength", 10, 0),
    ("strength", 11, 0), ("strength", 17, 3), ("strength", "18/50", 4), ("strength", "18/00", 4),
    ("strength", 25, 7), ("dexterity", 8, -1), ("dexterity", "16", 3),
])
def test_check_modifier_rounds_down_also_below_10(ability, raw, expected):
    assert rules.check_modifier(ability, raw, 18) == expected


def test_negative_high_jump_is_floored_at_zero_with_the_reason():
    out = figures(3).as_dict()
    assert out["high_running_m"] == 0
    assert "−0.2 m → 0 m (never below 0)" in " ".join(out["steps"])


def test_negative_high_jump_kept_when_the_floor_is_off():
    out = figures(3, high_jump_never_below_zero=False).as_dict()
    assert (out["high_running_m"], out["high_standing_m"]) == pytest.approx((-0.2, -0.1))


@pytest.mark.parametrize("strength, height, reach", [
    (10, 1.8, 3.7),     # 1 + 1.5 × 1.8
    (18, 1.75, 4.825),  # 2.2 + 2.625
    (3, 1.2, 1.8),      # 0 + 1.8
    ("18/00", 2, 5.2),  # 2.2 + 3
])
def test_reach_is_high_jump_plus_one_and_a_half_heights(strength, height, reach):
    assert figures(strength, height).as_dict()["reach_m"] == pytest.approx(reach)


def test_reach_from_the_standing_jump_is_a_setting():
    assert figures(10, 1.8, reach_from="standing").as_dict()["reach_m"] == pytest.approx(3.2)


@pytest.mark.parametrize("height", [None, "", 0])
def test_reach_unknown_without_a_height(height):
    out = figures(10, height).as_dict()
    assert out["reach_m"] is None
    assert any("no height_m" in line for line in out["steps"])


@pytest.mark.parametrize("strength, message", [
    ("19/50", "18/01 to 18/00"), ("18/5", "18/01 to 18/00"), ("18/100", "18/01 to 18/00"),
    ("strong", "'strong'"), (-1, "from 1 to 25"), (0, "from 1 to 25"), (26, "from 1 to 25"),
    (True, "True"), (None, "None"), (12.5, "12.5"),
])
def test_bad_strength_is_refused_with_the_value(strength, message):
    with pytest.raises(ValueError, match=message):
        figures(strength)


@pytest.mark.parametrize("height", ["tall", -1.8, True])
def test_bad_height_is_refused(height):
    with pytest.raises(ValueError, match="height_m"):
        figures(10, height)


@given(st.integers(min_value=1, max_value=24))
def test_more_strength_never_jumps_less(score):
    weaker, stronger = figures(score).as_dict(), figures(score + 1).as_dict()
    for key in ("long_running_m", "long_standing_m", "high_running_m", "high_standing_m",
                "obstacle_max_m"):
        assert stronger[key] >= weaker[key]


@given(st.integers(min_value=1, max_value=25), st.floats(min_value=0.3, max_value=4))
def test_standing_is_half_running_and_reach_above_the_jump(score, height):
    out = figures(score, round(height, 2)).as_dict()
    assert out["long_standing_m"] == pytest.approx(out["long_running_m"] / 2, abs=1e-3)
    assert out["high_standing_m"] == pytest.approx(out["high_running_m"] / 2, abs=1e-3)
    assert out["reach_m"] > out["high_running_m"]


# ---------------------------------------------------------------------------------------------
# The cost of a metre
# ---------------------------------------------------------------------------------------------

# (kind, climbing speed, swimming speed) → (normal, difficult), from RULES.md 1.6's table.
COSTS = [
    ("walk", 0, 0, 1, 2),
    ("walk", 6, 6, 1, 2),
    ("climb", 0, 0, 2, 3),
    ("climb", 0, 9, 2, 3),   # a swimming speed does not help climbing
    ("climb", 6, 0, 1, 2),
    ("swim", 0, 0, 2, 3),
    ("swim", 9, 0, 2, 3),    # nor a climbing speed swimming
    ("swim", 0, 4.5, 1, 2),
    ("crawl", 0, 0, 2, 3),   # interpretation: like climbing
    ("crawl", 6, 6, 2, 3),
    ("long_jump", 0, 0, 1, 1),  # interpretation: in the air, difficult terrain costs nothing more
    ("high_jump", 0, 0, 1, 1),
    ("long_jump", 6, 6, 1, 1),
]


@pytest.mark.parametrize("kind, climb, swim, normal, difficult", COSTS)
def test_cost_of_a_metre(kind, climb, swim, normal, difficult):
    for is_difficult, expected in ((False, normal), (True, difficult)):
        rate, why = rules.cost_per_metre(kind, is_difficult, climb_speed_m=climb,
                                         swim_speed_m=swim, table=TABLE, settings=SETTINGS)
        assert rate == expected
        assert ("difficult" if is_difficult else "normal") in why


def test_crawl_and_jump_in_difficult_terrain_are_settings():
    custom = settings(crawl_cost_normal=3, crawl_cost_difficult=5, jump_cost_difficult=2)
    price = lambda kind, difficult: rules.cost_per_metre(  # noqa: E731
        kind, difficult, climb_speed_m=0, swim_speed_m=0, table=TABLE, settings=custom)[0]
    assert (price("crawl", False), price("crawl", True)) == (3, 5)
    assert (price("long_jump", False), price("long_jump", True)) == (1, 2)


# ---------------------------------------------------------------------------------------------
# Pricing a path
# ---------------------------------------------------------------------------------------------


def price(text, speed=9, strength=10, terrain=None, climb=0, swim=0, **over):
    return rules.price_path(parse_path(text), speed_m=speed, figures=figures(strength),
                            climb_speed_m=climb, swim_speed_m=swim, terrain_difficult=terrain,
                            terrain_label="forest" if terrain else "", table=TABLE,
                            settings=settings(**over))


def test_issue_example_climb_3_at_9_leaves_3():
    path = price("climb:3").as_dict()
    assert (path["cost_m"], path["left_m"], path["over_m"], path["fits"]) == (6, 3, 0, True)
    assert path["steps"][-1] == "total 6 m of 9 m: 3 m left"


def test_same_climb_with_a_climbing_speed_leaves_6():
    assert price("climb:3", climb=6).as_dict()["left_m"] == 6


def test_over_says_by_how_much():
    path = price("climb:3:difficult,walk:2").as_dict()  # 9 + 2
    assert (path["cost_m"], path["left_m"], path["over_m"], path["fits"]) == (11, 0, 2, False)
    assert path["steps"][-1] == "total 11 m of 9 m: 2 m too far"


def test_exactly_the_speed_fits():
    path = price("walk:4.5:difficult").as_dict()
    assert (path["cost_m"], path["left_m"], path["fits"]) == (9, 0, True)


def test_each_segment_priced_in_order():
    path = price("climb:3,walk:2:difficult,long_jump:4", strength=16).as_dict()
    assert [(s["kind"], s["cost_per_m"], s["cost_m"]) for s in path["segments"]] == [
        ("climb", 2, 6), ("walk", 2, 4), ("long_jump", 1, 4)]
    assert path["cost_m"] == 14


def test_segment_without_terrain_takes_the_current_one():
    path = price("walk:2,walk:2:normal", terrain=True).as_dict()
    first, second = path["segments"]
    assert (first["difficult"], first["terrain_from"], first["cost_m"]) == (True, "terrain", 4)
    assert "current terrain: forest" in first["why"]
    assert (second["difficult"], second["terrain_from"], second["cost_m"]) == (False, "segment", 2)


def test_no_terrain_known_means_normal():
    segment = price("walk:2").as_dict()["segments"][0]
    assert (segment["difficult"], segment["terrain_from"]) == (False, "default")


def test_fractional_metres_price_exactly():
    path = price("climb:1.5,walk:0.1", speed=7.5).as_dict()
    assert (path["cost_m"], path["left_m"]) == (3.1, 4.4)


# -- jumps: run-up, limits, checks --------------------------------------------------------------


@pytest.mark.parametrize("text, running", [
    ("walk:3,long_jump:1", True),
    ("walk:2.9,long_jump:1", False),
    ("walk:1:difficult,walk:2,long_jump:1", True),   # ground is ground, difficult or not
    ("walk:3,crawl:1,long_jump:1", False),           # the run-up must be just before
    ("long_jump:1", False),
    ("long_jump:1:running", True),
    ("walk:5,long_jump:1:standing", False),
    ("walk:3,high_jump:0.5", True),
])
def test_run_up_from_the_ground_walked_just_before(text, running):
    assert price(text).as_dict()["segments"][-1]["run_up"] is running


def test_run_up_kinds_are_a_setting():
    assert price("crawl:3,long_jump:1", run_up_kinds=["walk", "crawl"]).segments[-1].run_up


@pytest.mark.parametrize("text, limit, problem", [
    ("walk:3,long_jump:5.4", 5.4, False),
    ("walk:3,long_jump:5.5", 5.4, True),
    ("long_jump:2.7", 2.7, False),
    ("long_jump:2.8", 2.7, True),
])
def test_long_jump_beyond_the_figure_is_a_problem(text, limit, problem):
    path = price(text, speed=20, strength=18).as_dict()
    assert path["segments"][-1]["max_m"] == limit
    assert bool(path["problems"]) is problem
    assert path["checks"] == []


@pytest.mark.parametrize("text, check", [
    ("walk:3,high_jump:2.2", False),
    ("walk:3,high_jump:2.3", True),
    ("high_jump:1.1", False),
    ("high_jump:1.2", True),
])
def test_jumping_higher_offers_an_athletics_check(text, check):
    path = price(text, speed=20, strength=18)
    assert [c.skill for c in path.checks] == (["athletics"] if check else [])
    if check:
        assert path.checks[0].dc == 15 and path.checks[0].ability == "strength"
    assert path.problems == ()


@pytest.mark.parametrize("obstacle, mode, check, problem", [
    (1.0, "taller_than_quarter", False, False),  # 4 m jump: a quarter is 1 m
    (1.01, "taller_than_quarter", True, False),
    (1.0, "up_to_quarter", True, False),
    (1.01, "up_to_quarter", False, True),
])
def test_obstacle_and_a_quarter_of_the_jump(obstacle, mode, check, problem):
    path = price(f"walk:3,long_jump:4:obstacle={obstacle}", speed=20, strength=18,
                 obstacle_check=mode)
    assert [c.reason.startswith("clear a") for c in path.checks] == ([True] if check else [])
    assert bool(path.problems) is problem


def test_landing_in_difficult_terrain_calls_for_acrobatics_or_prone():
    path = price("walk:3,long_jump:2", terrain=True, strength=18)
    landing = [c for c in path.checks if c.skill == "acrobatics"]
    assert len(landing) == 1
    assert (landing[0].ability, landing[0].dc, landing[0].condition, landing[0].segment) == (
        "dexterity", 10, "prone", 2)
    assert price("walk:3,long_jump:2", strength=18).checks == ()


def test_slippery_climb_and_rough_water_call_for_athletics():
    path = price("climb:1:slippery,swim:1:rough,climb:1,swim:1")
    assert [(c.skill, c.segment, c.dc) for c in path.checks] == [
        ("athletics", 1, 15), ("athletics", 2, 15)]


def test_check_expression():
    assert [rules.check_expression("1d20", m) for m in (4, -1, 0)] == ["1d20+4", "1d20-1", "1d20"]


# -- properties ----------------------------------------------------------------------------------

KIND = st.sampled_from(["walk", "climb", "swim", "crawl", "long_jump", "high_jump"])
SEGMENT = st.builds(Segment, kind=KIND,
                    metres=st.integers(min_value=1, max_value=400).map(lambda n: n / 10),
                    difficult=st.sampled_from([None, True, False]))
PATH = st.lists(SEGMENT, min_size=1, max_size=6)
SPEEDS = st.sampled_from([0, 0.75, 4.5, 9, 10.5, 27])


def _priced(segments, speed=9, climb=0, swim=0, terrain=None):
    return rules.price_path(segments, speed_m=speed, figures=figures(14), climb_speed_m=climb,
                            swim_speed_m=swim, terrain_difficult=terrain, table=TABLE,
                            settings=SETTINGS)


@given(PATH, PATH)
def test_cost_of_two_paths_is_the_sum_of_their_costs(first, second):
    assert _priced(first + second).cost == _priced(first).cost + _priced(second).cost


@given(PATH, SPEEDS)
def test_left_or_over_balances_the_speed(path, speed):
    priced = _priced(path, speed)
    assert priced.left * priced.over == 0
    assert priced.cost + priced.left - priced.over == Fraction(str(speed))


@given(PATH)
def test_difficult_terrain_never_cheaper(path):
    easy = [Segment(s.kind, s.metres, False) for s in path]
    hard = [Segment(s.kind, s.metres, True) for s in path]
    assert _priced(hard).cost >= _priced(easy).cost


@given(PATH, st.sampled_from([1.5, 6, 9]))
def test_a_climbing_or_swimming_speed_never_costs_more(path, special):
    assert _priced(path, climb=special, swim=special).cost <= _priced(path).cost


@given(PATH)
def test_every_metre_costs_at_least_a_metre(path):
    assert _priced(path, terrain=True).cost >= sum(Fraction(str(s.metres)) for s in path)


# ---------------------------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------------------------


def test_every_interpretation_of_rules_1_6_and_1_7_is_a_setting():
    assert {"crawl_cost_normal", "crawl_cost_difficult", "jump_cost_difficult",
            "exceptional_strength_score", "high_jump_never_below_zero"} <= set(SETTINGS)


@pytest.mark.parametrize("key, value, message", [
    ("dc_landing", "hard", "dc_landing of movement must be a number, not 'hard'"),
    ("high_jump_never_below_zero", 1, "must be true or false"),
    ("crawl_cost_normal", True, "must be a number"),
    ("run_up_kinds", "walk", "must be a list of names"),
    ("run_up_kinds", [1], "must be a list of segment kinds"),
    ("run_up_kinds", ["walk", "fly"], "must be a list of segment kinds"),
    ("reach_from", "flying", "reach_from of movement must be one of running, standing"),
    ("obstacle_check", "never", "one of taller_than_quarter, up_to_quarter"),
])
def test_a_setting_of_the_wrong_kind_is_named(key, value, message):
    with pytest.raises(ValueError, match=message):
        rules.checked_settings({**SETTINGS, key: value}, SETTINGS)


def test_settings_of_the_right_kind_pass_and_numbers_mix():
    values = {**SETTINGS, "crawl_cost_normal": 2.5, "run_up_kinds": ["walk", "crawl"]}
    assert rules.checked_settings(values, SETTINGS) == values
