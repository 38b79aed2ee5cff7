"""Terrain types and their cost (RULES.md 1.5), against the bundled config/terrain.toml."""

from __future__ import annotations

import tomllib
from importlib.resources import files

import pytest

from gm_console_plugins.terrain import rules


@pytest.fixture(scope="module")
def table() -> dict:
    return tomllib.loads(files("gm_console_config").joinpath("terrain.toml").read_text("utf-8"))


# Written from RULES.md 1.5 and the seed, not read back from the TOML.
EXPECTED = [
    ("road", "road", "route", False),
    ("plain", "plain", "plaine", False),
    ("corridor", "clear dungeon corridor", "couloir de donjon dégagé", False),
    ("sea", "open water", "eau libre", False),
    ("dense_forest", "dense forest", "forêt dense", True),
    ("swamp", "swamp", "marécage", True),
    ("ruins", "rubble-strewn ruins", "ruines encombrées de gravats", True),
    ("mountains", "steep mountains", "montagnes escarpées", True),
    ("frozen_plain", "frozen plain", "plaine gelée", True),
]


@pytest.mark.parametrize(("key", "english", "french", "difficult"), EXPECTED)
def test_every_terrain_row(table, key, english, french, difficult):
    assert rules.describe(table, key) == {"key": key, "label": english, "difficult": difficult,
                                          "cost": 2.0 if difficult else 1.0}
    assert rules.describe(table, key, "fr")["label"] == french


def test_the_table_has_exactly_these_terrains(table):
    assert set(rules.types(table)) == {row[0] for row in EXPECTED}


def test_unknown_terrain_names_the_known_ones(table):
    with pytest.raises(rules.TerrainError, match="unknown terrain 'lava'.*road.*frozen_plain"):
        rules.describe(table, "lava")


def test_default_terrain_is_ordinary_flat_ground(table):
    assert rules.describe(table, table["default"])["difficult"] is False


def test_a_house_rule_terrain_without_difficult_flag_is_reported():
    with pytest.raises(rules.TerrainError, match=r"\[types.bog\]: 'difficult'"):
        rules.types({"types": {"bog": {"label": "bog"}}, "cost": {"normal": 1, "difficult": 2}})


def test_a_bad_cost_is_reported(table):
    with pytest.raises(rules.TerrainError, match="'difficult' must be a positive number"):
        rules.cost({"cost": {"normal": 1, "difficult": 0}}, True)


def test_label_falls_back_to_english_then_key():
    assert rules.label({"label": "bog"}, "bog", "fr") == "bog"
    assert rules.label({}, "black_bog", "en") == "black bog"


def test_catalogue_describes_every_type(table):
    cat = rules.catalogue(table, "fr")
    assert cat["swamp"] == {"key": "swamp", "label": "marécage", "difficult": True, "cost": 2.0}
    assert len(cat) == len(EXPECTED)
