"""Sound effects: which sound each game event makes (plain data) and the `SoundBank` that plays them.

The sounds are our own WAVs in ``assets/sounds`` (``packaging/tools/make_sounds.py``). `sounds_for`
turns one event, as its ``to_dict()`` (world events, with rules events inside ``"event"``), into the
names of the sounds it makes: a move steps, an attack swings and then lands, is parried or blocked,
a death falls. The view plays menu sounds by name (`MENU_MOVE`, `MENU_SELECT`, `MENU_BACK`).

`SoundBank` loads the files through Arcade once, plays them at ``master * effects`` volume, and is
silent, never fatal, when there is no audio backend or a file will not load: the first failure is
logged and that sound (or, when playing fails, the whole bank) goes quiet.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

import arcade

from game.view.assets import asset_path

log = logging.getLogger(__name__)

SOUND_NAMES: tuple[str, ...] = (
    "step", "swing", "parry", "block", "hit", "heavy_hit", "death", "knockdown", "shot", "bump",
    "bout_start", "menu_move", "menu_select", "menu_back", "first_aid",
)
MENU_MOVE = "menu_move"  # the highlight moves in any menu or list
MENU_SELECT = "menu_select"  # a choice is confirmed (Enter, a click on a button)
MENU_BACK = "menu_back"  # Escape, back, cancel

# Event type name (the event's ``type``) -> the sound it makes; None: silent on purpose.
EVENT_SOUNDS: Mapping[str, str | None] = {
    "moved": "step",
    "forfeited": "bump",  # a step that did not happen (the actor only turned)
    "rejected": "bump",  # a command the world refused (a step into a wall)
    "bumped": "bump",
    "bout_started": "bout_start",
    "bout_joined": "bout_start",
    "attack": "swing",  # then one of ATTACK_OUTCOME_SOUNDS
    "shot_loosed": "shot",
    "shot_landed": None,  # its rules event inside says whether it hit
    "died": "death",
    "knocked_out": "knockdown",
    "knock_check": None,  # knockdown only when it failed (see sounds_for)
    "first_aid": "first_aid",
}

# How an attack ends -> the sound after the swing.
ATTACK_OUTCOME_SOUNDS: Mapping[str, str | None] = {
    "hit": "hit",
    "heavy_hit": "heavy_hit",  # a wound of HEAVY_WOUND_LEVEL or worse
    "parried": "parry",  # stopped by a weapon defence
    "blocked": "block",  # stopped by a shield
    "evaded": None,  # dodged: only the swing is heard
    "missed": None,  # no defence, the attack simply missed
}
HEAVY_WOUND_LEVEL = 4
# Defence maneuvers that sound like a shield or like nothing (an evasion); every other defence parries.
DEFENCE_KINDS: Mapping[str, str] = {
    "block": "blocked",
    "block_open_strike": "blocked",
    "partial_evasion": "evaded",
    "void": "evaded",
    "closing_void": "evaded",
    "duck_and_weave": "evaded",
    "full_evasion": "evaded",
    "flee": "evaded",
    "flee_away": "evaded",
}


def _inner(event: Mapping[str, Any]) -> Mapping[str, Any]:
    """A wrapped rules event (``rules``, ``shot_landed``, ``bled``) is judged by what it wraps."""
    inner = event.get("event")
    return inner if isinstance(inner, Mapping) and "type" in inner else event


def attack_outcome(event: Mapping[str, Any]) -> str:
    """One of `ATTACK_OUTCOME_SOUNDS`' keys for an ``attack`` event dict."""
    if event.get("hit"):
        wound = event.get("wound")
        level = wound.get("level", 0) if isinstance(wound, Mapping) else 0
        return "heavy_hit" if isinstance(level, int) and level >= HEAVY_WOUND_LEVEL else "hit"
    defence = event.get("defence")
    if isinstance(defence, Mapping) and defence.get("dice", 0):
        return DEFENCE_KINDS.get(str(defence.get("maneuver", "")), "parried")
    return "missed"


