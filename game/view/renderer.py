"""Which OpenGL renderer the window got, and whether it is a software rasterizer (issue 11).

The game's window asks for 4x multisampling, which smooths the panels' rounded corners and the drawn lines on
a graphics card at no cost worth naming; on a software rasterizer (Mesa's llvmpipe, as on this project's test
machine and many virtual machines) it multiplies the pixels to fill by four: a frame of the game screen took
31 ms instead of 12 (``python -m game.view.bench --window [--antialiasing]`` under Xvfb). The window is
therefore made without it there (``game.view.app.make_window``).
"""

from __future__ import annotations

SOFTWARE_RENDERERS = (
    "llvmpipe",  # Mesa's LLVM rasterizer: Linux without a GPU driver, virtual machines, WSL
    "softpipe",  # Mesa's reference rasterizer
    "swrast",  # Mesa's older software path
    "swiftshader",  # Google's CPU Vulkan/GL (Chrome's fallback, some emulators)
    "gdi generic",  # Windows' OpenGL 1.1 without a driver
    "software rasterizer",  # Apple's and Mesa's generic names
    "software renderer",
)


def is_software(renderer: str) -> bool:
    """Whether a ``GL_RENDERER`` string names a rasterizer that runs on the CPU."""
    name = renderer.lower()
    return any(known in name for known in SOFTWARE_RENDERERS)
