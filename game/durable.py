"""Making a file's rename durable: the one helper every temp-file-fsync-rename rewrite of the game uses
(run files, autosaves, archived recordings, settings)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def fsync_directory(directory: Path) -> None:
    """Make a rename inside `directory` durable (POSIX); a no-op where a directory cannot be opened
    (Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
