"""The movement calculator in the TUI, driven with Pilot: keys build a path, cost and what is
left update live, enter makes the move, and only the widgets whose text changed repaint."""

from __future__ import annotations

import pytest

from gm_console.ui import Value
from gm_console_plugins.movement.screens import MovementScreen

HUMAN = {"race": "human", "strength": 10, "dexterity": 10, "height_m": 1.8, "speed_m": 9}


@pytest.fixture
def two(make_store):
    return make_store([{**HUMAN, "name": "Aria"}, {**HUMAN, "name": "Bram", "strength": 16}])


def text(app, widget_id):
    return app.screen.query_one(f"#{widget_id}", Value).shown


async def open_calculator(pilot):
    await pilot.press("f7")
    await pilot.pause()
    assert isinstance(pilot.app.screen, MovementScreen)


async def test_a_climb_of_3_at_9_leaves_3(two, make_app):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        assert text(pilot.app, "mv-head").startswith("Aria · speed 9 m")
        await pilot.press("c", "3")
        assert text(pilot.app, "mv-total") == "Total 6 m of 9 m: 3 m left"
        await pilot.press("w", "4")
        assert text(pilot.app, "mv-total") == "Total 10 m of 9 m: 1 m too far"
        await pilot.press("backspace")  # the typed 4: back to the segment's 1 m
        assert text(pilot.app, "mv-total") == "Total 7 m of 9 m: 2 m left"
        await pilot.press("backspace")  # nothing typed left: the walk goes
        assert text(pilot.app, "mv-total") == "Total 6 m of 9 m: 3 m left"


async def test_decimals_terrain_and_checks(two, make_app):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("s", "1", "full_stop", "5", "t")  # swim 1.5 m, difficult: 3 per metre
        assert text(pilot.app, "mv-total") == "Total 4.5 m of 9 m: 4.5 m left"
        await pilot.press("exclamation_mark")  # rough water
        assert "Strength (Athletics) DC 15: swim in rough water" in text(pilot.app, "mv-checks")
        await pilot.press("t")  # difficult → normal
        assert text(pilot.app, "mv-total") == "Total 3 m of 9 m: 6 m left"


async def test_jump_figures_follow_the_character(two, make_app):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        assert text(pilot.app, "mv-jump").startswith("Long jump 3 m (standing 1.5 m)")
        await pilot.press("right")
        assert text(pilot.app, "mv-head").startswith("Bram")
        assert text(pilot.app, "mv-jump").startswith("Long jump 4.8 m (standing 2.4 m)")
        await pilot.press("left")
        assert text(pilot.app, "mv-head").startswith("Aria")


async def test_enter_makes_the_move_and_clears_the_path(two, make_app):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("w", "3", "l", "2")
        await pilot.press("enter")
        await pilot.pause()
        assert two.state["journal"][-1]["text"] == (
            "Aria moves 3 m on foot, a 2 m long jump: 5 m of 9 m, 4 m left")
        assert pilot.app.screen.segments == []


async def test_a_refused_move_keeps_the_path(two, make_app):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("c", "9")
        journal = len(two.state["journal"])
        await pilot.press("enter")  # 18 m of 9 m
        await pilot.press("e")      # no fight is running
        await pilot.pause()
        assert len(two.state["journal"]) == journal
        assert len(pilot.app.screen.segments) == 1


async def test_a_forced_move_still_refused_keeps_the_prompt_open(two, make_app):
    """f forces the last refused move with a reason; when the operation refuses it even so,
    the prompt stays open with the text and why, as every prompt of the console does."""
    from textual.widgets import Input, Static

    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("c", "3", "e")  # spent in a fight: no fight is running
        await pilot.pause()
        journal = len(two.state["journal"])
        await pilot.press("f", *"haste", "enter")
        await pilot.pause()
        prompt = pilot.app.screen  # the question line of the screen itself
        assert prompt.asking
        assert prompt.query_one(Input).value == "haste"
        assert "fight" in str(prompt.query_one("#prompt-refusal", Static).render())
        assert len(two.state["journal"]) == journal


