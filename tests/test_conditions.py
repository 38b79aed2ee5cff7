"""The conditions protocol: plain functions (gm_console.rules.conditions, durations, hitpoints) and
through the store: condition.add/remove with durations, hit points, the speed pipeline, the
rolls and the combat tracker reading conditions through the host."""

from __future__ import annotations

from typing import Any

import pytest
from applying import no, ok
from hypothesis import given
from hypothesis import strategies as st

from gm_console import hookimpl
from gm_console.headless import show
from gm_console.rules import conditions as cond
from gm_console.rules import durations, hitpoints
from gm_console.text.i18n import Translator


def derived(store, name: str) -> dict[str, Any]:
    return next(c["derived"] for c in show(store)["characters"] if c["name"] == name)


def journal(store) -> list[str]:
    return [line["text"] for line in store.state["journal"]]


# -- plain functions ---------------------------------------------------------------------------


def test_effects_typed_by_hand_are_checked():
    assert cond.parse_effects(["restricted", "speed_factor=0.5", "forbids=standard+move"]) == {
        "restricted": True, "speed_factor": 0.5, "forbids": ["standard", "move"]}
    with pytest.raises(cond.ConditionError, match="'flying' is not an effect"):
        cond.parse_effects(["flying"])
    with pytest.raises(cond.ConditionError, match="speed_factor must be from 0 to 1"):
        cond.parse_effects(["speed_factor=2"])


def test_disadvantage_says_which_condition_and_why():
    conditions = cond.compose([{"name": "prone"}], [{"name": "exhaustion 1", "source": "level 1",
                                                     "effects": {"check_disadvantage": True}}],
                              {"prone": {"attack_disadvantage": True}})
    assert cond.disadvantage(conditions, "check") == ["exhaustion 1 (level 1)"]
    assert cond.disadvantage(conditions, "attack") == ["prone (added by the game master)"]
    assert cond.disadvantage(conditions, "save") == []


def test_a_plugin_condition_with_bad_effects_is_kept_without_them():
    [found] = cond.compose([], [{"name": "odd", "source": "a plugin",
                                 "effects": {"speed_factor": "fast"}}], {})
    assert found.effects == {} and "effects ignored" in found.source


@pytest.mark.parametrize(("dice", "expected"), [
    ("1d20", "2d20kl1"), ("1d20+3", "2d20kl1+3"), ("d20", "2d20kl1"), ("3d6", "3d6")])
def test_with_disadvantage(dice, expected):
    assert cond.with_disadvantage(dice) == expected


@given(st.integers(0, 100), st.integers(0, 30), st.integers(0, 200))
def test_damage_never_raises_hit_points_and_takes_temporary_first(current, temp, amount):
    hp = hitpoints.HitPoints(current, 100, 100, temp)
    done = hitpoints.damage(hp, amount)
    assert 0 <= done.current <= current and 0 <= done.temp <= temp
    assert done.temp == max(0, temp - amount)
    if amount <= temp:
        assert done.current == current
    # every point of damage lands somewhere: temporary, hit points, or beyond 0
    assert (temp - done.temp) + (current - done.current) + done.overflow == amount


@given(st.integers(-10, 100), st.integers(1, 100), st.integers(0, 200))
def test_healing_never_passes_the_maximum_that_counts(current, effective, amount):
    hp = hitpoints.HitPoints(current, 100, effective, 0)
    after = hitpoints.heal(hp, amount)
    assert after <= effective and after >= min(effective, max(0, current))


def test_rounds_count_at_the_start_of_the_anchor_turn():
    duration = durations.build(rounds=2, clock={"day": 1, "second": 0},
                               turn={"round": 3, "turn": "Aria"})
    assert duration == {"kind": "rounds", "left": 2, "of": "Aria"}
    assert durations.on_turn(duration, "Bram", "start") == ""
    assert durations.on_turn(duration, "Aria", "end") == ""
    assert durations.on_turn(duration, "Aria", "start") == "ticks"
    assert durations.on_turn(duration, "aria", "start") == "ends"


