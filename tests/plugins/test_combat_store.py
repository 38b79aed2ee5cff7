"""The combat plugin through the store, as ``gm-console op`` drives it: whole fights scripted as
sequences of operations, each accepted or refused; the clock, the journal, the speed pipeline,
the roll request for initiative, ``show --json`` and undo."""

from __future__ import annotations

from typing import Any

import pytest
from applying import no, ok

from gm_console import hookimpl
from gm_console.headless import show
from gm_console_plugins.combat import rules


def combat(store) -> dict[str, Any]:
    return show(store)["combat"]


def entry(store, name: str) -> dict[str, Any]:
    return next(c for c in combat(store)["combatants"] if c["name"] == name)


def seconds(store) -> int:
    clock = store.state["clock"]
    return (clock["day"] - 1) * 86400 + clock["second"]


@pytest.fixture
def fight(store):
    """Aria 18, Goblin 12, Bram 8: round 1 begun with the last initiative, Aria's turn."""
    ok(store, "combat.start")
    ok(store, "combat.add", name="Goblin", initiative=1, speed_m=9)
    ok(store, "combat.initiative", combatant="Aria", value=18)
    ok(store, "combat.initiative", combatant="Goblin", value=12)
    assert combat(store)["round"] == 0  # Bram has no initiative yet
    outcome = ok(store, "combat.initiative", combatant="Bram", value=8)
    assert "round 1 begins" in outcome.message and "Aria's turn" in outcome.message
    return store


def test_a_scripted_fight(fight):
    store = fight
    start = seconds(store) - 6  # round 1 took its 6 seconds when it began
    assert (combat(store)["round"], combat(store)["turn"]) == (1, "Aria")
    ok(store, "actions.take", combatant="Aria", action="standard")
    ok(store, "actions.take", combatant="Aria", action="move", metres=3)
    no(store, "actions.take", "already taken a standard action", combatant="Aria",
       action="standard")
    no(store, "actions.take", "moved 3 m", combatant="Aria", action="step")
    no(store, "actions.take", "It is Aria's turn, not Goblin's", combatant="Goblin",
       action="standard")
    ok(store, "combat.next")
    ok(store, "actions.take", action="full-round")  # whose turn it is: the Goblin
    ok(store, "actions.take", action="step")
    no(store, "actions.move", "5-foot step this round: no other movement", metres=1)
    ok(store, "combat.next")
    ok(store, "actions.take", combatant="Bram", action="move")
    ok(store, "actions.take", combatant="Bram", action="move")
    ok(store, "combat.next")
    assert (combat(store)["round"], combat(store)["turn"]) == (2, "Aria")
    for _ in range(3 * 3):  # three more rounds
        ok(store, "combat.next")
    assert combat(store)["round"] == 5
    assert seconds(store) - start == 5 * 6
    ok(store, "combat.end")
    assert combat(store) == {"active": False}
    assert seconds(store) - start == 30  # ending takes no time


def test_clock_after_n_rounds_with_a_surprise_round(store):
    before = seconds(store)
    ok(store, "combat.start", surprise="Aria")
    ok(store, "combat.initiative", combatant="Aria", value=5)
    ok(store, "combat.initiative", combatant="Bram", value=9)  # the surprise round begins
    assert combat(store)["surprise"] and combat(store)["turn"] == "Aria"  # only Aria acts
    ok(store, "combat.next")  # round 2: Bram first
    assert (combat(store)["round"], combat(store)["surprise"], combat(store)["turn"]) == \
        (2, False, "Bram")
    assert seconds(store) - before == 12


def test_surprise_round_not_counted_when_set_so(make_store):
    store = make_store([{"name": "Aria"}],
                       plugins={"combat": {"settings": {"surprise_round_takes_time": False}}})
    before = seconds(store)
    ok(store, "combat.start", surprise="Aria")
    ok(store, "combat.initiative", combatant="Aria", value=5)  # the surprise round begins
    assert seconds(store) == before
    ok(store, "combat.next")
    assert seconds(store) - before == 6


