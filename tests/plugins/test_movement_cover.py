"""movement.cover through the host and the store: the whole of a cliff or a river as one
operation, with its rounds, time and checks, undone whole; and what the one-round operations
now say of a path longer than a round."""

from __future__ import annotations

from test_movement_store import _fight, op, party, refused

from gm_console.text.i18n import Translator

CLIFF = "climb:10:slippery"


def seconds(store):
    return store.state["clock"]["day"] * 86400 + store.state["clock"]["second"]


def test_a_slippery_cliff_is_one_operation_with_its_rounds_time_and_checks(make_store):
    store = party(make_store, {"name": "Aria"})  # speed 9 m, Strength 10
    before = seconds(store)
    outcome = op(store, "movement.cover", character="Aria", segments=CLIFF)
    assert outcome.message == ("Aria covers 10 m climbing (slippery) in 3 rounds (18 s): 20 m of "
                               "movement at 9 m a round; 3 checks: 3 × Strength (Athletics) DC "
                               "15 (climb a slippery or hold-poor surface)")
    assert store.state["journal"][-1]["text"] == outcome.message
    assert seconds(store) == before + 18
    assert outcome.data["rounds"]["rounds"] == 3 and outcome.data["rounds"]["seconds"] == 18
    assert [(c["round"], c["dc"], c["expression"]) for c in outcome.data["checks"]] == [
        (1, 15, "1d20"), (2, 15, "1d20"), (3, 15, "1d20")]
    pending = store.state["rolls"]["pending"]
    assert [r["title"] for r in pending] == [
        f"Strength (Athletics): climb a slippery or hold-poor surface (round {n})"
        for n in (1, 2, 3)]
    assert [r["rolls"] for r in pending] == [[{"who": "Aria", "expression": "1d20",
                                               "dc": 15}]] * 3


def test_the_whole_way_reads_in_french(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "movement.cover", character="Aria", segments="swim:20:rough")
    assert Translator("fr", store.host).line(store.state["journal"][-1]) == (
        "Aria parcourt 20 m à la nage (eaux agitées) en 5 rounds (30 s) : 40 m de déplacement à "
        "9 m par round ; 5 tests : 5 × Force (Athlétisme) DD 15 (nager en eaux agitées)")


def test_one_undo_takes_the_whole_way_back(make_store):
    store = party(make_store, {"name": "Aria"})
    before = (seconds(store), store.state.get("rolls", {}).get("pending", []))
    op(store, "movement.cover", character="Aria", segments=CLIFF)
    assert store.undo().ok
    assert (seconds(store), store.state.get("rolls", {}).get("pending", [])) == before


def test_a_failed_round_says_which_round(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "movement.cover", character="Aria", segments=CLIFF)
    op(store, "roll.resolve", results="Aria=3")
    assert store.state["journal"][-1]["text"] == (
        "Aria fails (climb a slippery or hold-poor surface (round 1)): makes no headway")


def test_a_campaign_may_ask_once_per_stretch(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "settings.set", plugin="movement", key="checks_over_rounds", value="each_stretch")
    outcome = op(store, "movement.cover", character="Aria", segments=CLIFF)
    assert len(store.state["rolls"]["pending"]) == 1
    assert outcome.message.endswith("20 m of movement at 9 m a round; 1 check: 1 × Strength "
                                    "(Athletics) DC 15 (climb a slippery or hold-poor surface)")


def test_a_setting_it_does_not_know_is_refused(make_store):
    store = party(make_store, {"name": "Aria"})
    assert "must be one of each_round, each_stretch" in refused(
        store, "settings.set", plugin="movement", key="checks_over_rounds", value="never")


def test_cover_refuses_a_jump_beyond_the_figures_unless_forced(make_store):
    store = party(make_store, {"name": "Aria"})
    reason = refused(store, "movement.cover", character="Aria", segments="walk:3,long_jump:4")
    assert reason.startswith("segment 2: a long jump of 4 m is beyond the 3 m of a running")
    outcome = op(store, "movement.cover", character="Aria", segments="walk:3,long_jump:4",
                 override="a rope swing")
    assert outcome.message.endswith("(override: a rope swing)")


def test_cover_is_refused_in_a_fight_whose_rounds_the_tracker_keeps(make_store):
    store = party(make_store, {"name": "Aria"})
    _fight(store)
    before = seconds(store)
    assert refused(store, "movement.cover", character="Aria", segments=CLIFF) == (
        "a fight is running: spend the movement round by round (movement.spend)")
    assert seconds(store) == before


def test_cover_without_speed_says_why(make_store):
    store = party(make_store, {"name": "Aria", "exhaustion": 5})  # speed 0 (RULES.md 1.3)
    assert refused(store, "movement.cover", character="Aria", segments="walk:1") == (
        "a speed of 0 m covers nothing, however many rounds")


def test_one_round_too_far_names_the_rounds_the_whole_way_takes(make_store):
    store = party(make_store, {"name": "Aria"})
    assert refused(store, "movement.move", character="Aria", segments=CLIFF).startswith(
        "Aria: climb:10:slippery costs 20 m of 9 m, 11 m too far for one round; shorten it, or "
        "cover it in 3 rounds (18 s) (movement.cover)")
    priced = op(store, "movement.price", character="Aria", segments=CLIFF)
    assert priced.message.endswith("; the whole way: 3 rounds (18 s): 20 m of movement at 9 m a "
                                   "round; 3 checks: 3 × Strength (Athletics) DC 15 (climb a "
                                   "slippery or hold-poor surface) (movement.cover)")
    assert priced.data["rounds"]["rounds"] == 3
    assert not store.state.get("rolls", {}).get("pending")
