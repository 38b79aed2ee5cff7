"""Text from a session file or a parameter, made harmless for a terminal.

A name holding ``ESC ] 2 ; ... BEL`` retitles the terminal, ``ESC [ 2 J`` clears it: control
characters are shown, never sent. Each becomes one visible character (its Unicode "control
picture": ESC is ␛, DEL is ␡; a C1 control is �), so lengths and offsets stay the same and a
table laid out around the text stays aligned. Newline and tab are kept where text has lines.
"""

from __future__ import annotations

import re

_PICTURES = {code: 0x2400 + code for code in range(0x20)}  # ␀ ... ␟
_PICTURES[0x7F] = 0x2421  # ␡
_PICTURES.update({code: 0xFFFD for code in range(0x80, 0xA0)})  # C1: no picture of its own
_LINES = {code: target for code, target in _PICTURES.items() if chr(code) not in "\n\t"}


# Every text drawn passes here (each table cell, each label): most hold no control character,
# and searching for one is many times cheaper than translating character by character.
_ANY = re.compile("[\x00-\x1f\x7f-\x9f]")
_ANY_BUT_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str, lines: bool = True) -> str:
    """``text`` with every control character shown as a visible one; newline and tab kept
    when ``lines`` (a note, a journal), shown too when not (a name on one line)."""
    if not (_ANY_BUT_LINES if lines else _ANY).search(text):
        return text
    return text.translate(_LINES if lines else _PICTURES)


_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in (0x7F, *range(0x80, 0xA0))}


def json_output(text: str) -> str:
    """JSON from ``json.dumps(..., ensure_ascii=False)`` with DEL and the C1 controls escaped
    too (json escapes only those below 0x20); the same JSON value, nothing raw for a terminal.
    Those characters can only occur inside JSON strings, where ``\\u00XX`` means the same."""
    return text.translate(_JSON_ESCAPES)
