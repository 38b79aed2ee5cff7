"""RULES.md section 3: the action economy, through the plain rules of the combat plugin.

Legal and illegal sequences of actions, the immediate action borrowed across a turn boundary,
the surprise round, a full-round action spread over two restricted rounds, initiative ties.
Expected outcomes are written here from RULES.md, not read back from config/combat.toml.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from gm_console_plugins.combat import rules, turns

CONFIG = Path(__file__).resolve().parents[2] / "gm_console_config" / "combat.toml"
TABLE = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
SETTINGS = dict(TABLE["settings"])
SPEED = 9.0


def counter(*values: int):
    """A die that rolls ``values`` in turn (for roll-offs)."""
    it = iter(values)
    return lambda: next(it)


def no_roll() -> int:
    raise AssertionError("no roll-off was expected")


def fight(*specs: tuple[str, int], aware: tuple[str, ...] = (), begin: bool = True) -> dict:
    """An encounter of ad hoc combatants (name, initiative), modifiers 0, begun."""
    enc = turns.new_encounter([], list(aware))
    for i, (name, value) in enumerate(specs):
        turns.add_combatant(enc, name, modifier=len(specs) - i, speed_m=SPEED, value=value)
    if begin:
        turns.begin(enc, no_roll)
    return enc


def take(enc, name, action, **kw):
    kw.setdefault("speed_m", SPEED)
    return rules.take(enc, TABLE, SETTINGS, name, action, **kw)


def why(enc, name, action, **kw):
    kw.setdefault("speed_m", SPEED)
    return rules.refusal(enc, TABLE, SETTINGS, name, action, **kw)


def nxt(enc, settings=SETTINGS):
    return turns.next_turn(enc, settings, no_roll)


def refused(enc, name, action, fragment, **kw):
    reason = why(enc, name, action, **kw)
    assert reason is not None and fragment in reason, reason
    with pytest.raises(rules.Forbidden, match=re.escape(fragment)):
        take(enc, name, action, **kw)


# -- 3.2: what a turn allows --------------------------------------------------------------------

LEGAL_TURNS = [
    ["standard", "move"],
    ["move", "standard"],
    ["move", "move"],
    ["full-round"],
    ["standard"],
    ["move"],
    ["standard", "move", "swift", "free", "free", "free"],
    ["swift", "full-round", "free"],
    ["step", "full-round"],
    ["full-round", "step"],
    ["standard", "step"],
    ["step", "standard", "free"],
    ["immediate", "standard", "move"],
]


@pytest.mark.parametrize("sequence", LEGAL_TURNS, ids=" ".join)
def test_legal_turns(sequence):
    enc = fight(("Aria", 15), ("Orc", 10))
    for action in sequence:
        assert why(enc, "Aria", action) is None, action
        take(enc, "Aria", action)


ILLEGAL_TURNS = [  # (actions taken, the one refused, words of the reason)
    (["standard"], "standard", "already taken a standard action"),
    (["standard", "move"], "move", "no move action is left"),
    (["move", "move"], "move", "no move action is left"),
    (["move", "move"], "standard", "traded for the second move"),
    (["standard", "move"], "standard", "already taken a standard action"),
    (["full-round"], "standard", "used the whole turn"),
    (["full-round"], "move", "movement is limited to the 5-foot step"),
    (["full-round"], "full-round", "already taken a full-round action"),
    (["standard"], "full-round", "takes the whole turn"),
    (["move"], "full-round", "takes the whole turn"),
    (["swift"], "swift", "one per turn"),
    (["swift"], "immediate", "already taken a swift action"),
    (["immediate"], "swift", "counted as its swift action"),
    (["step"], "step", "already taken a 5-foot step"),
    (["step"], "move", "no other movement"),  # a move action said nothing: it is movement
    (["move"], "step", "counted as movement"),
    (["move"], "full-round", "takes the whole turn"),
]


@pytest.mark.parametrize("done, action, fragment", ILLEGAL_TURNS,
                         ids=[f"{' '.join(d)} then {a}" for d, a, _ in ILLEGAL_TURNS])
def test_illegal_turns(done, action, fragment):
    enc = fight(("Aria", 15), ("Orc", 10))
    for step in done:
        take(enc, "Aria", step)
    refused(enc, "Aria", action, fragment)


def test_free_actions_are_counted_without_limit():
    enc = fight(("Aria", 15), ("Orc", 10))
    for _ in range(12):
        take(enc, "Aria", "free")
    assert turns.find(enc, "Aria")["budget"]["free"] == 12


def test_off_turn_only_immediate_or_free():
    enc = fight(("Aria", 15), ("Orc", 10))
    nxt(enc)  # Orc's turn; Aria has had hers
    for action in ("standard", "move", "full-round", "swift", "step"):
        refused(enc, "Aria", action, "It is Orc's turn, not Aria's")
    assert why(enc, "Aria", "free") is None
    assert why(enc, "Aria", "immediate") is None


def test_free_off_turn_setting():
    enc = fight(("Aria", 15), ("Orc", 10))
    nxt(enc)
    off = dict(SETTINGS, free_off_turn=False)
    reason = rules.refusal(enc, TABLE, off, "Aria", "free", speed_m=SPEED)
    assert reason and "own turn" in reason


# -- movement and the 5-foot step ------------------------------------------------------------


def test_a_move_action_allows_the_speed_in_metres():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "move", metres=9)
    assert rules.metres_left(turns.find(enc, "Aria")) == 0


def test_a_move_action_allows_no_more_than_the_speed():
    enc = fight(("Aria", 15), ("Orc", 10))
    refused(enc, "Aria", "move", "more than Aria can move", metres=9.5)


def test_leftover_metres_carry_into_a_second_move_action():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "move", metres=4)
    take(enc, "Aria", "move", metres=14)  # 5 left + 9 of the second move
    assert rules.metres_left(turns.find(enc, "Aria")) == 0


def test_actions_move_takes_move_actions_as_needed():
    enc = fight(("Aria", 15), ("Orc", 10))
    done = rules.move(enc, TABLE, "Aria", 6, speed_m=SPEED)
    assert done["moves_taken"] == 1
    done = rules.move(enc, TABLE, "Aria", 3, speed_m=SPEED)
    assert done["moves_taken"] == 0  # the 3 m left of the first move action
    done = rules.move(enc, TABLE, "Aria", 9, speed_m=SPEED)
    assert done["moves_taken"] == 1
    budget = turns.find(enc, "Aria")["budget"]
    assert (budget["move"], budget["metres_spent"], budget["metres_allowed"]) == (2, 18, 18)
    # the standard action went into the second move: no more movement, no standard
    assert "needs 1 more move action" in rules.move_refusal(enc, TABLE, "Aria", 1, speed_m=SPEED)
    assert "traded" in why(enc, "Aria", "standard")


def test_actions_move_takes_two_move_actions_at_once():
    enc = fight(("Aria", 15), ("Orc", 10))
    assert rules.move(enc, TABLE, "Aria", 15, speed_m=SPEED)["moves_taken"] == 2


def test_actions_move_refused_when_the_budget_forbids():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "standard")
    reason = rules.move_refusal(enc, TABLE, "Aria", 12, speed_m=SPEED)
    assert reason and "needs 2 more move actions" in reason
    with pytest.raises(rules.Forbidden):
        rules.move(enc, TABLE, "Aria", 12, speed_m=SPEED)


def test_no_step_after_moving_and_no_moving_after_the_step():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "move", metres=3)
    refused(enc, "Aria", "step", "moved 3 m this round")
    nxt(enc), nxt(enc)  # Aria's next turn
    take(enc, "Aria", "step")
    refused(enc, "Aria", "move", "5-foot step this round: no other movement", metres=1)
    assert "no other movement" in rules.move_refusal(enc, TABLE, "Aria", 2, speed_m=SPEED)
    # a move action that is not movement (drawing a weapon, metres=0) is still fine
    assert why(enc, "Aria", "move", metres=0) is None


def test_a_move_action_spent_otherwise_leaves_the_step_open():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "move", metres=0)  # drawing a weapon
    take(enc, "Aria", "step")
    refused(enc, "Aria", "move", "no other movement")
    assert why(enc, "Aria", "move", metres=0) is None


def test_a_move_action_spent_otherwise_gives_no_movement_to_spend_later():
    # One standard and one move a turn (3.2): a move action spent drawing a weapon (metres=0)
    # leaves no metres behind; moving afterwards needs the second move action (the standard).
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "move", metres=0)  # drawing a weapon
    assert rules.metres_left(turns.find(enc, "Aria")) == 0
    assert rules.move(enc, TABLE, "Aria", 9, speed_m=SPEED)["moves_taken"] == 1
    assert "traded" in why(enc, "Aria", "standard")
    aria = rules.summary(enc, TABLE, SETTINGS, {"Aria": SPEED})["combatants"][0]
    assert aria["remaining"]["metres"] == 0


def test_summary_after_a_move_action_spent_otherwise():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "move", metres=0)
    aria = rules.summary(enc, TABLE, SETTINGS, {"Aria": SPEED})["combatants"][0]
    assert (aria["remaining"]["move"], aria["remaining"]["metres"]) == (1, SPEED)


def test_setting_a_move_action_without_metres_is_not_movement():
    enc = fight(("Aria", 15), ("Orc", 10))
    lenient = dict(SETTINGS, move_action_counts_as_movement=False)
    rules.take(enc, TABLE, lenient, "Aria", "move", speed_m=SPEED)
    assert rules.refusal(enc, TABLE, lenient, "Aria", "step", speed_m=SPEED) is None


def test_step_after_a_full_round_only_if_it_allows_one():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "full-round", allows_step=False)
    refused(enc, "Aria", "step", "allows no 5-foot step")
    nxt(enc), nxt(enc)
    take(enc, "Aria", "step")
    refused(enc, "Aria", "full-round", "allows none", allows_step=False)
    assert why(enc, "Aria", "full-round", allows_step=True) is None


def test_no_movement_after_a_full_round_action():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "full-round")
    assert "limited to the" in rules.move_refusal(enc, TABLE, "Aria", 3, speed_m=SPEED)


def test_speed_zero_allows_neither_movement_nor_step():
    enc = fight(("Aria", 15), ("Orc", 10))
    refused(enc, "Aria", "step", "speed is 0 m", speed_m=0)
    refused(enc, "Aria", "move", "speed is 0 m", speed_m=0, metres=1)
    assert why(enc, "Aria", "move", speed_m=0, metres=0) is None  # a move action, no movement


@given(st.lists(st.floats(min_value=0.1, max_value=30, allow_nan=False), max_size=6),
       st.floats(min_value=1, max_value=30, allow_nan=False))
@hsettings(max_examples=60, deadline=None)
def test_movement_never_exceeds_two_move_actions(chunks, speed):
    """Whatever the path, movement accepted in a turn never goes beyond two move actions'
    worth, and never beyond the metres of the move actions taken."""
    enc = fight(("Aria", 15), ("Orc", 10))
    for metres in chunks:
        if rules.move_refusal(enc, TABLE, "Aria", metres, speed_m=speed) is None:
            rules.move(enc, TABLE, "Aria", metres, speed_m=speed)
    budget = turns.find(enc, "Aria")["budget"]
    assert budget["move"] <= 2
    assert budget["metres_spent"] <= budget["metres_allowed"] + 1e-6
    assert budget["metres_allowed"] <= 2 * speed + 1e-6


@given(st.lists(st.sampled_from(rules.ACTIONS), max_size=12))
@hsettings(max_examples=150, deadline=None)
def test_accepted_turns_never_break_the_budget(sequence):
    """Only what RULES.md 3.2 allows is ever accepted, whatever is tried in whatever order."""
    enc = fight(("Aria", 15), ("Orc", 10))
    for action in sequence:
        if why(enc, "Aria", action) is None:
            take(enc, "Aria", action)
    b = turns.find(enc, "Aria")["budget"]
    assert b["standard"] <= 1 and b["standard"] + b["move"] <= 2
    assert not (b["full_round"] and (b["standard"] or b["move"]))
    assert b["swift"] in ("", "swift", "immediate")


# -- immediate actions across a turn boundary --------------------------------------------------


def test_immediate_off_turn_borrows_the_next_swift():
    enc = fight(("Aria", 15), ("Orc", 10))
    nxt(enc)  # Orc's turn
    take(enc, "Aria", "immediate")
    refused(enc, "Aria", "immediate", "no further swift or immediate action")
    nxt(enc)  # round 2, Aria's turn: her swift is already spent
    assert enc["round"] == 2 and enc["turn"] == "Aria"
    refused(enc, "Aria", "swift", "used up by the immediate action taken off-turn in round 1")
    refused(enc, "Aria", "immediate", "used up by the immediate action")
    take(enc, "Aria", "standard")  # the rest of the turn is untouched
    take(enc, "Aria", "move")
    nxt(enc)  # her turn is over: immediate actions open again
    assert why(enc, "Aria", "immediate") is None
    take(enc, "Aria", "immediate")
    nxt(enc)
    refused(enc, "Aria", "swift", "round 2")


@pytest.mark.parametrize("forced", ["swift", "immediate"])
def test_a_swift_forced_in_the_borrowed_turn_still_ends_the_borrow(forced):
    # The borrow lasts "until that turn is over" (3.2): overriding the refused swift or
    # immediate action in that turn must not keep the borrow for the turns after it.
    enc = fight(("Aria", 15), ("Orc", 10))
    nxt(enc)  # Orc's turn
    take(enc, "Aria", "immediate")
    nxt(enc)  # round 2, Aria's turn: the borrowed one
    take(enc, "Aria", forced, override="boots of quickness")
    nxt(enc)  # her borrowed turn is over
    assert why(enc, "Aria", "immediate") is None
    nxt(enc)  # round 3, Aria's turn: her own swift action again
    assert why(enc, "Aria", "swift") is None


def test_own_swift_then_immediate_off_turn_is_fine():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "swift")
    nxt(enc)
    assert why(enc, "Aria", "immediate") is None  # it borrows the next turn's, not this one's


def test_flat_footed_until_first_turn():
    enc = fight(("Aria", 15), ("Orc", 10))
    refused(enc, "Orc", "immediate", "flat-footed")
    nxt(enc)  # the Orc's first turn
    nxt(enc)  # round 2, Aria's turn
    assert why(enc, "Orc", "immediate") is None


# -- 3.3: restricted activity and the surprise round ----------------------------------------


def test_surprise_round_only_the_aware_act_restricted():
    enc = fight(("Aria", 15), ("Orc", 12), ("Borin", 8), aware=("Aria", "Borin"))
    assert enc["surprise"] and enc["round"] == 1 and enc["turn"] == "Aria"
    take(enc, "Aria", "standard")
    refused(enc, "Aria", "move", "restricted (surprise round)")
    take(enc, "Aria", "step")  # not an action (setting step_when_restricted)
    take(enc, "Aria", "swift")
    take(enc, "Aria", "free")
    nxt(enc)
    assert enc["turn"] == "Borin"  # the unaware Orc has no turn in the surprise round
    refused(enc, "Borin", "full-round", "no full-round action")
    take(enc, "Borin", "move", metres=9)
    refused(enc, "Borin", "standard", "only one standard or one move")
    # the Orc is still flat-footed: no immediate action
    refused(enc, "Orc", "immediate", "flat-footed")
    nxt(enc)
    assert (enc["round"], enc["surprise"], enc["turn"]) == (2, False, "Aria")
    take(enc, "Aria", "standard")
    take(enc, "Aria", "move")  # no longer restricted
    nxt(enc)
    assert enc["turn"] == "Orc"


def test_step_under_restriction_setting():
    enc = fight(("Aria", 15), ("Orc", 12), aware=("Aria",))
    strict = dict(SETTINGS, step_when_restricted=False)
    reason = rules.refusal(enc, TABLE, strict, "Aria", "step", speed_m=SPEED)
    assert reason and "step_when_restricted" in reason


def test_restricted_condition():
    enc = fight(("Aria", 15), ("Orc", 10))
    turns.restrict(enc, "Aria", "staggered")
    take(enc, "Aria", "move")
    refused(enc, "Aria", "standard", "restricted (staggered)")
    turns.restrict(enc, "Aria", "")
    assert why(enc, "Aria", "standard") is None


def test_full_round_action_over_two_restricted_rounds():
    enc = fight(("Aria", 15), ("Orc", 10))
    turns.restrict(enc, "Aria", "staggered")
    refused(enc, "Aria", "full-round", "Start it with a standard action")
    done = take(enc, "Aria", "standard", full_round="coup de grace")
    assert done["started"] == "coup de grace"
    assert turns.find(enc, "Aria")["started"] == {"label": "coup de grace", "round": 1}
    refused(enc, "Aria", "move", "only one standard or one move")
    nxt(enc), nxt(enc)  # round 2, Aria again, still staggered
    refused(enc, "Aria", "standard", "not 'charge'", full_round="charge")
    done = take(enc, "Aria", "standard", full_round="coup de grace")
    assert done["completed"] == "coup de grace"
    assert "started" not in turns.find(enc, "Aria")
    assert turns.find(enc, "Aria")["budget"]["completed"] == "coup de grace"


def test_full_round_started_only_under_restriction():
    enc = fight(("Aria", 15), ("Orc", 10))
    refused(enc, "Aria", "standard", "not restricted", full_round="charge")


def test_full_round_completed_not_in_the_same_round():
    # a house rule of two standard actions a turn leaves one to try completing it with at once
    house = dict(TABLE, turn={"standard": 2, "move": 1}, restricted={"main_actions": 2})
    enc = fight(("Aria", 15), ("Orc", 10))
    turns.restrict(enc, "Aria", "staggered")
    rules.take(enc, house, SETTINGS, "Aria", "standard", speed_m=SPEED, full_round="charge")
    reason = rules.refusal(enc, house, SETTINGS, "Aria", "standard", speed_m=SPEED,
                           full_round="charge")
    assert reason and "completed with a standard action next round" in reason


def test_started_full_round_lapses_after_the_next_turn():
    enc = fight(("Aria", 15), ("Orc", 10))
    turns.restrict(enc, "Aria", "staggered")
    take(enc, "Aria", "standard", full_round="charge")
    assert not any(e["event"] == "lapsed" for e in nxt(enc))  # its own round: still open
    nxt(enc)  # round 2: Aria does something else
    events = nxt(enc)
    assert {"event": "lapsed", "name": "Aria", "label": "charge"} in events
    assert "started" not in turns.find(enc, "Aria")


def test_started_full_round_kept_when_lapsing_is_off():
    enc = fight(("Aria", 15), ("Orc", 10))
    keep = dict(SETTINGS, started_full_round_lapses=False)
    turns.restrict(enc, "Aria", "staggered")
    take(enc, "Aria", "standard", full_round="charge")
    for _ in range(4):
        turns.next_turn(enc, keep, no_roll)
    assert turns.find(enc, "Aria")["started"]["label"] == "charge"


# -- overrides -----------------------------------------------------------------------------


def test_override_forces_a_refused_action_and_says_what_was_refused():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "standard")
    done = take(enc, "Aria", "standard", override="haste")
    assert "already taken a standard action" in done["overridden"]
    assert turns.find(enc, "Aria")["budget"]["standard"] == 2


def test_override_of_movement():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "full-round")
    done = rules.move(enc, TABLE, "Aria", 3, speed_m=SPEED, override="GM: a gust of wind")
    assert "limited to the" in done["overridden"]
    assert turns.find(enc, "Aria")["budget"]["metres_spent"] == 3


def test_an_allowed_action_reports_no_override():
    enc = fight(("Aria", 15), ("Orc", 10))
    assert take(enc, "Aria", "standard", override="just in case")["overridden"] == ""


# -- rounds, turns, initiative ---------------------------------------------------------------


def test_rounds_and_turns_in_order():
    enc = fight(("Orc", 10), ("Aria", 15), ("Borin", 12))
    seen = [(enc["round"], enc["turn"])]
    rounds = []
    for _ in range(6):
        rounds += [e["round"] for e in nxt(enc) if e["event"] == "round_started"]
        seen.append((enc["round"], enc["turn"]))
    assert seen == [(1, "Aria"), (1, "Borin"), (1, "Orc"), (2, "Aria"), (2, "Borin"),
                    (2, "Orc"), (3, "Aria")]
    assert rounds == [2, 3]


def test_begin_announces_round_one():
    enc = fight(("Aria", 15), begin=False)
    events = turns.next_turn(enc, SETTINGS, no_roll)
    assert events[0] == {"event": "round_started", "round": 1, "surprise": False}


@pytest.mark.parametrize("dex, modifier", [
    (1, -5), (2, -4), (3, -4), (8, -1), (9, -1), (10, 0), (11, 0), (12, 1), (13, 1), (18, 4),
    (19, 4), (20, 5), (25, 7), (None, 0),
])
def test_party_initiative_modifier(dex, modifier):
    assert turns.dexterity_modifier(dex) == modifier


def test_ties_go_to_the_higher_modifier():
    enc = turns.new_encounter([{"name": "Aria", "dexterity": 16}, {"name": "Borin",
                                                                    "dexterity": 12}], [])
    turns.set_initiative(enc, "Borin", 14)
    turns.set_initiative(enc, "Aria", 14)
    turns.add_combatant(enc, "Orc", 5, 9, value=14)
    assert turns.settle_order(enc, no_roll) == ["Orc", "Aria", "Borin"]


def test_ties_then_go_to_a_roll_off_and_the_roll_off_is_kept():
    enc = fight(begin=False)
    for name in ("A", "B", "C"):
        turns.add_combatant(enc, name, 2, 9, value=11)
    # A 7, B 15, C 7 → B first; A and C roll again: A 3, C 18 → C before A
    assert turns.settle_order(enc, counter(7, 15, 7, 3, 18)) == ["B", "C", "A"]
    assert turns.settle_order(enc, no_roll) == ["B", "C", "A"]  # settled again: no new roll


def test_roll_off_with_the_d20_library_is_seeded():
    import random

    import d20

    def d20_roll() -> int:
        return d20.roll(TABLE["initiative_die"]).total

    orders = []
    for _ in range(2):
        random.seed(1234)
        enc = fight(begin=False)
        for name in "ABCDE":
            turns.add_combatant(enc, name, 0, 9, value=10)
        orders.append(turns.settle_order(enc, d20_roll))
    assert orders[0] == orders[1] and sorted(orders[0]) == list("ABCDE")


@given(st.lists(st.tuples(st.integers(-5, 30), st.integers(-5, 8)), min_size=1, max_size=8),
       st.randoms(use_true_random=False))
@hsettings(max_examples=80, deadline=None)
def test_order_respects_initiative_then_modifier(entries, rng):
    enc = fight(begin=False)
    for i, (value, modifier) in enumerate(entries):
        turns.add_combatant(enc, f"c{i}", modifier, 9, value=value)
    order = turns.settle_order(enc, lambda: rng.randint(1, 20))
    keys = [(turns.find(enc, n)["initiative"], turns.find(enc, n)["modifier"]) for n in order]
    assert keys == sorted(keys, reverse=True)
    assert len(set(order)) == len(entries)


def test_the_fight_begins_only_when_every_initiative_is_known():
    enc = turns.new_encounter([{"name": "Aria", "dexterity": 14}], [])
    with pytest.raises(turns.Invalid, match="no initiative yet for Aria"):
        turns.next_turn(enc, SETTINGS, no_roll)


def test_surprise_names_must_all_be_in_the_fight():
    enc = turns.new_encounter([{"name": "Aria"}], ["Aria", "Gobbo"])
    turns.set_initiative(enc, "Aria", 12)
    with pytest.raises(turns.Invalid, match="names Gobbo"):
        turns.begin(enc, no_roll)
    turns.add_combatant(enc, "gobbo", 1, 9, value=3)
    turns.begin(enc, no_roll)
    assert turns.find(enc, "Gobbo")["aware"] and enc["surprise"]


def test_a_latecomer_takes_its_place_in_the_order():
    enc = fight(("Aria", 15), ("Orc", 5))
    take(enc, "Aria", "free")  # someone has acted: the order stands for this round
    turns.add_combatant(enc, "Wolf", 2, 12, value=20)
    turns.add_combatant(enc, "Rat", 0, 6, value=10)
    assert turns.place(enc, no_roll) == []
    assert enc["order"] == ["Wolf", "Aria", "Rat", "Orc"] and enc["turn"] == "Aria"
    nxt(enc)
    assert enc["turn"] == "Rat"
    nxt(enc), nxt(enc)
    assert (enc["round"], enc["turn"]) == (2, "Wolf")


def test_a_latecomer_before_anyone_acted_takes_the_first_turn():
    enc = fight(("Aria", 15), ("Orc", 5))
    turns.add_combatant(enc, "Wolf", 2, 12, value=20)
    events = turns.place(enc, no_roll)
    assert events == [{"event": "turn_started", "name": "Wolf"}]
    aria = turns.find(enc, "Aria")
    assert (enc["turn"], aria["flat_footed"], aria["turns"]) == ("Wolf", True, 0)
    nxt(enc)
    assert (enc["round"], enc["turn"]) == (1, "Aria")


def test_a_latecomer_waits_for_its_initiative():
    enc = fight(("Aria", 15))
    turns.add_combatant(enc, "Wolf", 2, 12)
    assert turns.place(enc, no_roll) == [] and enc["order"] == ["Aria"]
    turns.set_initiative(enc, "Wolf", 3)
    turns.place(enc, no_roll)
    assert enc["order"] == ["Aria", "Wolf"]


def test_the_fight_begins_when_every_initiative_is_known():
    enc = turns.new_encounter([{"name": "Aria", "dexterity": 14}], ["Ogre"])
    turns.set_initiative(enc, "Aria", 9)
    assert turns.place(enc, no_roll) == []  # the Ogre, aware, is not in yet
    turns.add_combatant(enc, "Ogre", -1, 9)
    assert turns.place(enc, no_roll) == []
    turns.set_initiative(enc, "Ogre", 4)
    events = turns.place(enc, no_roll)
    assert events[0] == {"event": "round_started", "round": 1, "surprise": True}
    assert enc["turn"] == "Ogre"  # the surprise round: only the aware act


def test_removing_the_current_combatant_passes_the_turn():
    enc = fight(("Aria", 15), ("Orc", 10), ("Borin", 5))
    nxt(enc)
    turns.remove_combatant(enc, "Orc")
    assert enc["turn"] == "Borin" and enc["order"] == ["Aria", "Borin"]
    events = turns.remove_combatant(enc, "Borin")
    assert (enc["round"], enc["turn"]) == (2, "Aria")
    assert events[0]["event"] == "round_started"


def test_bad_input_is_invalid_not_a_crash():
    enc = fight(("Aria", 15))
    with pytest.raises(turns.Invalid, match="no combatant named 'Zed'"):
        why(enc, "Zed", "standard")
    with pytest.raises(turns.Invalid, match="negative"):
        why(enc, "Aria", "move", metres=-1)
    with pytest.raises(turns.Invalid, match="go with a move action"):
        why(enc, "Aria", "standard", metres=3)
    with pytest.raises(turns.Invalid, match="unknown action"):
        why(enc, "Aria", "dance")
    with pytest.raises(turns.Invalid, match="already a combatant"):
        turns.add_combatant(enc, "aria", 0, 9, value=3)
    with pytest.raises(turns.Invalid, match="Dexterity must be a whole number"):
        turns.dexterity_modifier("quick")
    turns.end(enc)
    with pytest.raises(turns.Invalid, match="no fight is running"):
        why(enc, "Aria", "standard")


def test_end_keeps_only_the_settings():
    enc = fight(("Aria", 15))
    enc["settings"] = {"free_off_turn": False}
    turns.end(enc)
    assert enc == {"settings": {"free_off_turn": False}, "active": False}


def test_summary_shows_spent_and_remaining():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "move", metres=4)
    out = rules.summary(enc, TABLE, SETTINGS, {"Aria": 9.0, "Orc": 9.0})
    aria, orc = out["combatants"]
    assert (out["round"], out["turn"]) == (1, "Aria")
    assert aria["spent"]["move"] == 1 and aria["metres_left"] == 5
    assert aria["remaining"] == {"standard": 1, "move": 1, "full_round": False, "swift": True,
                                 "immediate": True, "step": False, "metres": 14}
    assert "moved 4 m" in aria["refusals"]["step"]
    assert orc["remaining"]["immediate"] is False and "flat-footed" in orc["refusals"]["immediate"]
    assert orc["remaining"]["standard"] == 0  # not its turn
    assert rules.summary({"active": False}, TABLE, SETTINGS, {}) == {"active": False}


def test_a_line_kept_between_asks_follows_the_combatant_changed_in_place():
    # combatant_summary keeps its last line: the combatant changed in place (as an action's
    # operation does between two asks), the turn moved on, or a caller's copy changed must
    # not give it back as it was
    enc = fight(("Aria", 15), ("Orc", 10))
    aria = turns.find(enc, "Aria")

    def line() -> dict:
        return rules.combatant_summary(enc, TABLE, SETTINGS, aria, SPEED)

    first = line()
    assert (first["remaining"]["standard"], first["spent"]["standard"]) == (1, 0)
    again = line()  # the kept line
    again["remaining"]["standard"], again["spent"]["standard"] = 7, 7
    assert (line()["remaining"]["standard"], line()["spent"]["standard"]) == (1, 0)
    take(enc, "Aria", "standard")
    assert (line()["remaining"]["standard"], line()["spent"]["standard"]) == (0, 1)
    assert line()["remaining"]["move"] == 1
    nxt(enc)  # the Orc's turn: Aria has only an immediate action left
    assert line()["remaining"]["move"] == 0


def test_summary_of_a_fresh_turn():
    enc = fight(("Aria", 15), ("Orc", 10))
    aria = rules.summary(enc, TABLE, SETTINGS, {"Aria": 6.0})["combatants"][0]
    assert aria["remaining"] == {"standard": 1, "move": 2, "full_round": True, "swift": True,
                                 "immediate": True, "step": True, "metres": 12}
    assert aria["refusals"] == {}


def test_every_action_type_is_known():
    assert set(rules.ACTIONS) == {"standard", "move", "full-round", "free", "swift",
                                  "immediate", "step"}


def test_table_holds_the_rule_numbers():
    # RULES.md 3: a round is 6 seconds, the 5-foot step 1.5 m, one standard + one move, one swift
    assert (TABLE["round_seconds"], TABLE["step_m"]) == (6, 1.5)
    assert TABLE["turn"] == {"standard": 1, "move": 1}
    assert TABLE["restricted"] == {"main_actions": 1}


# -- delay and ready (optional rules) --------------------------------------------------------


def test_delay_then_act_later_in_the_round_at_that_count():
    enc = fight(("Aria", 15), ("Orc", 10), ("Borin", 5))
    events = turns.delay(enc, "Aria")
    assert events[0] == {"event": "delayed", "name": "Aria"}
    assert enc["turn"] == "Orc" and turns.find(enc, "Aria")["flat_footed"]  # not acted yet
    refused(enc, "Aria", "standard", "is delaying")
    nxt(enc)  # Borin's turn begins; Aria steps in before him
    turns.resume(enc, "Aria")
    assert enc["turn"] == "Aria" and enc["order"] == ["Orc", "Aria", "Borin"]
    aria = turns.find(enc, "Aria")
    assert aria["initiative"] == 5 and not aria["flat_footed"]
    take(enc, "Aria", "standard")
    nxt(enc)
    assert enc["turn"] == "Borin" and turns.find(enc, "Borin")["turns"] == 1
    nxt(enc)
    assert (enc["round"], enc["turn"]) == (2, "Orc")  # the new order holds
    turns.settle_order(enc, no_roll)
    assert enc["order"] == ["Orc", "Aria", "Borin"]  # and survives being settled again


def test_delay_only_before_acting_and_resume_only_before_the_next_acts():
    enc = fight(("Aria", 15), ("Orc", 10), ("Borin", 5))
    take(enc, "Aria", "free")
    with pytest.raises(turns.Invalid, match="already acted"):
        turns.delay(enc, "Aria")
    nxt(enc)
    turns.delay(enc, "Orc")
    take(enc, "Borin", "standard")
    with pytest.raises(turns.Invalid, match="once it is over"):
        turns.resume(enc, "Orc")
    with pytest.raises(turns.Invalid, match="is not delaying"):
        turns.resume(enc, "Aria")


def test_a_turn_delayed_past_the_round_is_lost():
    enc = fight(("Aria", 15), ("Orc", 10))
    nxt(enc)
    events = turns.delay(enc, "Orc")  # the last one: the round ends
    assert {"event": "delay_lost", "name": "Orc"} in events
    assert (enc["round"], enc["turn"]) == (2, "Aria")
    assert "delaying" not in turns.find(enc, "Orc")


def test_ready_then_trigger_before_the_next_turn():
    enc = fight(("Aria", 15), ("Orc", 10), ("Borin", 5))
    rules.ready_action(enc, TABLE, SETTINGS, "Aria", "standard", "the orc charges",
                       speed_m=SPEED)
    assert turns.find(enc, "Aria")["budget"]["standard"] == 1  # readying is her standard action
    take(enc, "Aria", "move")
    nxt(enc), nxt(enc)  # Borin's turn: the trigger comes
    events = turns.trigger(enc, "Aria")
    assert events[0]["event"] == "triggered" and events[0]["trigger"] == "the orc charges"
    assert enc["order"] == ["Orc", "Aria", "Borin"] and enc["turn"] == "Borin"
    with pytest.raises(turns.Invalid, match="no readied action"):
        turns.trigger(enc, "Aria")


def test_a_readied_action_not_triggered_expires_at_the_next_turn():
    enc = fight(("Aria", 15), ("Orc", 10))
    rules.ready_action(enc, TABLE, SETTINGS, "Aria", "move", "the door opens", speed_m=SPEED)
    nxt(enc)
    events = nxt(enc)
    assert any(e["event"] == "ready_expired" and e["name"] == "Aria" for e in events)
    assert "readied" not in turns.find(enc, "Aria")


def test_ready_needs_the_standard_action_and_a_trigger():
    enc = fight(("Aria", 15), ("Orc", 10))
    with pytest.raises(turns.Invalid, match="needs its trigger"):
        rules.ready_action(enc, TABLE, SETTINGS, "Aria", "standard", " ", speed_m=SPEED)
    with pytest.raises(turns.Invalid, match="not 'full-round'"):
        rules.ready_action(enc, TABLE, SETTINGS, "Aria", "full-round", "x", speed_m=SPEED)
    take(enc, "Aria", "standard")
    with pytest.raises(rules.Forbidden, match="already taken a standard action"):
        rules.ready_action(enc, TABLE, SETTINGS, "Aria", "standard", "x", speed_m=SPEED)
    with pytest.raises(turns.Invalid, match="own turn"):
        rules.ready_action(enc, TABLE, SETTINGS, "Aria", "move", "x", speed_m=SPEED,
                           override="gm")
        turns.trigger(enc, "Aria")


@given(st.integers(1, 6), st.integers(0, 40))
@hsettings(max_examples=60, deadline=None)
def test_every_combatant_acts_once_a_round_in_order(n, k):
    enc = fight(*[(f"c{i}", 20 - i) for i in range(n)])
    rounds = 1
    for _ in range(k):
        rounds += sum(e["event"] == "round_started" for e in nxt(enc))
    assert enc["round"] == rounds == 1 + k // n
    assert enc["turn"] == f"c{k % n}"
    assert all(c["turns"] == (k // n) + (1 if i <= k % n else 0)
               for i, c in enumerate(enc["combatants"]))


def test_summary_after_the_step_keeps_move_actions_but_no_movement():
    enc = fight(("Aria", 15), ("Orc", 10))
    take(enc, "Aria", "step")
    aria = rules.summary(enc, TABLE, SETTINGS, {"Aria": 9.0})["combatants"][0]
    assert (aria["remaining"]["move"], aria["remaining"]["metres"]) == (2, 0)
    assert "metres=0" in why(enc, "Aria", "move")
    assert "metres=0" not in rules.move_refusal(enc, TABLE, "Aria", 3, speed_m=SPEED)
