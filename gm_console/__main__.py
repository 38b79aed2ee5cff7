"""``python -m gm_console`` is ``gm-console``."""

from gm_console.cli import command

command()
