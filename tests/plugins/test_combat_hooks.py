"""The hooks the combat plugin declares for others (gm_console_plugins/combat/hookspecs.py):
kinds of action with their cost in the round's budget, refusing or allowing an action, a
reaction to an action spent, taking an action from another plugin's operation, and tracker
columns. Each is exercised by a loose plugin file, as an outside author would write it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from applying import no, ok
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from gm_console.headless import show
from gm_console.host.manager import Host
from gm_console.contract.session import Session
from gm_console.files import codec
from gm_console.state.store import Store
from gm_console_plugins.combat import hooks, kinds, ops, rules

PLUGIN = '''
from gm_console import Operation, Param, Refused, Result, hookimpl, say

@hookimpl(optionalhook=True)
def combat_action_kinds():
    return [{"kind": "cast", "cost": "standard", "variants": {"quickened": "swift"},
             "label": "cast a spell"},
            {"kind": "rage", "per_turn": 1, "label": "rage"}]

@hookimpl(optionalhook=True)
def combat_action_check(session, combatant, kind, cost, variant, refusal):
    if kind == "cast" and combatant["name"] == "Bram":
        return {"refuse": "Bram cannot cast"}
    if cost == "move" and refusal and combatant["name"] == "Aria":
        return {"allow": "haste"}
    return None

@hookimpl(optionalhook=True)
def combat_action_taken(ctx, combatant, kind, cost, variant):
    ctx.section("spelltest").setdefault("taken", []).append([combatant, kind, cost, variant])
    if kind == "cast":
        ctx.journal(say("{name} casts", name=combatant), kind="combat", who=[combatant])

@hookimpl(optionalhook=True)
def combat_columns(session, combatant):
    return {"Cast": str(len([t for t in session.state.get("plugins", {}).get("spelltest", {})
                             .get("taken", []) if t[0] == combatant["name"]]))}

def _zap(ctx, p):
    done = ctx.ask("combat_take_action", combatant=p["who"], kind="cast",
                   variant="quickened" if p["quick"] else "", override="")
    return Result(say("{name} zaps", name=p["who"]), {"combat": done}, [p["who"]])

@hookimpl
def register_operations(register):
    register(Operation("spelltest.zap", "Zap.", _zap,
                       (Param("who", str, "who"), Param("quick", bool, "quick", default=False))))
'''


def load_with(tmp_path: Path, source: str) -> Host:
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    (folder / "spelltest.py").write_text(source)
    (tmp_path / "user-config").mkdir(exist_ok=True)
    (tmp_path / "user-config" / "settings.toml").write_text(
        f'[plugins]\nfolders = ["{folder}"]\n')
    return Host().load()


@pytest.fixture
def host(tmp_path: Path) -> Host:
    """The host with the test plugin loaded (``store`` and ``make_store`` build on it)."""
    loaded = load_with(tmp_path, PLUGIN)
    assert loaded.plugins["spelltest"].status == "loaded", loaded.plugins["spelltest"].error
    return loaded


def begun(store: Any) -> Any:
    """Aria 18, Bram 8: round 1, Aria's turn."""
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Bram", value=8)
    return store


def combatant(store: Any, name: str) -> dict[str, Any]:
    return next(c for c in show(store)["combat"]["combatants"] if c["name"] == name)


def test_the_built_in_action_types_come_through_the_kinds_hook(host):
    assert [k["kind"] for k in hooks.combat_action_kinds()] == list(rules.ACTIONS)
    found = ops.action_kinds(Session({"plugins": {}}, host))
    assert found["standard"]["plugin"] == "combat" and found["cast"]["plugin"] == "spelltest"
    assert kinds.cost_of(found, "cast", "") == "standard"
    assert kinds.cost_of(found, "cast", "quickened") == "swift"


def test_the_kinds_kept_between_actions_follow_the_plugins_answers(tmp_path):
    # action_kinds keeps the last kinds: an answer changed (in place too) is read again,
    # and a caller changing its table changes no other's
    host = load_with(tmp_path, "from gm_console import hookimpl\n"
                               "KINDS = [{'kind': 'cast', 'cost': 'standard'}]\n"
                               "@hookimpl(optionalhook=True)\n"
                               "def combat_action_kinds():\n"
                               "    return KINDS\n")
    session = Session({"plugins": {}}, host)
    assert kinds.cost_of(ops.action_kinds(session), "cast", "") == "standard"
    again = ops.action_kinds(session)  # the kept kinds
    del again["cast"]
    assert kinds.cost_of(ops.action_kinds(session), "cast", "") == "standard"
    host.pm.get_plugin("spelltest").KINDS[0]["cost"] = "swift"
    assert kinds.cost_of(ops.action_kinds(session), "cast", "") == "swift"
    plugin = host.pm.get_plugin("spelltest")
    plugin.KINDS[:] = [{"kind": "rage", "per_turn": 1}]
    assert ops.action_kinds(session)["rage"]["per_turn"] == 1
    plugin.KINDS[0]["per_turn"] = True  # == 1, and no whole number
    assert "rage" not in ops.action_kinds(session)
    assert host.plugins["spelltest"].status != "loaded"


