"""Dice: d10 pools against a target number, botches, contests, and the random streams behind them.

Every roll takes a `DiceStream`. `SeededStream` is a named, seeded stream (the world keeps one per
purpose: combat, ai, mapgen, cosmetic); `ScriptedStream` hands out a fixed list of faces for tests and
scenario files. Nothing in `rules` touches the global `random` module.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Protocol

from mypy_extensions import mypyc_attr

from rules.fastinit import fast_init_all


class DiceStream(Protocol):
    """A source of die faces."""

    def d10(self) -> int: ...

    def d6(self) -> int: ...


def _generator(seed: int, name: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{name}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class SeededStream:
    """A named stream seeded from (seed, name), so streams of one run never share a sequence.

    Every draw (`d10`, `d6`, `randint`, `roll_pool`'s fast path) takes exactly one `random()` from
    the generator and adds one to `draws`. So for a given seed and name, `draws` *is* the stream's
    position: two streams with equal `draws` are in the same state (tests check this for every kind
    of draw). Recordings checksum the position through it, at no cost. Anything that draws from
    `_random` directly must add to `draws` too."""

    __slots__ = ("_random", "_rng", "draws", "name", "seed")

    def __init__(self, seed: int, name: str) -> None:
        self.seed = seed
        self.name = name
        self._rng = _generator(seed, name)
        self._random = self._rng.random
        self.draws = 0

    def clone(self) -> SeededStream:
        """A copy at the same position that draws apart from this one."""
        c = SeededStream(self.seed, self.name)
        c._rng.setstate(self._rng.getstate())
        c.draws = self.draws
        return c

    def seek(self, draws: int) -> None:
        """Put the stream at position `draws` (a folded state's streams, SPEC §7): forward by drawing
        the difference, backward by starting again from the seed."""
        if draws < self.draws:
            self._rng = _generator(self.seed, self.name)
            self._random = self._rng.random
            self.draws = 0
        step = self._random
        for _ in range(draws - self.draws):
            step()
        self.draws = draws

    # Faces come from random() alone: the one output CPython promises to keep across versions
    # (randint's algorithm is not), so a recording replays the same on a newer Python.
    def d10(self) -> int:
        self.draws += 1
        return int(self._random() * 10) + 1

    def d6(self) -> int:
        self.draws += 1
        return int(self._random() * 6) + 1

    def randint(self, low: int, high: int) -> int:
        self.draws += 1
        return low + int(self._random() * (high - low + 1))


@mypyc_attr(native_class=False)  # mypyc cannot compile a RuntimeError subclass as a native class
class ScriptExhausted(RuntimeError):
    """A scripted stream ran out of faces."""


class ScriptedStream:
    """Hands out the given faces in order; d6 rolls take the next face too (it must be 1..6). `roll(sides)`
    is one die of any size (the systems with D12 to D100, `rules.dew`), its face checked against the die;
    `largest` is the greatest face the script may hold (10 for the d10 pools; 100 for those systems). When
    the faces run out the `fallback` rolls (a `roll` wants a `SeededStream` or another `ScriptedStream`)."""

    __slots__ = ("_faces", "_pos", "fallback")

    def __init__(self, faces: list[int] | tuple[int, ...], fallback: DiceStream | None = None,
                 largest: int = 10) -> None:
        for face in faces:
            if not 1 <= face <= largest:
                raise ValueError(f"scripted die face {face} is not between 1 and {largest}")
        self._faces = tuple(faces)
        self._pos = 0
        self.fallback = fallback

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._pos

    def _next(self, kind: str) -> int:
        if self._pos >= len(self._faces):
            if self.fallback is None:
                raise ScriptExhausted(f"scripted dice ran out after {len(self._faces)} faces ({kind} wanted)")
            return self.fallback.d10() if kind == "d10" else self.fallback.d6()
        face = self._faces[self._pos]
        self._pos += 1
        return face

    def d10(self) -> int:
        return self._next("d10")

    def d6(self) -> int:
        face = self._next("d6")
        if not 1 <= face <= 6:
            raise ValueError(f"scripted face {face} used for a d6 roll (hit location) must be 1..6")
        return face

    def roll(self, sides: int) -> int:
        """One die of `sides` faces, 1..sides; a scripted face too big for it is an error naming both."""
        if self._pos >= len(self._faces):
            fallback = self.fallback
            if isinstance(fallback, SeededStream):
                return fallback.randint(1, sides)
            if isinstance(fallback, ScriptedStream):
                return fallback.roll(sides)
            raise ScriptExhausted(f"scripted dice ran out after {len(self._faces)} faces (a D{sides} wanted)")
        face = self._faces[self._pos]
        if face > sides:
            raise ValueError(f"scripted face {face} (number {self._pos + 1}) used for a D{sides}")
        self._pos += 1
        return face


@dataclass(slots=True, unsafe_hash=True, init=False)
class Roll:
    """One pool roll. `faces` are the totals per die (a 10 rerolled at TN > 10 shows as 10 + reroll).
    A value (never changed once made); plain, with its own `__init__`, not frozen: the compiled build
    runs its own `__init__` natively, a frozen dataclass's stays interpreted (one roll per pool rolled)."""

    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    botch: bool

    def __init__(self, dice: int, tn: int, faces: tuple[int, ...], successes: int, botch: bool) -> None:
        self.dice = dice
        self.tn = tn
        self.faces = faces
        self.successes = successes
        self.botch = botch


def roll_die(stream: DiceStream, tn: int) -> int:
    """One die; above TN 10 every 10 is rolled again and added."""
    face = stream.d10()
    total = face
    while tn > 10 and face == 10 and total < tn:
        face = stream.d10()
        total += face
    return total


def effective_pool(dice: int, tn: int, negative_pool: str = "one_die_tn_plus") -> tuple[int, int]:
    """House rule `negative_pool`: a pool below one die rolls one die at TN +1 per die below one."""
    if dice >= 1:
        return dice, tn
    if negative_pool == "no_roll":
        return 0, tn
    return 1, tn + (1 - dice)


def roll_pool(stream: DiceStream, dice: int, tn: int, negative_pool: str = "one_die_tn_plus") -> Roll:
    """Roll `dice` d10 against `tn`. Botch: no success and two or more 1s (one 1 on a single die)."""
    if dice < 1:
        dice, tn = effective_pool(dice, tn, negative_pool)
        if dice <= 0:
            return Roll(0, tn, (), 0, False)
    faces: tuple[int, ...]
    if tn > 10:
        faces = tuple([roll_die(stream, tn) for _ in range(dice)])
    elif type(stream) is SeededStream:
        rnd = stream._random  # the same faces as stream.d10(), without a call per die
        faces = tuple([int(rnd() * 10) + 1 for _ in range(dice)])
        stream.draws += dice  # what `dice` calls of stream.d10() would have counted
    else:
        d10 = stream.d10
        faces = tuple([d10() for _ in range(dice)])
    successes = ones = 0
    for f in faces:
        if f >= tn:
            successes += 1
        if f == 1:
            ones += 1
    botch = successes == 0 and (ones >= 2 or (dice == 1 and ones == 1))
    return Roll(dice, tn, faces, successes, botch)


def success_chance(tn: int) -> float:
    """Chance of one die meeting `tn`: (11 - TN)/10 up to 10, rerolled tens above."""
    if tn <= 1:
        return 1.0
    if tn <= 10:
        return (11 - tn) / 10
    return 0.1 * success_chance(tn - 10)


def expected_successes(dice: int, tn: int) -> float:
    return max(0, dice) * success_chance(tn)


fast_init_all(Roll)  # see rules.fastinit
