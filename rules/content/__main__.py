"""Command line: `python -m rules.content check [DIR]` and `python -m rules.content schema OUTDIR`.

`check` prints every content error (`file:line:column: path: message`, one per line) and exits 1, or
prints a one-line summary and exits 0. `schema` writes one JSON Schema per content file kind.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.resources.abc import Traversable
from pathlib import Path

from rules.catalog import Catalog
from rules.content.errors import ContentError, ContentErrors
from rules.content.loader import load_catalog
from rules.content.schema import write_schemas


def summary(catalog: Catalog) -> str:
    maneuvers = list(catalog.maneuvers.values())
    groups = sum(1 for m in maneuvers if m.parent is None)
    declarable = [m for m in maneuvers if not m.abstract]
    playable = sum(1 for m in declarable if m.status == "playable")
    return (
        f"content OK: {len(maneuvers)} maneuvers ({groups} groups, {playable} playable, "
        f"{len(declarable) - playable} planned), {len(catalog.proficiencies)} proficiencies, "
        f"{len(catalog.weapons)} weapons, {len(catalog.shields)} shields, {len(catalog.armour)} armour, "
        f"{len(catalog.missiles)} missile weapons, "
        f"{len(catalog.zones)} zones, {len(catalog.wounds)} wound rows; hash {catalog.content_hash[:12]}"
    )


def system_stats_errors(directory: str | None) -> list[ContentError]:
    """The combat systems' own stats files, where the directory has them (`dew_stats.yaml`,
    `gold_glory_stats.yaml`, `combat_basics_stats.yaml`)."""
    from importlib.resources import files

    from rules.dew.stats import STATS_FILE, load_stats_from
    from rules.gold_glory.stats import STATS_FILE as GG_FILE
    from rules.gold_glory.stats import load_stats_from as load_gg

    root = Path(directory) if directory is not None else files("content")
    errors: list[ContentError] = []
    for name, loader in ((STATS_FILE, load_stats_from), (GG_FILE, load_gg)):
        item = root / name
        if not item.is_file():
            continue
        try:
            loader(item, str(item) if directory is not None else f"content/{name}")
        except ContentErrors as exc:
            errors.extend(exc.errors)
    errors += _combat_basics_errors(root, directory)
    return errors


def _combat_basics_errors(root: Path | Traversable, directory: str | None) -> list[ContentError]:
    """`combat_basics_stats.yaml` (rules.combat_basics.stats), where the directory has it."""
    from rules.combat_basics.stats import STATS_FILE, load_stats

    item = root / STATS_FILE
    if not item.is_file():
        return []
    try:
        load_stats(item, display=str(item) if directory is not None else f"content/{STATS_FILE}")
    except ContentErrors as exc:
        return list(exc.errors)
    return []


def check(directory: str | None) -> int:
    errors: list[ContentError] = []
    catalog: Catalog | None = None
    try:
        catalog = load_catalog(directory)
    except ContentErrors as exc:
        errors.extend(exc.errors)
    errors.extend(system_stats_errors(directory))
    if errors or catalog is None:
        for error in errors:
            print(error)
        count = len(errors)
        files = len({e.file for e in errors})
        print(f"{count} content error{'s' if count != 1 else ''} in {files} file{'s' if files != 1 else ''}")
        return 1
    print(summary(catalog))
    return 0


def schema(outdir: str) -> int:
    for path in write_schemas(Path(outdir)):
        print(f"wrote {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.content", description="Steelstep content tools")
    commands = parser.add_subparsers(dest="command", required=True)
    check_cmd = commands.add_parser("check", help="validate a content directory (default: the shipped one)")
    check_cmd.add_argument("directory", nargs="?", default=None)
    schema_cmd = commands.add_parser("schema", help="write one JSON Schema per content file kind")
    schema_cmd.add_argument("outdir")
    args = parser.parse_args(argv)
    if args.command == "check":
        return check(args.directory)
    return schema(args.outdir)


if __name__ == "__main__":
    sys.exit(main())