def test_a_plugins_kind_spends_its_cost_from_the_rounds_budget(store):
    begun(store)
    taken = ok(store, "actions.take", action="cast")
    assert "Aria takes a standard action (cast a spell)" in taken.message
    assert taken.data["cost"] == "standard" and taken.data["remaining"]["standard"] == 0
    no(store, "actions.take", "already taken a standard action", action="cast")
    quick = ok(store, "actions.take", action="cast", variant="quickened")
    assert "a swift action (cast a spell, quickened)" in quick.message
    no(store, "actions.take", "already taken a swift action", action="swift")
    no(store, "actions.take", "has no variant 'silent' (variants: quickened)", action="cast",
       variant="silent")


def test_a_kind_with_its_own_budget_counts_per_turn_on_its_own_turn(store):
    begun(store)
    ok(store, "actions.take", action="standard")
    ok(store, "actions.take", action="rage")  # beside the action types: its own budget
    no(store, "actions.take", "already taken rage 1 times this turn (1 a turn)", action="rage")
    no(store, "actions.take", "It is Aria's turn, not Bram's", combatant="Bram",
       action="rage")
    ok(store, "combat.next")
    ok(store, "actions.take", combatant="Bram", action="rage")
    ok(store, "combat.next")
    assert ok(store, "actions.take", action="rage").ok  # a new turn, a new budget


def test_a_plugins_refusal_stands_until_the_game_master_forces_it(store):
    begun(store)
    ok(store, "combat.next")
    no(store, "actions.take", "Bram cannot cast (the game master can force it",
       action="cast")
    forced = ok(store, "actions.take", action="cast", override="a scroll")
    assert forced.data["overridden"] == "Bram cannot cast"
    assert any("override by the game master (a scroll): Bram cannot cast" in line["text"]
               for line in forced.journal)


def test_a_plugins_allowance_lifts_the_budgets_refusal_and_says_so(store):
    begun(store)
    ok(store, "actions.take", action="move", metres=0)
    ok(store, "actions.take", action="move", metres=0)  # the standard traded for a move
    extra = ok(store, "actions.take", action="move", metres=0)  # a third: haste allows it
    assert any(line["text"].startswith("allowed by spelltest (haste): Aria has already taken")
               for line in extra.journal)
    ok(store, "combat.next")
    ok(store, "actions.take", action="move", metres=0)
    ok(store, "actions.take", action="move", metres=0)
    no(store, "actions.take", "no move action is left", action="move", metres=0)  # not Bram


def test_the_reaction_to_an_action_is_undone_with_it(store):
    begun(store)
    taken = ok(store, "actions.take", action="cast")
    assert [line["text"] for line in taken.journal][-1] == "Aria casts"
    assert store.state["plugins"]["spelltest"]["taken"] == [["Aria", "cast", "standard", ""]]
    assert combatant(store, "Aria")["columns"] == {"Cast": "1"}
    assert store.undo().ok
    assert store.state["plugins"].get("spelltest", {}).get("taken", []) == []
    assert combatant(store, "Aria")["spent"]["standard"] == 0
    assert combatant(store, "Aria")["columns"] == {"Cast": "0"}


def test_another_plugins_operation_takes_an_action_through_the_hook(store):
    assert ok(store, "spelltest.zap", who="Aria").data["combat"] is None  # no fight
    begun(store)
    zapped = ok(store, "spelltest.zap", who="Aria", quick=True)
    assert zapped.data["combat"]["cost"] == "swift"
    texts = [line["text"] for line in zapped.journal]
    assert texts[0] == "Aria zaps"
    assert "Aria takes a swift action (cast a spell, quickened)" in texts
    no(store, "spelltest.zap", "already taken a swift action", who="Aria", quick=True)
    no(store, "spelltest.zap", "Bram cannot cast", who="Bram")
    assert store.undo().ok  # the zap and its action are one step
    assert combatant(store, "Aria")["spent"]["swift"] == ""


@pytest.mark.parametrize("answer, why", [
    ('[{"kind": "cast", "cost": "lunch"}]', "cost is one of standard"),
    ('[{"kind": "standard", "cost": "move"}]',
     "kind 'standard' is contributed already by 'combat'"),
    ('[{"kind": "ki", "per_turn": 0}]', "per_turn is a whole number, 1 or more"),
    ('{"kind": "cast"}', "a list of tables (kinds of action), not {'kind': 'cast'}"),
    ('[]', "a list of tables (kinds of action), not []"),
    ('[{"kind": "cast", "cost": "standard", "variant_labels": {"quick": "fast"}}]',
     "variant_labels is a table of a variant's name = text"),
])
def test_a_plugin_answering_unsound_kinds_is_switched_off_by_name(tmp_path, answer, why):
    source = ("from gm_console import hookimpl\n@hookimpl(optionalhook=True)\n"
              f"def combat_action_kinds():\n    return {answer}\n")
    host = load_with(tmp_path, source)
    store = Store(codec.prepare(codec.new_session("test"), host, "test"), host)
    ok(store, "character.add", name="Aria")
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=3)
    # the host's way with a plugin failing inside an operation: nothing kept, try again
    no(store, "actions.take", "was switched off: spelltest", action="standard")
    ok(store, "actions.take", action="standard")  # the built-in kinds still hold
    assert host.plugins["spelltest"].status == "failed"
    assert why in host.plugins["spelltest"].error