def test_rounds_outside_a_fight_are_game_time():
    assert durations.build(rounds=10, clock={"day": 1, "second": 86340}, turn=None) == {
        "kind": "time", "day": 2, "second": 0}


def test_two_durations_at_once_are_refused():
    with pytest.raises(durations.DurationError, match="rounds and minutes/hours"):
        durations.build(rounds=1, minutes=1, clock={}, turn=None)


# -- the game master's conditions --------------------------------------------------------------


def test_condition_add_and_remove_with_undo(store):
    ok(store, "condition.add", character="Aria", condition="poisoned", hours=1)
    [active] = [c for c in derived(store, "Aria")["conditions"]["active"] if c["stored"]]
    assert active["effects"] == {"attack_disadvantage": True, "check_disadvantage": True}
    assert active["duration"] == {"kind": "time", "day": 1, "second": 9 * 3600}
    no(store, "condition.add", "already poisoned", character="Aria", condition="poisoned")
    ok(store, "condition.remove", character="Aria", condition="poisoned")
    assert "conditions" in store.state["characters"][0]
    store.undo()
    store.undo()
    assert not store.state["characters"][0].get("conditions")


def test_an_unknown_condition_needs_effects_or_note_only(store):
    no(store, "condition.add", "not a condition of config/conditions.toml", character="Aria",
       condition="hexed")
    ok(store, "condition.add", character="Aria", condition="hexed",
       effects="check_disadvantage")
    value = derived(store, "Aria")["conditions"]
    assert value["checks"] == "disadvantage: hexed (added by the game master)"
    assert value["saves"] == "normal" and value["in combat"] == "as usual"
    assert value["steps"] == ["hexed: added by the game master; disadvantage on ability checks; "
                              "until removed"]
    ok(store, "condition.add", character="Bram", condition="blessed", note_only=True)


def test_a_derived_condition_cannot_be_removed_by_hand(store):
    ok(store, "character.set", character="Aria", field="exhaustion", value="1")
    no(store, "condition.remove", "comes from disadvantage on ability checks", character="Aria",
       condition="exhaustion 1")


def test_a_timed_condition_ends_with_the_clock_and_the_journal_says_so(store):
    ok(store, "condition.add", character="Aria", condition="frightened", minutes=10)
    ok(store, "clock.advance", minutes=9)
    assert store.state["characters"][0]["conditions"]
    ok(store, "clock.advance", minutes=1)
    assert store.state["characters"][0]["conditions"] == []
    assert "Aria: frightened ends (until day 1, 08:10: time is up)" in journal(store)


# -- speed, odd speeds and exhaustion ----------------------------------------------------------


def test_exhaustion_2_on_an_odd_speed_is_exact_by_default_or_rounded_down(make_store):
    store = make_store([{"name": "Gnome", "race": "gnome", "dexterity": 16, "strength": 16}])
    # a gnome (6) with Str 16 Dex 16: no adjustment in the 6 column; give it 9 mv by hand
    ok(store, "character.set", character="Gnome", field="race", value="other")
    ok(store, "character.set", character="Gnome", field="speed_m", value="6.75")  # 9 mv
    ok(store, "character.set", character="Gnome", field="exhaustion", value="2")
    assert derived(store, "Gnome")["speed"]["mv"] == 4.5
    ok(store, "settings.set", plugin="conditions", key="speed_factor_rounding", value="down")
    speed = derived(store, "Gnome")["speed"]
    assert speed["mv"] == 4
    assert any("(rounded down from 4.5)" in line for line in speed["steps"])
    no(store, "settings.set", "must be one of exact, down", plugin="conditions",
       key="speed_factor_rounding", value="up")


def test_a_condition_slows_through_the_speed_pipeline(store):
    before = derived(store, "Aria")["speed"]["mv"]
    ok(store, "condition.add", character="Aria", condition="restrained")
    speed = derived(store, "Aria")["speed"]
    assert before > 0 and speed["mv"] == 0
    assert any("restrained (added by the game master)" in line for line in speed["steps"])


