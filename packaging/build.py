"""Build the one-folder tester package, smoke-run it and zip it.

    python packaging/build.py [--clean] [--skip-smoke]

Produces ``dist/steelstep/`` (PyInstaller, packaging/steelstep.spec; macOS also ``dist/Steelstep.app``),
``dist/README-TESTERS.txt`` and ``dist/steelstep-<version>-<platform>.zip``. Prints the unpacked and
zipped sizes and the start-to-title time of the packaged app (the wall time of ``steelstep --smoke``,
which renders every view headless and exits). Exits non-zero if the build or the smoke run fails;
the size/time targets only warn. Work files go to build/pyinstaller, smoke-run data to build/smoke-data.
"""

from __future__ import annotations

import argparse
import os
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import buildinfo

ROOT = buildinfo.ROOT
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
SMOKE_DATA = ROOT / "build" / "smoke-data"
SPEC = ROOT / "packaging" / "steelstep.spec"
LINUX = ROOT / "packaging" / "linux"

MB = 1024 * 1024
TARGET_UNPACKED_MB = 90
TARGET_ZIPPED_MB = 40
TARGET_TITLE_S = 2.0
SMOKE_TIMEOUT_S = 180


def say(text: str) -> None:
    print(f"[build] {text}", flush=True)


def run_pyinstaller(clean: bool) -> float:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
    if clean:
        command.insert(3, "--clean")
    say("$ " + " ".join(command))
    started = time.perf_counter()
    # The package is pure Python (a tester's machine needs no compiler, and mypyc's extensions are
    # tied to one interpreter); the compiled accelerator (.accel/) is for ./play and ./test only.
    subprocess.run(command, cwd=ROOT, check=True, env=dict(os.environ, STEELSTEP_PURE="1"))
    return time.perf_counter() - started


def app_folder() -> Path:
    return DIST / buildinfo.EXE_NAME


def executable() -> Path:
    return app_folder() / (buildinfo.EXE_NAME + (".exe" if sys.platform == "win32" else ""))


def tree_size(path: Path) -> int:
    total = 0
    for item in path.rglob("*"):
        if item.is_file() and not item.is_symlink():
            total += item.stat().st_size
    return total


