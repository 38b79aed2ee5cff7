"""The text syntax of a round's movement: parsing, refusing bad input by segment, round trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_console_plugins.movement.segments import (
    KINDS,
    Segment,
    SegmentError,
    format_path,
    parse_path,
)


def test_the_lead_example():
    assert parse_path("climb:3,walk:2:difficult,long_jump:4") == [
        Segment("climb", 3), Segment("walk", 2, difficult=True), Segment("long_jump", 4)]


def test_every_flag():
    assert parse_path(" Climb:1.5:slippery:normal , swim:2:rough:difficult,"
                      "long-jump:4:standing:obstacle=0.8,high_jump:1:running") == [
        Segment("climb", 1.5, difficult=False, slippery=True),
        Segment("swim", 2, difficult=True, rough=True),
        Segment("long_jump", 4, run_up=False, obstacle_m=0.8),
        Segment("high_jump", 1, run_up=True),
    ]


@pytest.mark.parametrize("text, message", [
    ("", "no segments given"),
    ("   ", "no segments given"),
    ("walk:3,,climb:1", "segment 2 is empty"),
    ("walk:3,", "segment 2 is empty"),
    ("walk", "segment 1 'walk': expected kind:metres"),
    ("walk:", "segment 1 'walk:': expected kind:metres"),
    ("walk:3,run:4", "segment 2 'run:4': unknown kind 'run'"),
    ("walk:3,climb:x", "segment 2 'climb:x': the distance 'x' is not a number of metres"),
    ("walk:0", "segment 1 'walk:0': the distance must be more than 0 m"),
    ("walk:-2", "segment 1 'walk:-2': the distance must be more than 0 m"),
    ("walk:nan", "more than 0 m"),
    ("walk:inf", "more than 0 m"),
    ("walk:3:muddy", "segment 1 'walk:3:muddy': unknown flag 'muddy'"),
    ("walk:3:difficult:normal", "flag 'normal' contradicts or repeats"),
    ("walk:3:difficult:difficult", "flag 'difficult' contradicts or repeats"),
    ("walk:3:running", "'running' applies to a jump, not to walk"),
    ("swim:3:slippery", "'slippery' applies to a climb, not to swim"),
    ("climb:3:rough", "'rough' applies to a swim, not to climb"),
    ("high_jump:1:obstacle=0.5", "an obstacle applies to a long_jump, not to high_jump"),
    ("long_jump:4:obstacle=", "the obstacle height '' is not a number"),
    ("long_jump:4:obstacle=0", "the obstacle height must be more than 0 m"),
])
def test_bad_input_names_the_segment(text, message):
    with pytest.raises(SegmentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_path(text)


METRES = st.integers(min_value=1, max_value=1000).map(lambda n: n / 10)


@st.composite
def segments(draw):
    kind = draw(st.sampled_from(KINDS))
    jump = kind in ("long_jump", "high_jump")
    return Segment(
        kind=kind,
        metres=draw(METRES),
        difficult=draw(st.sampled_from([None, True, False])),
        run_up=draw(st.sampled_from([None, True, False])) if jump else None,
        slippery=draw(st.booleans()) if kind == "climb" else False,
        rough=draw(st.booleans()) if kind == "swim" else False,
        obstacle_m=draw(st.none() | METRES) if kind == "long_jump" else None,
    )


@given(st.lists(segments(), min_size=1, max_size=8))
def test_format_then_parse_gives_the_same_path(path):
    assert parse_path(format_path(path)) == path
