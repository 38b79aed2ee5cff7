"""Derived values kept between repaints: recomputed exactly when what they read changed."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gm_console import SpeedStep, hookimpl
from gm_console.contract.session import Session
from gm_console.host.manager import PluginRecord


def _counting_plugin(store, asked: list[str]) -> None:
    """A plugin whose speed step reads its own table (plugins.wind), counting each question."""
    def speed_steps(character, session):
        asked.append(character["name"])
        wind = session.state.get("plugins", {}).get("wind", {}).get("factor", 0)
        return [SpeedStep("multiply", "wind", float(wind))] if wind else []
    store.host.pm.register(SimpleNamespace(speed_steps=hookimpl(speed_steps)), "wind")
    store.host.plugins["wind"] = PluginRecord("wind", "1", "test")


def _count_by_name(monkeypatch, module: Any, name: str) -> list[str]:
    """The names of the characters ``module.name(character, table, settings)`` is called for,
    in order, from now on (the rule still answers)."""
    called: list[str] = []
    real = getattr(module, name)

    def counting(character, table, settings):
        called.append(character["name"])
        return real(character, table, settings)
    monkeypatch.setattr(module, name, counting)
    return called


def test_speeds_are_recomputed_only_for_what_changed(store) -> None:
    asked: list[str] = []
    _counting_plugin(store, asked)
    names = [c["name"] for c in store.state["characters"]]

    def speeds() -> list[float]:
        session = store.session
        return [session.speed(c).m for c in session.characters]
    first = speeds()
    assert asked == names
    asked.clear()
    assert speeds() == first and asked == []                      # nothing changed
    assert store.apply("journal.note", {"text": "a quiet hour"}).ok
    assert speeds() == first and asked == []                      # nothing it reads
    assert store.apply("character.set", {"character": "Bram", "field": "exhaustion",
                                         "value": "3"}).ok
    slower = speeds()
    assert asked == ["Bram"] and slower[1] < first[1] and slower[0] == first[0]
    asked.clear()
    state = dict(store.state)  # the wind changes: a table every speed reads
    state["plugins"] = {**state["plugins"], "wind": {"factor": 2}}
    store.state = state
    assert speeds() == [m * 2 for m in slower] and asked == names


def test_kept_values_are_the_values_computed_afresh(store) -> None:
    steps = [("item.add", {"character": "Aria", "name": "anvil", "weight_lb": 120}),
             ("character.set", {"character": "Bram", "field": "strength", "value": "8"}),
             ("travel.pace", {"pace": "fast"}), ("rest.long", {}),
             ("clock.advance", {"hours": 5})]
    for name, params in steps:
        assert store.apply(name, params).ok, name
        kept, fresh = store.session, Session(store.state, store.host)
        for character in store.state["characters"]:
            assert kept.derived(character) == fresh.derived(character), name
            assert kept.character_hook("party_columns", character) == \
                fresh.character_hook("party_columns", character), name
    assert store.undo().ok
    kept, fresh = store.session, Session(store.state, store.host)
    assert [kept.derived(c) for c in store.state["characters"]] == \
        [fresh.derived(c) for c in store.state["characters"]]


def test_a_caller_changing_a_kept_value_changes_only_its_copy(store) -> None:
    aria = store.state["characters"][0]
    store.session.derived(aria)["speed"]["m"] = -1
    assert store.session.derived(aria)["speed"]["m"] > 0


def test_a_plugin_switched_off_takes_its_kept_values_with_it(store) -> None:
    asked: list[str] = []
    _counting_plugin(store, asked)
    aria = store.state["characters"][0]
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "wind": {"factor": 2}}
    store.state = state
    windy = store.session.speed(aria).m
    store.host.fail("wind", "switched off for the test")
    assert store.session.speed(aria).m == windy / 2


def test_a_value_computed_inside_another_is_kept_and_keeps_it_right(store) -> None:
    """Derived values read the speed: the speed is computed once for both, and a change only
    the speed reads (the wind) still makes the derived values anew."""
    asked: list[str] = []
    _counting_plugin(store, asked)
    names = [c["name"] for c in store.state["characters"]]
    session = store.session
    before = [session.derived(c)["speed"]["m"] for c in session.characters]
    for character in session.characters:
        session.speed(character)
    assert asked == names  # once each, though derived values and the screen both asked
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "wind": {"factor": 2}}
    store.state = state
    session = store.session
    assert [session.derived(c)["speed"]["m"] for c in session.characters] == \
        [m * 2 for m in before]


def test_a_plugin_keeps_its_own_value_once_for_every_asker(store, monkeypatch) -> None:
    """The encumbrance is kept (Session.kept_for): the speed, the conditions and the party's
    columns ask for it and it is assessed once a character; an item added assesses that
    character again, a setting every character reads assesses them all."""
    from gm_console_plugins.encumbrance import rules

    assessed = _count_by_name(monkeypatch, rules, "assess")

    def ask() -> list[Any]:
        session = store.session
        return [(session.speed(c).m, session.character_hook("party_columns", c),
                 session.derived(c)["encumbrance"]) for c in session.characters]
    first = ask()
    assert assessed == ["Aria", "Bram"]
    assessed.clear()
    assert store.apply("item.add", {"character": "Aria", "name": "anvil",
                                    "weight_lb": 120}).ok
    heavier = ask()
    assert assessed == ["Aria"] and heavier[1] == first[1] and heavier[0] != first[0]
    assessed.clear()
    assert store.apply("character.set", {"character": "Aria", "field": "bulky",
                                         "value": "true"}).ok
    assessed.clear()
    assert store.apply("settings.set", {"plugin": "encumbrance",
                                        "key": "bulky_can_pass_maximal", "value": "true"}).ok
    kept = ask()
    assert sorted(assessed) == ["Aria", "Bram"]
    fresh = Session(store.state, store.host)
    assert kept == [(fresh.speed(c).m, fresh.character_hook("party_columns", c),
                     fresh.derived(c)["encumbrance"]) for c in fresh.characters]


def test_a_caller_changing_a_kept_record_changes_only_its_copy(store) -> None:
    from gm_console_plugins.encumbrance import reading

    aria = store.state["characters"][0]
    mine = reading.assess(aria, store.session)
    mine.steps.clear()
    mine.thresholds["light"] = -1
    again = reading.assess(aria, store.session)
    assert again.steps and again.thresholds["light"] > 0


def test_kept_values_share_only_what_cannot_change() -> None:
    """A kept value is copied for each caller, except what nobody can change in place: a
    rule's NamedTuple of numbers and names, a fraction, text. A tuple holding a list is
    copied down to the list."""
    from fractions import Fraction

    from gm_console.committed.cow import copy_plain
    from gm_console_plugins.encumbrance.rules import Effects

    effects = Effects(Fraction(3, 4), None, -1, 0, True, True, conditions=("staggered",))
    record = {"effects": effects, "pair": (1, ("a", Fraction(1, 2))), "mixed": (1, [2])}
    copied = copy_plain(record)
    assert copied == record and copied is not record
    assert copied["effects"] is effects and copied["pair"] is record["pair"]
    assert copied["mixed"] is not record["mixed"]
    copied["mixed"][1].append(3)
    assert record["mixed"] == (1, [2])


def test_a_value_of_the_whole_session_is_kept_until_a_table_it_read_changes(store) -> None:
    """Session.kept: the home screen's party rows. A clock advance leaves them kept; a
    character's change, or a change only a character's own value reads (the wind), makes
    them anew, and they are what a fresh computation gives."""
    asked: list[str] = []
    _counting_plugin(store, asked)
    computed: list[int] = []

    def party(session: Session) -> list[float]:
        computed.append(1)
        return [session.speed(c).m for c in session.characters]
    first = store.session.kept("party", party)
    assert store.session.kept("party", party) == first and len(computed) == 1
    assert store.apply("clock.advance", {"minutes": 10}).ok
    assert store.session.kept("party", party) == first and len(computed) == 1
    assert store.apply("character.set", {"character": "Bram", "field": "exhaustion",
                                         "value": "3"}).ok
    slower = store.session.kept("party", party)
    assert len(computed) == 2 and slower[1] < first[1]
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "wind": {"factor": 2}}
    store.state = state
    assert store.session.kept("party", party) == [m * 2 for m in slower]
    assert len(computed) == 3
    assert store.session.kept("party", party) == party(Session(store.state, store.host))
    store.session.kept("party", party)[0] = -1  # the caller's own copy
    assert store.session.kept("party", party)[0] > 0


def test_an_operation_takes_kept_values_until_it_changes_something(store) -> None:
    """Inside an operation, until it changes anything, what it sees is the committed state:
    a character's speed is the one kept for it. Once a sheet or a table it reads changes in
    the operation, the value is computed from what the operation sees, and the kept one
    stays the committed state's."""
    from gm_console.committed.cow import Draft
    from gm_console.contract.session import OpContext

    asked: list[str] = []
    _counting_plugin(store, asked)
    committed = store.state["characters"][0]
    kept = store.session.speed(committed).m
    asked.clear()
    ctx = OpContext(Draft(store.state), store.host, cache=store._derived)
    aria = ctx.character("Aria")  # the operation's copy, still equal
    ctx.section("combat")         # reached, not changed
    assert ctx.speed(aria).m == kept and asked == []
    aria["exhaustion"] = 3
    assert ctx.speed(aria).m < kept and asked == ["Aria"]
    bram = ctx.character("Bram")
    asked.clear()
    ctx.speed(bram)  # not changed itself, but the operation changed something
    assert asked == ["Bram"]
    ctx.section("wind")["factor"] = 2
    assert store.session.speed(committed).m == kept  # the committed state's, as it was


