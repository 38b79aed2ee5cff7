"""The host's own operations and derived values: characters and their inventory, the in-game
clock, the journal and dice. Registered like any plugin (named ``core``), but always on."""
