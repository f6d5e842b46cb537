#!/usr/bin/env bash
# Bocage quick start, for a fresh Debian bookworm machine (README: Quick start).
#   scripts/quickstart.sh render   install what is missing, build in Release, install into ~/.local
#                                  (PREFIX=... for another prefix), render every game into output/
#   scripts/quickstart.sh test     install what is missing, build with sanitizers, run the whole test suite
# Both are non-interactive and idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  g++ cmake make pkg-config
  libcairo2-dev libpango1.0-dev libharfbuzz-dev libfontconfig-dev librsvg2-dev
  libtomlplusplus-dev libcli11-dev libicu-dev libedit-dev zlib1g-dev
  catch2 libpoppler-cpp-dev libqpdf-dev
  fonts-morisawa-bizud-gothic fonts-morisawa-bizud-mincho fontconfig
  fonts-dejavu-core  # the tests' "other installed font" (tests/font_machines.h)
)

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Installing: ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

jobs=$(nproc 2>/dev/null || echo 2)

case "${1:-}" in
  render)
    install_missing
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBOCAGE_TESTS=OFF
    cmake --build build -j"$jobs"
    prefix=${PREFIX:-$HOME/.local}
    cmake --install build --prefix "$prefix"
    "$prefix/bin/bocage-gen" build --all --out output
    case ":$PATH:" in
      *":$prefix/bin:"*) ;;
      *) echo "bocage-gen and bocage-play are in $prefix/bin: add it to your PATH (export PATH=\"$prefix/bin:\$PATH\")" ;;
    esac
    ;;
  test)
    install_missing
    cmake -S . -B build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBOCAGE_TESTS=ON -DBOCAGE_SANITIZE=ON
    cmake --build build-test -j"$jobs"
    ctest --test-dir build-test --output-on-failure -j"$jobs"
    ;;
  *)
    echo "usage: $0 render|test" >&2
    exit 2
    ;;
esac
