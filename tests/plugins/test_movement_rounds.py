"""A movement longer than one round (RULES.md 1.6, 1.7) as plain functions: the rounds it takes,
their time and the checks it asks, each round priced by the per-round rule.

Expected figures are worked out by hand from RULES.md 1.6's table (a metre climbed or swum costs
2, 3 in difficult terrain, 1 with a climbing or swimming speed) and the DCs the movement table
sets (dc_slippery_climb, dc_rough_water: 15), never read back from the functions.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_movement_rules import TABLE, figures, settings

from gm_console_plugins.movement import rounds, rules
from gm_console_plugins.movement.segments import Segment, parse_path


def way(text, speed=9, round_seconds=6, **over):
    path = rules.price_path(parse_path(text), speed_m=speed, figures=figures(10),
                            climb_speed_m=over.pop("climb_speed_m", 0),
                            swim_speed_m=over.pop("swim_speed_m", 0), table=TABLE,
                            settings=settings(**over))
    return rounds.over_rounds(path, round_seconds=round_seconds, settings=settings(**over))


def per_round(found):
    """[(round, metres covered, cost)] of each piece."""
    return [(p.round, float(p.metres), float(p.cost)) for p in found.pieces]


def test_a_10_m_slippery_cliff_at_9_m_takes_3_rounds_and_3_checks():
    # 10 m × 2 = 20 m of movement: 9 + 9 + 2, so 4.5 m, 4.5 m and 1 m climbed
    found = way("climb:10:slippery")
    assert per_round(found) == [(1, 4.5, 9), (2, 4.5, 9), (3, 1, 2)]
    assert (found.rounds, found.seconds, found.path.cost) == (3, 18, 20)
    assert [(a.round, a.check.skill, a.check.dc) for a in found.checks] == [
        (1, "athletics", 15), (2, "athletics", 15), (3, "athletics", 15)]
    assert found.summary() == ("3 rounds (18 s): 20 m of movement at 9 m a round; 3 checks: "
                               "3 × Strength (Athletics) DC 15 (climb a slippery or hold-poor "
                               "surface)")
    assert found.steps()[:3] == ["round 1: 4.5 m climbing (slippery): 9 m of 9 m",
                                 "round 2: 4.5 m climbing (slippery): 9 m of 9 m",
                                 "round 3: 1 m climbing (slippery): 2 m of 9 m"]


def test_once_per_stretch_asks_the_cliff_one_check():
    found = way("climb:10:slippery", checks_over_rounds="each_stretch")
    assert found.rounds == 3
    assert [(a.round, a.check.dc) for a in found.checks] == [(1, 15)]


def test_a_20_m_rough_river_takes_5_rounds_of_swimming():
    found = way("swim:20:rough")  # 40 m of movement: 9 × 4 + 4
    assert per_round(found)[-1] == (5, 2, 4)
    assert (found.rounds, found.seconds, len(found.checks)) == (5, 30, 5)
    assert {a.check.reason for a in found.checks} == {"swim in rough water"}


def test_a_swimming_speed_halves_the_rounds():
    found = way("swim:20", swim_speed_m=6)  # 1 per metre: 9 + 9 + 2
    assert per_round(found) == [(1, 9, 9), (2, 9, 9), (3, 2, 2)]
    assert found.checks == ()
    assert found.summary() == "3 rounds (18 s): 20 m of movement at 9 m a round, no check"


def test_difficult_terrain_costs_3_a_metre_over_every_round():
    found = way("climb:10:difficult")  # 30 m: 3 m climbed in each of three rounds, 1 m in the 4th
    assert per_round(found) == [(1, 3, 9), (2, 3, 9), (3, 3, 9), (4, 1, 3)]


def test_a_jump_is_never_cut_and_starts_the_round_it_does_not_fit():
    # 7 m walked leaves 2 m: the 3 m long jump goes into round 2 (run-up still counted)
    found = way("walk:7,long_jump:3,walk:1")
    assert per_round(found) == [(1, 7, 7), (2, 3, 3), (2, 1, 1)]
    assert found.problems == ()
    assert found.path.segments[1].run_up is True


def test_a_jump_no_round_can_hold_is_a_problem():
    found = way("walk:3,long_jump:3", speed=2.5)  # a running jump, within Strength 10's 3 m
    assert found.problems == ("segment 2: a long jump of 3 m costs 3 m, more than a round's "
                              "2.5 m",)
    assert per_round(found) == [(1, 2.5, 2.5), (2, 0.5, 0.5), (3, 3, 3)]  # a round its own


def test_a_path_that_fits_takes_one_round_like_the_round_itself():
    found = way("climb:3,walk:2", round_seconds=10)
    assert (found.rounds, found.seconds, found.path.left) == (1, 10, 1)
    assert found.duration() == "1 round (10 s)"


def test_the_round_length_sets_the_time():
    assert way("climb:10", round_seconds=10).seconds == 30


def test_no_speed_covers_nothing():
    with pytest.raises(ValueError, match="a speed of 0 m covers nothing"):
        way("walk:1", speed=0)


def test_every_check_kind_is_counted_apart():
    found = way("climb:9:slippery,swim:1:rough")  # 18 m climbed, 2 m swum: 9, 9, 2
    assert found.check_counts() == [
        "2 × Strength (Athletics) DC 15 (climb a slippery or hold-poor surface)",
        "1 × Strength (Athletics) DC 15 (swim in rough water)"]


SEGMENT = st.builds(Segment, kind=st.sampled_from(["walk", "climb", "swim", "crawl"]),
                    metres=st.integers(1, 400).map(lambda n: n / 4),
                    difficult=st.sampled_from([None, True, False]))


@given(st.lists(SEGMENT, min_size=1, max_size=6), st.integers(1, 40).map(lambda n: n / 4))
def test_the_rounds_spend_the_whole_cost_and_never_more_than_the_speed(segments, speed):
    path = rules.price_path(segments, speed_m=speed, figures=figures(10), table=TABLE,
                            settings=settings())
    found = rounds.over_rounds(path, round_seconds=6, settings=settings())
    spent = [sum((p.cost for p in found.pieces if p.round == n), Fraction(0))
             for n in range(1, found.rounds + 1)]
    assert sum(spent) == path.cost
    assert all(cost <= path.speed for cost in spent)
    assert all(cost == path.speed for cost in spent[:-1])  # only the last round has speed left
    for priced in path.segments:
        assert sum(p.metres for p in found.pieces if p.number == priced.number) == \
            rules.exact(priced.segment.metres)
