"""`python -m game.sim check` checks the run content too (issue 10): items.yaml and themes.yaml of a
content directory, every error as file:line:column with its field, exit 1; the shipped content passes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.sim", "check", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)


def test_the_shipped_run_content_checks_out() -> None:
    ok = _check()
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "world content OK" in ok.stdout and "run content OK: " in ok.stdout and "8 depths" in ok.stdout


def test_a_broken_copy_of_the_run_content_is_refused_with_file_line_column(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(str(files("content")), root)
    items = root / "items.yaml"
    lines = items.read_text().splitlines(keepends=True)
    row = next(i for i, line in enumerate(lines) if "id: iron_crown" in line)
    lines[row] = lines[row].replace("stack: 1", "stack: many")
    items.write_text("".join(lines))
    themes = root / "themes.yaml"
    text = themes.read_text()
    themes.write_text(text.replace("{id: giant_rat, weight: 5}", "{id: giant_ratt, weight: 5}", 1))
    bad = _check(str(root))
    assert bad.returncode == 1
    out = bad.stdout.splitlines()
    stack = [line for line in out if line.startswith(f"{items}:{row + 1}:") and ".stack" in line]
    assert len(stack) == 1, out
    rat = [line for line in out if line.startswith(f"{themes}:") and "'giant_ratt'" in line]
    assert len(rat) == 1 and "did you mean 'giant_rat'" in rat[0], out
    path, line, column = rat[0].split(": ")[0].rsplit(":", 2)
    assert Path(path) == themes and int(line) >= 1 and int(column) >= 1
    assert out[-1].endswith("content errors (world and run)") and "run content OK" not in bad.stdout
