"""Player settings as JSON in the per-user config dir (platformdirs), written atomically, never fatal to load.

A missing file gives defaults. A corrupt file is reported, kept aside as ``settings.json.bad`` and defaults
are used; a single bad field falls back to its default and is reported, the rest is kept. The config dir
is injectable (``SettingsStore(config_dir=...)`` or the ``STEELSTEP_CONFIG_DIR`` environment variable).
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import platformdirs

from game.sim.difficulty import DEFAULT_DIFFICULTY, DIFFICULTIES
from game.view.input_map import InputMap

log = logging.getLogger(__name__)

APP_NAME = "Steelstep"
FILE_NAME = "settings.json"
FORMAT_VERSION = 1
ANIMATION_SPEEDS: tuple[float | str, ...] = (0.5, 1.0, 2.0, 4.0, "instant")
UI_SCALE_RANGE = (0.75, 2.0)

PAD_SIZES = ("normal", "small", "hidden")  # the on-screen arrow pad: full size, smaller, or not at all
PAD_SCALES = {"normal": 1.0, "small": 0.7, "hidden": 1.0}  # its size against the panels' scale

AnimationSpeed = float | Literal["instant"]
Handedness = Literal["right", "left"]


@dataclass
class Settings:
    """Everything the settings screen edits."""

    animation_speed: AnimationSpeed = 1.0
    ui_scale: float = 1.0
    handedness: Handedness = "right"
    colour_blind: bool = False
    key_bindings: InputMap = field(default_factory=InputMap)
    house_rules: dict[str, Any] = field(default_factory=dict)  # overrides of content/house_rules.yaml
    master_volume: float = 0.8  # 0..1; the heard volume is master_volume * effects_volume
    effects_volume: float = 1.0  # 0..1
    muted: bool = False
    difficulty: str = DEFAULT_DIFFICULTY  # the enemies' decision-maker in new runs (game.sim.deciding)
    arrow_pad: str = "normal"  # one of PAD_SIZES (a keyboard-only player may hide it)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "animation_speed": self.animation_speed,
            "ui_scale": self.ui_scale,
            "handedness": self.handedness,
            "colour_blind": self.colour_blind,
            "key_bindings": self.key_bindings.to_json(),
            "house_rules": dict(self.house_rules),
            "master_volume": self.master_volume,
            "effects_volume": self.effects_volume,
            "muted": self.muted,
            "difficulty": self.difficulty,
            "arrow_pad": self.arrow_pad,
        }

    @classmethod
    def from_json(cls, data: object, problems: list[str] | None = None) -> Settings:
        """Build from parsed JSON; invalid fields get their defaults and a line in ``problems``."""
        problems = problems if problems is not None else []
        settings = cls()
        if not isinstance(data, dict):
            problems.append(f"settings: expected a JSON object, got {type(data).__name__}; using defaults")
            return settings

        speed = data.get("animation_speed", settings.animation_speed)
        if speed == "instant" or (_is_number(speed) and float(speed) in ANIMATION_SPEEDS):
            settings.animation_speed = "instant" if speed == "instant" else float(speed)
        else:
            problems.append(f"animation_speed: {speed!r} is not one of 0.5, 1, 2, 4, \"instant\"; using 1")

        scale = data.get("ui_scale", settings.ui_scale)
        if _is_number(scale) and UI_SCALE_RANGE[0] <= float(scale) <= UI_SCALE_RANGE[1]:
            settings.ui_scale = float(scale)
        else:
            problems.append(f"ui_scale: {scale!r} is not a number in {UI_SCALE_RANGE[0]}..{UI_SCALE_RANGE[1]}; using 1")

        hand = data.get("handedness", settings.handedness)
        if hand in ("right", "left"):
            settings.handedness = hand
        else:
            problems.append(f"handedness: {hand!r} is not \"right\" or \"left\"; using \"right\"")

        cb = data.get("colour_blind", settings.colour_blind)
        if isinstance(cb, bool):
            settings.colour_blind = cb
        else:
            problems.append(f"colour_blind: {cb!r} is not true/false; using false")

        if "key_bindings" in data:
            settings.key_bindings = InputMap.from_json(data["key_bindings"], problems)

        rules = data.get("house_rules", {})
        if isinstance(rules, dict) and all(isinstance(k, str) for k in rules):
            settings.house_rules = dict(rules)
        else:
            problems.append("house_rules: expected an object of rule name -> value; using none")
        _read_sound(settings, data, problems)
        difficulty = data.get("difficulty", settings.difficulty)  # added after format 1: absent keeps the default
        if difficulty in DIFFICULTIES:
            settings.difficulty = difficulty
        else:
            problems.append(f"difficulty: {difficulty!r} is not one of {', '.join(DIFFICULTIES)}; "
                            f"using {DEFAULT_DIFFICULTY!r}")
        pad = data.get("arrow_pad", settings.arrow_pad)  # added after format 1: absent keeps the default
        if pad in PAD_SIZES:
            settings.arrow_pad = pad
        else:
            problems.append(f"arrow_pad: {pad!r} is not one of {', '.join(PAD_SIZES)}; using \"normal\"")
        return settings


def _read_sound(settings: Settings, data: dict[str, Any], problems: list[str]) -> None:
    """The sound fields (added after format 1 shipped: a file without them keeps the defaults)."""
    for name in ("master_volume", "effects_volume"):
        default = getattr(settings, name)
        value = data.get(name, default)
        if _is_number(value) and 0.0 <= float(value) <= 1.0:
            setattr(settings, name, float(value))
        else:
            problems.append(f"{name}: {value!r} is not a number in 0..1; using {default}")
    muted = data.get("muted", settings.muted)
    if isinstance(muted, bool):
        settings.muted = muted
    else:
        problems.append(f"muted: {muted!r} is not true/false; using false")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass
class LoadResult:
    """Loaded settings and human-readable problems (empty when the file was fine or absent)."""

    settings: Settings
    problems: list[str]


class SettingsStore:
    """Reads and writes ``settings.json`` in one config directory."""

    def __init__(self, config_dir: str | os.PathLike[str] | None = None) -> None:
        if config_dir is None:
            config_dir = os.environ.get("STEELSTEP_CONFIG_DIR") or platformdirs.user_config_dir(
                APP_NAME, appauthor=False
            )
        self.config_dir = Path(config_dir)

    @property
    def path(self) -> Path:
        return self.config_dir / FILE_NAME

    def load(self) -> LoadResult:
        """Load settings; never raises for a missing, unreadable or corrupt file."""
        problems: list[str] = []
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return LoadResult(Settings(), problems)
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"could not read {self.path}: {exc}; using default settings")
            self._report(problems)
            return LoadResult(Settings(), problems)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            problems.append(f"{self.path} is not valid JSON ({exc}); using default settings")
            self._keep_bad_copy(problems)
            self._report(problems)
            return LoadResult(Settings(), problems)
        settings = Settings.from_json(data, problems)
        self._report(problems)
        return LoadResult(settings, problems)

    def save(self, settings: Settings) -> Path:
        """Write atomically: a temp file in the same directory, fsync, then rename over the old file."""
        self.config_dir.mkdir(parents=True, exist_ok=True)
        payload = json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=self.config_dir)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(payload)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return self.path

    def _keep_bad_copy(self, problems: list[str]) -> None:
        bad = self.path.with_name(FILE_NAME + ".bad")
        try:
            os.replace(self.path, bad)
            problems.append(f"the unreadable file was kept as {bad}")
        except OSError as exc:
            problems.append(f"could not move the unreadable file aside: {exc}")

    @staticmethod
    def _report(problems: list[str]) -> None:
        for problem in problems:
            log.warning("settings: %s", problem)
