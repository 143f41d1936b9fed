"""`Refused`: what the rules' pure checks (consumables, progression) return instead of a change, with a
one-line reason fit for the player."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Refused:
    reason: str

    def __str__(self) -> str:
        return self.reason
