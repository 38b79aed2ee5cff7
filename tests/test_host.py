"""Plugin loading: entry points, loose files, settings, and plugins that break."""

from __future__ import annotations

from pathlib import Path

from plugin_fixtures import install

from gm_console.files import codec
from gm_console.host.manager import Host
from gm_console.state.store import Store

BUILT_INS = {"encumbrance", "armour", "travel", "terrain", "movement", "combat"}


def write_settings(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "user-config"
    folder.mkdir(exist_ok=True)
    (folder / "settings.toml").write_text(text)


def test_built_in_plugins_load_through_the_entry_point_group(host: Host) -> None:
    for name in BUILT_INS:
        record = host.plugins[name]
        assert record.status == "loaded", (name, record.error)
        assert record.source.startswith("entry point of gm-console")
        assert record.hooks


def test_hooks_are_found_as_pluggy_finds_them(host: Host, tmp_path: Path) -> None:
    """The host reads a module's names from its __dict__ (gm_console.host.manager._PluginManager):
    the hooks found, in every plugin and in a module holding each kind of hookable name, are
    pluggy's own."""
    import types

    import pluggy

    from gm_console import PROJECT, hookimpl
    from gm_console.contract import hookspecs

    class Holder:
        @staticmethod
        @hookimpl
        def help_text(language):
            return "static"

        @hookimpl
        def labels(self, language):
            return {}
    odd = types.ModuleType("odd")
    odd.help_text = Holder.__dict__["help_text"]  # a marked staticmethod at module level
    odd.labels = Holder().labels  # a bound method
    odd.home_status = lambda session: None  # a function without the marker: no hook
    odd.Holder, odd.pluggy, odd.constant = Holder, pluggy, 3
    modules = [host.pm.get_plugin(name) for name in sorted(BUILT_INS | {"core"})] + [odd]
    plain = pluggy.PluginManager(PROJECT)
    plain.add_hookspecs(hookspecs)
    ours = Host().pm
    assert sorted(n for n in vars(ours.hook) if not n.startswith("_")) == \
        sorted(n for n in vars(plain.hook) if not n.startswith("_"))
    for module in modules:
        plain.register(module)
        ours.register(module)
        assert sorted(hc.name for hc in ours.get_hookcallers(module)) == \
            sorted(hc.name for hc in plain.get_hookcallers(module)), module
    assert sorted(hc.name for hc in ours.get_hookcallers(odd)) == ["help_text", "labels"]


def test_third_party_package_found_through_its_entry_point(tmp_path, monkeypatch, make_store):
    install(tmp_path / "site", monkeypatch, "gm-console-example", "0.3.1",
            {"example": "gm_console_example"}, package="gm_console_example")
    host = Host().load()
    record = host.plugins["example"]
    assert (record.status, record.version) == ("loaded", "0.3.1")
    assert record.source == "entry point of gm-console-example"
    assert "example.cheer" in host.operations
    assert host.operations["example.cheer"].plugin == "example"


def test_loose_file_in_a_configured_folder(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "torches.py").write_text(
        "from gm_console import Operation, hookimpl\n"
        "@hookimpl\n"
        "def register_operations(register):\n"
        "    register(Operation('torch.light', 'Light a torch.', lambda ctx, p: 'lit'))\n")
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n')
    host = Host().load()
    assert host.plugins["torches"].status == "loaded"
    assert host.plugins["torches"].source == str(folder / "torches.py")
    assert "torch.light" in host.operations


def test_misspelled_hook_fails_loudly_and_names_the_hook(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "typo.py").write_text(
        "from gm_console import hookimpl\n"
        "@hookimpl\n"
        "def speed_step(character, session):\n"
        "    return []\n")
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n')
    record = Host().load().plugins["typo"]
    assert record.status == "failed"
    assert "'speed_step'" in record.error and "did you mean 'speed_steps'" in record.error


def test_plugin_that_fails_to_import_is_reported_and_the_rest_load(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "broken.py").write_text("import no_such_module_here\n")
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n')
    host = Host().load()
    assert host.plugins["broken"].status == "failed"
    assert "No module named 'no_such_module_here'" in host.plugins["broken"].error
    assert host.plugins["travel"].status == "loaded"


def test_settings_choose_which_plugins_load(tmp_path: Path) -> None:
    write_settings(tmp_path, '[plugins]\ndisabled = ["combat"]\n')
    host = Host().load()
    assert host.plugins["combat"].status == "disabled"
    assert not any(name.startswith("combat.") for name in host.operations)
    write_settings(tmp_path, '[plugins]\nenabled = ["travel"]\n')
    host = Host().load()
    assert host.plugins["travel"].status == "loaded"
    assert host.plugins["armour"].status == "disabled"


RAISING = (
    "from gm_console import Operation, hookimpl\n"
    "def _boom(ctx, params):\n"
    "    ctx.characters[0]['name'] = 'CHANGED'\n"
    "    raise ZeroDivisionError('boom')\n"
    "@hookimpl\n"
    "def register_operations(register):\n"
    "    register(Operation('boom.now', 'Raise.', _boom))\n"
    "@hookimpl\n"
    "def character_derived(character, session):\n"
    "    if character['name'] == 'Bram':\n"
    "        raise KeyError('derived')\n"
    "    return {'fine': {}}\n"
)


def boom_store(tmp_path: Path) -> Store:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "boom.py").write_text(RAISING)
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n')
    host = Host().load()
    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    for name in ("Aria", "Bram"):
        assert store.apply("character.add", {"name": name}).ok
    return store


