"""RULES.md 2.5 (armour limits speed, even magic armour) and the armour half of 2.6.

Expected limits are written here from RULES.md, not read back from config/armour.toml.
"""

from __future__ import annotations

import math
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_console.rules.speed import SpeedStep, compose
from gm_console_plugins.armour import rules

CONFIG = Path(__file__).resolve().parents[2] / "gm_console_config" / "armour.toml"
TABLE = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
SETTINGS = dict(TABLE["settings"])

NO_LIMIT, TWO_THIRDS, HALF = Fraction(1), Fraction(2, 3), Fraction(1, 2)

ARMOURS = [  # every name of table 4, English and French, and its limit
    ("none", NO_LIMIT), ("aucune", NO_LIMIT),
    ("padded", NO_LIMIT), ("matelassée", NO_LIMIT), ("gambison", NO_LIMIT),
    ("leather", NO_LIMIT), ("cuir", NO_LIMIT), ("armure de cuir", NO_LIMIT),
    ("studded leather", NO_LIMIT), ("cuir clouté", NO_LIMIT), ("besantine", NO_LIMIT),
    ("ring mail", NO_LIMIT), ("annelée", NO_LIMIT), ("brigandine", NO_LIMIT),
    ("breastplate", TWO_THIRDS), ("cuirasse", TWO_THIRDS),
    ("scale mail", TWO_THIRDS), ("écailles", TWO_THIRDS), ("jaseran", TWO_THIRDS),
    ("chain mail", TWO_THIRDS), ("cotte de mailles", TWO_THIRDS),
    ("splint mail", TWO_THIRDS), ("feuilletée", TWO_THIRDS),
    ("banded mail", TWO_THIRDS), ("à bandes", TWO_THIRDS),
    ("bronze plate mail", TWO_THIRDS), ("plates en bronze", TWO_THIRDS),
    ("plate mail", HALF), ("plates", HALF), ("harnois", HALF),
    ("field plate", HALF), ("armure de bataille", HALF),
    ("full plate", HALF), ("complète", HALF), ("harnois plain", HALF),
    ("  Chain  Mail ", TWO_THIRDS), ("FULL PLATE", HALF),
]


@pytest.mark.parametrize("armour, limit", ARMOURS)
def test_every_armour_of_table_4(armour, limit):
    result = rules.armour_limit({"armour": armour}, TABLE, SETTINGS)
    assert result.known is not None
    assert result.limit == limit


@pytest.mark.parametrize("armour, limit", ARMOURS)
def test_magic_armour_limits_all_the_same(armour, limit):
    assert rules.armour_limit({"armour": armour, "armour_magic": True}, TABLE, SETTINGS).limit == limit


def test_no_armour_field_is_no_armour():
    assert rules.armour_limit({}, TABLE, SETTINGS).known == "none"
    assert rules.armour_limit({"armour": ""}, TABLE, SETTINGS).known == "none"


def test_unknown_armour_follows_the_setting():
    result = rules.armour_limit({"armour": "mithral shirt"}, TABLE, SETTINGS)
    assert (result.known, result.limit) == (None, NO_LIMIT)
    assert "not in config/armour.toml" in result.label
    strict = rules.armour_limit({"armour": "mithral shirt"}, TABLE,
                                {**SETTINGS, "unknown_armour_limit": "1/2"})
    assert strict.limit == HALF


@pytest.mark.parametrize("raw", ["fast", "3/2", "0", "1/0"])
def test_bad_limits_are_named(raw):
    with pytest.raises(ValueError, match="unknown_armour_limit"):
        rules.armour_limit({"armour": "mithral"}, TABLE, {**SETTINGS, "unknown_armour_limit": raw})


def test_labels_say_magic_and_the_limit():
    assert rules.armour_limit({"armour": "cotte de mailles", "armour_magic": True}, TABLE,
                              SETTINGS).label == "armour chain mail, magic: 2/3 speed"


def test_worked_example_armour_half():
    """RULES.md 2.6: base 14, moderately encumbered (1/2), chain mail (2/3): 7 mv."""
    chain = rules.armour_limit({"armour": "chain mail"}, TABLE, SETTINGS)
    assert math.floor(14 * chain.limit) == 9
    speed = compose([SpeedStep("base", "human", value=12),
                     SpeedStep("adjust", "Str 17 / Dex 16", value=2),
                     SpeedStep("limit", "moderate", fraction=Fraction(1, 2)),
                     SpeedStep("limit", chain.label, fraction=chain.limit)], 9, 0.75)
    assert (speed.base_mv, speed.mv) == (14, 7)


LIMITS = sorted({limit for _, limit in ARMOURS}, reverse=True)  # lightest armour first


@given(st.integers(0, len(LIMITS) - 1), st.integers(0, len(LIMITS) - 1), st.integers(1, 30))
def test_heavier_armour_never_gives_more_speed(a, b, base):
    lighter, heavier = LIMITS[min(a, b)], LIMITS[max(a, b)]

    def speed(limit):
        return compose([SpeedStep("base", "race", value=base),
                        SpeedStep("limit", "armour", fraction=limit)], 9, 0.75).mv

    assert speed(heavier) <= speed(lighter)


def test_french_label_uses_the_french_name():
    worn = rules.armour_limit({"armour": "full plate", "armour_magic": True}, TABLE, SETTINGS)
    assert worn.label_fr == "armure complète, magique : 1/2 de la vitesse"
