"""The session's TOML writer writes tomli_w's text, byte for byte, whatever the document, and
leaves to tomli_w what it does not write itself (which then says what is wrong)."""

from __future__ import annotations

import datetime
import math
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.files import codec, serialise, toml_writer
from gm_console.host.manager import Host
from gm_console.state.store import Store
from gm_console.text.said import say

DEMO = Path(__file__).resolve().parents[1] / "gm_console_config" / "demo.toml"

KEYS = st.one_of(st.sampled_from(["day", "a b", "", "é", "x.y", 'q"', "k-1_2", "\n", "\x7f"]),
                 st.text(max_size=6))
SCALARS = st.one_of(
    st.text(max_size=12), st.sampled_from(["\x00\x08\t\n\x0b\x0c\r\x1f\x7f", '"\\', "é→✓"]),
    st.builds(lambda text: say("{x}!", x=text), st.text(max_size=5)),
    st.integers(), st.sampled_from([2 ** 70, -(2 ** 63)]), st.booleans(),
    st.floats(allow_nan=True), st.sampled_from([math.inf, -0.0, 1e308, 0.1]),
    st.dates(), st.datetimes(),
    st.datetimes(timezones=st.just(datetime.timezone(datetime.timedelta(hours=2)))),
    st.text(min_size=90, max_size=120))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.lists(inner, max_size=3).map(tuple),
    st.dictionaries(KEYS, inner, max_size=4),
    st.lists(st.dictionaries(KEYS, inner, max_size=3), min_size=1, max_size=3)),
    max_leaves=12)
DOCUMENTS = st.dictionaries(KEYS, VALUES, max_size=6)


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(DOCUMENTS)
def test_any_document_is_written_as_tomli_w_writes_it(document: dict[str, Any]) -> None:
    expected = tomli_w.dumps(document)
    with pytest.MonkeyPatch.context() as patched:  # all of it written here, not by tomli_w
        patched.setattr(toml_writer.tomli_w, "dumps", _refuse)
        assert toml_writer.dumps(document) == expected


def _refuse(*args: Any, **kwargs: Any) -> str:
    raise AssertionError("tomli_w was called")


@pytest.mark.parametrize("document", [
    {"price": Decimal("1.50"), "name": "torch"},               # tomli_w writes Decimals
    {"table": MappingProxyType({"a": 1})},                     # and any mapping
    {"at": datetime.time(8, 30)},
    {"list": [{"a": 1}, MappingProxyType({"b": 2})]},
])
def test_what_it_leaves_to_tomli_w_is_written_the_same(document: dict[str, Any]) -> None:
    assert toml_writer.dumps(document) == tomli_w.dumps(document)


@pytest.mark.parametrize("document", [
    {1: "a key that is not text"}, {"a": {"b": [None]}}, {"x": object()},
    {"at": datetime.time(8, 30, tzinfo=datetime.timezone.utc)},
])
def test_what_toml_cannot_hold_is_refused_as_tomli_w_refuses_it(
        document: dict[Any, Any]) -> None:
    with pytest.raises((TypeError, ValueError)) as ours:
        toml_writer.dumps(document)
    with pytest.raises((TypeError, ValueError)) as theirs:
        tomli_w.dumps(document)
    assert (type(ours.value), str(ours.value)) == (type(theirs.value), str(theirs.value))


def test_a_session_is_written_without_tomli_w(host: Host, monkeypatch) -> None:
    """What a session holds (the demo, a fight under way, journal lines with their sentences'
    templates) is all written by the fast path: tomli_w is never called."""
    store = Store(codec.read(DEMO, host), host)
    for op, params in (("combat.start", {}), ("clock.advance", {"minutes": 90}),
                       ("journal.note", {"text": 'a "quoted"\tnote\non two lines'})):
        assert store.apply(op, params).ok, op
    state = serialise.ordered(store.state)
    expected = tomli_w.dumps(state)
    monkeypatch.setattr(toml_writer.tomli_w, "dumps", _refuse)
    assert toml_writer.dumps(state) == expected