# -- hit points --------------------------------------------------------------------------------


def test_damage_healing_and_temporary_hit_points(store):
    no(store, "hp.damage", "no maximum hit points", character="Aria", amount=3)
    ok(store, "character.set", character="Aria", field="max_hit_points", value="20")
    ok(store, "hp.temp", character="Aria", amount=5)
    outcome = ok(store, "hp.damage", character="Aria", amount=8, what="a goblin's axe")
    assert outcome.message == ("Aria takes 8 damage (a goblin's axe): temporary 5 → 0; "
                               "hit points 20 → 17")
    ok(store, "hp.temp", character="Aria", amount=2)
    assert "keep" in ok(store, "hp.temp", character="Aria", amount=1).message
    ok(store, "hp.heal", character="Aria", amount=50)
    assert derived(store, "Aria")["hit_points"] == {
        "current": 20, "max": 20, "effective_max": 20, "temp": 2,
        "steps": ["maximum 20 (sheet)", "current 20", "temporary 2 (lost first)"]}


def test_exhaustion_4_halves_the_maximum_and_heals_no_further(store):
    ok(store, "character.set", character="Aria", field="max_hit_points", value="21")
    ok(store, "character.set", character="Aria", field="exhaustion", value="4")
    hp = derived(store, "Aria")["hit_points"]
    assert (hp["current"], hp["effective_max"]) == (10, 10)
    assert "× 0.5: exhaustion 4 (hit point maximum halved) → maximum 10" in hp["steps"]
    ok(store, "hp.damage", character="Aria", amount=4)
    assert ok(store, "hp.heal", character="Aria", amount=9).data["hit_points"] == 10


def test_exhaustion_4_back_to_3_gives_back_the_maximum_not_the_hit_points(store):
    # RULES.md 1.3, level 4: the maximum is halved; lowering the level restores the maximum,
    # not the hit points the halved maximum took.
    ok(store, "character.set", character="Aria", field="max_hit_points", value="20")
    ok(store, "character.set", character="Aria", field="exhaustion", value="4")
    assert derived(store, "Aria")["hit_points"]["current"] == 10
    ok(store, "character.set", character="Aria", field="exhaustion", value="3")
    hp = derived(store, "Aria")["hit_points"]
    assert (hp["current"], hp["effective_max"]) == (10, 20)
    store.undo()
    store.undo()
    ok(store, "character.set", character="Aria", field="exhaustion", value="4")
    ok(store, "rest.long")  # a long rest removes one level (RULES.md 1.3): the same
    hp = derived(store, "Aria")["hit_points"]
    assert (hp["current"], hp["effective_max"]) == (10, 20)


def test_a_condition_halving_the_maximum_takes_its_hit_points_when_it_ends(store):
    ok(store, "character.set", character="Aria", field="max_hit_points", value="20")
    ok(store, "condition.add", character="Aria", condition="drained",
       effects=["max_hp_factor=0.5"])
    ok(store, "hp.damage", character="Aria", amount=3)
    ok(store, "condition.remove", character="Aria", condition="drained")
    assert derived(store, "Aria")["hit_points"]["current"] == 7


def test_temporary_hit_points_cleared_with_0(store):
    ok(store, "character.set", character="Aria", field="max_hit_points", value="20")
    ok(store, "hp.temp", character="Aria", amount=5)
    outcome = ok(store, "hp.temp", character="Aria", amount=0)
    assert outcome.message == "Aria loses their temporary hit points (5)"
    assert derived(store, "Aria")["hit_points"]["temp"] == 0
    no(store, "hp.temp", "must be 0 (to clear them) or more", character="Aria", amount=-2)
    store.undo()
    assert derived(store, "Aria")["hit_points"]["temp"] == 5