async def test_a_forced_move_that_offers_a_check_closes_its_prompt_for_the_dice(two, make_app):
    """The reason typed, the move is made and the landing check asked: the dice prompt comes
    up over the calculator, and the reason's prompt is gone (it does not stay over the dice)."""
    from gm_console.ui.screens.prompt import TextPrompt
    from gm_console.ui.screens.rolls import RollPrompt

    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("l", "2", "t", "enter")  # beyond a standing jump, difficult landing
        await pilot.pause()
        await pilot.press("f", *"boots", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, RollPrompt)
        assert not any(isinstance(s, TextPrompt) for s in pilot.app.screen_stack)
        assert two.state["journal"][-1]["kind"] == "override"


async def test_a_key_press_repaints_only_what_changed(two, make_app, monkeypatch):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("c")
        repainted = []
        original = Value.show

        def spy(self, text):
            changed = original(self, text)  # whether it had to be repainted
            if changed:
                repainted.append(self.id)
            return changed

        monkeypatch.setattr(Value, "show", spy)
        await pilot.press("3")
        assert repainted == ["mv-total"]  # not the header, the jump figures or the hints


async def test_a_heavy_cloak_doubles_what_a_swim_costs_and_not_a_walk(two, make_app):
    """A condition halving only swimming and climbing (``speed_factor = {swim = 0.5, climb =
    0.5}``): the speed shown stays 9 m, a swum metre costs 4 of it, and the why box says why."""
    assert two.apply("condition.add", {"character": "Aria", "condition": "heavy cloak",
                                       "effects": ["speed_factor=swim:0.5+climb:0.5"]}).ok
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        assert text(pilot.app, "mv-head").startswith("Aria · speed 9 m")
        await pilot.press("s", "1", "w", "2")
        assert text(pilot.app, "mv-total") == "Total 6 m of 9 m: 3 m left"  # 1 × 4 + 2 × 1
        await pilot.press("question_mark")
        why = text(pilot.app, "mv-why").splitlines()
        assert any(line.startswith("× 0.5 for swim, climb only: heavy cloak") for line in why)
        assert "swim, climb: 6 mv = 4.5 m per round" in why
        assert ("1. swim 1 m: swim, normal terrain (current terrain: plain), × 2 (swim speed "
                "4.5 m of 9 m): 1 × 4 = 4 m") in why
        assert "2. walk 2 m: walk, normal terrain (current terrain: plain): 2 × 1 = 2 m" in why
        await pilot.press("right")  # Bram wears no cloak
        assert text(pilot.app, "mv-total") == "Total 4 m of 9 m: 5 m left"


async def test_in_french(french, make_store, make_app):
    store = make_store([{**HUMAN, "name": "Aria"}])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        assert text(pilot.app, "mv-total").startswith("Aucun segment : w marcher")
        assert text(pilot.app, "mv-hint").startswith("0-9 . mètres · t terrain (* = actuel)")
        await pilot.press("c", "3", "l", "t")
        assert text(pilot.app, "mv-total") == "Total 7 m sur 9 m : 2 m restants"
        assert text(pilot.app, "mv-checks") == (
            "⚄ Dextérité (Acrobaties) DD 10 : retomber sur ses pieds en terrain difficile [2]")
        assert text(pilot.app, "mv-jump").startswith("Saut en longueur 3 m (sans élan 1,5 m)")
        await pilot.press("question_mark")  # how every figure is worked out, in French too
        why = text(pilot.app, "mv-why").splitlines()
        assert "saut en longueur sans élan : 3 × 0,5 = 1,5 m" in why
        assert "total 7 m sur 9 m : 2 m restants" in why
        assert ("2. saut en longueur 1 m : saut, terrain difficile (réglage), sans élan (0 m "
                "d'élan < 3 m) : 1 × 1 = 1 m") in why


async def test_without_characters_the_calculator_says_so(make_store, make_app):
    store = make_store([{**HUMAN, "name": "Aria"}])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("c", "3")
        assert store.apply("character.remove", {"character": "Aria"}).ok
        await pilot.pause()
        assert text(pilot.app, "mv-head").startswith("Movement: no characters yet")
        assert text(pilot.app, "mv-total") == ""
        await pilot.press("c", "enter", "e", "right")  # nothing to act on: nothing happens
        assert store.state["characters"] == []