def test_values_an_operation_computes_for_the_committed_state_stay_right(store) -> None:
    """What an operation reads first is kept for the committed state; the state it commits
    gets its own values (every kept value equals a fresh computation)."""
    steps = [("actions.take", {"action": "free"}),
             ("item.add", {"character": "Aria", "name": "anvil", "weight_lb": 120}),
             ("character.set", {"character": "Bram", "field": "exhaustion", "value": "5"}),
             ("clock.advance", {"hours": 5})]
    assert store.apply("combat.start", {}).ok
    for name, value in (("Aria", 15), ("Bram", 4)):
        assert store.apply("combat.initiative", {"combatant": name, "value": value}).ok
    for name, params in steps:
        assert store.apply(name, params).ok, name
        kept, fresh = store.session, Session(store.state, store.host)
        for character in store.state["characters"]:
            assert kept.speed(character) == fresh.speed(character), name
            assert kept.derived(character) == fresh.derived(character), name
            assert kept.conditions(character) == fresh.conditions(character), name


def test_one_plugins_derived_values_ask_only_that_plugin(store) -> None:
    """derived_of: the values one plugin derives, as in derived(), without asking the
    others; kept like them (asked again only once what it read changed)."""
    asked: list[str] = []

    def character_derived(character, session):
        asked.append(character["name"])
        return {"wind_gust": 3}
    store.host.pm.register(SimpleNamespace(character_derived=hookimpl(character_derived)),
                           "wind")
    store.host.plugins["wind"] = PluginRecord("wind", "1", "test")
    aria = store.state["characters"][0]
    everything = store.session.derived(aria)
    asked.clear()
    mine = store.session.derived_of("encumbrance", aria)
    assert mine["encumbrance"] == everything["encumbrance"]
    assert "wind_gust" not in mine and "speed" not in mine and asked == []
    assert store.session.derived_of("wind", aria) == {"wind_gust": 3} and asked == ["Aria"]
    assert store.session.derived_of("wind", aria) == {"wind_gust": 3} and asked == ["Aria"]


