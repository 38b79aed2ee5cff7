"""The rules of light: plain functions over plain data (no Textual, no store)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Burnt:
    """What ``burn`` changed: each source's seconds left, and the ids of those that went out."""

    left: dict[int, int]
    out: list[int]


def burn(sources: list[dict[str, Any]], seconds: int) -> Burnt:
    """The lit sources after ``seconds`` of game time; unlit ones do not burn."""
    left, out = {}, []
    for source in sources:
        if not source["lit"] or source["left_s"] <= 0:
            continue
        left[source["id"]] = max(0, source["left_s"] - seconds)
        if left[source["id"]] == 0:
            out.append(source["id"])
    return Burnt(left, out)


def brightest(sources: list[dict[str, Any]], kinds: dict[str, Any]) -> float:
    """The bright radius a character carries: the largest of their lit sources, 0 in the dark."""
    lit = [kinds[s["kind"]]["bright_m"] for s in sources if s["lit"] and s["left_s"] > 0]
    return float(max(lit, default=0))
