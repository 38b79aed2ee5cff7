"""Speed factors with a scope: ``speed_factor = {swim = 0.5, climb = 0.5}`` (a heavy cloak)
halves swimming and climbing and leaves the speed that counts, walking, travel as they were;
``speed_factor = 0.5`` still halves every speed. The speeds a scope may name are ``speeds`` of
``[scopes]`` of config/conditions.toml; a misspelt one stops the load with the file and line
(tests/test_condition_scopes.py)."""

from __future__ import annotations

import pytest
from applying import ok, refused

from gm_console.files.config import Config
from gm_console.rules import conditions as cond
from gm_console.rules.speed import SpeedStep, compose

HUMAN = {"race": "human", "strength": 10, "dexterity": 10, "height_m": 1.8}
CLOAK = ["speed_factor=swim:0.5+climb:0.5"]
SPEEDS = cond.scopes_of(Config().table("conditions"))


def human(store) -> dict:
    return store.session.character("Aria")


@pytest.fixture
def aria(make_store):
    return make_store([{"name": "Aria", **HUMAN}])


# -- the rules, as plain functions ---------------------------------------------------------------


def test_a_scoped_factor_makes_those_speeds_their_own_and_leaves_the_speed_that_counts():
    """RULES.md 2.6's example: base 12 + 2 = 14 mv, moderately encumbered: 7 mv. A cloak
    halving swim and climb leaves those 7 mv and gives swim and climb 3.5 mv."""
    steps = [SpeedStep("base", "human", value=12), SpeedStep("adjust", "Str 17, Dex 16", value=2),
             SpeedStep("limit", "moderate load", fixed_mv=7),
             SpeedStep("multiply", "heavy cloak", value=0.5, speeds=("swim", "climb"))]
    speed = compose(steps, 0, 0.75)
    assert (speed.mv, speed.m) == (7, 5.25)
    assert speed.speeds == {"swim": {"mv": 3.5, "m": 2.625}, "climb": {"mv": 3.5, "m": 2.625}}
    assert (speed.m_for("swim"), speed.m_for("climb"), speed.m_for("walk")) == (2.625, 2.625,
                                                                                5.25)
    assert "× 0.5 for swim, climb only: heavy cloak → 3.5 mv" in speed.steps
    assert speed.steps[-2:] == ["= 7 mv = 5.25 m per round (× 0.75 m per mv)",
                                "swim, climb: 3.5 mv = 2.625 m per round"]
    assert speed.as_dict()["speeds"] == speed.speeds


def test_a_plain_factor_still_touches_every_speed_and_a_scoped_one_comes_after_it():
    """Exhaustion 2: speed halved (RULES.md 1.3), every speed; a swim-only factor then halves
    swimming again, rounded down as the setting says (never below 1 mv)."""
    steps = [SpeedStep("base", "human", value=12),
             SpeedStep("multiply", "exhaustion 2", value=0.5),
             SpeedStep("multiply", "cloak", value=0.5, speeds=("swim",), round_down=True)]
    speed = compose(steps, 0, 0.75)
    assert (speed.mv, speed.m_for("climb"), speed.speeds["swim"]["mv"]) == (6, 4.5, 3)
    assert compose(steps[:2], 0, 0.75).speeds == {}
    odd = compose([SpeedStep("base", "x", value=7), *steps[2:]], 0, 0.75)
    assert odd.speeds["swim"]["mv"] == 3
    assert "× 0.5 for swim only: cloak → 3 mv (rounded down from 3.5)" in odd.steps


def test_the_conditions_give_each_factor_with_the_speeds_it_touches():
    [cloak, tired] = cond.compose([], [
        {"name": "cloak", "source": "worn", "effects": {"speed_factor": {"swim": 0.5,
                                                                          "climb": 0.5,
                                                                          "jump": 0}}},
        {"name": "tired", "source": "long day", "effects": {"speed_factor": 0.5}}], {},
        scopes=SPEEDS)
    assert cond.speed_factors([cloak, tired]) == [
        (0.5, "cloak (worn)", ("swim", "climb")), (0.0, "cloak (worn)", ("jump",)),
        (0.5, "tired (long day)", ())]
    assert cond.describe_effects(cloak.effects) == "swim, climb speed × 0.5, jump speed × 0"
    assert cond.describe_effects(tired.effects) == "speed × 0.5"


