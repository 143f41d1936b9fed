"""Deterministic frame stepping, input injection, pixel reads and screenshots for headless view tests.

See tech_notes §1.2: the window must have ``_enable_event_queue = False`` so ``dispatch_event`` is synchronous.
Coordinates for ``click``/``pixel`` are arcade's (bottom-left origin, window pixels).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import arcade
from PIL import Image

SCREENSHOT_DIR = Path(__file__).resolve().parents[1] / "screenshots"
RGB = tuple[int, int, int]


def advance(window: arcade.Window, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run ``frames`` frames: pending events, clock tick + fixed update + ``on_update(dt)``, ``on_draw``, flip."""
    for _ in range(frames):
        window.dispatch_events()
        window._dispatch_updates(dt)  # private, but the only way to get arcade's fixed-update semantics
        window.dispatch_event("on_draw")
        window.flip()


def press(window: arcade.Window, symbol: int, modifiers: int = 0) -> None:
    """Press and release a key through the window (reaches the view, the GUI and the key-state handler)."""
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)


def click(window: arcade.Window, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    """Click at window position ``(x, y)`` (bottom-left origin)."""
    window.dispatch_event("on_mouse_press", int(x), int(y), button, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), button, 0)


def grab() -> Image.Image:
    """The current framebuffer as an RGBA PIL image (top-left origin)."""
    return arcade.get_image()


def pixel(image: Image.Image, x: float, y: float) -> RGB:
    """The RGB colour at arcade position ``(x, y)`` of an image from :func:`grab`."""
    value = image.getpixel((int(x), image.height - 1 - int(y)))
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def close_to(a: Iterable[int], b: Iterable[int], tol: int = 6) -> bool:
    return all(abs(int(p) - int(q)) <= tol for p, q in zip(a, b, strict=False))


def count_colour(
    image: Image.Image, box: tuple[float, float, float, float], colour: Iterable[int], tol: int = 6
) -> int:
    """How many pixels inside the arcade-coordinate ``box`` (left, bottom, right, top) match ``colour``."""
    target = tuple(colour)[:3]
    left, bottom, right, top = (int(v) for v in box)
    crop = image.crop((left, image.height - top, right, image.height - bottom)).convert("RGB")
    data: list[tuple[int, int, int]] = list(crop.getdata())
    return sum(1 for px in data if close_to(px, target, tol))


def screenshot(name: str, image: Image.Image | None = None) -> Path:
    """Save the framebuffer (or ``image``) as ``tests/screenshots/<name>.png`` for humans to look at."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{safe}.png"
    (image if image is not None else grab()).convert("RGB").save(path)  # the framebuffer's alpha is not seen
    return path
