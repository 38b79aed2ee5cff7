"""Session and OpContext under the store's roof, for the screens that type a store's session
with them; they are defined in :mod:`gm_console.contract.session`, and a plugin imports them
from ``gm_console``."""

from gm_console.contract.session import OpContext, Session

__all__ = ["OpContext", "Session"]