def impact_sound(attack: Mapping[str, Any]) -> str | None:
    """The sound at the moment a blow (an ``attack`` or ``shot`` event dict) lands or is stopped; the
    animator plays ``EVENT_SOUNDS["attack"]`` as the lunge starts and this at its peak."""
    return ATTACK_OUTCOME_SOUNDS[attack_outcome(_inner(attack))]


def sounds_for(event: Mapping[str, Any]) -> tuple[str, ...]:
    """The sounds one event makes, in order (often none)."""
    outer = str(event.get("type", ""))
    inner = _inner(event)
    kind = str(inner.get("type", ""))
    out: list[str] = []
    if outer != kind and EVENT_SOUNDS.get(outer):
        out.append(str(EVENT_SOUNDS[outer]))
    first = EVENT_SOUNDS.get(kind)
    if first:
        out.append(first)
    if kind in ("attack", "shot"):  # a blow swings (above), then lands or is stopped; a shot only lands
        after = impact_sound(inner)
        if after:
            out.append(after)
    elif kind == "knock_check" and inner.get("failed"):
        out.append("knockdown")
    return tuple(out)


class _Playable(Protocol):
    def play(self, volume: float = 1.0, pan: float = 0.0, loop: bool = False, speed: float = 1.0) -> object: ...


Loader = Callable[[str], _Playable]


def _arcade_loader(path: str) -> _Playable:
    return arcade.load_sound(path)


class SoundBank:
    """Our sound effects, loaded once; `play` never raises.

    ``master`` and ``effects`` are volumes in 0..1 (the heard volume is their product); ``muted``
    silences everything. A sound asked for again within ``min_gap`` seconds is skipped, so that a
    burst of events (six attacks of one exchange) does not stack into one loud noise.
    """

    def __init__(
        self,
        master: float = 1.0,
        effects: float = 1.0,
        muted: bool = False,
        *,
        loader: Loader = _arcade_loader,
        clock: Callable[[], float] = time.monotonic,
        min_gap: float = 0.04,
    ) -> None:
        self.master = _clamp(master)
        self.effects = _clamp(effects)
        self.muted = muted
        self._loader = loader
        self._clock = clock
        self._min_gap = min_gap
        self._sounds: dict[str, _Playable | None] = {}
        self._last: dict[str, float] = {}
        self.broken = False  # playing failed once: no audio device; stay silent from now on
        self.problems: list[str] = []

    @property
    def volume(self) -> float:
        """The volume a sound is played at (0 when muted)."""
        return 0.0 if self.muted else self.master * self.effects

    def set_volumes(self, master: float, effects: float, muted: bool) -> None:
        self.master, self.effects, self.muted = _clamp(master), _clamp(effects), muted

    def load_all(self, names: Iterable[str] = SOUND_NAMES) -> list[str]:
        """Load every sound now (the title screen does this, so the first blow does not stall)."""
        for name in names:
            self._get(name)
        return list(self.problems)

    def _get(self, name: str) -> _Playable | None:
        if name in self._sounds:
            return self._sounds[name]
        sound: _Playable | None = None
        try:
            sound = self._loader(asset_path(f"sounds/{name}.wav"))
        except Exception as exc:
            self._problem(f"sound {name!r} not loaded: {exc}")
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> bool:
        """Play one sound by name; True when it was started."""
        if self.broken or self.volume <= 0.0:
            return False
        now = self._clock()
        last = self._last.get(name)
        if last is not None and now - last < self._min_gap:
            return False
        sound = self._get(name)
        if sound is None:
            return False
        try:
            sound.play(volume=self.volume)
        except Exception as exc:
            self.broken = True
            self._problem(f"sound playback failed, sound is off: {exc}")
            return False
        self._last[name] = now
        return True

    def play_for(self, event: Mapping[str, Any]) -> tuple[str, ...]:
        """Play every sound `sounds_for(event)` names; returns the names started."""
        return tuple(name for name in sounds_for(event) if self.play(name))

    def _problem(self, message: str) -> None:
        self.problems.append(message)
        log.warning("%s", message)


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
