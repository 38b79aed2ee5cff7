"""Typed parameters: every front sends text or values; the operation's declaration decides."""

import pytest

from gm_console import Operation, Param, Refused


def op(*params: Param) -> Operation:
    return Operation("x.y", "test", lambda ctx, p: "ok", params)


@pytest.mark.parametrize("type_, raw, expected", [
    (int, "12", 12), (int, 12.0, 12), (float, "1,5", 1.5), (float, 3, 3.0),
    (bool, "yes", True), (bool, "off", False), (list, "a, b,,c", ["a", "b", "c"]),
    (list, ["x"], ["x"]), (str, 5, "5"),
])
def test_coercion_from_text_and_values(type_, raw, expected):
    assert Param("p", type_).coerce(raw) == expected


@pytest.mark.parametrize("type_, raw", [(int, "1.5"), (int, "abc"), (int, True),
                                        (float, "nan"), (bool, "maybe"), (dict, "a=1")])
def test_bad_values_are_refused_naming_the_parameter(type_, raw):
    with pytest.raises(Refused, match=r"parameter 'p': expected"):
        Param("p", type_).coerce(raw)


def test_choices_required_defaults_and_unknown_parameters():
    operation = op(Param("pace", str, choices=("fast", "slow")), Param("hours", int, default=1))
    assert operation.coerce({"pace": "fast"}) == {"pace": "fast", "hours": 1}
    with pytest.raises(Refused, match="'walk' is not one of fast, slow"):
        operation.coerce({"pace": "walk"})
    with pytest.raises(Refused, match="parameter 'pace' is required"):
        operation.coerce({})
    with pytest.raises(Refused, match="unknown parameter 'hour'"):
        operation.coerce({"pace": "fast", "hour": 2})


def test_describe_documents_every_parameter():
    described = op(Param("pace", str, "how fast", choices=("fast",)),
                   Param("hours", int, default=1)).describe()
    assert described["params"] == [
        {"name": "pace", "type": "str", "help": "how fast", "required": True,
         "choices": ["fast"]},
        {"name": "hours", "type": "int", "help": "", "required": False, "default": 1},
    ]
