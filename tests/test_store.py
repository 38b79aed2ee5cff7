"""The store: one operation at a time, refusals change nothing, undo, change events."""

from __future__ import annotations

from gm_console.store import Store


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
    from gm_console import codec
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