def test_surprise_round_restricts_and_skips_the_unaware(store):
    ok(store, "combat.start", surprise="Aria,Goblin")
    ok(store, "combat.add", name="Goblin", initiative=2, speed_m=6, value=15)
    ok(store, "combat.initiative", combatant="Aria", value=12)
    ok(store, "combat.initiative", combatant="Bram", value=20)
    assert combat(store)["turn"] == "Goblin"  # Bram, unaware, has no turn in the surprise round
    ok(store, "actions.take", combatant="Goblin", action="standard")
    no(store, "actions.take", "restricted (surprise round)", combatant="Goblin", action="move")
    no(store, "actions.take", "flat-footed", combatant="Bram", action="immediate")
    ok(store, "combat.next")
    assert combat(store)["turn"] == "Aria"
    no(store, "actions.take", "no full-round action", combatant="Aria", action="full-round")
    ok(store, "actions.take", combatant="Aria", action="move", metres=2)
    ok(store, "combat.next")
    assert (combat(store)["round"], combat(store)["turn"]) == (2, "Bram")


def test_immediate_borrowed_across_a_turn_boundary(fight):
    store = fight
    ok(store, "combat.next")  # Goblin's turn
    ok(store, "actions.take", combatant="Aria", action="immediate")
    assert entry(store, "Aria")["borrowed_round"] == 1
    no(store, "actions.take", "no further swift or immediate", combatant="Aria",
       action="immediate")
    ok(store, "combat.next")
    ok(store, "combat.next")  # round 2, Aria: her swift is spent already
    no(store, "actions.take", "used up by the immediate action", combatant="Aria",
       action="swift")
    assert entry(store, "Aria")["remaining"]["swift"] is False
    ok(store, "combat.next")  # her turn is over
    ok(store, "actions.take", combatant="Aria", action="immediate")


def test_full_round_over_two_restricted_rounds(fight):
    store = fight
    ok(store, "combat.restrict", combatant="Aria", on=True, condition="staggered")
    no(store, "actions.take", "restricted (staggered)", combatant="Aria", action="full-round")
    outcome = ok(store, "actions.take", combatant="Aria", action="standard",
                 full_round="charge")
    assert "starting the full-round action 'charge'" in outcome.message
    no(store, "actions.take", "only one standard or one move", combatant="Aria", action="move")
    for _ in range(3):
        ok(store, "combat.next")
    outcome = ok(store, "actions.take", combatant="Aria", action="standard", full_round="charge")
    assert "completing the full-round action 'charge'" in outcome.message
    ok(store, "combat.restrict", combatant="Aria", on=False)
    assert entry(store, "Aria")["restricted"] == ""


def test_an_unfinished_full_round_action_is_lost_in_the_journal(fight):
    store = fight
    ok(store, "combat.restrict", combatant="Aria", condition="staggered")
    ok(store, "actions.take", combatant="Aria", action="standard", full_round="charge")
    for _ in range(3):
        ok(store, "combat.next")
    outcome = ok(store, "combat.next")  # Aria's round-2 turn ends without completing it
    assert any("'charge'" in line["text"] and "lost" in line["text"] for line in outcome.journal)


def test_override_goes_into_the_journal(fight):
    store = fight
    ok(store, "actions.take", combatant="Aria", action="standard")
    refused = no(store, "actions.take", "override=<reason>", combatant="Aria", action="standard")
    assert "already taken a standard action" in refused.reason
    outcome = ok(store, "actions.take", combatant="Aria", action="standard",
                 override="haste spell")
    assert "(override: haste spell)" in outcome.message
    line = next(line for line in outcome.journal if line["kind"] == "override")
    assert "haste spell" in line["text"] and "already taken a standard action" in line["text"]
    assert line["who"] == ["Aria"]


def test_move_actions_spend_the_speed_of_the_pipeline(fight):
    store = fight
    aria = next(c for c in store.state["characters"] if c["name"] == "Aria")
    speed = store.session.speed(aria).m
    assert entry(store, "Aria")["speed_m"] == speed
    ok(store, "actions.take", combatant="Aria", action="move", metres=speed)
    no(store, "actions.take", "more than Aria can move", combatant="Aria", action="move",
       metres=speed + 0.5)
    ok(store, "combat.next")
    ok(store, "actions.move", combatant="Goblin", metres=12)  # two move actions of 9 m
    assert entry(store, "Goblin")["spent"]["move"] == 2
    no(store, "actions.move", "needs 1 more move action", combatant="Goblin", metres=7)


