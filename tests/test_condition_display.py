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
