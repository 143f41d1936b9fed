#!/usr/bin/env bash
# How long a fresh clone takes to its title window, then three later starts (issue 17, item 9).
#   scripts/measure_first_start.sh [REPO] [SCRATCH_DIR] [DISPLAY_NUMBER]
# Needs Xvfb and xdotool (apt-get install xvfb xdotool). Clones REPO (default: this checkout) into
# SCRATCH_DIR (default /tmp/steelstep-first-start, deleted first), times the setup that ./play does
# (virtual environment + pip) and then ./play to the moment its window exists, three times.
# PYTHONDONTWRITEBYTECODE is unset, as on a player's machine (with it, every start compiles the game).
set -u
SRC="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
DIR="${2:-/tmp/steelstep-first-start}"
D="${3:-77}"
rm -rf "$DIR" "$DIR-data"
git clone -q "$SRC" "$DIR"
Xvfb ":$D" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & XV=$!
sleep 1
unset ARCADE_HEADLESS STEELSTEP_PURE VIRTUAL_ENV PYTHONDONTWRITEBYTECODE
PATH="$(echo "$PATH" | tr ':' '\n' | grep -v '/.venv/bin' | paste -sd:)"
export PATH
cd "$DIR" || exit 2
t0=$(date +%s.%N)
bash -c 'source scripts/bootstrap.sh' 2>/dev/null
t1=$(date +%s.%N)
echo "setup (venv + pip): $(echo "$t1 - $t0" | bc) s"
for run in first second third; do
    start=$(date +%s.%N)
    DISPLAY=":$D" STEELSTEP_DATA_DIR="$DIR-data" ARCADE_SOUND_BACKENDS=silent ./play >"$DIR-$run.log" 2>&1 & P=$!
    found=""
    for _ in $(seq 1 6000); do
        if DISPLAY=":$D" xdotool search --name 'Steelstep' >/dev/null 2>&1; then found=1; break; fi
        if ! kill -0 "$P" 2>/dev/null; then break; fi
        sleep 0.05
    done
    end=$(date +%s.%N)
    echo "$run start of the game: window ${found:+shown}${found:-never shown} after $(echo "$end - $start" | bc) s"
    sleep 3
    kill "$P" 2>/dev/null; sleep 2; kill -9 "$P" 2>/dev/null
done
kill "$XV"
