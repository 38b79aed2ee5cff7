"""Rests a plugin refuses to one character while the others rest (character_rest_refused), and
what a plugin hears of who rested (rested)."""

from __future__ import annotations

import pytest
from test_platform import loose

from gm_console.state.store import Store
from gm_console.text.i18n import Translator

RATIONS = """
from gm_console import Operation, Param, hookimpl, say
def _miss(ctx, p):
    ctx.section("rations").setdefault("unfed", []).append(p["who"])
    return say("{who} misses a meal", who=p["who"])
@hookimpl
def register_operations(register):
    register(Operation("rations.miss", "Miss a meal.", _miss, (Param("who", str),)))
@hookimpl
def character_rest_refused(character, session, kind):
    unfed = session.state.get("plugins", {}).get("rations", {}).get("unfed", [])
    if kind == "long" and character["name"] in unfed:
        return say("no food today")
    return None
@hookimpl
def rested(ctx, kind, names):
    ctx.section("rations").setdefault("heard", []).append([kind, names])
@hookimpl
def labels(language):
    return {"no food today": "pas de nourriture aujourd'hui"} if language == "fr" else None
"""

CURSE = """
from gm_console import hookimpl
@hookimpl
def character_rest_refused(character, session, kind):
    return "cursed" if character["name"] == "Aria" else None
"""

WHOLE_PARTY = """
from gm_console import hookimpl
@hookimpl
def rest_refused(session, kind):
    return "a chase is on" if session.state.get("plugins", {}).get("chase") else None
"""


@pytest.fixture
def rations(tmp_path, make_store) -> Store:
    host = loose(tmp_path, {"rations.py": RATIONS, "curse.py": CURSE,
                            "chase.py": WHOLE_PARTY})
    assert all(host.plugins[name].status == "loaded" for name in ("rations", "curse", "chase"))
    store = Store(make_store([{"name": "Aria"}, {"name": "Bram"}, {"name": "Cael"}]).state,
                  host)
    for name in ("Aria", "Bram", "Cael"):
        assert store.apply("character.set", {"character": name, "field": "exhaustion",
                                             "value": "2"}).ok
    return store


def exhaustion(store: Store) -> dict[str, int]:
    return {c["name"]: c["exhaustion"] for c in store.state["characters"]}


def test_an_unfed_character_keeps_their_exhaustion_while_the_others_rest(rations):
    store = rations
    assert store.apply("rations.miss", {"who": "Bram"}).ok
    clock = dict(store.state["clock"])
    outcome = store.apply("rest.long")
    assert outcome.ok, outcome.reason
    assert exhaustion(store) == {"Aria": 2, "Bram": 2, "Cael": 1}
    assert store.state["clock"]["second"] == clock["second"] + 8 * 3600
    line = store.state["journal"][-1]
    assert line["text"] == ("long rest of 8 h; Aria does not rest: cursed; Bram does not rest: "
                            "no food today; one level of exhaustion less for Cael")
    assert line["who"] == ["Aria", "Bram", "Cael"]
    assert outcome.data["rested"] == ["Cael"]
    assert outcome.data["not_rested"] == {"Aria": ["cursed"], "Bram": ["no food today"]}
    assert store.state["plugins"]["rations"]["heard"] == [["long", ["Cael"]]]


def test_every_reason_for_one_character_is_given(rations):
    store = rations
    assert store.apply("rations.miss", {"who": "Aria"}).ok
    outcome = store.apply("rest.long")
    assert "Aria does not rest: " in outcome.message
    assert {"cursed", "no food today"} == set(outcome.data["not_rested"]["Aria"])


def test_a_refused_rest_is_undone_whole(rations):
    store = rations
    assert store.apply("rations.miss", {"who": "Bram"}).ok
    before = (exhaustion(store), dict(store.state["clock"]), store.state["plugins"]["rations"])
    assert store.apply("rest.long").ok
    assert exhaustion(store)["Cael"] == 1 and store.state["plugins"]["rations"]["heard"]
    assert store.undo().ok
    assert (exhaustion(store), dict(store.state["clock"]),
            store.state["plugins"]["rations"]) == before


def test_the_line_reads_in_french_with_the_plugins_own_reason(rations):
    store = rations
    assert store.apply("rations.miss", {"who": "Bram"}).ok
    assert store.apply("rest.long").ok
    assert Translator("fr", store.host).line(store.state["journal"][-1]) == (
        "repos long de 8 h ; Aria ne se repose pas : cursed ; Bram ne se repose pas : "
        "pas de nourriture aujourd'hui ; un niveau d'épuisement de moins pour Cael")


def test_a_short_rest_refuses_only_whom_the_plugins_name(rations):
    store = rations
    assert store.apply("rations.miss", {"who": "Bram"}).ok  # rations object to long rests only
    outcome = store.apply("rest.short")
    assert outcome.ok and outcome.data["rested"] == ["Bram", "Cael"]
    assert outcome.message == "short rest of 1 h; Aria does not rest: cursed"
    assert store.state["plugins"]["rations"]["heard"] == [["short", ["Bram", "Cael"]]]


def test_when_nobody_may_rest_the_rest_is_refused_with_each_reason(rations):
    store = rations
    for name in ("Bram", "Cael"):
        assert store.apply("rations.miss", {"who": name}).ok
    clock = dict(store.state["clock"])
    refused = store.apply("rest.long")
    assert not refused.ok
    assert refused.reason == ("no long rest now: Aria does not rest: cursed; Bram does not rest: "
                              "no food today; Cael does not rest: no food today")
    assert store.state["clock"] == clock and exhaustion(store)["Cael"] == 2
    assert Translator("fr", store.host)(refused.reason).startswith(
        "pas de repos long maintenant : Aria ne se repose pas : cursed ; ")


def test_a_plugin_refusing_the_whole_party_still_refuses_it(rations):
    """rest_refused answered with one sentence, as plugins written before per-character
    refusals do: nobody rests, and no character is asked."""
    store = rations
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "chase": {"on": True}}
    store.state = state
    refused = store.apply("rest.long")
    assert not refused.ok and refused.reason == "no long rest now: a chase is on"


BAD_ANSWER = """
from gm_console import hookimpl
@hookimpl
def character_rest_refused(character, session, kind):
    return 3
"""


def test_a_reason_that_is_not_text_switches_its_plugin_off(tmp_path, make_store):
    host = loose(tmp_path, {"bad.py": BAD_ANSWER})
    store = Store(make_store([{"name": "Aria"}]).state, host)
    failed = store.apply("rest.long")
    assert not failed.ok and "character_rest_refused returned int 3, not text" in failed.reason
    assert host.plugins["bad"].status == "failed"
    outcome = store.apply("rest.long")  # without it
    assert outcome.ok and outcome.data["rested"] == ["Aria"]