def test_speed_follows_the_character_live(fight):
    store = fight
    before = entry(store, "Aria")["speed_m"]
    ok(store, "character.set", character="Aria", field="exhaustion", value="2")
    assert entry(store, "Aria")["speed_m"] == pytest.approx(before / 2, abs=0.75)
    ok(store, "character.set", character="Aria", field="exhaustion", value="5")
    assert entry(store, "Aria")["speed_m"] == 0
    no(store, "actions.take", "speed is 0 m", combatant="Aria", action="step")


def test_roll_for_all_through_the_dice_prompt(store):
    ok(store, "combat.start")
    ok(store, "combat.add", name="Goblin", initiative=2, speed_m=9)
    ok(store, "combat.initiative", combatant="Bram", value=11)
    ok(store, "combat.roll_initiative")  # only those without one
    request = store.state["rolls"]["pending"][0]
    assert request["then"] == "combat.initiative_rolled"
    assert {r["who"]: r["expression"] for r in request["rolls"]} == \
        {"Aria": "1d20+3", "Goblin": "1d20+2"}
    ok(store, "roll.resolve", results="Aria=17,Goblin=4")
    assert (entry(store, "Aria")["initiative"], entry(store, "Goblin")["initiative"]) == (17, 4)
    assert combat(store)["order"] == ["Aria", "Bram", "Goblin"]
    assert (combat(store)["round"], combat(store)["turn"]) == (1, "Aria")
    no(store, "combat.roll_initiative", "every combatant has an initiative")


def test_ties_settled_by_modifier_then_a_seeded_roll_off(store):
    ok(store, "combat.start")
    ok(store, "combat.add", name="Orc", initiative=3, speed_m=9, value=15)
    ok(store, "combat.add", name="Wolf", initiative=2, speed_m=12, value=15)
    ok(store, "combat.add", name="Rat", initiative=2, speed_m=6, value=15)
    ok(store, "combat.initiative", combatant="Aria", value=15)  # Dexterity 16: +3
    ok(store, "combat.initiative", combatant="Bram", value=1)
    order = combat(store)["order"]
    assert order[-1] == "Bram"
    assert set(order[:2]) == {"Orc", "Aria"} and set(order[2:4]) == {"Wolf", "Rat"}
    tied = [c for c in store.state["plugins"]["combat"]["combatants"] if "rolloff" in c]
    assert {c["name"] for c in tied} >= {"Orc", "Aria", "Wolf", "Rat"}


def test_refusals_of_bad_input(store):
    no(store, "combat.next", "no fight is running")
    no(store, "actions.take", "no fight is running", combatant="Aria", action="standard")
    ok(store, "combat.start")
    no(store, "combat.start", "already running")
    no(store, "combat.next", "no initiative yet for Aria, Bram")
    no(store, "actions.take", "no initiative yet", combatant="Aria", action="standard")
    no(store, "actions.move", "no initiative yet", combatant="Aria", metres=3)
    no(store, "combat.add", "already a combatant", name="aria")
    no(store, "combat.add", "negative", name="Slime", speed_m=-3)
    no(store, "combat.initiative", "no combatant named 'Zed'", combatant="Zed", value=3)
    no(store, "combat.initiative", "a whole number was expected, not 'high'",
       combatant="Aria", value="high")
    no(store, "actions.take", "unknown action 'dance' (actions: standard, move, full-round",
       combatant="Aria", action="dance")
    ok(store, "combat.initiative", combatant="Aria", value=3)
    ok(store, "combat.initiative", combatant="Bram", value=2)
    no(store, "actions.take", "negative", combatant="Aria", action="move", metres=-2)
    no(store, "actions.take", "go with a move action", combatant="Aria", action="standard",
       metres=2)
    no(store, "actions.take", "started or completed", combatant="Aria", action="move",
       full_round="charge")


