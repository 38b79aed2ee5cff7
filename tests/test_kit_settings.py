"""The authors' kit's ``gm_host``, as a plugin's tests use it (its fixtures, not the suite's)."""

from __future__ import annotations

from gm_console.testing import gm_host, gm_isolated  # noqa: F401  (the kit's fixtures)


def test_the_kits_host_takes_settings_with_their_own_plugins_table(gm_host):
    host = gm_host(plugins=["travel", "combat"],
                   settings='language = "fr"\n[plugins]\ndisabled = ["combat"]\n')
    assert host.config.settings["language"] == "fr"
    assert host.plugins["travel"].status == "loaded"
    assert host.plugins["combat"].status != "loaded"
    assert host.plugins.get("encumbrance") is None or host.plugins["encumbrance"].status != "loaded"


def test_the_kit_says_a_switched_off_plugin_with_its_traceback(gm_host, tmp_path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "torch.py").write_text(
        "from gm_console import hookimpl\n"
        "@hookimpl\n"
        "def character_derived(character, session):\n"
        "    return {'torch': 1 / 0}\n")
    (folder / "lamp.py").write_text("raise ImportError('no oil')\n")
    host = gm_host(settings=f'[plugins]\nfolders = ["{folder}"]\n')
    said = capsys.readouterr().err
    assert "plugin lamp switched off: import failed: ImportError: no oil" in said
    assert "Traceback (most recent call last)" in said
    from gm_console.files import codec
    from gm_console.state.store import Store

    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    assert store.apply("character.add", {"name": "Aria"}).ok
    store.session.derived(store.session.characters[0])
    said = capsys.readouterr().err
    assert "plugin torch switched off: character_derived raised ZeroDivisionError" in said
    assert "torch.py\", line 4" in said and "return {'torch': 1 / 0}" in said
