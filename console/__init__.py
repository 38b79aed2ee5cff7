"""gm-console: the host.

Plugins import only what this module exports::

    from gm_console import hookimpl, Operation, Param, Refused, SpeedStep

Everything else under ``gm_console`` is the host's own business.
"""

from importlib.metadata import PackageNotFoundError, version

import pluggy

from gm_console.operations import Operation, Param, Refused, Result
from gm_console.rolls import RollRequest
from gm_console.screens import ScreenSpec
from gm_console.sections import SectionSpec
from gm_console.speed import SpeedStep

PROJECT = "gm_console"
hookimpl = pluggy.HookimplMarker(PROJECT)

try:
    __version__ = version("gm-console")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "hookimpl",
    "Operation",
    "Param",
    "Refused",
    "Result",
    "RollRequest",
    "ScreenSpec",
    "SectionSpec",
    "SpeedStep",
    "__version__",
]
