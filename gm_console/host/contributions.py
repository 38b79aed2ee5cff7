"""What a plugin registers (operations, screens, its session table), checked before the host
takes it: ``gm-console ops``, ``op``, ``show``, ``plugins`` and the console read every one of
them, so one they cannot use would crash them all. Each check raises ValueError saying what is
wrong; raised inside the plugin's register hook, that switches the plugin off (Host._invoke),
as any exception a plugin raises does."""

from __future__ import annotations

from gm_console.contract.operations import Operation, param_problem
from gm_console.contract.screens import ScreenSpec
from gm_console.contract.sections import SectionSpec
from gm_console.files.storable import storable, unsavable


def sound_operation(operation: Operation) -> None:
    """What ``gm-console ops``, ``op`` and the console read of every operation: a name that
    is text, functions to call, parameters they can read."""
    if not isinstance(operation.name, str) or not operation.name:
        raise ValueError(f"an operation's name must be text, not {operation.name!r}")
    if not callable(operation.apply) or not (operation.check is None
                                             or callable(operation.check)):
        raise ValueError(f"operation {operation.name!r}: apply and check must be functions")
    if not isinstance(operation.params, (tuple, list)):
        raise ValueError(f"operation {operation.name!r}: its params must be a tuple of Param, "
                         f"not {operation.params!r}")
    for param in operation.params:
        problem = param_problem(param)
        if problem is not None:
            raise ValueError(f"operation {operation.name!r}: {problem}")
    if not isinstance(operation.help, str) or not isinstance(operation.kind, str):
        raise ValueError(f"operation {operation.name!r}: its help and kind must be text")


def sound_screen(screen: ScreenSpec) -> None:
    """The screen bar, the palette and the help read every screen's id, key and title; the
    console calls its factory."""
    if not isinstance(screen.id, str) or not screen.id:
        raise ValueError(f"a screen's id must be text, not {screen.id!r}")
    if not all(isinstance(text, str) for text in (screen.key, screen.title)):
        raise ValueError(f"screen {screen.id!r}: its key and title must be text")
    if not callable(screen.factory):
        raise ValueError(f"screen {screen.id!r}: its factory must be a function")


def sound_section(section: SectionSpec) -> None:
    """A plugin's table goes into every session (codec.prepare fills its defaults, codec
    validates it): a name that is not text, defaults that are no table or that a session
    file cannot hold would make every start or every save fail."""
    if not isinstance(section.name, str) or not section.name:
        raise ValueError(f"a section's name must be text, not {section.name!r}")
    if not isinstance(section.defaults, dict):
        raise ValueError(f"the defaults of section {section.name!r} must be a table (a dict), "
                         f"not {type(section.defaults).__name__}")
    if not storable(section.defaults, 2):
        raise ValueError(str(unsavable(section.defaults, f"plugins.{section.name}", 2)))
    if section.validate is not None and not callable(section.validate):
        raise ValueError(f"the validation of section {section.name!r} must be a function")
