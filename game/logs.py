"""Where Steelstep keeps the player's files, logging to a rotating file, and the crash handler.

Per-user data root (platformdirs ``user_data_dir("Steelstep")``; the environment variable
``STEELSTEP_DATA_DIR`` overrides it, e.g. for tests):

- Linux: ``~/.local/share/Steelstep`` (``$XDG_DATA_HOME/Steelstep``)
- macOS: ``~/Library/Application Support/Steelstep``
- Windows: ``%LOCALAPPDATA%\\Steelstep`` (``C:\\Users\\<you>\\AppData\\Local\\Steelstep``)

with ``autosave.jsonl``, ``recordings/`` and ``logs/`` (``steelstep.log``, rotated, and the
``crash-*.txt`` reports) inside it; the layout is `game.paths`'s.

Nothing here writes to ``sys.stdout``/``sys.stderr`` unless they exist: a windowed build on Windows
(and ``pythonw``) has them set to ``None``; `setup_logging` then points them at the log instead.

`install_crash_handler` hooks ``sys.excepthook`` and ``threading.excepthook``. An uncaught exception
writes a crash report (time, version, platform, traceback, the last 200 log lines) next to the logs,
logs it, leaves the autosave alone, prints where both are if there is a stderr, and keeps the message
for the view (`crash_message`).
"""

from __future__ import annotations

import collections
import datetime as _dt
import faulthandler
import logging
import logging.handlers
import os
import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any, TextIO

from game import paths as _paths
from game.paths import APP_NAME, DATA_ENV, autosave_path, data_dir, recordings_dir

LOG_FILE_NAME = "steelstep.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
CRASH_LOG_LINES = 200

_FORMAT = "%(asctime)s %(levelname)-7s %(name)s [%(threadName)s] %(message)s"

log = logging.getLogger("steelstep")
_IMPORTED_AT = time.monotonic()  # `main` imports this module first: the fallback start of the process

AutosaveGetter = Callable[[], "os.PathLike[str] | str | None"]


# ---- places (the layout is game.paths's: it does not import arcade) -----------------------


def log_dir() -> Path:
    """``<data>/logs``: the log files and crash reports."""
    return _paths.logs_dir()


def game_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("steelstep")
    except metadata.PackageNotFoundError:
        return "unknown"


def platform_summary() -> str:
    frozen = bool(getattr(sys, "frozen", False))
    return (
        f"{platform.platform()} ({platform.machine()}), Python {platform.python_version()}, "
        f"{'frozen' if frozen else 'source'}, executable {sys.executable}"
    )


