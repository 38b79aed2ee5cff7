"""Shared fixtures. Every test runs with its own empty config and data folders, so a
developer's own settings and sessions never leak in (harlequin's no_discovered_config)."""

from __future__ import annotations

import contextlib
import functools
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from hypothesis import settings

from gm_console.files import codec
from gm_console.host.manager import Host
from gm_console.state.store import Store
from gm_console.testing import one_key_at_a_time  # noqa: F401  (autouse: the authors' kit's)

# The suite times nothing (bench/ measures speed): Hypothesis's deadline, 200 ms an example by
# default, is a timed assertion, and on a shared 2-core machine a stall failed it (an example's
# first call took 350 ms, 0.15 ms when Hypothesis ran it again to check).
settings.register_profile("gm-console", deadline=None)
settings.load_profile("gm-console")


def pytest_configure(config: pytest.Config) -> None:
    # Pilot waits after each key until every widget of the screen has run a callback it
    # hands them, wrapped anew for each, and Textual reads that callback's signature again
    # for each (inspect.signature: 5-10% of the CPU of a test driving the console by keys).
    # A function's parameters do not change: counted once per function.
    from textual import _callback
    _callback._count_parameters = functools.lru_cache(maxsize=256)(_callback._count_parameters)
    _paint_headless_screens_once()
    _parse_each_stylesheet_once()