def test_surprise_names_a_missing_combatant(store):
    ok(store, "combat.start", surprise="Aria,Gobbo")
    ok(store, "combat.initiative", combatant="Aria", value=3)
    ok(store, "combat.initiative", combatant="Bram", value=2)
    assert combat(store)["round"] == 0
    no(store, "combat.next", "names Gobbo")
    ok(store, "combat.add", name="gobbo", initiative=1, speed_m=6, value=7)  # now it begins
    assert (combat(store)["round"], combat(store)["surprise"], combat(store)["turn"]) == \
        (1, True, "gobbo")


def test_undo_takes_back_a_mistaken_action(fight):
    store = fight
    ok(store, "actions.take", combatant="Aria", action="full-round")
    assert store.undo().ok
    ok(store, "actions.take", combatant="Aria", action="standard")


def test_remove_and_late_arrival(fight):
    store = fight
    ok(store, "combat.add", name="Wolf", initiative=2, speed_m=12)  # waits for its initiative
    assert combat(store)["order"] == ["Aria", "Goblin", "Bram"]
    ok(store, "combat.initiative", combatant="Wolf", value=10)
    assert combat(store)["order"] == ["Aria", "Goblin", "Wolf", "Bram"]
    ok(store, "combat.next")
    ok(store, "combat.remove", combatant="Goblin")
    assert combat(store)["turn"] == "Wolf"


def test_round_started_hook_and_clock(host, make_store):
    rounds: list[int] = []

    class Listener:
        @hookimpl
        def round_started(self, ctx, round):
            rounds.append(round)

    host.pm.register(Listener(), name="listener")
    store = make_store([{"name": "Aria"}])
    ok(store, "combat.start")
    ok(store, "combat.initiative", combatant="Aria", value=5)
    for _ in range(3):
        ok(store, "combat.next")
    assert rounds == [1, 2, 3, 4]


def test_operations_document_their_parameters(host):
    for name in ("combat.start", "combat.add", "combat.initiative", "combat.restrict",
                 "combat.next", "actions.take", "actions.move", "combat.end",
                 "combat.roll_initiative", "combat.remove"):
        described = host.operations[name].describe()
        assert described["plugin"] == "combat" and described["help"]
        assert all(p["help"] for p in described["params"]), name
    take = {p["name"]: p for p in host.operations["actions.take"].describe()["params"]}
    # the kinds come from the plugins when the action is taken (combat_action_kinds), so the
    # parameter names the seven of RULES.md 3.1 in its help rather than as fixed choices
    assert all(action in take["action"]["help"] for action in rules.ACTIONS)
    assert {"combatant", "metres", "full_round", "allows_step", "variant",
            "override"} <= set(take)


def test_show_json_has_the_combat_summary(fight):
    store = fight
    ok(store, "actions.take", combatant="Aria", action="move", metres=2)
    summary = combat(store)
    assert (summary["active"], summary["round"], summary["turn"]) == (True, 1, "Aria")
    aria = entry(store, "Aria")
    assert aria["remaining"]["standard"] == 1 and aria["remaining"]["move"] == 1
    assert aria["spent"]["metres_spent"] == 2


def test_the_session_table_survives_a_save(fight, host, tmp_path):
    from gm_console.files import codec

    store = fight
    ok(store, "actions.take", combatant="Aria", action="standard", override="test")
    path = tmp_path / "s.toml"
    path.write_text(codec.dumps(store.state), encoding="utf-8")
    again = codec.read(path, host)
    assert again["plugins"]["combat"] == store.state["plugins"]["combat"]


def test_a_fight_everyone_left_still_opens_and_goes_on(fight, host, tmp_path):
    # Removing every combatant leaves round 1 with nobody's turn; the file saved then must open
    # again (it was refused: "it is ''s turn, who is not a combatant"), and the fight go on.
    from gm_console.files import codec

    store = fight
    for name in ("Aria", "Goblin", "Bram"):
        ok(store, "combat.remove", combatant=name)
    assert combat(store)["turn"] == ""
    path = tmp_path / "s.toml"
    path.write_text(codec.dumps(store.state), encoding="utf-8")
    again = codec.read(path, host)
    assert again["plugins"]["combat"] == store.state["plugins"]["combat"]
    no(store, "combat.next", "nobody can act")
    ok(store, "combat.add", name="Wolf", speed_m=12, value=10)
    ok(store, "combat.next")
    assert combat(store)["turn"] == "Wolf"
    ok(store, "combat.end")


