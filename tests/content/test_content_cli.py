"""`python -m rules.content check|schema` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.content.contentkit import REPO, copy_shipped, write


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules.content", *args], cwd=REPO, capture_output=True, text=True, timeout=120
    )


def test_check_shipped_content_exits_0_with_a_summary() -> None:
    result = run("check")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("content OK: 57 maneuvers (12 groups, 45 playable, 0 planned), 13 proficiencies")


def test_check_broken_dir_prints_every_error_and_exits_1(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    extra = write(root / "maneuvers" / "zz_test.yaml", "maneuvers:\n  - {id: x, inherits: nowhere, name: X}\n")
    armour = write(root / "armour.yaml", "armour:\n  - {id: a, name: A, av: 1, covers: [tail]}\n")
    result = run("check", str(root))
    assert result.returncode == 1
    lines = result.stdout.strip().splitlines()
    assert lines == [
        f"{armour}:2:38: armour[0].covers[0]: unknown location 'tail'",
        f"{extra}:2:23: maneuvers[0].inherits: unknown maneuver 'nowhere'",
        "2 content errors in 2 files",
    ]


def test_schema_writes_one_file_per_kind(tmp_path: Path) -> None:
    result = run("schema", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(
        f"{k}.schema.json"
        for k in (
            "house_rules", "maneuvers", "proficiencies", "weapons", "shields", "armour", "missiles", "body", "wounds",
            "descriptions",
        )
    )
    for path in (tmp_path / "out").iterdir():
        assert json.loads(path.read_text(encoding="utf-8"))["$schema"].endswith("2020-12/schema")
