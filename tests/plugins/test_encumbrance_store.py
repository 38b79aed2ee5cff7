"""The encumbrance and armour plugins through the host: hand-written session files, the derived
values of ``gm-console show --json``, the speed pipeline, and the operations."""

from __future__ import annotations

import textwrap

import pytest
from applying import ok, refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console import Operation
from gm_console.files import codec
from gm_console.headless import show
from gm_console.state.store import Store

ARIA = """
[[characters]]
name = "Aria"
race = "human"
strength = 17
dexterity = 16
constitution = 14
height_m = 1.75
speed_m = 9
exhaustion = 0
armour = "chain mail"
armour_weight_lb = 40
armour_magic = false
bulky = false
[[characters.items]]
name = "gear"
weight_lb = 80
qty = 1
"""


def test_both_plugins_load(host):
    for name in ("encumbrance", "armour"):
        assert host.plugins[name].status == "loaded", host.plugins[name].error
    assert {"speed.adjust", "encumbrance.lift", "armour.wear"} <= set(host.operations)


def open_session(host, tmp_path, text: str) -> Store:
    path = tmp_path / "s.toml"
    path.write_text('format_version = 1\n[session]\nname = "t"\n' + textwrap.dedent(text),
                    encoding="utf-8")
    return Store(codec.read(path, host), host)


def derived(store: Store, name: str = "Aria") -> dict:
    for entry in show(store)["characters"]:
        if entry["name"] == name:
            return entry["derived"]
    raise AssertionError(f"no {name} in show()")


# -- RULES.md 2.6 worked example, from a file written by hand -------------------------------------

