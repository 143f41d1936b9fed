"""Entry point: `python -m game`, the `steelstep` script and `./play`.

Opens the game window (title screen). `--smoke` renders every screen once and checks it (works without
a display), `--terminal` plays a bout in the terminal instead, `--demo` shows an AI-against-AI fight and
`--watch FILE` plays a recording. Nothing here imports arcade before the display has been checked.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

NO_DISPLAY = """\
Steelstep: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the game window cannot open.
  ./play --smoke      check that the game can render, without a display
  ./play --terminal   play a bout in this terminal instead
Run ./play from a desktop session (or over ssh with X forwarding: ssh -X) to play in a window."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="steelstep", description="Steelstep: a tactical roguelike.")
    parser.add_argument("--seed", type=int, default=None, help="start a new run with this seed at once")
    parser.add_argument("--scenario", default=None,
                        help="start a new run in a named world scenario (content/scenarios/NAME.yaml)")
    parser.add_argument("--demo", action="store_true", help="watch an AI-against-AI fight")
    parser.add_argument("--system", default=None, metavar="NAME",
                        help="with --seed, --scenario or --demo: the combat system that runs the bouts "
                             "(tros_sos, the default; sophias_children; dew_sequence)")
    parser.add_argument("--watch", metavar="FILE", default=None, help="watch a recording (a run file)")
    parser.add_argument("--smoke", action="store_true",
                        help="render every screen once, check a few pixels, print SMOKE OK and exit")
    parser.add_argument("--terminal", action="store_true", help="play a bout in the terminal (no window)")
    parser.add_argument("--auto", action="store_true", help="with --terminal: let the AI play your side too")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    return build_parser().parse_args(None if argv is None else list(argv))


def has_display() -> bool:
    """False on Linux/BSD without an X11 or Wayland display; Windows and macOS always have one."""
    if sys.platform.startswith(("win", "darwin", "cygwin")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: Sequence[str] | None = None) -> int:
    from game import logs  # first: a rotating log file and crash reports (never a None stdout/stderr)
    logs.setup_logging()
    logs.install_crash_handler(logs.autosave_path)
    args = parse_args(argv)
    if args.terminal:
        from pathlib import Path

        from game.terminal_bout import play_terminal

        scenario = Path(args.scenario) if args.scenario and Path(args.scenario).is_file() else None
        return play_terminal(seed=1 if args.seed is None else args.seed, scenario=scenario,
                             auto=args.auto or not sys.stdin.isatty())
    if args.smoke:
        if not has_display():
            os.environ["ARCADE_HEADLESS"] = "1"  # before the first `import arcade`
        from game.view.smoke import run_smoke

        return run_smoke()
    if not has_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 2
    from game.view import startup

    startup.begin()  # before the first `import arcade`: the title first, then the rest (issue 17)
    from game.view.app import run

    return run(seed=args.seed, scenario=args.scenario, demo=args.demo, watch=args.watch, system=args.system)


if __name__ == "__main__":
    raise SystemExit(main())
