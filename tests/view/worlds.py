"""Small worlds for view tests: an inline ASCII map -> ``World`` (through the real scenario loader), and
drivers that play the world forward with plain commands until a situation arises."""

from __future__ import annotations

import tempfile
import textwrap
from collections.abc import Callable, Mapping
from pathlib import Path

from game.sim.commands import Command, Confirm, Step, Target
from game.sim.declaring import declaration_source
from game.sim.scenario_file import load_scenario
from game.sim.world import World
from game.view.maneuver_menu import MenuModel

DUEL = """\
#########
#.......#
#...@g..#
#.......#
#########
"""

PAIR_EAST = """\
#########
#.......#
#..@....#
#...g...#
#.......#
#########
"""


def world_from_ascii(
    rows: str,
    legend: Mapping[str, str] | None = None,
    *,
    seed: int = 1,
    house_rules: Mapping[str, object] | None = None,
    party: Mapping[str, str] | None = None,
) -> World:
    """``rows``: the map (``@`` is the leader); ``legend``: char -> creature id (hostile by the creature's
    faction); ``party``: char -> creature id of companions."""
    legend = {"g": "goblin", "b": "bandit", "w": "wolf", **(legend or {})}
    entries = [f"  {ch}: {{creature: {cid}}}" for ch, cid in legend.items()]
    entries += [f"  {ch}: {{creature: {cid}, party: true}}" for ch, cid in (party or {}).items()]
    used = set(rows)
    entries = [e for e in entries if e.strip()[0] in used]
    text = "name: View test\nseed: {}\nmap: |\n{}\nlegend:\n{}\n".format(
        seed, textwrap.indent(rows.rstrip("\n"), "  "), "\n".join(entries) or "  {}"
    )
    if not entries:
        text = text.replace("legend:\n  {}\n", "")
    folder = Path(tempfile.mkdtemp(prefix="steelstep-view-"))
    path = folder / "world.yaml"
    path.write_text(text, encoding="utf-8")
    return World(load_scenario(path), seed=seed, house_rules=dict(house_rules or {}))


def play_until(
    world: World,
    done: Callable[[World], bool],
    *,
    choose: Callable[[World], Command] | None = None,
    limit: int = 60,
) -> bool:
    """Apply commands (default: confirm every decision, waiting Cautiously) until ``done(world)``."""
    for _ in range(limit):
        if done(world):
            return True
        if world.state.over is not None:
            return False
        command = choose(world) if choose is not None else Confirm()
        world.apply(command)
    return done(world)


def defensive_waits(world: World) -> Command:
    """Wait Defensively at s0, target the default, confirm the rest."""
    pending = world.state.pending
    assert pending is not None
    if pending.kind == "step" and pending.orientation_due:
        return Step(None, "defensive")
    if pending.kind == "target" and pending.default is not None:
        return Target(pending.default)
    return Confirm()


def aggressive_waits(world: World) -> Command:
    """Wait Aggressively at s0 (so attacks are on the menu), target the default, confirm the rest."""
    pending = world.state.pending
    assert pending is not None
    if pending.kind == "step" and pending.orientation_due:
        return Step(None, "aggressive")
    return defensive_waits(world)


def menu_model(world: World, reserve: int = 0) -> MenuModel:
    """The maneuver menu's model of the leader's pending declaration (``reserve``: CP kept for an arrow)."""
    source = declaration_source(world.state)
    assert source is not None
    return MenuModel(source, {a.id: a.name for a in world.state.actors.values()}, reserve=reserve)
