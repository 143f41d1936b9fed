#!/usr/bin/env bash
# Install a built Steelstep folder for the current user, with a menu entry and an icon.
#
#   install.sh [--from DIR] [--to DIR]     install (or update)
#   install.sh [--to DIR] --uninstall      remove the game, menu entry and icon (saves stay)
#
# --from  the built folder (default: this script's folder if it holds the game, as in the tester zip,
#         else <repo>/dist/steelstep)
# --to    where the game goes (default: ${XDG_DATA_HOME:-~/.local/share}/steelstep); if it is the
#         --from folder itself, the game is used where it is.
# Writes ${XDG_DATA_HOME:-~/.local/share}/applications/steelstep.desktop (absolute Exec/Icon) and
# .../icons/hicolor/256x256/apps/steelstep.png. Saves, recordings and logs are elsewhere
# (~/.local/share/Steelstep) and are never touched.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SHARE="${XDG_DATA_HOME:-$HOME/.local/share}"
FROM=""
TO="$SHARE/steelstep"
UNINSTALL=0

while [ $# -gt 0 ]; do
    case "$1" in
        --from) FROM="${2:?--from needs a folder}"; shift 2 ;;
        --to) TO="${2:?--to needs a folder}"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

APPS="$SHARE/applications"
ICONS="$SHARE/icons/hicolor"
DESKTOP="$APPS/steelstep.desktop"
ICON="$ICONS/256x256/apps/steelstep.png"

is_game_dir() { [ -x "$1/steelstep" ] && [ -d "$1/_internal" ]; }

refresh_caches() {
    if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q "$APPS" 2>/dev/null || true; fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t "$ICONS" 2>/dev/null || true; fi
}

mkdir -p "$(dirname "$TO")"
TO="$(cd "$(dirname "$TO")" && pwd)/$(basename "$TO")"

if [ "$UNINSTALL" = 1 ]; then
    rm -f "$DESKTOP" "$ICON"
    if [ -e "$TO" ]; then
        if is_game_dir "$TO"; then rm -rf "$TO"; else echo "Not removing $TO: it does not look like a Steelstep folder." >&2; fi
    fi
    refresh_caches
    echo "Steelstep removed. Your saves, recordings and logs in $SHARE/Steelstep were kept."
    exit 0
fi

if [ -z "$FROM" ]; then
    if is_game_dir "$HERE"; then FROM="$HERE"; else FROM="$HERE/../../dist/steelstep"; fi
fi
if ! is_game_dir "$FROM"; then
    echo "No built game in $FROM (expected $FROM/steelstep and $FROM/_internal). Build it: python packaging/build.py" >&2
    exit 1
fi
FROM="$(cd "$FROM" && pwd)"
TEMPLATE="$FROM/steelstep.desktop"
[ -f "$TEMPLATE" ] || TEMPLATE="$HERE/steelstep.desktop"
PNG="$FROM/_internal/assets/images/icon.png"
[ -f "$TEMPLATE" ] || { echo "Missing the desktop entry template steelstep.desktop" >&2; exit 1; }
[ -f "$PNG" ] || { echo "Missing the icon $PNG" >&2; exit 1; }

case "$TO" in
    *[\"\`\$\\%]*|*$'\n'*) echo "Please choose an install folder without \" \` \$ \\ % or newlines: $TO" >&2; exit 2 ;;
esac

if [ "$TO" != "$FROM" ]; then
    if [ -e "$TO" ] && ! is_game_dir "$TO"; then
        echo "$TO exists and is not a Steelstep folder; not overwriting it." >&2
        exit 1
    fi
    STAGE="$TO.new.$$"
    rm -rf "$STAGE"
    cp -a "$FROM" "$STAGE"
    rm -rf "$TO"
    mv "$STAGE" "$TO"
fi

mkdir -p "$APPS" "$(dirname "$ICON")"
install -m 644 "$PNG" "$ICON"
ENTRY="$(cat "$TEMPLATE")"
ENTRY="${ENTRY//@APPDIR@/"$TO"}"
ENTRY="${ENTRY//@ICON@/"$ICON"}"
printf '%s\n' "$ENTRY" > "$DESKTOP.tmp"
chmod 755 "$DESKTOP.tmp"
mv "$DESKTOP.tmp" "$DESKTOP"

if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$DESKTOP" || echo "warning: desktop-file-validate complained about $DESKTOP" >&2
fi
refresh_caches

echo "Installed Steelstep in $TO"
echo "Menu entry: $DESKTOP"
echo "Start it from your applications menu or with: \"$TO/steelstep\""
