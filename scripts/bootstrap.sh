# Sourced by ./play and ./test: make sure .venv exists and holds this project (./test: with its test
# and build extras; ./play: the game's own dependencies only, so that a first start is quick).
# A second run with an unchanged pyproject.toml installs nothing.
# The compiled accelerator never delays ./play: it is built in the background when due (and possible)
# and used from the next start; ./test builds it in the foreground. See packaging/accel.py.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="${STEELSTEP_PYTHON:-python3}"

# (checked only when the virtual environment is made: every later start skips the extra interpreter)
if [ ! -x "$VENV/bin/python" ]; then
    if ! command -v "$PY" >/dev/null 2>&1; then
        echo "Steelstep needs python3 (3.11 or newer) on PATH." >&2
        exit 2
    fi
    if ! "$PY" -c 'import sys; raise SystemExit(sys.version_info < (3, 11))'; then
        echo "Steelstep needs Python 3.11 or newer; $("$PY" --version 2>&1) found." >&2
        exit 2
    fi
    echo "Creating the virtual environment in .venv ..." >&2
    if ! "$PY" -m venv "$VENV" 2>/dev/null; then
        rm -rf "$VENV"
        if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
            echo "python3 -m venv failed; installing Debian's python3-venv ..." >&2
            apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
            "$PY" -m venv "$VENV"
        else
            echo "python3 -m venv failed. On Debian/Ubuntu run: sudo apt-get install python3-venv" >&2
            exit 2
        fi
    fi
fi

# ./test needs the test and build extras; ./play (anything else) only the game's dependencies.
case "$(basename "$0")" in
    test) EXTRAS="[test,build]"; ACCEL_MODE="foreground" ;;
    *)    EXTRAS="";             ACCEL_MODE="background" ;;
esac
STAMP="$VENV/.steelstep-installed"
WANT="$(sha256sum < "$ROOT/pyproject.toml" | cut -d' ' -f1)"
HAVE="$(cat "$STAMP" 2>/dev/null || true)"
# the stamp is "<hash of pyproject.toml> <extras installed>"; the full install serves both scripts
# (a bare hash is the stamp of a full install by an older bootstrap)
if [ "$HAVE" != "$WANT" ] && [ "$HAVE" != "$WANT [test,build]" ] && [ "$HAVE" != "$WANT $EXTRAS" ]; then
    if [ -z "$EXTRAS" ]; then
        echo "Installing the game's dependencies into .venv (first start only, under a minute) ..." >&2
    else
        echo "Installing Steelstep with its test and build tools into .venv (first run only, a few minutes) ..." >&2
    fi
    LOG="$VENV/install.log"
    if ! "$VENV/bin/python" -m pip install --disable-pip-version-check -e "$ROOT$EXTRAS" >"$LOG" 2>&1; then
        tail -n 30 "$LOG" >&2
        echo "Installing the dependencies failed; the full log is in $LOG" >&2
        exit 2
    fi
    echo "$WANT $EXTRAS" > "$STAMP"
fi
export PATH="$VENV/bin:$PATH"

# The compiled accelerator (rules/accel.py), skipped with STEELSTEP_PURE=1. ./play never waits for it:
# when it is missing or stale and can be built (a C compiler, Python's headers and mypyc, which comes
# with ./test's tools), it is compiled in the background and used from the next start. Even the check
# (a Python start and a hash of the sources, ~0.1 s) runs beside the game at low priority, not before it
# (issue 17: a later start shows the title within 2 s). ./test builds it in the foreground. A machine
# without a compiler, or a failed build, runs the same code as pure Python.
if [ -z "${STEELSTEP_PURE:-}" ]; then
    if [ "$ACCEL_MODE" = "foreground" ]; then
        "$VENV/bin/python" "$ROOT/packaging/accel.py" --quiet || true
    else  # (in a subshell that returns at once: the game, which ./play execs next, is not its parent)
        NICE=""; command -v nice >/dev/null 2>&1 && NICE="nice -n 10"
        ( $NICE "$VENV/bin/python" "$ROOT/packaging/accel.py" --background </dev/null & ) || true
    fi
fi
