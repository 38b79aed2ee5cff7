"""What the combat screen shows of its keys: the legend under its table (in English, the key of
its French in labels.fr.toml), and the command-line syntax as the French sentences write it,
which the screen replaces with its keys (``CombatScreen.KEY_HINTS``) as it does the English."""

ALL_AGAIN_FR = "(all=true pour relancer)"
"""How the French refusal (labels.fr.toml) says ``(all=true rolls again)``."""

LEGEND = ("● left ✓ spent – not now ⇠ swift used off-turn · Metres spent/of+more\n"
          "s std m move M no-move v metres f full F no-step g start/end G full as std "
          "w swift i immediate e free 5 step space next o override h HP c condition k check/save "
          "t restrict "
          "I init R roll "
          "a add L lair x remove D delay A act now y ready T trigger S start E end u undo "
          "? detail")
"""The combat screen's legend and keys, under its table."""
