"""The carried weight against the category thresholds, drawn as text cells (no Textual here, so
the drawing is tested on its own; the screen only colours the runs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from gm_console_plugins.encumbrance.rules import THRESHOLD_KEYS, Encumbrance, fmt

MARKS = {"light": "L", "moderate": "M", "heavy": "H", "critical": "C", "maximal": "X"}


@dataclass(frozen=True)
class Bar:
    runs: list[tuple[str, str, bool]]   # (cells, category they belong to, filled by the load)
    marks: str                          # the threshold letters under the bar, and | at the max
    legend: str


def _cell(lb: float, scale: float, width: int) -> int:
    return min(width, max(0, round(lb / scale * width)))


def draw(enc: Encumbrance, width: int, label: Callable[[str], str] = str) -> Bar:
    """A bar ``width`` cells wide from 0 to the most allowed (or to the load when it is more):
    each cell belongs to the category its weight falls in; cells up to the load are filled."""
    scale = max(enc.max_lb, enc.carried_lb) or 1
    filled = _cell(enc.carried_lb, scale, width)
    starts = [(key, _cell(enc.thresholds[key], scale, width)) for key in THRESHOLD_KEYS]
    over_start = _cell(enc.max_lb, scale, width)
    if enc.carried_lb > enc.max_lb:
        over_start = min(over_start, width - 1)  # always show the part over the maximum
    owner = []
    for cell in range(width):
        category = "unencumbered"
        for key, start in starts:
            if cell >= start:
                category = key
        owner.append("over" if cell >= over_start else category)
    runs: list[tuple[str, str, bool]] = []
    for cell, category in enumerate(owner):
        full = cell < filled
        char = "█" if full else "░"
        if runs and runs[-1][1] == category and runs[-1][2] == full:
            runs[-1] = (runs[-1][0] + char, category, full)
        else:
            runs.append((char, category, full))
    marks = [" "] * (width + 1)
    for key, start in starts:
        marks[min(start, width)] = MARKS[key]
    marks[min(_cell(enc.max_lb, scale, width), width)] = "|"
    legend = "  ".join(f"{MARKS[k]} {label(k)} {fmt(enc.thresholds[k])}" for k in THRESHOLD_KEYS)
    # The most allowed is written after its mark: the legend must fit 80 columns in French too.
    return Bar(runs, "".join(marks).rstrip() + f" {fmt(enc.max_lb)}", legend)