def test_worked_example_through_show_json(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    out = derived(store)
    enc, speed = out["encumbrance"], out["speed"]
    assert (enc["carried_lb"], enc["category"], enc["max_lb"], enc["to_hit"], enc["ac_penalty"],
            enc["dex_bonus_to_ac"], enc["can_fight"]) == (120, "moderate", 220, -1, 0, True, True)
    assert (speed["base_mv"], speed["mv"], speed["m"]) == (14, 7, 5.25)
    steps = "\n".join(speed["steps"])
    assert "base 12 mv (race human)" in steps
    assert "+2 mv" in steps and "limit 9 mv: armour chain mail" in steps
    assert "limit 7 mv: encumbrance moderate" in steps
    assert out["armour"]["limit"] == "2/3"


def test_optional_adjustment_switched_off_in_the_session(host, tmp_path):
    store = open_session(host, tmp_path, ARIA + """
[plugins.encumbrance.settings]
strength_dexterity_adjustment = false
""")
    speed = derived(store)["speed"]
    assert (speed["base_mv"], speed["mv"]) == (12, 6)   # 12 × 1/2 = 6 < chain 8


def test_exhaustion_2_halves_the_speed_that_counts(host, tmp_path):
    store = open_session(host, tmp_path, ARIA.replace("exhaustion = 0", "exhaustion = 2"))
    assert derived(store)["speed"]["mv"] == 3.5


def test_other_creature_uses_its_sheet_speed_with_the_adjustment(host, tmp_path):
    store = open_session(host, tmp_path, """
[[characters]]
name = "Owlbear"
race = "owlbear"
strength = 19
dexterity = 12
speed_m = 12
""")
    speed = derived(store, "Owlbear")["speed"]
    assert (speed["base_mv"], speed["mv"]) == (16, 16)   # 12 m ÷ 0.75; a 9–14 score: +0


def test_a_race_in_french_is_recognised(host, tmp_path):
    store = open_session(host, tmp_path, ARIA.replace('race = "human"', 'race = "Nain"')
                         .replace("weight_lb = 80", "weight_lb = 0"))
    speed = derived(store)["speed"]
    assert (speed["base_mv"], speed["mv"]) == (7, 4)     # 6 + 1 (6 column); chain 2/3 of 7 → 4


def test_magic_armour_weight_does_not_count_its_limit_does(host, tmp_path):
    store = open_session(host, tmp_path, ARIA.replace("armour_magic = false", "armour_magic = true"))
    out = derived(store)
    assert out["encumbrance"]["carried_lb"] == 80 and out["encumbrance"]["category"] == "light"
    assert out["speed"]["mv"] == 9                      # light 2/3 of 14 = 9, chain 9


def test_bad_strength_is_reported_not_fatal(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    store.state["characters"][0]["strength"] = "18/101"   # as a plugin would meet it mid-edit
    out = derived(store)
    assert "Aria" in out["encumbrance"]["error"] and "18/101" in out["encumbrance"]["error"]
    assert host.plugins["encumbrance"].status == "loaded"


# -- live changes through operations -------------------------------------------------------------

def test_items_and_bulky_move_the_category(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    ok(store, "item.add", character="Aria", name="anvil", weight_lb=23)
    assert derived(store)["encumbrance"]["category"] == "heavy"   # 143 lb: heavy from 143
    ok(store, "item.remove", character="Aria", item="anvil")
    ok(store, "character.set", character="Aria", field="bulky", value="true")
    enc = derived(store)["encumbrance"]
    assert (enc["category"], enc["weight_category"], enc["to_hit"]) == ("heavy", "moderate", -2)


def test_manual_adjustment_with_a_reason(host, tmp_path):
    store = open_session(host, tmp_path, ARIA.replace("weight_lb = 80", "weight_lb = 0"))
    assert "needs a reason" in refused(store, "speed.adjust", character="Aria", mv=6)
    ok(store, "speed.adjust", character="Aria", mv=6, reason="haste")
    speed = derived(store)["speed"]
    assert speed["base_mv"] == 20 and "+6 mv: manual: haste → 20 mv" in speed["steps"]
    assert speed["mv"] == 13                                   # chain mail 2/3 of 20
    ok(store, "speed.adjust", character="Aria", mv=0)
    assert "speed_adjust_mv" not in store.state["characters"][0]
    assert store.undo().ok and store.state["characters"][0]["speed_adjust_mv"] == 6


def test_armour_wear_french_name_and_refusal(host, tmp_path):
    store = open_session(host, tmp_path, ARIA.replace("weight_lb = 80", "weight_lb = 0"))
    ok(store, "armour.wear", character="Aria", armour="harnois plain", weight_lb=70)
    aria = store.state["characters"][0]
    assert (aria["armour"], aria["armour_weight_lb"]) == ("full plate", 70)
    assert derived(store)["speed"]["mv"] == 7                  # 14 × 1/2, and 70 lb is light
    reason = refused(store, "armour.wear", character="Aria", armour="mithral shirt")
    assert "not in config/armour.toml" in reason and "chain mail" in reason
    ok(store, "armour.wear", character="Aria", armour="none", weight_lb=70)
    assert store.state["characters"][0]["armour_weight_lb"] == 0


def test_party_columns(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    columns = {}
    for answer in host.call("party_columns", character=store.state["characters"][0],
                            session=store.session):
        columns.update(answer)
    assert columns["Speed"] == "7 mv / 5.25 m" and columns["Load"] == "moderate"


# -- lifting and holding more than the maximum ----------------------------------------------------

def test_lift_check_offered_held_and_dropped(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    assert "without a check" in ok(store, "encumbrance.lift", character="Aria",
                                   load_lb=220).message
    ok(store, "encumbrance.lift", character="Aria", load_lb=240)
    request = store.state["rolls"]["pending"][0]
    assert request["context"]["target"] == 13                  # 17 − 4 (20 lb over)
    ok(store, "roll.resolve", results="Aria=13")
    assert store.state["plugins"]["encumbrance"]["holding"] == [
        {"character": "Aria", "load_lb": 240, "rounds_held": 0}]
    # the next round: check again at a further −1
    ok(store, "test.round")
    request = store.state["rolls"]["pending"][0]
    assert request["context"]["target"] == 12 and request["context"]["rounds_held"] == 1
    ok(store, "roll.resolve", results="Aria=13")
    assert store.state["plugins"]["encumbrance"]["holding"] == []
    assert "load drops" in store.state["journal"][-1]["text"]


def test_a_round_does_not_ask_again_while_the_last_check_is_unanswered(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    ok(store, "encumbrance.lift", character="Aria", load_lb=240)
    ok(store, "roll.resolve", results="Aria=13")
    ok(store, "test.round")
    ok(store, "test.round")  # the first round's check is still waiting
    pending = store.state["rolls"]["pending"]
    assert [r["context"]["target"] for r in pending] == [12]


@pytest.fixture(autouse=True)
def round_operation(host):
    """What the combat plugin's round operation does: ``round_started`` inside an operation."""
    host.operations.setdefault("test.round", Operation(
        "test.round", "start a round", lambda ctx, p: ctx.notify("round_started", round=2)))


def test_release_and_refusals(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    assert "not holding" in refused(store, "encumbrance.release", character="Aria")
    assert "no character named" in refused(store, "encumbrance.lift", character="Nobody")
    store.state["characters"][0]["items"][0]["weight_lb"] = -3
    assert "weight of 'gear' must be 0 or more" in refused(
        store, "encumbrance.lift", character="Aria", load_lb=300)


# -- property: heavier armour never gives more speed ---------------------------------------------

ARMOURS = ["none", "leather", "ring mail", "chain mail", "banded mail", "plate mail", "full plate"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, len(ARMOURS) - 1), st.integers(0, len(ARMOURS) - 1),
       st.floats(0, 80), st.floats(0, 80), st.sampled_from([3, 9, 13, 17, "18/50", 20]),
       st.booleans())
def test_heavier_armour_never_gives_more_speed(host, a, b, w1, w2, strength, magic):
    session = Store(codec.prepare(codec.new_session("p"), host, "p"), host).session

    def speed(armour, weight):
        return session.speed({"name": "P", "race": "human", "strength": strength,
                              "dexterity": 12, "armour": armour, "armour_weight_lb": weight,
                              "armour_magic": magic, "items": []}).mv

    light, heavy = ARMOURS[min(a, b)], ARMOURS[max(a, b)]
    assert speed(heavy, max(w1, w2)) <= speed(light, min(w1, w2))


# -- a session's settings are checked when the file is opened -----------------------------------

@pytest.mark.parametrize("line, words", [
    ("strength_dex_adjustment = false", "unknown setting 'strength_dex_adjustment'"),
    ('bulky_can_pass_maximal = "yes"', "bulky_can_pass_maximal must be bool"),
    ("unnamed_pair_adjustment_mv = true", "unnamed_pair_adjustment_mv must be int"),
])
def test_bad_session_settings_are_reported_with_their_line(host, tmp_path, line, words):
    with pytest.raises(codec.SessionFileError) as info:
        open_session(host, tmp_path, ARIA + "\n[plugins.encumbrance.settings]\n" + line + "\n")
    assert words in str(info.value)


@pytest.mark.parametrize("line, words", [
    ('unknown_armor_limit = "1"', "unknown setting 'unknown_armor_limit'"),
    ('unknown_armour_limit = "fast"', "is not a fraction"),
    ('unknown_armour_limit = "3/2"', "at most 1"),
])
def test_bad_armour_settings_are_reported(host, tmp_path, line, words):
    with pytest.raises(codec.SessionFileError) as info:
        open_session(host, tmp_path, ARIA + "\n[plugins.armour.settings]\n" + line + "\n")
    assert words in str(info.value)


def test_unknown_armour_setting_in_the_session(host, tmp_path):
    sheet = ARIA.replace('"chain mail"', '"mithral shirt"').replace("weight_lb = 80", "weight_lb = 0")
    assert derived(open_session(host, tmp_path, sheet))["speed"]["mv"] == 14   # default: no limit
    store = open_session(host, tmp_path, sheet + """
[plugins.armour.settings]
unknown_armour_limit = "1/2"
""")
    out = derived(store)
    assert out["armour"]["known"] is False and out["speed"]["mv"] == 7      # 14 × 1/2
    assert any("'mithral shirt' is not in config/armour.toml" in s for s in out["speed"]["steps"])


def test_a_character_who_leaves_the_party_drops_the_load_they_held(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    ok(store, "encumbrance.lift", character="Aria", load_lb=240)
    ok(store, "roll.resolve", results="Aria=1")
    ok(store, "character.remove", character="Aria")
    assert store.state["plugins"]["encumbrance"]["holding"] == []
    ok(store, "test.round")


def test_a_held_load_of_a_character_edited_out_of_the_file_does_not_block_the_round(host,
                                                                                     tmp_path):
    store = open_session(host, tmp_path, ARIA)
    ok(store, "encumbrance.lift", character="Aria", load_lb=240)
    ok(store, "roll.resolve", results="Aria=1")
    store.state = {**store.state, "characters": []}
    ok(store, "test.round")
    assert store.state["plugins"]["encumbrance"]["holding"] == []
    assert "dropped: no character named 'Aria'" in store.state["journal"][-1]["text"]


def test_the_lift_check_of_an_exhausted_character_takes_the_worse_of_two_d20(host, tmp_path):
    store = open_session(host, tmp_path, ARIA)
    ok(store, "character.set", character="Aria", field="exhaustion", value="1")
    ok(store, "encumbrance.lift", character="Aria", load_lb=240)
    request = store.state["rolls"]["pending"][0]
    # roll-under: the worse die is the higher one
    assert request["rolls"][0]["expression"] == "2d20kh1"
    assert request["title"].endswith("(disadvantage: exhaustion 1 (disadvantage on ability "
                                     "checks))")


def test_a_refusal_a_journal_line_and_the_steps_read_in_french(tmp_path, french):
    from gm_console.host.manager import Host
    from gm_console.text.i18n import Translator
    from gm_console_plugins.encumbrance import reading

    host = Host().load()
    store = open_session(host, tmp_path, ARIA)
    t = Translator("fr", host)
    assert t(refused(store, "encumbrance.release", character="Aria")) == \
        "Aria ne tient pas de charge au-delà du maximum"
    assert t(refused(store, "speed.adjust", character="Aria", mv=2)) == (
        "Aria : un ajustement manuel de vitesse demande une raison (hâte, lenteur, bottes de "
        "rapidité, une malédiction…)")
    ok(store, "speed.adjust", character="Aria", mv=1.5, reason="hâte")
    line = t.line(codec.parse(codec.dumps(store.state), "s.toml")["journal"][-1])
    assert line.startswith("Aria : vitesse +1,5 mv (hâte) ; vitesse ") and line.endswith(" mv")
    ok(store, "encumbrance.lift", character="Aria", load_lb=240)
    ok(store, "roll.resolve", results="Aria=13")
    assert t.line(store.state["journal"][-1]).startswith("Aria tient 240 lb en l'air (13 ≤ 13)")
    steps = [t(step) for step in reading.assess(store.state["characters"][0],
                                                store.session).steps]
    assert any(step.startswith("Force 17 (ligne 17) : léger dès 77, modéré dès 110")
               for step in steps), steps
    assert steps[-1] == "modéré : 1/2 de la vitesse, au toucher -1, CA +0"
    assert any(step.startswith("porté ") and step.endswith(" lb") for step in steps), steps
