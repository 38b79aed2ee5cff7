"""The movement plugin through the host and the store: derived jump figures in ``show``, the
operations (price, move, spend in combat, check results), the current terrain, session settings.
"""

from __future__ import annotations

import pytest

from gm_console.headless import show
from gm_console.text.i18n import Translator

HUMAN = {"race": "human", "strength": 10, "dexterity": 10, "height_m": 1.8, "speed_m": 9}


@pytest.fixture(autouse=True)
def movement_loaded(host):
    record = host.plugins.get("movement")
    assert record is not None and record.status == "loaded", record


def party(make_store, *characters, **tables):
    return make_store([{**HUMAN, **c} for c in characters], **tables)


def op(store, name, **params):
    outcome = store.apply(name, params)
    assert outcome.ok, outcome.reason
    return outcome


def refused(store, name, **params) -> str:
    outcome = store.apply(name, params)
    assert not outcome.ok, outcome.message
    return outcome.reason


def jump_of(store, name):
    return next(c["derived"]["jump"] for c in show(store)["characters"] if c["name"] == name)


# -- derived values ----------------------------------------------------------------------------


def test_show_json_has_the_jump_figures_with_exactly_the_documented_keys(store):
    aria, bram = jump_of(store, "Aria"), jump_of(store, "Bram")
    assert set(aria) == {"long_running_m", "long_standing_m", "high_running_m",
                         "high_standing_m", "reach_m", "obstacle_max_m", "steps"}
    # Aria: Strength 17, height 1.75 (the sheet's default); Bram: 18/50 counts as 18.
    assert (aria["long_running_m"], aria["long_standing_m"], aria["high_running_m"],
            aria["high_standing_m"], aria["reach_m"], aria["obstacle_max_m"]) == pytest.approx(
        (5.1, 2.55, 1.9, 0.95, 4.525, 1.275))
    assert (bram["long_running_m"], bram["high_running_m"], bram["reach_m"]) == pytest.approx(
        (5.4, 2.2, 4.825))
    assert bram["steps"][0] == "Strength 18/50 counts as 18, modifier +4"


def test_an_unreadable_strength_is_reported_and_the_plugin_stays_on(make_store, host):
    store = party(make_store, {"name": "Odd"})
    store.state["characters"][0]["strength"] = "lots"
    assert "'lots'" in jump_of(store, "Odd")["error"]
    assert host.plugins["movement"].status == "loaded"
    assert "lots" in refused(store, "movement.price", character="Odd", segments="walk:1")


def test_session_setting_overrides_the_config(make_store):
    store = party(make_store, {"name": "Aria", "strength": "18/20"},
                  plugins={"movement": {"settings": {"exceptional_strength_score": 20,
                                                     "crawl_cost_normal": 4}}})
    assert jump_of(store, "Aria")["long_running_m"] == pytest.approx(6.0)
    assert op(store, "movement.price", character="Aria",
              segments="crawl:1").data["cost_m"] == 4


def test_a_bad_session_setting_is_named_not_fatal(make_store, host):
    store = party(make_store, {"name": "Aria"},
                  plugins={"movement": {"settings": {"reach_from": "flying"}}})
    assert "reach_from" in jump_of(store, "Aria")["error"]
    assert "reach_from of movement must be one of running, standing" in refused(
        store, "movement.price", character="Aria", segments="walk:1")
    assert host.plugins["movement"].status == "loaded"


@pytest.mark.parametrize("key, value, message", [
    ("reach_from", "flying", "must be one of running, standing"),
    ("obstacle_check", "never", "must be one of taller_than_quarter, up_to_quarter"),
    ("run_up_kinds", "walk,fly", "must be a list of segment kinds"),
])
def test_settings_set_refuses_a_value_the_rules_do_not_know(make_store, key, value, message):
    store = party(make_store, {"name": "Aria"})
    assert message in refused(store, "settings.set", plugin="movement", key=key, value=value)


def test_settings_set_changes_the_campaign_rule(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "settings.set", plugin="movement", key="jump_cost_difficult", value="2")
    assert op(store, "movement.price", character="Aria",
              segments="long_jump:1:difficult").data["cost_m"] == 2


