"""What an outside plugin author relies on: all-or-nothing operations, refused wrappers and newer
APIs, a plugin's own rule table, hooks a plugin declares for others, and renames and removals
reaching every plugin that keeps state by character name."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_host import write_settings

from gm_console import API_VERSION
from gm_console.host.manager import Host
from gm_console.state.store import Store


def loose(tmp_path: Path, files: dict[str, str]) -> Host:
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n')
    return Host().load()


RAISES_AFTER_WRITING = """
from gm_console import hookimpl
@hookimpl
def time_passed(ctx, seconds, reason):
    ctx.section("raises")["half_done"] = True
    ctx.clock["second"] = 0
    raise RuntimeError("the torch went out")
"""


def test_a_hook_that_raises_inside_an_operation_leaves_nothing_of_it(tmp_path, make_store):
    host = loose(tmp_path, {"raises.py": RAISES_AFTER_WRITING})
    store = Store(make_store().state, host)
    before = store.state
    outcome = store.apply("clock.advance", {"hours": 1})
    assert not outcome.ok
    assert "raises" in outcome.reason and "the torch went out" in outcome.reason
    assert "try it again" in outcome.reason
    assert store.state is before
    assert "raises" not in store.state.get("plugins", {})
    assert host.plugins["raises"].status == "failed"
    again = store.apply("clock.advance", {"hours": 1})
    assert again.ok
    assert store.state["clock"]["second"] == before["clock"]["second"] + 3600


def test_a_wrapper_implementation_is_refused_at_load_with_the_reason(tmp_path):
    host = loose(tmp_path, {"wraps.py": (
        "from gm_console import hookimpl\n"
        "@hookimpl(wrapper=True)\n"
        "def party_columns(character, session):\n"
        "    return (yield)\n")})
    record = host.plugins["wraps"]
    assert record.status == "failed"
    assert "party_columns is a wrapper" in record.error and "plain @hookimpl" in record.error
    assert not host.pm.has_plugin("wraps")


@pytest.mark.parametrize("declared, loads", [(API_VERSION, True), (API_VERSION + 1, False),
                                             ("1", False), (0, False)])
def test_the_plugin_api_version_a_plugin_was_built_for(tmp_path, declared, loads):
    host = loose(tmp_path, {"versioned.py": f"GM_CONSOLE_API = {declared!r}\n"})
    record = host.plugins["versioned"]
    assert (record.status == "loaded") is loads, record.error
    if declared == API_VERSION + 1:
        assert f"built for gm-console plugin API {API_VERSION + 1}" in record.error
        assert "upgrade gm-console" in record.error


def test_a_plugin_that_calls_sys_exit_at_import_fails_alone(tmp_path):
    host = loose(tmp_path, {"quits.py": "import sys\nsys.exit(3)\n"})
    assert host.plugins["quits"].status == "failed"
    assert "sys.exit(3)" in host.plugins["quits"].error
    assert host.plugins["travel"].status == "loaded"


LIGHT = """
from gm_console import Operation, hookimpl
@hookimpl
def register_operations(register):
    register(Operation("light.burn", "Burn.", lambda ctx, p: str(ctx.setting("light", "torch_hours"))))
"""


def test_a_third_party_plugin_ships_its_own_rule_table_and_settings(tmp_path, make_store):
    host = loose(tmp_path, {"light.py": LIGHT,
                            "light.toml": "[settings]\ntorch_hours = 1\n[torches]\nwax = 2\n"})
    store = Store(make_store().state, host)
    assert store.session.table("light")["torches"] == {"wax": 2}
    assert store.apply("light.burn").message == "1"
    assert store.apply("settings.set", {"plugin": "light", "key": "torch_hours",
                                        "value": "2"}).ok
    assert store.apply("light.burn").message == "2"
    refused = store.apply("settings.set", {"plugin": "light", "key": "candles", "value": "2"})
    assert "light has no setting 'candles'" in refused.reason


def test_the_users_file_still_overrides_a_plugins_own_table(tmp_path, make_store):
    host = loose(tmp_path, {"light.py": LIGHT, "light.toml": "[settings]\ntorch_hours = 1\n"})
    (tmp_path / "user-config" / "light.toml").write_text("[settings]\ntorch_hours = 3\n")
    host.config._tables.clear()
    assert Store(make_store().state, host).apply("light.burn").message == "3"


DECLARES = """
from gm_console import Operation, hookimpl, hookspec
class hookspecs:
    @hookspec
    def torch_lit(self, ctx, who):
        "A torch was lit by ``who``."
