"""The content hash that saves and recordings carry: sha256 over the *parsed* content of every
*.yaml file below the content root (scenarios included), so comments, blank lines, quoting and key
order change nothing, and any change of a value changes it.

Each file counts as its relative path and a canonical text of its data (mappings sorted, every
scalar tagged with its type). A file that does not parse counts by its bytes (the content check
reports it; the hash must still be computable). `layout.content_hash` (raw bytes) is the hash run
files carried before; the run file reader still accepts it, so older saves keep loading.
"""

from __future__ import annotations

import hashlib
from importlib.resources.abc import Traversable

import yaml

from rules.content.errors import ContentErrors
from rules.content.layout import YAML_SUFFIX
from rules.content.yamlsource import check_bounds

VERSION = b"steelstep-parsed-content-1\0"
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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


def _file_text(relative: str, raw: bytes) -> bytes:
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
        check_bounds(text, relative)
        data = yaml.load(text, Loader=_Loader)
        return b"parsed\0" + canonical(data).encode("utf-8")
    except (UnicodeDecodeError, yaml.YAMLError, ContentErrors, RecursionError):
        return b"raw\0" + raw


def parsed_content_hash(root: Traversable) -> str:
    """sha256 over every *.yaml file below `root`: sorted relative path, then its canonical data,
    each length-prefixed."""
    digest = hashlib.sha256(VERSION)
    for relative, item in sorted(_files(root, ""), key=lambda pair: pair[0]):
        name = relative.encode("utf-8")
        data = _file_text(relative, item.read_bytes())
        digest.update(len(name).to_bytes(4, "big") + name)
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()
