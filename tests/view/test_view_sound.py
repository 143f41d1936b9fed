"""Sound: every event sound exists as a file, events map to the right sounds, the bank never raises."""

from __future__ import annotations

import json
import wave
from pathlib import Path
from typing import Any

import pytest

from game.sim.events import Died, Moved, RulesEvent
from game.view.assets import asset_path
from game.view.settings import Settings, SettingsStore
from game.view.sound import (
    ATTACK_OUTCOME_SOUNDS,
    EVENT_SOUNDS,
    MENU_BACK,
    MENU_MOVE,
    MENU_SELECT,
    SOUND_NAMES,
    SoundBank,
    impact_sound,
    sounds_for,
)
from rules.events import Attack, DefenceRoll, WoundRecord

ROOT = Path(__file__).resolve().parents[2]


def test_every_named_sound_is_a_short_wav_listed_as_our_own() -> None:
    licences = (ROOT / "assets" / "LICENSES.md").read_text(encoding="utf-8")
    named = set(SOUND_NAMES)
    mapped = {s for s in (*EVENT_SOUNDS.values(), *ATTACK_OUTCOME_SOUNDS.values()) if s}
    assert mapped | {MENU_MOVE, MENU_SELECT, MENU_BACK} <= named
    on_disk = {p.stem for p in (ROOT / "assets" / "sounds").glob("*.wav")}
    assert on_disk == named
    for name in SOUND_NAMES:
        with wave.open(asset_path(f"sounds/{name}.wav")) as wav:
            seconds = wav.getnframes() / wav.getframerate()
            assert wav.getnchannels() == 1 and wav.getsampwidth() == 2 and 0.02 < seconds < 1.5, name
        assert f"`sounds/{name}.wav`" in licences, name


def wound(level: int) -> WoundRecord:
    return WoundRecord("III", "upper_arm", "cut", level, level, 0, 0, 0, None, None, False, False)


def attack(hit: bool, *, level: int = 0, defence: str | None = None, dice: int = 4) -> dict[str, Any]:
    droll = None if defence is None else DefenceRoll("b", defence, dice, 6, (3,) * dice, 0, False)
    event = Attack(1, 1, "a", "b", "cut", 5, 6, (7,) * 5, 2, droll, 2, hit, wound(level) if hit else None)
    return RulesEvent(bout=1, event=event).to_dict()


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (attack(True, level=2), ("swing", "hit")),
        (attack(True, level=5), ("swing", "heavy_hit")),
        (attack(False, defence="parry"), ("swing", "parry")),
        (attack(False, defence="counter"), ("swing", "parry")),
        (attack(False, defence="block"), ("swing", "block")),
        (attack(False, defence="duck_and_weave"), ("swing",)),
        (attack(False, defence="parry", dice=0), ("swing",)),  # a defence that did not fit rolled nothing
        (attack(False), ("swing",)),
        (Moved("hero", (1, 1), (1, 2), "n").to_dict(), ("step",)),
        (Died("wolf", "blood loss").to_dict(), ("death",)),
        ({"type": "rules", "bout": 2, "event": {"type": "knock_check", "failed": True}}, ("knockdown",)),
        ({"type": "rules", "bout": 2, "event": {"type": "knock_check", "failed": False}}, ()),
        ({"type": "shot_loosed"}, ("shot",)),
        ({"type": "shot_landed", "event": {"type": "shot", "hit": True, "wound": {"level": 1}}}, ("hit",)),
        ({"type": "tick"}, ()),
    ],
)
def test_events_make_their_sounds(event: dict[str, Any], expected: tuple[str, ...]) -> None:
    assert sounds_for(event) == expected


class FakeSound:
    def __init__(self, log: list[tuple[str, float]], name: str, fail: bool = False) -> None:
        self.log, self.name, self.fail = log, name, fail

    def play(self, volume: float = 1.0, pan: float = 0.0, loop: bool = False, speed: float = 1.0) -> object:
        if self.fail:
            raise RuntimeError("no audio device")
        self.log.append((self.name, volume))
        return None