def _light(ctx, p):
    ctx.notify("torch_lit", who=p["who"])
    return "lit"
from gm_console import Param
@hookimpl
def register_operations(register):
    register(Operation("torch.light", "Light.", _light, (Param("who", str),)))
"""

LISTENS = """
from gm_console import hookimpl
@hookimpl
def torch_lit(ctx, who):
    ctx.section("alistener")["seen"] = who
"""


def test_a_plugin_declares_a_hook_that_another_loaded_before_it_implements(tmp_path, make_store):
    host = loose(tmp_path, {"zdeclares.py": DECLARES, "alistener.py": LISTENS})
    assert host.plugins["alistener"].status == "loaded", host.plugins["alistener"].error
    assert host.declared_hooks["torch_lit"] == "zdeclares"
    store = Store(make_store().state, host)
    assert store.apply("torch.light", {"who": "Aria"}).ok
    assert store.state["plugins"]["alistener"] == {"seen": "Aria"}


def test_a_misspelled_declared_hook_still_fails_with_a_hint(tmp_path):
    host = loose(tmp_path, {"zdeclares.py": DECLARES,
                            "typo.py": LISTENS.replace("torch_lit", "torch_lights")})
    assert host.plugins["typo"].status == "failed"
    assert "did you mean 'torch_lit'" in host.plugins["typo"].error


def test_a_declared_hook_may_not_replace_a_hosts_hook(tmp_path):
    host = loose(tmp_path, {"clash.py": DECLARES.replace("torch_lit", "time_passed")})
    assert host.plugins["clash"].status == "failed"
    assert "'time_passed', which already exists" in host.plugins["clash"].error


@pytest.fixture
def fight(store: Store) -> Store:
    assert store.apply("combat.start").ok
    for value, name in ((15, "Aria"), (10, "Bram")):
        assert store.apply("combat.initiative", {"combatant": name, "value": value}).ok
    assert store.apply("encumbrance.lift", {"character": "Bram", "load_lb": 900}).ok
    return store


def test_a_rename_reaches_the_fight_the_held_load_and_the_waiting_rolls(fight: Store):
    assert fight.apply("character.set", {"character": "Bram", "field": "name",
                                         "value": "Bramwell"}).ok
    combat = fight.state["plugins"]["combat"]
    assert "Bramwell" in combat["order"] and "Bram" not in combat["order"]
    assert {c["name"] for c in combat["combatants"]} == {"Aria", "Bramwell"}
    waiting = fight.state["rolls"]["pending"]
    assert [r["who"] for request in waiting for r in request["rolls"]] == ["Bramwell"]
    assert fight.apply("roll.resolve", {"id": waiting[0]["id"],
                                             "results": "Bramwell=20"}).ok, \
        "the lift check still finds its character"


def test_a_removal_takes_the_character_out_of_the_fight_and_the_rolls(fight: Store):
    outcome = fight.apply("character.remove", {"character": "Bram"})
    assert outcome.ok
    combat = fight.state["plugins"]["combat"]
    assert [c["name"] for c in combat["combatants"]] == ["Aria"]
    assert combat["order"] == ["Aria"]
    assert fight.state["rolls"]["pending"] == []
    assert any("Bram leaves the fight" in line["text"] for line in outcome.journal)
    assert fight.undo().ok
    assert len(fight.state["plugins"]["combat"]["combatants"]) == 2


WEATHER = """
from gm_console import hookimpl
@hookimpl
def travel_factors(session, mode):
    storm = session.state.get("plugins", {}).get("weather", {}).get("storm", False)
    return [{"factor": 0.5, "why": "storm: half the distance"}] if storm else []
