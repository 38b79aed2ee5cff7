"""Combat: the action-economy tracker (RULES.md section 3): initiative, rounds and turns, and
each combatant's action budget, enforced with overrides the journal keeps."""
