"""The combat table from a hand-edited file: wrong types and absurd numbers are refused on load
with where they are; what is left for the rules costs the same whatever the numbers."""

from __future__ import annotations

import copy
import math

import pytest

from gm_console_plugins.combat import rules, turns
from gm_console_plugins.combat.section import validate


def running() -> dict:
    enc = turns.new_encounter([{"name": "Aria", "dexterity": 14}], [])
    turns.add_combatant(enc, "Orc", 1, 9, value=3)
    turns.set_initiative(enc, "Aria", 12)
    turns.place(enc, lambda: 10)
    return enc


def problems_after(change) -> list:
    enc = copy.deepcopy(running())
    change(enc)
    return validate(enc)


def budget(e: dict) -> dict:
    return e["combatants"][0]["budget"]


@pytest.mark.parametrize("change, where", [
    (lambda e: e.update(order=5), ("order",)),
    (lambda e: e.update(combatants={"a": 1}), ("combatants",)),
    (lambda e: e.update(round=-5), ("round",)),
    (lambda e: budget(e).update(standard=-100_000_000), ("combatants", 0, "budget", "standard")),
    (lambda e: budget(e).update(move=10 ** 13), ("combatants", 0, "budget", "move")),
    (lambda e: budget(e).update(free=-1), ("combatants", 0, "budget", "free")),
    (lambda e: budget(e).update(metres_allowed=math.nan),
     ("combatants", 0, "budget", "metres_allowed")),
    (lambda e: budget(e).update(metres_spent=math.inf),
     ("combatants", 0, "budget", "metres_spent")),
    (lambda e: e["combatants"][0].update(modifier=10 ** 15), ("combatants", 0, "modifier")),
    (lambda e: e["combatants"][0].update(initiative=-(10 ** 15)),
     ("combatants", 0, "initiative")),
    (lambda e: e["combatants"][1].update(speed_m=-3), ("combatants", 1, "speed_m")),
    (lambda e: e["combatants"][0].update(rolloff=["x"]), ("combatants", 0, "rolloff")),
    (lambda e: e["combatants"][0].update(turns=-2), ("combatants", 0, "turns")),
])
def test_wrong_types_and_absurd_numbers_are_refused_with_where(change, where):
    problems = problems_after(change)
    assert any(path == where for path, _ in problems), problems


def test_what_is_left_is_counted_at_once_whatever_the_budget(monkeypatch):
    """A file the checks would refuse, read by the rules anyway: the count of move actions left
    must not be a loop of one step per action (a budget of -100000000 took 89 s)."""
    enc = running()
    aria = next(c for c in enc["combatants"] if c["name"] == enc["turn"])
    aria["budget"]["standard"] = -100_000
    table = {"turn": {"standard": 1, "move": 1}, "restricted": {"main_actions": 1}}
    calls = []
    original = rules._move_refusal
    monkeypatch.setattr(rules, "_move_refusal",
                        lambda *a, **k: (calls.append(1), original(*a, **k))[1])
    now = rules._now(enc, table, {}, aria, 9.0)
    assert now["remaining"]["move"] == 1 + 1 + 100_000  # as the rules count it
    assert len(calls) < 10
