"""Characters, inventory, clock, rests, journal and dice, through the store."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gm_console import Operation, Param, Result, hookimpl
from gm_console.files import journal
from gm_console.rules.abilities import Strength, modifier, parse_strength
from gm_console.rules.characters import parse_field
from gm_console.text.i18n import Translator


@pytest.mark.parametrize("raw, expected", [
    (17, Strength(17)), ("18/50", Strength(18, 50)), ("18/00", Strength(18, 100)),
    ("18/01", Strength(18, 1)), (" 18 / 99 ", Strength(18, 99)), ("25", Strength(25)),
])
def test_strength_parsing(raw, expected):
    assert parse_strength(raw) == expected


@pytest.mark.parametrize("raw, words", [
    (26, "from 1 to 25"), (0, "from 1 to 25"), ("18/101", "18/01 to 18/00"),
    ("17/50", "18/01 to 18/00"), ("strong", "number from 1 to 25"), (True, "number"),
])
def test_bad_strength_says_what_is_wrong(raw, words):
    with pytest.raises(ValueError, match=words):
        parse_strength(raw)


@pytest.mark.parametrize("score, mod", [(1, -5), (3, -4), (9, -1), (10, 0), (11, 0), (18, 4),
                                        (25, 7)])
def test_modifier(score, mod):
    assert modifier(score) == mod


@pytest.mark.parametrize("key, raw, words", [
    ("height_m", "-1", "at least 0.1"), ("exhaustion", "7", "at most 6"),
    ("exhaustion", "1.5", "whole number"), ("bulky", "perhaps", "true or false"),
    ("name", "  ", "cannot be empty"), ("dexterity", "x", "whole number from 1 to 25"),
])
def test_field_validation_messages(key, raw, words):
    with pytest.raises(ValueError, match=words):
        parse_field(key, raw)


def test_add_set_duplicate_remove_and_items(store):
    assert store.apply("character.set", {"character": "aria", "field": "strength",
                                         "value": "18/00"}).ok
    assert store.state["characters"][0]["strength"] == "18/00"
    assert not store.apply("character.set", {"character": "Aria", "field": "name",
                                             "value": "bram"}).ok
    assert store.apply("character.duplicate", {"character": "Aria"}).ok
    assert [c["name"] for c in store.state["characters"]] == ["Aria", "Aria 2", "Bram"]
    assert store.apply("item.add", {"character": "Aria 2", "name": "rope", "weight_lb": "10",
                                    "qty": "2"}).ok
    assert store.apply("item.set", {"character": "Aria 2", "item": "rope", "field": "qty",
                                    "value": "3"}).ok
    assert store.state["characters"][1]["items"] == [{"name": "rope", "weight_lb": 10, "qty": 3}]
    refused = store.apply("item.add", {"character": "Aria", "name": "rock", "weight_lb": "-1"})
    assert refused.reason == "Weight (lb) must be at least 0, not -1.0"
    assert store.apply("item.remove", {"character": "Aria 2", "item": "1"}).ok
    assert store.state["characters"][1]["items"] == []
    assert store.apply("character.remove", {"character": "Aria 2"}).ok
    assert not store.apply("character.remove", {"character": "Nobody"}).ok


def test_clock_advances_across_midnight_and_plugins_hear_it(store):
    heard = []
    ear = SimpleNamespace(time_passed=hookimpl(
        lambda ctx, seconds, reason: heard.append((seconds, reason))))
    store.host.pm.register(ear, "ear")
    assert store.apply("clock.advance", {"hours": 17, "minutes": 30}).ok
    assert store.state["clock"] == {"day": 2, "second": 5400}  # 08:00 + 17:30
    assert heard == [(17 * 3600 + 1800, "manual")]
    assert not store.apply("clock.advance", {}).ok


def test_long_rest_removes_one_level_of_exhaustion(store):
    store.apply("character.set", {"character": "Aria", "field": "exhaustion", "value": "3"})
    assert store.apply("rest.long", {}).ok
    assert store.state["characters"][0]["exhaustion"] == 2
    assert store.state["characters"][1]["exhaustion"] == 0
    assert store.state["clock"]["second"] == 16 * 3600
    assert store.apply("rest.long", {"fed": "no"}).ok
    assert store.state["characters"][0]["exhaustion"] == 2


def test_exhaustion_multiplies_speed_last(store):
    aria = lambda: store.session.speed(store.session.character("Aria"))  # noqa: E731
    normal = aria().mv
    store.apply("character.set", {"character": "Aria", "field": "exhaustion", "value": "2"})
    assert aria().mv == normal * 0.5 and "exhaustion 2" in aria().steps[-2]
    store.apply("character.set", {"character": "Aria", "field": "exhaustion", "value": "5"})
    assert aria().mv == 0 and aria().m == 0


def test_dice_roll_is_logged_and_seeded(store):
    outcome = store.apply("dice.roll", {"expression": "4d6kh3", "who": "Aria"})
    assert outcome.ok and 3 <= outcome.data["total"] <= 18
    assert store.state["journal"][-1]["text"].startswith("Aria rolls 4d6kh3 (")
    assert store.apply("dice.roll", {"expression": "adv+2"}).data["detail"].startswith("2d20kh1")
    assert "not dice notation" in store.apply("dice.roll", {"expression": "2x"}).reason


def saves_then(store, received):
    def record(ctx, params):
        received.append(params)
        for outcome in params["outcomes"]:
            if not outcome["success"]:
                ctx.character(outcome["who"])["exhaustion"] += 1
        return Result("saves applied")

    def ask(ctx, params):
        from gm_console import RollRequest
        ctx.request_rolls(RollRequest(
            "Constitution save", [{"who": c["name"], "expression": "1d20", "dc": 11}
                                  for c in ctx.characters], then="test.saved",
            context={"hour": 9}))
        return "asked"
    store.host.operations["test.saved"] = Operation(
        "test.saved", "", record, (Param("request", dict), Param("outcomes", list)),
        plugin="core")
    store.host.operations["test.ask"] = Operation("test.ask", "", ask, plugin="core")


def test_rolls_asked_by_a_plugin_flow_back_to_it(store):
    received = []
    saves_then(store, received)
    assert store.apply("test.ask").ok
    pending = store.state["rolls"]["pending"]
    assert [r["who"] for r in pending[0]["rolls"]] == ["Aria", "Bram"]
    outcome = store.apply("roll.resolve", {"results": "aria=3"})
    assert outcome.ok, outcome.reason
    assert received[0]["request"] == {"hour": 9}
    by_name = {o["who"]: o for o in received[0]["outcomes"]}
    assert by_name["Aria"] == {"who": "Aria", "total": 3, "detail": "typed in: 3", "dc": 11,
                               "success": False}
    assert store.state["characters"][0]["exhaustion"] == 1
    assert store.state["rolls"]["pending"] == []
    rolls = [line for line in store.state["journal"] if line["kind"] == "roll"]
    assert any("Aria: Constitution save: typed in: 3 vs DC 11 — failure" == line["text"]
               for line in rolls)


def test_roll_resolve_refuses_bad_typed_results(store):
    saves_then(store, [])
    store.apply("test.ask")
    assert "Name=total" in store.apply("roll.resolve", {"results": "14"}).reason
    assert "whole number" in store.apply("roll.resolve", {"results": "Aria=x"}).reason
    assert "'zed' has no roll" in store.apply("roll.resolve", {"results": "Zed=3"}).reason
    assert "no result for Bram" in store.apply("roll.resolve", {"results": "Aria=3",
                                                                "roll_rest": "no"}).reason
    assert store.state["rolls"]["pending"]


def test_journal_filters_and_markdown_export(store):
    store.apply("journal.note", {"text": "Bram found a key", "who": "bram"})
    store.apply("clock.advance", {"hours": 20})
    store.apply("journal.note", {"text": "Night falls"})
    lines = store.state["journal"]
    assert [line["text"] for line in journal.select(lines, character="BRAM")] == [
        "Bram joins the party", "Bram found a key"]
    assert {line["kind"] for line in journal.select(lines, kind="note")} == {"note"}
    markdown = journal.to_markdown("Caves", lines, Translator("en"))
    assert markdown.startswith("# Caves\n\n## Day 1\n")
    assert "## Day 2" in markdown
    assert "- **08:00** · note (Bram): Bram found a key" in markdown


def test_journal_index_finds_each_filters_lines_as_select_does_and_follows_the_journal(store):
    store.apply("journal.note", {"text": "Bram found a key", "who": "bram"})
    store.apply("clock.advance", {"hours": 20})
    index = journal.Index()
    lines = store.state["journal"]

    def filtered(character: str = "", kind: str = "") -> list[dict]:
        return [store.state["journal"][i] for i in index.positions(store.state["journal"],
                                                                   character, kind)]
    for character, kind in (("", ""), ("BRAM", ""), ("", "note"), ("Bram", "note"),
                            ("aria", "clock"), ("Zed", "")):
        assert filtered(character, kind) == journal.select(lines, character, kind)
    assert index.kinds(lines) == sorted({line["kind"] for line in lines})
    # Lines added after are found too; an undo takes back the undone operation's lines.
    store.apply("journal.note", {"text": "Aria and Bram rest", "who": "Aria, Bram"})
    assert [line["text"] for line in filtered("bram", "note")] == [
        "Bram found a key", "Aria and Bram rest"]
    store.undo()
    assert [line["text"] for line in filtered("bram", "note")] == ["Bram found a key"]
    assert filtered("aria") == journal.select(store.state["journal"], "aria")
    assert "undo" in index.kinds(store.state["journal"])
    # Another journal (another session): indexed afresh, nothing of the first one kept.
    other = [{"kind": "roll", "who": ["Zed"], "text": "Zed rolls"}]
    assert list(index.positions(other, "zed")) == [0] and not index.positions(other, "bram")
    assert index.kinds(other) == ["roll"]


def test_journal_index_in_slices_finds_what_one_pass_finds(store):
    """The journal screen indexes a long journal a slice per frame; a filter asked for
    halfway indexes the rest; an undo between slices is followed."""
    for n in range(12):
        store.apply("journal.note", {"text": f"note {n}", "who": "Bram" if n % 3 else "Aria"})
        store.apply("clock.advance", {"minutes": 5})
    lines = store.state["journal"]
    whole, sliced, halfway = journal.Index(), journal.Index(), journal.Index()
    slices = 1
    while not sliced.index(lines, 5):
        slices += 1
    assert slices == -(-len(lines) // 5)
    assert not halfway.index(lines, 5)
    for character, kind in (("", ""), ("bram", ""), ("", "note"), ("aria", "clock")):
        want = list(whole.positions(lines, character, kind))
        assert list(sliced.positions(lines, character, kind)) == want
        assert list(halfway.positions(lines, character, kind)) == want
    assert sliced.kinds(lines) == whole.kinds(lines)
    partial = journal.Index()
    partial.index(lines, len(lines) - 2)
    store.undo()  # the last operation's lines go, before the slice that would index them
    assert partial.positions(store.state["journal"], "bram") == \
        journal.Index().positions(store.state["journal"], "bram")


def test_a_journal_is_indexed_a_chunk_of_lines_at_a_time():
    """A long journal's lines are read from its file, decoded as they are asked for: the
    screen's slice of them (thousands of lines) read at once would be megabytes of dicts at
    the peak of the process's memory."""
    from gm_console.committed.journal import CHUNK

    class Shelved(list):
        asked: list[int] = []

        def __getitem__(self, index):
            if isinstance(index, slice):
                self.asked.append(len(range(*index.indices(len(self)))))
            return super().__getitem__(index)

    lines = Shelved({"kind": "note", "who": ["Bram"] if n % 2 else []} for n in range(3 * CHUNK))
    index = journal.Index()
    assert not index.index(lines, 2 * CHUNK + 10)
    assert index.index(lines)
    assert max(Shelved.asked) <= CHUNK and sum(Shelved.asked) == len(lines)
    assert list(index.positions(lines, "bram")) == list(range(1, len(lines), 2))


