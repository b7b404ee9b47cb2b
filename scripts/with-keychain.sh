#!/usr/bin/env bash
# Runs a command inside a throwaway D-Bus session with an unlocked gnome-keyring, so keytar talks to
# a real Secret Service without touching the user's own keychain. Used by `npm test`.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
export GATEWAY_CONSOLE_KEYCHAIN_SESSION=1
dbus-run-session -- bash -c 'printf "throwaway" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' _ "$@"
