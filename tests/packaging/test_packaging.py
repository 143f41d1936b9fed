"""Packaging helpers without a PyInstaller build: the Linux installer and desktop entry, the Windows
version resource, names and the testers' README. (The build itself runs as the last step of ./test.)"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "packaging" / "linux" / "install.sh"
TEMPLATE = ROOT / "packaging" / "linux" / "steelstep.desktop"
WINDOW_CAPTION = "Steelstep"  # pyglet sets WM_CLASS from the caption; StartupWMClass must match

needs_bash = pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="POSIX shell only")


def _buildinfo() -> ModuleType:
    spec = importlib.util.spec_from_file_location("steelstep_buildinfo", ROOT / "packaging" / "buildinfo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _desktop_entry(text: str) -> dict[str, str]:
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def _fake_build(folder: Path) -> Path:
    """What install.sh needs of dist/steelstep: the executable, _internal and the icon."""
    icon = folder / "_internal" / "assets" / "images" / "icon.png"
    icon.parent.mkdir(parents=True)
    shutil.copy2(ROOT / "assets" / "images" / "icon.png", icon)
    exe = folder / "steelstep"
    exe.write_text("#!/bin/sh\necho fake steelstep\n")
    exe.chmod(0o755)
    return folder


def _install(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "home" / "share")}
    return subprocess.run(["bash", str(INSTALL), *args], env=env, capture_output=True, text=True, timeout=60)


def test_template_matches_the_window_caption() -> None:
    entry = _desktop_entry(TEMPLATE.read_text(encoding="utf-8"))
    assert entry["StartupWMClass"] == WINDOW_CAPTION == entry["Name"]
    assert entry["Exec"] == '"@APPDIR@/steelstep"' and entry["Icon"] == "@ICON@"
    assert _buildinfo().APP_NAME == WINDOW_CAPTION


@needs_bash
def test_install_writes_an_absolute_desktop_entry_and_the_icon(tmp_path: Path) -> None:
    build = _fake_build(tmp_path / "dist" / "steelstep")
    done = _install(tmp_path, "--from", str(build))
    assert done.returncode == 0, done.stderr
    share = tmp_path / "home" / "share"
    app = share / "steelstep"
    assert os.access(app / "steelstep", os.X_OK) and (app / "_internal").is_dir()
    icon = share / "icons" / "hicolor" / "256x256" / "apps" / "steelstep.png"
    with Image.open(icon) as image:
        assert image.size == (256, 256)
    desktop = share / "applications" / "steelstep.desktop"
    entry = _desktop_entry(desktop.read_text(encoding="utf-8"))
    assert entry["Exec"] == f'"{app}/steelstep"' and entry["Path"] == str(app) and entry["Icon"] == str(icon)
    assert entry["StartupWMClass"] == WINDOW_CAPTION
    assert os.access(desktop, os.X_OK)
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
        assert check.returncode == 0 and check.stdout == "", check.stdout + check.stderr

    # again (an update), then a custom folder with a space in it, then uninstall
    assert _install(tmp_path, "--from", str(build)).returncode == 0
    custom = tmp_path / "my games" / "steelstep"
    assert _install(tmp_path, "--from", str(build), "--to", str(custom)).returncode == 0
    entry = _desktop_entry(desktop.read_text(encoding="utf-8"))
    assert entry["Exec"] == f'"{custom}/steelstep"'
    if shutil.which("desktop-file-validate"):
        assert subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True).returncode == 0
    done = _install(tmp_path, "--to", str(custom), "--uninstall")
    assert done.returncode == 0 and not custom.exists() and not desktop.exists() and not icon.exists()


@needs_bash
def test_install_refuses_to_overwrite_a_foreign_folder(tmp_path: Path) -> None:
    build = _fake_build(tmp_path / "dist" / "steelstep")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "autosave.jsonl").write_text("{}\n")
    done = _install(tmp_path, "--from", str(build), "--to", str(precious))
    assert done.returncode == 1 and "not a Steelstep folder" in done.stderr
    assert (precious / "autosave.jsonl").read_text() == "{}\n"
    assert _install(tmp_path, "--from", str(tmp_path / "nothing")).returncode == 1


def test_windows_version_file_follows_pyproject() -> None:
    info = _buildinfo()
    version = info.project_version()
    text = info.windows_version_file(version)
    ast.parse(text)  # PyInstaller evals it: it must be a Python expression
    assert f"StringStruct('ProductVersion', '{version}')" in text
    assert f"filevers={info.version_tuple(version)}" in text
    assert info.version_tuple("1.2rc1") == (1, 2, 0, 0)
    assert info.version_tuple("0.1.0") == (0, 1, 0, 0)


def test_ico_has_the_usual_sizes(tmp_path: Path) -> None:
    info = _buildinfo()
    ico = info.make_ico(info.ICON_PNG, tmp_path / "steelstep.ico")
    with Image.open(ico) as image:
        assert (256, 256) in image.info["sizes"] and (16, 16) in image.info["sizes"]


def test_zip_name_and_readme() -> None:
    info = _buildinfo()
    assert info.zip_name("0.1.0", "linux-x86_64") == "steelstep-0.1.0-linux-x86_64.zip"
    assert info.platform_tag().split("-")[0] in {"linux", "windows", "macos", sys.platform}
    readme = info.testers_readme("0.1.0", "linux-x86_64")
    for needle in ("~/.local/share/Steelstep", "~/Library/Application Support/Steelstep",
                   "%LOCALAPPDATA%\\Steelstep", "recordings/", "logs/", "crash-", "autosave.jsonl",
                   "./steelstep/steelstep", "install.sh"):
        assert needle in readme
    assert "SmartScreen" in info.testers_readme("0.1.0", "windows-amd64")
    assert "right-click" in info.testers_readme("0.1.0", "macos-arm64")


def test_readme_paths_are_the_games_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's Linux data folder is where game.paths really puts things."""
    import platformdirs

    from game import paths

    monkeypatch.delenv("STEELSTEP_DATA_DIR", raising=False)
    if sys.platform.startswith("linux"):
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        expected = Path.home() / ".local" / "share" / "Steelstep"
        assert Path(platformdirs.user_data_dir(paths.APP_NAME, appauthor=False)) == expected
    assert paths.AUTOSAVE_NAME == "autosave.jsonl"


def _unused_native() -> list[str]:
    tree = ast.parse((ROOT / "packaging" / "steelstep.spec").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "UNUSED_NATIVE"
                                                for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(v) for v in value]
    raise AssertionError("packaging/steelstep.spec has no UNUSED_NATIVE list")


def test_the_native_modules_the_package_leaves_out_are_imported_by_none_of_our_code() -> None:
    """The spec leaves out AVIF/WebP/colour-profile/Tk image codecs, TLS and OpenSSL's hashlib (about 15 MB
    unpacked); none of our modules may import them (hashlib.sha256 is then the built-in one)."""
    left_out = set(_unused_native())
    assert {"PIL._avif", "_ssl", "_hashlib"} <= left_out
    imported: set[str] = set()
    for folder in ("game", "rules", "packaging"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    imported.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module:
                    imported.add(node.module)
                    imported.update(f"{node.module}.{a.name}" for a in node.names)
    assert not imported & left_out, imported & left_out
