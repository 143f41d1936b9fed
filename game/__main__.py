"""Entry point: `python -m game`, the `steelstep` script and `./play`.

Until the game window ships, this plays a bout in the terminal (`--auto` lets the AI play both sides).
"""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="steelstep", description="Steelstep: a tactical roguelike.")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the run")
    parser.add_argument("--auto", action="store_true", help="let the AI play your side too")
    args = parser.parse_args(argv)
    import sys

    from game.terminal_bout import play_terminal

    return play_terminal(seed=args.seed, auto=args.auto or not sys.stdin.isatty())


if __name__ == "__main__":
    raise SystemExit(main())