def test_a_campaign_chooses_its_own_interpretation(store):
    configured = store.session.setting("travel", "day_figure")
    assert store.apply("settings.set", {"plugin": "travel", "key": "day_figure",
                                        "value": "hourly"}).ok
    assert store.session.setting("travel", "day_figure") == "hourly"
    assert store.state["plugins"]["travel"]["settings"]["day_figure"] == "hourly"
    assert store.apply("settings.set", {"plugin": "travel", "key": "walker_speed_m",
                                        "value": "13.5"}).ok
    assert store.session.setting("travel", "walker_speed_m") == 13.5
    assert "a number was expected" in store.apply("settings.set", {
        "plugin": "travel", "key": "walker_speed_m", "value": "fast"}).reason
    assert "no setting 'day_figures'" in store.apply("settings.set", {
        "plugin": "travel", "key": "day_figures", "value": "x"}).reason
    assert store.apply("settings.reset", {"plugin": "travel", "key": "day_figure"}).ok
    assert store.session.setting("travel", "day_figure") == configured


def test_roll_under_checks_succeed_at_or_below_the_target(store):
    from gm_console import RollRequest
    received = []
    store.host.operations["test.under"] = Operation(
        "test.under", "", lambda ctx, p: received.append(p["outcomes"]) or "done",
        (Param("request", dict), Param("outcomes", list)), plugin="core")
    store.host.operations["test.ask_under"] = Operation(
        "test.ask_under", "", lambda ctx, p: str(ctx.request_rolls(RollRequest(
            "Strength check", [{"who": "Aria", "expression": "1d20", "at_most": 12},
                               {"who": "Bram", "expression": "1d20", "at_most": 12}],
            then="test.under"))), plugin="core")
    store.apply("test.ask_under")
    assert store.apply("roll.resolve", {"results": "Aria=12,Bram=13"}).ok
    assert [(o["who"], o["success"]) for o in received[0]] == [("Aria", True), ("Bram", False)]
    assert store.state["journal"][-3]["text"].endswith("typed in: 12 vs ≤ 12 — success")