@hookimpl
def time_passed(ctx, seconds, reason):
    if reason == "travel":
        ctx.section("weather")["km_when_time_passed"] = ctx.state["plugins"]["travel"]["odometer_km"]
@hookimpl
def travelled(ctx, km, hours, mode, terrain):
    log = ctx.section("weather").setdefault("log", [])
    log.append([km, hours, mode, terrain, ctx.clock["second"]])
"""


def test_weather_slows_travel_and_hears_each_stretch(tmp_path, make_store):
    host = loose(tmp_path, {"weather.py": WEATHER})
    store = Store(make_store([{"name": "Aria"}]).state, host)
    fair = store.session
    from gm_console.headless import show
    clear = show(store)["travel"]
    assert store.apply("travel.leg", {"km": 30, "terrain": "road"}).ok
    state = dict(store.state)
    state["plugins"] = {**state["plugins"], "weather": {"storm": True}}
    store.state = state
    stormy = show(store)["travel"]
    assert stormy["per_hour_km"] == clear["per_hour_km"] / 2
    assert "× 0.5: storm: half the distance" in stormy["steps"]
    start = fair.clock["second"]
    outcome = store.apply("travel.advance", {"hours": "2"})
    assert outcome.ok, outcome.reason
    weather = store.state["plugins"]["weather"]
    assert store.state["plugins"]["travel"]["odometer_km"] == clear["per_hour_km"]  # 2 h at half
    # time_passed hears the clock move with the stretch already on the travel table
    assert weather["km_when_time_passed"] == store.state["plugins"]["travel"]["odometer_km"]
    assert sum(entry[0] for entry in weather["log"]) == clear["per_hour_km"]
    assert weather["log"][-1][2:4] == ["foot", "road"]
    assert weather["log"][-1][4] == start + 2 * 3600


def test_a_travel_factor_that_is_not_a_number_is_named_and_left_out(tmp_path, make_store):
    host = loose(tmp_path, {"fog.py": ("from gm_console import hookimpl\n"
                                       "@hookimpl\n"
                                       "def travel_factors(session, mode):\n"
                                       "    return [{'factor': 'thick'}]\n")})
    from gm_console.headless import show
    travel = show(Store(make_store().state, host))["travel"]
    assert any(step.startswith("fog: ignored") for step in travel["steps"])
    assert "error" not in travel


def screen_plugin(name: str, key: str) -> str:
    return ("from gm_console import ScreenSpec, hookimpl\n"
            "@hookimpl\n"
            "def register_screens(register):\n"
            f"    register(ScreenSpec('{name}.main', '{key}', '{name.title()}: main', "
            "lambda store: None))\n")


def test_two_screens_on_one_key_are_reported_and_both_stay_reachable(tmp_path, capsys):
    from gm_console.cli import main
    from gm_console.host.screen_keys import plan

    host = loose(tmp_path, {"alpha.py": screen_plugin("alpha", "f10"),
                            "beta.py": screen_plugin("beta", "f10")})
    keys = {entry.screen_id: entry.key for entry in plan(host).entries}
    assert (keys["alpha.main"], keys["beta.main"]) == ("f10", "f11")  # first loaded keeps it
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "screen beta.main asked for f10, alpha.main's already; it has f11" in out
    assert "screen alpha.main: f10" in out


def test_a_key_remapped_onto_a_core_screen_is_refused_by_precedence(tmp_path, capsys):
    import json

    from gm_console.cli import main

    write_settings(tmp_path, '[keys]\n"travel.planner" = "f3"\n')
    assert main(["plugins", "--json"]) == 0
    travel = next(r for r in json.loads(capsys.readouterr().out) if r["name"] == "travel")
    assert travel["screens"][0]["key"] not in ("f3", "")
    assert travel["key_collisions"] == [
        f"screen travel.planner asked for f3, party's already; it has "
        f"{travel['screens'][0]['key']}"]


def test_an_optional_implementation_of_a_hook_whose_declarer_is_off_loads_uncalled(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "shield.py").write_text(
        "from gm_console import hookimpl\n"
        "@hookimpl(optionalhook=True)\n"
        "def worn_prompt(session):\n"
        "    return {'question': 'shield', 'hint': '', 'read': None}\n")
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\ndisabled = ["encumbrance"]\n')
    host = Host().load()
    assert host.plugins["shield"].status == "loaded", host.plugins["shield"].error
    assert host.plugins["armour"].status == "loaded", host.plugins["armour"].error
    assert "worn_prompt" not in host.declared_hooks


HEARS_REASONS = """
from gm_console import hookimpl
@hookimpl
def time_passed(ctx, seconds, reason):
    ctx.section("ears").setdefault("reasons", []).append(reason)
