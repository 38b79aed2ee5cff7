"""gm-console: the host.

Plugins import only what this module exports::

    from gm_console import hookimpl, Operation, OpContext, Param, Refused, Session, SpeedStep

Everything else under ``gm_console`` is the host's own business and may change without notice.

``API_VERSION`` is the plugin API this console provides. It goes up only when something a
plugin may rely on changes incompatibly (additions do not change it). A plugin built for a newer
API says so with a module attribute ``GM_CONSOLE_API = N`` and is refused at load, by name, with
the reason, instead of failing later in the middle of a game.
"""

from typing import TYPE_CHECKING, Any

import pluggy

PROJECT = "gm_console"
API_VERSION = 1
hookimpl = pluggy.HookimplMarker(PROJECT)
hookspec = pluggy.HookspecMarker(PROJECT)  # for a plugin declaring hooks of its own

from gm_console.core.abilities import Strength, modifier, parse_score, parse_strength  # noqa: E402
from gm_console.core.clock import format_clock, format_duration  # noqa: E402
from gm_console.operations import Operation, Param, Refused, Result  # noqa: E402
from gm_console.rolls import RollRequest  # noqa: E402
from gm_console.screens import ScreenSpec  # noqa: E402
from gm_console.sections import SectionSpec  # noqa: E402
from gm_console.speed import SpeedStep  # noqa: E402

if TYPE_CHECKING:
    from gm_console.context import OpContext, Session

    __version__: str


def __getattr__(name: str) -> Any:
    # Session and OpContext on first use: a plugin's rules.py may import gm_console (for
    # modifier, say) and must stay plain, without the host's session machinery.
    if name in ("OpContext", "Session"):
        from gm_console import context
        return getattr(context, name)
    # The version on first use too: importlib.metadata and the reading of the distribution's
    # metadata cost a twentieth of a second that the first screen does not need.
    if name == "__version__":
        global __version__
        from importlib.metadata import PackageNotFoundError, version
        try:
            __version__ = version("gm-console")
        except PackageNotFoundError:  # running from a source tree that was never installed
            __version__ = "0+unknown"
        return __version__
    raise AttributeError(f"module 'gm_console' has no attribute {name!r}")

__all__ = [
    "API_VERSION",
    "OpContext",
    "Operation",
    "Param",
    "Refused",
    "Result",
    "RollRequest",
    "ScreenSpec",
    "SectionSpec",
    "Session",
    "SpeedStep",
    "Strength",
    "__version__",
    "format_clock",
    "format_duration",
    "hookimpl",
    "hookspec",
    "modifier",
    "parse_score",
    "parse_strength",
]
