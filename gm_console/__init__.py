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

from gm_console.contract.hookspecs import API_VERSION, PROJECT, hookimpl, hookspec
from gm_console.contract.operations import MAX_NUMBER, Operation, Param, Refused, Result
from gm_console.contract.screens import ScreenSpec
from gm_console.contract.sections import SectionSpec
from gm_console.rules.abilities import Strength, modifier, parse_score, parse_strength
from gm_console.rules.clock import format_clock, format_duration
from gm_console.rules.conditions import parse_entry as parse_condition_entry
from gm_console.rules.hitpoints import parse_entry as parse_hit_points_entry
from gm_console.rules.rolls import RollRequest, parse_on_demand
from gm_console.rules.speed import SpeedStep
from gm_console.text.catalogue import plugin_labels
from gm_console.text.said import Said, joined, private, restored, said_by, say, stored
from gm_console.text.said import Value as SentenceValue

if TYPE_CHECKING:
    from gm_console.contract.session import OpContext, Session
    from gm_console.files.config import bundled_table
    from gm_console.state.store import Change, Outcome, SessionStore

    __version__: str


def __getattr__(name: str) -> Any:
    # Session and OpContext on first use: a plugin's rules.py may import gm_console (for
    # modifier, say) and must stay plain, without the host's session machinery.
    if name in ("OpContext", "Session"):
        from gm_console.contract import session
        return getattr(session, name)
    if name in ("Change", "Outcome", "SessionStore"):
        from gm_console.state import store
        return getattr(store, name)
    if name == "bundled_table":
        from gm_console.files import config
        return config.bundled_table
    if name == "__version__":
        from gm_console.host.version import installed
        return installed()
    raise AttributeError(f"module 'gm_console' has no attribute {name!r}")


__all__ = [
    "API_VERSION",
    "Change",
    "MAX_NUMBER",
    "OpContext",
    "Operation",
    "Outcome",
    "PROJECT",
    "Param",
    "Refused",
    "Result",
    "RollRequest",
    "Said",
    "ScreenSpec",
    "SectionSpec",
    "SentenceValue",
    "Session",
    "SessionStore",
    "SpeedStep",
    "Strength",
    "__version__",
    "bundled_table",
    "format_clock",
    "format_duration",
    "hookimpl",
    "hookspec",
    "joined",
    "modifier",
    "parse_condition_entry",
    "parse_hit_points_entry",
    "parse_on_demand",
    "parse_score",
    "parse_strength",
    "plugin_labels",
    "private",
    "restored",
    "said_by",
    "say",
    "stored",
]