def test_zero_hit_points_gives_speed_0_through_the_conditions(store):
    ok(store, "character.set", character="Aria", field="max_hit_points", value="10")
    assert derived(store, "Aria")["speed"]["mv"] > 0
    ok(store, "hp.damage", character="Aria", amount=10)
    speed = derived(store, "Aria")["speed"]
    assert speed["mv"] == 0
    assert any("unconscious (0 hit points)" in line for line in speed["steps"])
    ok(store, "hp.heal", character="Aria", amount=1)
    assert derived(store, "Aria")["speed"]["mv"] > 0


def test_zero_hit_points_is_unconscious_and_massive_damage_is_dead(store):
    ok(store, "character.set", character="Aria", field="max_hit_points", value="10")
    assert "unconscious" in ok(store, "hp.damage", character="Aria", amount=12).message
    names = [c["name"] for c in derived(store, "Aria")["conditions"]["active"]]
    assert names == ["unconscious"]
    ok(store, "hp.heal", character="Aria", amount=3)
    assert derived(store, "Aria")["conditions"]["active"] == []
    assert "massive damage: dead" in ok(store, "hp.damage", character="Aria", amount=13).message
    no(store, "hp.heal", "Aria is dead", character="Aria", amount=5)
    ok(store, "hp.heal", character="Aria", amount=5, override="a wish")
    assert journal(store)[-1].startswith("override by the game master (a wish): Aria is dead")


def test_party_columns_show_hit_points_and_conditions(store, host):
    ok(store, "character.set", character="Aria", field="max_hit_points", value="10")
    ok(store, "hp.damage", character="Aria", amount=3)
    ok(store, "condition.add", character="Aria", condition="prone")
    ok(store, "character.set", character="Aria", field="exhaustion", value="1")
    columns: dict[str, str] = {}
    for answer in host.call("party_columns", character=store.state["characters"][0],
                            session=store.session):
        columns.update(answer)
    assert (columns["HP"], columns["Cond."]) == ("7/10", "prone")


# -- a third-party condition reaches the others through the host -------------------------------


class Cursed:
    """A plugin of its own: a cursed sword gives disadvantage on saves and forbids swift
    actions. Nobody imports it."""

    @hookimpl
    def character_conditions(self, character, session):
        if any(i.get("name") == "cursed sword" for i in character.get("items", [])):
            return [{"name": "cursed", "source": "cursed sword",
                     "effects": {"save_disadvantage": True, "forbids": ["swift"]}}]
        return None


def test_a_third_party_condition_reaches_travel_saves_and_combat(store, host):
    host.pm.register(Cursed(), name="cursed")
    ok(store, "item.add", character="Aria", name="cursed sword", weight_lb=3)
    assert store.session.roll_dice(store.state["characters"][0], "save") == (
        "2d20kl1", ["cursed (cursed sword)"])
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=15)
    ok(store, "combat.initiative", combatant="Bram", value=5)
    no(store, "actions.take", "Aria cannot take a swift action: cursed (cursed sword)",
       action="swift")
    ok(store, "actions.take", action="swift", override="the curse sleeps")


# -- combat reads conditions through the host ---------------------------------------------------


@pytest.fixture
def fight(store):
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Bram", value=8)
    return store


def test_maximal_load_staggers_and_forbids_fighting(fight):
    store = fight
    # Strength 17 (Aria): maximal from 209 lb.
    ok(store, "item.add", character="Aria", name="anvil", weight_lb=215)
    no(store, "actions.take", "Aria cannot take a standard action: cannot fight (encumbrance "
       "maximal (215 lb))", action="standard")
    no(store, "actions.take", "Aria cannot take a full-round action", action="full-round")
    ok(store, "actions.take", action="move", metres=0)
    no(store, "actions.take", "activity is restricted (staggered (encumbrance maximal",
       action="move", metres=0)
    ok(store, "actions.take", action="standard", override="a last swing")
    aria = next(c for c in show(store)["combat"]["combatants"] if c["name"] == "Aria")
    assert aria["conditions"]["forbids"] == {
        "standard": "cannot fight (encumbrance maximal (215 lb))",
        "full-round": "cannot fight (encumbrance maximal (215 lb))"}
    assert aria["restricted"].startswith("staggered")


