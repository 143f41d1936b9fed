"""`python -m game.sim`: the world without a window.

  run (--scenario NAME|FILE | --dungeon) --seed S --ticks N [--system NAME] [--record OUT] [--events OUT]
      [--log] [--digest]
  run --run --seed S [--max-ticks N] [--record OUT] ...
      a whole roguelike run (docs/run.md) with the AI leading, until victory, death or N ticks; the
      last line is a JSON object: outcome (victory | death | unfinished), depth (the deepest reached,
      1 = first), items_picked_up, ticks
      plays AI against AI (the leader driven by the same AI) and prints the combat log or a summary;
      --events writes the event log (JSON Lines, one event a line with its tick); --digest ends the
      output with `digest <hex>`, a hash of the whole live state (game/sim/digest.py)
  replay FILE
      replays a recording, verifying every tick's checksum; exit 1 on any mismatch or a refused
      file (one line on stderr naming the problem), 2 when the game's own content is broken
  fold FILE
      rebuilds the state from an event log alone (no rules call, no random draw) and prints
      `digest <hex>` the same way; a log that does not fold is refused with one line, exit 1
  bench [--actors 10,50,200] [--ticks N] [--difficulty easy|normal|hard]
      time per tick and replay speed (see game/sim/bench.py)
  scenario-check FILE [--seed N]
      a scripted world scenario (content/scenarios/rules/, docs/scenario-format.md): prints the rule, the
      world log of each seed, its expectations and the run without the rule; exit 0 when it shows the
      rule and its expectations fail without it, 1 when not, 2 for a file that does not load
  check [DIR]
      check the world content (factions, creatures, world scenarios, scripted scenarios) against the rules
      content, and
      the run content (items.yaml, themes.yaml); every error as file:line:column; exit 1 on errors
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from game.sim.commands import Confirm
from game.sim.difficulty import DIFFICULTIES
from game.sim.digest import digest
from game.sim.history import EventLogWriter, HistoryError, fold_events, read_event_log
from game.sim.log import describe
from game.sim.recording import RecordingError
from game.sim.run_world import run_setup
from game.sim.runfile import ReplayMismatch, header_for, replay, save_run
from game.sim.scenario_file import WorldSetup, dungeon_setup, load_named_scenario, load_scenario
from game.sim.world import World
from rules.content import ContentErrors
from rules.systems import DEFAULT_SYSTEM, WORLD_SYSTEMS


def _setup(args: argparse.Namespace) -> WorldSetup:
    if args.run:
        return run_setup(args.seed)
    if args.dungeon:
        return dungeon_setup(args.seed, party=("player_fighter", "companion_spearman"))
    path = Path(args.scenario)
    if path.suffix in (".yaml", ".yml") and path.exists():
        return load_scenario(path, display=str(path))
    return load_named_scenario(args.scenario)


def cmd_run(args: argparse.Namespace) -> int:
    try:
        setup = _setup(args)
    except ContentErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:
        print(f"cannot build the world: {exc}", file=sys.stderr)
        return 2
    try:
        world = World(setup, seed=args.seed, player_ai=True, combat_system=args.system, difficulty=args.difficulty)
    except ValueError as exc:  # an unknown combat system
        print(str(exc), file=sys.stderr)
        return 2
    names = {a.id: a.name for a in world.state.actors.values()}
    out = sys.stdout
    with contextlib.ExitStack() as stack:
        log = None
        if args.events:
            log = EventLogWriter(stack.enter_context(open(args.events, "w", encoding="utf-8")), header_for(world))
            log.write(0, world.opening)
        for event in world.opening:
            line = describe(event, names, world.system.describe) if args.log else None
            if line:
                print(line, file=out)
        for _ in range(args.max_ticks if args.run else args.ticks):
            if args.run and world.state.over is not None:
                break
            events = world.apply(Confirm())
            if log is not None:
                log.write(world.state.tick, events)
            if args.log and any(e.type == "level_changed" for e in events):  # a new depth's cast
                names.update({a.id: a.name for a in world.state.actors.values()})
            for event in events:
                if args.log:
                    if event.type == "tick":
                        print(f"-- tick {event.to_dict()['tick']}", file=out)
                    line = describe(event, names, world.system.describe)
                    if line:
                        print(line, file=out)
    if args.record:
        save_run(world, args.record, final=True)
    summary = world.summary()
    if args.run:
        summary = run_result(world)
    print(json.dumps(summary, sort_keys=True))
    if args.digest:
        print(f"digest {digest(world.state)}")
    return 0


def run_result(world: World) -> dict[str, object]:
    """The `run --run` contract's last line: outcome (victory, death or unfinished), the deepest depth
    reached (1 = first), items picked up, ticks, and the leader's state."""
    s = world.state
    assert s.run is not None
    leader = s.actors[s.leader]
    return {
        "outcome": s.over or "unfinished",
        "depth": s.run.deepest,
        "items_picked_up": s.run.items_picked_up,
        "ticks": s.tick,
        "seed": world.seed,
        "on_depth": s.run.depth,
        "leader": "dead" if leader.dead else ("down" if not leader.alive else "standing"),
        "equipped": [item for _, item in s.run.inventories[s.leader].equipped],
        "checksum": world.checksum(),
    }


