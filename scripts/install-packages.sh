#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are not installed yet, non-interactively.
# As root it runs apt-get; otherwise sudo when it needs no password; otherwise it names the packages and
# fails. Used by scripts/dev.sh and benchmarks/driver/run.sh.
set -euo pipefail

missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
((${#missing[@]} == 0)) && exit 0

apt=(apt-get)
if ((EUID != 0)); then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    apt=(sudo apt-get)
  else
    echo "weft: these Debian packages are missing: ${missing[*]}" >&2
    echo "weft: run as root, or install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
echo "weft: installing ${missing[*]}"
DEBIAN_FRONTEND=noninteractive "${apt[@]}" update -q
DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -q --no-install-recommends "${missing[@]}"
