"""The pieces under the protocol, as plain functions: a change event's difference rebuilds the
owner's state on the client, and a role's view hides what it must."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_console.live import roles, sync
from gm_console.live.roles import Role, RoleError

values = st.recursive(st.one_of(st.integers(), st.text(max_size=5), st.booleans()),
                      lambda inner: st.lists(inner, max_size=3) |
                      st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8)
tables = st.dictionaries(st.sampled_from(["session", "clock", "characters", "rolls", "x"]),
                         values, max_size=4)
lines = st.lists(st.fixed_dictionaries({"text": st.text(max_size=4)}), max_size=6)


@given(tables, tables, st.dictionaries(st.sampled_from(["travel", "combat"]), values),
       st.dictionaries(st.sampled_from(["travel", "combat"]), values), lines, lines,
       st.integers(0, 6))
def test_a_difference_rebuilds_the_new_state_from_the_old(before, after, old_plugins,
                                                          new_plugins, old_lines, new_lines,
                                                          shared) -> None:
    old = {**before, "plugins": old_plugins, "journal": old_lines}
    new = {**after, "plugins": new_plugins,
           "journal": old_lines[:shared] + new_lines}  # an undo cuts, an operation appends
    difference = json.loads(json.dumps(sync.diff(old, new)))  # as it crosses the wire
    assert sync.patch(old, difference) == new
    assert old == {**before, "plugins": old_plugins, "journal": old_lines}  # not edited


def test_an_appended_line_sends_only_that_line() -> None:
    journal = [{"text": str(n)} for n in range(1000)]
    old = {"clock": {"day": 1}, "journal": journal}
    new = {"clock": {"day": 2}, "journal": journal + [{"text": "new"}]}
    assert sync.diff(old, new) == {"set": {"clock": {"day": 2}}, "remove": [],
                                   "journal": {"keep": 1000, "add": [{"text": "new"}]}}


def test_one_character_of_many_changed_sends_that_character_at_its_place() -> None:
    """A role's view is made anew at each change (alike by value, not the same objects): the
    difference carries the one character that changed, by its place, and the list's length;
    patched on a copy that does not hold the list as it was, it says so."""
    party = [{"name": f"Hero{n:02}", "items": [{"name": "rope", "qty": n}] * 40}
             for n in range(20)]
    old = {"characters": party, "journal": []}
    view = [dict(character) for character in party]
    view[7] = {**party[7], "notes": "brave"}
    new = {"characters": view, "journal": []}
    difference = json.loads(json.dumps(sync.diff(old, new)))  # as it crosses the wire
    assert difference["set"] == {}
    assert difference["items"] == {"characters": [20, {"7": view[7]}]}
    assert sync.patch(old, difference) == {**new, "plugins": {}}
    with pytest.raises(sync.Mismatch):
        sync.patch({"characters": party[:5], "journal": []}, difference)
    # most of them changed: the list whole
    everyone = [{**character, "notes": "tired"} for character in party]
    assert sync.diff(old, {"characters": everyone, "journal": []})["set"] == \
        {"characters": everyone}


def test_roles_parse_and_refuse_what_they_are_not() -> None:
    assert Role.parse("player:Aria") == Role("player", "Aria")
    assert str(Role.parse("spectator")) == "spectator"
    for wrong in ("player", "player:", "admin", "gm:x", ""):
        with pytest.raises(RoleError, match="gm, spectator or player:NAME"):
            Role.parse(wrong)


def test_a_players_view_hides_gm_lines_others_notes_and_others_rolls(host) -> None:
    state = {
        "characters": [{"name": "Aria", "notes": "mine"}, {"name": "Bram", "notes": "secret"}],
        "journal": [{"text": "seen"}, {"text": "hidden", "gm_only": True}],
        "rolls": {"pending": [{"id": 1, "rolls": [{"who": "Bram"}]},
                              {"id": 2, "rolls": [{"who": "aria"}]}]},
        "requests": {"pending": [{"id": 1, "character": "Bram"}, {"id": 2, "character": "Aria"}]},
    }
    view = roles.view(state, Role.parse("player:Aria"), host)
    assert view["characters"] == [{"name": "Aria", "notes": "mine"}, {"name": "Bram"}]
    assert view["journal"] == [{"text": "seen"}]
    assert [r["id"] for r in view["rolls"]["pending"]] == [2]
    assert [r["id"] for r in view["requests"]["pending"]] == [2]
    spectator = roles.view(state, Role.parse("spectator"), host)
    assert not spectator["rolls"]["pending"] and "notes" not in str(spectator["characters"])
    assert roles.view(state, Role.parse("gm"), host) is state


@pytest.mark.parametrize("role, op, params, verdict", [
    ("gm", "clock.advance", {}, "apply"),
    ("spectator", "journal.note", {"text": "hi"}, "refuse"),
    ("player:Aria", "item.add", {"character": "aria", "name": "rope"}, "request"),
    ("player:Aria", "item.add", {"character": "Bram", "name": "rope"}, "refuse"),
    ("player:Aria", "journal.note", {"text": "hi", "who": ["Aria", "Bram"]}, "refuse"),
    ("player:Aria", "journal.note", {"text": "hi"}, "request"),
    ("player:Aria", "roll.answer", {"who": "Aria"}, "apply"),
    ("player:Aria", "roll.answer", {}, "apply"),  # in her name
    ("player:Aria", "roll.answer", {"who": "Bram"}, "refuse"),
    ("player:Aria", "dice.roll", {"expression": "1d20"}, "apply"),
    ("player:Aria", "clock.advance", {"minutes": 10}, "refuse"),
    ("player:Aria", "request.approve", {"id": 1}, "refuse"),
    ("player:Aria", "request.add", {"op": "clock.advance", "character": "Aria"}, "refuse"),
])
def test_what_each_role_may_do(role, op, params, verdict) -> None:
    assert roles.decide(Role.parse(role), op, params)[0] == verdict