"""


def test_the_reasons_a_rest_gives_time_passed_are_the_documented_ones(tmp_path, make_store):
    from gm_console.contract import hookspecs
    host = loose(tmp_path, {"ears.py": HEARS_REASONS})
    store = Store(make_store().state, host)
    for op in ("rest.long", "rest.short"):
        outcome = store.apply(op)
        assert outcome.ok, outcome.reason
    heard = store.state["plugins"]["ears"]["reasons"]
    assert heard == ["long rest", "short rest"]
    documented = " ".join((hookspecs.time_passed.__doc__ or "").split())
    assert all(f'"{reason}"' in documented for reason in heard)


TORCH_COLUMN = """
from gm_console import hookimpl
@hookimpl
def party_columns(character, session):
    return {"Torch": "lit"}
@hookimpl
def labels(language):
    return {"Torch": "Torche"} if language == "fr" else None
"""


async def test_a_plugins_party_column_title_is_said_in_the_readers_language(
        tmp_path, make_store, make_app):
    from gm_console.ui.widgets import SyncedTable

    loose(tmp_path, {"torchcol.py": TORCH_COLUMN})
    folder = tmp_path / "mine"
    write_settings(tmp_path, f'language = "fr"\n[plugins]\nfolders = ["{folder}"]\n')
    store = Store(make_store([{"name": "Aria"}]).state, Host().load())
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        for screen_key, table_id in (("f2", "#home-party"), ("f3", "#party")):
            await pilot.press(screen_key)
            await pilot.pause()
            table = pilot.app.screen.query_one(table_id, SyncedTable)
            titles = [str(column.label) for column in table.columns.values()]
            assert "Torche" in titles and "Torch" not in titles, titles


READS_ANOTHERS_VALUE = """
from gm_console import hookimpl
@hookimpl
def character_derived(character, session):
    load = session.derived_value("encumbrance", character)
    travel = session.derived_value("travel")
    return {"reader": {"category": load and load["category"], "travels": travel is not None,
                       "nothing": session.derived_value("no such plugin", character)}}
"""


def test_a_plugin_reads_anothers_derived_value_by_name(tmp_path, make_store):
    host = loose(tmp_path, {"reader.py": READS_ANOTHERS_VALUE})
    store = Store(make_store([{"name": "Aria", "strength": 15}]).state, host)
    session = store.session
    aria = session.characters[0]
    assert session.derived_value("reader", aria) == {
        "category": session.derived(aria)["encumbrance"]["category"], "travels": True,
        "nothing": None}
    assert session.derived_value("travel") == session.session_derived()["travel"]
    write_settings(tmp_path, f'[plugins]\nfolders = ["{tmp_path / "mine"}"]\n'
                             'disabled = ["encumbrance", "travel"]\n')
    alone = Store(store.state, Host().load()).session
    assert alone.derived_value("reader", alone.characters[0]) == {
        "category": None, "travels": False, "nothing": None}


EAGER_DICE_SCREEN = """
from gm_console import ScreenSpec, hookimpl
from gm_console.ui import StoreScreen
class Map(StoreScreen):
    BINDINGS = [("d", "draw", "Draw")]
@hookimpl
def register_screens(register):
    register(ScreenSpec("eager.map", "f10", "Eager: map", Map))
