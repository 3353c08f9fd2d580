"""Authority-deference guard: appeals to rank must not decide; synthesis justifies from evidence.

The meeting nodes run the scan themselves (`nodes._meetings.deference`; nodes never import
guards); this module keeps the guard's public names.
"""

from __future__ import annotations

from langgraph_council.nodes._meetings.deference import (
    AUTHORITY_JUSTIFICATION_DIRECTIVE,
    authority_cues_in,
    detect_authority_cues,
)

__all__ = ["AUTHORITY_JUSTIFICATION_DIRECTIVE", "authority_cues_in", "detect_authority_cues"]
