"""The store: one operation at a time, refusals change nothing, undo, change events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gm_console.files import codec, nesting
from gm_console.state.store import Store
from gm_console.text.said import say


def test_applied_operation_writes_a_stamped_journal_line(store: Store) -> None:
    outcome = store.apply("clock.advance", {"minutes": "30"})
    assert outcome.ok
    line = store.state["journal"][-1]
    assert line["kind"] == "clock" and "30 min" in line["text"]
    assert (line["day"], line["second"]) == (1, 8 * 3600)  # when it began
    assert line["real"] and line["actor"] == "gm"


def test_consequence_lines_carry_the_in_game_time_they_happen_at(store: Store) -> None:
    from gm_console import Operation

    def march(ctx, params):
        ctx.advance_clock(3600, "travel")
        ctx.journal("first hour done", kind="travel")
        ctx.advance_clock(3600, "travel")
        return "marched two hours"
    store.host.operations["test.march"] = Operation("test.march", "", march, plugin="core")
    store.apply("test.march")
    lines = [(line["text"], line["second"] // 3600) for line in store.state["journal"][-2:]]
    assert lines == [("marched two hours", 8), ("first hour done", 9)]


def test_refusal_leaves_the_state_as_it_was(store: Store) -> None:
    before = store.state
    journal_length = len(before["journal"])
    outcome = store.apply("character.set", {"character": "Aria", "field": "strength",
                                            "value": "26"})
    assert not outcome.ok and outcome.reason == "Strength must be from 1 to 25, not 26"
    assert store.state is before and len(store.state["journal"]) == journal_length
    assert store.state["characters"][0]["strength"] == 17


def test_undo_restores_the_previous_state_and_says_so(store: Store) -> None:
    assert store.apply("character.remove", {"character": "Bram"}).ok
    assert [c["name"] for c in store.state["characters"]] == ["Aria"]
    outcome = store.undo()
    assert outcome.ok and "undone: Bram leaves the party" in outcome.message
    assert [c["name"] for c in store.state["characters"]] == ["Aria", "Bram"]
    assert store.state["journal"][-1]["kind"] == "undo"


def test_undo_with_nothing_to_undo(host) -> None:
    from gm_console.files import codec
    empty = Store(codec.new_session("x"), host)
    assert not empty.undo().ok


def test_undo_depth_is_bounded(make_store) -> None:
    store = make_store()
    store.undo_depth = 3
    for _ in range(5):
        store.apply("clock.advance", {"minutes": 1})
    undone = 0
    while store.undo().ok:
        undone += 1
    assert undone == 3


def test_subscribers_hear_which_areas_changed(store: Store) -> None:
    changes = []
    store.subscribe(changes.append)
    store.apply("clock.advance", {"rounds": 2})
    store.apply("item.add", {"character": "Aria", "name": "torch", "weight_lb": 1})
    store.apply("clock.advance", {"rounds": 0})  # refused: no event
    assert [c.op for c in changes] == ["clock.advance", "item.add"]
    assert {"clock", "journal"} <= changes[0].areas
    assert "item" in changes[1].areas and "clock" not in changes[1].areas


def test_an_operation_that_leaves_an_unsavable_value_is_refused(store: Store) -> None:
    from gm_console import Operation
    store.host.operations["bad.none"] = Operation(
        "bad.none", "", lambda ctx, p: ctx.section("core").update(x=None), plugin="core")
    before = store.state
    outcome = store.apply("bad.none")
    assert not outcome.ok and "plugins.core.x holds None" in outcome.reason
    assert store.state is before


@pytest.mark.parametrize("value, said", [
    ({"a": [1, {"b": {2: "x"}}]}, "key 2 at plugins.core.x.a[1].b is not text"),
    ([[1.5, True], ("ok", object())], "plugins.core.x[1][1] holds <object object"),
    ({"a": {"b": [set()]}}, "plugins.core.x.a.b[0] holds set()"),
])
def test_whatever_unsavable_value_is_said_with_where_it_is(store: Store, value: Any,
                                                            said: str) -> None:
    from gm_console import Operation
    store.host.operations["bad.deep"] = Operation(
        "bad.deep", "", lambda ctx, p: ctx.section("core").update(x=value), plugin="core")
    outcome = store.apply("bad.deep")
    assert not outcome.ok and said in outcome.reason


@pytest.mark.parametrize("where", ["plugins", "characters", "journal"])
def test_an_operation_nesting_past_the_files_limit_is_refused_and_what_it_allows_reopens(
        store: Store, tmp_path: Path, where: str) -> None:
    """The limit a file is read with (gm_console.files.nesting): a value one level deeper than a
    file may hold is refused with where it is, before it is saved into a file that the next
    start would refuse; at the limit itself it is saved, and the file opens again."""
    from gm_console import Operation

    def nested(levels: int) -> list[Any]:
        value: list[Any] = []
        for _ in range(levels - 1):
            value = [value]
        return value

    def nest(levels: int) -> str:
        def put(ctx: Any, params: dict[str, Any]) -> None:
            # plugins.core.x, characters[0].x, a new journal line's "who": level 3, each
            value = nested(levels)
            if where == "plugins":
                ctx.section("core").update(x=value)
            elif where == "characters":
                ctx.character("Aria")["x"] = value
            else:
                ctx.journal("nested", who=value)
        store.host.operations[f"nest{levels}"] = Operation(f"nest{levels}", "", put,
                                                           plugin="core")
        return f"nest{levels}"

    before = store.state
    deepest = nesting.MAX_DEPTH - 3  # its innermost list at level 63
    refused = store.apply(nest(deepest + 1))
    assert not refused.ok and store.state is before
    assert f"more than {nesting.MAX_DEPTH} deep" in refused.reason
    assert refused.reason.startswith("cannot save: " + {
        "plugins": "plugins.core.x[0]", "characters": "characters[0].x[0]",
        "journal": "journal["}[where])
    assert store.apply(nest(deepest)).ok
    path = tmp_path / "s.toml"
    codec.write_atomic(path, codec.dumps(store.state))
    assert codec.read(path, store.host)


def test_what_a_file_holds_is_taken_however_deep(store: Store) -> None:
    from datetime import date

    from gm_console import Operation
    value = {"a": [{"b": [1, 2.5, True, "x", date(2026, 1, 1), (3, 4)]}], say("said"): "k"}
    store.host.operations["good.deep"] = Operation(
        "good.deep", "", lambda ctx, p: ctx.section("core").update(x=value), plugin="core")
    assert store.apply("good.deep").ok


def test_committed_states_are_never_changed_afterwards(store: Store) -> None:
    """The saver thread serialises a committed state without copying it."""
    committed = store.state
    snapshot = repr(committed)
    store.apply("item.add", {"character": "Aria", "name": "torch"})
    store.apply("character.set", {"character": "Aria", "field": "exhaustion", "value": "2"})
    assert repr(committed) == snapshot


def test_changes_name_every_table_that_differs_even_untouched(store: Store) -> None:
    from gm_console import Operation
    store.host.operations["sly.edit"] = Operation(
        "sly.edit", "", lambda ctx, p: ctx.state["characters"][0].update(exhaustion=1)
        or ctx.section("travel").update(pace="fast"), plugin="core")
    changes = []
    store.subscribe(changes.append)
    store.apply("sly.edit")
    assert {"characters", "travel", "sly", "journal"} <= changes[0].areas
    assert "clock" not in changes[0].areas


def test_an_operation_copies_only_what_it_reaches(make_store) -> None:
    """Copy-on-write: tables, plugin tables and characters an operation does not change stay
    the committed objects (the saver reuses their text, views their derived values)."""
    store = make_store([{"name": "Aria"}, {"name": "Bram"}])
    before = store.state
    assert store.apply("item.add", {"character": "Bram", "name": "torch"}).ok
    after = store.state
    assert after["characters"][0] is before["characters"][0]
    assert after["characters"][1] is not before["characters"][1]
    assert before["characters"][1]["items"] == []  # the committed one untouched
    assert after["clock"] is before["clock"] and after["session"] is before["session"]
    assert all(after["plugins"][name] is table for name, table in before["plugins"].items())
    assert after["journal"][:-1] == before["journal"]
    assert after["journal"] is not before["journal"]
    # Reached but left as it was (a speed read, a setting read): the committed object again.
    assert store.apply("clock.advance", {"minutes": 10}).ok
    assert store.state["characters"] is after["characters"]
    assert store.state["plugins"]["combat"] is after["plugins"]["combat"]


def test_a_table_changed_in_one_place_keeps_the_rest_as_committed(make_store) -> None:
    """An action of one combatant of a fight copies the fight's table; the commit gives back
    every part left equal as the committed object (the storable check, the screen's rows
    pass them by), and only the way to the change is new."""
    store = make_store([{"name": n} for n in ("Aria", "Bram", "Cora", "Dain")])
    assert store.apply("combat.start", {}).ok
    for value, name in enumerate(("Aria", "Bram", "Cora", "Dain")):
        assert store.apply("combat.initiative", {"combatant": name, "value": 10 + value}).ok
    before = store.state["plugins"]["combat"]
    snapshot = repr(before)
    turn = before["turn"]
    assert store.apply("actions.take", {"combatant": turn, "action": "free"}).ok
    after = store.state["plugins"]["combat"]
    assert after is not before and repr(before) == snapshot
    assert after["order"] is before["order"]
    for new, old in zip(after["combatants"], before["combatants"]):
        if new["name"] == turn:
            assert new is not old and new["budget"] is not old["budget"]
            assert new["budget"]["free"] == old["budget"]["free"] + 1
        else:
            assert new is old


def test_a_value_put_in_a_table_changed_elsewhere_is_still_checked(make_store) -> None:
    """Parts given back as committed are not walked again; what the operation put beside
    them is, even where an equal value was (a Decimal for an int is still not text or a
    number a TOML file holds, unless equal to the committed value, which is then kept)."""
    from decimal import Decimal

    from gm_console import Operation
    store = make_store([{"name": n} for n in ("Aria", "Bram")])
    assert store.apply("combat.start", {}).ok

    def meddle(value: Any) -> Any:
        def apply(ctx, p):
            combatants = ctx.section("combat")["combatants"]
            combatants[0]["modifier"] = value
            combatants[1]["turns"] += 1
        return apply
    store.host.operations["odd.set"] = Operation("odd.set", "", meddle(Decimal("1.5")),
                                                  plugin="core")
    outcome = store.apply("odd.set")
    assert not outcome.ok
    assert "plugins.combat.combatants[0].modifier holds Decimal('1.5')" in outcome.reason
    committed = store.state["plugins"]["combat"]["combatants"][0]
    store.host.operations["odd.equal"] = Operation(
        "odd.equal", "", meddle(Decimal(committed["modifier"])), plugin="core")
    assert store.apply("odd.equal").ok
    combatants = store.state["plugins"]["combat"]["combatants"]
    assert combatants[0] is committed and type(combatants[0]["modifier"]) is int
    assert combatants[1]["turns"] == 1


def test_a_refused_operation_leaves_no_trace_in_any_table(store: Store) -> None:
    from gm_console import Operation, Refused

    def vandal(ctx, p):
        ctx.character("Aria")["items"].append({"name": "loot"})
        ctx.characters.pop()
        ctx.section("travel")["pace"] = "fast"
        ctx.state["clock"]["day"] = 99
        ctx.state.setdefault("mystery", {})["x"] = 1
        raise Refused("no")
    store.host.operations["test.vandal"] = Operation("test.vandal", "", vandal, plugin="core")
    committed = store.state
    snapshot = repr(committed)
    assert not store.apply("test.vandal").ok
    assert store.state is committed and repr(committed) == snapshot


def test_operations_see_and_change_the_draft_like_a_plain_state(make_store) -> None:
    """What plugins do to ``ctx.state`` and ``ctx.characters`` (iterate while removing,
    slice, sort, pop, copy, dict(...)) behaves as on plain lists and dicts."""
    from gm_console import Operation
    store = make_store([{"name": n} for n in ("Cora", "Aria", "Bram", "Dain")])
    seen = {}

    def shuffle(ctx, p):
        for character in ctx.characters:
            if character["name"] == "Bram":
                ctx.characters.remove(character)
        ctx.characters.sort(key=lambda c: c["name"])
        ctx.characters[:2][0]["exhaustion"] = 1  # Aria, through a slice
        seen["last"] = ctx.characters.pop()["name"]
        seen["copy"] = [c["name"] for c in ctx.characters.copy()]
        seen["keys"] = sorted(dict(ctx.state))
        {**ctx.state}["clock"]["second"] = 0  # a mapping copy hands out the draft's tables
        ctx.state.update(extra={"n": 1})
        return "shuffled"
    store.host.operations["test.shuffle"] = Operation("test.shuffle", "", shuffle, plugin="core")
    before = store.state
    snapshot = repr(before)
    changes = []
    store.subscribe(changes.append)
    assert store.apply("test.shuffle").ok
    assert seen == {"last": "Dain", "copy": ["Aria", "Cora"],
                    "keys": sorted(before.keys())}
    state = store.state
    assert [c["name"] for c in state["characters"]] == ["Aria", "Cora"]
    assert state["characters"][0]["exhaustion"] == 1 and state["clock"]["second"] == 0
    assert state["extra"] == {"n": 1} and type(state["characters"]) is list
    assert {"characters", "clock", "extra"} <= changes[0].areas
    assert repr(before) == snapshot
    assert store.undo().ok and store.state["characters"] == before["characters"]


def test_an_unsavable_value_is_found_in_the_character_it_was_left_in(make_store) -> None:
    from gm_console import Operation
    store = make_store([{"name": "Aria"}, {"name": "Bram"}])
    store.host.operations["bad.item"] = Operation(
        "bad.item", "", lambda ctx, p: ctx.character("Bram")["items"].append({"name": None}),
        plugin="core")
    outcome = store.apply("bad.item")
    assert not outcome.ok and "characters[1].items[0].name holds None" in outcome.reason