def test_an_unconscious_combatant_takes_no_action(fight):
    store = fight
    ok(store, "character.set", character="Aria", field="max_hit_points", value="5")
    ok(store, "hp.damage", character="Aria", amount=5)
    for action in ("free", "move", "standard", "step"):
        no(store, "actions.take", "Aria can take no action: unconscious (0 hit points)",
           action=action)
    no(store, "actions.move", "Aria can take no action", metres=3)


def test_a_duration_in_rounds_ends_at_the_start_of_the_anchor_turn(fight):
    store = fight
    ok(store, "condition.add", character="Bram", condition="frightened", rounds=1)
    assert store.state["characters"][1]["conditions"][0]["duration"] == {
        "kind": "rounds", "left": 1, "of": "Aria"}
    ok(store, "combat.next")  # Bram's turn
    assert store.state["characters"][1]["conditions"]
    ok(store, "combat.next")  # round 2, Aria's turn: one round is over
    assert store.state["characters"][1]["conditions"] == []
    # what ended it, not what was left of it: "1 round (...) is over" read as a round to come
    assert "Bram: frightened ends (its rounds ran out at the start of Aria's turn)" in \
        journal(store)
    line = next(line for line in store.state["journal"] if "ran out" in line["text"])
    assert "début du tour d'Aria" in Translator("fr", store.host).line(line)


def test_until_the_end_of_a_turn(fight):
    store = fight
    ok(store, "condition.add", character="Aria", condition="prone", until="end", of="Bram")
    ok(store, "combat.next")
    assert store.state["characters"][0]["conditions"]
    ok(store, "combat.next")
    assert store.state["characters"][0]["conditions"] == []


def test_until_the_end_of_the_next_turn_added_during_that_turn(fight):
    store = fight  # Aria's turn, round 1
    ok(store, "condition.add", character="Bram", condition="prone", until="end", of="Aria")
    ok(store, "combat.next")  # Aria's turn ends: not her next turn's end
    assert store.state["characters"][1]["conditions"]
    ok(store, "combat.next")  # round 2, Aria's turn
    assert store.state["characters"][1]["conditions"]
    ok(store, "combat.next")  # the end of Aria's next turn
    assert store.state["characters"][1]["conditions"] == []
    assert "Bram: prone ends (it lasted until the end of Aria's turn)" in journal(store)


def test_until_the_start_of_the_next_turn_added_during_that_turn(fight):
    store = fight
    ok(store, "condition.add", character="Bram", condition="prone", until="start")
    ok(store, "combat.next")
    assert store.state["characters"][1]["conditions"]
    ok(store, "combat.next")  # round 2, Aria's next turn starts
    assert store.state["characters"][1]["conditions"] == []


def test_a_save_at_the_end_of_each_turn_ends_it_on_a_success(fight):
    store = fight
    ok(store, "character.set", character="Aria", field="exhaustion", value="3")
    ok(store, "condition.add", character="Aria", condition="paralysed", save_dc=12,
       save_ability="constitution")
    ok(store, "combat.next")  # the end of Aria's turn asks for the save
    [request] = store.state["rolls"]["pending"]
    assert request["rolls"] == [{"who": "Aria", "expression": "2d20kl1+2", "dc": 12}]
    assert request["title"].startswith("Constitution save DC 12 to end paralysed "
                                       "(disadvantage: exhaustion 3")
    ok(store, "roll.resolve", results="Aria=5")
    assert store.state["characters"][0]["conditions"]
    ok(store, "condition.save", character="Aria", condition="paralysed")
    ok(store, "roll.resolve", results="Aria=15")
    assert store.state["characters"][0]["conditions"] == []
    assert "Aria: paralysed ends (the save succeeded)" in journal(store)


# -- on screen ---------------------------------------------------------------------------------


