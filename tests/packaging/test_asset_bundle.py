"""The package takes every asset along: what PyInstaller's spec collects and what the wheel's package data
names cover each file under assets/ (sounds and images alike)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from PyInstaller.utils.hooks import collect_data_files  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"


def shipped_assets() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix() for p in ASSETS.rglob("*")
        if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts
    }


def test_the_spec_collects_every_asset_including_sounds() -> None:
    spec = (ROOT / "packaging" / "steelstep.spec").read_text(encoding="utf-8")
    assert 'collect_data_files("assets")' in spec
    bundled = {f"{dest}/{Path(src).name}" for src, dest in collect_data_files("assets")}
    assets = shipped_assets()
    assert any(a.startswith("assets/sounds/") for a in assets)
    assert assets <= bundled


def test_the_wheel_package_data_names_every_asset() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["assets"]
    for asset in shipped_assets():
        inside = asset.removeprefix("assets/")
        names = [p for p in patterns] + [p.removeprefix("**/") for p in patterns]
        assert any(fnmatch.fnmatch(inside, p) for p in names), asset
