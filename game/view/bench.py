"""``python -m game.view.bench``: frame time of the game screen on a standard scene, headless.

The scene: a 40 x 22-square view (zoom 1: 32 px squares at 1280 x 720), 30 actors in 10 three-way bouts at
``s2`` with their initiative arcs, footbase circles, orientation icons, Atk/Def badges and clocks, the HUD, the
combat log full of lines and the arrow pad. Prints the median, 90th and 99th percentile and the longest of: a
static frame, frames while every actor's move is being tweened, and of those the first frame after each tick
(every panel the tick changed wants rebuilding), each measured up to ``ctx.finish()`` so the software
rasterizer's work counts; for the frames after a tick also the process's CPU time and the main thread's CPU time
(the Python and GL calls this code controls, without llvmpipe's rasterizer threads: steadier on a shared,
loaded machine); the time of a key press in the maneuver menu (a dice change: the choice's odds and the menu's
rebuild), frames with the legend open, how many frames went over 16.7 ms, and the time from process start to the
first rendered game frame. Before the game screen it warms glyphs as the title screen does (``game.view.glyphs``).

Options: ``--frames N`` (default 120), ``--window`` (a real window instead of headless), ``--zoom Z``;
``--ticks [--seeds 1-3] [--tick-count 300]``: instead, the tick in the real game (``game.view.tick_bench``: a new
run from the title's path played by keys, ``Session.apply`` and the key's frame).

Measured (issue 11, the frame after a tick; ``STEELSTEP_PURE=1 python -m game.view.bench``, two runs of each
build taken in turn on the shared 2-core machine at load average 15-16, so wall times are several times a quiet
machine's: compare the CPU columns). Before: main 24c7583; after: branch view7 (one heavy rebuild a frame,
glyphs warmed ahead, the log and the opening menu laid out over frames, clock labels and status marks reused):

    frame after a tick            before (2 runs)                       after (2 runs)
    main thread CPU  median       13.0 / 15.1 ms                        7.5 / 7.9 ms
                     p90 / max    22.9 / 28.3, 24.3 / 34.3 ms           9.2 / 12.3, 9.7 / 16.4 ms
    process CPU      median       23.4 / 28.3 ms                        16.8 / 17.3 ms
                     p90 / max    34.9 / 41.7, 34.3 / 50.4 ms           19.1 / 19.7, 21.2 / 24.4 ms
    wall             median       72.5 / 92.3 ms                        49.0 / 60.0 ms
                     p99 / max    119.2 / 120.1, 158.5 / 163.0 ms       73.0 / 74.4, 85.9 / 87.3 ms
    static frame, main thread CPU median 2.7 ms in both; animating frames' main thread max 28.3 / 34.3 -> 12.3 /
    16.4 ms. A third pair at load 6-10 (with the legend, shake and pad-setting commits): frame after a tick, main
    thread median / p90 / max 12.3 / 22.1 / 28.9 -> 7.1 / 10.7 / 11.3 ms; process CPU 22.1 / 32.4 / 45.5 ->
    16.6 / 18.0 / 19.7 ms; wall median 34.3 -> 30.4 ms, max 115.3 -> 46.9 ms.

Session 8 (issue 11's last line: the tick itself and the spikes; ``python -m game.view.bench --ticks`` and
``python -m game.view.bench``, pure build, one run of each on the shared machine at load average 7-12, so wall
times are 4-6 times a quiet machine's: compare main-thread CPU, median / p90 / p99 / max in ms). Before: main
d97195f with the ``--ticks`` mode; after: branch perf8 (the field-of-view repaint in the frame after the tick's,
``game.view.animation``; a run's heap frozen as it starts, ``game.view.session.settle_heap``; the legend's texts
and swatches made in quiet frames, ``game.view.legend_panel``):

    --ticks, seeds 1-3, 900 commands        before                        after
    Session.apply, main thread CPU           0.3 / 0.8 / 18.3 / 148.0      0.4 / 0.8 / 17.9 / 26.8
    the tick's frame, main thread CPU        6.9 / 10.4 / 37.4 / 185.0     5.3 / 8.2 / 31.3 / 64.7
    the two frames after it, main CPU        3.3 / 4.9 / 8.1 / 16.7        4.9 / 7.7 / 10.5 / 172.3
    standard scene
    static frame, main thread CPU            3.1 / 3.6 / 4.8 / 6.0         3.5 / 3.9 / 5.4 / 6.9
    menu key press (wall)                    31.3 / 51.8 / 360.0 / 765.4   2.7 / 7.4 / 10.5 / 11.1
    the legend's opening frame, main CPU     31.3 (27.0 in a second run)   14.4 (13.2 after 200 quiet frames)

At load average 1-1.6 afterwards (after; the other agents mostly idle): static frame wall median 10.5-12.2 ms,
p99 17.3-20.3, max 20.8-20.9; animating frame max 26.7 ms; 28 of 246 static and animating frames over 16.7 ms;
menu key press median 2.6, max 3.9 ms; legend frame wall median 16.1-20.7 ms (the full-screen dim rasterized),
its opening frame 15.1 ms main thread (the marks on screen made first), 35.5 ms wall. So the line is not met on
this machine yet; re-measure on an idle one.

What is left over 16.7 ms, found with a GC callback and timers in the ``--ticks`` run (seed 3): the world's tick
itself when AIs decide (p99 18 ms main thread: ``rules.planner`` through ``world_decisions.ai_answer``; the
player's command must come first, so it is not precomputed); the field of view's repaint on entering a room
(``map_render.update_fov``, 36-52 ms in the next frame now: its chunks could repaint over frames); the stairs
(``GameView._new_level``, 50 ms); opening the maneuver menu (``_sync_decision``, 16-20 ms: the planner's default
declaration for the leader); and full garbage-collector passes over what the run allocated since it started
(28-58 ms, three in 300 ticks).

Session 9 (issue 11's last line in the real game's ticks; ``STEELSTEP_PURE=1 python -m game.view.bench --ticks``,
which now also walks to the stairs after 80 commands on a depth (seed 2 takes them), times each frame's causes and
prints ``frames over 16.7 ms: N of M`` over every frame it steps, wall and main-thread CPU). Before: main 9290afe
(load average 0.3-3); after: branch tick9 (load 3.6-3.9), main-thread CPU, median / p90 / p99 / max in ms, seeds
1-3, 728 commands, about 7200-8000 frames:

    --ticks, seeds 1-3                       before                        after
    every frame, main thread CPU             2.7 / 5.7 / 9.6 / 55.0        2.5 / 5.6 / 8.8 / 47.9
    frames over 16.7 ms, main thread         25 of 7209                    16 of 8063
    frames over 16.7 ms, wall                1322 of 7209 (load 0.3-3)     2909 of 8063 (load 3.6-3.9)
    the tick's frame, main thread CPU        4.7 / 7.7 / 27.1 / 43.3       4.4 / 7.2 / 21.0 / 29.8
    the two frames after it, main CPU        4.2 / 7.0 / 9.6 / 55.0        4.8 / 6.9 / 8.8 / 20.0
    field of view + repaint, max a frame     49.9 (in 3 frames over)       6.3 (in none)
    the menu's opening (_sync_decision)      18.4 (in 15 frames over)      0.4 (in none)
    the stairs: the new depth's map view     about 50 (session 8)          5.1

The stairs' frame alone (seed 2, depth 1 -> 2: ``Session.apply``, which makes the level, and the new map view;
main-thread CPU; a script walking there, not in the repository): 65 ms on main cafeae8, 8-13 ms on tick9. What
changed: the light's chunks repaint a few a frame nearest the leader first
(``Animator`` with ``MapRender.update_fov(budget)`` / ``paint_pending``), the squares' images are made once a
process, the chunks' atlas is sized for the whole map, chunks and squares are made ahead in quiet frames
(``warm_step``), a chunk with nothing seen is not drawn; a new depth keeps the last map view's textures, atlas and
chunk sprites, and the run's next depths are made in a background thread (``game.view.levels_ahead``); the menu's
preselected declaration is worked out in a background thread before the menu opens (``game.view.default_ahead``,
the same default and the same events: ``tests/view/test_view_default_ahead.py``). The collector's passes stayed
under 8 ms a frame in every run (``settle_heap`` at the run's start suffices; no gen thresholds changed).

Wall times on this shared machine follow the other agents' load: seed 3 alone, this branch and 9290afe taken in
turn at the same load (3-4), every frame wall median 13.7-14.7 vs 13.8 ms, p99 21.5-24.1 vs 23.0-25.4, max
41.6-49.8 vs 72.5-149.6, frames over 16.7 ms 403-703 vs 437-571 of 3246: the wall line is llvmpipe's rasterizing
(the lead's part). Still over 16.7 ms in main-thread CPU: the world's tick when AIs decide (``Session.apply`` up to
26 ms, ``rules.planner`` in ``world_decisions``; 9 frames), a frame that builds the HUD and the map's marks at
once (44-48 ms: ``Hud.draw`` 17-21, ``draw_world`` 7-8, ``refresh_indicators`` 4; by its causes the screen's first
frame) and the maneuver menu's first draw (``ManeuverMenu.draw``, 14 ms once).

At load average 1.5 (before this work) a static frame took 12.6 ms wall (median; p90 15.2) of which 2.7 ms is the
main thread and the rest llvmpipe's rasterizing: the frame after a tick now adds about 5 ms of main-thread work
to that (median), so on a quiet machine it sits near the 16.7 ms line, not under it in every frame.

Session 10 (main 1dbed3a and after, load average under 1, no other process of ours running). The game's window
asked for 4x multisampling, which this bench (headless, none) never measured: on llvmpipe it multiplies the
pixels to fill by four. ``python -m game.view.bench --window [--antialiasing]`` under Xvfb, two runs each:

    real window, standard scene         --antialiasing (the window before)    without (the window now)
    static frame, median / max          20.3 / 29.5, 19.9 / 30.4 ms           9.5 / 19.5, 8.6 / 17.4 ms
    animating frame, median / max       19.8 / 39.5, 22.0 / 33.9 ms           11.0 / 20.4, 9.6 / 15.9 ms
    frame after a tick, max             33.4, 30.9 ms                         15.3, 15.1 ms
    legend frame, median / max          27.4 / 37.4, 31.2 / 47.6 ms           12.8 / 20.0, 11.7 / 23.3 ms
    frames over 16.7 ms                 293 and 304 of 306                    12 and 3 of 306

So the window is now made without multisampling on a software rasterizer (``game.view.renderer``,
``game.view.app.make_window``: asked, hidden, which renderer it got). Headless (``python -m game.view.bench``,
three runs): static frame median 7.4-7.9 ms, max 13.1-16.6; animating max 15.3-29.1; the frame after a tick
max 13.1-29.1; legend max 17.6-25.2; frames over 16.7 ms 2-8 of 306. ``--ticks`` (seeds 1-3, 8127 frames):
every frame wall median 10.5 ms, p99 22.6, 525 over 16.7 ms (6.5 %); main-thread CPU median 3.3, 29 over.

What the rest of a frame is, measured up to ``ctx.finish()`` part by part in the real game (seed 1 after 400
frames): the map's chunks 3.7 ms (a full-screen textured pass costs about 2 ms on llvmpipe with a one-line
shader, 3.3 with the sprite shader), the maneuver menu 2.2, the HUD 1.1, the pad 0.6, the clear 0.5, the
sprites and marks about 1.2: a quiet frame is 9-10 ms of which 3 are the main thread. What is still over the
line: the llvmpipe tail on a shared 2-core machine (wall p99 22.6 ms with a main thread at 11.5) and, in
main-thread CPU, the world's tick when AIs decide (``Session.apply`` up to 39 ms in 19 frames: the player's
command goes in first, so it is not worked out ahead) and first builds of panels (a draw up to 54 ms once).

Session 11 (main f12ad22 -> this; load average under 1.5). Panels are drawn from a picture between rebuilds
(``game.view.panel_picture``: the HUD, the maneuver menu, the log, the legend, the pad and the smaller panels cost one
textured quad a frame once steady; measured part by part, the whole ``on_draw`` went from 7.1 to 4.4 ms up to
``ctx.finish()``). Two llvmpipe traps found on the way: drawing with a texture a framebuffer draws into makes it
finish the frame so far and wait (5 ms in the middle of a frame: the picture is copied to a plain texture), and
switching to a framebuffer mid-frame does the same (pictures are painted after the frame, one a quiet frame).
Standard scene, compiled, three headless runs before / after: static frame median 9.9 / 6.4-7.8 ms; frame after a
tick max 17.4 / 11.9-13.9; legend frame median 12.7 / 7.2-9.5; frames over 16.7 ms 12 / 4-9 of 306. Real window
under Xvfb (``--window``), two runs: static median 6.3-6.7 ms (8.6-9.5 before), 7 and 7 of 306 over (12 and 3).
``--ticks`` (pure, seeds 1-3, 8128 frames): every frame wall median 7.9 ms (10.6), p99 18.6 (23.0), frames over
16.7 ms 137 (611) in wall time and 21 (26) in main-thread CPU; two later runs at c40f2ff: 235 and 99 in wall
time, 26 and 18 in main-thread CPU (the spread is the shared machine's). Still over: the first legend frame (its build,
11-14 ms of main thread), frames that rebuild the menu or the log after a tick in this 30-actor scene (3-5 ms of
build on top of 3 ms of drawing and 4-6 ms of rasterizing), and, in real play, ``Session.apply`` when the planner
decides for AIs (up to 30 ms pure, 14 compiled: its rollouts; not movable off the main thread without a
snapshot of the world for the view). A still screen now draws one frame in six (``game.view.frame_pacing``): a
still game under Xvfb used 58 % of a core, now 12 %.

Session 12 (main a7bf6ac -> this). This machine's speed itself moves: the same pure-Python loop took 338-556 ms
in five runs a minute apart, with nothing else of ours running; the bench now prints its reference loop's time
before and after (``reference_loop_ms``: 31-34 ms when quiet, 51 seen in a slow spell). What went, frame by frame
(per-frame timers on the bench's sequence): the opening frames' picture paints (first draws of the pictures' GL
states, 5-9 ms, now made on the title: ``game.view.gl_warm``; a clear of part of a picture's texture compiled a
shader, 4 ms: the whole texture is cleared; a picture's textures made in a quiet frame of their own, 1-3 ms);
two quiet jobs in one frame (the map's and the glyphs'); glyph chunks of 12 characters (3-7 ms a step, now 4);
the map's overlay laid out every frame of a still screen (1-3 ms) and each clock's declutter against every pip;
the legend's opening (spares found by scanning every hidden text's string, 5 ms; its build, now made in a quiet
frame for the marks on screen: 12 -> 4 ms of the main thread); the maneuver menu's opening building itself
again in each of its frames (2.5 ms each, now only its deferred texts are made); the arrow pad's mesh rebuilt
for a look it had (2.7 ms, now kept); four log lines a frame (now three). Headless, compiled, main a7bf6ac and
this taken in turn, two runs each, once in a quick spell and once in a slow one (reference loop 31-53 ms):

    standard scene, headless          a7bf6ac                         this
    quick spell: frames over 16.7 ms  5 and 5 of 306                  1 and 3 of 306
      static frame, median / max      6.6-6.7 / 15.4-17.4 ms          5.6-5.7 / 12.4-18.1 ms
      legend's first frame, main      10.0-10.2 ms                    5.0-6.1 ms
    slow spell: frames over 16.7 ms   23-33 of 306 (four runs)        11-14 of 306 (before the legend's build
                                                                      ahead and the log's three lines)

Three more runs of this alone, reference loop 31-34 ms: 0, 2 and 0 of 306 over; static median 4.4-5.1 ms, max
11.4-12.7; animating frames' main thread median 4.5-5.4 ms; the legend's first frame 3.5-3.8 ms of main thread.
``--ticks`` (pure, seeds 1-3, 8128 frames): 145 over in wall time, 17 in main-thread CPU (137-235 and 18-26 in
session 11): in real play the frames over the line are still ``Session.apply`` when the planner decides for AIs
(up to 28 ms pure).

Session 13 (``--worst N`` lists the slowest frames with their kind; per-frame timers and profiles of those). Found:
the first show of a picture from a texture whose side is not a power of two compiled a sampler variant, 20-37 ms
in whichever frame first showed such a panel (a static frame's 22-26 ms of main thread; in play too): the title's
probe now shows all four kinds (``game.view.gl_warm.SHOWN_SIZES``). The legend's first frames drew it directly
(10-12 ms of rasterizing): its picture is now painted ahead while it is closed (``PanelPicture.paint_ahead``).
The log's and the opening menu's text layouts now stop at one cap of layout time a frame, 2.5 ms, shared with
every other layout in it (``game.view.layout_clock``). Headless, compiled, b781c6b and this taken in turn, three
pairs, reference loop 30-34 ms:

    standard scene, headless          b781c6b                         this
    frames over 16.7 ms, of 306       3, 12 and 1                     1, 0 and 0
    animating, main thread p99 / max  8.1-11.8 / 8.3-12.9 ms          8.4-9.2 / 8.7-9.5 ms
    static frame max (wall)           26.3-31.9 ms (earlier runs)     11.9-12.7 ms
    legend frame max (wall)           16.4-19.4 ms (earlier runs)     13.8-14.5 ms

``--ticks`` compiled (seeds 1-3, 8128 frames, while another process installed packages): 10 frames over in
main-thread CPU: the first frame of each new game screen (the HUD's first build, 27 texts, 20-22 ms), the
planner's ``Session.apply`` (up to 17.4 ms compiled) and a few updates that take a travel step.

Session 14 (per-part timers on the frames after a tick, each part up to ``ctx.finish()``): a menu rebuild compiled a
regular expression per actor name for its odds line (2 ms; now one pattern per cast); the log's new lines now also
wait once the frame's drawing has taken 6 ms (``LayoutClock.busy``: a frame that rebuilt the menu or the marks). What
a frame's rasterizing costs, median of 90 animating frames: the map's chunks 3.1 ms, the log 2.5, the HUD 1.8, the
clocks' labels 1.6, the pad 1.3 (the panels drawn directly until their pictures are painted); a simpler shader for
the chunks saved 0.3 ms, not kept. Headless, compiled, 5e98ea4 and this in turn, three pairs, reference loop 30-38 ms:

    standard scene, headless            5e98ea4                         this
    frames over 16.7 ms, of 306         1, 3 and 0                      0, 1 and 0
    animating, main thread p99 / max    9.9-10.0 / 10.5-11.4 ms         8.4-9.2 / 9.4-10.8 ms
    frame after a tick, main p90        8.0-9.4 ms                      7.3-8.3 ms

After the rout and cornered-evasion merges, four more runs at a quiet moment (reference loop 30-37 ms): 2, 0, 0 and 1
of 306 over; static frame max 10.5-17.2 ms; animating main thread max 9.2-11.5 ms. A menu left still now draws one
frame in six as the game screen does (``MenuView.idle``): the title under Xvfb went from 73 % to 16 % of a core.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.sim.commands import Command


def _process_start() -> float:
    """Wall-clock time the process started (Linux /proc; elsewhere: when this module was imported)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        hz = os.sysconf("SC_CLK_TCK")
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return time.time() - uptime + start_ticks / hz
    except (OSError, ValueError, IndexError):
        return _IMPORTED


