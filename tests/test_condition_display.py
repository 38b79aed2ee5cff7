"""Conditions as the party screen shows them at 80x24: each abbreviated in the reader's
language with what is left of its duration, none cut past the screen's edge."""

from __future__ import annotations

import pytest

from gm_console.rules import durations
from gm_console.ui.screens.party import _wrapped, conditions_in_room


def ok(store, op: str, **params) -> None:
    outcome = store.apply(op, params)
    assert outcome.ok, outcome.reason


@pytest.mark.parametrize("duration, clock, left", [
    ({"kind": "rounds", "left": 2, "of": "Aria"}, {}, "2r"),
    ({"kind": "time", "day": 1, "second": 8 * 3600 + 600}, {"day": 1, "second": 8 * 3600},
     "10m"),
    ({"kind": "time", "day": 1, "second": 8 * 3600 + 599}, {"day": 1, "second": 8 * 3600 + 1},
     "10m"),  # rounded up: shown "1m" it has not ended yet
    ({"kind": "time", "day": 1, "second": 10 * 3600 + 1800}, {"day": 1, "second": 8 * 3600},
     "2h30"),
    ({"kind": "time", "day": 3, "second": 8 * 3600}, {"day": 1, "second": 9 * 3600}, "2d"),
    ({"kind": "time", "day": 1, "second": 8 * 3600 + 12}, {"day": 1, "second": 8 * 3600},
     "12s"),
    ({"kind": "turn", "at": "end", "of": "Orc"}, {}, "end Orc"),
    ({"kind": "save", "ability": "constitution", "dc": 13}, {}, "DC13"),
    (None, {}, ""),
])
def test_what_is_left_of_a_duration_in_a_few_letters(duration, clock, left):
    assert durations.left(duration, clock) == left


def test_a_column_too_wide_for_the_screen_goes_on_two_lines_for_the_conditions():
    columns = ["Name", "Speed", "Cond."]
    rows = [("0:Aria", ["Aria", "9 mv / 6.75 m", "fright. 2r, stun. DC13"])]
    shaped, widths = conditions_in_room(columns, rows, 2, 30)
    [(_, cells)] = shaped
    assert cells == ["Aria", "9 mv /\n6.75 m", "fright. 2r\nstun. DC13"]
    assert widths == [None, 6, 10]
    # room enough: nothing wraps but the conditions, one a line
    shaped, widths = conditions_in_room(columns, rows, 2, 80)
    assert shaped[0][1][1] == "9 mv / 6.75 m" and widths[1] is None
    assert _wrapped("pois. 10m", 8) == ["pois.", "10m"]


