"""``python -m game.view.bench --ticks``: the tick in the real game, and the frames around it (issue 11).

A new run as the title starts it (``game.view.session.new_run(seed)``: the default party, the default difficulty,
animation at 1x, the menu's default worked out ahead as ``App.play`` has it) on the game screen, played by keys as
a newcomer would: Enter on every prompt and on the maneuver menu (the preselected choices), ``O`` to explore and
``Shift+O`` to go at a foe in sight, Enter (the suggested step) while the party fights, and after
``STAIRS_AFTER`` commands on a depth a click on its stairs down once seen (the walk there, and the next depth). A
key goes in once the screen has caught up (no animation, no walk under way, no menu being prepared) and two frames
have passed. For seeds 1-3 (``--seeds``) and up to ``--tick-count`` commands each it prints the distribution
(median, p90, p99, max) of:

- ``Session.apply``: the world's tick (and the autosave's append: none here), wall and main-thread CPU time;
- the tick's frame: the frame a command went to the world in (a key's, handled before the frame's update and draw,
  or a walk's step in the update), measured up to ``ctx.finish()``; it must show the key's first feedback;
- the two frames after it, and every frame (the menu's opening and the stairs' frames among them);
- the line: ``frames over 16.7 ms: N of M`` over every frame stepped, in wall and in main-thread CPU time;
- per cause (:class:`CauseTimer`: the tick, the field of view and its chunks' repaint, a new depth's map view, the
  decision panel's opening, the collector's passes, the view's whole update and draw) the longest time in one
  frame, and the three longest frames with what each cause took in them.

Main-thread CPU is the Python and GL calls this code makes without llvmpipe's rasterizer threads: compare builds
and commits by it on a shared, loaded machine, where wall times mostly measure the other processes. Before and
after figures, and what is still over 16.7 ms: ``game.view.bench``'s docstring. The run's heap is frozen as
``App.play`` does (``game.view.session.settle_heap``).
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import arcade

from game.sim.run_world import stairs_down
from game.view.map_render import MapRender
from game.view.modes import TravelMode
from game.view.session import Session, new_run, settle_heap
from game.view.settings import Settings
from game.view.views.game import GameView

KEY_GAP = 2  # frames the screen must be settled before the next key
STAIRS_AFTER = 80  # commands on a depth before the newcomer heads for its stairs down (once seen)
LINE = 16.7  # ms: a frame at 60 Hz
# the known causes of a long frame, timed in every frame (main-thread CPU; the collector's passes in wall time)
CAUSES = ("apply", "fov", "paint", "new level", "decision", "gc", "update", "draw")


@dataclass
class TickTimes:
    """What one scripted run measured (milliseconds)."""

    apply_wall: list[float] = field(default_factory=list)
    apply_cpu: list[float] = field(default_factory=list)
    tick_wall: list[float] = field(default_factory=list)  # the frames a command was sent in (a key's, a walk's step)
    tick_main: list[float] = field(default_factory=list)
    after_wall: list[float] = field(default_factory=list)  # the two frames after such a key
    after_main: list[float] = field(default_factory=list)
    every_wall: list[float] = field(default_factory=list)
    every_main: list[float] = field(default_factory=list)
    commands: dict[str, int] = field(default_factory=dict)
    causes: list[dict[str, float]] = field(default_factory=list)  # each frame's time in each cause (CAUSES)
    levels: int = 0  # stairs taken

    def extend(self, other: TickTimes) -> None:
        for name in ("apply_wall", "apply_cpu", "tick_wall", "tick_main", "after_wall", "after_main", "every_wall",
                     "every_main", "causes"):
            getattr(self, name).extend(getattr(other, name))
        for kind, n in other.commands.items():
            self.commands[kind] = self.commands.get(kind, 0) + n
        self.levels += other.levels


class CauseTimer:
    """Times the known causes of a long frame (``CAUSES``) while installed: the map's field of view and its chunks'
    repaint, a new depth's map view, the decision panel's opening (``GameView._sync_decision``: the planner's
    default for the menu), and the game view's whole update and draw (what is left of a frame is the key's
    handling, ``ctx.finish`` and the flip) in main-thread CPU, and the garbage collector's passes
    (``gc.callbacks``) in wall time.
    ``frame()`` hands back what the last frame spent in each and starts the next."""

    def __init__(self) -> None:
        self.current: dict[str, float] = {}
        self._gc_started = 0.0

    def add(self, cause: str, ms: float) -> None:
        self.current[cause] = self.current.get(cause, 0.0) + ms

    def frame(self) -> dict[str, float]:
        done, self.current = self.current, {}
        return done

    def wrap(self, cause: str, function: Callable[..., Any], only_if_true: bool = False) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            c0 = time.thread_time()
            result = function(*args, **kwargs)
            if not only_if_true or result:
                self.add(cause, (time.thread_time() - c0) * 1000)
            return result
        return timed

    def _gc(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.add("gc", (time.perf_counter() - self._gc_started) * 1000)

    @contextmanager
    def installed(self) -> Iterator[CauseTimer]:
        patched: list[tuple[type, str, Any]] = [
            (MapRender, "update_fov", self.wrap("fov", MapRender.update_fov)),
            (MapRender, "_paint_chunk", self.wrap("paint", MapRender._paint_chunk)),
            (GameView, "_new_level", self.wrap("new level", GameView._new_level, only_if_true=True)),
            (GameView, "_sync_decision", self.wrap("decision", GameView._sync_decision)),
            (GameView, "on_update", self.wrap("update", GameView.on_update)),  # (fov, paint, a walk's apply in it)
            (GameView, "on_draw", self.wrap("draw", GameView.on_draw)),
        ]
        saved = [(owner, name, owner.__dict__[name]) for owner, name, _ in patched]
        for owner, name, wrapped in patched:
            setattr(owner, name, wrapped)
        gc.callbacks.append(self._gc)
        try:
            yield self
        finally:
            gc.callbacks.remove(self._gc)
            for owner, name, original in saved:
                setattr(owner, name, original)


def timed_session(session: Session, times: TickTimes, causes: CauseTimer | None = None) -> None:
    """Wrap ``session.apply`` so each call's wall and main-thread CPU time lands in ``times`` (and ``causes``)."""
    apply = session.apply

    def timed(command):  # type: ignore[no-untyped-def]
        t0, c0 = time.perf_counter(), time.thread_time()
        events = apply(command)
        times.apply_wall.append((time.perf_counter() - t0) * 1000)
        times.apply_cpu.append((time.thread_time() - c0) * 1000)
        if causes is not None:
            causes.add("apply", times.apply_cpu[-1])
        kind = type(command).__name__
        times.commands[kind] = times.commands.get(kind, 0) + 1
        return events

    session.apply = timed  # type: ignore[method-assign]


