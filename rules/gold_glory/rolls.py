"""The Almighty 1D10 of Gold & Glory: normal rolls (value + mods - 1D10, >= 0 succeeds, the difference is
the level of success), resistance rolls (attack - defence + 5 - 1D10), the optional fumbles and perfect
results and "a roll of 10 always fails"; and the dice (D10, D6, D4) from a seeded stream or a script.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.dice import ScriptExhausted, SeededStream
from rules.gold_glory import events as ev
from rules.gold_glory.fold import Emitter
from rules.gold_glory.state import FUMBLES, PERFECT, TEN_FAILS


class GGDice(Protocol):
    def d10(self) -> int: ...

    def d6(self) -> int: ...

    def d4(self) -> int: ...


class SeededDice:
    """Dice from a named seeded stream (`rules.dice.SeededStream`): one draw a die."""

    __slots__ = ("stream",)

    def __init__(self, stream: SeededStream) -> None:
        self.stream = stream

    def d10(self) -> int:
        return self.stream.d10()

    def d6(self) -> int:
        return self.stream.d6()

    def d4(self) -> int:
        return self.stream.randint(1, 4)


class ScriptedDice:
    """The given faces in order, whatever the die (a D6 face must be 1..6, a D4 face 1..4); then the
    fallback's dice, or `ScriptExhausted`."""

    __slots__ = ("_faces", "_pos", "fallback")

    def __init__(self, faces: Sequence[int], fallback: GGDice | None = None) -> None:
        for face in faces:
            if not 1 <= face <= 10:
                raise ValueError(f"scripted die face {face} is not between 1 and 10")
        self._faces = tuple(faces)
        self._pos = 0
        self.fallback = fallback

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._pos

    def _next(self, sides: int) -> int:
        if self._pos >= len(self._faces):
            if self.fallback is None:
                raise ScriptExhausted(f"scripted dice ran out after {len(self._faces)} faces (a D{sides} wanted)")
            return {10: self.fallback.d10, 6: self.fallback.d6, 4: self.fallback.d4}[sides]()
        face = self._faces[self._pos]
        if face > sides:
            raise ValueError(f"scripted face {face} (number {self._pos + 1}) is too big for a D{sides}")
        self._pos += 1
        return face

    def d10(self) -> int:
        return self._next(10)

    def d6(self) -> int:
        return self._next(6)

    def d4(self) -> int:
        return self._next(4)


def as_dice(stream: object) -> GGDice:
    """The dice of a step: `GGDice` as they are, a `SeededStream` through `SeededDice`."""
    if isinstance(stream, SeededStream):
        return SeededDice(stream)
    if isinstance(stream, ScriptedDice | SeededDice):
        return stream
    raise TypeError("gold_and_glory rolls D10, D6 and D4: give it a SeededStream or rules.gold_glory.rolls dice")


def roll(em: Emitter, dice: GGDice, fighter: str, what: str, value: int, mods: dict[str, int],
         against: str | None = None, resistance: bool = False) -> ev.Roll:
    """One roll, emitted: value + mods - 1D10 (resistance: `value` is attack - defence + 5 already).
    House rules: a 10 always fails (not in resistance rolls), fumbles on a failed 10, perfect results on
    a successful 1 ("More rules": "Fumble, fumbly, fumbles", "Perfect, excellent, exceptional")."""
    house = em.bout.house
    die = dice.d10()
    chance = value + sum(mods.values())
    margin = chance - die
    success = margin >= 0 and not (die == 10 and TEN_FAILS in house and not resistance)
    extra: int | None = None
    quality = ""
    if not success and die == 10 and FUMBLES in house:
        extra = dice.d10()
        if extra == 10:
            quality = "critical_fumble"
        elif extra > chance:
            quality = "fumble"
    elif success and die == 1 and PERFECT in house:
        extra = dice.d10()
        if extra == 1:
            quality = "exceptional"
        elif extra <= chance:
            quality = "perfect"
    event = ev.Roll(fighter, what, against, value, tuple(sorted(mods.items())), die, margin, success, extra, quality)
    em.emit(event)
    return event


def bonus(r: ev.Roll) -> int:
    """A perfect result counts as three levels of success more, an exceptional one six (our ruling)."""
    return {"perfect": 3, "exceptional": 6}.get(r.quality, 0)
