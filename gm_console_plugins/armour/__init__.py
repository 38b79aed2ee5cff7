"""Armour: the speed limit of the armour worn, magic or not (RULES.md 2.5)."""