async def test_totals_follow_a_change_of_speed_or_terrain(two, make_app):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("w", "4")
        assert two.apply("character.set", {"character": "Aria", "field": "exhaustion",
                                           "value": "2"}).ok  # speed halved: 4.5 m
        await pilot.pause()
        assert text(pilot.app, "mv-total") == "Total 4 m of 4.5 m: 0.5 m left"
        assert two.apply("travel.terrain", {"terrain": "swamp"}).ok
        await pilot.pause()
        assert text(pilot.app, "mv-total") == "Total 8 m of 4.5 m: 3.5 m too far"
        assert "swamp (difficult)" in text(pilot.app, "mv-head")


async def test_e_spends_the_path_in_the_combat_tracker(two, make_app):
    for name, params in (("combat.start", {}),
                         ("combat.initiative", {"combatant": "Aria", "value": 15}),
                         ("combat.initiative", {"combatant": "Bram", "value": 5})):
        # the last initiative known begins round 1: Aria's turn
        assert two.apply(name, params).ok
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("c", "3", "e")
        await pilot.pause()
        assert [line["text"] for line in two.state["journal"][-2:]] == [
            "Aria spends 6 m of movement (speed 9 m) on 3 m climbing, 3 m left of the move actions "
            "taken",
            "Aria moves 6 m (taking a move action)"]
        assert pilot.app.screen.segments == []


async def test_question_mark_shows_why(two, make_app):
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("c", "3")
        why = pilot.app.screen.query_one("#mv-why", Value)
        assert not why.display
        await pilot.press("question_mark")
        assert why.display
        assert "1. climb 3 m: climb, normal terrain (current terrain: plain): 3 × 2 = 6 m" in (
            why.shown.splitlines())
        assert "long jump standing: 3 × 0.5 = 1.5 m" in why.shown.splitlines()
        assert why.shown.splitlines()[1].startswith("base 12 mv")
        await pilot.press("question_mark")
        assert not why.display


async def test_opens_on_the_character_whose_turn_it_is(make_store, make_app):
    store = make_store([{**HUMAN, "name": "Aria"}, {**HUMAN, "name": "Bram"}])
    assert store.apply("combat.start", {}).ok
    for name, value in (("Aria", 5), ("Bram", 15)):  # Bram acts first
        assert store.apply("combat.initiative", {"combatant": name, "value": value}).ok
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        assert text(pilot.app, "mv-head").startswith("Bram ·")


async def test_a_the_whole_cliff_in_one_go_with_its_rounds_and_checks(two, make_app):
    """c10! is 20 m of movement at 9 m: too far for one round, and the screen gives the whole
    way (rounds, time, checks with their DC) before a makes it as one operation."""
    async with make_app(two).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("c", "1", "0", "exclamation_mark")
        assert text(pilot.app, "mv-total") == "Total 20 m of 9 m: 11 m too far"
        assert text(pilot.app, "mv-rounds") == (
            "Whole way (a): 3 rounds (18 s): 20 m of movement at 9 m a round; 3 checks: 3 × "
            "Strength (Athletics) DC 15 (climb a slippery or hold-poor surface)")
        await pilot.press("question_mark")
        why = text(pilot.app, "mv-why").splitlines()
        assert "round 3: 1 m climbing (slippery): 2 m of 9 m" in why
        await pilot.press("question_mark", "enter")  # one round: refused, naming the key
        await pilot.pause()
        assert pilot.app.screen.segments
        clock = dict(two.state["clock"])
        await pilot.press("a")
        await pilot.pause()
        assert two.state["journal"][-1]["text"].startswith(
            "Aria covers 10 m climbing (slippery) in 3 rounds (18 s)")
        assert two.state["clock"]["second"] == clock["second"] + 18
        assert len(two.state["rolls"]["pending"]) == 3
        assert pilot.app.screen_stack[-2].segments == []  # the dice prompt is over it


async def test_the_whole_way_in_french(french, make_store, make_app):
    store = make_store([{**HUMAN, "name": "Aria"}])
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await open_calculator(pilot)
        await pilot.press("s", "2", "0", "exclamation_mark")
        assert text(pilot.app, "mv-rounds") == (
            "Trajet entier (a) : 5 rounds (30 s) : 40 m de déplacement à 9 m par round ; 5 tests "
            ": 5 × Force (Athlétisme) DD 15 (nager en eaux agitées)")
        assert "a trajet entier" in text(pilot.app, "mv-hint")
        await pilot.press("a")
        await pilot.pause()
        assert store.state["journal"][-1]["text"].startswith("Aria covers 20 m swimming")
