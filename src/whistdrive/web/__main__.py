"""``python -m whistdrive.web serve ...`` — the same as ``whistdrive serve``."""

import sys

from ..cli import main

sys.exit(main())
