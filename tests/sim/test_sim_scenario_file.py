"""game.sim.scenario_file: the shipped world scenarios, map error positions, every check, dungeon setups."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Mapping
from pathlib import Path

import pytest

from game.sim.creatures import CreatureTemplate, Relations, load_creatures, load_factions
from game.sim.geometry import Pos
from game.sim.scenario_file import (
    LEADER_ID,
    WorldSetup,
    dungeon_setup,
    load_named_scenario,
    load_scenario,
    load_world_content,
    pick_groups,
    scenario_files,
    setup_from_origin,
)
from game.sim.tilemap import Tile
from rules.catalog import Catalog
from rules.content.errors import ContentErrors

SHIPPED = ("arena_three_way", "corridor_chase", "francis_and_the_assassins", "guards_and_bandits", "hold_the_square",
           "merry_thieves")


@pytest.fixture(scope="module")
def relations() -> Relations:
    return load_factions()


@pytest.fixture(scope="module")
def creatures(stub_catalog: Catalog, relations: Relations) -> Mapping[str, CreatureTemplate]:
    return load_creatures(stub_catalog, relations=relations)


def _load(tmp_path: Path, text: str, creatures: Mapping[str, CreatureTemplate], relations: Relations) -> WorldSetup:
    path = tmp_path / "world.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_scenario(path, creatures=creatures, relations=relations, display="world.yaml")


def _errors(tmp_path: Path, text: str, creatures: Mapping[str, CreatureTemplate], relations: Relations) -> list[str]:
    with pytest.raises(ContentErrors) as exc:
        _load(tmp_path, text, creatures, relations)
    return [str(e) for e in exc.value.errors]


BASE = """\
name: Test
map: |
  ######
  #@..g#
  #....#
  ######
legend:
  g: {creature: goblin}
