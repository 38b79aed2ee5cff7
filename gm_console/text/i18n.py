"""UI labels in English (the source text) or another language. The host's own translations are
its ``labels.<language>.toml`` (:mod:`gm_console.text.catalogue`); each plugin's are its own
labels file, or what its ``labels`` hook computes. A label nobody translated shows in English."""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING, Any

from gm_console.text.catalogue import host_labels
from gm_console.text.said import JOINED, NAMED, PRIVATE, Said, parts_of, restored

if TYPE_CHECKING:
    from gm_console.text.label_source import LabelSource


class Translator:
    def __init__(self, language: str, host: LabelSource | None = None) -> None:
        self.language = language
        self.table: dict[str, str] = dict(host_labels(language))
        if host is not None and language != "en":
            for labels in host.call("labels", language=language):
                self.table.update(labels)

    def __call__(self, text: str) -> str:
        """``text`` in this language: a label looked up, or a rule's sentence
        (:class:`gm_console.text.said.Said`) said again from its template, in this language's
        numbers. A sentence nobody translated stays in English."""
        if isinstance(text, Said) and text.template == PRIVATE:  # (shown to who may see it)
            value = text.values.get("value", "")
            return self(value) if isinstance(value, Said) else _Speaker(self).format_field(
                value, "")
        if isinstance(text, Said) and text.template == NAMED:  # spelt in the reader's language
            spelling = text.values.get(self.language)
            return spelling if isinstance(spelling, str) and spelling else str(text)
        if isinstance(text, Said) and text.template == JOINED:
            separator, parts = parts_of(text)
            return self(separator).join(self(part) if isinstance(part, str) else str(part)
                                  for part in parts)
        if isinstance(text, Said) and text.values:
            template = self.table.get(text.template)
            if template is not None:
                try:
                    return _Speaker(self).format(template, **text.values)
                except (KeyError, IndexError, ValueError):  # a table whose fields differ
                    return str(text)
            return str(text)
        return self.table.get(text, text)

    def line(self, line: dict[str, Any]) -> str:
        """A journal line's text in this language."""
        return self(restored(str(line.get("text", "")), line.get("said")))

    def number(self, value: float, digits: int = 2) -> str:
        """A figure for the eye in the UI language: 17.38 or 17,38, never 17.375000001."""
        text = f"{round(float(value), digits):.{digits}f}".rstrip("0").rstrip(".")
        return text.replace(".", ",") if self.language == "fr" else text


class _Speaker(string.Formatter):
    """Fills a translated template: sentences inside it translated too, numbers with a decimal
    comma (and a thin space between thousands) in French."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        if self.translator.language == "fr":
            format_string = _ELIDED.sub(lambda found: self._elided(found, kwargs), format_string)
        return super().vformat(format_string, args, kwargs)

    def _elided(self, found: re.Match[str], values: dict[str, Any]) -> str:
        """French elides "de" and "que" before a vowel: "tour d'Aria", not "tour de Aria"
        (the name is known only once the sentence is said)."""
        word, field = found.group(1), found.group(2)
        value = values.get(field)
        text = self.translator(value) if isinstance(value, str) else ""
        if text[:1].casefold() in _VOWELS and text[:1]:
            return f"{word[:-1]}'{{{field}}}"
        return found.group(0)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Said):
            return format(self.translator(value), format_spec)
        text = format(value, format_spec)
        if self.translator.language == "fr" and isinstance(value, (int, float)) \
                and not isinstance(value, bool):
            return text.translate(_FRENCH_DIGITS)
        return text


_ELIDED = re.compile(r"\b([dD]e|[qQ]ue) \{(\w+)\}")
"""A "de" or "que" before a bare field (a name, a sentence): elided before a vowel. A field
with a conversion or a format is left alone: quoted ({name!r}), or a number."""

_VOWELS = frozenset("aeiouyàâäéèêëîïôöûùüœæ")

_FRENCH_DIGITS = str.maketrans({".": ",", ",": "\u202f"})
