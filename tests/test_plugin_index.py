"""The index of installed plugins (gm_console.host.plugin_index): read again whenever a package is
installed or its entry points change, and never taken from anyone else."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from plugin_fixtures import install

from gm_console.files import signed
from gm_console.files.paths import data_dir
from gm_console.host import plugin_index
from gm_console.host.manager import ENTRY_POINT_GROUP, Host

PLUGIN = "from gm_console import hookimpl\n\n@hookimpl\ndef labels(language):\n    return None\n"


def names(host: Host) -> set[str]:
    return {record.name for record in host.plugins.values() if record.status == "loaded"}


def test_a_plugin_installed_after_the_index_was_written_is_found(tmp_path, monkeypatch):
    site = tmp_path / "site"
    install(site, monkeypatch, "gm-console-first", "1.0", {"first": "first_plugin"},
            package="first_plugin", source=PLUGIN)
    assert "first" in names(Host().load())
    assert list(data_dir().glob("entry-points-*.cache"))
    install(site, monkeypatch, "gm-console-second", "2.0", {"second": "second_plugin"},
            package="second_plugin", source=PLUGIN)
    host = Host().load()
    assert {"first", "second"} <= names(host)
    assert host.plugins["second"].version == "2.0"
    assert host.plugins["second"].source == "entry point of gm-console-second"


def test_entry_points_edited_in_place_are_read_again(tmp_path, monkeypatch):
    site = tmp_path / "site"
    install(site, monkeypatch, "gm-console-moving", "1.0", {"moving": "old_place"},
            package="old_place", source=PLUGIN)
    (site / "new_place.py").write_text(PLUGIN)
    assert "moving" in names(Host().load())
    (site / "gm_console_moving-1.0.dist-info" / "entry_points.txt").write_text(
        "[gm_console.plugins]\nmoved = new_place\n")
    assert {"moved"} <= names(Host().load()) and "moving" not in names(Host().load())


def test_a_process_reads_the_installed_distributions_again_only_when_they_change(
        tmp_path, monkeypatch):
    import importlib.metadata

    reads = []
    read = importlib.metadata.entry_points
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda **how: reads.append(how) or read(**how))
    site = tmp_path / "site"
    install(site, monkeypatch, "gm-console-first", "1.0", {"first": "first_plugin"},
            package="first_plugin", source=PLUGIN)
    assert "first" in names(Host().load()) and len(reads) == 1
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "another-data-folder"))
    assert "first" in names(Host().load()) and len(reads) == 1
    assert list(data_dir().glob("entry-points-*.cache"))  # the new folder has its index
    install(site, monkeypatch, "gm-console-second", "2.0", {"second": "second_plugin"},
            package="second_plugin", source=PLUGIN)
    assert {"first", "second"} <= names(Host().load()) and len(reads) == 2


def test_an_index_written_by_anyone_else_is_ignored(tmp_path, monkeypatch):
    marker = tmp_path / "ran"
    (tmp_path / "planted.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    truth = names(Host().load())
    index, = data_dir().glob("entry-points-*.cache")
    about = plugin_index._fingerprint(ENTRY_POINT_GROUP)
    with monkeypatch.context() as elsewhere:  # someone else's key
        elsewhere.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "someone-else"))
        assert signed.store(index, about, [["planted", "planted", ""]], ".t.")
    assert names(Host().load()) == truth
    assert not marker.exists()
    index.write_text('{"format": 1}\n[["planted", "planted", ""]]')
    assert names(Host().load()) == truth
    assert not marker.exists()


def test_a_start_with_the_index_does_not_import_importlib_metadata(tmp_path):
    script = textwrap.dedent("""
        import sys
        from gm_console.host.manager import Host
        host = Host().load()
        print(sorted(r.name for r in host.plugins.values() if r.status == "loaded"))
        print("importlib.metadata" in sys.modules)
    """)
    env = {"GM_CONSOLE_DATA_DIR": str(tmp_path / "data"),
           "GM_CONSOLE_CONFIG_DIR": str(tmp_path / "config"), "PATH": "/usr/bin:/bin"}
    first, second = (subprocess.run([sys.executable, "-c", script], capture_output=True,
                                    text=True, env=env, check=True, cwd=tmp_path).stdout
                     for _ in range(2))
    plugins, imported = first.splitlines()
    assert imported == "True" and "travel" in plugins
    assert second.splitlines() == [plugins, "False"]