def screen_lines(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("language, shown", [
    ("en", ["fright. 2r", "stun. DC13", "pois. 10m"]),
    ("fr", ["effr. 2r", "étourdi DD13", "poison 10mn"]),
])
async def test_the_party_screen_shows_every_condition_and_what_is_left_at_80x24(
        make_app, store, tmp_path, language, shown):
    from gm_console.host.manager import Host
    from gm_console.ui.widgets import SyncedTable

    folder = tmp_path / "user-config"  # GM_CONSOLE_CONFIG_DIR of the autouse ``isolated``
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.toml").write_text(f'language = "{language}"\n', encoding="utf-8")
    store.host = Host().load()
    for name, hp in (("Aria", "20"), ("Bram", "24")):
        ok(store, "character.set", character=name, field="max_hit_points", value=hp)
    ok(store, "combat.start")  # rounds are counted in a fight
    ok(store, "combat.initiative", combatant="Aria", value=12)
    ok(store, "combat.initiative", combatant="Bram", value=8)
    ok(store, "condition.add", character="Aria", condition="frightened", rounds=2)
    ok(store, "condition.add", character="Aria", condition="stunned", save_dc=13)
    ok(store, "condition.add", character="Bram", condition="poisoned", minutes=10)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        table = app.screen.query_one("#party", SyncedTable)
        lines = screen_lines(app)
        assert all(len(line.rstrip()) <= 80 for line in lines)
        text = "\n".join(lines)
        for tag in shown:  # whole, inside the screen
            assert tag in text, f"{tag!r} not on screen:\n{text}"
        assert table.virtual_size.width <= 80  # nothing past the edge to scroll to
        ok(store, "clock.advance", minutes=4)
        await pilot.pause()
        assert shown[2].replace("10", "6") in "\n".join(screen_lines(app))


def _scene(store, tmp_path, language: str) -> None:
    """Aria frightened 2 rounds, stunned until a save, poisoned 10 minutes and prone, in a
    fight with a wolf: more conditions than a narrow cell holds."""
    from gm_console.host.manager import Host

    folder = tmp_path / "user-config"  # GM_CONSOLE_CONFIG_DIR of the autouse ``isolated``
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.toml").write_text(f'language = "{language}"\n', encoding="utf-8")
    store.host = Host().load()
    ok(store, "character.set", character="Aria", field="max_hit_points", value="20")
    ok(store, "combat.start")
    ok(store, "combat.add", creature="wolf")
    wolf = "Loup" if language == "fr" else "Wolf"  # named in the game master's language
    for name, value in (("Aria", 12), ("Bram", 8), (wolf, 5)):
        ok(store, "combat.initiative", combatant=name, value=value)
    ok(store, "condition.add", character="Aria", condition="frightened", rounds=2)
    ok(store, "condition.add", character="Aria", condition="stunned", save_dc=13)
    ok(store, "condition.add", character="Aria", condition="poisoned", minutes=10)
    ok(store, "condition.add", character="Aria", condition="prone")


@pytest.mark.parametrize("language, shown", [
    ("en", ["frightened: added by the game master", "2 rounds (to the start of Aria's turn)",
            "stunned: added by the game master",
            "until a Constitution save DC 13 succeeds",
            "poisoned: added by the game master", "10m left, until day 1, 08:10",
            "prone: added by the game master", "until removed",
            "names: frightened, stunned, poisoned, prone"]),
    ("fr", ["effrayé : ajouté par le MJ", "2 rounds (jusqu'au début du tour d'Aria)",
            "étourdi : ajouté par le MJ",
            "jusqu'à un jet de sauvegarde de Constitution DD 13 réussi",
            "empoisonné : ajouté par le MJ", "reste 10mn, jusqu'au jour 1, 08:10",
            "à terre : ajouté par le MJ", "jusqu'à ce qu'on le retire",
            "noms : effrayé, étourdi, empoisonné, à terre"]),
])
async def test_the_party_why_names_each_condition_in_full_with_what_is_left(
        make_app, store, tmp_path, language, shown):
    from gm_console.ui.screens.prompt import TextView

    _scene(store, tmp_path, language)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextView)
        for words in shown:  # each condition in the reader's language, not as it was added
            assert words in app.screen.text, f"{words!r} not in:\n{app.screen.text}"
        assert all(len(line.rstrip()) <= 80 for line in screen_lines(app))
        ok(store, "clock.advance", minutes=4)  # what is left follows the clock
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert shown[5].replace("10m", "6m").replace("10mn", "6mn") in app.screen.text


@pytest.mark.parametrize("language, cell, full", [
    ("en", "fright. 2r +3", ["frightened: 2 rounds (to the start of Aria's turn)",
                             "stunned: until a Constitution save DC 13 succeeds",
                             "poisoned: 10m left, until day 1, 08:10:06", "prone"]),
    ("fr", "effr. 2r +3", ["effrayé : 2 rounds (jusqu'au début du tour d'Aria)",
                           "étourdi : jusqu'à un jet de sauvegarde de Constitution DD 13 réussi",
                           "empoisonné : reste 10mn, jusqu'au jour 1, 08:10:06", "à terre"]),
])
async def test_the_combat_state_shows_the_first_conditions_and_how_many_more_at_80x24(
        make_app, store, tmp_path, language, cell, full):
    from gm_console.ui.screens.prompt import TextView
    from gm_console.ui.widgets import SyncedTable

    _scene(store, tmp_path, language)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        table = app.screen.query_one("#combatants", SyncedTable)
        row = [str(value) for value in table.get_row("Aria")]
        assert row[-1] == cell  # whole tags and a count, never a tag cut in the middle
        assert all(len(line.rstrip()) <= 80 for line in screen_lines(app))
        await pilot.press("question_mark")  # the whole list, one a line
        await pilot.pause()
        assert isinstance(app.screen, TextView)
        lines = app.screen.text.splitlines()
        for words in full:
            assert words in lines, f"{words!r} not in:\n{app.screen.text}"
        assert all(len(line.rstrip()) <= 80 for line in screen_lines(app))


@pytest.mark.parametrize("parts, width, cell", [
    (["prone"], 12, "prone"),
    (["prone", "flat-ft."], 12, "prone +1"),
    (["pois. 10m", "flat-ft."], 12, "pois. 10m +1"),
    (["stun. DC13", "prone", "pois. 10m"], 12, "stun. DC… +2"),
    (["prone", "dead", "stag.", "x"], 15, "prone, dead +2"),
    (["exhaustion 1"], 8, "exhaust…"),
])
def test_a_narrow_state_cell_keeps_whole_tags_and_counts_the_rest(parts, width, cell):
    from gm_console_plugins.combat.screens import listed

    assert listed(parts, width) == cell
