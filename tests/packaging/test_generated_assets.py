"""Our own generated assets are what their committed generators draw (to a rounding step: another Pillow
or libm may differ in the last bit), and look sane:
creature sprites stand on a transparent background facing the way the view expects, marks are small."""

from __future__ import annotations

import importlib.util
import struct
import wave
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "packaging" / "tools"


def tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"steelstep_tool_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("script", "folder", "suffix"), [("make_actors", "images", ".png"),
                                                          ("make_sounds", "sounds", ".wav")])
def test_committed_assets_equal_a_fresh_run_of_their_generator(tmp_path: Path, script: str, folder: str,
                                                               suffix: str) -> None:
    assert tool(script).main(["--out", str(tmp_path)]) == 0
    made = sorted(tmp_path.glob(f"*{suffix}"))
    assert made
    for path in made:
        committed = ROOT / "assets" / folder / path.name
        assert largest_difference(path, committed) <= 2, path.name


def largest_difference(a: Path, b: Path) -> int:
    """The largest per-sample difference of two PNGs (per channel) or two 16-bit WAVs."""
    if a.suffix == ".png":
        ia, ib = Image.open(a).convert("RGBA"), Image.open(b).convert("RGBA")
        if ia.size != ib.size:
            return 1 << 16
        bands = ImageChops.difference(ia, ib).split()
        return max(int(max(band.getdata())) for band in bands)
    with wave.open(str(a)) as wa, wave.open(str(b)) as wb:
        if wa.getparams() != wb.getparams():
            return 1 << 16
        fa, fb = wa.readframes(wa.getnframes()), wb.readframes(wb.getnframes())
    sa, sb = struct.unpack(f"<{len(fa) // 2}h", fa), struct.unpack(f"<{len(fb) // 2}h", fb)
    return max((abs(x - y) for x, y in zip(sa, sb, strict=True)), default=0)


def test_creatures_fill_their_frame_and_the_wolf_faces_west() -> None:
    for path in sorted((ROOT / "assets" / "images").glob("actor_*.png")):
        img = Image.open(path).convert("RGBA")
        alpha = img.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0, path.name  # transparent background
        box = alpha.getbbox()
        assert box is not None and (box[3] - box[1]) > 0.85 * img.height, path.name
    wolf = Image.open(ROOT / "assets" / "images" / "actor_wolf.png").convert("RGBA")
    # its head (the highest opaque pixels: the ears) is in the western half
    alpha = wolf.getchannel("A")
    top = next(y for y in range(wolf.height) if any(alpha.getpixel((x, y)) for x in range(wolf.width)))
    xs = [x for x in range(wolf.width) if alpha.getpixel((x, top))]
    assert max(xs) < wolf.width / 2


def test_marks_are_small_and_distinct() -> None:
    marks = {name: Image.open(ROOT / "assets" / "images" / f"mark_{name}.png").convert("RGBA")
             for name in ("hostile", "neutral", "ally", "leader")}
    assert all(m.size == (24, 24) for m in marks.values())
    silhouettes = {n: m.getchannel("A").point(lambda a: 255 if a > 128 else 0).tobytes() for n, m in marks.items()}
    assert len(set(silhouettes.values())) == 4  # told apart by shape, not only by colour