def seconds_since_start() -> float:
    """Seconds since this process began: from ``/proc`` where there is one (so the interpreter's own start,
    and with ``./play``, which ``exec``s Python, the bootstrap too, are counted), else since this module
    was imported. ``/proc`` counts in clock ticks (1/100 s)."""
    try:
        with open("/proc/self/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()  # after the command name: field 3 onwards
        with open("/proc/uptime", "rb") as fh:
            uptime = float(fh.read().split()[0])
        return max(0.0, uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK"))  # field 22: starttime
    except (OSError, ValueError, IndexError, AttributeError):
        return time.monotonic() - _IMPORTED_AT


# ---- logging -------------------------------------------------------------------------------------


class _RingHandler(logging.Handler):
    """Keeps the last lines of formatted log output in memory, for the crash report."""

    def __init__(self, lines: int = CRASH_LOG_LINES) -> None:
        super().__init__()
        self.lines: collections.deque[str] = collections.deque(maxlen=lines)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.extend(self.format(record).splitlines())
        except Exception:  # never let logging break the game
            self.handleError(record)


class _LogWriter:
    """A text stream that sends whole lines to the log: stands in for a ``None`` stdout/stderr.

    Its logger does not propagate (it has the log file's handlers itself), so a
    ``logging.StreamHandler()`` someone adds to the root logger later, which picks up this stream as
    ``sys.stderr``, cannot loop back into it; a re-entrant write is dropped all the same.
    """

    def __init__(self, logger: logging.Logger, level: int) -> None:
        self._logger = logger
        self._level = level
        self._buffer = ""
        self._busy = threading.local()
        self.encoding = "utf-8"
        self.errors = "replace"

    def _emit(self, line: str) -> None:
        if getattr(self._busy, "on", False):
            return
        self._busy.on = True
        try:
            self._logger.log(self._level, line)
        finally:
            self._busy.on = False

    def write(self, text: str) -> int:
        self._buffer += text
        while "\n" in self._buffer:
            line, self._buffer = self._buffer.split("\n", 1)
            if line.strip():
                self._emit(line)
        return len(text)

    def flush(self) -> None:
        if self._buffer.strip():
            self._emit(self._buffer)
        self._buffer = ""

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("no file descriptor: output goes to the log")


@dataclass
class _State:
    file_handler: logging.Handler | None = None
    ring: _RingHandler | None = None
    console: logging.Handler | None = None
    log_path: Path | None = None
    stderr_real: bool = True
    replaced_streams: tuple[str, ...] = ()
    fault_file: IO[str] | None = None


_state = _State()


def _usable(stream: object) -> bool:
    return stream is not None and not isinstance(stream, _LogWriter) and hasattr(stream, "write")


def setup_logging(level: int = logging.INFO, *, console: bool = False) -> Path | None:
    """Log to ``<data>/logs/steelstep.log`` (rotating) and keep the last lines in memory.

    ``console`` also logs to stderr, when there is one. A ``None`` stdout/stderr is replaced by a
    stream into the log. Returns the log file path, or None if the file could not be opened (the
    game still runs). Calling it again replaces the earlier setup.
    """
    shutdown_logging()
    root = logging.getLogger()
    root.setLevel(level)
    formatter = logging.Formatter(_FORMAT)

    ring = _RingHandler()
    ring.setFormatter(formatter)
    root.addHandler(ring)
    _state.ring = ring

    path: Path | None
    try:
        path = log_dir() / LOG_FILE_NAME
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
        handler.setFormatter(formatter)
        root.addHandler(handler)
        _state.file_handler = handler
    except OSError:
        path = None
    _state.log_path = path

    _state.stderr_real = _usable(sys.stderr)
    replaced = []
    for name, level in (("stdout", logging.INFO), ("stderr", logging.WARNING)):
        if getattr(sys, name) is None:
            output = logging.getLogger(f"steelstep.{name}")
            output.propagate = False
            for target in (ring, _state.file_handler):
                if target is not None:
                    output.addHandler(target)
            setattr(sys, name, _LogWriter(output, level))
            replaced.append(name)
    _state.replaced_streams = tuple(replaced)

    if console and _state.stderr_real:
        stream_handler = logging.StreamHandler(sys.stderr)
        stream_handler.setFormatter(formatter)
        root.addHandler(stream_handler)
        _state.console = stream_handler

    logging.captureWarnings(True)
    _enable_faulthandler()
    log.info("Steelstep %s starting: %s", game_version(), platform_summary())
    log.info("log file %s", path or "unavailable (logging to memory only)")
    return path


def _enable_faulthandler() -> None:
    """Hard crashes (e.g. in a GL driver) dump the Python stacks into ``logs/faults.log``."""
    if faulthandler.is_enabled():  # e.g. under pytest: leave it where it is
        return
    try:
        directory = log_dir()
        directory.mkdir(parents=True, exist_ok=True)
        _state.fault_file = open(directory / "faults.log", "a", encoding="utf-8")  # noqa: SIM115 - kept open
        faulthandler.enable(file=_state.fault_file)
    except (OSError, RuntimeError, ValueError):
        _state.fault_file = None


def shutdown_logging() -> None:
    """Undo `setup_logging`: remove its handlers, close the file, restore replaced streams."""
    global _state
    root = logging.getLogger()
    for handler in (_state.file_handler, _state.ring, _state.console):
        if handler is not None:
            root.removeHandler(handler)
            handler.close()
    for name in _state.replaced_streams:
        if isinstance(getattr(sys, name), _LogWriter):
            setattr(sys, name, None)
        output = logging.getLogger(f"steelstep.{name}")
        for handler in list(output.handlers):
            output.removeHandler(handler)
    if _state.fault_file is not None:
        faulthandler.disable()
        _state.fault_file.close()
    logging.captureWarnings(False)
    _state = _State()


def log_file() -> Path | None:
    """The current log file, if logging to a file."""
    return _state.log_path


def recent_log_lines(count: int = CRASH_LOG_LINES) -> list[str]:
    """The last ``count`` log lines: from memory, or from the log file if logging was not set up."""
    if _state.ring is not None:
        return list(_state.ring.lines)[-count:]
    try:
        with (log_dir() / LOG_FILE_NAME).open(encoding="utf-8", errors="replace") as handle:
            return [line.rstrip("\n") for line in collections.deque(handle, maxlen=count)]
    except OSError:
        return []


def _stderr() -> TextIO | None:
    """The real stderr, or None (windowed builds, pythonw)."""
    stream = sys.stderr
    return stream if _usable(stream) else None


# ---- crashes -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CrashReport:
    report: Path | None
    log: Path | None
    autosave: Path | None
    message: str


_crash_lock = threading.Lock()
_autosave_getter: AutosaveGetter | None = None
_previous_hooks: tuple[Any, Any] | None = None
_last_crash: CrashReport | None = None


def install_crash_handler(autosave_path_getter: AutosaveGetter | None = None) -> None:
    """Hook uncaught exceptions (main thread and other threads) to write a crash report.

    ``autosave_path_getter`` returns the current autosave path (or None); it is only read, never
    written. Calling this again just replaces the getter.
    """
    global _autosave_getter, _previous_hooks
    _autosave_getter = autosave_path_getter
    if _previous_hooks is None:
        _previous_hooks = (sys.excepthook, threading.excepthook)
        sys.excepthook = _sys_hook
        threading.excepthook = _thread_hook


def uninstall_crash_handler() -> None:
    global _autosave_getter, _previous_hooks, _last_crash
    if _previous_hooks is not None:
        sys.excepthook, threading.excepthook = _previous_hooks
    _previous_hooks = None
    _autosave_getter = None
    _last_crash = None


def crash_message() -> str | None:
    """The text to show the player after a crash (None if there was none)."""
    return _last_crash.message if _last_crash is not None else None


def last_crash() -> CrashReport | None:
    return _last_crash


def _sys_hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt | SystemExit):
        previous = _previous_hooks[0] if _previous_hooks else sys.__excepthook__
        previous(exc_type, exc, tb)
        return
    handle_crash(exc_type, exc, tb, thread_name=threading.current_thread().name)


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit or args.exc_value is None:
        return
    name = args.thread.name if args.thread is not None else "unknown thread"
    handle_crash(args.exc_type, args.exc_value, args.exc_traceback, thread_name=name)


def _current_autosave() -> Path | None:
    getter = _autosave_getter
    if getter is None:
        return None
    try:
        value = getter()
    except Exception:
        log.exception("the autosave path getter failed")
        return None
    return Path(value) if value is not None else None


def handle_crash(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    thread_name: str = "MainThread",
) -> CrashReport:
    """Write the crash report, log it, print where it is (if there is a stderr) and remember it."""
    global _last_crash
    with _crash_lock:
        text_tb = "".join(traceback.format_exception(exc_type, exc, tb))
        autosave = _current_autosave()
        log.critical("uncaught exception in %s\n%s", thread_name, text_tb.rstrip())
        report: Path | None
        try:
            report = write_crash_report(text_tb, thread_name=thread_name, autosave=autosave)
        except OSError:
            report = None
        message = _message(report, _state.log_path, autosave, exc)
        if report is not None:
            log.critical("crash report written to %s", report)
        _last_crash = CrashReport(report=report, log=_state.log_path, autosave=autosave, message=message)
        stream = _stderr()
        if stream is not None:
            try:
                stream.write(text_tb + "\n" + message + "\n")
                stream.flush()
            except (OSError, ValueError):
                pass
        return _last_crash


def write_crash_report(traceback_text: str, *, thread_name: str, autosave: Path | None) -> Path:
    """Write ``<data>/logs/crash-<time>.txt`` and return its path."""
    now = _dt.datetime.now().astimezone()
    directory = log_dir()
    directory.mkdir(parents=True, exist_ok=True)
    stem = f"crash-{now:%Y%m%d-%H%M%S}"
    path = directory / f"{stem}.txt"
    counter = 1
    while path.exists():
        path = directory / f"{stem}-{counter}.txt"
        counter += 1
    lines = recent_log_lines()
    body = [
        "Steelstep crash report",
        f"time: {now.isoformat(timespec='seconds')}",
        f"version: {game_version()}",
        f"platform: {platform_summary()}",
        f"thread: {thread_name}",
        f"autosave: {_describe_autosave(autosave)}",
        f"log: {_state.log_path or 'none'}",
        "",
        "traceback:",
        traceback_text.rstrip(),
        "",
        f"last {len(lines)} log lines:",
        *lines,
        "",
    ]
    with path.open("x", encoding="utf-8", errors="replace") as handle:
        handle.write("\n".join(body))
    return path


SEEN_MARKER = "crash-seen"


def unseen_crash_report() -> Path | None:
    """The newest crash report the player has not been told about yet (at start, a windowed build
    has no console: the title screen shows this), or None."""
    directory = log_dir()
    try:
        reports = sorted(directory.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return None
    if not reports:
        return None
    marker = directory / SEEN_MARKER
    newest = reports[-1]
    try:
        if marker.exists() and marker.stat().st_mtime >= newest.stat().st_mtime:
            return None
    except OSError:
        return None
    return newest


def mark_crash_seen() -> None:
    marker = log_dir() / SEEN_MARKER
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text("the player has been told about the crash reports up to this file's time\n")
    except OSError:
        pass


def _describe_autosave(autosave: Path | None) -> str:
    if autosave is None:
        return "none"
    try:
        size = autosave.stat().st_size
    except OSError:
        return f"{autosave} (not found)"
    return f"{autosave} ({size} bytes, left untouched)"


def _message(report: Path | None, log_path: Path | None, autosave: Path | None, exc: BaseException) -> str:
    lines = [f"Steelstep crashed: {type(exc).__name__}: {exc}"]
    if report is not None:
        lines.append(f"Crash report: {report}")
    else:
        lines.append("The crash report could not be written.")
    if log_path is not None:
        lines.append(f"Log: {log_path}")
    if autosave is not None and autosave.exists():
        lines.append(f"Your autosave is untouched: {autosave}")
    lines.append("Please send the crash report, the log and your recording with the bug report.")
    return "\n".join(lines)


__all__ = [
    "APP_NAME",
    "DATA_ENV",
    "CrashReport",
    "autosave_path",
    "crash_message",
    "data_dir",
    "handle_crash",
    "install_crash_handler",
    "last_crash",
    "log_dir",
    "log_file",
    "recent_log_lines",
    "recordings_dir",
    "setup_logging",
    "shutdown_logging",
    "uninstall_crash_handler",
]
