"""Find bundled asset files (``assets`` package) as real paths, also inside PyInstaller bundles, and cache textures.

``asset_path("images/floor.png")`` returns a filesystem path; ``texture("floor")`` loads ``images/floor.png`` once.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
from importlib.resources import as_file, files
from pathlib import Path

import arcade

_EXTRACTED = contextlib.ExitStack()  # keeps files extracted from a zip alive until exit
atexit.register(_EXTRACTED.close)

UI_FONT = "Liberation Sans"
_FONT_FILES = (
    ":system:fonts/ttf/Liberation/Liberation_Sans_Regular.ttf",
    ":system:fonts/ttf/Liberation/Liberation_Sans_Bold.ttf",
)


@functools.cache
def asset_path(name: str) -> str:
    """The filesystem path of ``assets/<name>`` (``name`` uses ``/``, e.g. ``"images/floor.png"``).

    Raises ``FileNotFoundError`` when the asset does not exist.
    """
    resource = files("assets").joinpath(*name.split("/"))
    if not resource.is_file():
        raise FileNotFoundError(f"asset not found: assets/{name}")
    if isinstance(resource, Path):  # normal install, editable install, PyInstaller (data is on disk)
        return str(resource)
    return str(_EXTRACTED.enter_context(as_file(resource)))  # zipped package: extract to a temp file


def image_path(name: str) -> str:
    """The path of an image in ``assets/images``; ``.png`` is added when ``name`` has no suffix."""
    if "." not in name.rsplit("/", 1)[-1]:
        name += ".png"
    return asset_path(f"images/{name}")


@functools.cache
def texture(name: str) -> arcade.Texture:
    """The texture of ``assets/images/<name>[.png]``, loaded once per process."""
    return arcade.load_texture(image_path(name))


@functools.cache
def load_ui_fonts() -> str:
    """Register the UI font with pyglet (once) and return its family name for ``arcade.Text``."""
    for font_file in _FONT_FILES:
        arcade.load_font(font_file)
    return UI_FONT
