"""Build the compiled accelerator: `python packaging/accel.py [--force] [--background]` (see `rules.accel`).

Compiles `rules.accel.COMPILED` with mypyc in a scratch copy of the sources and installs the
extension modules in `.accel/<tag>/` with the sources' stamp, all at once (a half-built directory is
never in place). Nothing to do when the build there is fresh. Without a C compiler, Python's headers
or mypyc it says so and exits 0: the game then runs as pure Python, the same code, only slower.

The game never waits for it (issue 17): `./play` runs `--background`, which returns at once and,
when a build is due and possible, starts it as a detached, low-priority process logging to
`.accel/build.log`; the game opens on pure Python and uses the build from the next start on (a
running game never switches: `rules.accel` decides once, at import). `./test` builds in the
foreground (its first pytest pass runs compiled). One build at a time: a lock file
(`.accel/build.lock`) makes a foreground build wait for a background one, and a second background
build give up; the holder of the lock removes scratch directories a killed build left behind.
`STEELSTEP_PURE=1` skips all of it. Exit status: 0 built, up to date, skipped or started in the
background; 1 the build failed (the game still runs, pure).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import accel  # noqa: E402  (the source tree first, whatever is installed)

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="steelstep-accel",
    ext_modules=mypycify({paths!r}, opt_level="3", multi_file=True, group_name={group!r}),
)
"""
MYPY_INI = """\
[mypy]
python_version = 3.11
plugins = pydantic.mypy
"""