def test_a_shared_record_is_the_kept_one_until_its_character_changes(store) -> None:
    """reading.assess(shared=True): the loads screen's readers get the kept record itself,
    the same object each time, until the character changes; then a new one, equal to a fresh
    assessment. A caller without ``shared`` still gets a copy."""
    from gm_console_plugins.encumbrance import reading

    def aria() -> dict[str, Any]:
        return store.state["characters"][0]
    first = reading.assess(aria(), store.session, shared=True)
    assert reading.assess(aria(), store.session, shared=True) is first
    assert reading.assess(aria(), store.session) is not first
    assert store.apply("clock.advance", {"minutes": 10}).ok  # nothing the load reads
    assert reading.assess(aria(), store.session, shared=True) is first
    assert store.apply("item.add", {"character": "Aria", "name": "anvil",
                                    "weight_lb": 120}).ok
    heavier = reading.assess(aria(), store.session, shared=True)
    assert heavier is not first and heavier.carried_lb == first.carried_lb + 120
    assert heavier == reading.assess(aria(), Session(store.state, store.host))


def test_the_armour_limit_is_found_once_until_the_armour_changes(store, monkeypatch) -> None:
    """The speed's steps and the derived values both ask for the armour's limit: it is
    found in the table once for a character, and again once what it reads has changed."""
    from gm_console_plugins.armour import rules

    found = _count_by_name(monkeypatch, rules, "armour_limit")
    assert store.apply("character.set", {"character": "Aria", "field": "armour",
                                         "value": "chain mail"}).ok
    found.clear()

    def ask() -> tuple[float, dict[str, Any]]:
        session = store.session
        aria = session.characters[0]
        return session.speed(aria).m, session.derived(aria)
    first = ask()
    assert found.count("Aria") == 1
    found.clear()
    assert ask() == first and found == []
    assert store.apply("character.set", {"character": "Aria", "field": "armour",
                                         "value": "none"}).ok
    faster = ask()
    assert found.count("Aria") == 1 and faster[0] > first[0]
