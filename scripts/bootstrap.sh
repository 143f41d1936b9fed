# Sourced by ./play and ./test: make sure .venv exists and holds this project with its test extras.
# A second run with an unchanged pyproject.toml installs nothing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="${STEELSTEP_PYTHON:-python3}"

if ! command -v "$PY" >/dev/null 2>&1; then
    echo "Steelstep needs python3 (3.11 or newer) on PATH." >&2
    exit 2
fi
if ! "$PY" -c 'import sys; raise SystemExit(sys.version_info < (3, 11))'; then
    echo "Steelstep needs Python 3.11 or newer; $("$PY" --version 2>&1) found." >&2
    exit 2
fi

if [ ! -x "$VENV/bin/python" ]; then
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

STAMP="$VENV/.steelstep-installed"
WANT="$(cat "$ROOT/pyproject.toml" | sha256sum | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
    echo "Installing Steelstep and its dependencies into .venv (first run only, about a minute) ..." >&2
    LOG="$VENV/install.log"
    if ! { "$VENV/bin/python" -m pip install --disable-pip-version-check --upgrade pip \
           && "$VENV/bin/python" -m pip install --disable-pip-version-check -e "$ROOT[test,build]"; } >"$LOG" 2>&1; then
        tail -n 30 "$LOG" >&2
        echo "Installing the dependencies failed; the full log is in $LOG" >&2
        exit 2
    fi
    echo "$WANT" > "$STAMP"
fi
export PATH="$VENV/bin:$PATH"

# The compiled accelerator (rules/accel.py): built when missing or stale, skipped with STEELSTEP_PURE=1.
# A machine without a C compiler, or a failed build, runs the same code as pure Python.
if [ -z "${STEELSTEP_PURE:-}" ]; then
    "$VENV/bin/python" "$ROOT/packaging/accel.py" --quiet || true
fi