def test_a_session_file_with_a_bad_setting_is_reported_with_its_place(host, tmp_path):
    from gm_console.files import codec

    path = tmp_path / "s.toml"
    path.write_text('format_version = 1\n[session]\nname = "t"\n'
                    '[plugins.movement.settings]\nreach_from = "flying"\n', encoding="utf-8")
    with pytest.raises(codec.SessionFileError, match="reach_from of movement must be one of"):
        codec.read(path, host)


# -- movement.price ------------------------------------------------------------------------------


def test_price_the_issue_example_and_change_nothing(make_store):
    store = party(make_store, {"name": "Aria"})
    before = len(store.state["journal"])
    outcome = op(store, "movement.price", character="aria", segments="climb:3")
    assert (outcome.data["speed_m"], outcome.data["cost_m"], outcome.data["left_m"],
            outcome.data["over_m"]) == (9, 6, 3, 0)
    assert outcome.message == "Aria: climb:3 costs 6 m of 9 m, 3 m left"
    assert len(store.state["journal"]) == before  # a question, not an event


def test_price_a_path_too_far_with_a_climbing_speed(make_store):
    store = party(make_store, {"name": "Gecko", "climb_speed_m": 6})
    data = op(store, "movement.price", character="Gecko",
              segments="climb:3,walk:2:difficult,swim:2").data
    assert [s["cost_m"] for s in data["segments"]] == [3, 4, 4]
    assert (data["cost_m"], data["left_m"], data["over_m"], data["fits"]) == (11, 0, 2, False)


@pytest.mark.parametrize("segments, message", [
    ("climb:3,fly:2", "segment 2 'fly:2': unknown kind 'fly'"),
    ("climb:three", "segment 1 'climb:three'"),
    ("", "no segments given"),
])
def test_price_refuses_bad_segments_naming_them(make_store, segments, message):
    store = party(make_store, {"name": "Aria"})
    assert message in refused(store, "movement.price", character="Aria", segments=segments)


def test_price_refuses_an_unknown_character(make_store):
    store = party(make_store, {"name": "Aria"})
    assert "no character named 'Zed'" in refused(store, "movement.price", character="Zed",
                                                 segments="walk:1")


def test_speed_comes_from_the_speed_pipeline(make_store):
    store = party(make_store, {"name": "Tired", "exhaustion": 2})  # speed halved: 4.5 m
    data = op(store, "movement.price", character="Tired", segments="climb:3").data
    assert (data["speed_m"], data["over_m"]) == (4.5, 1.5)


def test_segments_take_the_current_terrain(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "travel.terrain", terrain="dense_forest")
    data = op(store, "movement.price", character="Aria", segments="walk:2,walk:2:normal").data
    assert data["terrain"] == {"key": "dense_forest", "label": "dense forest", "difficult": True}
    assert [(s["difficult"], s["terrain_from"], s["cost_m"]) for s in data["segments"]] == [
        (True, "terrain", 4), (False, "segment", 2)]


# -- movement.move and the checks ----------------------------------------------------------------


def test_move_logs_and_offers_one_roll_per_check(make_store):
    store = party(make_store, {"name": "Bram", "strength": "18/50", "dexterity": 8})
    outcome = op(store, "movement.move", character="Bram",
                 segments="climb:1:slippery,walk:3,long_jump:2:difficult")
    # the path in words, not as it is typed ("climb:1:slippery,walk:3,...")
    assert outcome.message == ("Bram moves 1 m climbing (slippery), 3 m on foot, a 2 m long jump "
                               "(difficult ground): 7 m of 9 m, 2 m left; checks offered: climb "
                               "a slippery or hold-poor surface, land on their feet in difficult "
                               "terrain")
    assert store.state["journal"][-1]["text"] == outcome.message
    french = Translator("fr", store.host).line(store.state["journal"][-1])
    assert french.startswith("Bram se déplace 1 m en escalade (glissant), 3 m à pied, un saut "
                             "en longueur de 2 m (terrain difficile) : 7 m sur 9 m"), french
    pending = store.state["rolls"]["pending"]
    assert [(r["title"], r["rolls"]) for r in pending] == [
        ("Strength (Athletics): climb a slippery or hold-poor surface",
         [{"who": "Bram", "expression": "1d20+4", "dc": 15}]),
        ("Dexterity (Acrobatics): land on their feet in difficult terrain",
         [{"who": "Bram", "expression": "1d20-1", "dc": 10}]),
    ]
    assert all(r["then"] == "movement.check_result" for r in pending)


