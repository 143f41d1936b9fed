"""Build the compiled accelerator: `python packaging/accel.py [--force]` (see `rules.accel`).

Compiles `rules.accel.COMPILED` with mypyc in a scratch copy of the sources and installs the
extension modules in `.accel/<tag>/` with the sources' stamp, all at once (a half-built directory is
never in place). Nothing to do when the build there is fresh. Without a C compiler or Python's
headers it says so and exits 0: the game then runs as pure Python, the same code, only slower.
`./play` and `./test` run this after installing the dependencies; `STEELSTEP_PURE=1` skips it.
Exit status: 0 built, up to date or skipped; 1 the build failed (the game still runs, pure).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
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


def build(force: bool = False, quiet: bool = False) -> int:
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
    with tempfile.TemporaryDirectory(prefix="accel-", dir=target.parent) as scratch_name:
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
    args = parser.parse_args(argv)
    return build(force=args.force, quiet=args.quiet)


if __name__ == "__main__":
    raise SystemExit(main())