"""

LAZY_UNDO_SCREEN = """
from gm_console import ScreenSpec, hookimpl
@hookimpl
def register_screens(register):
    def factory(store):
        from textual.binding import Binding
        from gm_console.ui import StoreScreen
        class Sketch(StoreScreen):
            BINDINGS = [Binding("x,ctrl+z", "erase", "Erase")]
        return Sketch(store)
    register(ScreenSpec("lazy.sketch", "f10", "Lazy: sketch", factory))
@hookimpl
def register_operations(register):
    from gm_console import Operation
    register(Operation("lazy.ping", "Ping.", lambda ctx, p: "pong"))
"""


def test_a_screen_binding_the_dice_key_is_refused_at_load_by_name(tmp_path):
    host = loose(tmp_path, {"eager.py": EAGER_DICE_SCREEN})
    record = host.plugins["eager"]
    assert record.status == "failed"
    assert "screen eager.map (Map) binds d (dice), the console's own key on every screen" \
        in record.error
    assert "eager.map" not in host.screens
    from gm_console.text.i18n import Translator  # the console's notice says it in French too
    assert "l'écran eager.map (Map) lie d (dés), touche de la console sur chaque écran" \
        in Translator("fr", host)(record.error)


def test_a_keys_move_onto_a_screens_key_is_not_applied_and_said(tmp_path):
    """[keys] moving one of the app's actions onto a key a screen binds is the user's clash,
    not the plugin's: the move is not applied (said, and logged), the screen keeps its key,
    and the action its own (dice moved to g, which a screen binds: dice stays on d, where a
    plugin screen's own d is then refused). A screen key [keys] gives another screen is
    refused like the app's."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "eager.py").write_text(EAGER_DICE_SCREEN)
    (folder / "gauge.py").write_text(EAGER_DICE_SCREEN.replace('"d", "draw"', '"g", "gauge"')
                                     .replace("eager.map", "gauge.map").replace("Map", "Gauge"))
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n\n[keys]\ndice = "g"\n'
                             '"travel.planner" = "ctrl+t"\n')
    (folder / "tiller.py").write_text(EAGER_DICE_SCREEN.replace('"d", "draw"', '"ctrl+t", "t"')
                                      .replace("eager.map", "tiller.map"))
    host = Host().load()
    assert host.plugins["gauge"].status == "loaded" and "gauge.map" in host.screens
    assert "dice" not in host.keymap and host.keymap["travel.planner"] == "ctrl+t"
    assert [str(note) for note in host.keymap_notes] == [
        "[keys] dice = 'g' is not used: g is a key of the screen gauge.map; dice stays on d"]
    assert host.plugins["eager"].status == "failed" and "binds d (dice)" in \
        host.plugins["eager"].error
    assert "binds ctrl+t (screen travel.planner, [keys] travel.planner = 'ctrl+t')" \
        in host.plugins["tiller"].error


async def test_a_keys_move_onto_a_built_in_screens_key_keeps_the_screen(tmp_path, make_store,
                                                                          make_app):
    """Dice moved to c, the combat screen's condition key (a screen made when first opened):
    the combat screen opens, dice goes back to d, and the game master is told why."""
    write_settings(tmp_path, '[keys]\ndice = "c"\n')
    host = Host().load()
    store = Store(make_store([{"name": "Aria"}]).state, host)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        assert app.screen.nav_id == "combat.tracker"
        assert host.plugins["combat"].status == "loaded"
        said = [str(n.message) for n in app._notifications]
        assert any("[keys] dice = 'c' is not used: c is a key of the screen combat.tracker"
                   in text for text in said), said
        await pilot.press("f2")
        await pilot.pause()
        home = app.screen
        await pilot.press("d")  # dice are on d again
        await pilot.pause()
        from textual.widgets import Label

        assert app.screen is not home and any(
            "Dice expression" in str(label.render()) for label in app.screen.query(Label))