def _parse_each_stylesheet_once() -> None:
    """Each app parses its CSS (Textual's defaults, every widget's, ours) into rules anew, a
    sixth of the CPU of starting a Pilot app. The rules a text gives with the same theme
    variables are the same, and nothing changes them once parsed: parsed once per worker."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple[Any, ...], Any] = {}

    def parse_rules_once(self: Stylesheet, css: str, **how: Any) -> Any:
        key = (css, *sorted(how.items()), *self._variables.items())
        if key not in parsed:
            parsed[key] = parse_rules(self, css, **how)
        return parsed[key]

    Stylesheet._parse_rules = parse_rules_once  # type: ignore[method-assign, assignment]


def _paint_headless_screens_once() -> None:
    """A Pilot app is headless: Textual paints each changed frame of its screen (every visible
    widget's lines, cut into the terminal's cells) and then throws the frame away unseen, as
    its headless driver writes nothing. That painting was a quarter of the CPU of the tests
    that drive the console by keys. So a headless app's screen is not painted as it changes,
    unless a test watches what is painted (it sets ``app._display``, as test_repaints does,
    or asks ``render_strips``); instead the screen a test ends on is painted once, whole, so
    a widget that cannot draw what it holds still fails its test. Layouts, sizes, and every
    widget's state are as before. The console itself, the live tests' consoles in their
    terminals and the snapshots are painted as ever."""
    from textual.app import App
    from textual.screen import Screen

    refresh = Screen._compositor_refresh

    def refresh_unless_unseen(self: Screen) -> None:
        app = self.app
        if not (app.is_headless and self is app.screen and "_display" not in vars(app)
                and not app.is_inline):
            return refresh(self)
        self._compositor._dirty_regions.clear()  # as a paint leaves them
        self._dirty_widgets.clear()
        app._update_mouse_over(self)

    run_test = App.run_test

    @contextlib.asynccontextmanager
    async def run_test_painting_the_end(self: App, *args: Any, **kwargs: Any) -> Any:
        async with run_test(self, *args, **kwargs) as pilot:
            yield pilot
            if self.is_running and self.screen_stack:
                self.screen._compositor.render_update(full=True)

    Screen._compositor_refresh = refresh_unless_unseen  # type: ignore[method-assign]
    App.run_test = run_test_painting_the_end  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "user-data"))
    # The consoles under test draw as in one terminal, whichever the suite is run from (tmux's
    # 256 colours, a dumb one): what they draw and how many bytes it takes are the same.
    monkeypatch.setenv("TERM", "xterm-256color")
    for name in ("COLORTERM", "NO_COLOR", "FORCE_COLOR", "GM_CONSOLE_PLUGINS",
                 "GM_CONSOLE_TRACE_PLUGINS"):
        monkeypatch.delenv(name, raising=False)
    # Live sessions' sockets: a short path (a Unix socket's is at most 107 bytes) of the test's own
    runtime = Path(tempfile.mkdtemp(prefix="gmc-"))
    monkeypatch.setenv("GM_CONSOLE_RUNTIME_DIR", str(runtime))
    random.seed(1234)  # d20 rolls from Python's random: every test sees the same dice
    yield
    shutil.rmtree(runtime, ignore_errors=True)


@pytest.fixture
def french(tmp_path: Path) -> Callable[[Store], Any]:
    """The user's settings say French (a host loaded from now on reads them); ``french(store)``
    loads the store's host again with them and gives the reader's translator."""
    from gm_console.text.i18n import Translator

    folder = tmp_path / "user-config"  # GM_CONSOLE_CONFIG_DIR of ``isolated``
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.toml").write_text('language = "fr"\n', encoding="utf-8")

    def reload(store: Store) -> Any:
        store.host = Host().load()
        return Translator("fr", store.host)
    return reload


@pytest.fixture
def host() -> Host:
    return Host().load()


@pytest.fixture
def make_store(host: Host) -> Callable[..., Store]:
    """``make_store(characters=[...], plugins={...})``: a store on a new session."""
    def make(characters: list[dict[str, Any]] | None = None, **tables: Any) -> Store:
        state = codec.prepare(codec.new_session("test"), host, "test")
        store = Store(state, host)
        for character in characters or []:
            fields = {k: v for k, v in character.items() if k != "items"}
            outcome = store.apply("character.add", fields)
            assert outcome.ok, outcome.reason
            for item in character.get("items", []):
                assert store.apply("item.add", {"character": character["name"], **item}).ok
        for key, value in tables.items():
            state = dict(store.state)
            state[key] = value
            store.state = state
        return store
    return make


@pytest.fixture
def store(make_store: Callable[..., Store]) -> Store:
    return make_store([{"name": "Aria", "strength": 17, "dexterity": 16, "constitution": 14},
                       {"name": "Bram", "race": "dwarf", "strength": "18/50",
                        "constitution": 16}])


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., Any]:
    """``make_app(store)``: the TUI on a store, saving to a file under tmp_path; use as
    ``async with make_app(store).run_test(size=(100, 30)) as pilot``."""
    from gm_console.files.saver import Saver
    from gm_console.ui.app import app_class

    def make(store: Store, path: Path | None = None, **kwargs: Any) -> Any:
        path = path or tmp_path / "session.toml"
        saver = Saver(path)
        store.on_save = saver.schedule
        return app_class(store.host)(store, path, saver, **kwargs)
    return make


# -- the order of a run: longest first -------------------------------------------------------
# dev.py hands the tests to its workers one or two at a time in the order of the collection
# (pytest-xdist's load scheduling); a long test met late leaves one worker running it alone
# at the end. So each run starts with the tests that took longest last time (a test not run
# before first of all: it may be long), and records what each took for the next run, in
# pytest's own cache (.pytest_cache, which git ignores). The tests themselves do not change;
# only when each runs does.

DURATIONS = "gm-console/durations"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    cache = getattr(config, "cache", None)  # none with -p no:cacheprovider
    last: dict[str, float] = cache.get(DURATIONS, {}) if cache is not None else {}
    if last:  # every worker reads the same record, so all collect in the same order
        items.sort(key=lambda item: -last.get(item.nodeid, float("inf")))


_took: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # In the process that reports: pytest-xdist's controller gets every worker's reports.
    _took[report.nodeid] = _took.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _took:
        return  # a worker's are reported to the controller, which writes them once
    cache.set(DURATIONS, {**cache.get(DURATIONS, {}), **{k: round(v, 2) for k, v in _took.items()}})
