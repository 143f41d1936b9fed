"""Seeds on a benchmark's command line: `1-20` (a range, both ends in) or `3,7,11` (a list)."""

from __future__ import annotations


def parse_seeds(text: str) -> list[int]:
    """The seeds `text` names; ValueError for anything else."""
    if "-" in text:
        low, high = text.split("-", 1)
        return list(range(int(low), int(high) + 1))
    return [int(s) for s in text.split(",")]
