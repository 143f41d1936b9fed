"""Synthesise Steelstep's own sound effects with the standard library (no samples, no downloads).

Run from the repository root: ``python packaging/tools/make_sounds.py`` (writes ``assets/sounds/*.wav``).
Each sound is a short mono 16-bit 22 050 Hz WAV built from sines, filtered noise and envelopes; the
noise comes from a private ``random.Random`` seeded per sound, so the output is byte for byte the same
on every run. The generated files are committed and listed in ``assets/LICENSES.md`` (CC0).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22_050
PEAK = 0.89  # normalise every sound to this fraction of full scale

Samples = list[float]


# ---- building blocks ----------------------------------------------------------------------------


def _n(seconds: float) -> int:
    return int(seconds * RATE)


def silence(seconds: float) -> Samples:
    return [0.0] * _n(seconds)


def noise(seconds: float, seed: int) -> Samples:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(_n(seconds))]


def sine(seconds: float, freq: float | Callable[[float], float], phase: float = 0.0) -> Samples:
    """A sine; ``freq`` may be a function of time (a glide), integrated sample by sample."""
    out: Samples = []
    acc = phase
    for i in range(_n(seconds)):
        f = freq(i / RATE) if callable(freq) else freq
        acc += 2 * math.pi * f / RATE
        out.append(math.sin(acc))
    return out


def lowpass(x: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """One-pole low-pass; ``cutoff`` (Hz) may change with time."""
    out: Samples = []
    y = 0.0
    for i, v in enumerate(x):
        c = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2 * math.pi * c / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    low = lowpass(x, cutoff)
    return [v - w for v, w in zip(x, low, strict=True)]


def decay(x: Samples, tau: float, attack: float = 0.002) -> Samples:
    """Multiply by a fast linear attack and an exponential decay with time constant ``tau`` seconds."""
    out: Samples = []
    for i, v in enumerate(x):
        t = i / RATE
        env = min(1.0, t / attack) if attack > 0 else 1.0
        out.append(v * env * math.exp(-t / tau))
    return out


def swell(x: Samples, peak_at: float) -> Samples:
    """A rise to full level at ``peak_at`` (fraction of the length) and a fall to zero: a whoosh."""
    n = len(x)
    out: Samples = []
    for i, v in enumerate(x):
        p = i / max(1, n - 1)
        if p < peak_at:
            env = math.sin(math.pi / 2 * p / peak_at)
        else:
            env = math.cos(math.pi / 2 * (p - peak_at) / (1 - peak_at))
        out.append(v * env * env)
    return out


def mix(*parts: tuple[float, Samples] | tuple[float, Samples, float]) -> Samples:
    """Sum (gain, samples[, start seconds]) parts into one buffer as long as the longest."""
    placed = [(p[0], p[1], _n(p[2]) if len(p) == 3 else 0) for p in parts]
    length = max(start + len(s) for _, s, start in placed)
    out = [0.0] * length
    for gain, s, start in placed:
        for i, v in enumerate(s):
            out[start + i] += gain * v
    return out


def pluck(seconds: float, freq: float, seed: int, damping: float = 0.996) -> Samples:
    """Karplus-Strong plucked string (a bow string)."""
    rng = random.Random(seed)
    period = max(2, int(RATE / freq))
    buf = [rng.uniform(-1.0, 1.0) for _ in range(period)]
    out: Samples = []
    for i in range(_n(seconds)):
        v = buf[i % period]
        nxt = buf[(i + 1) % period]
        buf[i % period] = damping * 0.5 * (v + nxt)
        out.append(v)
    return out


def fade_out(x: Samples, seconds: float = 0.01) -> Samples:
    n = min(len(x), _n(seconds))
    out = list(x)
    for i in range(n):
        out[len(x) - n + i] *= 1.0 - (i + 1) / n
    return out


def normalise(x: Samples, peak: float = PEAK) -> Samples:
    top = max(abs(v) for v in x) or 1.0
    return [v * peak / top for v in x]


# ---- the sounds ---------------------------------------------------------------------------------


def step() -> Samples:
    """A foot on stone: a short low thump and a scuff of filtered noise."""
    thump = decay(sine(0.09, lambda t: 110 - 300 * t), 0.018)
    scuff = decay(highpass(lowpass(noise(0.09, 1), 1800), 300), 0.02)
    return mix((1.0, thump), (0.6, scuff))


def swing() -> Samples:
    """A blade cutting the air: band-limited noise whose pitch rises and falls, swelling in the middle."""
    air = lowpass(noise(0.24, 2), lambda t: 600 + 5000 * math.sin(math.pi * t / 0.24))
    return swell(highpass(air, 250), 0.45)


def parry() -> Samples:
    """Steel on steel: inharmonic partials with different decays over a bright click."""
    partials = [(1.0, 930, 0.22), (0.7, 2390, 0.14), (0.5, 3710, 0.09), (0.35, 5230, 0.06), (0.4, 1420, 0.3)]
    ring = mix(*[(g, decay(sine(0.5, f, phase=f), tau, 0.0005)) for g, f, tau in partials])
    click = decay(highpass(noise(0.03, 3), 2500), 0.004, 0.0002)
    return mix((1.0, ring), (0.8, click))


def block() -> Samples:
    """A blow on a wooden shield: a hollow knock."""
    body = mix(
        (1.0, decay(sine(0.22, 190), 0.05)), (0.6, decay(sine(0.22, 455), 0.03)), (0.3, decay(sine(0.22, 820), 0.015))
    )
    knock = decay(lowpass(noise(0.05, 4), 2200), 0.008)
    return mix((1.0, body), (0.9, knock))


def hit() -> Samples:
    """A blow that lands: a dull, falling thud with a short crunch."""
    thud = decay(sine(0.2, lambda t: 140 - 350 * t), 0.05)
    crunch = decay(lowpass(noise(0.2, 5), 1500), 0.03)
    return mix((1.0, thud), (0.8, crunch))


def heavy_hit() -> Samples:
    """A grave wound: a deeper, longer thud, a crack and a second low boom."""
    thud = decay(sine(0.4, lambda t: 110 - 150 * t), 0.11)
    crack = decay(highpass(noise(0.06, 6), 900), 0.01, 0.0005)
    body = decay(lowpass(noise(0.4, 7), 700), 0.08)
    return mix((1.0, thud), (0.7, crack), (0.9, body), (0.5, decay(sine(0.3, 55), 0.09), 0.04))


def death() -> Samples:
    """A fighter falls: a low groan gliding down, then a body hitting the floor."""
    groan_src = mix((1.0, sine(0.6, lambda t: 190 - 170 * t)), (0.5, sine(0.6, lambda t: 380 - 330 * t)))
    groan = swell(lowpass(groan_src, 900), 0.2)
    fall = decay(mix((1.0, sine(0.3, lambda t: 90 - 120 * t)), (0.7, lowpass(noise(0.3, 8), 500))), 0.07)
    return fade_out(mix((0.7, groan), (1.0, fall, 0.48)))


def knockdown() -> Samples:
    """A fighter knocked to the ground: a body fall with a scrape."""
    fall = decay(mix((1.0, sine(0.3, lambda t: 100 - 140 * t)), (0.8, lowpass(noise(0.3, 9), 600))), 0.06)
    scrape = swell(highpass(lowpass(noise(0.18, 10), 2500), 400), 0.2)
    return mix((1.0, fall), (0.35, scrape, 0.05))


def shot() -> Samples:
    """A bow or sling loosed: a plucked low string and a short hiss of flight."""
    string = decay(pluck(0.3, 140, 11), 0.09, 0.0005)
    hiss = swell(highpass(noise(0.15, 12), 1800), 0.3)
    return mix((1.0, string), (0.3, hiss, 0.02))


def bump() -> Samples:
    """A step that could not be taken: a soft, muffled bump."""
    return decay(mix((1.0, sine(0.08, 95)), (0.4, lowpass(noise(0.08, 13), 400))), 0.02)


def bout_start() -> Samples:
    """A fight begins: two low drum beats."""
    beat = decay(mix((1.0, sine(0.25, lambda t: 120 - 160 * t)), (0.4, lowpass(noise(0.25, 14), 900))), 0.07)
    return mix((0.8, beat), (1.0, beat, 0.16))


def _blip(freqs: Sequence[float], each: float) -> Samples:
    parts: list[tuple[float, Samples, float]] = []
    for i, f in enumerate(freqs):
        tone = mix((1.0, sine(each * 2.2, f)), (0.25, sine(each * 2.2, 2 * f)))
        parts.append((1.0, decay(tone, each * 0.6, 0.001), i * each))
    return fade_out(mix(*parts), 0.005)


def menu_move() -> Samples:
    """The highlight moves: a short soft tick."""
    return decay(mix((1.0, sine(0.035, 1250)), (0.3, highpass(noise(0.035, 15), 3000))), 0.008, 0.0005)


def menu_select() -> Samples:
    """A choice confirmed: a rising two-note blip."""
    return _blip((660, 990), 0.045)


def menu_back() -> Samples:
    """Back or cancel: a falling two-note blip."""
    return _blip((990, 660), 0.045)


def first_aid() -> Samples:
    """Bandaging a wound: two soft cloth rustles."""
    rustle = swell(lowpass(highpass(noise(0.14, 16), 700), 3500), 0.4)
    return mix((1.0, rustle), (0.8, rustle, 0.17))


SOUNDS: dict[str, Callable[[], Samples]] = {
    "step": step,
    "swing": swing,
    "parry": parry,
    "block": block,
    "hit": hit,
    "heavy_hit": heavy_hit,
    "death": death,
    "knockdown": knockdown,
    "shot": shot,
    "bump": bump,
    "bout_start": bout_start,
    "menu_move": menu_move,
    "menu_select": menu_select,
    "menu_back": menu_back,
    "first_aid": first_aid,
}


def wav_bytes(samples: Samples, path: Path) -> None:
    """Write ``samples`` (floats in -1..1) as 16-bit mono PCM."""
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767)))) for v in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=Path("assets/sounds"), help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        wav_bytes(fade_out(normalise(make()), 0.004), path)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