async def test_the_party_table_shows_hit_points_and_conditions_as_they_change(make_app, store):
    from gm_console.ui.widgets import SyncedTable

    ok(store, "character.set", character="Aria", field="max_hit_points", value="12")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#home-party", SyncedTable)
        titles = [str(column.label) for column in table.columns.values()]
        hp, conditions = titles.index("HP"), titles.index("Cond.")
        assert str(table.get_row_at(0)[hp]) == "12/12"
        ok(store, "hp.damage", character="Aria", amount=12)
        ok(store, "condition.add", character="Bram", condition="prone")
        await pilot.pause()
        assert str(table.get_row_at(0)[hp]) == "0/12"
        assert str(table.get_row_at(0)[conditions]) == "uncons."
        assert str(table.get_row_at(1)[conditions]) == "prone"


async def test_the_combat_screen_shows_hit_points_and_refuses_the_unconscious(make_app, store):
    from gm_console.ui import SyncedTable, Value
    from gm_console_plugins.combat.screens import COLUMNS

    ok(store, "character.set", character="Aria", field="max_hit_points", value="9")
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Bram", value=8)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        table = app.screen.query_one("#combatants", SyncedTable)
        hp = list(table.columns)[COLUMNS.index("HP")]
        state = list(table.columns)[-1]  # the last, whichever are shown
        assert table.get_cell("Aria", hp) == "9/9"
        ok(store, "hp.damage", character="Aria", amount=9)
        await pilot.pause()
        assert table.get_cell("Aria", hp) == "0/9"
        assert table.get_cell("Aria", state) == "uncons."  # the condition, not its effect
        assert "no actions (unconscious" in app.screen.query_one("#detail", Value).shown
        ok(store, "condition.add", character="Aria", condition="prone")
        await pilot.pause()
        assert "prone · unconscious" in app.screen.query_one("#detail", Value).shown
        await pilot.press("s")
        await pilot.pause()
        shown = app.screen.query_one("#refusal", Value).shown
        assert "Aria can take no action: unconscious (0 hit points)" in shown
        assert store.state["plugins"]["combat"]["combatants"][0]["budget"]["standard"] == 0


@pytest.mark.parametrize(("text", "expected"), [
    ("prone", ("condition.add", {"condition": "prone"})),
    ("frightened 2r", ("condition.add", {"condition": "frightened", "rounds": 2})),
    ("cannot fight 10m", ("condition.add", {"condition": "cannot fight", "minutes": 10.0})),
    ("stunned dc13 wis", ("condition.add", {"condition": "stunned", "save_dc": 13,
                                            "save_ability": "wisdom"})),
    ("hexed end Big Orc", ("condition.add", {"condition": "hexed", "until": "end",
                                             "of": "Big Orc"})),
    ("-prone", ("condition.remove", {"condition": "prone"})),
    ("- cannot fight", ("condition.remove", {"condition": "cannot fight"})),
])
def test_the_condition_prompt(text, expected):
    assert cond.parse_entry(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("7", ("hp.damage", {"amount": 7})), ("-7 goblin axe", ("hp.damage", {"amount": 7,
                                                                        "what": "goblin axe"})),
    ("+5", ("hp.heal", {"amount": 5})), ("t8", ("hp.temp", {"amount": 8})),
    ("t0", ("hp.temp", {"amount": 0})),
    # the game master forces a healing the rules refuse (the dead), saying why after a !
    ("+5 !divine miracle", ("hp.heal", {"amount": 5, "override": "divine miracle"})),
    ("+5 potion", ("hp.heal", {"amount": 5}))])
def test_the_hit_point_prompt(text, expected):
    assert hitpoints.parse_entry(text) == expected


@pytest.mark.parametrize("text", ["", "lots", "+", "t"])
def test_the_hit_point_prompt_says_what_it_expects(text):
    with pytest.raises(ValueError, match="type 7 or -7 for damage"):
        hitpoints.parse_entry(text)


