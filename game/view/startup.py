"""The start-up path of the windowed game: what waits until the title screen is on screen.

A later start must show the title within about 2 s (issue 17), so the title imports nothing of the
simulation and everything it does not need waits. `begin` (called by ``game.__main__`` before the first
``import arcade``) turns off pyglet's GL error check after every call (`fast_gl`), pauses the cyclic
garbage collector (about a tenth of the import time goes to it) and keeps pyglet's media import from
probing the audio drivers' and FFmpeg's libraries (a tenth to a fifth of the time to the title on the
measuring machine). `after_first_frame` calls back once the window's first
frame has been drawn and shown; `first_frame_shown` then turns the collector back on, and `run_steps`
runs the deferred steps (the real audio driver, `start_audio`; the window icon; the game view's modules;
the content catalog) one per clock tick, so that the window keeps drawing between them. A step that fails
is logged and skipped: none of them is needed to show a screen (the app loads the game view itself when a
run starts first, and sounds played before `start_audio` are silent).

`STEELSTEP_STARTUP_PROBE=1` (``scripts/measure_later_start.py``) prints the start-up times on stdout
(``startup first_frame 1.234``, ``startup ready 2.345``, each followed by the CPU time the process had
used then, ``startup first_frame_cpu 0.812``) and quits once the steps are done.
"""

from __future__ import annotations

import gc
import importlib
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyglet

log = logging.getLogger(__name__)

PROBE_ENV = "STEELSTEP_STARTUP_PROBE"
FFMPEG_LIB = "pyglet.media.codecs.ffmpeg_lib"  # pyglet loads FFmpeg's libraries (if any) at import
Step = tuple[str, Callable[[], object]]
Schedule = Callable[[Callable[[float], None], float], None]


@dataclass
class _Deferred:
    begun: bool = False
    gc_was_enabled: bool = True
    audio_deferred: bool = False


_deferred = _Deferred()


def begin() -> None:
    """Before the first ``import arcade``: pause the garbage collector, and make pyglet's media import
    (which arcade does at once) choose the silent audio driver and skip FFmpeg, until
    `first_frame_shown` and `start_audio`. (arcade's own ``ARCADE_SOUND_BACKENDS`` is read only after
    pyglet chose a driver, so it cannot do this.)"""
    if _deferred.begun:
        return
    _deferred.begun = True
    _deferred.gc_was_enabled = gc.isenabled()
    gc.disable()
    fast_gl()
    if "pyglet.media" not in sys.modules:
        import pyglet  # the bare package: cheap, and arcade still sets its other options before use

        pyglet.options.audio = ("silent",)
        sys.modules[FFMPEG_LIB] = None  # type: ignore[assignment]  # a blocked import: "no FFmpeg"
        _deferred.audio_deferred = True


def fast_gl() -> None:
    """Before pyglet's GL module loads (the first ``import arcade``): no ``glGetError`` after every GL call
    (pyglet's ``debug_gl``; about 500 calls a frame, a few ms of a frame on the software renderer). GL errors
    then go unreported: ``STEELSTEP_DEBUG_GL=1`` keeps the checks."""
    if os.environ.get("STEELSTEP_DEBUG_GL") == "1" or "pyglet.gl" in sys.modules:
        return
    import pyglet

    pyglet.options.debug_gl = False


def first_frame_shown() -> None:
    """The first frame is on screen: the garbage collector runs again (the objects made so far, which
    live as long as the game, are left out of its work: ``gc.freeze``)."""
    if _deferred.begun and _deferred.gc_was_enabled and not gc.isenabled():
        gc.freeze()
        gc.enable()


def start_audio() -> str | None:
    """Undo `begin`'s audio deferral: register FFmpeg's decoders if its libraries load, and start the
    first audio driver of ``pyglet.options.audio`` that works (arcade set it at import: the player's
    ``ARCADE_SOUND_BACKENDS`` or arcade's own order) in place of the silent one. Returns the driver's
    name, or None when `begin` deferred nothing."""
    if not _deferred.audio_deferred:
        return None
    _deferred.audio_deferred = False
    import pyglet
    from pyglet.media import codecs, drivers

    if FFMPEG_LIB in sys.modules and sys.modules[FFMPEG_LIB] is None:
        del sys.modules[FFMPEG_LIB]
    if codecs.have_ffmpeg():  # type: ignore[no-untyped-call]  # (False, quietly, without FFmpeg)
        from pyglet.media.codecs import ffmpeg

        codecs.add_decoders(ffmpeg)  # type: ignore[no-untyped-call]
    for name in tuple(pyglet.options.audio):
        if name == "silent":
            break
        if name in ("xaudio2", "directsound") and pyglet.compat_platform not in ("win32", "cygwin"):
            continue
        try:  # as pyglet.media.drivers does at import: the first driver that loads and starts
            driver = importlib.import_module(f"pyglet.media.drivers.{name}").create_audio_driver()
        except Exception as exc:
            log.debug("audio driver %s: %s", name, exc)
            continue
        silent, drivers._audio_driver = drivers._audio_driver, driver  # what get_audio_driver() returns
        if silent is not None:
            silent.delete()
        log.info("audio: %s", name)
        return name
    log.info("audio: silent (no audio driver could start)")
    return "silent"


def probing() -> bool:
    return bool(os.environ.get(PROBE_ENV))


def report(stage: str, seconds: float) -> None:
    """Log one start-up time (seconds since the process began); print it too when probing."""
    cpu = time.process_time()
    log.info("start-up: %s after %.2f s (%.2f s of CPU)", stage.replace("_", " "), seconds, cpu)
    if probing():
        print(f"startup {stage} {seconds:.3f}\nstartup {stage}_cpu {cpu:.3f}", flush=True)


def _schedule_once(callback: Callable[[float], None], delay: float) -> None:
    import pyglet

    pyglet.clock.schedule_once(callback, delay)


def after_first_frame(window: pyglet.window.BaseWindow, callback: Callable[[], None],
                      schedule: Schedule = _schedule_once) -> None:
    """Call ``callback`` once, on the clock tick after the window's first frame was flipped onto the
    screen (pyglet's ``Window.draw`` dispatches ``on_draw``, then ``on_refresh``, then flips)."""

    def on_refresh(_dt: float) -> None:
        window.remove_handler("on_refresh", on_refresh)
        schedule(lambda _tick: callback(), 0)

    window.push_handlers(on_refresh=on_refresh)


def run_steps(steps: Sequence[Step], done: Callable[[], None] | None = None,
              schedule: Schedule = _schedule_once) -> None:
    """Run the steps in order, one per clock tick, then ``done``. A step that raises is logged and
    skipped; each step's time is logged."""
    pending = list(steps)

    def next_step(_dt: float) -> None:
        if not pending:
            if done is not None:
                done()
            return
        name, step = pending.pop(0)
        began = time.perf_counter()
        try:
            step()
        except Exception:
            log.exception("start-up step %r failed (the game goes on without it)", name)
        log.debug("start-up step %s took %.3f s", name, time.perf_counter() - began)
        schedule(next_step, 0)

    schedule(next_step, 0)