def test_a_house_rule_is_an_edit_of_a_user_file_of_the_same_name(tmp_path):
    from gm_console.files.config import Config
    folder = tmp_path / "user-config"
    folder.mkdir()
    (folder / "exhaustion.toml").write_text("[rest]\nlong_hours = 6\n")
    table = Config().table("exhaustion")
    assert table["rest"]["long_hours"] == 6
    assert table["rest"]["short_hours"] == 1  # the rest of the bundled file still applies
    assert len(table["levels"]) == 6


def test_a_broken_user_settings_file_is_reported_with_its_line(tmp_path):
    import subprocess
    import sys
    folder = tmp_path / "user-config"
    folder.mkdir()
    (folder / "settings.toml").write_text('language = "fr"\nmetres_per_mv = = 1\n')
    result = subprocess.run([sys.executable, "-m", "gm_console", "ops"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    assert f"{folder / 'settings.toml'}: Invalid value (at line 2" in result.stderr


def test_speed_keeps_exact_metres_for_the_rules_and_rounds_only_in_words():
    from gm_console.rules.speed import SpeedStep, compose
    speed = compose([SpeedStep("base", "sheet", value=3.5)], 0, 0.75)
    assert speed.m == 2.625 and speed.mv == 3.5
    assert speed.steps[-1] == "= 3.5 mv = 2.625 m per round (× 0.75 m per mv)"
    sheet = compose([], 10, 0.75)  # 10 m ÷ 0.75 × 0.75: no float dust
    assert sheet.m == 10 and isinstance(sheet.m, int)