_IMPORTED = time.time()

# 40 x 22 view; ten groups of three in an L (guard in the corner, bandit east of him, goblin south of him):
# guards fight bandits and goblins, bandits fight goblins but they stand diagonal, so each L is one bout.
GROUPS_X = (3, 11, 19, 27, 35)
GROUPS_Y = (4, 14)


def scene_setup(seed: int = 1):  # type: ignore[no-untyped-def]  # -> WorldSetup (lazy imports)
    from game.sim.geometry import Pos
    from game.sim.scenario_file import ActorSetup, WorldSetup
    from game.sim.tilemap import parse_ascii

    width, height = 42, 24
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            border = x in (0, width - 1) or y in (0, height - 1)
            pillar = x % 8 == 7 and y % 6 == 3
            row.append("#" if border or pillar else ".")
        rows.append("".join(row))
    parsed = parse_ascii(rows)
    actors: list[ActorSetup] = []
    n = 0
    for gy in GROUPS_Y:
        for gx in GROUPS_X:
            n += 1
            first = n == 1
            cast = [
                ("player_fighter" if first else "town_guard", "player" if first else "town_guard", Pos(gx, gy)),
                ("bandit", "bandits", Pos(gx + 1, gy)),
                ("goblin", "goblins", Pos(gx, gy + 1)),
            ]
            for i, (creature, faction, pos) in enumerate(cast):
                aid = "player" if first and i == 0 else f"{creature}_{n}"
                actors.append(ActorSetup(aid, creature, faction, pos, aid.replace("_", " ").title(),
                                         first and i == 0, first and i == 0))
    return WorldSetup("bench", seed, parsed.tilemap, tuple(actors), {}, origin={"kind": "bench"})


