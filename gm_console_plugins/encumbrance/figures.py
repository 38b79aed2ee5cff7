"""Figures written the reader's way."""

from __future__ import annotations


def decimal(text: str, language: str) -> str:
    """Figures in the language's way: 6.75 in English, 6,75 in French."""
    return text.replace(".", ",") if language == "fr" else text
