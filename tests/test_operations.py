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


@pytest.mark.parametrize("type_, raw, expected", [
    (int, "1.5", "whole number"), (int, "abc", "whole number"), (int, True, "whole number"),
    (float, "nan", "a number was expected, not 'nan'"), (bool, "maybe", "yes or no"),
    (dict, "a=1", "a table")])
def test_bad_values_are_refused_naming_the_parameter(type_, raw, expected):
    with pytest.raises(Refused, match=r"parameter 'p': ") as refused:
        Param("p", type_).coerce(raw)
    assert expected in str(refused.value)


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


def test_a_parameter_read_by_the_operation_is_read_once_given_or_default():
    """``parse`` turns what a front sent into the operation's own value, the default too; its
    refusal is the operation's sentence, as it wrote it."""
    def hours(text: str) -> float | None:
        if text == "end":
            return None
        if not text.isdigit():
            raise Refused("hours must be a number or 'end'")
        return float(text)

    seen: list[dict] = []
    operation = Operation("x.go", "test", lambda ctx, p: seen.append(p) or "ok",
                          (Param("hours", str, default="end", parse=hours),))
    assert operation.coerce({}) == {"hours": None}
    assert operation.coerce({"hours": 3}) == {"hours": 3.0}
    with pytest.raises(Refused, match=r"^hours must be a number or 'end'$"):
        operation.coerce({"hours": "soon"})


def test_a_rehearsal_shows_what_an_operation_does_and_commits_nothing(store):
    """An operation applied through ``Session.rehearsal()`` changes the rehearsal's copy of the
    session; the store's state, journal and undo history stay as they were."""
    before = store.session.state["clock"]["second"]
    journal = len(store.state["journal"])
    ctx = store.session.rehearsal()
    result = ctx.apply("clock.advance", minutes=90)
    assert ctx.state["clock"]["second"] == before + 90 * 60
    assert "1 h 30" in result.message
    assert store.state["clock"]["second"] == before
    assert len(store.state["journal"]) == journal
    assert "Bram joins the party" in store.undo().message  # the last change the store made
