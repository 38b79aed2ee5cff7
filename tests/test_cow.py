"""The operation's copy-on-write draft of the state (gm_console.committed.cow): what an operation
on one character of many costs, and what its commit gives back."""

from __future__ import annotations

import sys
from typing import Any, Callable

from gm_console.committed.cow import Draft


def calls(action: Callable[[], object]) -> int:
    """The function calls ``action`` makes (Python's and the built-ins'), as the profiler
    counts them."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1
    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return count


def party(size: int) -> dict[str, Any]:
    return {"clock": {"day": 1, "second": 0},
            "characters": [{"name": f"C{index}", "items": [{"name": "rope", "weight": 1}]}
                           for index in range(size)]}


def one_changed(state: dict[str, Any]) -> Callable[[], tuple[dict[str, Any], set[str]]]:
    """An operation's course on the third character: the party reached, asked whether
    anything changed yet (as a kept value is), the character changed, the draft committed."""
    def run() -> tuple[dict[str, Any], set[str]]:
        draft = Draft(state)
        characters = draft["characters"]
        draft.unchanged()
        characters[2]["items"].append({"name": "lamp", "weight": 2})
        return draft.commit()
    return run


def test_an_operation_on_one_character_costs_the_same_in_a_party_of_fifty_or_of_five():
    assert calls(one_changed(party(50))) == calls(one_changed(party(5)))


def test_the_commit_shares_what_the_operation_did_not_change():
    state = party(50)
    new, changed = one_changed(state)()
    assert changed == {"characters"}
    characters = new["characters"]
    assert [c is old for c, old in zip(characters, state["characters"])] == \
        [index != 2 for index in range(50)]
    assert characters[2]["items"][0] is state["characters"][2]["items"][0]  # left as it was
    assert characters[2]["items"][1] == {"name": "lamp", "weight": 2}
    assert len(state["characters"][2]["items"]) == 1  # the committed state never changes
    draft = Draft(state)
    draft["characters"][4]["name"] = "C4"  # reached, left equal: the base's own again
    assert draft.unchanged()
    again, changed = draft.commit()
    assert changed == set() and again["characters"][4] is state["characters"][4]


def test_a_fight_committed_after_one_combatants_action_costs_the_same_whatever_its_size():
    def fight(size: int) -> Callable[[], object]:
        state = {"plugins": {"combat": {"combatants": [
            {"name": f"C{index}", "budget": {"free": 0}} for index in range(size)]}}}

        def run() -> object:
            draft = Draft(state)
            draft["plugins"]["combat"]["combatants"][1]["budget"]["free"] += 1
            return draft.commit()
        return run
    # for each combatant: its copy (two tables: six calls) and one comparison, and one
    # call of slack (a clean clone's CI counted 179 for 25, against 175 here)
    assert calls(fight(30)) - calls(fight(5)) <= 25 * 8