async def test_a_screen_made_when_opened_binding_undo_is_refused_and_its_plugin_named(
        tmp_path, make_store, make_app):
    host = loose(tmp_path, {"lazy.py": LAZY_UNDO_SCREEN})
    store = Store(make_store([{"name": "Aria"}]).state, host)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f10")
        await pilot.pause()
        assert app.screen.nav_id == "home"  # not opened
        record = host.plugins["lazy"]
        assert record.status == "failed" and "lazy.ping" not in host.operations
        assert "binds ctrl+z (undo)" in record.error and "lazy.sketch" in record.error
        said = [str(n.message) for n in app._notifications]
        assert any("plugin lazy switched off" in text and "ctrl+z (undo)" in text
                   for text in said), said


DECLARES_AND_MISSPELLS = """
from gm_console import Operation, hookimpl, hookspec
class hookspecs:
    @hookspec
    def weather_today(self, session, day: int) -> str | None:
        '''What the sky does on ``day``.

        Example::

            @hookimpl(optionalhook=True)
            def weather_today(session, day):
                return "rain"
        '''
@hookimpl(optionalhook=True)
def weather_today(session, day):
    return "fog"
@hookimpl
def register_operations(register):
    def ask(ctx, p):
        return str(ctx.ask("combat_take_actoin", combatant="Aria", kind="cast"))
    register(Operation("sky.ask", "Ask a misspelt hook.", ask))
"""


def test_plugins_hooks_lists_the_hosts_and_the_declared_hooks_with_their_arguments(
        tmp_path, capsys):
    from gm_console.cli import main

    loose(tmp_path, {"sky.py": DECLARES_AND_MISSPELLS})
    assert main(["plugins", "--hooks"]) == 0
    out = capsys.readouterr().out
    assert "  def time_passed(ctx: OpContext, seconds: int, reason: str) -> None" in out
    assert "  def weather_today(session, day: int) -> str | None" in out
    assert "declared by sky; implemented by: sky" in out
    assert "declared by combat; first answer wins; implemented by: spells" not in out
    assert main(["plugins", "--hooks", "--json"]) == 0
    import json
    listed = {hook["name"]: hook for hook in json.loads(capsys.readouterr().out)}
    assert listed["combat_take_action"]["declared_by"] == "combat"
    assert listed["combat_take_action"]["first_answer_wins"] is True
    assert listed["weather_today"]["implemented_by"] == ["sky"]
    assert "session: Session" in listed["combat_columns"]["signature"]


def test_plugins_hooks_counts_the_plugins_whose_files_answer_labels_and_help(tmp_path,
                                                                          capsys):
    """labels and help_text are answered by a plugin's files as by its code: a plugin with
    only ``labels.fr.toml`` and ``help.en.txt`` (every built-in one, a loose one here)
    implements them."""
    from gm_console.cli import main

    loose(tmp_path, {"lamp.py": "from gm_console import hookimpl\n",
                     "lamp.labels.fr.toml": '"Lamp" = "Lampe"\n',
                     "lamp.help.en.txt": "Lamps.\n"})
    assert main(["plugins", "--hooks", "--json"]) == 0
    import json
    listed = {hook["name"]: hook for hook in json.loads(capsys.readouterr().out)}
    assert {"lamp", "travel", "movement"} <= set(listed["labels"]["implemented_by"])
    assert {"lamp", "travel", "combat"} <= set(listed["help_text"]["implemented_by"])
    assert "lamp" not in listed["speed_steps"]["implemented_by"]
    assert main(["plugins", "--hooks"]) == 0
    out = capsys.readouterr().out
    labels = out[out.index("  def labels("):].split("\n")[2]
    assert "no loaded plugin" not in labels and "lamp" in labels


def test_asking_a_hook_nobody_declares_names_it(tmp_path, make_store):
    host = loose(tmp_path, {"sky.py": DECLARES_AND_MISSPELLS})
    store = Store(make_store([{"name": "Aria"}]).state, host)
    outcome = store.apply("sky.ask", {})
    assert not outcome.ok
    assert "no hook 'combat_take_actoin' (did you mean 'combat_take_action'?)" in outcome.reason
    assert "gm-console plugins --hooks" in outcome.reason
    assert "AttributeError" not in outcome.reason
