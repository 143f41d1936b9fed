"""Dice of the detailed sequence: D10, D12, D20, D40, D100 and damage dice, from named streams.

`DewDice.roll(sides)` is one die. `SeededDice` draws from a `rules.dice.SeededStream` (one draw per
die); the scripted dice of scenario files and tests are the rules' one scripted type,
`rules.dice.ScriptedStream` (`scripted`: faces up to 100, each checked against the die it is used for,
then a seeded stream when given one).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rules.dice import ScriptedStream, SeededStream

SIDES = (4, 6, 8, 10, 12, 20, 40, 100)


@runtime_checkable
class DewDice(Protocol):
    def roll(self, sides: int) -> int:
        """One die of `sides` faces, 1..sides."""
        ...


class SeededDice:
    """Dice from a named seeded stream."""

    __slots__ = ("stream",)

    def __init__(self, stream: SeededStream) -> None:
        self.stream = stream

    def roll(self, sides: int) -> int:
        return self.stream.randint(1, sides)


def scripted(faces: list[int] | tuple[int, ...], fallback: SeededStream | None = None) -> ScriptedStream:
    """Scripted faces for the detailed sequence's dice (D4 to D100); ValueError for a face out of 1..100."""
    return ScriptedStream(faces, fallback, largest=100)


def parse_damage(text: str) -> tuple[int, int, int]:
    """`2D6+1` -> (2, 6, 1); `D8` -> (1, 8, 0); `D4-1` -> (1, 4, -1). ValueError otherwise."""
    body = text.strip().upper()
    bonus = 0
    for sign in "+-":
        if sign in body:
            body, _, tail = body.partition(sign)
            bonus = int(tail) if sign == "+" else -int(tail)
            break
    count_text, d, sides_text = body.partition("D")
    if not d or not sides_text.isdigit():
        raise ValueError(f"damage {text!r} is not like D8, 2D6 or D6+1")
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if count < 1 or sides not in SIDES:
        raise ValueError(f"damage {text!r}: the die must be one of D{', D'.join(map(str, SIDES))}")
    return count, sides, bonus
