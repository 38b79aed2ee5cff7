"""``python -m gm_console`` is ``gm-console``."""

import sys

from gm_console.cli import main

sys.exit(main())
