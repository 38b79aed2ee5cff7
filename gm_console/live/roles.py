"""Roles, decided and enforced by the owner: what each one sees and what it may do.

- ``gm``: everything.
- ``player:NAME`` (NAME is their character): sees the party, that is every character's sheet
  and derived values, except the other characters' private fields (``notes``, see
  :mod:`gm_console.rules.privacy`); their own character in full; the roll requests that
  include their character; their own requests to the game master; every journal line except
  GM-only ones, a line quoting another character's private field saying that it changed, not
  what it says; change events' and outcomes' sentences likewise. They answer their own
  rolls at once (``roll.answer``); any other operation that concerns only their character
  (a ``character``, ``combatant`` or ``who`` parameter naming it, or a plain journal note)
  becomes a request waiting in the game master's queue (``request.add``); the rest is refused.
- ``spectator``: what a player sees, without a character of their own; changes nothing.

Neither a player nor a spectator reads a creature's hit points unless the plugin that keeps it
says so (``creature_hit_points_to_players``): a word stands for them (unhurt, wounded,
bloodied, down) in the state, and the sentences that quote them say it instead.

A role is never taken from what a client claims: the listener that accepted the connection
decides it (see :mod:`gm_console.live.owner`).
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from gm_console.committed.derived_cache import DerivedCache
from gm_console.contract.session import PluginHost, Session
from gm_console.live.role_journal import RoleJournal
from gm_console.rules import privacy

GM, PLAYER, SPECTATOR = "gm", "player", "spectator"
# The parameters through which an operation names the character it concerns.
_CHARACTER_PARAMS = ("character", "combatant", "who")
# What a player does at once, without asking the game master: answer their rolls, roll dice.
_PLAYER_DIRECT = {"roll.answer", "dice.roll"}


class RoleError(ValueError):
    """A role that is not gm, spectator or player:NAME (of a character in the session)."""


class Role(NamedTuple):
    kind: str
    character: str = ""

    @classmethod
    def parse(cls, text: str) -> Role:
        kind, sep, character = str(text).strip().partition(":")
        if kind == PLAYER and character.strip():
            return cls(PLAYER, character.strip())
        if kind in (GM, SPECTATOR) and not sep:
            return cls(kind)
        raise RoleError(f"role {text!r} is not gm, spectator or player:NAME "
                        f"(NAME: the player's character)")

    def __str__(self) -> str:
        return f"{PLAYER}:{self.character}" if self.kind == PLAYER else self.kind

    @property
    def is_gm(self) -> bool:
        return self.kind == GM

    def owns(self, name: Any) -> bool:
        return self.kind == PLAYER and str(name).strip().casefold() == self.character.casefold()

    @property
    def may_see(self) -> privacy.MaySee:
        """Whose private fields this role reads: everyone's (the game master), its own
        character's (a player), nobody's (a spectator)."""
        return (privacy.everyone_may_see if self.is_gm else
                privacy.seer(self.character) if self.kind == PLAYER else privacy.nobody_may_see)


def view(state: dict[str, Any], role: Role, host: PluginHost,
         veiled: dict[str, Any] | None = None,
         before: dict[str, Any] | None = None) -> dict[str, Any]:
    """The state as ``role`` may see it. The game master's is the state itself; others get a
    copy of the top level with the hidden parts left out (lines and tables are shared, never
    changed: states are replaced, not edited), the creatures whose hit points are the game
    master's with a word for them instead (:func:`veiled_creatures`; ``veiled``: it, when
    the caller has it for every role of a change). ``before``: the role's view of an earlier
    state, from which its journal's view goes on."""
    if role.is_gm:
        return state
    out = dict(veiled if veiled is not None else veiled_creatures(state, host))
    out["characters"] = [c if role.owns(c.get("name")) else privacy.hidden_fields(c)
                         for c in state.get("characters", [])]
    earlier = (before or {}).get("journal")
    out["journal"] = RoleJournal.of(state.get("journal", []), role.may_see,
                                    earlier if isinstance(earlier, RoleJournal) else None)
    rolls = state.get("rolls")
    if isinstance(rolls, dict):
        out["rolls"] = {**rolls, "pending": [
            request for request in rolls.get("pending", [])
            if any(role.owns(entry.get("who")) for entry in request.get("rolls", []))]}
    requests = state.get("requests")
    if isinstance(requests, dict):
        out["requests"] = {**requests, "pending": [
            request for request in requests.get("pending", [])
            if role.owns(request.get("character"))]}
    return out


def veiled_creatures(state: dict[str, Any], host: PluginHost,
                     cache: DerivedCache | None = None) -> dict[str, Any]:
    """A copy of the top level of ``state`` in which every creature a plugin keeps (the
    ``creatures`` hook) whose hit points players may not read (``Session.hit_points_public``)
    has ``health`` (unhurt, wounded, bloodied, down) in place of its figures; the plugins'
    tables are new only on the way to such a creature. ``cache``: the store's derived values
    (a committed ``state``), so that the creatures a change left alone cost nothing."""
    session = Session(state, host, cache)
    swaps = {id(creature): privacy.veiled(creature, session.health(creature))
             for _, creature in session.creatures()
             if not session.hit_points_public(creature)}
    out = dict(state)
    if swaps:
        out["plugins"] = privacy.swapped(state.get("plugins", {}), swaps)
    return out


def decide(role: Role, op: str, params: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """``("apply", "", params)``, ``("request", "", params)`` (queue it for the game master)
    or ``("refuse", reason, params)`` for ``role`` asking for ``op`` with ``params``. A
    player's own roll that names nobody is made in their character's name."""
    if role.is_gm:
        return "apply", "", params
    if role.kind == SPECTATOR:
        return "refuse", "a spectator watches: the session cannot be changed from here", params
    if op in _PLAYER_DIRECT and not params.get("who"):
        params = {**params, "who": role.character}
    verdict, reason = _player(role, op, params)
    return verdict, reason, params


def may_ever(role: Role, op: str, params: Iterable[str] = ()) -> bool:
    """Whether ``role`` ever has ``op`` applied or put to the game master: what a front
    offers it, key and command. ``params``: the operation's parameters; where one names the
    character a front acts on (the selected one), it is taken as the role's own. The app's
    own actions name nobody (no ``params``)."""
    own = {name: role.character for name in _CHARACTER_PARAMS if name in params}
    return decide(role, op, own)[0] != "refuse"


def _player(role: Role, op: str, params: dict[str, Any]) -> tuple[str, str]:
    named = [params[key] for key in _CHARACTER_PARAMS if params.get(key) not in (None, "", [])]
    flat = [name for value in named for name in (value if isinstance(value, list) else [value])]
    if flat and not all(role.owns(name) for name in flat):
        return "refuse", (f"{role}: a player may only act for their own character "
                          f"({role.character})")
    if op in _PLAYER_DIRECT:
        return "apply", ""
    if op.startswith("request.") or (not flat and op != "journal.note"):
        return "refuse", (f"{role}: {op} is the game master's; a player asks for changes to "
                          f"their own character ({role.character})")
    return "request", ""
