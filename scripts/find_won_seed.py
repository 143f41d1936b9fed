#!/usr/bin/env python3
"""Find seeds whose AI-led run wins (issue 10's "a won run ... (AI)"; the pinned `WON_SEED` of
tests/world/test_world_run_victory.py moves whenever the maps or the AI change).

    python scripts/find_won_seed.py [--from N] [--to M] [--jobs 2] [--system S] [--max-ticks 20000] [--count K]

Plays `python -m game.sim run --run --seed S --max-ticks T [--system S]` (the command line the victory
test runs, so a seed found here wins there) for the seeds N..M in `--jobs` parallel processes, lowest
seeds first, and prints each winner as it is found. Once K winners (`--count`, default 1) are known it
starts no new seed, lets the lower seeds still being played finish (one of them may win too) and
prints the K lowest winning seeds as its last line (`won: 168`). Exit status 0 when K winners were
found, 1 when the range ran out first, 2 when a run failed (its error is printed).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_command(seed: int, max_ticks: int, system: str | None) -> list[str]:
    """The `run --run` command line for one seed."""
    cmd = [sys.executable, "-m", "game.sim", "run", "--run", "--seed", str(seed), "--max-ticks", str(max_ticks)]
    return cmd + (["--system", system] if system else [])


class Runner:
    """Plays one seed's run in a process of its own (`run --run`) and can stop it (`stop`)."""

    def __init__(self, max_ticks: int, system: str | None) -> None:
        self.max_ticks = max_ticks
        self.system = system
        self.procs: dict[int, subprocess.Popen[str]] = {}
        self.stopped: set[int] = set()
        self.lock = threading.Lock()

    def __call__(self, seed: int) -> dict[str, object] | None:
        """The JSON object the run prints as its last line (None: stopped before its end)."""
        with self.lock:
            if seed in self.stopped:
                return None
            proc = self.procs[seed] = subprocess.Popen(run_command(seed, self.max_ticks, self.system), cwd=ROOT,
                                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out, err = proc.communicate()
        with self.lock:
            del self.procs[seed]
            if seed in self.stopped:
                return None
        lines = out.strip().splitlines()
        if proc.returncode != 0 or not lines:
            tail = err.strip().splitlines()[-1:] or ["no output"]
            raise RuntimeError(f"seed {seed}: exit {proc.returncode}: {tail[0]}")
        result = json.loads(lines[-1])
        assert isinstance(result, dict)
        return result

    def stop(self, seed: int) -> None:
        """Stop the run of `seed` (its process is ended; it reports nothing)."""
        with self.lock:
            self.stopped.add(seed)
            proc = self.procs.get(seed)
            if proc is not None:
                proc.kill()


def find(seeds: list[int], jobs: int, count: int, runner: Callable[[int], dict[str, object] | None],
         stop: Callable[[int], None] = lambda seed: None, report: Callable[[str], None] = print) -> list[int]:
    """The lowest `count` winning seeds of `seeds` (fewer if the range runs out), played by `runner` in
    `jobs` threads (each waits on its own process), each result reported as it comes. Once `count` are
    known no new seed starts, and runs of seeds above the `count`-th lowest winner are stopped (`stop`)."""
    winners: list[int] = []
    pending = list(reversed(seeds))  # popped from the end: lowest first
    running: dict[Future[dict[str, object] | None], int] = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        while pending or running:
            while pending and len(running) < jobs:
                seed = pending.pop()
                running[pool.submit(runner, seed)] = seed
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: running[f]):
                seed = running.pop(future)
                result = future.result()  # a failed run raises here: the caller says so
                if result is None:
                    continue  # stopped: a lower seed already won
                if result.get("outcome") == "victory":
                    winners.append(seed)
                    report(f"seed {seed}: victory in {result.get('ticks')} ticks")
                else:
                    report(f"seed {seed}: {result.get('outcome')} on depth {result.get('depth')}")
            if len(winners) >= count:
                cut = sorted(winners)[count - 1]  # only lower seeds still playing can change the answer
                pending = []
                for seed in sorted(running.values()):
                    if seed > cut:
                        stop(seed)
    return sorted(winners)[:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/find_won_seed.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="low", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--to", dest="high", type=int, default=400, help="the last seed (default 400)")
    parser.add_argument("--jobs", type=int, default=2, help="runs played at once (default 2)")
    parser.add_argument("--system", default=None, help="the combat system (default: the game's)")
    parser.add_argument("--max-ticks", type=int, default=20000, help="each run's tick limit (default 20000)")
    parser.add_argument("--count", type=int, default=1, help="stop after this many winners (default 1)")
    args = parser.parse_args(argv)
    if args.high < args.low or args.jobs < 1 or args.count < 1 or args.max_ticks < 1:
        parser.error("need --from <= --to and --jobs, --count and --max-ticks of at least 1")
    seeds = list(range(args.low, args.high + 1))
    try:
        runner = Runner(args.max_ticks, args.system)
        won = find(seeds, args.jobs, args.count, runner, stop=runner.stop, report=lambda line: print(line, flush=True))
    except RuntimeError as exc:
        print(f"find_won_seed: {exc}", file=sys.stderr)
        return 2
    print("won: " + (" ".join(map(str, won)) if won else f"none of seeds {args.low}-{args.high}"), flush=True)
    return 0 if len(won) >= args.count else 1


if __name__ == "__main__":
    raise SystemExit(main())