def test_failed_landing_leaves_the_character_prone_and_undo_takes_it_back(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "movement.move", character="Aria", segments="walk:3,long_jump:2:difficult")
    op(store, "roll.resolve", results="Aria=9")  # DC 10
    assert store.state["characters"][0]["conditions"] == [
        {"name": "prone", "source": "failed check: land on their feet in difficult terrain"}]
    assert store.state["journal"][-1]["text"] == (
        "Aria fails (land on their feet in difficult terrain): falls prone")
    store.undo()
    assert "conditions" not in store.state["characters"][0]


def test_successful_landing_and_failed_athletics_leave_no_condition(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "movement.move", character="Aria",
       segments="climb:1:slippery,walk:3,long_jump:2:difficult")
    op(store, "roll.resolve", results="Aria=3")   # the climb: failed
    op(store, "roll.resolve", results="Aria=10")  # the landing: made
    assert store.state["characters"][0].get("conditions", []) == []
    texts = [line["text"] for line in store.state["journal"]]
    assert "Aria fails (climb a slippery or hold-poor surface): makes no headway" in texts
    assert "Aria succeeds: land on their feet in difficult terrain" in texts


def test_prone_is_not_added_twice(make_store):
    store = party(make_store, {"name": "Aria", "dexterity": 3})
    for _ in range(2):
        op(store, "movement.move", character="Aria", segments="long_jump:1:difficult")
        op(store, "roll.resolve", results="Aria=1")
    assert [c["name"] for c in store.state["characters"][0]["conditions"]] == ["prone"]


@pytest.mark.parametrize("segments, message", [
    ("climb:5", "costs 10 m of 9 m, 1 m too far for one round"),
    ("walk:3,long_jump:3.5", "segment 2: a long jump of 3.5 m is beyond the 3 m of a running"),
])
def test_move_refuses_what_the_rules_do_not_allow(make_store, segments, message):
    store = party(make_store, {"name": "Aria"})
    assert message in refused(store, "movement.move", character="Aria", segments=segments)
    assert not store.state.get("rolls", {}).get("pending")


def test_move_forced_by_the_game_master_says_why_in_the_journal(make_store):
    store = party(make_store, {"name": "Aria"})
    reason = refused(store, "movement.move", character="Aria", segments="long_jump:2")
    assert reason.endswith("(the game master can force it with override=<reason>)")
    outcome = op(store, "movement.move", character="Aria", segments="long_jump:2",
                 override="boots of striding")
    assert outcome.message == ("Aria moves a 2 m long jump: 2 m of 9 m, 7 m left "
                               "(override: boots of striding)")
    assert [(line["kind"], line["text"]) for line in store.state["journal"][-2:]] == [
        ("movement", outcome.message),
        ("override", "override by the game master (boots of striding): segment 1: a long jump "
                     "of 2 m is beyond the 1.5 m of a standing long jump")]


def test_check_result_refuses_a_request_it_did_not_make(make_store):
    store = party(make_store, {"name": "Aria"})
    assert "has no 'character'" in refused(store, "movement.check_result", request={},
                                           outcomes=[])


# -- movement.spend (combat) ---------------------------------------------------------------------


def _fight(store):
    op(store, "combat.start")
    op(store, "combat.initiative", combatant="Aria", value=12)  # the last one known: round 1


def test_spend_without_a_fight_says_why(make_store):
    store = party(make_store, {"name": "Aria"})
    reason = refused(store, "movement.spend", character="Aria", segments="climb:3")
    assert reason.startswith("the combat tracker refused 6 m for Aria: ")
    assert "combat.start" in reason


def test_spend_a_climb_of_3_at_9_leaves_3_in_the_tracker(make_store):
    store = party(make_store, {"name": "Aria"})
    _fight(store)
    outcome = op(store, "movement.spend", character="Aria", segments="climb:3")
    assert outcome.data["combat"]["metres_left"] == 3
    assert outcome.message == ("Aria spends 6 m of movement (speed 9 m) on 3 m climbing, 3 m left of "
                               "the move actions taken")
    kinds = [line["kind"] for line in store.state["journal"][-2:]]
    assert kinds == ["movement", "combat"]  # our line, then the tracker's own


