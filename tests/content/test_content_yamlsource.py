"""The generic loader other packages use for their own YAML (game.sim scenarios, creatures)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, StrictInt

from rules.content import ContentError, ContentErrors, load_model
from rules.content.yamlsource import format_path, parse_yaml
from tests.content.contentkit import write


class Creature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    hp: StrictInt
    size: Literal["small", "big"] = "small"


class CreatureFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    creatures: list[Creature]


def test_load_model_returns_the_model(tmp_path: Path) -> None:
    path = write(tmp_path / "c.yaml", "creatures:\n  - {id: wolf, hp: 3}\n")
    loaded = load_model(path, CreatureFile)
    assert loaded.creatures[0].id == "wolf" and loaded.creatures[0].size == "small"


def test_load_model_reports_every_error_with_position(tmp_path: Path) -> None:
    text = "creatures:\n  - {id: wolf, hp: many}\n  - {id: bear, hp: 3, size: huge, fur: 1}\n"
    path = write(tmp_path / "c.yaml", text)
    with pytest.raises(ContentErrors) as caught:
        load_model(path, CreatureFile, display="c.yaml")
    assert [str(e) for e in caught.value.errors] == [
        "c.yaml:2:20: creatures[0].hp: Input should be a valid integer",
        "c.yaml:3:29: creatures[1].size: Input should be 'small' or 'big'",
        "c.yaml:3:35: creatures[1].fur: unknown key",
    ]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ContentErrors) as caught:
        load_model(str(tmp_path / "nope.yaml"), CreatureFile)
    assert str(caught.value.errors[0]) == f"{tmp_path / 'nope.yaml'}: <file>: file not found"


def test_duplicate_keys_are_rejected_even_when_nested() -> None:
    with pytest.raises(ContentErrors) as caught:
        parse_yaml("a:\n  b: 1\n  c: 2\n  b: 3\n", "x.yaml")
    assert [str(e) for e in caught.value.errors] == ["x.yaml:4:3: a.b: duplicate key 'b' (first at line 2)"]


def test_anchors_and_merge_keys_are_fine() -> None:
    doc = parse_yaml("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n", "x.yaml")
    assert doc.data == {"base": {"x": 1, "y": 2}, "other": {"x": 1, "y": 3}}


def test_error_string_format() -> None:
    assert str(ContentError("f.yaml", 3, 7, "a.b[2]", "bad")) == "f.yaml:3:7: a.b[2]: bad"
    assert str(ContentError("f.yaml", None, None, "<file>", "file not found")) == "f.yaml: <file>: file not found"
    assert format_path(("maneuvers", 3, "cost", "base")) == "maneuvers[3].cost.base"
    assert format_path(()) == "<document>"
