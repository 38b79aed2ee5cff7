"""The terrain plugin through the store: the current terrain, its operation, and what other
plugins read of it through ``session.terrain()``."""

from __future__ import annotations

from gm_console.headless import show


def test_a_new_session_is_on_the_default_ordinary_ground(store):
    assert store.state["plugins"]["terrain"]["current"] == ""  # "" = config/terrain.toml default
    seen = store.session.terrain()
    assert {k: seen[k] for k in ("key", "label", "difficult")} == \
        {"key": "plain", "label": "plain", "difficult": False}


def test_setting_the_terrain_is_journalled_and_undone(store):
    outcome = store.apply("travel.terrain", {"terrain": "frozen_plain"})
    assert outcome.ok
    assert outcome.message == "terrain: frozen plain (difficult terrain: each metre costs 2)"
    assert outcome.journal[-1]["kind"] == "travel"
    assert store.session.terrain()["difficult"] is True
    store.undo()
    assert store.session.terrain()["key"] == "plain"


def test_the_terrain_types_are_listed_for_scripts(store):
    listed = show(store)["terrain"]["types"]
    assert [t["key"] for t in listed if t["difficult"]] == \
        ["dense_forest", "swamp", "ruins", "mountains", "frozen_plain"]


def test_a_broken_section_is_reported_on_load(host):
    (spec,) = [s for s in host.sections.values() if s.name == "terrain"]
    message = 'current must be a terrain key (text), e.g. "road"'
    assert spec.validate({"current": 3}) == [(("current",), message)]
    assert spec.validate({"current": "road"}) == []
