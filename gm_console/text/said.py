"""Sentences the rules say, in whichever language the reader reads.

A rule writes ``say("{name} makes the forced-march save ({total} vs DC {dc})", name=...,
total=..., dc=...)``. What it gets is a :class:`Said`: a ``str`` holding the English sentence,
so every caller, the ``op`` JSON and an older console keep working, which also remembers its
template and values. A reader's :class:`gm_console.text.i18n.Translator` looks the template up in
its table (the host's labels file, then each plugin's) and fills in the values in its
own number format. A journal line keeps its template and values beside its text
(:func:`stored`), so the journal reads in French after the language changes, too.

The template is only ever a key: a template read from a file or another process is looked up,
never formatted, so a hostile file cannot reach ``str.format``'s attribute access.
"""

from __future__ import annotations

import difflib
from typing import Any, Callable, Iterable, Union

Value = Union[str, int, float, bool, "Said"]


class Said(str):
    """An English sentence that can be said again in another language."""

    template: str
    values: dict[str, Value]

    def __new__(cls, template: str, values: dict[str, Value]) -> Said:
        said = super().__new__(cls, template.format(**values) if values else template)
        said.template = template
        said.values = values
        return said

    def __reduce__(self) -> Any:  # a copy keeps the template
        return (_again, (str(self), self.template, self.values))

    def __deepcopy__(self, memo: dict[int, Any]) -> Said:
        # Never changed once said, like the str it is: kept values (gm_console.committed.derived_cache)
        # and operations' snapshots copy it for nothing.
        return self


def _again(text: str, template: str, values: dict[str, Value]) -> Said:
    """A sentence with its text as given, never formatted: a copy, a :func:`joined` one (whose
    template is no format), one read back (:func:`restored`) with its English as written."""
    said = str.__new__(Said, text)
    said.template, said.values = template, values
    return said


def say(template: str, **values: Value) -> Said:
    """A sentence from a template in English, ``{name}`` fields and their values: text, numbers
    or other :class:`Said` (a word the reader's language says differently: ``say("fast")``).
    Write the template as a literal: the translation tables are checked against them."""
    return Said(template, values)


def said_by(error: BaseException) -> str:
    """What an exception says, its template kept when it was raised with a :class:`Said`
    (``str(error)`` would keep only the English)."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) \
        else str(error)


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """What follows a name nobody knows, in the reader's language: `` (did you mean 'x'?)``
    with the closest of ``candidates``, or "" when none is close."""
    close = difflib.get_close_matches(word, list(candidates), n=1)
    return say(" (did you mean {close!r}?)", close=close[0]) if close else ""


JOINED = "<joined>"
"""The template of sentences said one after the other (:func:`joined`)."""


def joined(separator: str, parts: Iterable[str]) -> Said:
    """Sentences one after the other (``"; "`` between them), each said in the reader's
    language: how a rule adds a consequence to what it says (``joined("; ", [hit, "dead"])``)."""
    parts = list(parts)
    return _again(separator.join(parts), JOINED,
                  {"sep": separator, **{str(index): part for index, part in enumerate(parts)}})


def parts_of(said: Said) -> tuple[str, list[Value]]:
    """The separator and the sentences of a :func:`joined` one."""
    count = sum(1 for key in said.values if key.isdigit())
    return str(said.values.get("sep", "")), [said.values[str(i)] for i in range(count)
                                              if str(i) in said.values]


NAMED = "<named>"
"""The template of a word kept with its every language's spelling (:func:`named`)."""


def named(key: str, spellings: dict[str, str]) -> Said:
    """A name of the rules' data (a condition of config/conditions.toml) as a sentence holds
    it: its English spelling as text, its ``key`` and its spelling in each language of the
    data (``{"en": "stunned", "fr": "étourdi"}``), so a journal line written in one language
    names it in the reader's, even a condition of the game master's own table."""
    english = spellings.get("en") or key
    return _again(english, NAMED, {"key": key, **{language: str(spelling) for language, spelling
                                                  in spellings.items() if spelling}})