def test_an_unsound_check_switches_its_plugin_off(tmp_path):
    source = ("from gm_console import hookimpl\n@hookimpl(optionalhook=True)\n"
              "def combat_action_check(session, combatant, kind, cost, variant, refusal):\n"
              "    return {'refuse': 1}\n")
    host = load_with(tmp_path, source)
    store = Store(codec.prepare(codec.new_session("test"), host, "test"), host)
    ok(store, "character.add", name="Aria")
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=3)
    no(store, "actions.take", "was switched off: spelltest", action="standard")
    ok(store, "actions.take", action="standard")
    assert host.plugins["spelltest"].status == "failed"
    assert "combat_action_check returned {'refuse': 1}" in host.plugins["spelltest"].error


def test_the_tracker_shows_a_plugins_columns_with_the_selected_combatant(store):
    from gm_console.text.i18n import Translator
    from gm_console_plugins.combat import screens

    begun(store)
    ok(store, "actions.take", action="cast")
    line = screens.detail(combatant(store, "Aria"), Translator("en", store.host), False)
    assert line.endswith(" · Cast: 1")


def test_moving_is_checked_and_told_as_the_move_actions_it_takes(store):
    begun(store)  # Aria's speed: 10.5 m
    moved = ok(store, "actions.move", metres=12)  # two move actions: the standard traded
    assert moved.data["moves_taken"] == 2
    assert store.state["plugins"]["spelltest"]["taken"] == [["Aria", "move", "move", ""]] * 2
    assert ok(store, "actions.move", metres=9).data["moves_taken"] == 0  # within the two
    lifted = ok(store, "actions.move", metres=1)  # a third: the budget refuses, haste allows
    assert any(line["text"].startswith("allowed by spelltest (haste): Aria has 0 m of "
                                       "movement left") for line in lifted.journal)
    ok(store, "combat.next")
    ok(store, "actions.take", action="move", metres=0)
    ok(store, "actions.take", action="move", metres=0)
    no(store, "actions.move", "no move action is left", metres=1)  # Bram: no haste


# A plugin's kind is its cost, as RULES.md 3.2 counts it: "cast" is a standard action, a
# quickened one a swift action.
AS_KINDS = {"standard": ("cast", ""), "swift": ("cast", "quickened")}


@given(st.lists(st.sampled_from(rules.ACTIONS), max_size=8))
@hsettings(max_examples=20, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_kind_is_taken_and_refused_exactly_as_its_cost(make_store, sequence):
    """The action economy holds through the hooks: any turn tried with the plugin's kinds in
    place of their costs is accepted, refused and spent action for action the same."""
    outcomes = []
    for kinds_used in (False, True):
        store = begun(make_store([{"name": "Aria"}, {"name": "Bram"}]))
        said = []
        for action in sequence:
            kind, variant = AS_KINDS.get(action, (action, "")) if kinds_used else (action, "")
            outcome = store.apply("actions.take", {"action": kind, "variant": variant,
                                                   "metres": 0 if action == "move" else None})
            said.append(outcome.ok or outcome.reason)
        outcomes.append((said, combatant(store, "Aria")["spent"]))
    assert outcomes[0] == outcomes[1]


async def test_the_tracker_asks_a_plugins_columns_for_the_selected_combatant_only(
        store, make_app, monkeypatch):
    """The columns are shown with the selected combatant alone: after a key, the hook is asked
    for that one, not for every combatant of the fight."""
    from gm_console.ui import Value
    from gm_console_plugins.combat import ops

    begun(store)
    ok(store, "actions.take", action="cast")
    asked: list[str] = []
    original = ops._columns

    def counting(session: Any, entry: dict[str, Any]) -> dict[str, str]:
        asked.append(entry["name"])
        return original(session, entry)
    monkeypatch.setattr(ops, "_columns", counting)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        detail = app.screen.query_one("#detail", Value)
        assert detail.shown.endswith(" · Cast: 1")
        asked.clear()
        await pilot.press("e")  # a free action: Aria's row and detail change
        await pilot.pause()
        assert asked and set(asked) == {"Aria"}
        assert detail.shown.endswith(" · Cast: 2")  # the plugin counts every action taken
    assert combatant(store, "Aria")["columns"] == {"Cast": "2"}  # show --json: each one's
