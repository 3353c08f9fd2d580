"""A deterministic test embedding for the stores' index search (no model, no network).

Also loaded by file path by `langgraph dev` (`"store": {"index": {"embed":
".../tests/memory/embedding.py:embed"}}`), so it imports nothing from the tests.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

DIMS = 16


def embed(texts: Sequence[str]) -> list[list[float]]:
    """Words hashed into 16 buckets, normalised: texts sharing words are near."""
    vectors = []
    for text in texts:
        v = [0.0] * DIMS
        for word in re.findall(r"[a-z]+", text.casefold()):
            v[sum(map(ord, word)) % DIMS] += 1.0
        norm = math.sqrt(sum(x * x for x in v)) or 1.0
        vectors.append([x / norm for x in v])
    return vectors
