"""Condition effects with a scope: ``check_disadvantage = ["perception"]`` touches a Perception
check and no other, ``= true`` still every one; saves by ability, attacks by kind; the scopes'
names are ``[scopes]`` of config/conditions.toml, and a misspelt effect or scope in the user's
file or the shipped one stops the load with the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from applying import no, ok

from gm_console.files.config import Config, ConfigError
from gm_console.host.manager import Host
from gm_console.rules import conditions as cond


def rolled(store, who: str) -> str:
    request = store.state["rolls"]["pending"][-1]
    return next(r["expression"] for r in request["rolls"] if r["who"] == who)


SCOPES = cond.scopes_of({"scopes": {"abilities": ["wisdom", "dexterity"],
                                    "skills": ["perception"], "attacks": ["ranged"]}})


def test_a_scoped_disadvantage_touches_only_the_rolls_it_names():
    [fog] = cond.compose([], [{"name": "fog", "source": "weather",
                               "effects": {"check_disadvantage": ["perception"]}}], {},
                         scopes=SCOPES)
    assert cond.disadvantage([fog], "check", ("wisdom", "perception")) == ["fog (weather)"]
    assert cond.disadvantage([fog], "check", ("wisdom", "insight")) == []
    assert cond.disadvantage([fog], "check") == []
    everything = cond.compose([], [{"name": "tired", "effects": {"check_disadvantage": True}}],
                              {})
    assert cond.disadvantage(everything, "check", ("wisdom", "perception")) \
        == cond.disadvantage(everything, "check") != []
    assert "perception" in cond.describe_effects(fog.effects)
    assert cond.disadvantage_anywhere([fog], "check") == ["fog (weather): perception only"]


def test_a_plugin_condition_naming_an_unknown_scope_is_kept_without_effects():
    [odd] = cond.compose([], [{"name": "odd", "source": "a plugin",
                               "effects": {"check_disadvantage": ["perceptoin"]}}], {},
                         scopes=SCOPES)
    assert odd.effects == {} and "'perceptoin' is not a scope" in odd.source


def test_scopes_typed_by_hand_are_checked():
    assert cond.parse_effects(["check_disadvantage=perception", "save_disadvantage"],
                              SCOPES) == {"check_disadvantage": ["perception"],
                                          "save_disadvantage": True}
    with pytest.raises(cond.ConditionError, match="did you mean 'perception'"):
        cond.parse_effects(["check_disadvantage=perceptoin"], SCOPES)
    with pytest.raises(cond.ConditionError, match="is not a scope"):
        cond.parse_effects(["save_disadvantage=perception"], SCOPES)  # a skill: no save


def test_a_perception_check_in_fog_and_nothing_else(store):
    ok(store, "condition.add", character="Aria", condition="fog",
       effects=["check_disadvantage=perception", "attack_disadvantage=ranged"])
    ok(store, "roll.check", who=["Aria"], ability="wisdom", label="Perception")
    assert rolled(store, "Aria").startswith("2d20kl1")
    ok(store, "roll.check", who=["Aria"], ability="wisdom", label="Insight")
    assert rolled(store, "Aria").startswith("1d20")
    ok(store, "roll.attack", who=["Aria"], ac=12, attack="ranged")
    assert rolled(store, "Aria").startswith("2d20kl1")
    ok(store, "roll.attack", who=["Aria"], ac=12, attack="melee")
    assert rolled(store, "Aria").startswith("1d20")
    no(store, "condition.add", "did you mean 'perception'", character="Bram",
       condition="haze", effects=["check_disadvantage=percepton"])


def test_a_dexterity_save_only(store):
    ok(store, "condition.add", character="Aria", condition="slick",
       effects=["save_disadvantage=dexterity"])
    ok(store, "roll.save", who=["Aria"], ability="dexterity", dc=12)
    assert rolled(store, "Aria").startswith("2d20kl1")
    ok(store, "roll.save", who=["Aria"], ability="constitution", dc=12)
    assert rolled(store, "Aria").startswith("1d20")


def test_the_shipped_table_is_sound():
    assert cond.table_problems(Config().table("conditions")) == []


@pytest.mark.parametrize(("row", "says"), [
    ('check_disadvantage = ["perceptoin"]', "'perceptoin' is not a scope"),
    ("check_disadvantag = true", "'check_disadvantag' is not an effect"),
    ('save_disadvantage = "yes"', "save_disadvantage must be true or a list of names"),
    ("speed_factor = {fly = 0.5}", "speed_factor: 'fly' is not a scope of config/conditions.toml"
                                   " [scopes] speeds"),
    ("speed_factor = {swim = 1.5}", "speed_factor must be a number from 0 to 1 or a table"),
    ('speed_factor = {swim = "half"}', "speed_factor must be a number from 0 to 1 or a table"),
])
def test_a_users_bad_condition_stops_the_load_with_its_file_and_line(tmp_path: Path, row: str,
                                                                    says: str):
    user = tmp_path / "cfg"
    user.mkdir()
    (user / "conditions.toml").write_text(
        f'# house rules\n\n[conditions.fog]\nlabel = "fog"\n{row}\n', encoding="utf-8")
    config = Config([Config().dirs[0], user])
    with pytest.raises(ConfigError) as raised:
        Host(config).load()
    assert f"{user / 'conditions.toml'}, line 3" in str(raised.value)
    assert says in str(raised.value)


def test_a_bad_shipped_table_is_named_too(tmp_path: Path):
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    (shipped / "conditions.toml").write_text(
        (Config().dirs[0] / "conditions.toml").read_text(encoding="utf-8")
        + '\n[conditions.odd]\nflying = true\n', encoding="utf-8")
    for other in Config().dirs[0].glob("*.toml"):
        if other.name != "conditions.toml":
            (shipped / other.name).write_bytes(other.read_bytes())
    with pytest.raises(ConfigError, match=r"shipped/conditions.toml, line \d+: 'flying'"):
        Host(Config([shipped, tmp_path / "none"])).load()


def test_check_perception_in_the_dice_prompt_is_a_wisdom_check_that_fog_hinders(store):
    from gm_console.rules.rolls import parse_on_demand

    op, params = parse_on_demand("check perception 14 : Aria")
    assert (op, params) == ("roll.check", {"who": ["Aria"], "skill": "perception", "dc": 14})
    assert parse_on_demand("check sleight of hand")[1]["skill"] == "sleight of hand"
    ok(store, "character.set", character="Aria", field="wisdom", value="14")
    ok(store, "condition.add", character="Aria", condition="fog",
       effects=["check_disadvantage=perception"])
    outcome = ok(store, op, **params)
    assert "Wisdom check (Perception) DC 14" in outcome.message
    assert rolled(store, "Aria") == "2d20kl1+2"
    ok(store, "roll.check", who=["Aria"], skill="insight")
    assert rolled(store, "Aria") == "1d20+2"
    no(store, "roll.check", "did you mean 'perception'", who=["Aria"], skill="percepton")
    no(store, "roll.check", "names its ability or its skill", who=["Aria"])


def test_a_skill_of_no_ability_stops_the_load(tmp_path: Path):
    user = tmp_path / "cfg"
    user.mkdir()
    (user / "conditions.toml").write_text('[scopes.skills]\nsailing = "wisdm"\n')
    with pytest.raises(ConfigError, match=r"line 1: scopes: skill 'sailing' is of 'wisdm'"):
        Host(Config([Config().dirs[0], user])).load()


@pytest.mark.parametrize("effects, english, french", [
    ({"check_disadvantage": ["stealth", "acrobatics"]},
     "disadvantage on stealth, acrobatics checks",
     "désavantage aux tests de discrétion, acrobaties"),
    ({"attack_disadvantage": ["ranged"]}, "disadvantage on ranged attacks",
     "désavantage aux attaques à distance"),
    ({"speed_factor": {"swim": 0.5, "climb": 0.5}}, "swim, climb speed × 0.5",
     "vitesse pour nager, escalader × 0,5"),
    # a game master's own scope has no French: said as written
    ({"check_disadvantage": ["haggling"]}, "disadvantage on haggling checks",
     "désavantage aux tests de haggling"),
])
def test_a_scopes_names_are_said_in_the_readers_language(effects, english, french):
    from gm_console.text.i18n import Translator

    said = cond.describe_effects(effects)
    assert str(said) == english
    assert Translator("fr", Host().load())(said) == french


@pytest.mark.parametrize("typed, asked", [
    ("check intimidation 14", {"skill": "intimidation", "dc": 14}),  # not Intelligence
    ("check int 12", {"ability": "intelligence", "dc": 12}),
    ("check intel", {"ability": "intelligence"}),
    ("save dextérité 12", {"ability": "dexterity", "dc": 12}),
    ("test for 10", {"ability": "strength", "dc": 10}),  # French: force
])
def test_a_skill_that_starts_as_an_ability_is_the_skill(typed, asked):
    from gm_console.rules.rolls import parse_on_demand

    assert parse_on_demand(typed)[1] == {"who": [], **asked}