def test_delay_resume_ready_trigger_through_operations(fight):
    store = fight  # Aria 18, Goblin 12, Bram 8
    outcome = ok(store, "combat.delay")
    assert "Aria delays" in outcome.message and combat(store)["turn"] == "Goblin"
    no(store, "combat.resume", "is not delaying", combatant="Bram")
    ok(store, "combat.resume", combatant="Aria")
    assert combat(store)["order"] == ["Aria", "Goblin", "Bram"] and combat(store)["turn"] == "Aria"
    ok(store, "combat.ready", trigger="the goblin moves", action="move")
    assert entry(store, "Aria")["readied"]["trigger"] == "the goblin moves"
    no(store, "combat.ready", "already taken a standard action", trigger="again")
    ok(store, "combat.next")
    outcome = ok(store, "combat.trigger", combatant="Aria")
    assert "readied move action" in outcome.message
    assert combat(store)["order"] == ["Aria", "Goblin", "Bram"]
    assert entry(store, "Aria")["initiative"] == 12


# -- a full-round action taken as a standard action (RULES.md 3.2) -------------------------------


def test_a_full_round_action_as_a_standard_action_by_choice_limits_the_round(fight):
    store = fight
    outcome = ok(store, "actions.take", action="full-round", as_standard=True)
    assert "as a standard action, the single action of its round" in outcome.message
    no(store, "actions.take", "(a full-round action taken as a standard action)", action="move",
       metres=0)
    no(store, "actions.take", "already taken a standard action", action="standard")
    ok(store, "actions.take", action="swift")
    ok(store, "actions.take", action="step")
    ok(store, "combat.next")
    assert entry(store, "Goblin")["restricted"] == ""


def test_a_full_round_action_as_a_standard_action_must_be_the_single_one(fight):
    store = fight
    ok(store, "actions.take", action="move", metres=0)
    no(store, "actions.take", "must be the round's single action", action="full-round",
       as_standard=True)


def test_without_the_choice_only_restricted_activity_allows_it(fight):
    store = fight
    ok(store, "settings.set", plugin="combat", key="full_round_as_standard_by_choice",
       value="false")
    no(store, "actions.take", "setting full_round_as_standard_by_choice", action="full-round",
       as_standard=True)
    ok(store, "combat.restrict", combatant="Aria", condition="slowed")
    ok(store, "actions.take", action="full-round", as_standard=True)


# -- non-creature entries in the initiative order ------------------------------------------------


def test_lair_actions_take_a_turn_at_their_count_without_a_budget(fight):
    store = fight  # Aria 18, Goblin 12, Bram 8; Aria's turn
    outcome = ok(store, "combat.add_entry", name="Lair", count=12, note="lair actions")
    assert "Lair (lair actions) takes a turn at initiative count 12" in outcome.message
    assert combat(store)["order"] == ["Aria", "Goblin", "Lair", "Bram"]  # loses the tie
    ok(store, "combat.next")
    ok(store, "combat.next")
    assert combat(store)["turn"] == "Lair"
    no(store, "actions.take", "Lair is not a creature (lair actions): it has no actions",
       action="standard")
    no(store, "actions.take", "no actions", action="free", override="anyway")
    no(store, "actions.move", "it does not move", metres=3)
    lair = entry(store, "Lair")
    assert lair["entry"] == "lair actions" and "remaining" not in lair
    ok(store, "combat.next")
    assert combat(store)["turn"] == "Bram"


def test_an_entry_keeps_losing_ties_when_its_count_changes(fight):
    store = fight
    ok(store, "combat.add_entry", name="Falling rocks", count=5, note="hazard")
    ok(store, "combat.initiative", combatant="Falling rocks", value=18)
    assert combat(store)["order"][:2] == ["Aria", "Falling rocks"]