"""


# ---- shipped scenarios ------------------------------------------------------------------------------


def test_shipped_scenario_files_are_listed() -> None:
    assert [f.name for f in scenario_files()] == [f"{n}.yaml" for n in SHIPPED]


def test_shipped_content_loads(stub_catalog: Catalog) -> None:
    content = load_world_content(stub_catalog)
    assert tuple(content.scenarios) == SHIPPED
    assert "wolf" in content.creatures and "wolves" in content.relations
    for name, setup in content.scenarios.items():
        assert setup.origin == {"kind": "scenario", "scenario": name}
        assert setup.leader.id == LEADER_ID and setup.leader.faction == "player"
        assert len({a.pos for a in setup.actors}) == len(setup.actors)
        assert all(setup.tilemap.passable(a.pos) for a in setup.actors)
        assert setup.description


def test_arena_three_way(creatures: Mapping[str, CreatureTemplate], relations: Relations) -> None:
    setup = load_named_scenario("arena_three_way", creatures=creatures, relations=relations)
    party = [a for a in setup.actors if a.party]
    assert [a.creature for a in party] == ["player_fighter", "companion_spearman"]
    factions = {a.faction for a in setup.actors}
    assert factions == {"player", "bandits", "goblins"}
    for a in factions:
        for b in factions - {a}:
            assert relations.hostile(a, b)


def test_corridor_chase(creatures: Mapping[str, CreatureTemplate], relations: Relations) -> None:
    setup = load_named_scenario("corridor_chase", creatures=creatures, relations=relations)
    assert [(a.id, a.creature) for a in setup.actors] == [("wolf_1", "wolf"), ("player", "player_fighter")]
    assert list(setup.tilemap.positions_of(Tile.STAIRS_DOWN))
    assert creatures["wolf"].move_points > creatures["player_fighter"].move_points


def test_guards_and_bandits(creatures: Mapping[str, CreatureTemplate], relations: Relations) -> None:
    setup = load_named_scenario("guards_and_bandits", creatures=creatures, relations=relations)
    assert setup.house_rules == {"auto_chase": True}
    chief = setup.actor("bandit_chief_1")
    assert (chief.name, chief.pos, chief.faction) == ("Red Hugh", Pos(8, 5), "bandits")
    guards = [a for a in setup.actors if a.faction == "town_guard"]
    assert len(guards) == 3
    assert relations.relation("town_guard", "player") == "neutral"
    assert relations.hostile("town_guard", "bandits")


# ---- building ----------------------------------------------------------------------------------


def test_ids_names_and_reading_order(
    tmp_path: Path, creatures: Mapping[str, CreatureTemplate], relations: Relations
) -> None:
    setup = _load(
        tmp_path,
        """\
        name: Order
        seed: 12
        description: |
          Two lines
          of text.
        map: |
          #######
          #g.@.g#
          #.b..w#
          #######
        legend:
          g: {creature: goblin}
          b: {creature: bandit, name: Ned}
          w: {creature: wolf, faction: bandits}
        actors:
          - {creature: goblin, at: [1, 2], party: true}
        """,
        creatures,
        relations,
    )
    assert setup.name == "Order" and setup.seed == 12 and setup.description == "Two lines\nof text."
    assert [(a.id, a.name, a.pos) for a in setup.actors] == [
        ("goblin_1", "Goblin 1", Pos(1, 1)),
        ("player", "Knight", Pos(3, 1)),
        ("goblin_2", "Goblin 2", Pos(5, 1)),
        ("goblin_3", "Goblin 3", Pos(1, 2)),
        ("bandit_1", "Ned", Pos(2, 2)),
        ("wolf_1", "Wolf", Pos(5, 2)),
    ]
    assert setup.actor("wolf_1").faction == "bandits"  # the legend's override
    assert setup.actor("goblin_3").party and not setup.actor("goblin_1").party
    leader = setup.leader
    assert leader.leader and leader.party and leader.faction == "player"
    assert setup.tilemap.tile_at(Pos(3, 1)) is Tile.FLOOR  # actor squares are floor
    with pytest.raises(KeyError):
        setup.actor("nobody")


def test_legend_overrides_defaults(
    tmp_path: Path, creatures: Mapping[str, CreatureTemplate], relations: Relations
) -> None:
    setup = _load(
        tmp_path,
        """\
        name: Overrides
        map: |
          #####
          #@.K#
          #####
        legend:
          "@": door
          K: {creature: companion_spearman, leader: true}
        """,
        creatures,
        relations,
    )
    assert setup.tilemap.tile_at(Pos(1, 1)) is Tile.DOOR
    assert [(a.id, a.creature, a.faction, a.party) for a in setup.actors] == [
        ("player", "companion_spearman", "player", True)
    ]


# ---- map errors point inside the YAML block ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (BASE.replace("#....#", "#..X.#"), "world.yaml:5:6: map: unknown character 'X' (not in the legend)"),
        (BASE.replace("  ######\n  #@", "  ######\n  #@", 1).replace("#....#", "#...?#"), "world.yaml:5:7: map:"),
        (
            "name: Deep\nmap: |\n      ####\n      #@?#\n      ####\n",
            "world.yaml:4:9: map: unknown character '?'",
        ),
        ("name: Strip\nmap: |-\n  ###\n  #@#\n  #*#\n  ###\n", "world.yaml:5:4: map: unknown character '*'"),
        (
            'name: Indicator\nlegend: {" ": wall}\nmap: |2\n   ###\n  #@*#\n  ####\n',
            "world.yaml:5:5: map: unknown character '*'",
        ),
        ("name: Comment\nmap: |   # a map\n\n  ###\n  #@*#\n", "world.yaml:5:5: map: unknown character '*'"),
        ('name: Quoted\nmap: "###\\n#@*#\\n"\n', "world.yaml:2:6: map: row 2, column 3: unknown character '*'"),
        ("name: Empty\nmap: ''\n", "world.yaml:2:6: map: row 1, column 1: empty map"),
    ],
)
def test_map_errors(
    tmp_path: Path, creatures: Mapping[str, CreatureTemplate], relations: Relations, text: str, expected: str
) -> None:
    errors = _errors(tmp_path, text, creatures, relations)
    assert any(e.startswith(expected) for e in errors), errors


def test_map_error_position_is_the_character(
    tmp_path: Path, creatures: Mapping[str, CreatureTemplate], relations: Relations
) -> None:
    """Whatever the row and column, the reported line/column holds the bad character in the file."""
    rng = random.Random(4)
    for _ in range(25):
        width, height = rng.randint(3, 9), rng.randint(2, 6)
        rows = [["." for _ in range(width)] for _ in range(height)]
        rows[0][0] = "@"
        bx, by = rng.randint(1, width - 1), rng.randint(0, height - 1)
        rows[by][bx] = "Z"
        indent = " " * rng.randint(1, 6)
        text = "name: Probe\nmap: |\n" + "".join(f"{indent}{''.join(r)}\n" for r in rows)
        errors = _errors(tmp_path, text, creatures, relations)
        assert len(errors) == 1
        _, line, column, _ = errors[0].split(":", 3)
        assert text.splitlines()[int(line) - 1][int(column) - 1] == "Z"


# ---- other checks --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("{creature: goblin}", "{creature: gobbo}", "world.yaml:8:17: legend.g.creature: unknown creature 'gobbo'"),
        (
            "{creature: goblin}",
            "{creature: goblin, faction: orcs}",
            "world.yaml:8:34: legend.g.faction: unknown faction 'orcs'",
        ),
        (
            "  g: {creature: goblin}",
            "  gg: {creature: goblin}",
            "world.yaml:8:3: legend.gg: String should have at most",
        ),
        ("{creature: goblin}", "lava", "world.yaml:8:6: legend.g: Input should be 'floor', 'wall', 'door'"),
        ("#@..g#", "#...g#", "world.yaml:2:6: map: no leader"),
        (
            "#....#",
            "#..@.#",
            "world.yaml:5:6: map: a second leader (the first is placed at line 4)",
        ),
        (
            "legend:",
            "actors:\n  - {creature: wolf, at: [6, 1]}\nlegend:",
            "world.yaml:8:26: actors[0].at: [6, 1] is outside the 6 x 4 map",
        ),
        (
            "legend:",
            "actors:\n  - {creature: wolf, at: [0, 1]}\nlegend:",
            "world.yaml:8:26: actors[0].at: [0, 1] is wall, not a passable square",
        ),
        (
            "legend:",
            "actors:\n  - {creature: wolf, at: [4, 1]}\nlegend:",
            "world.yaml:8:26: actors[0].at: two actors on square [4, 1] (the other is placed at line 4)",
        ),
        (
            "legend:",
            "actors:\n  - {creature: wolf, at: [2, 2], leader: true}\nlegend:",
            "world.yaml:8:26: actors[0].at: a second leader (the first is placed at line 4)",
        ),
        (
            "legend:",
            "actors:\n  - {creature: warg, at: [2, 2]}\nlegend:",
            "world.yaml:8:16: actors[0].creature: unknown creature 'warg'",
        ),
        ("legend:", "actors:\n  - {creature: wolf, at: [2]}\nlegend:", "world.yaml:8:26: actors[0].at"),
        ("name: Test", "name: Test\nseed: lots", "world.yaml:2:7: seed: Input should be a valid integer"),
        ("name: Test", "name: Test\nplayers: 2", "world.yaml:2:1: players: unknown key"),
        ("name: Test\n", "", "world.yaml:1:1: name: Field required"),
    ],
)
def test_scenario_errors(
    tmp_path: Path,
    creatures: Mapping[str, CreatureTemplate],
    relations: Relations,
    old: str,
    new: str,
    expected: str,
) -> None:
    assert old in BASE
    errors = _errors(tmp_path, BASE.replace(old, new), creatures, relations)
    assert any(e.startswith(expected) for e in errors), errors


def test_default_leader_needs_its_creature(tmp_path: Path, relations: Relations) -> None:
    errors = _errors(tmp_path, BASE.replace("{creature: goblin}", "floor"), {}, relations)
    assert any(e.startswith("world.yaml:4:4: map: unknown creature 'player_fighter'") for e in errors), errors


def test_broken_content_directory(tmp_path: Path, stub_catalog: Catalog) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "factions.yaml").write_text("factions: [{id: player, name: P}]\n", encoding="utf-8")
    (tmp_path / "creatures.yaml").write_text(
        "creatures:\n  - {id: player_fighter, name: K, faction: player, sprite: knight}\n", encoding="utf-8"
    )
    (tmp_path / "scenarios" / "a.yaml").write_text(BASE, encoding="utf-8")
    with pytest.raises(ContentErrors) as exc:
        load_world_content(stub_catalog, tmp_path)
    assert [e.path for e in exc.value.errors] == ["legend.g.creature"]


# ---- dungeons ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_dungeon_setup(seed: int, creatures: Mapping[str, CreatureTemplate]) -> None:
    state = random.getstate()
    setup = dungeon_setup(seed, party=("player_fighter", "companion_spearman"), creatures=creatures)
    assert random.getstate() == state  # never the global random
    assert setup == dungeon_setup(seed, party=("player_fighter", "companion_spearman"), creatures=creatures)
    groups = pick_groups(seed)
    assert 3 <= len(groups) <= 4 and all(2 <= len(g) <= 4 for g in groups)
    assert {"bandits", "goblins", "town_guard"} <= {creatures[c].faction for g in groups for c in g}
    assert setup.origin["groups"] == [list(g) for g in groups]
    assert setup.leader.id == "player"
    party = [a for a in setup.actors if a.party]
    assert sorted(a.creature for a in party) == ["companion_spearman", "player_fighter"]
    assert all(a.faction == "player" for a in party)
    assert len(setup.actors) == 2 + sum(len(g) for g in groups)
    assert len({a.pos for a in setup.actors}) == len(setup.actors)
    assert len({a.id for a in setup.actors}) == len(setup.actors)
    assert all(setup.tilemap.passable(a.pos) for a in setup.actors)
    assert list(setup.actors) == sorted(setup.actors, key=lambda a: (a.pos.y, a.pos.x))
    assert setup_from_origin(setup.origin, creatures=creatures) == setup


def test_dungeon_seeds_differ(creatures: Mapping[str, CreatureTemplate]) -> None:
    assert len({pick_groups(seed) for seed in range(30)}) > 10
    a, b = dungeon_setup(1, creatures=creatures), dungeon_setup(2, creatures=creatures)
    assert a.tilemap != b.tilemap


def test_dungeon_explicit_groups(creatures: Mapping[str, CreatureTemplate]) -> None:
    setup = dungeon_setup(5, groups=[["wolf", "wolf"], ["bandit"]], creatures=creatures)
    assert sorted(a.id for a in setup.actors) == ["bandit_1", "player", "wolf_1", "wolf_2"]
    assert setup.actor("wolf_1").faction == "wolves"
    with pytest.raises(ValueError, match="unknown creature 'dragon'"):
        dungeon_setup(5, groups=[["dragon"]], creatures=creatures)
    with pytest.raises(ValueError, match="at least a leader"):
        dungeon_setup(5, party=(), creatures=creatures)


def test_setup_from_origin(creatures: Mapping[str, CreatureTemplate], relations: Relations) -> None:
    scenario = load_named_scenario("corridor_chase", creatures=creatures, relations=relations)
    assert setup_from_origin(scenario.origin, creatures=creatures, relations=relations) == scenario
    for bad in ({}, {"kind": "dungeon", "seed": "x"}, {"kind": "castle"}):
        with pytest.raises(ValueError, match="cannot build a world"):
            setup_from_origin(bad, creatures=creatures, relations=relations)


def test_documented_example_loads(
    tmp_path: Path, creatures: Mapping[str, CreatureTemplate], relations: Relations
) -> None:
    doc = (Path(__file__).parents[2] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    section = doc.split("## World scenarios (format)", 1)[1]
    example = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    setup = _load(tmp_path, example, creatures, relations)
    assert [a.id for a in setup.actors] == ["bandit_1", "goblin_1", "player", "companion_spearman_1", "bandit_chief_1"]
    assert setup.actor("goblin_1").name == "Snaga" and setup.actor("goblin_1").faction == "wolves"