def press_next(view: GameView, explored_at: list[int], stairs: bool = False) -> None:
    """The newcomer's next key: Enter on a prompt or the menu (or in a fight), else explore / go at a foe once
    per tick (a walk that stops at once is answered with Enter, the suggested step); with ``stairs``, out of a
    fight with no foe in sight, a click on the stairs down once they were seen (the walk there)."""
    state = view.state
    decision = view.player_view.decision
    if view.tutorial is not None or view.decision_mode() is not None or decision is None \
            or decision.kind != "step" or view.player_view.my_bout is not None or explored_at[0] == state.tick:
        view.on_key_press(arcade.key.ENTER, 0)
        return
    explored_at[0] = state.tick
    goal = stairs_down(state.run) if stairs and state.run is not None else None
    if goal is not None and goal in view.render.seen and not view.foe_in_sight():
        view.travel_to(goal)
        if view.find(TravelMode) is not None:
            return
    view.on_key_press(arcade.key.O, arcade.key.MOD_SHIFT if view.foe_in_sight() else 0)
    if view.find(TravelMode) is None:
        view.on_key_press(arcade.key.ENTER, 0)


def play(window: arcade.Window, seed: int, commands: int, max_frames: int) -> TickTimes:
    """One scripted run on ``seed``: up to ``commands`` commands or ``max_frames`` frames."""
    with CauseTimer().installed() as causes:
        return _play(window, seed, commands, max_frames, causes)


