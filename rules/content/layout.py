"""Where content lives: the file kinds of `content/`, the default content directory, and the content
hash that saves and recordings carry.

The directory is read only through `importlib.resources.abc.Traversable` (a `pathlib.Path` is one),
so the same code works from a source checkout, an editable install and a PyInstaller bundle.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from pydantic import BaseModel

from rules.content.models import (
    ArmourFile,
    BodyFile,
    DescriptionsFile,
    HouseRulesFile,
    ManeuversFile,
    MissilesFile,
    ProficienciesFile,
    ShieldsFile,
    WeaponsFile,
    WoundsFile,
)

ContentDir = Traversable | str | os.PathLike[str] | None


def content_root(directory: ContentDir = None) -> Traversable:
    """The content directory to read: the shipped one by default, or a path, or any Traversable."""
    if directory is None:
        return default_root()
    if isinstance(directory, str | os.PathLike):
        return Path(directory)
    return directory


MANEUVER_DIR = "maneuvers"
YAML_SUFFIX = ".yaml"


@dataclass(frozen=True, slots=True)
class FileKind:
    """One kind of content file: `name` is also its schema's name (`<name>.schema.json`)."""

    name: str
    location: str  # a file name, or a directory holding any number of *.yaml files
    model: type[BaseModel]
    many: bool = False


FILE_KINDS: tuple[FileKind, ...] = (
    FileKind("house_rules", "house_rules.yaml", HouseRulesFile),
    FileKind("maneuvers", MANEUVER_DIR, ManeuversFile, many=True),
    FileKind("proficiencies", "proficiencies.yaml", ProficienciesFile),
    FileKind("weapons", "weapons.yaml", WeaponsFile),
    FileKind("shields", "shields.yaml", ShieldsFile),
    FileKind("armour", "armour.yaml", ArmourFile),
    FileKind("missiles", "missiles.yaml", MissilesFile),
    FileKind("body", "body.yaml", BodyFile),
    FileKind("wounds", "wounds.yaml", WoundsFile),
    FileKind("descriptions", "descriptions.yaml", DescriptionsFile),
)


def default_root() -> Traversable:
    """The shipped `content` package."""
    return files("content")


def yaml_files(directory: Traversable) -> list[Traversable]:
    """The *.yaml files directly inside `directory`, sorted by name; [] if it is not a directory."""
    if not directory.is_dir():
        return []
    found = [item for item in directory.iterdir() if item.is_file() and item.name.endswith(YAML_SUFFIX)]
    return sorted(found, key=lambda item: item.name)


def _all_yaml(directory: Traversable, prefix: str) -> list[tuple[str, Traversable]]:
    found: list[tuple[str, Traversable]] = []
    for item in directory.iterdir():
        if item.name.startswith((".", "__")):
            continue
        if item.is_dir():
            found.extend(_all_yaml(item, f"{prefix}{item.name}/"))
        elif item.name.endswith(YAML_SUFFIX):
            found.append((prefix + item.name, item))
    return found


def content_hash(root: Traversable) -> str:
    """sha256 over every *.yaml file below `root` (scenarios included): sorted relative path, then
    the bytes, each length-prefixed. Generated schemas and Python files do not count."""
    digest = hashlib.sha256()
    for relative, item in sorted(_all_yaml(root, ""), key=lambda pair: pair[0]):
        data = item.read_bytes()
        name = relative.encode("utf-8")
        digest.update(len(name).to_bytes(4, "big") + name)
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()