def smoke_run(app: Path) -> tuple[bool, float, str]:
    """One `--smoke` run: (passed, wall seconds, output). The app's data dir is build/smoke-data."""
    env = dict(os.environ, STEELSTEP_DATA_DIR=str(SMOKE_DATA))
    if sys.platform.startswith("linux") and not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        env["ARCADE_HEADLESS"] = "1"
    log = SMOKE_DATA / "logs" / "steelstep.log"
    before = log.stat().st_size if log.exists() else 0
    started = time.perf_counter()
    try:
        done = subprocess.run([str(app), "--smoke"], env=env, cwd=SMOKE_DATA, capture_output=True, text=True,
                              errors="replace", timeout=SMOKE_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        return False, time.perf_counter() - started, f"timed out after {exc.timeout} s"
    wall = time.perf_counter() - started
    output = (done.stdout or "") + (done.stderr or "")
    # A windowed Windows/macOS build has no stdout: game.logs sends its prints to the log instead.
    logged = ""
    if log.exists():
        with log.open(encoding="utf-8", errors="replace") as handle:
            handle.seek(before)
            logged = handle.read()
    passed = done.returncode == 0 and ("SMOKE OK" in output or "SMOKE OK" in logged)
    if done.returncode != 0:
        output += f"\n(exit status {done.returncode})"
    elif not passed:
        output += "\n(exit status 0 but no 'SMOKE OK' in the output or the log)"
    return passed, wall, output.strip()


def window_time(app: Path) -> float | None:
    """Linux with Xvfb and xdotool: seconds from launch until the title window is on screen (mapped)
    under a private Xvfb. A second opinion on start-to-title; None when it cannot be measured."""
    if not sys.platform.startswith("linux") or not (shutil.which("Xvfb") and shutil.which("xdotool")):
        return None
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            number = pipe.readline().strip()
        if not number:
            return None
        env = dict(os.environ, DISPLAY=f":{number}", STEELSTEP_DATA_DIR=str(SMOKE_DATA / "window"),
                   STEELSTEP_CONFIG_DIR=str(SMOKE_DATA / "window-config"))
        env.pop("ARCADE_HEADLESS", None)
        started = time.perf_counter()
        game = subprocess.Popen([str(app)], env=env, cwd=SMOKE_DATA, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", f"^{buildinfo.APP_NAME}$"],
                           env=env, timeout=60, check=True, capture_output=True)
            return time.perf_counter() - started
        finally:
            game.kill()
            game.wait()
    except (OSError, subprocess.SubprocessError):
        return None
    finally:
        xvfb.terminate()
        xvfb.wait()


def add_linux_extras(folder: Path) -> None:
    for name in ("install.sh", "steelstep.desktop"):
        target = folder / name
        shutil.copy2(LINUX / name, target)
    (folder / "install.sh").chmod(0o755)


def write_zip(target: Path, folder: Path, readme: Path) -> None:
    """The folder (keeping executable bits and symlinks) plus the README at the top level."""
    if target.exists():
        target.unlink()
    if sys.platform == "darwin" and (DIST / f"{buildinfo.APP_NAME}.app").is_dir() and shutil.which("ditto"):
        # ditto keeps the .app's symlinks and extended attributes; zipfile would not
        stage = DIST / "zip-stage"
        shutil.rmtree(stage, ignore_errors=True)
        stage.mkdir()
        subprocess.run(["ditto", str(DIST / f"{buildinfo.APP_NAME}.app"), str(stage / f"{buildinfo.APP_NAME}.app")],
                       check=True)
        shutil.copy2(readme, stage / readme.name)
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", str(stage), str(target)], check=True)
        shutil.rmtree(stage)
        return
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder.parent).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name)
                info.create_system = 3
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                archive.writestr(info, os.readlink(path))
            elif path.is_dir():
                continue
            else:
                archive.write(path, name)
        archive.write(readme, readme.name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="clear PyInstaller's cache first (CI does)")
    parser.add_argument("--skip-smoke", action="store_true", help="do not run the built app")
    args = parser.parse_args(argv)

    version = buildinfo.project_version()
    tag = buildinfo.platform_tag()
    say(f"Steelstep {version} for {tag}")
    try:
        build_s = run_pyinstaller(args.clean)
    except subprocess.CalledProcessError as exc:
        say(f"FAILED: PyInstaller exited with {exc.returncode}")
        return 1
    folder, app = app_folder(), executable()
    if not app.is_file():
        say(f"FAILED: no {app} after the build")
        return 1
    if sys.platform.startswith("linux"):
        add_linux_extras(folder)

    readme = DIST / "README-TESTERS.txt"
    readme.write_text(buildinfo.testers_readme(version, tag), encoding="utf-8", newline="\r\n"
                      if sys.platform == "win32" else "\n")

    times: list[float] = []
    window_s: float | None = None
    if not args.skip_smoke:
        shutil.rmtree(SMOKE_DATA, ignore_errors=True)
        SMOKE_DATA.mkdir(parents=True)
        for attempt in ("cold", "warm"):
            passed, wall, output = smoke_run(app)
            say(f"smoke run ({attempt} cache): {wall:.2f} s")
            if not passed:
                print(output, flush=True)
                say(f"FAILED: {app} --smoke")
                return 1
            times.append(wall)
        last = [line for line in output.splitlines() if "SMOKE OK" in line]
        if last:
            say("  " + last[-1])
        window_s = window_time(app)

    zip_path = DIST / buildinfo.zip_name(version, tag)
    write_zip(zip_path, folder, readme)

    unpacked = tree_size(folder) / MB
    zipped = zip_path.stat().st_size / MB

    def verdict(ok: bool) -> str:
        return "ok" if ok else "OVER TARGET"

    say("---- summary")
    say(f"build (PyInstaller{' --clean' if args.clean else ''}): {build_s:.1f} s")
    say(f"unpacked {folder.relative_to(ROOT)}: {unpacked:.1f} MB (target <= {TARGET_UNPACKED_MB} MB: "
        f"{verdict(unpacked <= TARGET_UNPACKED_MB)})")
    say(f"zipped   {zip_path.relative_to(ROOT)}: {zipped:.1f} MB (target <= {TARGET_ZIPPED_MB} MB: "
        f"{verdict(zipped <= TARGET_ZIPPED_MB)})")
    if times:
        # The app shell has no --time-to-title flag: --smoke stands in for it, and it does more than
        # reach the title (it renders every view and plays a short AI fight), so it over-estimates.
        say(f"start-to-title, measured as the wall time of `{app.relative_to(ROOT)} --smoke` (every view, "
            f"headless; cold {times[0]:.2f} s, warm {times[-1]:.2f} s): {times[-1]:.2f} s "
            f"(target <= {TARGET_TITLE_S} s: {verdict(times[-1] <= TARGET_TITLE_S)})")
    else:
        say("start-to-title: not measured (--skip-smoke)")
    if window_s is not None:
        say(f"title window on screen under Xvfb (launch to mapped, `xdotool search --sync`): {window_s:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