def _play(window: arcade.Window, seed: int, commands: int, max_frames: int, causes: CauseTimer) -> TickTimes:
    times = TickTimes()
    session = new_run(seed)
    timed_session(session, times, causes)
    view = GameView(session, Settings(), lambda _reason: None)
    view.prepare_defaults = True  # as App.play does
    settle_heap()  # as App.play does
    window.show_view(view)
    ctx = window.ctx
    settled = 0
    explored_at = [-1]
    after = 0
    arrived = (session.world.state.run.depth if session.world.state.run is not None else 0, 0)  # depth, commands
    causes.frame()
    for _ in range(max_frames):
        if session.over is not None or len(times.apply_cpu) >= commands:
            break
        sent = len(times.apply_cpu)
        t0, m0 = time.perf_counter(), time.thread_time()
        if not view.animator.busy and view.find(TravelMode) is None and not view.preparing:
            settled += 1
            if settled > KEY_GAP:
                settled = 0
                run = session.world.state.run
                if run is not None and run.depth != arrived[0]:
                    arrived = (run.depth, len(times.apply_cpu))
                    times.levels += 1
                press_next(view, explored_at, stairs=len(times.apply_cpu) - arrived[1] >= STAIRS_AFTER)
        else:
            settled = 0
        window.dispatch_events()
        window._dispatch_updates(1 / 60)
        window.dispatch_event("on_draw")
        ctx.finish()
        window.flip()
        wall, main = (time.perf_counter() - t0) * 1000, (time.thread_time() - m0) * 1000
        times.every_wall.append(wall)
        times.every_main.append(main)
        times.causes.append(causes.frame())
        if len(times.apply_cpu) > sent:
            times.tick_wall.append(wall)
            times.tick_main.append(main)
            after = 2
        elif after:
            after -= 1
            times.after_wall.append(wall)
            times.after_main.append(main)
    window.hide_view()
    return times


def stats(values: list[float], unit: str = "") -> str:
    """Median, p90, p99 and max of times in ms, and how many (``unit``: what they are, e.g. "frames")."""
    if not values:
        return "n/a"
    q = statistics.quantiles(values, n=100, method="inclusive") if len(values) >= 10 else [max(values)] * 99
    count = f"{len(values)} {unit}" if unit else f"{len(values)}"
    return (f"median {statistics.median(values):.1f} ms, p90 {q[89]:.1f}, p99 {q[98]:.1f}, max {max(values):.1f} ms "
            f"({count})")


def cause_line(t: TickTimes) -> str:
    """Per cause: its longest time in one frame, and in how many frames over the line (main thread) it took a
    third of the line or more."""
    parts = []
    for cause in CAUSES:
        spent = [c.get(cause, 0.0) for c in t.causes]
        if not any(spent):
            continue
        blamed = sum(1 for ms, main in zip(spent, t.every_main, strict=True) if main > LINE and ms >= LINE / 3)
        parts.append(f"{cause} {max(spent):.1f} ms ({blamed})")
    return ", ".join(parts) or "none"


def longest(t: TickTimes, n: int = 3) -> str:
    """The ``n`` longest frames by main-thread CPU, each with what its known causes took."""
    worst = sorted(range(len(t.every_main)), key=lambda i: -t.every_main[i])[:n]
    return "; ".join(f"{t.every_main[i]:.1f} ms (" + (", ".join(f"{c} {ms:.1f}" for c, ms in t.causes[i].items()
                                                          if ms >= 0.5) or "none") + ")" for i in worst)


def report(seed_label: str, t: TickTimes) -> list[str]:
    over = sum(1 for w in t.every_wall if w > LINE)
    over_main = sum(1 for m in t.every_main if m > LINE)
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(t.commands.items()))
    return [
        f"{seed_label}: {len(t.apply_cpu)} commands ({kinds}), {t.levels} stairs taken, {len(t.every_wall)} frames",
        f"  Session.apply wall:           {stats(t.apply_wall)}",
        f"  Session.apply main CPU:       {stats(t.apply_cpu)}",
        f"  tick's frame wall:            {stats(t.tick_wall)}",
        f"  tick's frame main CPU:        {stats(t.tick_main)}",
        f"  next two frames wall:         {stats(t.after_wall)}",
        f"  next two frames main CPU:     {stats(t.after_main)}",
        f"  every frame wall:             {stats(t.every_wall)}",
        f"  every frame main CPU:         {stats(t.every_main)}",
        f"  frames over 16.7 ms: {over} of {len(t.every_wall)} (wall), {over_main} of {len(t.every_main)} "
        f"(main-thread CPU)",
        f"  causes, max in a frame (frames over the line, main thread, where it took >= 5.6 ms): {cause_line(t)}",
        f"  longest frames, main CPU: {longest(t)}",
    ]


def run_ticks(window: arcade.Window, seeds: list[int], commands: int, max_frames: int) -> list[str]:
    """Play each seed and return the report's lines (each seed, then all together)."""
    lines: list[str] = []
    total = TickTimes()
    for seed in seeds:
        t = play(window, seed, commands, max_frames)
        lines += report(f"seed {seed}", t)
        total.extend(t)
    if len(seeds) > 1:
        lines += report(f"seeds {seeds[0]}-{seeds[-1]}", total)
    return lines