def reference_loop_ms() -> float:
    """This machine's speed now: the main thread's CPU time of a fixed pure-Python loop, in ms (31-34 ms in a
    quick spell of the shared 2-core machine, 51-53 in a slow one with no other process of ours running: read
    the frame times against it)."""
    start = time.thread_time()
    total = 0
    for i in range(600_000):
        total += i * i % 7
    return (time.thread_time() - start) * 1000


def build_world(seed: int = 1):  # type: ignore[no-untyped-def]
    """The bench world, played to ``s2`` of the first exchange (declarations in, arcs coloured)."""
    from game.sim.commands import Confirm, Step
    from game.sim.world import World

    world = World(scene_setup(seed), seed=seed)
    events = list(world.opening)
    for _ in range(3):
        pending = world.state.pending
        if pending is not None and pending.kind == "declare":
            break
        if pending is not None and pending.kind == "step" and pending.orientation_due:
            events += world.apply(Step(None, "cautious"))
        else:
            events += world.apply(Confirm())
    return world, events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.view.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--window", action="store_true", help="use a real (visible) window")
    parser.add_argument("--zoom", type=float, default=1.0)
    parser.add_argument("--antialiasing", action="store_true",
                        help="4x multisampling, as the game's window asks for (the software rasterizer's cost of it)")
    parser.add_argument("--worst", type=int, default=0, help="also list the N slowest frames: kind, index, times")
    parser.add_argument("--ticks", action="store_true",
                        help="instead: the tick in a scripted new run (game.view.tick_bench)")
    parser.add_argument("--seeds", default="1-3", help="--ticks: the runs' seeds (default 1-3)")
    parser.add_argument("--tick-count", type=int, default=300, help="--ticks: commands per run (default 300)")
    args = parser.parse_args(argv)
    started = _process_start()
    if not args.window:
        os.environ.setdefault("ARCADE_HEADLESS", "1")
    os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")

    from game.view.startup import fast_gl

    fast_gl()  # as the game does (STEELSTEP_DEBUG_GL=1: with pyglet's GL error checks)
    import arcade

    from game.sim.player_view import player_view
    from game.view.gui_compat import apply_headless_workaround
    from game.view.session import Session
    from game.view.settings import Settings
    from game.view.views.game import GameView

    apply_headless_workaround()
    window = arcade.Window(1280, 720, "Steelstep bench", visible=args.window, vsync=False,
                           antialiasing=args.antialiasing)
    window._enable_event_queue = False
    from game.view.gl_warm import PICTURE_WARM
    from game.view.glyphs import WARMER
    from game.view.views.title import warm_for_game
    from game.view.widgets import panel_scale_for

    title_frames = 0  # the title screen's work ahead, as in its frames (2 s of them), at the zoom measured
    while (WARMER.pending or PICTURE_WARM.pending(window) or not title_frames) and title_frames < 120:
        warm_for_game(window, panel_scale_for(1280, 720, 1.0), args.zoom)
        title_frames += 1
    if args.ticks:
        from game.sim.seed_range import parse_seeds
        from game.view.tick_bench import run_ticks

        for line in run_ticks(window, parse_seeds(args.seeds), args.tick_count, max_frames=args.tick_count * 40):
            print(line, flush=True)
        window.close()
        return 0
    speed_before = reference_loop_ms()
    world, events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _reason: None, zoom=args.zoom,
                    reveal_all=True)
    view.log.add_events(world.state, events)
    from game.view.session import settle_heap

    settle_heap()  # as App.play does (the game freezes what the title made at its first frame: game.view.startup)
    window.show_view(view)
    ctx = window.ctx

    cpu: list[float] = []  # each frame's CPU time (this process, all its threads: the rasterizer's too)
    main: list[float] = []  # each frame's CPU time in the main thread (Python and GL calls, not the rasterizer)

    def frame(dt: float = 1 / 60) -> float:
        t0, c0, m0 = time.perf_counter(), time.process_time(), time.thread_time()
        window.dispatch_events()
        window._dispatch_updates(dt)
        window.dispatch_event("on_draw")
        ctx.finish()
        window.flip()
        cpu.append((time.process_time() - c0) * 1000)
        main.append((time.thread_time() - m0) * 1000)
        return (time.perf_counter() - t0) * 1000

    frame()
    first_frame = time.time() - started
    for _ in range(5):
        frame()
    static = [frame() for _ in range(args.frames)]
    static_main = main[-len(static):]
    pv = player_view(world.state)
    bouts = len(pv.bouts)
    mine = pv.bout_of("player")
    shown = sum(1 for v in view.render.actors.values() if v.seen)
    scene = (f"scene: 1280x720, {view.render.zoom * 32:.0f} px squares ({1280 / (view.render.zoom * 32):.0f} x "
             f"{720 / (view.render.zoom * 32):.1f} squares), {shown} actors, {bouts} bouts at "
             f"{mine.clock if mine is not None else '-'}, "
             f"{len(view.indicators.arcs)} arcs, {len(view.indicators.footbases)} footbases, "
             f"{len(view.indicators.icons)} orientation icons, {len(view.indicators.marks)} Atk/Def marks, "
             f"{len(view.log.model.lines)} log lines; renderer: {ctx.info.RENDERER}")

    # a key press in the maneuver menu: the dice change, the odds of the new choice (rules.odds through the
    # sim) and the menu's rebuild; then frames with the legend open over the screen
    presses: list[float] = []
    odds_only: list[float] = []
    model = view.menu_model
    if model is not None:
        for i in range(min(args.frames, 60)):
            model._odds.clear()  # every press a new choice: no cached odds
            t0 = time.perf_counter()
            model.adjust_dice(1 if (i // 3) % 2 == 0 else -1)
            t1 = time.perf_counter()
            model.odds()
            odds_only.append((time.perf_counter() - t1) * 1000)
            view.menu.invalidate()
            view.menu.refresh()
            presses.append((time.perf_counter() - t0) * 1000)
    view.open_legend()
    legend = [frame() for _ in range(min(args.frames, 60))]
    legend_main = main[-len(legend):]
    legend_entries = len(view.legend.entries)
    view.close_legend()

    # frames while the world moves: every tick tweens its movers (WE-GO) at 1x speed
    view.animator.configure(1.0)
    moving: list[float] = []
    after_tick: list[float] = []  # the first frame after each tick: every panel the tick changed is rebuilt
    after_tick_cpu: list[float] = []
    after_tick_main: list[float] = []
    moving_main: list[float] = []
    second_cpu: list[float] = []  # the frame after that (the log's rebuild waits for it)
    ticks = 0
    while len(moving) < args.frames and ticks < 40:
        pending = world.state.pending
        if pending is None or world.state.over is not None:
            break
        view.apply(arcade_free_step(pending))
        ticks += 1
        for i in range(9):  # 150 ms of tweens
            moving.append(frame())
            moving_main.append(main[-1])
            if i == 0:
                after_tick.append(moving[-1])
                after_tick_cpu.append(cpu[-1])
                after_tick_main.append(main[-1])
            elif i == 1:
                second_cpu.append(cpu[-1])

    from game.view.tick_bench import stats as percentiles

    def stats(values: list[float]) -> str:
        return percentiles(values, "frames")

    every = static + moving + legend
    if args.worst:
        kinds = [("static", i, t, m) for i, (t, m) in enumerate(zip(static, static_main, strict=True))]
        kinds += [("legend", i, t, m) for i, (t, m) in enumerate(zip(legend, legend_main, strict=True))]
        kinds += [("animating" if i % 9 else "after a tick", i, t, m)
                  for i, (t, m) in enumerate(zip(moving, moving_main, strict=True))]
        for kind, i, t, m in sorted(kinds, key=lambda k: -k[2])[:args.worst]:
            print(f"slow frame: {kind} #{i}: {t:.1f} ms wall, {m:.1f} ms main thread")

    print(scene)
    print(f"static frame:    {stats(static)}")
    print(f"static frame, main thread CPU: {stats(static_main)}")
    print(f"animating frame: {stats(moving)}")
    print(f"frame after a tick: {stats(after_tick)}")
    print(f"frame after a tick, CPU: {stats(after_tick_cpu)}")
    print(f"the next frame, CPU: {stats(second_cpu)}")
    print(f"frame after a tick, main thread CPU: {stats(after_tick_main)}")
    print(f"animating frame, main thread CPU: {stats(moving_main)}")
    print(f"frames over 16.7 ms: {sum(1 for t in every if t > 16.7)} of {len(every)} (static, animating and legend); "
          f"glyph warming: {title_frames} title frames, {WARMER.pending} font makes left")
    print(f"menu key press (dice, odds, menu rebuild): {stats(presses)}; odds alone: {stats(odds_only)}")
    print(f"legend frame ({legend_entries} entries): {stats(legend)}")
    print(f"legend frame, main thread CPU: {stats(legend_main)}; the first (the build): {legend_main[0]:.1f} ms")
    print(f"process start -> first game frame: {first_frame:.2f} s")
    print(f"machine speed: reference loop {speed_before:.0f} ms before, {reference_loop_ms():.0f} ms after "
          f"(game.view.bench.reference_loop_ms)")
    window.close()
    return 0


def arcade_free_step(pending: object) -> Command:
    """The command that answers ``pending`` with its default (a wait at footwork)."""
    from game.sim.commands import Confirm, Step

    if getattr(pending, "kind", "") == "step":
        return Step(None, "cautious") if getattr(pending, "orientation_due", False) else Step(None)
    return Confirm()


if __name__ == "__main__":
    sys.exit(main())