def test_the_why_of_conditions_reads_as_lines(store):
    from gm_console.headless import explain

    ok(store, "item.add", character="Aria", name="anvil", weight_lb=215)
    lines = explain(derived(store, "Aria"))
    start = lines.index("  conditions:")
    assert lines[start + 1:start + 6] == [
        "    names: staggered, cannot fight",
        "    checks: normal", "    saves: normal", "    attacks: normal",
        "    in combat: restricted: staggered (encumbrance maximal (215 lb)); no standard: "
        "cannot fight (encumbrance maximal (215 lb)); no full-round: cannot fight (encumbrance "
        "maximal (215 lb))"]
    assert "      · staggered: encumbrance maximal (215 lb); restricted activity" in lines
    assert not any("'effects'" in line for line in lines)


def test_a_duration_follows_a_renamed_combatant(fight):
    store = fight
    ok(store, "condition.add", character="Bram", condition="frightened", rounds=1)
    ok(store, "character.set", character="Aria", field="name", value="Arya")
    assert store.state["characters"][1]["conditions"][0]["duration"]["of"] == "Arya"
    ok(store, "combat.next")
    ok(store, "combat.next")  # round 2, Arya's turn
    assert store.state["characters"][1]["conditions"] == []


@pytest.mark.parametrize(("conditions", "words"), [
    ('conditions = "prone"', "conditions must be an array of tables"),
    ('conditions = [{source = "x"}]', "a condition needs a name"),
    ('conditions = [{name = "hexed", effects = {speed_factor = 3}}]',
     "effect speed_factor must be from 0 to 1, not 3"),
    ('conditions = [{name = "hexed", effects = {flying = true}}]', "'flying' is not an effect"),
    ('conditions = [{name = "prone", duration = {kind = "rounds", left = "two", of = "Aria"}}]',
     "a rounds duration needs left (a whole number)"),
    ('conditions = [{name = "prone", duration = {kind = "forever"}}]',
     "duration kind must be one of time, rounds, turn, save"),
])
def test_a_hand_edited_condition_is_reported_with_its_place(tmp_path, host, conditions, words):
    from gm_console.files import codec

    path = tmp_path / "bad.toml"
    path.write_text(f'[[characters]]\nname = "Aria"\n{conditions}\n')
    before = path.read_text()
    with pytest.raises(codec.SessionFileError) as caught:
        codec.read(path, host)
    problem = caught.value.problems[0]
    assert words in problem.message and "character Aria" in problem.message
    assert problem.line == 3
    assert path.read_text() == before


def test_an_older_sheet_with_plain_condition_names_still_reads(tmp_path, host):
    from gm_console.files import codec
    from gm_console.state.store import Store

    path = tmp_path / "old.toml"
    path.write_text('[[characters]]\nname = "Aria"\nconditions = ["prone"]\n')
    store = Store(codec.read(path, host), host)
    assert [c["name"] for c in derived(store, "Aria")["conditions"]["active"]] == ["prone"]
    ok(store, "condition.remove", character="Aria", condition="prone")


class Nonsense:
    """A plugin whose conditions are not what the hook asks for."""

    @hookimpl
    def character_conditions(self, character, session):
        return [{"name": "odd"}, "not a table", 42]


class OddEffects:
    """A plugin whose condition is well shaped but whose effects make no sense."""

    @hookimpl
    def character_conditions(self, character, session):
        return [{"name": "odd", "effects": {"speed_factor": "fast"}}]


def test_a_plugin_answering_nonsense_conditions_is_switched_off_by_name(store, host):
    host.pm.register(Nonsense(), name="nonsense")
    assert derived(store, "Aria")["conditions"]["names"] == "none"
    record = host.plugins.get("nonsense")
    assert record is None or record.status == "failed"
    assert "nonsense" not in [name for name, _ in host.call_each(
        "character_conditions", character=store.state["characters"][0],
        session=store.session)]


