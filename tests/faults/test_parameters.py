"""Operation parameters from a hostile command line: refused with the parameter named, never a
crash, never a hang, never a state that cannot be saved."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from soak import FUZZ

from gm_console.contract.operations import MAX_NUMBER, MAX_TEXT
from gm_console.files import codec
from gm_console.host.manager import Host


@pytest.mark.parametrize("params, words", [
    ({"hours": "1e308"}, "hours"),
    ({"hours": "-1e308"}, "hours"),
    ({"minutes": str(10 ** 30)}, "minutes"),
    ({"rounds": "9" * 5000}, "rounds"),
    ({"rounds": "9" * 400}, "rounds"),  # an int too large for a float: shown, not formatted
])
def test_absurd_numbers_are_refused_naming_the_parameter(store, params, words):
    outcome = store.apply("clock.advance", params)
    assert not outcome.ok and words in outcome.reason
    assert f"{MAX_NUMBER:g}" in outcome.reason or "expected" in outcome.reason


@pytest.mark.parametrize("op, params", [
    ("settings.set", {"plugin": "p" * 100_000, "key": "a", "value": "1"}),
    ("journal.note", {"text": "n" * 100_000}),
    ("session.rename", {"name": "s" * 100_000}),
])
def test_text_past_the_limit_is_refused(store, op, params):
    outcome = store.apply(op, params)
    assert not outcome.ok and f"{MAX_TEXT:,}" in outcome.reason


@pytest.mark.parametrize("plugin", ["../../etc/passwd", "nosuch", "/etc/hosts"])
def test_settings_of_a_plugin_that_is_not_loaded_are_refused(store, plugin):
    outcome = store.apply("settings.set", {"plugin": plugin, "key": "a", "value": "1"})
    assert not outcome.ok and "no settings" in outcome.reason


TEXT = st.one_of(st.text(max_size=40), st.sampled_from(
    ["", "0", "-1", "1e308", "nan", "inf", "-0", "Aria", "Bram", "18/50", "1,2", "true",
     "\x1b[2J", "x" * 3000, "9" * 400, "2024-01-01", "[a]", "{}", "a=b"]))


def _fuzz_host() -> Host:
    return Host().load()


_HOST = _fuzz_host()
_NAMES = sorted(_HOST.operations)


@FUZZ
@given(op=st.sampled_from(_NAMES), data=st.data())
def test_any_parameters_to_any_operation_leave_a_savable_session(store, op, data):
    params = {p.name: data.draw(TEXT, label=p.name)
              for p in store.host.operations[op].params if data.draw(st.booleans())}
    if data.draw(st.booleans()):
        params[data.draw(st.sampled_from(["zz", "", "hours"]))] = data.draw(TEXT)
    before = codec.dumps(store.state)
    outcome = store.apply(op, params)
    if not outcome.ok:
        assert outcome.reason and codec.dumps(store.state) == before
    tomllib.loads(codec.dumps(store.state))  # what would be saved reads back
    store.undo()
