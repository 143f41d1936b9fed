"""The immutable terrain grid (`TileMap`) and the ASCII map parser (`parse_ascii`).

Tiles live in one flat ``bytes`` in row-major order (index = y * width + x); the precomputed
``passable_mask`` / ``opaque_mask`` and the per-adjacency step graphs let FOV and A* run on flat
indices without building dicts or positions per call. Out-of-bounds squares are impassable and
block sight. Doors are modelled open only: passable and transparent. Difficult ground (rubble, mud) is
passable floor whose footing asks a terrain roll in a bout (`TERRAIN_TN`, `TileMap.footing_tn`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from enum import IntEnum
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from game.sim.geometry import ALL8, ORTHOGONAL, Pos


class Tile(IntEnum):
    """Terrain kinds; the lowercase name (``Tile.STAIRS_DOWN.label == "stairs_down"``) is the map name."""

    FLOOR = 0
    WALL = 1
    DOOR = 2
    STAIRS_DOWN = 3
    STAIRS_UP = 4
    CHEST = 5  # a closed chest (a run's): blocks the way, not the sight; opened, it is floor
    RUBBLE = 6  # difficult ground: fallen stone and broken masonry (terrain roll TN 7)
    MUD = 7  # difficult ground: deep wet mud (terrain roll TN 8)

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> Tile:
        return TILE_BY_LABEL[label]


TILE_BY_LABEL: Mapping[str, Tile] = {t.label: t for t in Tile}
# the TN of the terrain roll a fighter standing on it makes at each round's e1s0 (rules.stance); firm ground: none
TERRAIN_TN: Mapping[Tile, int] = {Tile.RUBBLE: 7, Tile.MUD: 8}
DIFFICULT_TILES: frozenset[Tile] = frozenset(TERRAIN_TN)
PASSABLE_TILES: frozenset[Tile] = frozenset({Tile.FLOOR, Tile.DOOR, Tile.STAIRS_DOWN, Tile.STAIRS_UP, *DIFFICULT_TILES})
OPAQUE_TILES: frozenset[Tile] = frozenset({Tile.WALL})
DEFAULT_GLYPHS: Mapping[Tile, str] = {
    Tile.FLOOR: ".", Tile.WALL: "#", Tile.DOOR: "+", Tile.STAIRS_DOWN: ">", Tile.STAIRS_UP: "<", Tile.CHEST: "=",
    Tile.RUBBLE: ":", Tile.MUD: "~",
}
_FOOTING = bytes(TERRAIN_TN.get(Tile(t), 0) if t < len(Tile) else 0 for t in range(256))
DEFAULT_LEGEND: Mapping[str, str] = {glyph: tile.label for tile, glyph in DEFAULT_GLYPHS.items()}


def ground_note(tilemap: TileMap, pos: Pos) -> str | None:
    """What the view says of a square of difficult ground (``"On mud: difficult ground (TN 8): terrain roll at
    s0"``); None on firm ground."""
    tn = tilemap.footing_tn(pos)
    return f"On {tilemap.tile_at(pos).label}: difficult ground (TN {tn}): terrain roll at s0" if tn else None


class MapError(ValueError):
    """A map that cannot be built. ``row``/``column`` are 1-based when the error has a place."""

    def __init__(self, message: str, row: int | None = None, column: int | None = None) -> None:
        self.row = row
        self.column = column
        where = f"row {row}, column {column}: " if row is not None and column is not None else ""
        super().__init__(where + message)


@mypyc_attr(native_class=False)  # its __setattr__ guard needs object.__setattr__, which mypyc refuses
class TileMap:
    """An immutable ``width`` x ``height`` grid of `Tile` values, equal/hashable by content."""

    __slots__ = (
        "_graphs",
        "_opaque_sums",
        "_positions",
        "height",
        "opaque_mask",
        "passable_mask",
        "tiles",
        "width",
    )

    width: int
    height: int
    tiles: bytes
    passable_mask: bytes  # 1 where passable terrain, per flat index
    opaque_mask: bytes  # 1 where the square blocks sight, per flat index
    _positions: tuple[Pos, ...] | None
    _graphs: dict[int, tuple[tuple[int, ...], ...]]
    _opaque_sums: list[int] | None  # summed-area table of `opaque_mask`, (width + 1) * (height + 1)

    def __init__(self, width: int, height: int, tiles: bytes | bytearray | Sequence[int]) -> None:
        if width <= 0 or height <= 0:
            raise MapError(f"empty map ({width} x {height})")
        data = bytes(tiles)
        if len(data) != width * height:
            raise MapError(f"{len(data)} tiles for a {width} x {height} map")
        kinds = set(data)
        if not kinds <= {int(t) for t in Tile}:
            raise MapError(f"unknown tile values {sorted(kinds - {int(t) for t in Tile})}")
        passable = bytes(1 if t in PASSABLE_TILES else 0 for t in range(256))
        opaque = bytes(1 if t in OPAQUE_TILES else 0 for t in range(256))
        set_ = object.__setattr__
        set_(self, "width", width)
        set_(self, "height", height)
        set_(self, "tiles", data)
        set_(self, "passable_mask", data.translate(passable))
        set_(self, "opaque_mask", data.translate(opaque))
        set_(self, "_positions", None)
        set_(self, "_graphs", {})
        set_(self, "_opaque_sums", None)

    @classmethod
    def filled(cls, width: int, height: int, tile: Tile = Tile.WALL) -> TileMap:
        return cls(width, height, bytes([tile]) * (width * height))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("TileMap is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TileMap):
            return NotImplemented
        return (self.width, self.height, self.tiles) == (other.width, other.height, other.tiles)

    def __hash__(self) -> int:
        return hash((self.width, self.height, self.tiles))

    def __repr__(self) -> str:
        return f"TileMap({self.width} x {self.height})"

    # --- single squares -------------------------------------------------------------------------
    def in_bounds(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def index(self, pos: Pos) -> int:
        """Flat index of an in-bounds square (no check)."""
        return pos[1] * self.width + pos[0]

    def tile_at(self, pos: Pos) -> Tile:
        """The tile at ``pos``; out of bounds reads as `Tile.WALL`."""
        x, y = pos
        if 0 <= x < self.width and 0 <= y < self.height:
            return Tile(self.tiles[y * self.width + x])
        return Tile.WALL

    def passable(self, pos: Pos) -> bool:
        """Terrain only (actors are the caller's business). Out of bounds is impassable."""
        x, y = pos
        return 0 <= x < self.width and 0 <= y < self.height and self.passable_mask[y * self.width + x] == 1

    def footing_tn(self, pos: Pos) -> int:
        """The terrain roll's TN of difficult ground at ``pos`` (`TERRAIN_TN`); 0 for firm ground and off the map."""
        x, y = pos
        if 0 <= x < self.width and 0 <= y < self.height:
            return _FOOTING[self.tiles[y * self.width + x]]
        return 0

    def blocks_sight(self, pos: Pos) -> bool:
        """Walls block sight; so does everything out of bounds."""
        x, y = pos
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.opaque_mask[y * self.width + x] == 1
        return True

    def clear_box(self, ax: int, ay: int, bx: int, by: int) -> bool:
        """True if no square of the rectangle spanned by (ax, ay) and (bx, by), both included, blocks
        sight and both corners are on the map: O(1) from a summed-area table built on first use.
        Any line between the two corners runs inside that rectangle, so they surely see each other."""
        sums = self.opaque_sums()
        w = self.width
        if not (0 <= ax < w and 0 <= bx < w and 0 <= ay < self.height and 0 <= by < self.height):
            return False
        x0, x1 = (ax, bx + 1) if ax <= bx else (bx, ax + 1)
        y0, y1 = (ay, by + 1) if ay <= by else (by, ay + 1)
        row = w + 1
        return sums[y1 * row + x1] - sums[y0 * row + x1] - sums[y1 * row + x0] + sums[y0 * row + x0] == 0

    def opaque_sums(self) -> list[int]:
        """The summed-area table behind `clear_box`: entry (y * (width + 1) + x) counts the squares
        that block sight in the rectangle [0, x) x [0, y). Built on first use; do not change it."""
        sums = self._opaque_sums
        return sums if sums is not None else self._build_opaque_sums()

    def _build_opaque_sums(self) -> list[int]:
        w, h, opaque = self.width, self.height, self.opaque_mask
        row = w + 1
        sums = [0] * (row * (h + 1))
        for y in range(h):
            running = 0
            base, above = (y + 1) * row, y * row
            for x in range(w):
                running += opaque[y * w + x]
                sums[base + x + 1] = sums[above + x + 1] + running
        object.__setattr__(self, "_opaque_sums", sums)
        return sums

    # --- iteration ------------------------------------------------------------------------------
    @property
    def positions_by_index(self) -> tuple[Pos, ...]:
        """``positions_by_index[i]`` is the `Pos` of flat index ``i`` (built once, then shared)."""
        cached = self._positions
        if cached is None:
            w = self.width
            cached = tuple(Pos(i % w, i // w) for i in range(w * self.height))
            object.__setattr__(self, "_positions", cached)
        return cached

    def positions(self) -> Iterator[Pos]:
        """Every square, row by row (north to south, west to east)."""
        return iter(self.positions_by_index)

    def items(self) -> Iterator[tuple[Pos, Tile]]:
        for pos, t in zip(self.positions_by_index, self.tiles, strict=True):
            yield pos, Tile(t)

    def positions_of(self, *kinds: Tile) -> Iterator[Pos]:
        """The squares holding any of ``kinds``, row by row."""
        wanted = {int(k) for k in kinds}
        for pos, t in zip(self.positions_by_index, self.tiles, strict=True):
            if t in wanted:
                yield pos

    def passable_positions(self) -> Iterator[Pos]:
        for pos, ok in zip(self.positions_by_index, self.passable_mask, strict=True):
            if ok:
                yield pos

    # --- derived maps ---------------------------------------------------------------------------
    def with_tiles(self, changes: Mapping[Pos, Tile]) -> TileMap:
        """A copy with some squares replaced (``MapError`` for squares out of bounds)."""
        data = bytearray(self.tiles)
        for pos, tile in changes.items():
            if not self.in_bounds(pos):
                raise MapError(f"{pos} is outside the {self.width} x {self.height} map")
            data[self.index(pos)] = tile
        return TileMap(self.width, self.height, data)

    def step_graph(self, adjacency: int = 4) -> tuple[tuple[int, ...], ...]:
        """For every flat index, the flat indices one legal step away over passable terrain.

        Empty for impassable squares. Neighbours come in `ORTHOGONAL` then diagonal order. With
        ``adjacency=8`` a diagonal step is allowed only if both orthogonal squares it passes are
        passable terrain (no cutting wall corners). Built once per adjacency and cached.
        """
        graph = self._graphs.get(adjacency)
        if graph is None:
            graph = self._build_graph(adjacency)
            self._graphs[adjacency] = graph
        return graph

    def _build_graph(self, adjacency: int) -> tuple[tuple[int, ...], ...]:
        if adjacency not in (4, 8):
            raise ValueError(f"adjacency must be 4 or 8, not {adjacency!r}")
        w, h, mask = self.width, self.height, self.passable_mask
        dirs = ORTHOGONAL if adjacency == 4 else ALL8
        out: list[tuple[int, ...]] = []
        for i in range(w * h):
            if not mask[i]:
                out.append(())
                continue
            x, y = i % w, i // w
            steps: list[int] = []
            for d in dirs:
                nx, ny = x + d.dx, y + d.dy
                if not (0 <= nx < w and 0 <= ny < h and mask[ny * w + nx]):
                    continue
                if d.dx and d.dy and not (mask[y * w + nx] and mask[ny * w + x]):
                    continue
                steps.append(ny * w + nx)
            out.append(tuple(steps))
        return tuple(out)

    def to_ascii(self, glyphs: Mapping[Tile, str] = DEFAULT_GLYPHS) -> list[str]:
        """One string per row; the inverse of `parse_ascii` with `DEFAULT_LEGEND`."""
        table = [glyphs[Tile(t)] for t in range(len(Tile))]
        w = self.width
        return ["".join(table[t] for t in self.tiles[y * w : (y + 1) * w]) for y in range(self.height)]


class Placement(NamedTuple):
    """A non-terrain legend entry found on a map: the legend's name (e.g. ``"goblin"``), its glyph, where."""

    name: str
    char: str
    pos: Pos


class ParsedMap(NamedTuple):
    tilemap: TileMap
    placements: tuple[Placement, ...]  # row by row, west to east

    def placed(self, name: str) -> list[Pos]:
        """The squares of every placement called ``name``, in reading order."""
        return [p.pos for p in self.placements if p.name == name]


def parse_ascii(rows: Sequence[str], legend: Mapping[str, str] = DEFAULT_LEGEND) -> ParsedMap:
    """Build a `TileMap` from ASCII rows.

    ``legend`` maps single characters to a tile label (``floor``, ``wall``, ``door``, ``stairs_down``,
    ``stairs_up``, ``chest``, ``rubble``, ``mud``) or to any other name, which is an actor/item placeholder:
    it is returned as a `Placement` and its square becomes floor. Short rows are padded with wall to the
    longest row.
    An unknown character or an empty map raises `MapError` naming the 1-based row and column.
    """
    if isinstance(rows, str):
        raise TypeError("parse_ascii takes a sequence of row strings, not one string (use .splitlines())")
    for char in legend:
        if len(char) != 1:
            raise MapError(f"legend keys must be single characters, got {char!r}")
    width = max((len(r) for r in rows), default=0)
    if width == 0:
        raise MapError("empty map", row=1, column=1)
    data = bytearray([Tile.WALL]) * (width * len(rows))
    placements: list[Placement] = []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            name = legend.get(char)
            if name is None:
                raise MapError(f"unknown character {char!r}", row=y + 1, column=x + 1)
            tile = TILE_BY_LABEL.get(name)
            if tile is None:
                placements.append(Placement(name, char, Pos(x, y)))
                tile = Tile.FLOOR
            data[y * width + x] = tile
    return ParsedMap(TileMap(width, len(rows), data), tuple(placements))
