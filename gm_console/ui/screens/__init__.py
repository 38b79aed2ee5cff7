"""The host's own screens: home, party, journal, help, and the prompts."""