def test_speeds_typed_by_hand_are_checked():
    assert cond.parse_effects(CLOAK, SPEEDS) == {"speed_factor": {"swim": 0.5, "climb": 0.5}}
    assert cond.parse_effects(["speed_factor=travel:0,5"], SPEEDS) == {
        "speed_factor": {"travel": 0.5}}
    assert cond.parse_effects(["speed_factor=0.5"], SPEEDS) == {"speed_factor": 0.5}
    with pytest.raises(cond.ConditionError, match="did you mean 'swim'"):
        cond.parse_effects(["speed_factor=swin:0.5"], SPEEDS)
    with pytest.raises(cond.ConditionError, match="'swim' is not speed:factor"):
        cond.parse_effects(["speed_factor=swim+climb:0.5"], SPEEDS)
    with pytest.raises(cond.ConditionError, match="a table of speed = factor from 0 to 1"):
        cond.parse_effects(["speed_factor=swim:2"], SPEEDS)


def test_a_plugin_condition_naming_an_unknown_speed_is_kept_without_effects():
    [odd] = cond.compose([], [{"name": "wings", "source": "a plugin",
                               "effects": {"speed_factor": {"fly": 2}}}], {}, scopes=SPEEDS)
    assert odd.effects == {} and "speed_factor" in odd.source


# -- through the operations ------------------------------------------------------------------------


def test_a_heavy_cloak_changes_the_swim_figure_and_not_the_walking_one(aria):
    """RULES.md 1.6: a swum metre costs 2 without a swimming speed; at half the speed, twice
    that of the round's 9 m. Walking still costs 1 a metre, and the speed stays 9 m."""
    before = ok(aria, "movement.price", character="Aria", segments="swim:2,walk:2").data
    assert [s["cost_m"] for s in before["segments"]] == [4, 2]
    ok(aria, "condition.add", character="Aria", condition="heavy cloak", effects=CLOAK)
    speed = aria.session.speed(human(aria))
    assert (speed.m, speed.m_for("swim"), speed.m_for("walk")) == (9, 4.5, 9)
    data = ok(aria, "movement.price", character="Aria", segments="swim:2,walk:2").data
    assert [s["cost_m"] for s in data["segments"]] == [8, 2]
    assert (data["speed_m"], data["cost_m"]) == (9, 10)
    assert "× 2 (swim speed 4.5 m of 9 m)" in data["segments"][0]["why"]
    assert "swim speed" not in data["segments"][1]["why"]
    assert any("× 0.5 for swim, climb only: heavy cloak" in line for line in speed.steps)
    climb = ok(aria, "movement.price", character="Aria", segments="climb:2").data
    assert climb["cost_m"] == 8
    ok(aria, "condition.remove", character="Aria", condition="heavy cloak")
    assert ok(aria, "movement.price", character="Aria", segments="swim:2").data["cost_m"] == 4


def test_a_speed_at_zero_refuses_that_movement_and_no_other(aria):
    ok(aria, "condition.add", character="Aria", condition="leaden", effects=[
        "speed_factor=swim:0"])
    assert "segment 1: swim speed 0 m: no swim possible" in refused(
        aria, "movement.move", character="Aria", segments="swim:1")
    ok(aria, "movement.move", character="Aria", segments="walk:3")


def test_travel_reads_its_own_speed_and_not_the_swimming_one(aria):
    """party_pace = "slowest": a traveller's speed ÷ 9 m scales the pace (RULES.md 1.4's
    scaling); a cloak that halves swimming does not slow the march, one that halves travel
    does, and one that stops travel stops the party."""
    ok(aria, "settings.set", plugin="travel", key="party_pace", value="slowest")
    ok(aria, "travel.leg", km=9, terrain="plain")

    assert _travel(aria)["per_hour_km"] == 4.5
    ok(aria, "condition.add", character="Aria", condition="heavy cloak", effects=CLOAK)
    assert _travel(aria)["per_hour_km"] == 4.5
    ok(aria, "condition.add", character="Aria", condition="sore feet",
       effects=["speed_factor=travel:0.5"])
    assert _travel(aria)["per_hour_km"] == 2.25
    assert aria.session.speed(human(aria)).m == 9  # a round's movement as it was
    ok(aria, "condition.add", character="Aria", condition="lame", effects=[
        "speed_factor=travel:0"])
    stopped = ok(aria, "travel.advance", hours="1")
    assert stopped.data["km"] == 0
    assert "Aria cannot move: speed 0 (× 0 for travel only: lame" in stopped.message


def _travel(store) -> dict:
    from gm_console.headless import show
    return show(store)["travel"]
