"""The committed JSON Schemas in content/schemas are valid and up to date, and accept the shipped files."""

from __future__ import annotations

import json

import pytest
import yaml
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from rules.content.layout import FILE_KINDS, FileKind
from rules.content.schema import render, schemas
from tests.content.contentkit import SHIPPED

SCHEMA_DIR = SHIPPED / "schemas"
REGENERATE = "regenerate with: python -m rules.content schema content/schemas"


@pytest.mark.parametrize("name", sorted(schemas()))
def test_committed_schema_is_up_to_date(name: str) -> None:
    path = SCHEMA_DIR / name
    assert path.is_file(), f"{path} is missing; {REGENERATE}"
    assert path.read_text(encoding="utf-8") == render(schemas()[name]), f"{path} is stale; {REGENERATE}"


def test_no_stale_schema_files() -> None:
    assert sorted(p.name for p in SCHEMA_DIR.glob("*.json")) == sorted(schemas())


@pytest.mark.parametrize("kind", FILE_KINDS, ids=lambda k: k.name)
def test_schema_is_valid_and_accepts_the_shipped_files(kind: FileKind) -> None:
    schema = json.loads((SCHEMA_DIR / f"{kind.name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    files = sorted((SHIPPED / kind.location).glob("*.yaml")) if kind.many else [SHIPPED / kind.location]
    assert files
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        problems = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert problems == [], path


def test_schema_rejects_an_unknown_key() -> None:
    schema = json.loads((SCHEMA_DIR / "maneuvers.schema.json").read_text(encoding="utf-8"))
    bad = {"maneuvers": [{"id": "x", "name": "X", "cots": 1}]}
    assert list(Draft202012Validator(schema).iter_errors(bad))
