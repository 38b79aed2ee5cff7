"""Incremental saves: the saver's text is tomli_w's text of the whole state, byte for byte,
while it re-serialises only what the last operation replaced."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from gm_console.files import codec, serialise, toml_writer
from gm_console.files.saver import Saver, without_journal
from gm_console.host.manager import Host
from gm_console.state.store import Store

DEMO = Path(__file__).resolve().parents[1] / "gm_console_config" / "demo.toml"

ODD = {
    "format_version": 1, "characters": [], "list": [1, 2], "journal": [{"a": 1}],
    "zeta": {"x": [{"a": 1}, {"b": "x" * 200}], "sub": {"q": 1}},
    "rolls": {"pending": [{"x": 1}]},
    "plugins": {"lit": 3, "p q": {"a": [{"n": 1}], "t": {"u": 2}}, "short": [{"a": 1}],
                "mixed": [{"a": 1}, {"b": "y" * 150}], "empty": {}},
}


def whole(state) -> str:
    return tomli_w.dumps(serialise.ordered(state))


def test_the_text_is_tomli_w_s_for_every_shape_a_session_can_take() -> None:
    # Short tables inline, long ones as [[arrays]], quoted keys, empty tables, a journal of
    # one short line (inline) and of short and long lines (every line a [[journal]] table).
    assert serialise.Serialiser().dumps(ODD) == whole(ODD)
    mixed = {**ODD, "journal": [{"a": 1}, {"text": "z" * 120}, {"a": 2}]}
    assert serialise.Serialiser().dumps(mixed) == whole(mixed)
    assert tomllib.loads(serialise.Serialiser().dumps(mixed)) == mixed


def test_saves_after_operations_and_undo_match_a_fresh_serialisation(host: Host) -> None:
    store = Store(codec.read(DEMO, host), host)
    serialiser = serialise.Serialiser()
    assert serialiser.dumps(store.state) == whole(store.state)
    steps = [("item.add", {"character": "Bram", "name": "torch", "weight_lb": 1}),
             ("clock.advance", {"minutes": 30}), ("travel.pace", {"pace": "fast"}),
             ("combat.start", {}), ("character.remove", {"character": "Aria"})]
    for name, params in steps:
        assert store.apply(name, params).ok
        assert serialiser.dumps(store.state) == whole(store.state), name
    for _ in range(3):
        assert store.undo().ok
        assert serialiser.dumps(store.state) == whole(store.state)


def test_a_save_after_one_operation_serialises_only_what_it_changed(host: Host,
                                                                     monkeypatch) -> None:
    store = Store(codec.read(DEMO, host), host)
    for n in range(300):
        store.apply("journal.note", {"text": f"note {n}: the rain does not stop, " * 2})
    serialiser = serialise.Serialiser()
    serialiser.dumps(store.state)
    written = []
    real = toml_writer.dumps

    def counting(obj, **kwargs):
        written.append(real(obj, **kwargs))
        return written[-1]
    monkeypatch.setattr(serialise.toml_writer, "dumps", counting)
    assert store.apply("item.add", {"character": "Bram", "name": "torch"}).ok
    text = serialiser.dumps(store.state)
    # Bram, the journal's new line, the top-level values: not the 300 lines nor Aria.
    assert sum(map(len, written)) < len(text) / 20, written
    assert text == whole(store.state)


def test_the_saver_writes_what_the_codec_reads_back(tmp_path: Path, host: Host) -> None:
    path = tmp_path / "s.toml"
    store = Store(codec.read(DEMO, host), host)
    saver = Saver(path)
    for minutes in (10, 20):
        store.apply("clock.advance", {"minutes": minutes})
        saver.schedule(store.state)
        assert saver.flush()
        assert codec.read(path, host) == store.state
    saver.close()


def test_a_primed_saver_writes_nothing_and_its_first_save_is_incremental(
        tmp_path: Path, host: Host, monkeypatch) -> None:
    path = tmp_path / "s.toml"
    store = Store(codec.read(DEMO, host), host)
    for n in range(200):
        store.apply("journal.note", {"text": f"note {n}: the rain does not stop, " * 2})
    saver = Saver(path)
    saver.prime(store.state, after=0)
    deadline = time.monotonic() + 10
    while not saver._serialiser._texts[serialise._element] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not path.exists()  # priming serialises, never writes
    written = []
    real = toml_writer.dumps
    monkeypatch.setattr(serialise.toml_writer, "dumps",
                        lambda obj, **kw: written.append(real(obj, **kw)) or written[-1])
    store.apply("clock.advance", {"minutes": 1})
    saver.schedule(store.state)
    assert saver.flush()
    saver.close()
    # the clock's table, the plugins' that react to time: no character, no journal line
    assert written and not any("[[characters]]" in piece or "rain" in piece
                               for piece in written)
    assert codec.read(path, host) == store.state  # the journal from its own file


def test_a_burst_of_changes_is_one_save_and_flush_does_not_wait_for_the_delay(
        tmp_path: Path, host: Host, monkeypatch) -> None:
    path = tmp_path / "s.toml"
    writes = []
    real = codec.write_atomic
    monkeypatch.setattr(codec, "write_atomic", lambda p, text: writes.append(p) or real(p, text))
    store = Store(codec.read(DEMO, host), host)
    saver = Saver(path, delay=60)  # a save would wait a minute for more changes
    for minutes in (1, 2, 3):
        store.apply("clock.advance", {"minutes": minutes})
        saver.schedule(store.state)
    assert saver.flush(timeout=10)
    assert writes == [path] and codec.read(path, host) == store.state
    store.apply("clock.advance", {"minutes": 4})
    saver.schedule(store.state)
    saver.close()  # closing saves what is pending, at once
    assert len(writes) == 2 and codec.read(path, host) == store.state


def test_a_save_being_serialised_gives_way_to_keys_for_a_while_and_a_flush_never_waits(
        tmp_path: Path, host: Host, monkeypatch) -> None:
    """Saver.hold (each key press): the first save of a big campaign serialises every line;
    it waits between them while keys are being answered, two seconds at most in all (keys
    pressed without a pause do not hold a save back for ever), and writes the whole state.
    flush() (quitting, a signal) does not wait for the keys."""
    from gm_console.files import saver as saver_module

    store = Store(codec.read(DEMO, host), host)
    for n in range(50):
        store.apply("journal.note", {"text": f"note {n}"})
    path = tmp_path / "s.toml"
    monkeypatch.setattr(Saver, "KEY_QUIET", 3600)  # a key holds it for an hour: keys never stop
    saver = Saver(path)
    clock = [1000.0]
    waited: list[float] = []

    def sleep(seconds: float) -> None:
        waited.append(seconds)
        clock[0] += seconds
    monkeypatch.setattr(saver_module, "monotonic", lambda: clock[0])
    monkeypatch.setattr(saver_module, "sleep", sleep)
    saver.hold()
    saver.write(store.state)
    assert waited and sum(waited) == Saver.GIVE_WAY_AT_MOST
    assert codec.read(path, host) == store.state
    waited.clear()
    store.apply("journal.note", {"text": "one more"})
    saver.schedule(store.state)  # holds, as a key would: the flush goes through anyway
    assert saver.flush(timeout=10)
    assert waited == [] and codec.read(path, host) == store.state
    saver.close()


def test_priming_gives_way_to_keys_for_as_long_as_they_come(
        tmp_path: Path, host: Host, monkeypatch) -> None:
    """Priming saves nothing: it waits between lines until PRIMING_QUIET seconds after the
    last key, with no bound in all (a save's is GIVE_WAY_AT_MOST), then makes the whole
    text. A campaign of 50,000 journal lines is seconds of priming, which shared the
    interpreter with the journal screen's keys: their repaints took twice as long."""
    from gm_console.files import saver as saver_module

    store = Store(codec.read(DEMO, host), host)
    for n in range(20):
        store.apply("journal.note", {"text": f"note {n}"})
    saver = Saver(tmp_path / "s.toml", delay=0.01)
    clock = [1000.0]
    waited: list[float] = []

    def sleep(seconds: float) -> None:
        waited.append(seconds)
        clock[0] += seconds
        if len(waited) < 20:
            saver.hold()  # a key each time it looks
    monkeypatch.setattr(saver_module, "monotonic", lambda: clock[0])
    monkeypatch.setattr(saver_module, "sleep", sleep)
    saver.hold()
    assert saver._serialised(store.state, priming=True) == serialise.dumps(store.state)
    assert waited == [Saver.PRIMING_QUIET] * 20
    assert sum(waited) > Saver.GIVE_WAY_AT_MOST
    saver.close()


@pytest.mark.parametrize("stop", ["a save", "closing"])
def test_priming_stops_for_a_save_which_reuses_its_text_or_for_closing(
        tmp_path: Path, host: Host, monkeypatch, stop: str) -> None:
    """A save due while priming goes first, serialising only the pieces priming had not
    made; quitting does not wait for priming to end."""
    store = Store(codec.read(DEMO, host), host)
    for n in range(40):
        store.apply("journal.note", {"text": f"note {n}"})
    # the tables' headers are made once in the process (lru_cache): made before counting, or
    # the count depends on whether an earlier test in this worker made them
    serialise.Serialiser().dumps(without_journal(store.state))
    pieces = len(_rendered_by(serialise.Serialiser().dumps, without_journal(store.state),
                              monkeypatch))
    path = tmp_path / "s.toml"
    saver = Saver(path, delay=0)
    rendered: list[str] = []
    real = toml_writer.dumps

    def dumps(obj: Any, **kw: Any) -> str:
        rendered.append(real(obj, **kw))
        if len(rendered) == 10:  # ten pieces in (on the saver's thread)
            if stop == "a save":
                saver.schedule(store.state)
            else:
                saver._closed = True  # what close() sets before it waits for the thread
        return rendered[-1]
    monkeypatch.setattr(serialise.toml_writer, "dumps", dumps)
    saver.prime(store.state, after=0)
    if stop == "a save":
        deadline = time.monotonic() + 10
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert saver.flush()
        assert codec.read(path, host) == store.state
        assert len(rendered) == pieces  # none made twice
    else:
        saver._thread.join(timeout=10)
        assert not saver._thread.is_alive() and 10 <= len(rendered) < pieces
    saver.close()


def _rendered_by(call: Any, state: Any, monkeypatch) -> list[str]:
    """The pieces the writer renders during ``call(state)``."""
    rendered: list[str] = []
    real = toml_writer.dumps
    with monkeypatch.context() as patched:
        patched.setattr(serialise.toml_writer, "dumps",
                        lambda obj, **kw: rendered.append(real(obj, **kw)) or rendered[-1])
        call(state)
    return rendered


def _journal_state(lines: int = 30) -> dict[str, Any]:
    """The demo with ``lines`` journal lines, each too long to be written inline, one with
    a table and an array of its own."""
    state = tomllib.loads(DEMO.read_text())
    state["journal"] = [{"day": 1, "second": 28800 + n, "kind": "note",
                         "text": f"note {n}: the rain does not stop, the road is long"}
                        for n in range(lines)]
    state["journal"][3]["extra"] = {"who": ["Aria", "Bram"], "where": {"x": 1}}
    return state


def _old_pieces(rendered: list[str], names: list[str]) -> int:
    return sum(any(name in piece for name in names) for piece in rendered)
