"""Fixtures for testing a gm-console plugin, as a pytest plugin. In the plugin's tests::

    # conftest.py
    pytest_plugins = ["gm_console.testing"]

    # test_light.py
    def test_a_torch_burns_down(gm_store):
        store = gm_store(characters=[{"name": "Aria"}], plugins=["light"])
        assert store.apply("light.torch", {"who": "Aria"}).ok

    async def test_the_screen(gm_store, gm_pilot):
        async with gm_pilot(gm_store(plugins=["light"])) as pilot:   # 80x24
            await pilot.press("f10")

A plugin switched off during a test (at load, or by a hook or an operation that raised) is
said on stderr with its traceback, which pytest shows beside a failing test.

Every test gets its own empty settings and data folders (a developer's own settings never leak
in), Python's ``random`` seeded, so dice are the same on every run, and ``pilot.press`` of
several keys sends each once the one before it is handled.
"""

from __future__ import annotations

import contextlib
import random
import sys
import tomllib
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterable

import pytest
import tomli_w

from gm_console.files import codec
from gm_console.host.manager import Host
from gm_console.state.store import Store

SIZE = (80, 24)  # the smallest terminal the console is made for


@pytest.fixture(autouse=True)
def gm_isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Empty user config and data folders for the test; returns the config folder, where a
    test may write a ``settings.toml`` or a ``<plugin>.toml`` of house rules."""
    folder = tmp_path / "gm-config"
    folder.mkdir()
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", str(folder))
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "gm-data"))
    for chooser in ("GM_CONSOLE_PLUGINS", "GM_CONSOLE_TRACE_PLUGINS"):  # gm_host chooses
        monkeypatch.delenv(chooser, raising=False)
    random.seed(1234)
    return folder


@pytest.fixture(autouse=True)
def one_key_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pilot.press("f5", "b")`` sends ``b`` after ``f5`` only once the app has handled
    ``f5`` (the screen in front has processed what it was sent), as Pilot already waits after
    the last key. Textual's own wait between keys is a guess that the process is idle, which
    a loaded machine (parallel test workers, other programs) can make too early: ``b`` then
    reached the screen that F5 was replacing."""
    from textual.pilot import Pilot

    press = Pilot.press

    async def each_in_turn(self: Pilot, *keys: str) -> None:
        for key in keys:
            await press(self, key)

    monkeypatch.setattr(Pilot, "press", each_in_turn)


@pytest.fixture
def gm_host(gm_isolated: Path) -> Callable[..., Host]:
    """``gm_host(plugins=["light"])``: a host with only these plugins (and the core) loaded;
    ``gm_host()`` loads every installed plugin. ``settings`` (TOML text, a ``[plugins]`` table
    included) go in the user's settings.toml; ``plugins`` replaces that table's ``enabled``."""
    def make(plugins: Iterable[str] | None = None, settings: str = "") -> Host:
        chosen = tomllib.loads(settings)
        if plugins is not None:
            chosen.setdefault("plugins", {})["enabled"] = list(plugins)
        (gm_isolated / "settings.toml").write_text(tomli_w.dumps(chosen))
        host = Host().load()
        for record in host.plugins.values():
            if record.status == "failed":
                _tell(record)
        host.failure_listeners.append(_tell)
        return host
    return make


def _tell(record: Any) -> None:
    """A plugin switched off, said on stderr with its traceback: pytest shows it beside the
    test that fails (the refusal or the missing value alone seldom says where)."""
    print(f"gm-console: plugin {record.name} switched off: {record.error}\n"
          f"{record.traceback}", file=sys.stderr)


@pytest.fixture
def gm_store(gm_host: Callable[..., Host]) -> Callable[..., Store]:
    """``gm_store(characters=[{"name": "Aria", "strength": 15}], plugins=["light"])``: a
    store on a new session, characters added through ``character.add`` as a user would."""
    def make(characters: list[dict[str, Any]] | None = None,
             plugins: Iterable[str] | None = None, host: Host | None = None) -> Store:
        host = host or gm_host(plugins)
        store = Store(codec.prepare(codec.new_session("test"), host, "test"), host)
        for character in characters or []:
            outcome = store.apply("character.add", {k: v for k, v in character.items()
                                                    if k != "items"})
            assert outcome.ok, outcome.reason
            for item in character.get("items", []):
                added = store.apply("item.add", {"character": character["name"], **item})
                assert added.ok, added.reason
        return store
    return make


@pytest.fixture
def gm_pilot(tmp_path: Path) -> Callable[..., Any]:
    """``async with gm_pilot(store) as pilot``: the console on ``store`` at 80x24 (or
    ``size=``), saving to a file under the test's folder; ``pilot.app.store`` is the store."""
    @contextlib.asynccontextmanager
    async def run(store: Store, size: tuple[int, int] = SIZE) -> AsyncIterator[Any]:
        from gm_console.files.saver import Saver
        from gm_console.ui.app import app_class

        path = tmp_path / "session.toml"
        saver = Saver(path)
        store.on_save = saver.schedule
        app = app_class(store.host)(store, path, saver)
        try:
            async with app.run_test(size=size) as pilot:
                yield pilot
        finally:
            saver.close()
    return run
