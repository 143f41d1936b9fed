"""Import ``arcade.gui`` safely, also when ``ARCADE_HEADLESS`` is set (tech_notes §0.1).

On Linux, arcade 3.3.3 headless fails to import ``arcade.gui``: ``pyglet.input`` needs ``pyglet.window.xlib``
and ``arcade.experimental.controller_window`` needs ``arcade.ControllerManager`` (only exported when not
headless). Importing the X11 window module (needs only ``libX11.so.6``, no X server) and re-exporting the
controller manager fixes both. Always import the GUI through :func:`import_gui`.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

import arcade


def apply_headless_workaround() -> None:
    """Make ``import arcade.gui`` work in headless mode. Safe to call repeatedly and when not headless."""
    if not arcade.headless:
        return
    if sys.platform.startswith("linux"):
        importlib.import_module("pyglet.window.xlib")
    controller = importlib.import_module("arcade.controller")
    if not hasattr(arcade, "ControllerManager"):
        setattr(arcade, "ControllerManager", controller.ControllerManager)  # noqa: B010


def import_gui() -> ModuleType:
    """Return the ``arcade.gui`` module, applying the headless workaround first."""
    apply_headless_workaround()
    return importlib.import_module("arcade.gui")
