"""Which roll request a terminal is asked to answer (the dice prompt opens on it)."""

from __future__ import annotations

from types import SimpleNamespace

from gm_console.rules.rolls import waiting

PENDING = [
    {"id": 1, "rolls": [{"who": "Bram", "answer": None}, {"who": "Aria", "answer": 12}]},
    {"id": 2, "rolls": [{"who": "aria", "answer": None}]},
]


def _terminal(role: str | None, pending: list) -> SimpleNamespace:
    store = SimpleNamespace(state={"rolls": {"pending": pending}})
    if role is not None:  # a live client has a role; the owner's own Store has none
        store.role = role
    return store


def test_the_game_master_answers_the_oldest_request() -> None:
    assert waiting(_terminal(None, PENDING))["id"] == 1
    assert waiting(_terminal("gm", PENDING))["id"] == 1
    assert waiting(_terminal(None, [])) is None


def test_a_player_answers_the_oldest_with_their_own_roll_unanswered() -> None:
    # Aria answered request 1 already; request 2 names her in another case
    assert waiting(_terminal("player:Aria", PENDING))["id"] == 2
    assert waiting(_terminal("player:Bram", PENDING))["id"] == 1
    assert waiting(_terminal("player:Cole", PENDING)) is None


def test_a_spectator_answers_none() -> None:
    assert waiting(_terminal("spectator", PENDING)) is None
