"""Text from a file never reaches the terminal as control sequences."""

from __future__ import annotations

import rich.text
import textual.content

from gm_console.text.safe_text import visible


# Every text Textual draws passes through Content or Rich's Text, and both drop a few control
# characters there (BEL, CR...) but send ESC on to the terminal: a name from a file could
# retitle or clear it. Made visible at that one place instead, one character for one, so
# widths and styles stay where they were. tests/faults/test_escapes.py fails if Textual or
# Rich stop calling these.
def _made_visible(text: str, _translate_table: object = None) -> str:
    """In place of the libraries' stripping, with its signature: their table is not ours."""
    return visible(text)


textual.content._strip_control_codes = _made_visible
rich.text.strip_control_codes = _made_visible
