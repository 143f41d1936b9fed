"""Build facts shared by ``steelstep.spec`` and ``build.py``: version, platform tag, icon, Windows
version resource and the testers' README. Standard library only (Pillow for the .ico)."""

from __future__ import annotations

import platform
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "Steelstep"  # also the window caption and StartupWMClass
EXE_NAME = "steelstep"
ICON_PNG = ROOT / "assets" / "images" / "icon.png"


def project_version(root: Path = ROOT) -> str:
    with (root / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-amd64``, ``macos-arm64``..."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower() or "unknown"
    return f"{system}-{machine}"


def zip_name(version: str, tag: str | None = None) -> str:
    return f"steelstep-{version}-{tag or platform_tag()}.zip"


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """``0.1.0`` → (0, 1, 0, 0); ``1.2rc1`` → (1, 2, 0, 0): the numeric prefix of each part."""
    numbers = []
    for part in version.split(".")[:4]:
        match = re.match(r"\d+", part)
        numbers.append(int(match.group()) if match else 0)
    padded = (numbers + [0, 0, 0, 0])[:4]
    return padded[0], padded[1], padded[2], padded[3]


def windows_version_file(version: str) -> str:
    """A PyInstaller version resource (the ``pyi-grab_version`` text format) for steelstep.exe."""
    numbers = version_tuple(version)
    strings = {
        "CompanyName": "Steelstep",
        "FileDescription": "Steelstep tactical roguelike",
        "FileVersion": version,
        "InternalName": EXE_NAME,
        "LegalCopyright": "Steelstep authors",
        "OriginalFilename": f"{EXE_NAME}.exe",
        "ProductName": APP_NAME,
        "ProductVersion": version,
    }
    items = ",\n          ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [{items}])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def make_ico(png: Path, target: Path) -> Path:
    """The Windows icon, all the usual sizes, from the 256x256 PNG."""
    from PIL import Image

    target.parent.mkdir(parents=True, exist_ok=True)
    with Image.open(png) as image:
        image.convert("RGBA").save(
            target, format="ICO", sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)]
        )
    return target


_START = {
    "windows": """  Unzip everything, keep the folder together, then open the "steelstep" folder and double-click
  steelstep.exe. SmartScreen may warn about an unknown publisher: "More info" -> "Run anyway"
  (tester builds are not signed).""",
    "macos": """  Unzip, move Steelstep.app wherever you like. The app is not signed: the first time, right-click
  (Ctrl-click) Steelstep.app -> Open -> Open. If macOS says it is "damaged", run in Terminal:
      xattr -dr com.apple.quarantine Steelstep.app""",
    "linux": """  Unzip everything, keep the folder together, then run:  ./steelstep/steelstep
  For a menu entry and icon:  ./steelstep/install.sh   (copies the game to ~/.local/share/steelstep;
  ./steelstep/install.sh --uninstall removes it again, your saves stay).""",
}


def testers_readme(version: str, tag: str) -> str:
    """README-TESTERS.txt: how to start, where the files are on each OS, how to report a bug."""
    system = tag.split("-")[0]
    start = _START.get(system, _START["linux"])
    return f"""Steelstep {version} tester build ({tag})
=================================================

STARTING THE GAME
{start}
  A quick check that opens no window: run it with --smoke; it exits after printing SMOKE OK (Windows and
  macOS builds have no console: there the line goes to logs/steelstep.log, see below).

WHERE YOUR FILES ARE
  Saves, recordings and logs live in the per-user data folder "Steelstep":
  - Windows: %LOCALAPPDATA%\\Steelstep      (C:\\Users\\<you>\\AppData\\Local\\Steelstep)
  - macOS:   ~/Library/Application Support/Steelstep
  - Linux:   ~/.local/share/Steelstep      ($XDG_DATA_HOME/Steelstep if that is set)
  Inside it:
    autosave.jsonl   the run in progress (saved after every move)
    recordings/      finished runs: run-<date>-<time>-<outcome>.jsonl
    logs/            steelstep.log (older ones: .1 .2 .3), crash-<date>-<time>.txt reports and
                     faults.log (low-level crash dumps; usually empty)
  Settings (settings.json) are in: Windows %LOCALAPPDATA%\\Steelstep, macOS
  ~/Library/Application Support/Steelstep, Linux ~/.config/Steelstep.
  Deleting the game folder does not delete any of these.

REPORTING A BUG
  1. Say what you did, what you expected and what happened, and the build: {zip_name(version, tag)}
  2. Attach the recording of the run: autosave.jsonl if the run was in progress, else the newest file
     in recordings/. It replays the run exactly, so we can see the bug for ourselves.
  3. Attach logs/steelstep.log and, after a crash, the newest logs/crash-*.txt. The crash message
     says where both are; the autosave is left as it was, so Continue still works.
"""
