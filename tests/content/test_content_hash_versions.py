"""The content hash leaves display text out (`parsed_hash.DISPLAY_TEXT`): rewording a description keeps
the hash, so every save still loads, while any rules value (or a name) still changes it. The older hashes
the run file reader accepts (`parsed_hash.OLDER_HASHES`) are proven here against the content of the
commit each names."""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.content import default_catalog, load_catalog
from rules.content.parsed_hash import (
    DISPLAY_TEXT,
    OLDER_HASHES,
    DisplayText,
    OlderHash,
    older_hashes,
    parsed_content_hash,
    parsed_content_hash_v1,
)
from tests.content.contentkit import REPO, copy_shipped


def _files(root: Path, entry: DisplayText) -> list[Path]:
    return sorted(path for path in root.glob(entry.files) if path.is_file())


def _reword(data: Any, keys: tuple[str, ...]) -> int:
    """Rewrite every value at `keys` in place; how many there were."""
    key, rest = keys[0], keys[1:]
    items = (list(range(len(data))) if isinstance(data, list) else []) if key == "*" else (
        [key] if isinstance(data, dict) and key in data else [])
    if not rest:
        for k in items:
            data[k] = f"Reworded {k}."
        return len(items)
    return sum(_reword(data[k], rest) for k in items)


def test_rewording_display_text_keeps_the_hash(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    first = parsed_content_hash(root)
    assert load_catalog(root).content_hash == first == default_catalog().content_hash
    path = root / "descriptions.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  attack: \"Attack him.", "  attack: \"Strike at him.", 1), encoding="utf-8")
    assert load_catalog(root).descriptions.actions["attack"].startswith("Strike at him.")
    assert load_catalog(root).content_hash == first  # only a description changed
    for entry in DISPLAY_TEXT:
        files = _files(root, entry)
        assert files, f"{entry.files} matches no shipped file"
        if not entry.keys:
            continue
        found = 0
        for path in files:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            found += _reword(data, entry.keys)
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        assert found, f"{entry} finds no value in the shipped content"
    assert parsed_content_hash(root) == first
    assert load_catalog(root).content_hash == first


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        ("weapons.yaml", "dtn: 7", "dtn: 8"),  # a rules value
        ("house_rules.yaml", "knock_tn: 7", "knock_tn: 8"),
        ("maneuvers/attack.yaml", "name: Cut", "name: Slash"),  # a name beside a maneuver's description
        ("scenarios/arena_three_way.yaml", "name: Three-way arena", "name: Arena"),
        ("tutorial.yaml", "point: foe", "point: leader"),  # a field of a step beside its text
        ("scenarios/systems/dew_sequence/double_one.yaml", "description: Our", "description: The"),
    ],
)
def test_anything_but_display_text_still_counts(tmp_path: Path, file: str, old: str, new: str) -> None:
    root = copy_shipped(tmp_path)
    first = parsed_content_hash(root)
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert parsed_content_hash(root) != first


def test_a_file_left_out_whole_counts_not_even_when_broken(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    first = parsed_content_hash(root)
    (root / "descriptions.yaml").write_text("actions: [unclosed\n", encoding="utf-8")
    assert parsed_content_hash(root) == first
    (root / "descriptions.yaml").unlink()
    assert parsed_content_hash(root) == first


def test_version_1_counted_display_text() -> None:
    root = REPO / "content"
    assert parsed_content_hash_v1(root) != parsed_content_hash(root)  # another version, another hash


def _content_at(commit: str, into: Path) -> Path:
    """content/ as it was at `commit` (skips where this is no git checkout that has it)."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs the git history of a checkout")
    found = subprocess.run(["git", "-C", str(REPO), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
    if found.returncode != 0:
        pytest.skip(f"commit {commit[:12]} is not in this checkout (a shallow clone?)")
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", commit, "content"],
                             capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / "content"


@pytest.mark.parametrize("older", OLDER_HASHES, ids=lambda o: o.commit[:12])
def test_each_older_hash_is_that_of_its_commits_content(tmp_path: Path, older: OlderHash) -> None:
    root = _content_at(older.commit, tmp_path)
    assert older.version == 1
    assert parsed_content_hash_v1(root) == older.hash
    assert parsed_content_hash(root) == older.rules
    assert older_hashes(older.rules) == (older.hash,)


def test_an_older_hash_is_accepted_only_for_its_own_rules_data() -> None:
    assert OLDER_HASHES
    for older in OLDER_HASHES:
        assert older_hashes(older.rules) == (older.hash,)
        assert older_hashes(older.hash) == ()
    assert older_hashes("ab" * 32) == ()