def cmd_fold(args: argparse.Namespace) -> int:
    try:
        header, events = read_event_log(args.file)
        state = fold_events(header, events)
    except HistoryError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({"tick": state.tick, "events": len(events), "outcome": state.over}, sort_keys=True))
    print(f"digest {digest(state)}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        result = replay(args.file)
    except RecordingError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    except ReplayMismatch as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except ContentErrors as exc:  # the game's own content is broken: no run file can be replayed
        first = exc.errors[0] if exc.errors else exc
        print(f"cannot replay: the game's content has {len(exc.errors)} error(s), the first: {first}",
              file=sys.stderr)
        return 2
    summary = result.world.summary()
    end = result.recording.end
    if end is not None and end.get("checksum") not in (None, summary["checksum"]):
        print(f"recording out of sync at tick {summary['tick']}: the final state differs", file=sys.stderr)
        return 1
    print(json.dumps(summary, sort_keys=True))
    print(f"replayed {result.ticks} ticks: in sync")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """The world content and the run content (items, themes: `game.sim.run_content`), every error of both
    as file:line:column."""
    from game.sim.run_content import RunContent, load_run_content
    from game.sim.scenario_file import WorldContent, load_world_content
    from rules.content import load_catalog

    try:
        catalog = load_catalog(args.dir)
    except ContentErrors as exc:
        return _content_errors(exc.errors)
    errors: list[object] = []
    world: WorldContent | None = None
    run: RunContent | None = None
    try:
        world = load_world_content(catalog, args.dir)
    except ContentErrors as exc:
        errors.extend(exc.errors)
    try:
        run = load_run_content(catalog, args.dir, creatures=None if world is None else world.creatures,
                              relations=None if world is None else world.relations)
    except ContentErrors as exc:
        errors.extend(e for e in exc.errors if str(e) not in {str(x) for x in errors})
    scripted = 0
    if world is not None:  # the scripted world scenarios (content/scenarios/rules/), against this content
        from game.sim.scripted_scenario import load_scripted, scripted_files

        for item in scripted_files(args.dir):
            try:
                load_scripted(item, creatures=world.creatures, relations=world.relations)
                scripted += 1
            except ContentErrors as exc:
                errors.extend(exc.errors)
    if errors or world is None or run is None:
        return _content_errors(errors)
    print(f"world content OK: {len(world.relations.factions)} factions, {len(world.creatures)} creatures, "
          f"{len(world.scenarios)} world scenarios, {scripted} scripted scenarios")
    print(f"run content OK: {len(run.items)} items, {len(run.themes)} themes, {run.run.depths} depths")
    return 0


def _content_errors(errors: Sequence[object]) -> int:
    for error in errors:
        print(error)
    print(f"{len(errors)} content errors (world and run)")
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play AI against AI")
    where = run.add_mutually_exclusive_group(required=True)
    where.add_argument("--scenario", help="a scenario name (content/scenarios) or a YAML file")
    where.add_argument("--dungeon", action="store_true", help="a seeded procedural dungeon")
    where.add_argument("--run", action="store_true",
                       help="a whole roguelike run (depths, loot, the relic) led by the AI; ends on victory, "
                            "death or --max-ticks and prints the run's result as its last line")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--ticks", type=int, default=200)
    run.add_argument("--max-ticks", type=int, default=20000, help="with --run: stop after this many ticks")
    run.add_argument("--record", help="write the run file here")
    run.add_argument("--log", action="store_true", help="print the combat log")
    run.add_argument("--events", help="write the event log here (JSON Lines)")
    run.add_argument("--system", default=DEFAULT_SYSTEM,
                     help=f"the combat system that runs the bouts ({', '.join(sorted(WORLD_SYSTEMS))})")
    run.add_argument("--digest", action="store_true", help="end with `digest <hex>` of the whole live state")
    run.add_argument("--difficulty", choices=DIFFICULTIES, default=None,
                     help="the enemies' decision-maker, the party on the planner (default: the old game, all baseline)")
    rep = sub.add_parser("replay", help="verify a recording")
    rep.add_argument("file")
    fold_cmd = sub.add_parser("fold", help="rebuild the state from an event log and print its digest")
    fold_cmd.add_argument("file")
    check = sub.add_parser("check", help="check the world content")
    check.add_argument("dir", nargs="?", default=None, help="a content directory (default: the shipped one)")
    scripted = sub.add_parser("scenario-check", help="run a scripted world scenario and check its expectations")
    scripted.add_argument("file")
    scripted.add_argument("--seed", type=int, default=None, help="this seed only (default: the file's seeds)")
    bench = sub.add_parser("bench", help="time per tick and replay speed")
    bench.add_argument("--actors", default="10,50,200")
    bench.add_argument("--ticks", type=int, default=300)
    bench.add_argument("--difficulty", choices=DIFFICULTIES, default=None,
                       help="the tick timings with these enemies and the party on the planner (default: the old "
                            "game, everyone on the baseline); replay and time travel are then skipped")
    args = parser.parse_args(argv)
    if args.command == "run":
        return cmd_run(args)
    if args.command == "replay":
        return cmd_replay(args)
    if args.command == "check":
        return cmd_check(args)
    if args.command == "fold":
        return cmd_fold(args)
    if args.command == "scenario-check":
        from game.sim.scripted_run import scenario_check

        return scenario_check(args.file, args.seed)
    from game.sim.bench import main as bench_main

    return bench_main(args.actors, args.ticks, args.difficulty)


if __name__ == "__main__":
    raise SystemExit(main())
