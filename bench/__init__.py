"""Benchmarks. `python -m bench` prints the one comparison table (see bench/table.py).

The modules also run as scripts (`python bench/meetings.py`) and import each other by bare name
(`from worktrees import ...`), so this package puts its own folder on `sys.path`.
"""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
