"""Assets: every image is listed in LICENSES.md and resolvable; textures load; arcade.gui imports headless."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import arcade
import pytest

from game.view.assets import asset_path, image_path, load_ui_fonts, texture
from game.view.gui_compat import import_gui
from game.view.palette import ORIENTATION_ICON


def _images() -> list[str]:
    root = files("assets") / "images"
    return sorted(p.name for p in root.iterdir() if p.name.endswith(".png"))


def test_every_image_is_licensed_and_every_listed_file_exists() -> None:
    licenses = (files("assets") / "LICENSES.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`(images/[^`]+\.png)`", licenses))
    assert {f"images/{n}" for n in _images()} == listed
    for rel in listed:
        assert Path(asset_path(rel)).is_file()
    for name in ("floor", "wall", "door", "stairs_down", "actor_knight", "actor_bandit", "actor_goblin",
                 "actor_wolf", "actor_guard", "icon", *ORIENTATION_ICON.values()):
        assert Path(image_path(name)).is_file()


def test_missing_asset_raises() -> None:
    with pytest.raises(FileNotFoundError):
        asset_path("images/nope.png")


def test_textures_load_and_are_cached(window: arcade.Window) -> None:
    t = texture("actor_knight")
    assert texture("actor_knight") is t
    assert t.width == 96 and t.height == 128
    icon = texture("orient_aggressive")
    assert (icon.width, icon.height) == (32, 32)
    assert texture("icon").width == 256
    assert load_ui_fonts() == "Liberation Sans"


def test_arcade_gui_imports_headless() -> None:
    gui = import_gui()
    assert hasattr(gui, "UIManager") and hasattr(gui, "UIFlatButton")