PRIVATE = "<private>"
"""The template of a value only some readers may see (:func:`private`)."""


def private(value: Value | None, of: str, instead: Said | None = None) -> Said:
    """``value`` (a character's private field) as a sentence holds it, readable only by the
    game master and the player of ``of``: a journal line or a message quoting it says to
    everyone else that it changed, not what it is (:func:`hidden`), or says ``instead``
    (a creature's hit points: "bloodied" for "hit points 11 → 5")."""
    kept: Value = "" if value is None else value
    return _again(str(kept), PRIVATE, {"value": kept, "of": str(of),
                                       **({"instead": instead} if instead is not None else {})})


def private_of(said: Any) -> set[str]:
    """The characters whose private values ``said`` quotes, at any depth."""
    if not isinstance(said, Said):
        return set()
    if said.template == PRIVATE:
        return {str(said.values.get("of", ""))}
    return {name for value in said.values.values() for name in private_of(value)}


def hidden(said: Said, may_see: Callable[[str], bool]) -> Said:
    """``said`` with every private value whose character ``may_see(name)`` refuses replaced by
    what it says instead, or ``(private)``. The English text is not formatted again (a
    template that came from a file is never formatted): each hidden value's text is replaced
    in it; where it cannot be found as written (an escaped quote, say), the whole sentence is
    hidden."""
    if said.template == PRIVATE:
        if may_see(str(said.values.get("of", ""))):
            return said
        instead = said.values.get("instead")
        return instead if isinstance(instead, Said) else say("(private)")
    values: dict[str, Value] = {}
    swaps: list[tuple[str, str]] = []
    for key, value in said.values.items():
        shown = hidden(value, may_see) if isinstance(value, Said) else value
        if shown is not value:
            swaps.append((str(value), str(shown)))
        values[key] = shown
    if not swaps:
        return said
    if said.template == JOINED:
        separator, parts = parts_of(_again("", JOINED, values))
        return _again(separator.join(str(part) for part in parts), JOINED, values)
    text = str(said)
    for before, after in swaps:
        if not before:
            continue
        written = [form for form in (repr(before), before) if form in text]
        if not written:  # said some other way (cut short, padded): not to be found for sure
            return say("(a private change)")
        for form in written:
            text = text.replace(form, after)
    return _again(text, said.template, values)


def stored(text: Any) -> dict[str, Any]:
    """What a journal line keeps besides its ``text`` to be read in another language: nothing
    for plain text, or for a sentence without values (its text is its template). A sentence
    quoting private values also names whose they are (``private``), so a view that must hide
    them finds the lines to read again without reading every line's sentence."""
    if not isinstance(text, Said) or not text.values:
        return {}
    names = private_of(text)
    return {"said": _plain(text), **({"private": sorted(names)} if names else {})}


def _plain(said: Said) -> dict[str, Any]:
    # A sentence inside a sentence keeps its English too: a reader without its template in
    # the table says it as it was written.
    values = {key: {"text": str(value), **_plain(value)} if isinstance(value, Said) else value
              for key, value in said.values.items()}
    return {"template": said.template, **({"values": values} if values else {})}


def restored(text: str, kept: Any) -> str:
    """The sentence again from a line's ``text`` and ``said`` (as :func:`stored` made it, from
    a file or the wire): a :class:`Said` with ``text`` as its English, or ``text`` as it was
    when ``kept`` is missing or not what :func:`stored` writes."""
    if not isinstance(kept, dict) or not isinstance(kept.get("template"), str) \
            or not isinstance(kept.get("values", {}), dict):
        return text
    values: dict[str, Value] = {}
    for key, value in kept.get("values", {}).items():
        if isinstance(value, dict) and isinstance(value.get("text"), str):
            value = restored(value["text"], value)
        elif not isinstance(value, (str, int, float, bool)):
            return text
        values[str(key)] = value
    return _again(text, kept["template"], values)  # its English as written