def test_plugin_raising_in_a_hook_is_switched_off_and_the_others_answer(tmp_path):
    store = boom_store(tmp_path)
    session = store.session
    assert "fine" in session.derived(session.characters[0])
    derived = session.derived(session.characters[1])
    assert "fine" not in derived and "speed" in derived  # the others still answered
    record = store.host.plugins["boom"]
    assert record.status == "failed" and "KeyError" in record.error
    assert "boom.now" not in store.host.operations


def test_plugin_raising_in_an_operation_changes_nothing_and_is_switched_off(tmp_path):
    store = boom_store(tmp_path)
    before = store.state
    outcome = store.apply("boom.now")
    assert not outcome.ok
    assert "failed inside plugin 'boom'" in outcome.reason and "boom" in outcome.reason
    assert store.state is before
    assert [c["name"] for c in store.state["characters"]] == ["Aria", "Bram"]
    assert store.host.plugins["boom"].status == "failed"
    assert not store.apply("boom.now").ok  # gone, with a clear message
    assert "unknown operation" in store.apply("boom.now").reason


SLEEPING = (
    "import time\n"
    "from gm_console import hookimpl\n"
    "@hookimpl\n"
    "def character_derived(character, session):\n"
    "    time.sleep(0.2)\n"
    "    return {'slow': {}}\n"
)


def test_a_slow_hook_is_named_once_to_the_console_and_each_time_in_the_log(tmp_path, caplog):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "sleepy.py").write_text(SLEEPING)
    write_settings(tmp_path, f'slow_hook_seconds = 0.1\n[plugins]\nfolders = ["{folder}"]\n')
    host = Host().load()
    told: list[str] = []
    host.slow_listeners.append(told.append)
    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    assert store.apply("character.add", {"name": "Aria"}).ok
    with caplog.at_level("WARNING", logger="gm_console.host"):
        for _ in range(2):
            answers = host.call("character_derived", character=store.state["characters"][0],
                                session=store.session)
            assert {"slow": {}} in answers
    named = [m for m in told if m.startswith("plugin sleepy: hook character_derived took ")]
    assert len(named) == 1  # the console is told once
    logged = [r for r in caplog.records
              if r.getMessage().startswith("plugin sleepy: hook character_derived took ")]
    assert len(logged) >= 2  # the log each time
    assert host.plugins["sleepy"].status == "loaded"  # a slow plugin is named, not switched off


def test_slow_hook_seconds_must_be_a_positive_number(tmp_path):
    import pytest

    from gm_console.files.config import ConfigError

    write_settings(tmp_path, "slow_hook_seconds = 0\n")
    with pytest.raises(ConfigError, match="slow_hook_seconds must be a number of seconds above 0"):
        Host().config.slow_hook_seconds  # noqa: B018
