"""gm-console's own version, as its installed distribution says."""

from __future__ import annotations

import functools


@functools.cache
def installed() -> str:
    """Read on first use: importlib.metadata and the distribution's metadata are not needed
    before the first screen."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("gm-console")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"
