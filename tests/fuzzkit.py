"""Mutation corpora for run files, commands and content files, and a runner that sorts every case
into accepted / refused with a one-line message / traceback / hang (issue 17).

Each case runs in a forked child with a time limit and an address-space limit (POSIX), so a hang
or a memory blow-up of the code under test is counted, not suffered. The corpora are deterministic
(`random.Random(seed)` instances, never the global generator).

    python -m tests.fuzzkit [--runs N] [--content N] [--seed S]     # prints the table

The tests (`tests/sim/test_hardening_fuzz.py`, `tests/content/test_content_fuzz.py`) run smaller
corpora and assert that nothing lands in the traceback or hang columns.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import pickle
import random
import shutil
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TIME_LIMIT = 10.0  # seconds per case before it counts as a hang
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space per case

ACCEPTED, REFUSED, TRACEBACK, HANG = "accepted", "refused", "traceback", "hang"


@dataclass
class Outcome:
    kind: str
    detail: str = ""


@dataclass
class Tally:
    counts: dict[str, int] = field(default_factory=lambda: {ACCEPTED: 0, REFUSED: 0, TRACEBACK: 0, HANG: 0})
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str, outcome: Outcome) -> None:
        self.counts[outcome.kind] += 1
        if outcome.kind in (TRACEBACK, HANG):
            self.examples.setdefault(outcome.kind, []).append(f"{name}: {outcome.detail}")

    @property
    def tried(self) -> int:
        return sum(self.counts.values())


def _in_process(job: Callable[[], Outcome]) -> Outcome:
    try:
        return job()
    except Exception as exc:
        return Outcome(TRACEBACK, f"{type(exc).__name__}: {str(exc)[:160]}")


def run_isolated(job: Callable[[], Outcome], limit: float = TIME_LIMIT, memory: int = MEMORY_LIMIT) -> Outcome:
    """Run `job` in a forked child (time and memory bounded); a crash of the child is a traceback.
    Without `fork` (Windows) it runs in this process, unbounded."""
    if not hasattr(os, "fork"):
        return _in_process(job)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        code = 0
        try:
            with contextlib.suppress(ValueError, OSError, ImportError):
                import resource

                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            try:
                outcome = job()
            except MemoryError:
                outcome = Outcome(TRACEBACK, "MemoryError")
            except BaseException as exc:
                outcome = Outcome(TRACEBACK, f"{type(exc).__name__}: {str(exc)[:160]}")
            with os.fdopen(write, "wb") as out:
                out.write(pickle.dumps(outcome))
        except BaseException:
            code = 3
        finally:
            os._exit(code)
    os.close(write)
    deadline = time.monotonic() + limit
    chunks: list[bytes] = []
    os.set_blocking(read, False)
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        with contextlib.suppress(BlockingIOError):
            while chunk := os.read(read, 65536):
                chunks.append(chunk)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
            return Outcome(HANG, f"more than {limit:.0f} s")
        time.sleep(0.005)
    with contextlib.suppress(BlockingIOError):
        while chunk := os.read(read, 65536):
            chunks.append(chunk)
    os.close(read)
    if not chunks:
        return Outcome(TRACEBACK, f"the child died (status {status})")
    result: Outcome = pickle.loads(b"".join(chunks))
    return result


def one_line(message: str) -> bool:
    text = message.strip()
    return bool(text) and "\n" not in text and "Traceback" not in text


# ---- run files ------------------------------------------------------------------------------------


DEEP = "__deep_list__"  # stands for a list nested 3,000 deep, spliced into the JSON text


def deep_list(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def dumps(value: Any) -> bytes:
    """JSON text; the string `DEEP` becomes a list nested 3,000 deep (json.dumps would recurse)."""
    return json.dumps(value).encode().replace(f'"{DEEP}"'.encode(), b"[" * 3000 + b"]" * 3000)


def hostile_values(rng: random.Random, bomb: Path) -> list[Any]:
    return [
        None, True, False, 0, 5, -1, 9, 2**70, -(2**70), 1.5, "", "N", "north", "x" * 5000, [], [1, 2],
        ["N"], {}, {"a": 1}, DEEP, "../../x", "/etc/passwd", str(bomb.with_suffix("")),
        100_000, 3_000, rng.randint(-10, 10),
    ]


def _base_recording(directory: Path) -> Path:
    from game.sim.commands import Confirm
    from game.sim.runfile import save_run
    from game.sim.scenario_file import dungeon_setup
    from game.sim.world import World

    path = directory / "base.jsonl"
    world = World(dungeon_setup(7, party=("player_fighter", "companion_spearman")), seed=7, player_ai=True)
    for _ in range(25):
        world.apply(Confirm())
    save_run(world, path, final=True)
    return path


COMMAND_KEYS = ("cmd", "direction", "orientation", "shot_defence_cp", "target", "zone", "actions", "choice",
                "companion", "kind", "at", "accept", "tick", "extra")
COMMAND_NAMES = ("step", "aim", "shoot", "target", "declare", "bump", "confirm", "order", "companion_step",
                 "first_aid", "teleport")
HEADER_PATHS: tuple[tuple[str, ...], ...] = (
    ("seed",), ("format",), ("kind",), ("content_hash",), ("house_rules",), ("setup",), ("setup", "kind"),
    ("setup", "width"), ("setup", "height"), ("setup", "seed"), ("setup", "party"), ("setup", "groups"),
    ("setup", "scenario"), ("setup", "player_ai"), ("house_rules", "allow_force_enter"),
    ("house_rules", "no_such_rule"), ("house_rules", "initiative_model"), ("game_version",),
)


def _set(obj: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        nxt = obj.get(key)
        if not isinstance(nxt, dict):
            nxt = obj[key] = {}
        obj = nxt
    obj[path[-1]] = value


def mutate_run(base: bytes, rng: random.Random, bomb: Path) -> tuple[str, bytes]:
    """One mutated run file: (what was done, the bytes)."""
    lines = base.split(b"\n")[:-1]
    choice = rng.randrange(12)
    if choice == 0:
        data = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return "flip bytes", bytes(data)
    if choice == 1:
        cut = rng.randrange(len(base))
        return f"truncate at {cut}", base[:cut]
    if choice == 2:
        i = rng.randrange(1, len(lines))
        return f"drop line {i + 1}", b"\n".join(lines[:i] + lines[i + 1:]) + b"\n"
    if choice == 3:
        i = rng.randrange(1, len(lines))
        return f"duplicate line {i + 1}", b"\n".join(lines[: i + 1] + lines[i:]) + b"\n"
    if choice == 4:
        i, j = sorted(rng.sample(range(1, len(lines)), 2))
        swapped = list(lines)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return f"swap lines {i + 1},{j + 1}", b"\n".join(swapped) + b"\n"
    if choice == 5:
        return "BOM", b"\xef\xbb\xbf" + base
    if choice in (6, 7):
        header = json.loads(lines[0])
        path = rng.choice(HEADER_PATHS)
        value = rng.choice(hostile_values(rng, bomb))
        _set(header, path, value)
        if path == ("setup", "scenario"):
            header["setup"]["kind"] = "scenario"
        text = dumps(header)
        return f"header {'.'.join(path)} = {_short(value)}", b"\n".join([text, *lines[1:]]) + b"\n"
    command_lines = [i for i, raw in enumerate(lines) if b'"command"' in raw]
    i = rng.choice(command_lines)
    entry = json.loads(lines[i])
    if choice in (8, 9, 10):
        command = entry["command"]
        if rng.random() < 0.4:
            command["cmd"] = rng.choice(COMMAND_NAMES)
        key = rng.choice(COMMAND_KEYS)
        value = rng.choice(hostile_values(rng, bomb))
        if key == "actions" and rng.random() < 0.5:
            value = [{"action": rng.choice(["attack", "defend", 5]), "maneuver": rng.choice(["cut", "thrust", []]),
                      "dice": rng.choice([1, 3, -4, "x", 10**9]), "zone": rng.choice([None, 9, "upper"])}]
        command[key] = value
        what = f"command line {i + 1}: {command.get('cmd')!r}.{key} = {_short(value)}"
    else:
        key = rng.choice(["tick", "command", "extra"])
        value = rng.choice(hostile_values(rng, bomb))
        entry[key] = value
        what = f"entry line {i + 1}: {key} = {_short(value)}"
    lines[i] = dumps(entry)
    return what, b"\n".join(lines) + b"\n"


def _short(value: Any) -> str:
    if value == DEEP:
        return "[[[...]]] (3,000 deep)"
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."


ALIAS_BOMB = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def replay_cli(path: Path) -> Outcome:
    """`python -m game.sim replay PATH`, in process: exit 0 accepted, a one-line message refused."""
    from game.sim.__main__ import main

    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(["replay", str(path)])
    if code == 0:
        return Outcome(ACCEPTED)
    message = err.getvalue()
    if one_line(message):
        return Outcome(REFUSED, message.strip())
    return Outcome(TRACEBACK, f"exit {code} without a one-line message: {message[:200]!r}")


def named_run_cases(base: bytes, bomb: Path) -> list[tuple[str, bytes]]:
    """The cases issue 17 names, always in the corpus."""
    lines = base.split(b"\n")[:-1]
    header = json.loads(lines[0])
    command_at = next(i for i, raw in enumerate(lines) if b'"command"' in raw)

    def with_header(**setup: Any) -> bytes:
        changed = json.loads(lines[0])
        changed["setup"] = {**changed["setup"], **setup}
        return b"\n".join([dumps(changed), *lines[1:]]) + b"\n"

    def with_rules(rules: dict[str, Any]) -> bytes:
        changed = {**header, "house_rules": rules}
        return b"\n".join([dumps(changed), *lines[1:]]) + b"\n"

    def with_command(command: dict[str, Any]) -> bytes:
        changed = list(lines)
        changed[command_at] = dumps({"command": command, "tick": json.loads(lines[command_at])["tick"]})
        return b"\n".join(changed) + b"\n"

    return [
        ("scenario path to an alias bomb", with_header(kind="scenario", scenario=str(bomb.with_suffix("")))),
        ("scenario ../../x", with_header(kind="scenario", scenario="../../x")),
        ("scenario absolute", with_header(kind="scenario", scenario="/etc/passwd")),
        ("width/height 100,000", with_header(width=100_000, height=100_000)),
        ("width/height 3,000", with_header(width=3_000, height=3_000)),
        ("house rule unknown", with_rules({"no_such_rule": True})),
        ("house rule out of range", with_rules({"initiative_model": "nonsense"})),
        ("house rule wrong type", with_rules({"allow_force_enter": 5})),
        ("command 3,000 deep", with_command({"cmd": "confirm", "zone": DEEP})),
        ("step direction 5", with_command({"cmd": "step", "direction": 5})),
        ("step orientation []", with_command({"cmd": "step", "direction": None, "orientation": []})),
        ("shoot zone 9", with_command({"cmd": "shoot", "target": "bandit_1", "zone": 9})),
        ("BOM", b"\xef\xbb\xbf" + base),
        ("torn last line", base[:-7]),
    ]


def run_file_cases(count: int, seed: int, directory: Path) -> Iterator[tuple[str, Path]]:
    base = _base_recording(directory).read_bytes()
    bomb = directory / "bomb.yaml"
    bomb.write_text(ALIAS_BOMB)
    rng = random.Random(seed)
    yield "unmutated", directory / "base.jsonl"
    for n, (what, data) in enumerate(named_run_cases(base, bomb)):
        path = directory / f"named{n}.jsonl"
        path.write_bytes(data)
        yield what, path
    for n in range(count):
        what, data = mutate_run(base, rng, bomb)
        path = directory / f"case{n}.jsonl"
        path.write_bytes(data)
        yield what, path


# ---- commands straight into a world ---------------------------------------------------------------


def random_command(rng: random.Random) -> dict[str, Any]:
    command: dict[str, Any] = {"cmd": rng.choice(COMMAND_NAMES)}
    pool: list[Any] = [None, True, 5, -1, 2**70, 1.5, "", "N", "E", "SW", "aggressive", "upper", "player",
                       "bandit_1", [], [1, 2], ["N"], {}, deep_list(50)]
    for key in rng.sample(COMMAND_KEYS[1:], rng.randint(0, 3)):
        command[key] = rng.choice(pool)
    return command


def command_case(rng_seed: int) -> Outcome:
    """A world fed random command dicts: a refused one (CommandError, or the world's Rejected)
    must change nothing; nothing may raise anything else."""
    from game.sim.commands import CommandError, from_dict
    from game.sim.scenario_file import dungeon_setup
    from game.sim.world import World

    rng = random.Random(rng_seed)
    world = World(dungeon_setup(3, party=("player_fighter", "companion_spearman")), seed=3)
    refused = 0
    for _ in range(40):
        data = random_command(rng)
        before = _fingerprint(world)
        try:
            command = from_dict(data)
        except CommandError as exc:
            if not one_line(str(exc)):
                return Outcome(TRACEBACK, f"a refusal of more than one line: {str(exc)[:200]!r}")
            refused += 1
            continue
        events = world.apply(command)
        if events and events[0].type == "rejected":
            refused += 1
            after = _fingerprint(world)
            if after != before:
                return Outcome(TRACEBACK, f"a rejected command changed the world: {data!r}")
    return Outcome(REFUSED if refused else ACCEPTED)


def _fingerprint(world: Any) -> tuple[object, ...]:
    s = world.state
    return (s.tick, len(world.commands), world.checksum(), repr(s.pending),
            repr(sorted((a.id, a.pos, a.alive) for a in s.actors.values())))


# ---- content files ---------------------------------------------------------------------------------


def content_cases(count: int, seed: int, directory: Path) -> Iterator[tuple[str, Path]]:
    """Copies of the shipped content, each with one file mutated."""
    from rules.content.layout import default_root

    source = Path(str(default_root()))
    rng = random.Random(seed)
    files = sorted(p.relative_to(source) for p in source.rglob("*.yaml") if "schemas" not in p.parts)
    for n in range(count):
        root = directory / f"content{n}"
        shutil.copytree(source, root, ignore=shutil.ignore_patterns("__pycache__", "schemas", "*.py"))
        relative = rng.choice(files)
        target = root / relative
        what = mutate_yaml(target, rng)
        yield f"{relative}: {what}", root


def mutate_yaml(path: Path, rng: random.Random) -> str:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    choice = rng.randrange(10)
    if choice == 0:
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.choice(b"{}[]:-&*!|>#'\"\t\x00 x9\xff")
        path.write_bytes(bytes(data))
        return "flip bytes"
    if choice == 1:
        i = rng.randrange(len(lines))
        del lines[i]
        what = f"drop line {i + 1}"
    elif choice == 2:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        what = f"duplicate line {i + 1}"
    elif choice == 3:
        depth = rng.choice([50, 1000, 5000])
        lines.append("deep: " + "[" * depth + "]" * depth + "\n")
        what = f"nest {depth} deep"
    elif choice == 4:
        lines.append("\n" + ALIAS_BOMB.replace("a:", "bomb_a:", 1))
        what = "alias bomb"
    elif choice == 5:
        i = rng.randrange(len(lines))
        lines.insert(i, "# a comment\n")
        what = f"comment at line {i + 1}"
    elif choice == 6:
        path.write_bytes(b"\xef\xbb\xbf" + text.encode())
        return "BOM"
    elif choice == 7:
        candidates = [i for i, line in enumerate(lines) if ": " in line and not line.lstrip().startswith("#")]
        i = rng.choice(candidates)
        head, _, _ = lines[i].partition(": ")
        value = rng.choice(["[]", "{}", "-5", "99999999999999999999", "yes", "null", "'x'", "*nowhere", "1.5"])
        lines[i] = f"{head}: {value}\n"
        what = f"line {i + 1} value -> {value}"
    elif choice == 8:
        candidates = [i for i, line in enumerate(lines) if "id: " in line]
        if not candidates:
            return mutate_yaml(path, rng)
        i = rng.choice(candidates)
        lines[i] = lines[i].rstrip("\n") + "_renamed\n"
        what = f"rename id at line {i + 1}"
    else:
        i = rng.randrange(len(lines))
        lines[i] = "  " + lines[i]
        what = f"indent line {i + 1}"
    path.write_text("".join(lines), encoding="utf-8")
    return what


def check_content(root: Path) -> Outcome:
    """`rules.content check` + `game.sim check` on one directory: accepted, or every error named
    with file:line:col."""
    from game.sim.scenario_file import load_world_content
    from game.sim.scripted_scenario import load_scripted, scripted_files
    from rules.content import ContentErrors, load_catalog
    from rules.content.__main__ import system_stats_errors
    from rules.dew.scenario import load as load_dew_scenario

    try:
        catalog = load_catalog(root)
        world = load_world_content(catalog, root)
        stats_errors = system_stats_errors(str(root))  # dew_stats.yaml, and dew_sequence's scenario files
        if stats_errors:
            raise ContentErrors(stats_errors)
        for dew_scenario in sorted((root / "scenarios" / "systems" / "dew_sequence").glob("*.yaml")):
            load_dew_scenario(dew_scenario)
        for scripted in scripted_files(root):  # the scripted world scenarios, as `game.sim check` loads them
            load_scripted(scripted, creatures=world.creatures, relations=world.relations)
    except ContentErrors as exc:
        for error in exc.errors:
            if not error.file or error.line is None or error.column is None:
                return Outcome(TRACEBACK, f"an error without file:line:col: {error}")
            if not one_line(str(error)):
                return Outcome(TRACEBACK, f"an error of more than one line: {str(error)[:200]!r}")
        return Outcome(REFUSED, str(exc.errors[0]))
    return Outcome(ACCEPTED)


# ---- the table --------------------------------------------------------------------------------------


def tally_runs(count: int, seed: int, directory: Path) -> Tally:
    tally = Tally()
    for what, path in run_file_cases(count, seed, directory):
        tally.add(what, run_isolated(lambda p=path: replay_cli(p)))  # type: ignore[misc]
    return tally


def tally_commands(count: int, seed: int) -> Tally:
    tally = Tally()
    for n in range(count):
        tally.add(f"world seed {seed + n}", run_isolated(lambda s=seed + n: command_case(s)))  # type: ignore[misc]
    return tally


def tally_content(count: int, seed: int, directory: Path) -> Tally:
    tally = Tally()
    for what, root in content_cases(count, seed, directory):
        tally.add(what, run_isolated(lambda r=root: check_content(r)))  # type: ignore[misc]
        shutil.rmtree(root, ignore_errors=True)
    return tally


def print_table(rows: dict[str, Tally], show: int) -> None:
    print(f"{'corpus':<24} {'tried':>6} {'accepted':>9} {'refused':>8} {'traceback':>10} {'hang':>5}")
    for name, t in rows.items():
        c = t.counts
        print(f"{name:<24} {t.tried:>6} {c[ACCEPTED]:>9} {c[REFUSED]:>8} {c[TRACEBACK]:>10} {c[HANG]:>5}")
    for name, t in rows.items():
        for kind, examples in t.examples.items():
            for example in examples[:show]:
                print(f"  {name} {kind}: {example}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the issue 17 fuzz table")
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--commands", type=int, default=40)
    parser.add_argument("--content", type=int, default=150)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--show", type=int, default=6, help="examples per failing column")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="steelstep-fuzz-") as scratch:
        directory = Path(scratch)
        rows = {
            "run files (replay CLI)": tally_runs(args.runs, args.seed, directory),
            "commands into a world": tally_commands(args.commands, args.seed),
            "content files": tally_content(args.content, args.seed, directory),
        }
    print_table(rows, args.show)
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        raise SystemExit(main())
    traceback.print_exc()
