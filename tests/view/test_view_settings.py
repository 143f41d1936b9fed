"""Settings: round trip through a temp config dir, atomic save, corrupt and invalid files never crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.view.input_map import PRESETS, InputMap, Intent
from game.view.settings import Settings, SettingsStore


def test_defaults_when_no_file(tmp_path: Path) -> None:
    result = SettingsStore(tmp_path / "cfg").load()
    assert result.settings == Settings() and result.problems == []


def test_round_trip(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    s = Settings(animation_speed="instant", ui_scale=1.5, handedness="left", colour_blind=True,
                 key_bindings=InputMap(PRESETS["one_hand"]), house_rules={"auto_chase": True, "adjacency": 8})
    path = store.save(s)
    assert path == tmp_path / "settings.json"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left behind
    loaded = store.load()
    assert loaded.problems == [] and loaded.settings == s
    s.animation_speed = 4.0
    store.save(s)
    assert store.load().settings.animation_speed == 4.0


def test_corrupt_file_is_reported_kept_aside_and_defaults_used(tmp_path: Path,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "settings.json").write_text('{"ui_scale": 1.5,', encoding="utf-8")
    result = SettingsStore(tmp_path).load()
    assert result.settings == Settings()
    assert any("not valid JSON" in p for p in result.problems)
    assert (tmp_path / "settings.json.bad").exists() and not (tmp_path / "settings.json").exists()
    assert "not valid JSON" in caplog.text


def test_binary_garbage_does_not_crash(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    result = SettingsStore(tmp_path).load()
    assert result.settings == Settings() and result.problems


def test_bad_fields_fall_back_one_by_one(tmp_path: Path) -> None:
    data = {"animation_speed": 3, "ui_scale": "big", "handedness": "both", "colour_blind": "yes",
            "house_rules": ["x"], "key_bindings": {"move_n": ["W"]}}
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    result = SettingsStore(tmp_path).load()
    s = result.settings
    assert (s.animation_speed, s.ui_scale, s.handedness, s.colour_blind, s.house_rules) == (1.0, 1.0, "right", False,
                                                                                              {})
    assert s.key_bindings.keys_for(Intent.MOVE_N) == ("W",)
    assert len(result.problems) == 5
    top_level = json.dumps([1, 2])
    (tmp_path / "settings.json").write_text(top_level, encoding="utf-8")
    assert SettingsStore(tmp_path).load().settings == Settings()


def test_env_var_selects_config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEELSTEP_CONFIG_DIR", str(tmp_path))
    assert SettingsStore().path == tmp_path / "settings.json"
    monkeypatch.delenv("STEELSTEP_CONFIG_DIR")
    assert "Steelstep" in str(SettingsStore().path)
