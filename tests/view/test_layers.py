"""Layers (issue 9 items 5 and 6): the view reads the sim's player view and never imports ``rules``; the app
never imports the entry point (``game.__main__``); the run files' folder layout lives outside the view."""

from __future__ import annotations

import ast
from pathlib import Path

import game.view

VIEW = Path(game.view.__file__).parent


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in a file, lazy ones inside functions included."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _view_modules() -> list[Path]:
    modules = sorted(VIEW.rglob("*.py"))
    assert len(modules) > 20  # the walk found the view, not an empty folder
    return modules


def test_no_view_module_imports_rules() -> None:
    offenders = [
        f"{path.relative_to(VIEW.parent.parent)}:{line}: imports {module}"
        for path in _view_modules()
        for line, module in _imports(path)
        if module == "rules" or module.startswith("rules.")
    ]
    assert offenders == [], "the view must read game.sim (player_view, declaring, odds), not rules:\n" + \
        "\n".join(offenders)


def test_no_view_module_imports_the_entry_point() -> None:
    offenders = [
        f"{path.relative_to(VIEW.parent.parent)}:{line}"
        for path in _view_modules()
        for line, module in _imports(path)
        if (module in ("game.__main__", "game") and "__main__" in module)
        or module.startswith("game.__main__")
    ]
    assert offenders == []


def test_the_view_reads_no_bout_internals() -> None:
    """Bouts are read through game.sim.player_view: no ``bout.rules`` / ``state.bouts`` / ``bout_of`` here, so a
    change in how the world keeps its bouts touches only the player view."""
    needles = (".rules.", ".rules)", "state.bouts", ".bout_of(")
    offenders = [
        f"{path.relative_to(VIEW.parent.parent)}:{n}: {line.strip()}"
        for path in _view_modules()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(needle in line for needle in needles) and "view.bout_of" not in line and "pv.bout_of" not in line
    ]
    assert offenders == []


def test_the_checker_sees_a_rules_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from rules.bout import Bout\n    import rules.dice\n", encoding="utf-8")
    assert [m for _, m in _imports(sample)] == ["rules.bout", "rules.bout.Bout", "rules.dice"]
