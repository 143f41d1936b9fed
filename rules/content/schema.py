"""JSON Schemas of the content file kinds, for editors (`# yaml-language-server: $schema=...`).

Generated from the pydantic models in `models.py`; the committed copies in `content/schemas/` are
kept up to date by a test (regenerate with `python -m rules.content schema content/schemas`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules.content.layout import FILE_KINDS

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def schema_file_name(kind: str) -> str:
    return f"{kind}.schema.json"


def schemas() -> dict[str, dict[str, Any]]:
    """File name -> JSON Schema, for every file kind."""
    result: dict[str, dict[str, Any]] = {}
    for kind in FILE_KINDS:
        schema = {"$schema": DRAFT, **kind.model.model_json_schema()}
        schema["title"] = f"Steelstep content: {kind.location}" + ("/*.yaml" if kind.many else "")
        result[schema_file_name(kind.name)] = schema
    return result


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: Path) -> list[Path]:
    """Write every schema into `directory` (created if needed); returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, schema in schemas().items():
        path = directory / name
        path.write_text(render(schema), encoding="utf-8", newline="\n")
        written.append(path)
    return written
