"""Encumbrance: carried weight, its category and effects, and the base speed (RULES.md 2.1-2.4)."""
