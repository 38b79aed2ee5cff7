"""The combat screen's legend, in English: the key of its French in labels.fr.toml."""

LEGEND = ("● left ✓ spent – not now ⇠ swift used off-turn · Metres spent/of+more\n"
          "s std m move M no-move v metres f full F no-step g start/end G full as std "
          "w swift i immediate e free 5 step space next o override t restrict I init R roll "
          "a add L lair x remove D delay A act now y ready T trigger S start E end u undo")
"""The combat screen's legend and keys, under its table."""