def test_a_session_with_an_entry_is_saved_and_read_back(fight, host):
    from gm_console.files import codec

    store = fight
    ok(store, "combat.add_entry", name="Lair", count=20, note="lair actions")
    import tomllib
    assert codec.problems(tomllib.loads(codec.dumps(store.state)), host) == []


def test_a_turn_limited_by_choice_is_saved_and_read_back(fight, host):
    import tomllib

    from gm_console.files import codec

    store = fight
    ok(store, "actions.take", action="full-round", as_standard=True)
    assert codec.problems(tomllib.loads(codec.dumps(store.state)), host) == []
@pytest.mark.parametrize("size", [4, 40])
def test_summary_finds_each_combatant_without_searching_by_name(make_store, monkeypatch,
                                                                size) -> None:
    """The summary (show, the screen) of a big fight is linear: no search by name per
    combatant and action (a search is itself linear: 1,000 combatants took 0.8 s)."""
    from gm_console.contract.session import Session
    from gm_console_plugins.combat import rules, turns

    store = make_store([{"name": f"Hero{n}"} for n in range(size)])
    ok(store, "combat.start")
    for n in range(size):
        ok(store, "combat.initiative", combatant=f"Hero{n}", value=n + 1)
        ok(store, "combat.add", name=f"Orc{n}", initiative=0, speed_m=9, value=size + n + 1)
    searches = {"combatant": 0, "character": 0}
    find, character = turns.find, Session.character

    def counting_find(*args, **kwargs):
        searches["combatant"] += 1
        return find(*args, **kwargs)

    def counting_character(self, name):
        searches["character"] += 1
        return character(self, name)
    monkeypatch.setattr(rules, "find", counting_find)
    monkeypatch.setattr(turns, "find", counting_find)
    monkeypatch.setattr(Session, "character", counting_character)
    summary = combat(store)
    assert len(summary["combatants"]) == 2 * size
    assert all(c["speed_m"] == 9 for c in summary["combatants"])
    assert searches == {"combatant": 0, "character": 0}
def test_no_rest_in_the_middle_of_a_fight(fight):
    """The core's rest hears the combat plugin through rest_refused, without importing it."""
    store = fight
    before = seconds(store)
    no(store, "rest.long", "no long rest now: a fight is running")
    no(store, "rest.short", "no short rest now: a fight is running")
    assert seconds(store) == before
    ok(store, "combat.end")
    ok(store, "rest.long")
    assert seconds(store) == before + 8 * 3600


def test_whoever_acts_now_is_the_character_whose_turn_it_is(fight):
    store = fight
    acting = store.host.call_first("acting_character", session=store.session)
    assert acting == "Aria"
    ok(store, "combat.next")  # the Goblin: not a character of the party
    assert store.host.call_first("acting_character", session=store.session) is None
    ok(store, "combat.next")
    assert store.host.call_first("acting_character", session=store.session) == "Bram"


def test_refusals_and_journal_lines_read_in_french(store, french):
    from gm_console.files import codec

    t = french(store)
    ok(store, "combat.start")
    ok(store, "combat.add", name="Goblin", initiative=2, speed_m=9)
    for name, value in (("Aria", 18), ("Bram", 8), ("Goblin", 12)):
        ok(store, "combat.initiative", combatant=name, value=value)
    ok(store, "actions.take", action="standard")
    refused = no(store, "actions.take", "already taken a standard action", action="standard")
    assert t(refused.reason) == ("Aria a déjà pris une action simple ce tour-ci. "
                                 "(le MJ peut le forcer avec override=<reason>)")
    off_turn = no(store, "actions.take", "not Bram's", combatant="Bram", action="swift")
    assert t(off_turn.reason).startswith("C'est le tour d'Aria, pas celui de Bram : hors de "
                                         "son tour, seule une action immédiate ou libre")
    ok(store, "actions.move", metres=4.5)
    ok(store, "actions.take", action="standard", override="haste")
    ok(store, "combat.next")
    journal = codec.parse(codec.dumps(store.state), "s.toml")["journal"]  # as read from disk
    said = [t.line(line) for line in journal]
    assert "Aria se déplace de 4,5 m (en prenant une action de mouvement)" in said
    assert ("forcé par le MJ (haste) : Aria a déjà pris une action simple ce tour-ci."
            in said)
    assert "Aria prend une action simple (forcé : haste)" in said
    assert said[-1] == "fin du tour d'Aria ; tour de Goblin"
    # the same lines in English, as they always read
    assert "Aria moves 4.5 m (taking a move action)" in [line["text"] for line in journal]


