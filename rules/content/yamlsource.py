"""YAML files with positions: parse, reject duplicate keys, validate with pydantic, and report every
problem as `file:line:column: path: message`.

Hostile files are bounded before anything is built (`check_bounds`, one pass over libyaml's events,
which nest without recursion): at most `MAX_BYTES` bytes, `MAX_DEPTH` levels of nesting (libyaml's
composer recurses in C and crashes the process on a very deep file) and `MAX_VALUES` values with
every alias expanded (an "alias bomb" grows 9x per level); each refusal names file:line:column.

Generic on purpose: nothing here knows about maneuvers or weapons. `load_model(source, Model)` is the
one-call entry; `read_document` + `validate` keep the `YamlDocument` around so later checks (dangling
references, cycles) can still point at the exact value in the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from rules.content.errors import ContentError, ContentErrors

# libyaml's parser when PyYAML was built with it (about 3x faster); same nodes, same marks.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE_TAG = "tag:yaml.org,2002:merge"
MAX_BYTES = 4 << 20  # one content file; the biggest shipped one is far below
MAX_DEPTH = 48  # nested collections; the shipped content needs 8
MAX_VALUES = 250_000  # values in one file with every alias expanded; the shipped files hold a few thousand

Key = Any  # a constructed YAML mapping key: usually str, sometimes int/bool/None
DataPath = tuple[Key, ...]
Source = Traversable | str
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Position:
    """1-based line and column in a file."""

    line: int
    column: int


def format_path(path: tuple[Key, ...]) -> str:
    """`('maneuvers', 3, 'cost', 'base')` -> `maneuvers[3].cost.base`; the empty path is `<document>`."""
    text = ""
    for item in path:
        if isinstance(item, int) and not isinstance(item, bool):
            text += f"[{item}]"
        else:
            text += f".{item}" if text else str(item)
    return text or "<document>"


class YamlDocument:
    """The constructed data of one YAML file plus the position of every value and mapping key."""

    def __init__(
        self,
        file: str,
        data: object,
        values: Mapping[DataPath, Position],
        keys: Mapping[DataPath, Position],
    ) -> None:
        self.file = file
        self.data = data
        self._values = values
        self._keys = keys

    def position(self, path: DataPath, *, key: bool = False) -> Position:
        """Where the value at `path` starts (or its mapping key, with `key=True`). Falls back to the
        deepest enclosing value that exists, then to the start of the file."""
        if key and path in self._keys:
            return self._keys[path]
        probe = path
        while probe:
            if probe in self._values:
                return self._values[probe]
            probe = probe[:-1]
        return self._values.get((), Position(1, 1))

    def has(self, path: DataPath) -> bool:
        return path in self._values

    def error(self, path: DataPath, message: str, *, key: bool = False) -> ContentError:
        pos = self.position(path, key=key)
        return ContentError(self.file, pos.line, pos.column, format_path(path), message)

    def validation_errors(self, exc: ValidationError, prefix: DataPath = ()) -> list[ContentError]:
        """Turn pydantic's errors (for a model validated from the data at `prefix`) into positioned
        errors. Loc items that are not data keys (union member tags) are dropped from the path."""
        merged: dict[tuple[DataPath, bool], list[str]] = {}
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            kind = err["type"]
            path = prefix
            for item in loc:
                if (*path, item) in self._values:
                    path = (*path, item)
            at_key = kind == "extra_forbidden" or loc[-1:] == ("[key]",)
            if kind == "missing" and loc:
                path = (*path, loc[-1])
            message = "unknown key" if kind == "extra_forbidden" else str(err["msg"])
            if kind == "value_error":
                message = message.removeprefix("Value error, ")
            if isinstance(err.get("input"), bool) and kind in ("literal_error", "string_type"):
                message += " (YAML reads yes/no/on/off as booleans: quote the word)"
            bucket = merged.setdefault((path, at_key), [])
            if message not in bucket:
                bucket.append(message)
        return [self.error(path, "; or ".join(msgs), key=at_key) for (path, at_key), msgs in merged.items()]


def _bound_error(file: str, mark: Any, message: str) -> ContentErrors:
    """`mark`: a PyYAML or libyaml mark (`line`, `column` 0-based) or None."""
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return ContentErrors([ContentError(file, line, column, "<yaml>", message)])


def check_bounds(text: str, file: str) -> None:
    """Refuse (ContentErrors naming file:line:column) a file too big, nested too deep or whose
    aliases expand past `MAX_VALUES` values, before any node is built. Syntax errors are left to
    the parse proper."""
    if len(text) > MAX_BYTES:
        raise _bound_error(file, None, f"the file is {len(text)} characters long (at most {MAX_BYTES})")
    try:
        _count_events(_Loader(text), file)
    except yaml.YAMLError as exc:
        # libyaml 0.2.6 (PyYAML 6.0.4's wheels) refuses past 1,000 flow levels while scanning ahead, before
        # the event at MAX_DEPTH comes out: the pure-Python scanner, which has no such limit, finds it
        if "nesting depth" not in str(getattr(exc, "problem", "") or ""):
            return  # the parse proper reports it with its position
        try:
            _count_events(yaml.SafeLoader(text), file)
        except yaml.YAMLError:
            return


def _count_events(loader: yaml.SafeLoader, file: str) -> None:
    """`check_bounds`' pass over one loader's events (disposed of at the end); YAML errors propagate."""
    sizes: dict[str, int] = {}  # anchor -> values it stands for, aliases expanded
    stack: list[tuple[int, str | None]] = []  # open collections: (values so far, anchor)
    total = 0
    try:
        while (event := loader.get_event()) is not None:  # type: ignore[no-untyped-call]
            if isinstance(event, yaml.CollectionStartEvent):
                if len(stack) >= MAX_DEPTH:
                    raise _bound_error(file, event.start_mark, f"nested more than {MAX_DEPTH} deep")
                stack.append((1, event.anchor))
                total += 1
            elif isinstance(event, yaml.CollectionEndEvent) and stack:
                count, anchor = stack.pop()
                if anchor is not None:
                    sizes[anchor] = count
                if stack:
                    stack[-1] = (stack[-1][0] + count, stack[-1][1])
            elif isinstance(event, yaml.ScalarEvent | yaml.AliasEvent):
                count = sizes.get(event.anchor or "", 1) if isinstance(event, yaml.AliasEvent) else 1
                if isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
                    sizes[event.anchor] = 1
                total += count
                if stack:
                    stack[-1] = (stack[-1][0] + count, stack[-1][1])
                if total > MAX_VALUES:
                    message = f"more than {MAX_VALUES} values with the aliases expanded (an alias bomb?)"
                    raise _bound_error(file, event.start_mark, message)
    finally:
        loader.dispose()


def parse_yaml(text: str, file: str) -> YamlDocument:
    """Parse one YAML document with positions. Raises ContentErrors on syntax errors, duplicate
    keys (PyYAML would silently keep the last one) and files past the bounds (`check_bounds`)."""
    check_bounds(text, file)
    loader = _Loader(text)
    loader.name = file
    try:
        node = loader.get_single_node()
        values: dict[DataPath, Position] = {}
        keys: dict[DataPath, Position] = {}
        duplicates: list[ContentError] = []
        if node is not None:
            _walk(loader, node, (), values, keys, duplicates, set(), file)
        if duplicates:
            raise ContentErrors(duplicates)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        message = " ".join(part for part in (exc.context, exc.problem) if part) or str(exc)
        raise ContentErrors([ContentError(file, line, column, "<yaml>", message)]) from None
    except yaml.YAMLError as exc:  # reader errors (bad bytes) carry no mark
        raise ContentErrors([ContentError(file, 1, 1, "<yaml>", " ".join(str(exc).split()))]) from None
    except RecursionError:  # the pure-Python composer on a file within MAX_DEPTH but still too deep
        raise _bound_error(file, None, "nested too deeply") from None
    finally:
        loader.dispose()
    return YamlDocument(file, data, values, keys)


def _walk(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: DataPath,
    values: dict[DataPath, Position],
    keys: dict[DataPath, Position],
    duplicates: list[ContentError],
    active: set[int],
    file: str,
) -> None:
    values.setdefault(path, Position(node.start_mark.line + 1, node.start_mark.column + 1))
    if id(node) in active:  # a recursive alias: its positions are already recorded
        return
    active.add(id(node))
    if isinstance(node, yaml.MappingNode):
        seen: dict[Key, Position] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                continue  # `<<: *anchor` - the merged values keep the anchor's positions
            key_pos = Position(key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            # the same value the data will have ('no' -> False, '1' -> 1)
            key = loader.construct_object(key_node) if isinstance(key_node, yaml.ScalarNode) else "<complex key>"
            try:
                first = seen.get(key)
            except TypeError:  # unhashable: the constructor reports it later
                continue
            if first is not None:
                duplicates.append(
                    ContentError(
                        file,
                        key_pos.line,
                        key_pos.column,
                        format_path((*path, key)),
                        f"duplicate key {key!r} (first at line {first.line})",
                    )
                )
                continue
            seen[key] = key_pos
            keys[(*path, key)] = key_pos
            _walk(loader, value_node, (*path, key), values, keys, duplicates, active, file)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(loader, item, (*path, index), values, keys, duplicates, active, file)
    active.discard(id(node))


def _as_traversable(source: Source) -> Traversable:
    return Path(source) if isinstance(source, str) else source


def read_document(source: Source, display: str | None = None) -> YamlDocument:
    """Read and parse one file (a path or an importlib.resources Traversable)."""
    item = _as_traversable(source)
    file = display if display is not None else str(item)
    try:
        text = item.read_bytes().decode("utf-8").removeprefix("\ufeff")
    except FileNotFoundError:
        raise ContentErrors([ContentError(file, None, None, "<file>", "file not found")]) from None
    except UnicodeDecodeError as exc:
        raise ContentErrors([ContentError(file, 1, 1, "<file>", f"not UTF-8: {exc.reason}")]) from None
    except OSError as exc:
        raise ContentErrors([ContentError(file, None, None, "<file>", str(exc))]) from None
    return parse_yaml(text, file)


def validate(doc: YamlDocument, model: type[M]) -> M:
    """Validate a parsed document against a pydantic model; ContentErrors on failure."""
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        raise ContentErrors(doc.validation_errors(exc)) from None


def load_model(source: Source, model: type[M], display: str | None = None) -> M:
    """Read, parse and validate one YAML file into `model`, or raise ContentErrors listing every
    problem with file, line and column."""
    return validate(read_document(source, display), model)
