"""kill -9 while playing with the autosave, N times: is the run always continuable, and what is left?

    python -m tests.kill_autosave [N]        # prints one line of counts; asserts nothing

Half of the runs are continued from an existing autosave first (a compaction at Continue, then
appends), half are new; each is killed at a random moment (a seeded `random.Random`).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from game import paths
from game.sim.commands import Confirm
from game.view.session import continue_run, new_run


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 150
    rng = random.Random(17)
    base = Path(tempfile.mkdtemp(prefix="steelstep-kills-"))
    continued = refused = torn = left = 0
    for n in range(count):
        directory = base / f"k{n}"
        directory.mkdir()
        path = directory / "autosave.jsonl"
        if n % 2:
            session = new_run(n, autosave=path)
            for _ in range(rng.randint(5, 300)):
                session.apply(Confirm())
            session.close()
        pid = os.fork()
        if pid == 0:
            try:
                session = continue_run(path) if path.exists() else new_run(n, autosave=path)
                for _ in range(100_000):
                    session.apply(Confirm())
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.6))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        if path.exists() and not path.read_bytes().endswith(b"\n"):
            torn += 1
        try:
            if path.exists():
                continue_run(path)
            continued += 1
        except Exception as exc:
            refused += 1
            print(f"kill {n}: {exc}")
        left += len([p for p in directory.iterdir() if p.name.endswith(".tmp")])
    removed = sum(len(paths.remove_orphaned_temps(base / f"k{n}", older_than=0)) for n in range(count))
    print(f"kills {count}: continued {continued}, refused {refused}, a torn last line {torn}, "
          f"temporary files left {left} (removed by the next start's cleanup: {removed})")
    shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