def test_the_home_line_says_who_has_no_initiative_then_the_round_and_turn(store, monkeypatch):
    """From the encounter as stored, not the summary (the home screen asks after every
    change): who still needs an initiative, in the fight's order, then round and turn."""
    from gm_console_plugins.combat import ops

    def line() -> list[str]:
        return [text for text in store.host.call("home_status", session=store.session)
                if text.startswith("Combat")]
    assert line() == []
    monkeypatch.setattr(ops, "summary_of", None)  # never asked
    ok(store, "combat.start")
    ok(store, "combat.add", name="Goblin", speed_m=9)
    assert line() == ["Combat: Initiative ? Aria, Bram, Goblin"]
    ok(store, "combat.initiative", combatant="Bram", value=15)
    assert line() == ["Combat: Initiative ? Aria, Goblin"]
    ok(store, "combat.initiative", combatant="Goblin", value=12)
    ok(store, "combat.initiative", combatant="Aria", value=3)
    assert line() == ["Combat: Round 1 · Turn: Bram · 3 combatants"]


def test_a_kept_summary_computes_again_only_the_combatants_whose_figures_changed(
        fight, monkeypatch):
    """The screen's summary after each key: an action computes the acting combatant's line
    again, the others are given as they were; a new turn computes every line. Each summary is
    the one computed afresh."""
    from gm_console_plugins.combat import ops, rules

    computed: list[str] = []
    original = rules.combatant_summary

    def counting(*args: Any, **kwargs: Any) -> dict[str, Any]:
        computed.append(args[3]["name"])
        return original(*args, **kwargs)
    monkeypatch.setattr(rules, "combatant_summary", counting)
    kept: dict[str, Any] = {}

    def again() -> list[str]:
        computed.clear()
        summary = ops.summary_of(fight.session, kept)
        names = list(computed)
        assert summary == ops.summary_of(fight.session)
        return names
    assert again() == ["Aria", "Goblin", "Bram"]
    assert again() == []
    ok(fight, "actions.take", action="free")
    assert again() == ["Aria"]
    ok(fight, "actions.take", combatant="Bram", action="free")
    assert again() == ["Bram"]
    ok(fight, "combat.next")
    assert again() == ["Aria", "Goblin", "Bram"]


def test_a_kept_summary_gives_the_entries_of_unchanged_combatants_as_they_were(
        fight, monkeypatch):
    """After an action, the screen's summary makes the acting combatant's entry again and
    gives the others' as the last summary had them (the same objects: a row that did not
    change is told by its identity); a change to a sheet makes that member's again."""
    from gm_console_plugins.combat import ops

    made: list[str] = []
    original = ops._entry

    def counting(creature: Any, line: dict[str, Any], member: Any) -> dict[str, Any]:
        made.append(line["name"])
        return original(creature, line, member)
    monkeypatch.setattr(ops, "_entry", counting)
    kept: dict[str, Any] = {}

    def again() -> dict[str, dict[str, Any]]:
        made.clear()
        summary = ops.summary_of(fight.session, kept, columns=False)
        names = list(made)
        assert summary == ops.summary_of(fight.session)  # no plugin adds columns here
        made[:] = names
        return {c["name"]: c for c in summary["combatants"]}
    first = again()
    assert made and sorted(set(made)) == ["Aria", "Bram", "Goblin"]
    ok(fight, "actions.take", action="free")
    second = again()
    assert made == ["Aria"]
    assert second["Bram"] is first["Bram"] and second["Goblin"] is first["Goblin"]
    assert second["Aria"]["spent"]["free"] == 1
    ok(fight, "condition.add", character="Bram", condition="prone")
    third = again()
    assert "Bram" in made and third["Bram"]["condition_names"] == ["prone"]