def compiler_problem() -> str | None:
    """Why no C extension can be built here, or None."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").is_file():
        return f"no Python headers ({include / 'Python.h'}; on Debian: apt-get install python3-dev)"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy)"
    return None


LOCK_NAME = "build.lock"
LOG_NAME = "build.log"
SCRATCH_PREFIX = "accel-"


@contextlib.contextmanager
def build_lock(wait: bool) -> Iterator[bool]:
    """Hold `.accel/build.lock` (POSIX `flock`); yields False when `wait` is False and another build
    holds it. Where `fcntl` is missing (Windows) there is no lock: yields True."""
    directory = accel.build_dir(ROOT).parent
    directory.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:
        yield True
        return
    with open(directory / LOCK_NAME, "a+b") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def remove_scratch() -> None:
    """Scratch directories of builds that were killed (call only while holding the lock)."""
    directory = accel.build_dir(ROOT).parent
    for stale in directory.glob(f"{SCRATCH_PREFIX}*"):
        if stale.is_dir():
            shutil.rmtree(stale, ignore_errors=True)


def due() -> str | None:
    """Why no build should start now (pure Python forced, fresh already, no compiler), or None."""
    if os.environ.get(accel.PURE_VARIABLE):
        return f"{accel.PURE_VARIABLE} is set: pure Python"
    if accel.fresh_build(ROOT) is not None:
        return f"{accel.build_dir(ROOT)} is up to date"
    return compiler_problem()


def start_background() -> int:
    """Start a build in a detached, low-priority process when one is due; return at once."""
    if due() is not None:
        return 0
    log = accel.build_dir(ROOT).parent / LOG_NAME
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "ab") as out:
        subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--quiet", "--no-wait"],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=out, start_new_session=True,
            preexec_fn=_lower_priority if hasattr(os, "nice") else None,
        )
    print(f"accel: compiling the simulation in the background (log: {log}); pure Python until it is done",
          file=sys.stderr)
    return 0


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(10)


def build(force: bool = False, quiet: bool = False, wait: bool = True) -> int:
    """Build now (under the lock: waits for a running build, or with `wait=False` leaves it be)."""
    with build_lock(wait) as held:
        if not held:
            if not quiet:
                print("accel: another build is running", file=sys.stderr)
            return 0
        remove_scratch()
        return _build(force, quiet)


def _build(force: bool, quiet: bool) -> int:
    def say(message: str) -> None:
        if not quiet:
            print(message, file=sys.stderr)

    if os.environ.get(accel.PURE_VARIABLE):
        say(f"accel: {accel.PURE_VARIABLE} is set: pure Python")
        return 0
    target = accel.build_dir(ROOT)
    stamp = accel.source_stamp(ROOT)
    if not force and accel.fresh_build(ROOT) is not None:
        say(f"accel: {target} is up to date")
        return 0
    problem = compiler_problem()
    if problem:
        print(f"accel: {problem}: the simulation runs as pure Python (slower)", file=sys.stderr)
        return 0
    print("Compiling the simulation with mypyc (once per change of its sources, about a minute) ...",
          file=sys.stderr)
    started = time.perf_counter()
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=SCRATCH_PREFIX, dir=target.parent) as scratch_name:
        scratch = Path(scratch_name)
        src = scratch / "src"
        for package in ("rules", "game"):
            shutil.copytree(ROOT / package, src / package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        paths = [str(accel.source_path(m, Path("."))) for m in accel.COMPILED]
        (src / "setup.py").write_text(SETUP.format(paths=paths, group=accel.GROUP))
        (src / "mypy.ini").write_text(MYPY_INI)
        env = {**os.environ, accel.PURE_VARIABLE: "1"}  # mypyc imports nothing compiled
        jobs = str(max(1, os.cpu_count() or 1))
        result = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace", "-j", jobs],
            cwd=src, env=env, capture_output=True, text=True, check=False,
        )
        if result.returncode != 0:
            log = target.parent / "build.log"
            log.write_text(result.stdout + result.stderr)
            tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
            print(f"{tail}\naccel: the mypyc build failed (full log: {log}); the simulation runs as pure Python",
                  file=sys.stderr)
            return 1
        staged = scratch / "staged"
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for module in (*accel.COMPILED, f"{accel.GROUP}__mypyc"):
            parts = module.split(".")
            built = src.joinpath(*parts[:-1], parts[-1] + suffix)
            if not built.is_file():
                print(f"accel: the build made no {built.name}; pure Python", file=sys.stderr)
                return 1
            dest = staged.joinpath(*parts[:-1], built.name)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, dest)
        (staged / "STAMP").write_text(stamp + "\n")
        if target.exists():
            shutil.rmtree(target)
        staged.rename(target)  # in place all at once
    problem = verify()
    if problem:
        shutil.rmtree(target, ignore_errors=True)
        print(f"accel: the compiled build does not load ({problem}); removed, pure Python", file=sys.stderr)
        return 1
    print(f"accel: compiled {len(accel.COMPILED)} modules into {target} in {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    return 0


def verify() -> str | None:
    """Load the build in a fresh interpreter; None if every compiled module comes from it."""
    probe = (
        "import importlib, rules.accel as a\n"
        "bad = [m for m in a.COMPILED if not a.compiled(importlib.import_module(m))]\n"
        "print(', '.join(bad))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != accel.PURE_VARIABLE}
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                            check=False)
    if result.returncode != 0:
        return result.stderr.strip().splitlines()[-1] if result.stderr.strip() else f"exit {result.returncode}"
    return f"not compiled: {result.stdout.strip()}" if result.stdout.strip() else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--force", action="store_true", help="rebuild even when the build is fresh")
    parser.add_argument("--quiet", action="store_true", help="say nothing when there is nothing to do")
    parser.add_argument("--background", action="store_true",
                        help="return at once; build in a detached low-priority process if a build is due")
    parser.add_argument("--no-wait", action="store_true", help="give up if another build is running")
    parser.add_argument("--require", action="store_true",
                        help="(./test) exit 1 when a compiler is here but no fresh build loads after building")
    args = parser.parse_args(argv)
    if args.background:
        return start_background()
    code = build(force=args.force, quiet=args.quiet or args.require, wait=not args.no_wait)
    if args.require:
        return require_build()
    return code


def require_build() -> int:
    """0 when the compiled build is fresh and loads, or when it cannot be built here (pure Python is then
    expected); 1, with why, when a compiler is here and the build is missing, stale or does not load."""
    if os.environ.get(accel.PURE_VARIABLE) or compiler_problem() is not None:
        return 0
    if accel.fresh_build(ROOT) is None:
        print("accel: a C compiler is here but the compiled build failed (see .accel/build.log); the tests "
              "would run on pure Python only", file=sys.stderr)
        return 1
    problem = verify()
    if problem:
        print(f"accel: the compiled build does not load ({problem})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