def test_effects_that_make_no_sense_are_ignored_and_said(store, host):
    host.pm.register(OddEffects(), name="oddeffects")
    value = derived(store, "Aria")["conditions"]
    assert value["names"] == "odd"
    assert value["steps"] == ["odd: oddeffects (effects ignored: effect speed_factor must be a "
                              "number or a table of speed = factor, not 'fast'); no effect on "
                              "the rules"]
    ok(store, "movement.price", character="Aria", segments="walk:1")


@pytest.mark.parametrize(("key", "value", "words"), [
    ("hit_points_floor", "'low'", "hit_points_floor must be a whole number"),
    ("massive_damage_kills", "'yes'", "massive_damage_kills must be true or false"),
    ("speed_factor_rounding", "'up'", "speed_factor_rounding must be one of exact, down")])
def test_a_hand_edited_conditions_setting_is_reported(tmp_path, host, key, value, words):
    from gm_console.files import codec

    path = tmp_path / "bad.toml"
    path.write_text(f"[plugins.conditions.settings]\n{key} = {value}\n")
    with pytest.raises(codec.SessionFileError) as caught:
        codec.read(path, host)
    assert words in caught.value.problems[0].message


CONDITIONS_SHOWN = {  # at 80x24: abbreviated with what is left; in full under the fight's table
    "en": ("fright. 2r", "pois. 6m", "frightened: 2 rounds (to the start of Aria's turn)"),
    "fr": ("effr. 2r", "poison 6mn", "effrayé : 2 rounds (jusqu'au début du tour d'Aria)"),
}


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_party_and_combat_tables_show_conditions_with_what_is_left_at_80x24(
        make_app, store, french, language) -> None:
    from gm_console.ui import SyncedTable, Value
    from gm_console_plugins.combat.screens import COLUMNS

    ok(store, "condition.add", character="Bram", condition="poisoned", minutes=10)
    ok(store, "clock.advance", minutes=4)
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Bram", value=8)
    ok(store, "condition.add", character="Aria", condition="frightened", rounds=2)
    if language == "fr":
        french(store)  # added in English, read in French
    aria, bram, aria_full = CONDITIONS_SHOWN[language]
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        table = app.screen.query_one("#party", SyncedTable)
        titles = [str(column.label) for column in table.columns.values()]
        at = titles.index("Cond." if language == "en" else "États")
        # a cell of several lines: a condition cut at its space where the column is narrow
        assert [" ".join(str(table.get_row_at(row)[at]).split()) for row in (0, 1)] == \
            [aria, bram]
        await pilot.press("f8")
        await pilot.pause()
        fight = app.screen.query_one("#combatants", SyncedTable)
        state = list(fight.columns)[-1]  # the last, whichever are shown
        assert fight.get_cell("Aria", state) == aria
        assert str(fight.get_cell("Bram", state)).startswith(bram)  # then "flat-ft.", cut with "…"
        assert aria_full in app.screen.query_one("#detail", Value).shown


@pytest.mark.parametrize(("duration", "left"), [
    ({"kind": "rounds", "left": 2, "of": "Aria"}, "2r"),
    ({"kind": "time", "day": 1, "second": 8 * 3600 + 10 * 60}, "10m"),
    ({"kind": "time", "day": 1, "second": 8 * 3600 + 9 * 60 + 1}, "10m"),  # rounded up
    ({"kind": "time", "day": 1, "second": 9 * 3600 + 30 * 60}, "1h30"),
    ({"kind": "time", "day": 3, "second": 8 * 3600}, "2d"),
    ({"kind": "time", "day": 1, "second": 8 * 3600 + 40}, "40s"),
    ({"kind": "turn", "of": "Orc", "at": "end"}, "end Orc"),
    ({"kind": "save", "dc": 13, "ability": "con"}, "DC13"),
    (None, ""),
])
def test_what_is_left_of_a_duration_fits_a_narrow_cell(duration, left) -> None:
    assert durations.left(duration, {"day": 1, "second": 8 * 3600}) == left
