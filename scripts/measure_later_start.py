#!/usr/bin/env python3
"""How long a later start of Steelstep takes to its title screen (issue 17, item 9: at most 2 s).

    scripts/measure_later_start.py [--runs 7] [--repo DIR] [--xvfb 91] [--pure] [--silent] [--python]

Starts the game ``--runs`` times (after one uncounted start that fills the bytecode caches, as on a
player's machine) with ``STEELSTEP_STARTUP_PROBE=1``: the game prints ``startup first_frame S`` once
its first frame is on screen and ``startup ready S`` once the work it left for after that frame is
done, then quits (``game.view.startup``); each with the CPU time used by then (``first_frame_cpu``),
which depends much less on what else the machine is doing. ``S`` is seconds since the process began (``/proc``; with
``./play``, which ``exec``s Python, the bootstrap counts too). The harness also times each start from
its own clock (spawn to the line) and notes the load average, since the machine may be shared.

By default it runs ``./play`` (the bootstrap, then ``python -m game``) in ``--repo`` (this checkout);
``--python`` runs ``python -m game`` directly. ``--xvfb N`` starts ``Xvfb :N`` for the runs (else
``$DISPLAY`` is used). ``--pure`` sets ``STEELSTEP_PURE=1``; ``--silent`` sets
``ARCADE_SOUND_BACKENDS=silent`` (a player has neither). The game's files go to a scratch data
directory holding an autosave and a settings file like a player's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 60.0


def start_xvfb(number: int) -> subprocess.Popen[bytes]:
    if shutil.which("Xvfb") is None:
        raise SystemExit("Xvfb is not installed (apt-get install -y xvfb)")
    xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    if xvfb.poll() is not None:
        raise SystemExit(f"Xvfb :{number} did not start (is the display taken?)")
    return xvfb


def player_data(directory: Path) -> None:
    """A data directory like a player's: an autosave of a short run (the title reads its last line)."""
    directory.mkdir(parents=True, exist_ok=True)
    line = '{"format": "steelstep-run", "note": "a stand-in autosave for timing the title"}\n'
    (directory / "autosave.jsonl").write_text(line * 200, encoding="utf-8")


def one_start(command: list[str], cwd: Path, env: dict[str, str]) -> dict[str, float]:
    """Start the game once; the times it printed and the harness's own, in seconds."""
    load = os.getloadavg()[0]
    began = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    out: dict[str, float] = {"load": load}
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "startup":
                out[parts[1]] = float(parts[2])
                out[f"{parts[1]}_wall"] = time.perf_counter() - began
            if "ready_cpu" in out or time.perf_counter() - began > TIMEOUT:
                break
        proc.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pass
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if "first_frame" not in out:
        err = proc.stderr.read() if proc.stderr is not None else ""
        raise SystemExit(f"the game printed no start-up times (exit {proc.returncode}):\n{err[-2000:]}")
    return out


def summary(name: str, values: list[float]) -> str:
    return (f"{name:<22} min {min(values):5.2f}  median {statistics.median(values):5.2f}  "
            f"max {max(values):5.2f}  (n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--repo", type=Path, default=ROOT, help="the checkout to start (default: this one)")
    parser.add_argument("--xvfb", type=int, default=None, metavar="N", help="start Xvfb :N for the runs")
    parser.add_argument("--pure", action="store_true", help="STEELSTEP_PURE=1 (no compiled accelerator)")
    parser.add_argument("--silent", action="store_true", help="ARCADE_SOUND_BACKENDS=silent")
    parser.add_argument("--python", action="store_true", help="python -m game instead of ./play")
    args = parser.parse_args()

    env = {k: v for k, v in os.environ.items()
           if k not in ("ARCADE_HEADLESS", "ARCADE_SOUND_BACKENDS", "STEELSTEP_PURE", "PYTHONDONTWRITEBYTECODE")}
    if args.pure:
        env["STEELSTEP_PURE"] = "1"
    if args.silent:
        env["ARCADE_SOUND_BACKENDS"] = "silent"
    env["STEELSTEP_STARTUP_PROBE"] = "1"
    xvfb = start_xvfb(args.xvfb) if args.xvfb is not None else None
    if xvfb is not None:
        env["DISPLAY"] = f":{args.xvfb}"
    if not env.get("DISPLAY"):
        raise SystemExit("no DISPLAY: pass --xvfb N")
    repo = args.repo.resolve()
    command = [sys.executable, "-m", "game"] if args.python else [str(repo / "play")]
    try:
        with tempfile.TemporaryDirectory(prefix="steelstep-start-") as scratch:
            env["STEELSTEP_DATA_DIR"] = str(Path(scratch) / "data")
            env["STEELSTEP_CONFIG_DIR"] = str(Path(scratch) / "config")
            player_data(Path(scratch) / "data")
            print(f"{' '.join(command)} in {repo} (pure: {args.pure}, silent audio: {args.silent}), "
                  f"{os.cpu_count()} cores")
            one_start(command, repo, env)  # fills the bytecode caches: a later start, not the first
            runs = []
            for n in range(args.runs):
                r = one_start(command, repo, env)
                runs.append(r)
                nan = float("nan")
                print(f"run {n + 1}: first frame {r['first_frame']:.2f} s (harness {r['first_frame_wall']:.2f} s"
                      f", CPU {r.get('first_frame_cpu', nan):.2f} s), ready {r.get('ready', nan):.2f} s"
                      f", load average {r['load']:.2f}")
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
    print(summary("first frame (game)", [r["first_frame"] for r in runs]))
    print(summary("first frame (harness)", [r["first_frame_wall"] for r in runs]))
    if all("first_frame_cpu" in r for r in runs):
        print(summary("first frame CPU", [r["first_frame_cpu"] for r in runs]))
    if all("ready" in r for r in runs):
        print(summary("ready", [r["ready"] for r in runs]))
    print(summary("load average (1 min)", [r["load"] for r in runs]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
