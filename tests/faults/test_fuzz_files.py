"""Malformed session files by the thousand (with GM_CONSOLE_SOAK=1): a real session (the demo,
a fight under way, a note) with one value swapped for anything TOML can hold, or its bytes cut
and garbled. Each is refused with a SessionFileError, or opened, shown, changed and saved: no
other exception, ever."""

from __future__ import annotations

import datetime
import functools
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from soak import FUZZ

from gm_console.files import codec
from gm_console.files.config import bundled_dir
from gm_console.headless import open_state, show
from gm_console.host.manager import Host
from gm_console.state.store import Store


# Made on first use, not when the file is collected: every worker of the suite collects it,
# and the fight's roll-offs alone import d20 (a fifth of a second).
@functools.cache
def _host() -> Host:
    return Host().load()


@functools.cache
def base_text() -> str:
    state = codec.read(bundled_dir() / "demo.toml", _host())
    store = Store(state, _host())
    for op, params in (("combat.start", {}), ("journal.note", {"text": "a note"}),
                       ("clock.advance", {"hours": 1})):
        assert store.apply(op, params).ok
    for name in [c["name"] for c in store.state["plugins"]["combat"]["combatants"]]:
        store.apply("combat.initiative", {"combatant": name, "value": 10})
    return codec.dumps(store.state)


def _leaves(value: Any, where: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [where] + [p for k, v in value.items() for p in _leaves(v, (*where, k))]
    if isinstance(value, list):
        return [where] + [p for i, v in enumerate(value) for p in _leaves(v, (*where, i))]
    return [where]


def _paths() -> list[tuple]:
    return [p for p in _leaves(tomllib.loads(base_text())) if p and p[0] != "journal"] + [
        ("journal",), ("journal", 0)]


PATHS = st.deferred(lambda: st.sampled_from(_paths()))
CUT = st.deferred(lambda: st.integers(0, len(base_text().encode())))
AT = st.deferred(lambda: st.integers(0, len(base_text().encode()) - 1))

SCALARS = st.one_of(
    st.integers(), st.sampled_from([0, -1, 1, 2 ** 63 - 1, -(2 ** 63), 10 ** 9, 86400]),
    st.floats(allow_nan=True), st.sampled_from([math.nan, math.inf, -math.inf, -0.0, 1e308]),
    st.text(max_size=20), st.sampled_from(["", "\x1b[2J", "[/x]", "18/50", "x" * 5000]),
    st.booleans(), st.dates(), st.times(),
    st.datetimes(min_value=datetime.datetime(1, 1, 2), max_value=datetime.datetime(9999, 1, 1)))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8)


def _replace(state: dict[str, Any], where: tuple, value: Any) -> dict[str, Any]:
    target = state
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    return state


def _exercise(path: Path, host: Host) -> None:
    try:
        state = open_state(path, host, create=False).state
    except codec.SessionFileError as error:
        assert str(error).startswith(str(path))
        return
    store = Store(state, host)
    show(store)
    session = store.session
    for character in session.characters:
        session.derived(character)
    store.apply("clock.advance", {"minutes": 10})
    tomllib.loads(codec.dumps(store.state))


@FUZZ
@given(where=PATHS, value=VALUES)
def test_any_value_anywhere_is_refused_or_works(tmp_path_factory, where, value):
    state = tomllib.loads(base_text())
    try:
        text = codec.dumps(_replace(state, where, value))
    except (TypeError, ValueError, IndexError, KeyError):
        return  # TOML cannot hold it (a date as a table key...): no file to read
    path = tmp_path_factory.mktemp("fuzz") / "s.toml"
    path.write_text(text)
    _exercise(path, Host().load())


@FUZZ
@given(cut=CUT, garble=st.lists(st.tuples(AT, st.binary(max_size=3)), max_size=3))
def test_cut_and_garbled_bytes_are_refused_or_work(tmp_path_factory, cut, garble):
    data = bytearray(base_text().encode())
    for at, junk in garble:
        data[at:at + len(junk)] = junk
    path = tmp_path_factory.mktemp("fuzz") / "s.toml"
    path.write_bytes(bytes(data[:cut]))
    _exercise(path, _host())


@pytest.mark.parametrize("where", [("clock", "day"), ("clock", "second")])
def test_the_clock_from_a_file_is_range_checked(tmp_path, host, where):
    path = tmp_path / "s.toml"
    path.write_text(codec.dumps(_replace(tomllib.loads(base_text()), where, 2 ** 63 - 1)))
    with pytest.raises(codec.SessionFileError):
        open_state(path, host, create=False)
