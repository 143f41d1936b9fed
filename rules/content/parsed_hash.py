"""The content hash that saves and recordings carry: sha256 over the *parsed* content of every
*.yaml file below the content root (scenarios included), so comments, blank lines, quoting and key
order change nothing, and any change of a value changes it, except in display text.

Each file counts as its relative path and a canonical text of its data (mappings sorted, every
scalar tagged with its type). A file that does not parse counts by its bytes (the content check
reports it; the hash must still be computable).

Display text does not count (`DISPLAY_TEXT`, the one list of it): words only the screen shows, which
no rule, no decision-maker and no replay reads, so rewording them leaves every save loadable:
- `descriptions.yaml`, the whole file: the menus' lines for action types, buys, options and
  orientations (`Catalog.descriptions`, read only by the maneuver menu, through `game.sim.declaring`);
- `maneuvers/*.yaml`: each maneuver's `description` (`Catalog.describe_maneuver`, the menu's line;
  never inherited, so no other field depends on it);
- `scenarios/*.yaml` and `tutorial/*.yaml` (the world scenarios): the top-level `description`
  (`WorldSetup.description`: the arena list and the opening callout);
- `tutorial.yaml`: each lesson's `title` and `intro` and each step's `title` and `text` (the
  tutorial's callouts; its `id`, `scenario`, `seed`, `point` and conditions still count).
Names (of maneuvers, weapons, creatures, scenarios...) still count: they reach the world's actors,
events and logs. Nothing is left out of scenarios' other files (`scenarios/systems/...`, ...).

Hashes that older run files carry, all still accepted while they name today's rules data
(`game.sim.runfile.accepted_content_hashes`): `layout.content_hash` (raw bytes, before the hash was
over the parsed content) and `OLDER_HASHES` (version 1 of this hash, before display text was left
out; `parsed_content_hash_v1` computes it).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from importlib.resources.abc import Traversable

import yaml

from rules.content.errors import ContentErrors
from rules.content.layout import YAML_SUFFIX
from rules.content.yamlsource import check_bounds

VERSION = b"steelstep-parsed-content-2\0"  # 2: display text left out (`DISPLAY_TEXT`)
VERSION_1 = b"steelstep-parsed-content-1\0"  # every value counted, display text included
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True, slots=True)
class DisplayText:
    """Display text that the hash leaves out: in every file whose relative path matches `files` (a
    pattern of `fnmatch`, matched segment by segment, so `*` never crosses a `/`), the value at `keys`
    (mapping keys; `*` is every item of a list), or the whole file when `keys` is empty."""

    files: str
    keys: tuple[str, ...] = ()


DISPLAY_TEXT: tuple[DisplayText, ...] = (  # what each is and who reads it: the module docstring
    DisplayText("descriptions.yaml"),
    DisplayText("maneuvers/*.yaml", ("maneuvers", "*", "description")),
    DisplayText("scenarios/*.yaml", ("description",)),
    DisplayText("tutorial/*.yaml", ("description",)),
    DisplayText("tutorial.yaml", ("lessons", "*", "title")),
    DisplayText("tutorial.yaml", ("lessons", "*", "intro")),
    DisplayText("tutorial.yaml", ("lessons", "*", "steps", "*", "title")),
    DisplayText("tutorial.yaml", ("lessons", "*", "steps", "*", "text")),
)


@dataclass(frozen=True, slots=True)
class OlderHash:
    """A hash older run files carry (`hash`, of hash version `version`), for the content as shipped at
    `commit`; `rules` is today's hash of that same content: the older one is accepted while the content
    hashes to `rules` (its rules data unchanged since, whatever display text was reworded)."""

    commit: str
    version: int
    hash: str
    rules: str


# Version 1 of the content shipped at this commit (main just before display text left the hash): runs
# saved by that game carry it. Recompute (tests/content/test_content_hash_versions.py does):
#   git archive <commit> content | tar -x -C /tmp/v1 && python -c "from pathlib import Path;
#   from rules.content.parsed_hash import parsed_content_hash as h, parsed_content_hash_v1 as h1;
#   print(h1(Path('/tmp/v1/content')), h(Path('/tmp/v1/content')))"
OLDER_HASHES: tuple[OlderHash, ...] = (
    OlderHash(
        commit="f12ad22fd7904bda51aec0bc3864fbce6d42a251",
        version=1,
        hash="77f8c2ecb490c103346bd148a5e3364ffaeb4f45baa9a8b2455ef1176dcd2e19",
        rules="375ce8662f7e4f9d2ac65cdea9ffe74d1019f4c1e707b7f1a21895b567380299",
    ),
)


def older_hashes(current: str) -> tuple[str, ...]:
    """The older hashes that name the same rules data as `current` (a `parsed_content_hash`)."""
    return tuple(older.hash for older in OLDER_HASHES if older.rules == current)


def canonical(value: object) -> str:
    """A canonical text of parsed YAML data (iterative: bounded depth, but no recursion needed)."""
    out: list[str] = []
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Text):
            out.append(item.text)
        elif isinstance(item, dict):
            pairs = sorted(((canonical(k), v) for k, v in item.items()), key=lambda pair: pair[0])
            out.append("{")
            stack.append(_Text("}"))
            for key, val in reversed(pairs):
                stack.append(_Text(","))
                stack.append(val)
                stack.append(_Text(key + ":"))
        elif isinstance(item, list):
            out.append("[")
            stack.append(_Text("]"))
            for element in reversed(item):
                stack.append(_Text(","))
                stack.append(element)
        else:
            out.append(f"{type(item).__name__}:{item!r}")
    return "".join(out)


class _Text:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _files(directory: Traversable, prefix: str) -> list[tuple[str, Traversable]]:
    found: list[tuple[str, Traversable]] = []
    for item in directory.iterdir():
        if item.name.startswith((".", "__")):
            continue
        if item.is_dir():
            found.extend(_files(item, f"{prefix}{item.name}/"))
        elif item.name.endswith(YAML_SUFFIX):
            found.append((prefix + item.name, item))
    return found


def _matches(relative: str, pattern: str) -> bool:
    names, parts = relative.split("/"), pattern.split("/")
    return len(names) == len(parts) and all(fnmatchcase(n, p) for n, p in zip(names, parts, strict=True))


def _without(data: object, keys: tuple[str, ...]) -> object:
    """`data` without the value at `keys` (copies only what it changes; a shape that does not fit, which
    the content check reports, is left as it is)."""
    key, rest = keys[0], keys[1:]
    if key == "*":
        if not isinstance(data, list):
            return data
        return [_without(item, rest) for item in data] if rest else []
    if not isinstance(data, dict) or key not in data:
        return data
    if not rest:
        return {k: v for k, v in data.items() if k != key}
    return {**data, key: _without(data[key], rest)}


def _file_text(relative: str, raw: bytes, display: tuple[DisplayText, ...]) -> bytes:
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
        check_bounds(text, relative)
        data = yaml.load(text, Loader=_Loader)
        for left_out in display:
            if left_out.keys and _matches(relative, left_out.files):
                data = _without(data, left_out.keys)
        return b"parsed\0" + canonical(data).encode("utf-8")
    except (UnicodeDecodeError, yaml.YAMLError, ContentErrors, RecursionError):
        return b"raw\0" + raw


def _content_hash(root: Traversable, version: bytes, display: tuple[DisplayText, ...]) -> str:
    digest = hashlib.sha256(version)
    for relative, item in sorted(_files(root, ""), key=lambda pair: pair[0]):
        if any(not d.keys and _matches(relative, d.files) for d in display):
            continue
        name = relative.encode("utf-8")
        data = _file_text(relative, item.read_bytes(), display)
        digest.update(len(name).to_bytes(4, "big") + name)
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def parsed_content_hash(root: Traversable) -> str:
    """sha256 over every *.yaml file below `root` but display text: sorted relative path, then its
    canonical data, each length-prefixed."""
    return _content_hash(root, VERSION, DISPLAY_TEXT)


def parsed_content_hash_v1(root: Traversable) -> str:
    """Version 1, which `OLDER_HASHES` holds: the same with display text counted."""
    return _content_hash(root, VERSION_1, ())
