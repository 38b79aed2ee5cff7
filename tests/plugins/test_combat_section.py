"""The combat table of a session file: a hand edit the rules could not run on is reported with
where it is; and every label the screen shows has its French."""

from __future__ import annotations

import copy

import pytest

from gm_console import plugin_labels
from gm_console_plugins.combat import hooks, screens, turns
from gm_console_plugins.combat.section import validate


def running() -> dict:
    enc = turns.new_encounter([{"name": "Aria", "dexterity": 14}], [])
    turns.add_combatant(enc, "Orc", 1, 9, value=3)
    turns.set_initiative(enc, "Aria", 12)
    turns.place(enc, lambda: 10)
    return enc


def test_a_running_fight_and_no_fight_are_valid():
    assert validate(running()) == []
    assert validate({"active": False}) == []
    enc = running()
    turns.end(enc)
    assert validate(enc) == []


def broken(change) -> list:
    enc = copy.deepcopy(running())
    change(enc)
    return validate(enc)


@pytest.mark.parametrize("change, where, words", [
    (lambda e: e.update(active="yes"), ("active",), "true or false"),
    (lambda e: e.pop("round"), ("round",), "has no round"),
    (lambda e: e.update(turn="Zed"), ("turn",), "'Zed''s turn"),
    (lambda e: e["order"].append("Ghost"), ("order", 2), "not a combatant"),
    (lambda e: e["combatants"][0].update(modifier="two"), ("combatants", 0, "modifier"),
     "whole number"),
    (lambda e: e["combatants"][1].pop("speed_m"), ("combatants", 1, "speed_m"), "no speed_m"),
    (lambda e: e["combatants"][0]["budget"].update(swift="twice"),
     ("combatants", 0, "budget", "swift"), "one of"),
    (lambda e: e["combatants"][0]["budget"].update(kinds={"rage": "often"}),
     ("combatants", 0, "budget", "kinds"), "kinds must be a table of whole numbers"),
    (lambda e: e["combatants"][0]["budget"].update(move=True),
     ("combatants", 0, "budget", "move"), "whole number"),
    (lambda e: e["combatants"][0].update(started={"label": 3}), ("combatants", 0, "started"),
     "label"),
    (lambda e: e["combatants"].append(copy.deepcopy(e["combatants"][0])),
     ("combatants", 2, "name"), "two combatants are named"),
    (lambda e: e["combatants"].append("Orc"), ("combatants", 2), "must be a table"),
    (lambda e: e.update(settings={"free_off_turn": "yes"}), ("settings", "free_off_turn"),
     "true or false"),
    (lambda e: e.update(settings=3), ("settings",), "must be a table"),
    (lambda e: e.update(settings={"initiative_ties": "dex"}), ("settings", "initiative_ties"),
     "one of modifier, party, roll-off"),
    (lambda e: e["combatants"][1].update(hit_points="lots"), ("combatants", 1, "hit_points"),
     "must be a whole number"),
    (lambda e: e["combatants"][1].update(out="no"), ("combatants", 1, "out"),
     "must be true or false"),
])
def test_problems_say_where(change, where, words):
    problems = broken(change)
    assert any(path == where and words in message for path, message in problems), problems


def test_every_screen_label_has_its_french():
    labels = [*screens.COLUMNS, screens.LEGEND, "flat-footed", "surprised", "restricted",
              "aware", "surprise round", "immediate", "Initiative", "Round", "Turn",
              "No fight is running.", "Start a fight", "Last refusal", "press o to override",
              "R: roll for all, I: type it", "Aware, not in the fight yet (a: add)",
              "a: add a combatant", "Reason to override", "Metres to move",
              "Full-round action to start or complete",
              "Condition (empty: lift the restriction)", "Initiative value",
              "Add: 3 goblins (config/creatures.toml), or name, init. mod., speed m, HP, AC",
              "Surprise: who is aware (comma-separated; empty: none)", "delaying", "ready",
              "Readied action: trigger (standard, move, swift or free)", "out",
              "out of the fight (0 hit points: heal it to bring it back)", "HP", "Condition",
              "Check/save", "AC"]
    french = plugin_labels(hooks.__file__, "fr")
    missing = [label for label in labels if label not in french]
    assert missing == []


def test_every_setting_read_is_configured():
    import tomllib
    from pathlib import Path

    from gm_console_plugins.combat.section import CHOICE_SETTINGS, SETTING_KEYS

    config = Path(__file__).resolve().parents[2] / "gm_console_config" / "combat.toml"
    configured = tomllib.loads(config.read_text(encoding="utf-8"))["settings"]
    assert set(SETTING_KEYS) | set(CHOICE_SETTINGS) == set(configured)
    assert all(isinstance(configured[key], bool) for key in SETTING_KEYS)
    assert all(configured[key] in words for key, words in CHOICE_SETTINGS.items())


def test_every_setting_is_explained_in_both_helps():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    config = root / "gm_console_config" / "combat.toml"
    helps = [(root / "gm_console_plugins" / "combat" / f"help.{language}.txt").read_text(
        encoding="utf-8") for language in ("en", "fr")]
    for key in tomllib.loads(config.read_text(encoding="utf-8"))["settings"]:
        assert all(key in help for help in helps), key