def test_spend_offers_the_checks_too(make_store):
    store = party(make_store, {"name": "Aria"})
    _fight(store)
    op(store, "movement.spend", character="Aria", segments="swim:1:rough")
    assert [r["title"] for r in store.state["rolls"]["pending"]] == [
        "Strength (Athletics): swim in rough water"]


def test_spend_refused_by_the_tracker_changes_nothing(make_store):
    store = party(make_store, {"name": "Aria"})
    _fight(store)
    op(store, "movement.spend", character="Aria", segments="walk:9,walk:9")  # two moves: 18 m
    before = store.state
    reason = refused(store, "movement.spend", character="Aria", segments="swim:1:rough")
    assert reason.startswith("the combat tracker refused 2 m for Aria")
    assert store.state is before


def test_spend_refuses_a_jump_beyond_the_figures_before_the_tracker(make_store):
    store = party(make_store, {"name": "Aria"})
    _fight(store)
    reason = refused(store, "movement.spend", character="Aria", segments="walk:3,long_jump:4")
    assert reason.startswith("segment 2: a long jump of 4 m is beyond the 3 m of a running")


def test_spend_without_the_combat_plugin(make_store, host):
    store = party(make_store, {"name": "Aria"})
    host.fail("combat", "switched off by the test")
    assert "no combat tracker" in refused(store, "movement.spend", character="Aria",
                                          segments="walk:1")


# -- the obstacle of a long jump, the seed's reading by default (RULES.md 1.7) -----------------


@pytest.mark.parametrize("obstacle", ["0.5", "0.75"])
def test_a_small_obstacle_asks_for_athletics_by_default(make_store, obstacle):
    # Strength 10: a 3 m running long jump; a small obstacle is up to 0.75 m.
    store = party(make_store, {"name": "Aria"})
    op(store, "movement.move", character="Aria", segments=f"walk:3,long_jump:3:obstacle={obstacle}")
    [request] = store.state["rolls"]["pending"]
    assert request["title"] == (f"Strength (Athletics): clear a {obstacle} m obstacle (up to "
                                "0.75 m)")
    assert request["rolls"] == [{"who": "Aria", "expression": "1d20", "dc": 10}]


def test_an_obstacle_taller_than_a_quarter_is_refused_unless_overridden(make_store):
    store = party(make_store, {"name": "Aria"})
    reason = refused(store, "movement.move", character="Aria",
                     segments="walk:3,long_jump:3:obstacle=1")
    assert "an obstacle of 1 m is taller than a quarter of the 3 m jump (0.75 m)" in reason
    op(store, "movement.move", character="Aria", segments="walk:3,long_jump:3:obstacle=1",
       override="a low branch to swing from")
    assert not store.state.get("rolls", {}).get("pending")
    assert "small obstacle, cleared with a Strength (Athletics) check: up to 0.25 × 3 = 0.75 m" \
        in " ".join(jump_of(store, "Aria")["steps"])


def test_checks_are_rolled_with_disadvantage_from_exhaustion_1(make_store):
    store = party(make_store, {"name": "Aria", "strength": 14})
    op(store, "character.set", character="Aria", field="exhaustion", value="1")
    outcome = op(store, "movement.move", character="Aria", segments="climb:1:slippery")
    assert outcome.data["checks"][0]["expression"] == "2d20kl1+2"
    assert outcome.data["checks"][0]["disadvantage"] == [
        "exhaustion 1 (disadvantage on ability checks)"]
    [request] = store.state["rolls"]["pending"]
    assert request["rolls"][0]["expression"] == "2d20kl1+2"
    assert request["title"].endswith(
        "(disadvantage: exhaustion 1 (disadvantage on ability checks))")


def test_a_condition_added_by_hand_reaches_the_checks_too(make_store):
    store = party(make_store, {"name": "Aria"})
    op(store, "condition.add", character="Aria", condition="poisoned")
    outcome = op(store, "movement.price", character="Aria", segments="swim:1:rough")
    assert outcome.data["checks"][0]["expression"] == "2d20kl1"
    op(store, "condition.remove", character="Aria", condition="poisoned")
    outcome = op(store, "movement.price", character="Aria", segments="swim:1:rough")
    assert outcome.data["checks"][0]["expression"] == "1d20"
