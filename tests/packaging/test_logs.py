"""game.logs: the rotating log file in the data dir, None stdout/stderr, and the crash handler."""

from __future__ import annotations

import logging
import logging.handlers
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import logs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private data dir; the hooks and logging setup are undone afterwards."""
    root = tmp_path / "data"
    monkeypatch.setenv("STEELSTEP_DATA_DIR", str(root))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    level = logging.getLogger().level
    yield root
    logs.uninstall_crash_handler()
    logs.shutdown_logging()
    logging.getLogger().setLevel(level)


def _autosave(root: Path) -> tuple[Path, bytes, int]:
    path = logs.autosave_path()
    assert path.parent == root
    content = b'{"header": {"seed": 7}}\n{"tick": 1, "command": {"type": "wait"}}\n'
    path.write_bytes(content)
    return path, content, path.stat().st_mtime_ns


def _crash_reports(root: Path) -> list[Path]:
    return sorted((root / "logs").glob("crash-*.txt"))


def _raise_in_game_code() -> None:
    raise ValueError("the goblin divided by zero")


def test_setup_logging_writes_a_rotating_log_in_the_data_dir(data: Path) -> None:
    path = logs.setup_logging()
    assert path == data / "logs" / "steelstep.log"
    logging.getLogger("steelstep.test").warning("hello from the test")
    text = path.read_text(encoding="utf-8")
    assert "starting" in text and "hello from the test" in text
    handlers = [h for h in logging.getLogger().handlers if isinstance(h, logging.handlers.RotatingFileHandler)]
    assert len(handlers) == 1 and handlers[0].maxBytes == logs.LOG_MAX_BYTES
    assert logs.setup_logging() == path  # a second setup replaces the first: still one file handler
    handlers = [h for h in logging.getLogger().handlers if isinstance(h, logging.handlers.RotatingFileHandler)]
    assert len(handlers) == 1


def test_uncaught_exception_writes_a_report_and_leaves_the_autosave_alone(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs.setup_logging()
    autosave, content, mtime = _autosave(data)
    logs.install_crash_handler(lambda: autosave)
    chatter = logging.getLogger("steelstep.test")
    for i in range(250):
        chatter.info("line %03d", i)

    try:
        _raise_in_game_code()
    except ValueError:
        sys.excepthook(*sys.exc_info())

    (report,) = _crash_reports(data)
    text = report.read_text(encoding="utf-8")
    assert text.startswith("Steelstep crash report\ntime: ")
    assert f"version: {logs.game_version()}" in text
    assert "platform: " in text and "Python" in text
    assert "thread: MainThread" in text
    assert "_raise_in_game_code" in text and "ValueError: the goblin divided by zero" in text
    assert f"autosave: {autosave} ({len(content)} bytes, left untouched)" in text
    # the last 200 log lines only: the early chatter is gone, the late one is there
    tail = text.split("last 200 log lines:\n", 1)[1].splitlines()
    assert len(tail) == 200
    assert "line 249" in text and "line 000" not in text

    assert autosave.read_bytes() == content and autosave.stat().st_mtime_ns == mtime
    message = logs.crash_message()
    assert message is not None
    assert str(report) in message and str(autosave) in message and str(data / "logs" / "steelstep.log") in message
    err = capsys.readouterr().err
    assert "ValueError: the goblin divided by zero" in err and str(report) in err
    crash = logs.last_crash()
    assert crash is not None and crash.report == report and crash.autosave == autosave
    assert "crash report written to" in (data / "logs" / "steelstep.log").read_text(encoding="utf-8")


def test_exception_in_a_thread_is_reported(data: Path) -> None:
    logs.setup_logging()
    logs.install_crash_handler(None)
    thread = threading.Thread(target=_raise_in_game_code, name="loader")
    thread.start()
    thread.join()
    (report,) = _crash_reports(data)
    text = report.read_text(encoding="utf-8")
    assert "thread: loader" in text and "the goblin divided by zero" in text
    assert "autosave: none" in text


def test_keyboard_interrupt_goes_to_the_previous_hook(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda t, v, tb: seen.append(t))
    logs.install_crash_handler(None)
    sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)
    assert seen == [KeyboardInterrupt] and _crash_reports(data) == []
    logs.uninstall_crash_handler()
    assert sys.excepthook is not logs._sys_hook


def test_no_stdout_or_stderr_like_a_windowed_build(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    path = logs.setup_logging(console=True)  # console=True must not create a handler on a None stderr
    assert path is not None
    print("SMOKE OK from a windowed build")  # goes to the log instead of nowhere
    sys.stderr.write("a library complains\n")
    logs.install_crash_handler(logs.autosave_path)
    try:
        _raise_in_game_code()
    except ValueError:
        sys.excepthook(*sys.exc_info())
    text = path.read_text(encoding="utf-8")
    assert "SMOKE OK from a windowed build" in text and "a library complains" in text
    assert len(_crash_reports(data)) == 1
    # the traceback went to the report and the log, never to the stand-in stderr
    assert "Steelstep crashed: ValueError" in (logs.crash_message() or "")
    logs.shutdown_logging()
    assert sys.stdout is None and sys.stderr is None


def test_a_later_stream_handler_on_the_stand_in_stderr_does_not_loop(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`logging.StreamHandler()` added after setup picks up the stand-in stderr: no endless recursion."""
    monkeypatch.setattr(sys, "stderr", None)
    path = logs.setup_logging()
    assert path is not None
    console = logging.StreamHandler()  # stream = the stand-in sys.stderr
    logging.getLogger().addHandler(console)
    try:
        logging.getLogger("steelstep.test").warning("careful now")
    finally:
        logging.getLogger().removeHandler(console)
    assert path.read_text(encoding="utf-8").count("careful now") == 2  # the record, and its echo on "stderr"


def test_unusable_data_dir_does_not_stop_the_game(data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("STEELSTEP_DATA_DIR", str(blocker))
    assert logs.setup_logging() is None
    logs.install_crash_handler(None)
    try:
        _raise_in_game_code()
    except ValueError:
        report = logs.handle_crash(*sys.exc_info())
    assert report.report is None
    assert "could not be written" in report.message


def test_a_real_process_crash(tmp_path: Path) -> None:
    """The whole path as the game uses it: setup, install, an uncaught exception, exit status 1."""
    env = {**os.environ, "STEELSTEP_DATA_DIR": str(tmp_path)}
    code = (
        "from game import logs\n"
        "logs.setup_logging()\n"
        "logs.install_crash_handler(logs.autosave_path)\n"
        "logs.autosave_path().write_text('{}\\n')\n"
        "raise RuntimeError('kaboom')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    (report,) = sorted((tmp_path / "logs").glob("crash-*.txt"))
    assert "RuntimeError: kaboom" in report.read_text(encoding="utf-8")
    assert f"Crash report: {report}" in done.stderr
    assert f"Your autosave is untouched: {tmp_path / 'autosave.jsonl'}" in done.stderr
    assert (tmp_path / "autosave.jsonl").read_text() == "{}\n"


def test_the_next_start_is_told_about_an_unseen_crash_once(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game import logs

    monkeypatch.setenv("STEELSTEP_DATA_DIR", str(tmp_path))
    assert logs.unseen_crash_report() is None
    report = logs.write_crash_report("Traceback: boom", thread_name="MainThread", autosave=None)
    assert logs.unseen_crash_report() == report
    logs.mark_crash_seen()
    assert logs.unseen_crash_report() is None
