"""Helpers for the content tests: a writable copy of the shipped content and small file writers."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import yaml

from rules.content import ContentErrors, load_catalog

REPO = Path(__file__).resolve().parents[2]
SHIPPED = REPO / "content"


def copy_shipped(tmp_path: Path) -> Path:
    """A copy of content/ (YAML only) that a test may break."""
    root = tmp_path / "content"
    shutil.copytree(SHIPPED, root, ignore=shutil.ignore_patterns("__pycache__", "*.py", "schemas"))
    return root


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def errors_of(root: Path) -> list[str]:
    """Every error line load_catalog reports for `root` ([] if it loads)."""
    try:
        load_catalog(root)
    except ContentErrors as exc:
        return [str(e) for e in exc.errors]
    return []


def position(text: str, line: int, needle: str) -> str:
    """`line:column` of the first `needle` on 1-based `line` of `text`."""
    column = text.splitlines()[line - 1].index(needle) + 1
    return f"{line}:{column}"


def shipped_locations() -> list[str]:
    data = yaml.safe_load((SHIPPED / "body.yaml").read_text(encoding="utf-8"))
    return list(data["locations"])


def body_text(first_zone_parts: list[list[object]] | None = None) -> str:
    """body.yaml with one zone per line (zone I on line 3); optionally replace zone I's parts."""
    data = yaml.safe_load((SHIPPED / "body.yaml").read_text(encoding="utf-8"))
    lines = ["locations: " + json.dumps(data["locations"]), "zones:"]
    for index, zone in enumerate(data["zones"]):
        if index == 0 and first_zone_parts is not None:
            zone = {**zone, "parts": first_zone_parts}
        lines.append("  - " + json.dumps(zone))
    return "\n".join(lines) + "\n"


def wounds_text(rows: dict[tuple[str, str], list[dict[str, object]] | None] | None = None) -> str:
    """wounds.yaml with one row per line: line 1 `wounds:`, line 2 `  cut:`, then cut's rows in the
    shipped location order. `rows` replaces rows (None drops the row)."""
    data = yaml.safe_load((SHIPPED / "wounds.yaml").read_text(encoding="utf-8"))["wounds"]
    changes = rows or {}
    lines = ["wounds:"]
    for damage_type in ("cut", "puncture", "bludgeon"):
        lines.append(f"  {damage_type}:")
        for location in shipped_locations():
            levels = changes.get((damage_type, location), data[damage_type][location])
            if levels is not None:
                lines.append(f"    {location}: " + json.dumps(levels))
    return "\n".join(lines) + "\n"