def fake_bank(log: list[tuple[str, float]], *, fail: bool = False, **kwargs: Any) -> tuple[SoundBank, list[float]]:
    now = [0.0]
    bank = SoundBank(loader=lambda path: FakeSound(log, Path(path).stem, fail), clock=lambda: now[0], **kwargs)
    return bank, now


def test_volume_is_master_times_effects_and_mute_silences() -> None:
    played: list[tuple[str, float]] = []
    bank, now = fake_bank(played, master=0.5, effects=0.8)
    assert bank.play("parry") and [name for name, _ in played] == ["parry"]
    assert played[0][1] == pytest.approx(0.4)
    bank.set_volumes(1.0, 1.0, muted=True)
    now[0] = 1.0
    assert not bank.play("parry") and len(played) == 1
    bank.set_volumes(2.0, -1.0, muted=False)  # clamped to 0..1
    assert bank.volume == 0.0


def test_a_burst_of_the_same_sound_plays_once_and_events_play_in_order() -> None:
    played: list[tuple[str, float]] = []
    bank, now = fake_bank(played)
    assert bank.play_for(attack(True, level=1)) == ("swing", "hit")
    assert bank.play_for(attack(True, level=1)) == ()  # the same instant: skipped, not stacked
    now[0] = 0.5
    assert bank.play_for(attack(False, defence="block")) == ("swing", "block")
    assert [name for name, _ in played] == ["swing", "hit", "swing", "block"]


def test_no_audio_backend_goes_quiet_without_raising(caplog: pytest.LogCaptureFixture) -> None:
    bank, _ = fake_bank([], fail=True)
    assert not bank.play("step") and bank.broken
    assert not bank.play("hit")  # stays quiet, no second traceback
    assert "sound is off" in caplog.text and len(bank.problems) == 1


def test_a_sound_that_will_not_load_is_skipped() -> None:
    def loader(path: str) -> FakeSound:
        raise OSError(f"cannot decode {path}")

    bank = SoundBank(loader=loader)
    assert not bank.play("step") and not bank.play("step")
    assert len(bank.problems) == 1 and "step" in bank.problems[0]
    missing = SoundBank(loader=lambda p: FakeSound([], "x"))
    assert not missing.play("no_such_sound") and "no_such_sound" in missing.problems[0]


def test_real_arcade_loader_plays_every_sound_headless() -> None:
    bank = SoundBank(min_gap=0.0)
    assert bank.load_all() == []
    assert all(bank.play(name) for name in SOUND_NAMES)


def test_volume_settings_round_trip_and_old_files_still_load(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(master_volume=0.3, effects_volume=0.6, muted=True))
    loaded = store.load()
    assert loaded.problems == [] and (loaded.settings.master_volume, loaded.settings.effects_volume,
                                      loaded.settings.muted) == (0.3, 0.6, True)
    old = {"version": 1, "animation_speed": 2.0, "ui_scale": 1.25, "handedness": "left", "colour_blind": True,
           "house_rules": {}}  # a settings file written before the sound fields existed
    (tmp_path / "settings.json").write_text(json.dumps(old), encoding="utf-8")
    result = store.load()
    assert result.problems == [] and result.settings.ui_scale == 1.25
    assert (result.settings.master_volume, result.settings.effects_volume, result.settings.muted) == (0.8, 1.0, False)
    bad = {**old, "master_volume": 1.5, "effects_volume": "loud", "muted": 1}
    (tmp_path / "settings.json").write_text(json.dumps(bad), encoding="utf-8")
    result = store.load()
    assert len(result.problems) == 3 and result.settings.ui_scale == 1.25
    assert (result.settings.master_volume, result.settings.effects_volume, result.settings.muted) == (0.8, 1.0, False)


def test_the_impact_sound_is_the_outcome_alone() -> None:
    assert impact_sound(attack(True, level=5)) == "heavy_hit"
    assert impact_sound(attack(False, defence="block")) == "block"
    assert impact_sound(attack(False)) is None
    assert EVENT_SOUNDS["attack"] == "swing"
